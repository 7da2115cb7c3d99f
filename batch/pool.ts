/**
 * The local worker pool: Deno Workers (threads), each with its own store connection, each
 * running its jobs one after another with {@link executeJob}. A job past its time limit, or a
 * thread that crashes, fails that row only: the thread is terminated, the row is written as
 * failed with the reason, a fresh thread takes the jobs the lost one still held, and the
 * batch goes on. `threshold worker` runs queued jobs on the same threads (one job a thread at
 * a time), so a hung tool cannot hang a queue worker either.
 *
 * What termination cannot do: Deno stops a terminated worker only once its code returns to
 * the event loop (denoland/deno#35657; measured on Deno 2.1.4, 2.5.6 and 2.9.6). So the pool
 * first sets the thread's give-up flag, which the engines' checkpoints read (ground/budget.ts):
 * a built-in tool stops at its next one and its thread ends (tests/batch/run_test.ts checks
 * with fixtures/batch_tools/long_engine); a tool in a loop that never reaches one (hang_forever)
 * has its row failed and its thread replaced all the same, but the old thread goes on using a
 * core until the process exits. The tests run that case in a process of their own
 * (tests/batch/_hung_child.ts).
 *
 * Issue 29: {@link runPool} hands each thread a chunk of jobs and tops it up as the thread's
 * rows come back (grouped, ./thread.ts), so a thread never waits for this one between rows;
 * the time limit is watched through shared memory, not a message per job. A local batch gives
 * the pool its jobs while it plans them ({@link fedQueue}), so the first rows start at once.
 */
import type { BatchRow, Store } from "../core/store.ts";
import { failedRow } from "./execute.ts";
import type { BatchJob } from "./jobs.ts";
import type { ThreadStats } from "./thread_stats.ts";
import type { ToThread } from "./thread.ts";

const THREAD = new URL("./thread.ts", import.meta.url);
/** How often the time limits of running jobs are looked at, ms. */
const WATCH_MS = 100;
/** How often this thread checkpoints the store's write-ahead log for the threads, ms. */
const CHECKPOINT_MS = 250;
/**
 * Jobs a thread holds at most, and the count under which it is topped up: a thread reports its
 * rows a group commit at a time (./thread.ts GROUP_ROWS, 16), so after its first group it still
 * holds {@link LOW} to run while this thread sends more.
 */
const CHUNK = 48, LOW = 32;
/**
 * The shared memory of a thread's running job: its number (Int32 at 0), the pool's give-up
 * flag (Int32 at 4, read by the thread and its run's checkpoints), its start (Float64 at 8).
 */
const WATCH_BYTES = 16;

/** What running one job on a thread gives. */
export interface ThreadOutcome {
  row: BatchRow;
  written: boolean;
}

/** A set of threads that run jobs. */
export interface Threads {
  /** Runs a job on the next free thread. Rejects only when `fatal: "throw"` and the store failed. */
  run(job: BatchJob, onStep?: (text: string) => void): Promise<ThreadOutcome>;
  /**
   * Runs every job `queue` gives, in chunks per thread; `onRow` for each row as its thread
   * reports it. Resolves when the queue is empty and every row is in (or the threads close).
   */
  runAll(
    queue: JobQueue,
    onRow: (job: BatchJob, out: ThreadOutcome) => void,
    onStep?: (job: BatchJob, text: string) => void,
  ): Promise<void>;
  /** Each thread's figures (with `stats: true`; undefined for a thread that gives none). */
  stats(): Promise<(ThreadStats | undefined)[]>;
  /** Terminates every thread (jobs in flight are abandoned: their rows may not be written). */
  close(): void;
}

/** How the threads run. */
export interface ThreadOptions {
  size: number;
  /** The store's location (folder or postgres:// URL) each thread opens. */
  location: string;
  /** A tools folder other than the project's (tests). */
  tools_dir?: URL;
  /** Tools each thread loads before it is ready (so that no row pays for the cold load). */
  tools?: string[];
  /**
   * A job whose thread could not reach the store: "fail-row" writes it as failed (local
   * batches), "throw" rejects so that a queue retries it.
   */
  fatal?: "fail-row" | "throw";
  /**
   * The threads leave the checkpoints of the store's write-ahead log to this thread, which
   * makes them while {@link Threads.runAll} runs (local batches; a queue worker leaves it out).
   */
  checkpoints?: boolean;
  /** Threads keep figures of their time (benches: {@link ThreadStats}). */
  stats?: boolean;
  /** The threads' group commit limits, other than ./thread.ts's (tests). */
  group?: { rows: number; ms: number };
}

