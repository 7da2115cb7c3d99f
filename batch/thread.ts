/**
 * A local batch worker (a Deno Worker): opens its own connection to the store, loads the
 * batch's tools before it says it is ready, runs the jobs it is sent with {@link executeJob}
 * one after another, and posts their rows back in groups.
 *
 * Issue 29: a worker that waited for the pool's next message after every row spent a fifth
 * of its time idle, so the pool sends jobs in chunks and tops them up as rows come back; rows
 * are written in groups, one write transaction each ({@link runQueue}), and posted as each
 * group commits (each is in the store by then: the store holds the truth, the messages only
 * report). Which job runs, and since when, is in shared memory
 * (`watch`), so the pool can fail a job past its time limit without a message per job.
 * A session's steps are posted only when the job asks for them (someone listens), gathered
 * into one message per {@link POST_MS} and before the row.
 */
/// <reference lib="deno.worker" />
import { loadTool } from "../core/catalog.ts";
import type { Manifest } from "../core/manifest.ts";
import { openStoreAt, type Store } from "../core/store.ts";
import { getPersona } from "../presets/personas.ts";
import { type JobWrite, prepareJob } from "./execute.ts";
import type { BatchJob } from "./jobs.ts";
import { threadStats } from "./thread_stats.ts";

/** What the pool sends a thread. */
export type ToThread =
  | {
    type: "init";
    location: string;
    tools_dir?: string;
    /** Tools to load before saying ready. */
    tools?: string[];
    /** Int32Array [number of the job running, 0 when none] and Float64Array [its start, ms since the epoch]. */
    watch: SharedArrayBuffer;
    /** Int32Array [the id of the pool's thread inside a write transaction, 0 when none]. */
    lock?: SharedArrayBuffer;
    /** This thread's id (for `lock`). */
    id: number;
    /** The store file whose checkpoints the pool makes: this thread leaves them to it. */
    checkpoints?: string;
    stats?: boolean;
    /** The group commit's limits, other than {@link GROUP_ROWS} and {@link GROUP_MS} (tests). */
    group?: { rows: number; ms: number };
  }
  | { type: "jobs"; jobs: { n: number; job: BatchJob }[]; steps: boolean }
  | { type: "stats" };

let store: Store | undefined;
let toolsDir: URL | undefined;
let running: Int32Array;
let started: Float64Array;
/** Set by the pool when it gives this thread up (./pool.ts `lose`): stop, and write nothing. */
let givenUp: Int32Array;
const manifests = new Map<string, Promise<Manifest>>();
/** Steps are gathered for this long (ms) before they are posted. */
const POST_MS = 100;
/** A run of jobs lets messages in (more jobs) at least this often (ms). */
const YIELD_MS = 25;
/** The thread's figures, when the pool asked for them (benches). */
let stats: ReturnType<typeof threadStats> | undefined;

const queue: { n: number; job: BatchJob }[] = [];
let steps = false;
let busy = false;

const manifest = (id: string) => {
  let m = manifests.get(id);
  if (!m) manifests.set(id, m = toolsDir ? loadTool(id, toolsDir) : loadTool(id));
  return m;
};

self.onmessage = async (e: MessageEvent) => {
  const msg = e.data as ToThread;
  if (msg.type === "init") {
    store = openStoreAt(msg.location);
    // Runs only read plans: a scan's rows (one per tool) share one parse and its names.
    store.samePlans?.();
    toolsDir = msg.tools_dir ? new URL(msg.tools_dir) : undefined;
    if (msg.group) ({ rows: groupRows, ms: groupMs } = msg.group);
    running = new Int32Array(msg.watch, 0, 1);
    givenUp = new Int32Array(msg.watch, 4, 1);
    started = new Float64Array(msg.watch, 8, 1);
    if (msg.checkpoints && msg.checkpoints === store.file) store.autoCheckpoint?.(false);
    if (msg.lock && store.transaction) {
      store.transaction = poolLock(store.transaction.bind(store), msg.lock, msg.id);
    }
    if (msg.stats && store.transaction) {
      const st = stats = threadStats();
      const tx = store.transaction.bind(store);
      store.transaction = (fn) => st.transaction(tx, fn);
    }
    // A tool that does not load fails its rows with the reason, as before: not here.
    await Promise.all((msg.tools ?? []).map((t) => manifest(t).catch(() => {})));
    stats?.start();
    self.postMessage({ type: "ready" });
    return;
  }
  if (msg.type === "stats") {
    self.postMessage({ type: "stats", stats: stats?.read() });
    return;
  }
  queue.push(...msg.jobs);
  steps = msg.steps;
  if (!busy) await runQueue();
};

/** A group commit holds at most this many rows (./pool.ts sends more than this at a time). */
export const GROUP_ROWS = 16;
/** …and is committed once its first row has waited this long (ms), whichever comes first. */
export const GROUP_MS = 50;
let groupRows = GROUP_ROWS, groupMs = GROUP_MS;

