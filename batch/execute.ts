/**
 * Runs one batch job: a run session with no one to ask (an unfilled input fails the row with
 * the question's sentence), the plan read from the store (jobs carry no plans), findings synced
 * and the row with its run written once, keyed by the job's key. The same function serves the
 * local worker pool and queue workers on other machines.
 */
import { CancelledError, InputError } from "../ground/errors.ts";
import type { Manifest } from "../core/manifest.ts";
import type { PersonaPresets } from "../core/inputs.ts";
import type { ToolResult } from "../core/result.ts";
import { createSession } from "../core/session.ts";
import { judgedScope } from "../core/findings.ts";
import type { BatchRow, Store } from "../core/store.ts";
import type { BatchJob } from "./jobs.ts";
import { matchFindings } from "../engines/geometry/rescan.ts";

/** What an executor needs besides the store. */
export interface ExecuteDeps {
  manifest(tool: string): Promise<Manifest>;
  persona(id: string | undefined): PersonaPresets | undefined;
  onStep?: (text: string) => void;
  signal?: AbortSignal;
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
      duration_ms: Math.round(duration_ms * 10) / 10,
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
      duration_ms: Math.round(duration_ms * 10) / 10,
    },
    done_at: new Date().toISOString(),
  };
}

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
  const t0 = performance.now();
  const done = (row: BatchRow) => ({ row, written: store.commitBatchRow(row) });
  if (job.fails) return done(failedRow(job, job.fails));
  let m: Manifest;
  try {
    m = await deps.manifest(job.tool);
  } catch (e) {
    return done(failedRow(job, (e as Error).message));
  }
  const session = createSession(m, {
    store,
    set: job.set,
    persona: deps.persona(job.persona),
    persist: false,
    signal: deps.signal,
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
  const result = state.result;
  const run_id = batchRunId(job);
  if (result.verdict.status !== "error") {
    const rejected = store.syncFindings(
      job.scan,
      job.tool,
      result.findings,
      run_id,
      judgedScope(m, result),
    );
    if (rejected.size) {
      result.findings = result.findings.filter((f) => !rejected.has(f.id));
      result.steps.push(
        `${rejected.size} finding(s) you rejected are hidden (threshold findings --all shows them).`,
      );
    }
  }
  const rescan = job.previous && result.verdict.status !== "error"
    ? carryFindings(store, job, result)
    : undefined;
  const duration_ms = performance.now() - t0;
  const row = resultRow(job, result, run_id, duration_ms);
  if (rescan) row.row.rescan = rescan;
  const written = store.commitBatchRow(row, {
    id: run_id,
    tool: job.tool,
    scan: job.scan,
    status: result.verdict.status,
    inputs: result.inputs,
    result,
    started_at: new Date(Date.now() - duration_ms).toISOString(),
    duration_ms,
  });
  return { row, written };
}

/**
 * Carries findings over from the scan this one re-scans (engines/geometry/rescan.ts matches
 * them by kind, floor and place): a finding rejected there is rejected here too (and hidden);
 * one open there with no match here is marked resolved there. Idempotent.
 */
export function carryFindings(
  store: Store,
  job: BatchJob,
  result: ToolResult,
): { previous: string; matched: number; rejected: number; resolved: number } | undefined {
  const prevPlan = store.getScan(job.previous!)?.plan;
  const plan = store.getScan(job.scan)?.plan;
  if (!prevPlan || !plan) return undefined;
  const before = store.listFindings({ scan: job.previous!, tool: job.tool, all: true });
  const pairs = matchFindings(before, prevPlan, result.findings, plan);
  const byId = new Map(before.map((f) => [f.id, f]));
  const hidden = new Set<string>();
  for (const [a, b] of pairs) {
    const f = byId.get(a)!;
    if (f.status !== "rejected") continue;
    store.setFindingStatus(
      job.scan,
      b,
      "rejected",
      `rejected on scan ${job.previous}${f.reason ? `: ${f.reason}` : ""}`,
    );
    hidden.add(b);
  }
  const matchedPrev = new Set(pairs.map(([a]) => a));
  let resolved = 0;
  for (const f of before) {
    if (f.status === "open" && !matchedPrev.has(f.id)) {
      store.setFindingStatus(job.previous!, f.id, "resolved", `not found in re-scan ${job.scan}`);
      resolved++;
    }
  }
  if (hidden.size) {
    result.findings = result.findings.filter((f) => !hidden.has(f.id));
    result.steps.push(
      `${hidden.size} finding(s) rejected on the earlier scan ${job.previous} stay rejected here.`,
    );
  }
  if (resolved) {
    result.steps.push(`${resolved} finding(s) of the earlier scan ${job.previous} are resolved.`);
  }
  return { previous: job.previous!, matched: pairs.length, rejected: hidden.size, resolved };
}