/** A job sent to a thread, until its row is in. */
interface Sent {
  n: number;
  job: BatchJob;
  onStep?: (text: string) => void;
  resolve(o: ThreadOutcome): void;
  reject(e: Error): void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  /** Rejects `ready` (the threads closed before this one was ready). */
  abandon(e: Error): void;
  /** The jobs sent and not yet reported, in the order the thread runs them. */
  sent: Map<number, Sent>;
  /** The number of the job the thread runs (0: none) and since when (./thread.ts). */
  running: Int32Array;
  givenUp: Int32Array;
  started: Float64Array;
  /** Taken by {@link Threads.run} (one job at a time). */
  busy: boolean;
  /** The thread's id (a fresh one for each thread the slot starts). */
  id: number;
  onStats?: (s: ThreadStats | undefined) => void;
}

/** What a thread's message asks of the pool besides "ready". */
interface FromThread {
  lose(s: Sent, reason: string): void;
  changed(): void;
  /** A job whose store could not be reached rejects (a queue retries it), not fails its row. */
  throws: boolean;
}

/** A thread's rows, a session's steps, a job that could not reach the store, its figures. */
// deno-lint-ignore no-explicit-any
function fromThread(slot: Slot, msg: any, h: FromThread): void {
  if (msg.type === "stats") return slot.onStats?.(msg.stats);
  if (msg.type === "steps") {
    const s = [...slot.sent.values()].find((s) => s.job.key === msg.key);
    for (const t of msg.texts as string[]) s?.onStep?.(t);
    return;
  }
  if (msg.type === "rows") {
    for (const r of msg.rows as { n: number; row: BatchRow; written: boolean }[]) {
      const s = slot.sent.get(r.n);
      if (!s) continue;
      slot.sent.delete(r.n);
      s.resolve({ row: r.row, written: r.written });
    }
    return h.changed();
  }
  if (msg.type === "fatal") {
    const s = slot.sent.get(msg.n);
    if (!s) return;
    if (!h.throws) return h.lose(s, `could not run: ${msg.message}`);
    slot.sent.delete(msg.n);
    s.reject(new Error(msg.message));
    h.changed();
  }
}

/** The row of a job whose thread was lost, written here as failed with the reason. */
function failRow(store: Store, lost: Sent, reason: string, ms: number): void {
  try {
    const row = failedRow(
      lost.job,
      `${lost.job.tool} ${reason}; the row failed, the batch goes on`,
      ms,
    );
    lost.resolve({ row, written: store.commitBatchRow(row) });
  } catch (e) {
    lost.reject(e as Error);
  }
}

/**
 * Ends a thread: its run stops at its next checkpoint and it writes nothing more (./thread.ts),
 * so Deno's terminate, which waits for the thread's code to yield, takes effect there.
 */
function giveUp(slot: Slot) {
  Atomics.store(slot.givenUp, 0, 1);
  slot.worker.terminate();
}

/** The job a thread runs, when it has run past its time limit. */
function pastLimit(slot: Slot): Sent | undefined {
  const s = slot.sent.get(Atomics.load(slot.running, 0));
  return s && Date.now() - slot.started[0] > s.job.timeout_s * 1000 ? s : undefined;
}

/** A thread's first message: where the store is, what to load, its shared memory. */
function initMessage(
  store: Store,
  opts: ThreadOptions,
  shared: { watch: SharedArrayBuffer; lock: SharedArrayBuffer; id: number },
): ToThread {
  return {
    type: "init",
    location: opts.location,
    tools_dir: opts.tools_dir?.href,
    tools: opts.tools,
    ...shared,
    checkpoints: opts.checkpoints && store.checkpoint ? store.file : undefined,
    stats: opts.stats,
    ...(opts.group ? { group: opts.group } : {}),
  };
}

/** A thread's figures. */
function askStats(slot: Slot): Promise<ThreadStats | undefined> {
  return new Promise((resolve) => {
    slot.onStats = resolve;
    slot.worker.postMessage({ type: "stats" } satisfies ToThread);
  });
}

