/**
 * `threshold batch` on one machine: resolve what to run over (scan ids, globs over stored scans,
 * folders of building files imported first with their reports kept), plan keyed jobs, skip the
 * keys already done when resuming, run the rest on the worker pool (or in this process with
 * `workers: 0`), stream rows to `--out`, and summarise. The store holds the truth: the out
 * file is rewritten from it at the end, so an interrupted run leaves no duplicate or lost rows
 * after `--resume`.
 */
import { basename, extname, join } from "node:path";
import { loadTool } from "../core/catalog.ts";
import { CancelledError, InputError } from "../ground/errors.ts";
import type { PersonaPresets } from "../core/inputs.ts";
import type { Manifest } from "../core/manifest.ts";
import type { BatchRow, Store } from "../core/store.ts";
import { getPersona } from "../presets/personas.ts";
import { executeJob } from "./execute.ts";
import { type BatchJob, type BatchSpec, globRegExp, isGlob, planJobsOf } from "./jobs.ts";
import { type BatchSummary, csvLine, jsonLine, outFormat, outText, summarize } from "./output.ts";
import {
  type FedQueue,
  fedQueue,
  jobQueue,
  type PoolOptions,
  runPool,
  startThreads,
} from "./pool.ts";
import type { Progress } from "./progress.ts";

/** What a person asks a batch to do. */
export interface BatchRequest {
  /** Scan ids, globs over stored scan ids, or folders of building files. */
  targets: string[];
  tools: string[];
  set?: Record<string, unknown>;
  persona?: string;
  timeout_s?: number;
  id?: string;
}

/** A building file that could not be imported (its rows fail with this reason). */
export interface ImportNote {
  file: string;
  scan: string;
  ok: boolean;
  warnings: number;
  /** The import's headline warnings by code (layers/headlines.ts: "no_rooms"). */
  headlines?: string[];
  reason?: string;
  /** The id the file's name gave, when another building already held it. */
  renamed_from?: string;
}

/**
 * A scan id from a file name: its stem, with characters outside `[A-Za-z0-9._-]` as `-`,
 * starting with a letter or digit, at most 64 characters (the store's scan id rule).
 */
export function scanIdFromFile(file: string): string {
  return basename(file, extname(file)).replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "").slice(0, 64).replace(/-+$/, "") || "scan";
}

/**
 * Turns targets into scan ids, importing folders' files first (each import's report is kept in
 * the store with the scan). A target that is neither a stored scan, a glob that matches, nor a
 * folder is an InputError naming it.
 */
export async function resolveTargets(
  store: Store,
  targets: string[],
): Promise<{ scans: string[]; imports: ImportNote[] }> {
  if (!targets.length) {
    throw new InputError("scans", 'give scan ids, a glob over stored scans ("*") or a folder', {
      code: "batch.no_scans",
      data: { allowed: ["scan ids", "a glob over stored scans", "a folder"] },
    });
  }
  const scans: string[] = [];
  const imports: ImportNote[] = [];
  let stored: string[] | undefined;
  const storedIds = () => (stored ??= store.listScans().map((s) => s.id));
  for (const t of targets) {
    let stat: Deno.FileInfo | undefined;
    try {
      stat = Deno.statSync(t);
    } catch { /* not a path */ }
    if (stat?.isDirectory) {
      const { importStoppable } = await import("../layers/stoppable.ts");
      const { storeScan } = await import("../layers/store_scan.ts");
      const files = [...Deno.readDirSync(t)].filter((e) => e.isFile && !e.name.startsWith("."))
        .map((e) => join(t, e.name)).sort();
      if (!files.length) {
        throw new InputError("scans", `folder ${t} holds no building files`, {
          code: "batch.empty_folder",
          data: { got: t },
        });
      }
      for (const file of files) {
        let scan = scanIdFromFile(file);
        try {
          const { loaded, report } = await importStoppable(file, { id: scan });
          // Another building under the file's name is never overwritten: a fresh id, said.
          const stored = storeScan(store, loaded, report, { onClash: "fresh" });
          scan = stored.id;
          imports.push({
            file,
            scan,
            ok: true,
            warnings: report.warnings.length,
            ...(report.headlines?.length ? { headlines: report.headlines.map((h) => h.code) } : {}),
            ...(stored.asked ? { renamed_from: stored.asked } : {}),
          });
        } catch (e) {
          imports.push({ file, scan, ok: false, warnings: 0, reason: (e as Error).message });
        }
        scans.push(scan);
      }
      stored = undefined;
    } else if (isGlob(t)) {
      const re = globRegExp(t);
      const hit = storedIds().filter((id) => re.test(id));
      if (!hit.length) {
        throw new InputError("scans", `the glob ${JSON.stringify(t)} matches no stored scan`, {
          code: "batch.glob_matches_none",
          data: { got: t },
        });
      }
      scans.push(...hit);
    } else if (store.getScan(t)) scans.push(t);
    else {
      throw new InputError(
        "scans",
        `${JSON.stringify(t)} is not a stored scan, a glob over stored scans, or a folder`,
        {
          code: "batch.unknown_target",
          data: { got: t, allowed: ["a stored scan", "a glob over stored scans", "a folder"] },
        },
      );
    }
  }
  return { scans: [...new Set(scans)], imports };
}

