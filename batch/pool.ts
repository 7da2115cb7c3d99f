/**
 * The local worker pool: Deno Workers (threads), each with its own store connection, each
 * running one job at a time with {@link executeJob}. A job past its time limit, or a thread
 * that crashes, fails that row only: the thread is terminated, the row is written as failed
 * with the reason, and a fresh thread takes the next job. `threshold worker` runs queued jobs
 * on the same threads, so a hung tool cannot hang a queue worker either.
 */
import type { BatchRow, Store } from "../core/store.ts";
import { failedRow } from "./execute.ts";
import type { BatchJob } from "./jobs.ts";
import type { ThreadStats } from "./thread_stats.ts";

const THREAD = new URL("./thread.ts", import.meta.url);

/** What running one job on a thread gives. */
export interface ThreadOutcome {
  row: BatchRow;
  written: boolean;
}

/** A set of threads that run jobs. */
export interface Threads {
  /** Runs a job on the next free thread. Rejects only when `fatal: "throw"` and the store failed. */
  run(job: BatchJob, onStep?: (text: string) => void): Promise<ThreadOutcome>;
  /** Each thread's figures (with `stats: true`; undefined for a thread that gives none). */
  stats(): Promise<(ThreadStats | undefined)[]>;
  /** Terminates every thread (jobs in flight are abandoned: their rows are not written). */
  close(): void;
}

/** How the threads run. */
export interface ThreadOptions {
  size: number;
  /** The store's location (folder or postgres:// URL) each thread opens. */
  location: string;
  /** A tools folder other than the project's (tests). */
  tools_dir?: URL;
  /**
   * A job whose thread could not reach the store: "fail-row" writes it as failed (local
   * batches), "throw" rejects so that a queue retries it.
   */
  fatal?: "fail-row" | "throw";
  /** Threads keep figures of their time (benches: {@link ThreadStats}). */
  stats?: boolean;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
  onStats?: (s: ThreadStats | undefined) => void;
  current?: {
    job: BatchJob;
    resolve: (o: ThreadOutcome) => void;
    reject: (e: Error) => void;
    onStep?: (text: string) => void;
    timer: ReturnType<typeof setTimeout>;
    t0: number;
  };
}

/** Starts `size` threads. */
export function startThreads(store: Store, opts: ThreadOptions): Threads {
  const slots: Slot[] = [];
  const waiters: (() => void)[] = [];
  let closed = false;
  let startError: Error | undefined;

  const release = (slot: Slot) => {
    slot.busy = false;
    slot.current = undefined;
    waiters.shift()?.();
  };
  // The row of a job whose thread was lost: written here, then the slot gets a fresh thread.
  const lose = (slot: Slot, reason: string) => {
    const c = slot.current;
    if (!c) return;
    clearTimeout(c.timer);
    slot.worker.terminate();
    replace(slot);
    try {
      const row = failedRow(
        c.job,
        `${c.job.tool} ${reason}; the row failed, the batch goes on`,
        performance.now() - c.t0,
      );
      c.resolve({ row, written: store.commitBatchRow(row) });
    } catch (e) {
      c.reject(e as Error);
    }
    release(slot);
  };
  const spawn = (slot: Slot) => {
    const w = new Worker(THREAD, { type: "module" });
    slot.worker = w;
    slot.ready = new Promise<void>((ready, failed) => {
      w.onmessage = (e: MessageEvent) => {
        const msg = e.data;
        if (msg.type === "ready") return ready();
        if (msg.type === "stats") return slot.onStats?.(msg.stats);
        const c = slot.current;
        if (!c || msg.key !== c.job.key) return;
        if (msg.type === "steps") {
          for (const t of msg.texts as string[]) c.onStep?.(t);
          return;
        }
        if (msg.type === "fatal") {
          if (opts.fatal === "throw") {
            clearTimeout(c.timer);
            c.reject(new Error(msg.message));
            return release(slot);
          }
          return lose(slot, `could not run: ${msg.message}`);
        }
        clearTimeout(c.timer);
        c.resolve({ row: msg.row as BatchRow, written: msg.written as boolean });
        release(slot);
      };
      w.onerror = (e: ErrorEvent) => {
        e.preventDefault();
        if (slot.current) lose(slot, `crashed (${e.message})`);
        else {
          startError = new Error(`a batch worker thread failed to start: ${e.message}`);
          failed(startError);
        }
      };
    });
    slot.ready.catch(() => {});
    w.postMessage({
      type: "init",
      location: opts.location,
      tools_dir: opts.tools_dir?.href,
      stats: opts.stats,
    });
  };
  const replace = (slot: Slot) => {
    if (!closed) spawn(slot);
  };
  for (let i = 0; i < Math.max(1, opts.size); i++) {
    const slot = { busy: false } as Slot;
    spawn(slot);
    slots.push(slot);
  }

  return {
    async run(job, onStep) {
      for (;;) {
        if (closed) throw new Error("the batch threads are closed");
        if (startError) throw startError;
        const slot = slots.find((s) => !s.busy);
        if (slot) {
          slot.busy = true;
          try {
            await slot.ready;
          } catch (e) {
            slot.busy = false;
            throw e;
          }
          return await new Promise<ThreadOutcome>((resolve, reject) => {
            slot.current = {
              job,
              resolve,
              reject,
              onStep,
              t0: performance.now(),
              timer: setTimeout(
                () => lose(slot, `exceeded its time limit of ${job.timeout_s} s`),
                job.timeout_s * 1000,
              ),
            };
            slot.worker.postMessage({ type: "job", job, steps: onStep !== undefined });
          });
        }
        await new Promise<void>((r) => waiters.push(r));
      }
    },
    stats() {
      return Promise.all(slots.map((s) =>
        new Promise<ThreadStats | undefined>((resolve) => {
          s.onStats = resolve;
          s.worker.postMessage({ type: "stats" });
        })
      ));
    },
    close() {
      closed = true;
      for (const s of slots) {
        if (s.current) {
          clearTimeout(s.current.timer);
          s.current.reject(new Error("the batch threads were closed"));
          s.current = undefined;
        }
        s.worker.terminate();
      }
      for (const w of waiters.splice(0)) w();
    },
  };
}