/** Starts `size` threads. */
export function startThreads(store: Store, opts: ThreadOptions): Threads {
  const slots: Slot[] = [];
  const waiters: (() => void)[] = [];
  let closed = false;
  let startError: Error | undefined;
  let next = 1, ids = 1;
  // The threads' turns at the write lock (./thread.ts poolLock): the id of the one inside.
  const lockBuffer = new SharedArrayBuffer(4);
  const lock = new Int32Array(lockBuffer);
  /** Called whenever rows came in or a thread was replaced (runAll tops up). */
  let changed: (() => void) | undefined;

  const release = (slot: Slot) => {
    slot.busy = false;
    waiters.shift()?.();
  };
  const send = (slot: Slot, items: Sent[]) => {
    for (const s of items) slot.sent.set(s.n, s);
    const msg: ToThread = {
      type: "jobs",
      jobs: items.map((s) => ({ n: s.n, job: s.job })),
      steps: items.some((s) => s.onStep),
    };
    slot.worker.postMessage(msg);
  };
  // A thread lost with `lost` running: its row is written here as failed, the thread replaced,
  // and the jobs it held still are sent to the fresh one.
  const lose = (slot: Slot, lost: Sent, reason: string) => {
    giveUp(slot);
    // A thread stopped inside a write transaction (SQLite rolls it back) gives up its turn.
    if (Atomics.compareExchange(lock, 0, slot.id, 0) === slot.id) Atomics.notify(lock, 0, 1);
    slot.sent.delete(lost.n);
    const rest = [...slot.sent.values()];
    slot.sent.clear();
    if (!closed) {
      spawn(slot);
      if (rest.length) send(slot, rest);
    }
    failRow(store, lost, reason, slot.started[0] ? Date.now() - slot.started[0] : 0);
    changed?.();
  };
  const spawn = (slot: Slot) => {
    const w = new Worker(THREAD, { type: "module" });
    const watch = new SharedArrayBuffer(WATCH_BYTES);
    slot.worker = w;
    slot.id = ids++;
    slot.running = new Int32Array(watch, 0, 1);
    slot.givenUp = new Int32Array(watch, 4, 1);
    slot.started = new Float64Array(watch, 8, 1);
    slot.ready = new Promise<void>((ready, failed) => {
      slot.abandon = failed;
      w.onmessage = (e: MessageEvent) => {
        if (slot.worker !== w) return; // a lost thread's last words
        if (e.data.type === "ready") return ready();
        fromThread(slot, e.data, {
          lose: (s, reason) => lose(slot, s, reason),
          changed: () => changed?.(),
          throws: opts.fatal === "throw",
        });
      };
      w.onerror = (e: ErrorEvent) => {
        e.preventDefault();
        if (slot.worker !== w) return;
        const n = Atomics.load(slot.running, 0);
        const s = slot.sent.get(n) ?? slot.sent.values().next().value;
        if (s) lose(slot, s, `crashed (${e.message})`);
        else {
          startError = new Error(`a batch worker thread failed to start: ${e.message}`);
          failed(startError);
          changed?.();
        }
      };
    });
    slot.ready.catch(() => {});
    w.postMessage(initMessage(store, opts, { watch, lock: lockBuffer, id: slot.id }));
  };
  for (let i = 0; i < Math.max(1, opts.size); i++) {
    const slot = { busy: false, sent: new Map() } as unknown as Slot;
    spawn(slot);
    slots.push(slot);
  }
  // The time limits: the job each thread runs, against the time it started.
  const watcher = setInterval(() => {
    for (const slot of slots) {
      const s = pastLimit(slot);
      if (s) lose(slot, s, `exceeded its time limit of ${s.job.timeout_s} s`);
    }
  }, WATCH_MS);
  Deno.unrefTimer(watcher);
  // The threads leave checkpoints to this one (./thread.ts): it waits for the disk, not they.
  const checkpoint = () => {
    try {
      store.checkpoint?.();
    } catch { /* the next one, or SQLite's own at close, copies it */ }
  };

  const sentOne = (slot: Slot, job: BatchJob, onStep?: (t: string) => void) =>
    new Promise<ThreadOutcome>((resolve, reject) =>
      send(slot, [{ n: next++, job, onStep, resolve, reject }])
    );

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
            return await sentOne(slot, job, onStep);
          } finally {
            release(slot);
          }
        }
        await new Promise<void>((r) => waiters.push(r));
      }
    },
    runAll: (queue, onRow, onStep) =>
      runChunks(
        {
          slots,
          closed: () => closed,
          startError: () => startError,
          n: () => next++,
          send,
          changed: (f) => changed = f,
          checkpoint,
        },
        queue,
        onRow,
        onStep,
      ),
    stats: () => Promise.all(slots.map(askStats)),
    close() {
      closed = true;
      clearInterval(watcher);
      for (const s of slots) {
        for (const x of s.sent.values()) x.reject(new Error("the batch threads were closed"));
        s.sent.clear();
        giveUp(s);
        s.abandon(new Error("the batch threads were closed")); // none waits for it any more
      }
      for (const w of waiters.splice(0)) w();
      changed?.();
    },
  };
}

/** What {@link runChunks} needs of the threads. */
interface Core {
  slots: Slot[];
  closed(): boolean;
  startError(): Error | undefined;
  /** A fresh job number. */
  n(): number;
  send(slot: Slot, items: Sent[]): void;
  /** Sets what to call when rows came in or a thread was replaced. */
  changed(f: (() => void) | undefined): void;
  checkpoint(): void;
}