/** A new batch id: `batch-<UTC time>-<random>`. */
export function newBatchId(): string {
  const t = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "");
  return `batch-${t}-${crypto.getRandomValues(new Uint32Array(1))[0].toString(36)}`;
}

/** Creates and records a batch's spec from a request. */
export async function createBatch(
  store: Store,
  req: BatchRequest,
  tools_dir?: URL,
): Promise<{ spec: BatchSpec; imports: ImportNote[] }> {
  if (!req.tools.length) {
    throw new InputError("--tools", "name at least one tool (a,b,c)", { code: "batch.no_tools" });
  }
  await loadManifests(req.tools, tools_dir); // an unknown tool is an error now, not per row
  if (req.persona) getPersona(req.persona, store); // so is an unknown persona
  const { scans, imports } = await resolveTargets(store, req.targets);
  const failed = Object.fromEntries(
    imports.filter((i) => !i.ok).map((i) => [i.scan, `import of ${i.file} failed: ${i.reason}`]),
  );
  const spec: BatchSpec & { failed_imports?: Record<string, string> } = {
    id: req.id ?? newBatchId(),
    scans,
    tools: req.tools,
    set: req.set ?? {},
    ...(req.persona ? { persona: req.persona } : {}),
    timeout_s: req.timeout_s ?? 60,
    ...(Object.keys(failed).length ? { failed_imports: failed } : {}),
  };
  store.putBatch({
    id: spec.id,
    spec: spec as unknown as Record<string, unknown>,
    created_at: new Date().toISOString(),
  });
  return { spec, imports };
}

/** The spec of a recorded batch (the latest when no id is given), for `--resume`. */
export function resumeSpec(store: Store, id?: string): BatchSpec {
  const b = id ? store.getBatch(id) : store.lastBatch();
  if (!b) {
    throw new InputError(
      "--resume",
      id ? `no batch ${JSON.stringify(id)} in the store` : "there is no batch to resume",
      { code: "batch.nothing_to_resume", data: id ? { got: id } : {} },
    );
  }
  return b.spec as unknown as BatchSpec;
}

/** Loads the batch's tools (from `tools_dir` when given) by id. */
export async function loadManifests(
  ids: string[],
  tools_dir?: URL,
): Promise<Map<string, Manifest>> {
  const out = new Map<string, Manifest>();
  for (const id of ids) {
    try {
      out.set(id, tools_dir ? await loadTool(id, tools_dir) : await loadTool(id));
    } catch (e) {
      // The registry's code and data (registry.unknown_tool: got, allowed), named as --tools.
      const coded = e as { code?: string; data?: Record<string, unknown> };
      throw new InputError("--tools", (e as Error).message, {
        code: coded.code ?? "batch.bad_tool",
        data: { ...coded.data, input: "--tools" },
      });
    }
  }
  return out;
}

/** Plans a spec's jobs (with failed imports as failing rows). */
export function jobsOf(
  store: Store,
  spec: BatchSpec & { failed_imports?: Record<string, string> },
  manifests: Map<string, Manifest>,
): BatchJob[] {
  return [...jobsOfSpec(store, spec, manifests)];
}

