/**
 * Batches beyond one machine, on BullMQ over Redis (no queue protocol or locking of our own):
 * `threshold batch --queue redis://…` enqueues one job per (scan × tool × inputs), its BullMQ
 * job id derived from the row key so enqueueing twice adds nothing; `threshold worker --queue
 * redis://…` on any number of machines runs them with {@link executeJob}, the local pool's code
 * path, against the shared store (THRESHOLD_STORE=postgres://…). Plans are read from the store,
 * not shipped in jobs; rows are written once, keyed.
 *
 * Retries: 3 attempts with exponential backoff for a job that throws (the store unreachable,
 * a crashed handler); a job that exhausts them is copied to the dead-letter queue
 * `threshold-dead` with its reason and its row written as failed, so the batch completes. A
 * worker killed mid-job loses its lock; BullMQ's stalled check hands the job to another worker
 * (lock 5 s, checked every 1 s). Jobs run on the local pool's threads with its time limit, so a
 * hung tool fails its row. Progress: each ctx.step becomes the job's progress. SIGTERM:
 * the worker stops taking jobs, finishes the ones it holds, and exits.
 */
import { Queue, QueueEvents, Worker } from "bullmq";
import { Redis } from "ioredis";
import { createHash } from "node:crypto";
import type { Manifest } from "../core/manifest.ts";
import { loadTool } from "../core/catalog.ts";
import { InputError } from "../ground/errors.ts";
import { type Store, storeLocation } from "../core/store.ts";
import { startThreads } from "./pool.ts";
import { getPersona } from "../presets/personas.ts";
import { executeJob, failedRow } from "./execute.ts";
import type { BatchJob, BatchSpec } from "./jobs.ts";
import { type BatchSummary, summarize } from "./output.ts";
import type { Progress } from "./progress.ts";
import { jobsOf, loadManifests, rowsOf, writeOut } from "./run.ts";
import { outageWatch } from "./outage.ts";

/** The queue every batch job goes through, and where jobs that keep failing end up. */
export const QUEUE_NAME = "threshold-jobs";
export const DEAD_NAME = "threshold-dead";
/** Attempts per job before it is dead-lettered. */
export const ATTEMPTS = 3;
/** Worker lock and stalled-check timings (ms): a killed worker's job moves on in ~5 s. */
export const LOCK_MS = 5000;
export const STALLED_MS = 1000;

/** A Redis connection from a `redis://` URL, as BullMQ workers need it. */
export function redisConnection(url: string): Redis {
  if (!/^rediss?:\/\//i.test(url)) {
    throw new InputError("--queue", `expected a redis:// URL, got ${JSON.stringify(url)}`, {
      code: "batch.queue_url",
      data: { got: url, allowed: ["redis://", "rediss://"] },
    });
  }
  // maxRetriesPerRequest null: BullMQ workers require it (commands wait for a reconnect).
  const c = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: false });
  c.on("error", () => {}); // reconnects on its own; the error events would only be noise
  return c;
}

/** The BullMQ job id of a row: batch and key, hashed (no `:` allowed). */
export function queueJobId(job: Pick<BatchJob, "batch" | "key">): string {
  const b = createHash("sha256").update(job.batch).digest("hex").slice(0, 12);
  return `${b}-${job.key}`;
}

/**
 * Enqueues a batch's remaining rows and waits until every row is in the store (done by
 * workers, or failed and dead-lettered), reporting progress; writes `out` at the end.
 */