/** How the pool runs. */
export interface PoolOptions {
  workers: number;
  /** The store's location (folder or postgres:// URL) each worker opens. */
  location: string;
  /** A tools folder other than the project's (tests). */
  tools_dir?: URL;
  /** Called for each finished row, in completion order. */
  onRow(row: BatchRow, written: boolean): void;
  onStep?(job: BatchJob, text: string): void;
  /** Given each thread's figures at the end (benches). */
  onStats?(stats: (ThreadStats | undefined)[]): void;
  signal?: AbortSignal;
}

/** Runs the jobs on a pool of threads; resolves when every job has a row (or on abort). */
export async function runPool(store: Store, jobs: BatchJob[], opts: PoolOptions): Promise<void> {
  if (!jobs.length) return;
  const n = Math.max(1, Math.min(opts.workers, jobs.length));
  const threads = startThreads(store, {
    size: n,
    location: opts.location,
    tools_dir: opts.tools_dir,
    stats: opts.onStats !== undefined,
  });
  const queue = jobQueue(jobs);
  const idle: (() => void)[] = [];
  let stop = false;
  const onAbort = () => {
    stop = true;
    threads.close();
    for (const w of idle.splice(0)) w();
  };
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  const lane = async () => {
    while (!stop && !queue.empty) {
      const job = queue.take();
      if (!job) {
        // Every job left waits for a re-scan's earlier scan still running.
        await new Promise<void>((r) => idle.push(r));
        continue;
      }
      let out: ThreadOutcome;
      try {
        out = await threads.run(job, opts.onStep ? (t) => opts.onStep!(job, t) : undefined);
      } catch (e) {
        if (stop) return;
        throw e;
      }
      opts.onRow(out.row, out.written);
      queue.done(job);
      for (const w of idle.splice(0)) w();
    }
  };
  try {
    await Promise.all(Array.from({ length: n }, lane));
    if (opts.onStats && !stop) opts.onStats(await threads.stats());
  } finally {
    opts.signal?.removeEventListener("abort", onAbort);
    threads.close();
  }
}

/**
 * Jobs in order, except that a re-scan's job waits until the same tool's job on the scan it
 * re-scans (when that is in the batch too) has finished, so findings carry over in order.
 */
export interface JobQueue {
  readonly empty: boolean;
  /** The next job that may start now, if any. */
  take(): BatchJob | undefined;
  done(job: BatchJob): void;
}

export function jobQueue(jobs: BatchJob[]): JobQueue {
  const pending = new Set(jobs.map((j) => `${j.scan}\0${j.tool}`));
  const taken = new Uint8Array(jobs.length);
  let head = 0;
  let left = jobs.length;
  return {
    get empty() {
      return left === 0;
    },
    take() {
      for (let i = head; i < jobs.length; i++) {
        if (taken[i]) {
          if (i === head) head++;
          continue;
        }
        const j = jobs[i];
        if (j.previous && pending.has(`${j.previous}\0${j.tool}`)) continue;
        taken[i] = 1;
        left--;
        if (i === head) head++;
        return j;
      }
      return undefined;
    },
    done(job) {
      pending.delete(`${job.scan}\0${job.tool}`);
    },
  };
}