/** A job run and not yet committed: its number and its write. */
interface Pending {
  n: number;
  write: JobWrite;
}

/**
 * Runs the queued jobs in order (more may arrive while it runs), committing their writes in
 * groups (group commit: up to {@link GROUP_ROWS} rows or {@link GROUP_MS}, whichever first, and
 * whenever the queue runs dry, one write transaction each — https://sqlite.org/lang_transaction.html:
 * a commit, not a statement, is what costs, so each row paid it once; in WAL mode a group's
 * pages are appended once, https://sqlite.org/wal.html). A row is reported only once its group
 * has committed: a thread killed mid-group reports none of it, and its rows are not in the
 * store (rolled back), so the pool hands them on and `--resume` redoes them.
 */
async function runQueue() {
  busy = true;
  stats?.idle(false);
  let group: Pending[] = [];
  let since = 0, yielded = performance.now();
  while (queue.length) {
    // Given up by the pool (past a time limit): the fresh thread redoes what this one held, so
    // this one commits nothing and returns to the event loop, where Deno's terminate ends it.
    if (Atomics.load(givenUp, 0) !== 0) return;
    const { n, job } = queue.shift()!;
    started[0] = Date.now();
    Atomics.store(running, 0, n);
    const t0 = performance.now();
    let write: JobWrite | undefined;
    try {
      write = await runJob(job);
    } catch (err) {
      if (Atomics.load(givenUp, 0) !== 0) return;
      commit(group);
      group = [];
      self.postMessage({ type: "fatal", n, message: (err as Error).message });
    }
    Atomics.store(running, 0, 0);
    if (write) {
      if (!group.length) since = t0;
      group.push({ n, write });
    }
    const t1 = performance.now();
    stats?.job(t1 - t0);
    if (group.length >= groupRows || t1 - since >= groupMs || !queue.length) {
      commit(group);
      group = [];
    }
    // Tools that never wait on I/O would keep the pool's next chunk out: let it in.
    if (t1 - yielded >= YIELD_MS || !queue.length) {
      await new Promise((r) => setTimeout(r, 0));
      yielded = performance.now();
    }
  }
  commit(group);
  stats?.idle(true);
  busy = false;
}

/**
 * Writes a group's rows in one transaction and posts them (the rows the store now holds). A
 * write that throws rolls the whole group back: every job of it is reported as could-not-run
 * (the one that threw first), for the pool to fail or hand on as it does any such job.
 */
function commit(group: Pending[]) {
  if (!group.length) return;
  let at = 0;
  let rows: { n: number; row: unknown; written: boolean }[];
  try {
    const all = () =>
      group.map((p, i) => {
        at = i;
        const { row, written } = p.write();
        return { n: p.n, row, written };
      });
    rows = store!.transaction ? store!.transaction(all) : all();
  } catch (err) {
    const message = (err as Error).message;
    for (const p of [group[at], ...group.filter((_, i) => i !== at)]) {
      self.postMessage({ type: "fatal", n: p.n, message });
    }
    return;
  }
  self.postMessage({ type: "rows", rows });
}

/**
 * The pool's threads take turns at the write lock here, waiting in {@link Atomics.wait} (woken
 * as soon as it is free), before SQLite's own (BEGIN IMMEDIATE): a thread that found SQLite's
 * lock taken slept in its busy handler for 1, 2, 5, 10 … ms (https://sqlite.org/c3ref/busy_timeout.html),
 * longer than the other held it. Other processes still meet at SQLite's lock.
 */
function poolLock(
  tx: <T>(fn: () => T) => T,
  buffer: SharedArrayBuffer,
  me: number,
): <T>(fn: () => T) => T {
  const lock = new Int32Array(buffer);
  return (fn) => {
    for (;;) {
      const holder = Atomics.compareExchange(lock, 0, 0, me);
      if (holder === 0) break;
      Atomics.wait(lock, 0, holder, 100);
    }
    try {
      return tx(fn);
    } finally {
      Atomics.store(lock, 0, 0);
      Atomics.notify(lock, 0, 1);
    }
  };
}

/** Runs one job (its write is left to the group), its steps gathered and posted before its row. */
async function runJob(job: BatchJob): Promise<JobWrite> {
  let texts: string[] = [];
  let sent = performance.now();
  const flush = () => {
    if (texts.length) self.postMessage({ type: "steps", key: job.key, texts });
    texts = [];
    sent = performance.now();
  };
  try {
    return await prepareJob(store!, job, {
      manifest,
      persona: (id) => (id ? getPersona(id, store) : undefined),
      cancel_flag: givenUp,
      onStep: steps
        ? (text) => {
          texts.push(text);
          if (performance.now() - sent >= POST_MS) flush();
        }
        : undefined,
    });
  } finally {
    flush();
  }
}