export async function runQueuedBatch(
  store: Store,
  spec: BatchSpec,
  opts: {
    url: string;
    out?: string;
    progress?: Progress;
    poll_ms?: number;
    tools_dir?: URL;
    /** One sentence per outage of the store or the queue (batch/outage.ts). */
    say?: (sentence: string) => void;
  },
): Promise<{ summary: BatchSummary; missing: number; enqueued: number }> {
  const t0 = performance.now();
  // A short outage of the store or of Redis is waited out, said once (as the workers do).
  const watch = outageWatch(opts.say ?? (() => {}));
  const db = <T>(fn: () => T) => watch.call("The store (PostgreSQL)", fn);
  const manifests = await loadManifests(spec.tools, opts.tools_dir);
  const jobs = await db(() => jobsOf(store, spec, manifests));
  const done = await db(() => store.batchKeys(spec.id));
  const todo = jobs.filter((j) => !done.has(j.key));
  const connection = redisConnection(opts.url);
  const queue = new Queue(QUEUE_NAME, { connection });
  queue.on("error", () => {}); // connection errors: ioredis reconnects by itself
  const events = opts.progress?.step
    ? new QueueEvents(QUEUE_NAME, { connection: redisConnection(opts.url) })
    : undefined;
  events?.on("error", () => {}); // connection errors: ioredis reconnects by itself
  events?.on("progress", ({ data }) => {
    const d = data as { scan?: string; tool?: string; text?: string };
    if (d && typeof d === "object" && d.text) {
      opts.progress!.step!(d.scan ?? "", d.tool ?? "", d.text);
    }
  });
  // Re-scans wait for the scan they re-scan: jobs go out in waves by that depth.
  const inTodo = new Map(todo.map((j) => [`${j.scan}\0${j.tool}`, j]));
  const depth = new Map<BatchJob, number>();
  const depthOf = (j: BatchJob): number => {
    if (depth.has(j)) return depth.get(j)!;
    depth.set(j, 0); // a cycle (should not happen) counts as no dependency
    const prev = j.previous ? inTodo.get(`${j.previous}\0${j.tool}`) : undefined;
    const d = prev ? depthOf(prev) + 1 : 0;
    depth.set(j, d);
    return d;
  };
  const waves: BatchJob[][] = [];
  for (const j of todo) (waves[depthOf(j)] ??= []).push(j);
  const want = new Set(jobs.map((j) => j.key));
  // Rows of this batch with keys outside this job list (an earlier plan of a resumed
  // batch) make the cheap count high; the keys are checked before finishing.
  const stale = [...await db(() => store.batchKeys(spec.id))].filter((k) => !want.has(k)).length;
  let seen = jobs.length - todo.length;
  let target = seen;
  try {
    for (const wave of waves) {
      for (let i = 0; i < wave.length; i += 500) {
        const batch = wave.slice(i, i + 500);
        await watch.call("The queue (Redis)", () =>
          queue.addBulk(batch.map((job) => ({
            name: job.tool,
            data: job,
            opts: {
              jobId: queueJobId(job),
              attempts: ATTEMPTS,
              backoff: { type: "exponential", delay: 500 },
              removeOnComplete: true,
              removeOnFail: 1000,
            },
          }))));
      }
      target += wave.length;
      for (;;) {
        let n = Math.min(jobs.length, await db(() => store.batchCount(spec.id)) - stale);
        if (n >= target) {
          n = 0;
          for (const k of await db(() => store.batchKeys(spec.id))) if (want.has(k)) n++;
        }
        for (; seen < n; seen++) opts.progress?.row(seen + 1, "", "", "");
        if (n >= target) break;
        await new Promise((r) => setTimeout(r, opts.poll_ms ?? 250));
      }
    }
    opts.progress?.end();
  } finally {
    await events?.close();
    await queue.close();
    connection.disconnect();
  }
  const rows = await db(() => rowsOf(store, spec.id, jobs));
  if (opts.out) writeOut(opts.out, rows);
  return {
    summary: summarize(spec.id, rows, todo.length, (performance.now() - t0) / 1000),
    missing: jobs.length - rows.length,
    enqueued: todo.length,
  };
}

/** A running queue worker. */
export interface QueueWorker {
  /** Stops taking jobs, finishes those held, closes the connections. */
  close(): Promise<void>;
  /** Resolves when the worker has closed. */
  closed: Promise<void>;
}