/** {@link jobsOf} one job at a time (./jobs.ts planJobsOf). */
export function* jobsOfSpec(
  store: Store,
  spec: BatchSpec & { failed_imports?: Record<string, string> },
  manifests: Map<string, Manifest>,
): Generator<BatchJob, void, undefined> {
  const persona: PersonaPresets | undefined = spec.persona
    ? getPersona(spec.persona, store)
    : undefined;
  const failed = spec.failed_imports ?? {};
  for (const j of planJobsOf(store, spec, manifests, persona)) {
    if (failed[j.scan]) j.fails = failed[j.scan];
    yield j;
  }
}

/** Planning gives the pool what it planned, and lets its messages in, this often (ms). */
const PLAN_SLICE_MS = 10;

/**
 * The batch's jobs as they are planned: `jobs` (every one, in order) and `todo` (those not
 * done already) fill up while {@link Planning.run} gives the new ones to a queue, in slices of
 * {@link PLAN_SLICE_MS} with the event loop let in between, so that the pool's threads run the
 * first rows while the rest are planned and its messages are not held up.
 */
interface Planning {
  jobs: BatchJob[];
  todo: BatchJob[];
  /** Plans every job (at once), or gives them to `queue` as they are planned. */
  run(queue?: FedQueue, stop?: () => boolean): Promise<void>;
}

function planning(
  store: Store,
  spec: BatchSpec,
  manifests: Map<string, Manifest>,
  onSkip: () => void,
): Planning {
  const done = store.batchKeys(spec.id);
  const it = jobsOfSpec(store, spec, manifests);
  const jobs: BatchJob[] = [], todo: BatchJob[] = [];
  const plan = (j: BatchJob, queue?: FedQueue) => {
    jobs.push(j);
    if (!done.has(j.key)) return todo.push(j), true;
    queue?.skip(j);
    onSkip();
    return false;
  };
  return {
    jobs,
    todo,
    async run(queue, stop) {
      const all = () => {
        for (const j of it) plan(j);
      };
      if (!queue) return all();
      let slice: BatchJob[] = [];
      let t = performance.now();
      for (const j of it) {
        if (plan(j, queue)) slice.push(j);
        if (performance.now() - t < PLAN_SLICE_MS) continue;
        queue.push(slice);
        slice = [];
        await new Promise((r) => setTimeout(r, 0));
        // Stopped (Ctrl-C): the rest is planned at once, so that the summary counts every row.
        if (stop?.()) return all();
        t = performance.now();
      }
      queue.push(slice);
      queue.close();
    },
  };
}

/** How to run a batch locally. */
export interface RunBatchOptions {
  /** Worker threads; 0 runs every row in this process, one after another. */
  workers: number;
  /** The store's location for the workers (folder or postgres:// URL). */
  location: string;
  out?: string;
  progress?: Progress;
  tools_dir?: URL;
  signal?: AbortSignal;
  /** Given each worker thread's figures at the end (benches; not with `workers: 0`). */
  onThreadStats?: PoolOptions["onStats"];
}

/** The rows of the jobs, in job order (the latest row per key). */
export function rowsOf(store: Store, batch: string, jobs: BatchJob[]): BatchRow[] {
  const byKey = new Map(store.listBatchRows(batch).map((r) => [r.key, r]));
  return jobs.map((j) => byKey.get(j.key)).filter((r): r is BatchRow => r !== undefined);
}

/** Writes the out file from the store's rows (atomically: a temporary file, then rename). */
export function writeOut(file: string, rows: BatchRow[]): void {
  const tmp = `${file}.tmp-${Deno.pid}`;
  Deno.writeTextFileSync(tmp, outText(file, rows));
  Deno.renameSync(tmp, file);
}

/**
 * Runs a batch's remaining rows and returns the summary. Rows whose key is already in the
 * store for this batch are not run again.
 */
