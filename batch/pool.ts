/**
 * The local worker pool: N Deno Workers (threads), each with its own store connection, fed one
 * job at a time. A job past its time limit, or a worker that crashes, fails that row only: the
 * worker is terminated, the row is written as failed with the reason, and a fresh worker takes
 * the next job.
 */
import type { BatchRow, Store } from "../core/store.ts";
import { failedRow } from "./execute.ts";
import type { BatchJob } from "./jobs.ts";

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
  signal?: AbortSignal;
}

const THREAD = new URL("./thread.ts", import.meta.url);

/** Runs the jobs on the pool; resolves when every job has a row (or the signal aborts). */
export function runPool(store: Store, jobs: BatchJob[], opts: PoolOptions): Promise<void> {
  const n = Math.max(1, Math.min(opts.workers, jobs.length));
  const queue = jobQueue(jobs);
  let finished = 0;
  const idle: (() => void)[] = [];
  const workers = new Set<Worker>();
  return new Promise<void>((resolve, reject) => {
    if (!jobs.length) return resolve();
    let stopped = false;
    const stopAll = () => {
      stopped = true;
      for (const w of workers) w.terminate();
      workers.clear();
    };
    opts.signal?.addEventListener("abort", () => {
      stopAll();
      resolve();
    }, { once: true });
    const complete = (job: BatchJob) => {
      queue.done(job);
      if (++finished === jobs.length) {
        stopAll();
        resolve();
      }
      // Workers waiting for a re-scan's earlier scan may go on now.
      for (const wake of idle.splice(0)) wake();
    };
    const spawn = () => {
      if (stopped || queue.empty) return;
      const w = new Worker(THREAD, { type: "module" });
      workers.add(w);
      let current: BatchJob | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const started = () => performance.now();
      let t0 = 0;
      const give = () => {
        if (stopped) return;
        if (queue.empty) {
          w.terminate();
          workers.delete(w);
          return;
        }
        const taken = queue.take();
        if (!taken) return void idle.push(give);
        current = taken;
        t0 = started();
        const job = current;
        timer = setTimeout(
          () => lose(job, `exceeded its time limit of ${job.timeout_s} s`),
          job.timeout_s * 1000,
        );
        w.postMessage({ type: "job", job });
      };
      // The row of a job whose worker was lost: written by the pool, then a fresh worker.
      const lose = (job: BatchJob, reason: string) => {
        if (current !== job || stopped) return;
        clearTimeout(timer);
        current = undefined;
        w.terminate();
        workers.delete(w);
        try {
          const row = failedRow(
            job,
            `${job.tool} ${reason}; the row failed, the batch goes on`,
            performance.now() - t0,
          );
          opts.onRow(row, store.commitBatchRow(row));
        } catch (e) {
          stopAll();
          return reject(e);
        }
        complete(job);
        spawn();
      };
      w.onmessage = (e: MessageEvent) => {
        const msg = e.data;
        if (msg.type === "ready") return give();
        if (msg.type === "step") {
          if (current && msg.key === current.key) opts.onStep?.(current, msg.text);
          return;
        }
        if (!current || msg.key !== current.key) return;
        if (msg.type === "fatal") return lose(current, `could not run: ${msg.message}`);
        clearTimeout(timer);
        const job = current;
        current = undefined;
        opts.onRow(msg.row as BatchRow, msg.written as boolean);
        complete(job);
        give();
      };
      w.onerror = (e: ErrorEvent) => {
        e.preventDefault();
        if (current) lose(current, `crashed (${e.message})`);
        else {
          w.terminate();
          workers.delete(w);
          stopAll();
          reject(new Error(`a batch worker failed to start: ${e.message}`));
        }
      };
      w.postMessage({ type: "init", location: opts.location, tools_dir: opts.tools_dir?.href });
    };
    for (let i = 0; i < n; i++) spawn();
  });
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