/** {@link Threads.runAll}: chunks to each thread, topped up as its rows come in. */
async function runChunks(
  p: Core,
  queue: JobQueue,
  onRow: (job: BatchJob, out: ThreadOutcome) => void,
  onStep?: (job: BatchJob, text: string) => void,
): Promise<void> {
  try {
    await Promise.all(p.slots.map((s) => s.ready));
  } catch (e) {
    if (p.closed()) return;
    throw e;
  }
  const checkpoints = setInterval(p.checkpoint, CHECKPOINT_MS);
  await new Promise<void>((resolve, reject) => {
    const topUp = () => {
      if (p.closed()) return resolve();
      const failed = p.startError();
      if (failed) return reject(failed);
      for (const slot of p.slots) {
        if (slot.sent.size > LOW) continue;
        // An even share of what is left, so that the last rows spread over the threads (while
        // jobs are still being given, what is left is not known yet: a full chunk).
        const want = queue.open
          ? CHUNK
          : Math.min(CHUNK, Math.max(1, Math.ceil(queue.left / p.slots.length)));
        const items: Sent[] = [];
        for (let job; slot.sent.size + items.length < want && (job = queue.take());) {
          const j = job;
          items.push({
            n: p.n(),
            job: j,
            onStep: onStep ? (t) => onStep(j, t) : undefined,
            resolve: (o) => (onRow(j, o), queue.done(j)),
            reject: (e) => p.closed() ? undefined : reject(e),
          });
        }
        if (items.length) p.send(slot, items);
      }
      if (queue.empty && p.slots.every((s) => !s.sent.size)) resolve();
    };
    p.changed(topUp);
    queue.onMore = topUp;
    topUp();
  }).finally(() => {
    clearInterval(checkpoints);
    queue.onMore = undefined;
  });
  p.changed(undefined);
  p.checkpoint();
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

/**
 * Runs the jobs (all of them, or a queue that is given them while they are planned) on a pool
 * of threads (started by the caller, or here); resolves when every job has a row (or on
 * abort). The threads are closed at the end.
 */
export async function runPool(
  store: Store,
  jobs: BatchJob[] | JobQueue,
  opts: PoolOptions,
  started?: Threads,
): Promise<void> {
  const queue = Array.isArray(jobs) ? jobQueue(jobs) : jobs;
  if (queue.empty) return started?.close();
  const threads = started ?? startThreads(store, {
    size: Math.max(1, queue.open ? opts.workers : Math.min(opts.workers, queue.left)),
    location: opts.location,
    tools_dir: opts.tools_dir,
    checkpoints: true,
    stats: opts.onStats !== undefined,
  });
  let stop = false;
  const onAbort = () => {
    stop = true;
    threads.close();
  };
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    await threads.runAll(queue, (_job, out) => opts.onRow(out.row, out.written), opts.onStep);
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
  /** No job is left to take, and none is to come. */
  readonly empty: boolean;
  /** Jobs not yet taken (of those given so far). */
  readonly left: number;
  /** More jobs may still be given ({@link FedQueue}). */
  readonly open: boolean;
  /** The next job that may start now, if any. */
  take(): BatchJob | undefined;
  done(job: BatchJob): void;
  /** Called when jobs were given or the queue closed (set by the one who takes them). */
  onMore?: () => void;
}

/**
 * A queue given its jobs while they are being planned (issue 29: the first rows start before
 * the last are planned). `expected` names every scan × tool the batch will give: a re-scan's
 * job waits for its earlier scan's job until that one is given already done ({@link skip}) or
 * has finished, as it would had all jobs been given at once.
 */
export interface FedQueue extends JobQueue {
  /** Gives jobs (then calls {@link JobQueue.onMore}). */
  push(jobs: BatchJob[]): void;
  /** A job of the batch that is done already (a resumed batch), so no re-scan waits for it. */
  skip(job: Pick<BatchJob, "scan" | "tool">): void;
  /** Every job has been given. */
  close(): void;
}

export function jobQueue(jobs: BatchJob[]): JobQueue {
  const q = fedQueue(jobs.map((j) => ({ scan: j.scan, tool: j.tool })));
  q.push(jobs);
  q.close();
  return q;
}

export function fedQueue(expected: Iterable<Pick<BatchJob, "scan" | "tool">>): FedQueue {
  const pending = new Set<string>();
  for (const j of expected) pending.add(`${j.scan}\0${j.tool}`);
  const jobs: BatchJob[] = [];
  const taken: number[] = [];
  let head = 0;
  let left = 0;
  let open = true;
  const q: FedQueue = {
    get empty() {
      return left === 0 && !open;
    },
    get left() {
      return left;
    },
    get open() {
      return open;
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
    push(given) {
      for (const j of given) jobs.push(j), taken.push(0);
      left += given.length;
      if (given.length) q.onMore?.();
    },
    skip(job) {
      pending.delete(`${job.scan}\0${job.tool}`);
    },
    close() {
      open = false;
      q.onMore?.();
    },
  };
  return q;
}