/** Starts a worker on the queue; SIGTERM and SIGINT close it gracefully. */
export function startWorker(
  store: Store,
  opts: {
    url: string;
    concurrency?: number;
    /** The store's location for the job threads (default: THRESHOLD_STORE or the home). */
    location?: string;
    /**
     * Run jobs on threads with a time limit, like local batches (default). `false` runs them
     * in this process on `store` (no time limit; tests that hand in a store of their own).
     */
    threads?: boolean;
    tools_dir?: URL;
    log?: (e: { type: string; text: string; [k: string]: unknown }) => void;
  },
): QueueWorker {
  const log = opts.log ?? (() => {});
  const manifests = new Map<string, Promise<Manifest>>();
  const manifest = (id: string) => {
    let m = manifests.get(id);
    if (!m) manifests.set(id, m = opts.tools_dir ? loadTool(id, opts.tools_dir) : loadTool(id));
    return m;
  };
  const threads = opts.threads === false ? undefined : startThreads(store, {
    size: opts.concurrency ?? 1,
    location: opts.location ?? storeLocation(),
    tools_dir: opts.tools_dir,
    fatal: "throw",
  });
  const connection = redisConnection(opts.url);
  const dead = new Queue(DEAD_NAME, { connection });
  dead.on("error", () => {});
  const worker = new Worker(
    QUEUE_NAME,
    async (job) => {
      const data = job.data as BatchJob;
      log({ type: "start", text: `${data.scan} ${data.tool}`, key: data.key, job: job.id });
      let lastProgress = -Infinity;
      // Each step becomes the job's progress: the first at once, then at most 4 a second
      // (a Redis round trip each).
      const onStep = (text: string) => {
        const t = performance.now();
        if (t - lastProgress < 250) return;
        lastProgress = t;
        void job.updateProgress({ scan: data.scan, tool: data.tool, text }).catch(() => {});
      };
      const { row, written } = threads
        ? await threads.run(data, onStep)
        : await executeJob(store, data, {
          manifest,
          persona: (id) => (id ? getPersona(id, store) : undefined),
          onStep,
        });
      log({
        type: "row",
        text: `${data.scan} ${data.tool}: ${row.status}`,
        written,
        key: data.key,
      });
      return { status: row.status, written };
    },
    {
      connection,
      concurrency: opts.concurrency ?? 1,
      lockDuration: LOCK_MS,
      stalledInterval: STALLED_MS,
      maxStalledCount: 2,
    },
  );
  worker.on("error", () => {}); // connection errors: ioredis reconnects
  worker.on("failed", async (job, err) => {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1) ||
      /stalled more than/i.test(err?.message ?? "");
    log({ type: "failed", text: `${job.id}: ${err?.message} (attempt ${job.attemptsMade})` });
    if (!final) return;
    const data = job.data as BatchJob;
    const reason = `failed after ${job.attemptsMade} attempt(s): ${err?.message ?? "unknown"}`;
    try {
      await dead.add(data.tool, { job: data, reason }, { jobId: String(job.id) });
      store.commitBatchRow(failedRow(data, reason));
    } catch (e) {
      log({ type: "error", text: `could not dead-letter ${job.id}: ${(e as Error).message}` });
    }
  });
  let closing: Promise<void> | undefined;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  const close = () =>
    closing ??= (async () => {
      log({ type: "closing", text: "finishing the jobs held, then stopping" });
      await worker.close();
      threads?.close();
      await dead.close();
      connection.disconnect();
      Deno.removeSignalListener("SIGTERM", onSig);
      Deno.removeSignalListener("SIGINT", onSig);
      resolveClosed();
    })();
  const onSig = () => void close();
  Deno.addSignalListener("SIGTERM", onSig);
  Deno.addSignalListener("SIGINT", onSig);
  log({ type: "ready", text: `worker ${Deno.pid} on ${QUEUE_NAME}` });
  return { close, closed };
}

/** `threshold worker`: runs until SIGTERM/SIGINT. */
export async function runWorker(
  store: Store,
  opts: Parameters<typeof startWorker>[1],
): Promise<void> {
  await startWorker(store, opts).closed;
}
