/**
 * Runs one batch job: a run session with no one to ask (an unfilled input fails the row with
 * the question's sentence), the plan read from the store (jobs carry no plans), findings synced
 * and the row with its run written once, keyed by the job's key, in one write transaction
 * where the store has them ({@link executeJob}; the local pool's threads commit several jobs'
 * writes in one: {@link prepareJob}, ./thread.ts). The same function serves the local worker
 * pool and queue workers on other machines.
 */
import { CancelledError, InputError } from "../ground/errors.ts";
import type { Manifest } from "../core/manifest.ts";
import type { PersonaPresets } from "../core/inputs.ts";
import type { ToolResult } from "../core/result.ts";
import { createSession } from "../core/session.ts";
import { judgedScope } from "../core/findings.ts";
import type { BatchRow, Store } from "../core/store.ts";
import type { BatchJob } from "./jobs.ts";
import { carryFindings } from "../layers/rescan.ts";
import { RUN_IO } from "../layers/io.ts";
import { round } from "../ground/text.ts";

/** What an executor needs besides the store. */
export interface ExecuteDeps {
  manifest(tool: string): Promise<Manifest>;
  persona(id: string | undefined): PersonaPresets | undefined;
  onStep?: (text: string) => void;
  signal?: AbortSignal;
  /**
   * A flag shared with the pool (Int32Array over a SharedArrayBuffer): set when the pool gives
   * the job's thread up, and read by the engines' checkpoints, so the run stops there.
   */
  cancel_flag?: Int32Array;
}

/** The run id of a row: derived from its key, so a retried job writes the same run. */
export function batchRunId(job: Pick<BatchJob, "tool" | "key">): string {
  return `${job.tool}-b${job.key.slice(0, 20)}`;
}

/** A row that could not run: status "failed" with the reason. */
export function failedRow(job: BatchJob, reason: string, duration_ms = 0): BatchRow {
  return {
    batch: job.batch,
    key: job.key,
    scan: job.scan,
    tool: job.tool,
    status: "failed",
    row: {
      scan: job.scan,
      tool: job.tool,
      status: "failed",
      verdict: reason,
      reason,
      duration_ms: round(duration_ms, 1),
    },
    done_at: new Date().toISOString(),
  };
}

/** The row --out writes for a result: verdict, counts by status, key metrics, the run id. */
export function resultRow(
  job: BatchJob,
  result: ToolResult,
  run_id: string,
  duration_ms: number,
): BatchRow {
  const checks: Record<string, number> = { pass: 0, fail: 0, warn: 0, unknown: 0, error: 0 };
  for (const c of result.checks) checks[c.status] = (checks[c.status] ?? 0) + 1;
  const findings: Record<string, number> = { open: 0, resolved: 0, rejected: 0 };
  for (const f of result.findings) findings[f.status] = (findings[f.status] ?? 0) + 1;
  return {
    batch: job.batch,
    key: job.key,
    scan: job.scan,
    tool: job.tool,
    status: result.verdict.status,
    run_id,
    row: {
      scan: job.scan,
      tool: job.tool,
      status: result.verdict.status,
      verdict: result.verdict.text,
      checks,
      findings,
      metrics: Object.fromEntries(
        result.metrics.slice(0, 6).map((m) => [m.id, { value: m.value, unit: m.unit }]),
      ),
      run_id,
      duration_ms: round(duration_ms, 1),
    },
    done_at: new Date().toISOString(),
  };
}

/** A prepared job's write: its row (and run, and findings), once; whether this call wrote it. */
export type JobWrite = () => { row: BatchRow; written: boolean };

/**
 * Runs the job and writes its row (and run, and findings) to the store, once. Returns the row
 * and whether this call wrote it (false: another worker or an earlier try already had).
 * Throws only for what should be retried (the store unreachable) or a cancellation.
 */
export async function executeJob(
  store: Store,
  job: BatchJob,
  deps: ExecuteDeps,
): Promise<{ row: BatchRow; written: boolean }> {
  const write = await prepareJob(store, job, deps);
  return store.transaction ? store.transaction(write) : write();
}

/**
 * {@link executeJob} in two parts: runs the job's session (and makes its result's JSON) now,
 * and gives back its write, to be called inside a write transaction of the caller's — one
 * that may hold the writes of several jobs (a worker's group commit, ./thread.ts). Nothing is
 * written before the write is called; the row's duration is the job's own, up to now.
 */
export async function prepareJob(
  store: Store,
  job: BatchJob,
  deps: ExecuteDeps,
): Promise<JobWrite> {
  const t0 = performance.now();
  const done = (row: BatchRow): JobWrite => () => ({ row, written: store.commitBatchRow(row) });
  if (job.fails) return done(failedRow(job, job.fails));
  let m: Manifest;
  try {
    m = await deps.manifest(job.tool);
  } catch (e) {
    return done(failedRow(job, (e as Error).message));
  }
  const session = createSession(m, {
    ...RUN_IO,
    store,
    set: job.set,
    persona: deps.persona(job.persona),
    persist: false,
    signal: deps.signal,
    ...(deps.cancel_flag ? { cancel_flag: deps.cancel_flag } : {}),
  });
  if (deps.onStep) {
    const onStep = deps.onStep;
    session.subscribe((e) => {
      if (e.type === "step") onStep(e.text);
    });
  }
  let state;
  try {
    state = await session.run();
  } catch (e) {
    if (e instanceof CancelledError) throw e;
    if (e instanceof InputError) return done(failedRow(job, e.message, performance.now() - t0));
    throw e;
  }
  if (state.status === "needs_input") {
    const reason = `needs input: ${
      state.questions.map((q) => `${q.ask}${q.unit ? ` (${q.unit})` : ""}`).join(" ")
    } Give it with --set, a persona or a saved preference.`;
    return done(failedRow(job, reason, performance.now() - t0));
  }
  return resultWrite(store, job, m, state.result, t0);
}

/**
 * A result's write: findings, the carried-over statuses, the run and the row, for one write
 * transaction (one take of the write lock per row, or per group, so parallel workers wait for
 * each other once). The result's JSON, the largest part of the write, is made now, before the
 * lock is taken, and made again inside only when the findings change the result there.
 */
function resultWrite(
  store: Store,
  job: BatchJob,
  m: Manifest,
  result: ToolResult,
  t0: number,
): JobWrite {
  const run_id = batchRunId(job);
  let resultJson = store.transaction ? JSON.stringify(result) : undefined;
  const duration_ms = performance.now() - t0;
  const started_at = new Date(Date.now() - duration_ms).toISOString();
  return () => {
    const judged = judgedScope(m, result);
    if (result.verdict.status !== "error") {
      const rejected = store.syncFindings(job.scan, job.tool, result.findings, run_id, judged);
      if (rejected.size) {
        resultJson = undefined;
        result.findings = result.findings.filter((f) => !rejected.has(f.id));
        result.steps.push(
          `${rejected.size} finding(s) you rejected are hidden (threshold findings --all shows them).`,
        );
      }
    }
    const rescan = job.previous && result.verdict.status !== "error"
      ? carryFindings(
        store,
        { scan: job.scan, tool: job.tool, previous: job.previous },
        result,
        judged,
      )
      : undefined;
    if (rescan) resultJson = undefined;
    const row = resultRow(job, result, run_id, duration_ms);
    if (rescan) row.row.rescan = rescan;
    const written = store.commitBatchRow(row, {
      id: run_id,
      tool: job.tool,
      scan: job.scan,
      status: result.verdict.status,
      inputs: result.inputs,
      result,
      result_json: resultJson,
      started_at,
      duration_ms,
    });
    return { row, written };
  };
}