export async function runBatch(
  store: Store,
  spec: BatchSpec,
  opts: RunBatchOptions,
): Promise<{ summary: BatchSummary; rows: BatchRow[]; missing: number }> {
  if (opts.out) outFormat(opts.out);
  const t0 = performance.now();
  const manifests = await loadManifests(spec.tools, opts.tools_dir);
  // The worker threads start, and load the tools, while this thread plans the jobs (unless
  // the batch looks done already: a resume with nothing left starts none).
  const already = store.batchCount(spec.id);
  const left = spec.scans.length * spec.tools.length - already;
  let threads = opts.workers > 0 && left > 0
    ? startThreads(store, {
      size: Math.min(opts.workers, left),
      location: opts.location,
      tools_dir: opts.tools_dir,
      tools: spec.tools,
      checkpoints: true,
      stats: opts.onThreadStats !== undefined,
    })
    : undefined;
  let n = 0; // rows done: those done already as they are planned, and each new one
  const plans = planning(store, spec, manifests, () => n++);
  const { jobs, todo } = plans;
  // The pool's rows start while the jobs are planned, unless the out file must first be
  // written with rows already done (a resume with --out): then, as in process, all at once.
  const streamed = threads !== undefined && !(opts.out && already > 0);
  if (!streamed) {
    try {
      await plans.run();
    } catch (e) {
      threads?.close();
      throw e;
    }
  }
  // Rows already done are written first; new rows are appended as they finish.
  let append: ((r: BatchRow) => void) | undefined;
  try {
    if (opts.out) {
      const format = outFormat(opts.out);
      writeOut(opts.out, rowsOf(store, spec.id, jobs));
      const f = Deno.openSync(opts.out, { append: true });
      const enc = new TextEncoder();
      append = (r) => f.writeSync(enc.encode((format === "csv" ? csvLine(r) : jsonLine(r)) + "\n"));
      opts.signal?.addEventListener("abort", () => f.close(), { once: true });
      const close = () => f.close();
      try {
        await go();
      } finally {
        try {
          close();
        } catch { /* closed on abort */ }
      }
    } else await go();
  } finally {
    threads?.close(); // not handed to the pool: the out file could not be written
  }

  async function go(): Promise<void> {
    const onRow = (row: BatchRow) => {
      n++;
      append?.(row);
      opts.progress?.row(n, row.status, row.scan, row.tool);
    };
    if (opts.workers <= 0) {
      const cache = new Map<string, Manifest>(manifests);
      const queue = jobQueue(todo);
      let yielded = performance.now();
      for (let job = queue.take(); job; job = queue.take()) {
        // Sessions of plain-data tools never wait on I/O: let timers and signals (Ctrl-C) in.
        if (performance.now() - yielded > 50) {
          await new Promise((r) => setTimeout(r, 0));
          yielded = performance.now();
        }
        if (opts.signal?.aborted) break;
        let row: BatchRow;
        try {
          ({ row } = await executeJob(store, job, {
            manifest: (id) => Promise.resolve(cache.get(id)!),
            persona: (id) => (id ? getPersona(id, store) : undefined),
            onStep: opts.progress?.step
              ? (text) => opts.progress!.step!(job.scan, job.tool, text)
              : undefined,
            signal: opts.signal,
          }));
        } catch (e) {
          if (e instanceof CancelledError) break; // Ctrl-C: this row is left for --resume
          throw e;
        }
        onRow(row);
        queue.done(job);
      }
    } else {
      const started = threads;
      threads = undefined;
      let stopped = false;
      const queue = streamed
        ? fedQueue(spec.scans.flatMap((scan) => spec.tools.map((tool) => ({ scan, tool }))))
        : undefined;
      const planned = queue && plans.run(queue, () => stopped || opts.signal?.aborted === true);
      // A plan that fails closes the pool (the rest of its rows would never come), and throws.
      planned?.catch(() => started?.close());
      try {
        await runPool(store, queue ?? todo, {
          workers: opts.workers,
          location: opts.location,
          tools_dir: opts.tools_dir,
          onRow,
          onStep: opts.progress?.step
            ? (job, text) => opts.progress!.step!(job.scan, job.tool, text)
            : undefined,
          onStats: opts.onThreadStats,
          signal: opts.signal,
        }, started);
      } finally {
        stopped = true;
      }
      await planned;
    }
  }
  opts.progress?.end();
  const rows = rowsOf(store, spec.id, jobs);
  if (opts.out && !opts.signal?.aborted) writeOut(opts.out, rows);
  const elapsed = (performance.now() - t0) / 1000;
  return {
    summary: summarize(spec.id, rows, todo.length, elapsed),
    rows,
    missing: jobs.length - rows.length,
  };
}
