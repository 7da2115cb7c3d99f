/**
 * Tools run off the protocol (or request) thread: each call goes to a Web Worker (Deno runs
 * it on its own thread, with the server's permissions), so `ping`, listings, pages and
 * cancellation are answered while a CPU-heavy engine works. The pool is bounded: at most
 * `size` workers (by default one fewer than the machine's cores, so the serving thread keeps
 * one), and at most `queue_max` calls waiting for one; a call beyond that is refused at once
 * with a {@link BusyError} ("busy, retry later"), so memory stays bounded by the pool's size
 * and not by how many calls arrive. Cancelling a call (queued or running) sets the run's
 * shared cancel flag, which the engines read at their checkpoints (ground/budget.ts) even in
 * the middle of a loop, and terminates the worker (Deno's `terminate` takes effect only once
 * the worker's code yields, which the checkpoint makes it do); a fresh worker serves the next
 * call. A run past its time limit (plus a grace period for the engines' own checkpoints) is
 * terminated the same way and answered as an `error` naming the limit.
 *
 * Besides tool runs the pool runs `job`s: a named export of a module, called in a worker with
 * the worker's store (the web view renders long results and stored runs this way), and a run
 * may name an `after` export that turns its outcome into what the caller needs (the web view's
 * page) before it crosses back, so a large result is neither copied nor drawn on the serving
 * thread.
 */
import { BusyError, CancelledError, errorFromWire } from "../ground/errors.ts";
import type { StepEvent } from "../core/context.ts";
import type { Manifest } from "../core/manifest.ts";
import { type RunOptions, type RunOutcome, timeLimit } from "../core/run.ts";
import { emptyResult } from "../core/result.ts";
import type { Store } from "../core/store.ts";
import type { AfterRun, WorkerReply, WorkerRequest } from "./tool_worker.ts";
import { SAVE_DONE, SAVE_WANTED, SAVE_WRITING } from "./save_state.ts";

import { GRACE_S } from "../ground/budget.ts";
export { GRACE_S };
/** Idle workers kept warm for the next call. */
const KEEP_IDLE = 2;
/**
 * Calls that may wait for a worker (the queue's stated limit): a waiting call holds only its
 * arguments, so the queue can be long; what costs memory, a running worker, is bounded by the
 * pool's size.
 */
export const QUEUE_MAX = 64;

/** How many workers a pool has by default: the machine's cores less one, at least 1. */
export function defaultPoolSize(): number {
  return Math.max(1, (navigator.hardwareConcurrency || 2) - 1);
}

/** What a run through the pool takes (as runTool's options, minus what the worker opens). */
export interface PoolRunOptions {
  set?: Record<string, unknown>;
  answers?: Record<string, unknown>;
  persist?: boolean;
  onStep?: (e: StepEvent) => void;
  signal?: AbortSignal;
  after?: AfterRun;
  /**
   * Answer with `after`'s value as soon as the result is final, while the worker writes the
   * run's row and commits (issue 29): {@link ToolPool.settled} waits for that write.
   */
  early?: boolean;
}

/** A pool's size and load. */
export interface PoolStats {
  size: number;
  running: number;
  queued: number;
  queue_max: number;
}

/** Runs tools in workers. */
export interface ToolPool {
  /** A tool run; with `after`, `extra` is what that export returned. */
  run(m: Manifest, opts: PoolRunOptions): Promise<RunOutcome & { extra?: unknown }>;
  /** `module`'s export `fn` called in a worker as `fn(env, args)`; its value. */
  job<T>(
    module: string,
    fn: string,
    args: unknown,
    signal?: AbortSignal,
    limit_s?: number,
  ): Promise<T>;
  stats(): PoolStats;
  /**
   * Resolves once the writes of runs answered early (`early`) are committed: of the run
   * `run_id`, else of every such run. For `run_id` it rejects when that write failed (the
   * failure is also written to stderr): a run answered early is never lost silently.
   */
  settled(run_id?: string): Promise<void>;
  /** Terminates every worker (running ones too) and refuses what waits. */
  close(): void;
}

/** The pool's bounds (defaults: {@link defaultPoolSize}, {@link QUEUE_PER_WORKER} × size). */
export interface PoolLimits {
  size?: number;
  queue_max?: number;
  /**
   * The first worker starts loading this long after the pool (default at once), so a
   * start-up need not wait for it; a call before then starts one itself.
   */
  warm_after_ms?: number;
}

interface Waiter {
  grant: (w: Worker) => void;
  refuse: (e: Error) => void;
}

/** A pool for the store in `home` and the tools in `toolsDir`. */
export function toolPool(
  home: string,
  toolsDir: URL,
  store: Store,
  limits: PoolLimits = {},
): ToolPool {
  const size = Math.max(1, Math.floor(limits.size ?? defaultPoolSize()));
  const queue_max = Math.max(0, Math.floor(limits.queue_max ?? QUEUE_MAX));
  const idle: Worker[] = [];
  const busy = new Set<Worker>();
  const waiting: Waiter[] = [];
  let next = 1;
  let closed = false;
  let started = 0;
  const spawn = () => {
    started++;
    return new Worker(new URL("./tool_worker.ts", import.meta.url).href, { type: "module" });
  };
  // One worker starts loading early, so the first call does not wait for its start.
  const warm = () => {
    if (!closed && started === 0) idle.push(spawn());
  };
  if (!limits.warm_after_ms) warm();
  else Deno.unrefTimer(setTimeout(warm, limits.warm_after_ms));

  /** A worker for one call: at once, after a wait in the queue, or a BusyError. */
  const acquire = (signal?: AbortSignal): Promise<Worker> => {
    if (closed) return Promise.reject(new CancelledError("the server is closing"));
    if (signal?.aborted) return Promise.reject(new CancelledError());
    // A worker whose early-answered run has committed is free: found so here (it posts no
    // message for a write nobody waits on), before a worker is waited for or started.
    if (busy.size >= size || !idle.length) saves.claim();
    if (busy.size < size) {
      const w = idle.pop() ?? spawn();
      busy.add(w);
      return Promise.resolve(w);
    }
    if (waiting.length >= queue_max) {
      return Promise.reject(new BusyError(busy.size, waiting.length));
    }
    return new Promise<Worker>((resolve, reject) => {
      const onAbort = () => {
        const i = waiting.indexOf(me);
        if (i >= 0) waiting.splice(i, 1);
        reject(new CancelledError());
      };
      const me: Waiter = {
        grant: (w) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(w);
        },
        refuse: (e) => {
          signal?.removeEventListener("abort", onAbort);
          reject(e);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      waiting.push(me);
    });
  };
  /** A call is over: its worker is kept (idle, or handed to the next waiter) or ended. */
  const release = (w: Worker, keep: boolean) => {
    busy.delete(w);
    if (!keep || closed) w.terminate();
    else if (idle.length < KEEP_IDLE || waiting.length) idle.push(w);
    else w.terminate();
    const n = waiting.shift();
    if (!n) return;
    const nw = idle.pop() ?? spawn();
    busy.add(nw);
    n.grant(nw);
  };

  const saves = earlySaves();
  const call = (w: Worker, req: WorkerRequest, o: CallOptions) =>
    callWorker(w, req, o, store, release);

  return {
    async run(m, opts) {
      const w = await acquire(opts.signal);
      const reply = await call(w, runRequest(next++, m, opts, toolsDir, home), {
        tool: m.id,
        signal: opts.signal,
        onStep: opts.onStep,
        onTime: () => overTime(m, opts, store, timeLimit({ store }).text),
        onSaving: (run_id, saved, claim) => {
          saves.add(m.id, run_id, saved, claim);
          // Calls wait for a worker: this one's write is waited for at once.
          if (waiting.length) claim();
        },
      });
      if ("outcome_json" in reply) return JSON.parse(reply.outcome_json) as RunOutcome;
      if ("outcome" in reply) {
        return "extra" in reply ? { ...reply.outcome, extra: reply.extra } : reply.outcome;
      }
      if ("value" in reply) return reply.value as RunOutcome;
      throw fromReply(m.id, reply);
    },
    async job<T>(
      module: string,
      fn: string,
      args: unknown,
      signal?: AbortSignal,
      limit_s?: number,
    ) {
      const w = await acquire(signal);
      const reply = await call(w, {
        id: next++,
        kind: "job",
        toolsDir: toolsDir.href,
        home,
        job: { module, fn, args },
        cancel: new SharedArrayBuffer(4),
      }, {
        tool: fn,
        signal,
        ...(limit_s !== undefined ? { limit_s } : {}),
        onTime: () => {
          throw new Error(
            `${fn} stopped at ${
              limit_s !== undefined ? `${limit_s} s` : timeLimit({ store }).text
            }: it took too long.`,
          );
        },
      });
      if ("value" in reply) return reply.value as T;
      throw fromReply(fn, reply as WorkerReply);
    },
    stats: () => {
      saves.claim();
      return { size, running: busy.size, queued: waiting.length, queue_max };
    },
    settled: saves.settled,
    close() {
      closed = true;
      for (const w of [...idle, ...busy]) w.terminate();
      idle.length = 0;
      busy.clear();
      for (const n of waiting.splice(0)) n.refuse(new CancelledError("the server is closing"));
    },
  };
}

/** The message that asks a worker to run `m` (host/tool_worker.ts). */
function runRequest(
  id: number,
  m: Manifest,
  opts: PoolRunOptions,
  toolsDir: URL,
  home: string,
): WorkerRequest {
  return {
    id,
    kind: "run",
    tool: m.id,
    toolsDir: toolsDir.href,
    home,
    opts: { set: opts.set, answers: opts.answers, persist: opts.persist },
    cancel: new SharedArrayBuffer(4),
    steps: opts.onStep !== undefined,
    ...(opts.after ? { after: opts.after } : {}),
    ...(opts.after && opts.early ? { early: true, save_state: new SharedArrayBuffer(4) } : {}),
  };
}

/**
 * The writes of runs answered early (`early`), by run id, and the reasons of those that
 * failed (the last 100, also written to stderr): what {@link ToolPool.settled} waits on.
 */
function earlySaves() {
  const saving = new Map<string, Promise<void>>();
  const unsaved = new Map<string, string>();
  /** Each write in progress: asks its worker whether it has committed (see `claim`). */
  const claims = new Map<string, () => void>();
  const claim = (run_id?: string) => {
    if (run_id === undefined) { for (const c of [...claims.values()]) c(); }
    else claims.get(run_id)?.();
  };
  return {
    add(tool: string, run_id: string, saved: Promise<void>, ask: () => void) {
      claims.set(run_id, ask);
      const done = saved.then(() => {}, (e: Error) => {
        console.error(`threshold: the ${tool} run ${run_id} could not be saved: ${e.message}`);
        unsaved.set(run_id, e.message);
        if (unsaved.size > 100) unsaved.delete(unsaved.keys().next().value!);
      }).finally(() => {
        saving.delete(run_id);
        claims.delete(run_id);
      });
      saving.set(run_id, done);
    },
    /**
     * Settles the writes (of `run_id`, else all) whose workers have committed, at once; the
     * others are asked to post when they do.
     */
    claim,
    async settled(run_id?: string): Promise<void> {
      claim(run_id);
      if (run_id === undefined) {
        await Promise.all(saving.values());
        return;
      }
      await saving.get(run_id);
      const why = unsaved.get(run_id);
      if (why !== undefined) throw new Error(`the run ${run_id} could not be saved: ${why}`);
    },
  };
}

/** What one worker call is about and how it may end. */
interface CallOptions {
  tool: string;
  signal?: AbortSignal;
  onStep?: (e: StepEvent) => void;
  onTime: () => unknown;
  limit_s?: number;
  /**
   * An early reply came: `saved` settles when the worker has written the run (or failed),
   * once `claim` has been called: it settles it at once when the write has committed, else
   * asks the worker to post when it does.
   */
  onSaving?: (run_id: string, saved: Promise<void>, claim: () => void) => void;
}

/**
 * One request to a worker, answered by its reply (steps go to onStep on the way); the worker
 * is handed to `release` when the call ends (kept when it answered, ended otherwise).
 */
function callWorker(
  w: Worker,
  req: WorkerRequest,
  o: CallOptions,
  store: Store,
  release: (w: Worker, keep: boolean) => void,
): Promise<WorkerReply> {
  return new Promise<WorkerReply>((resolve, reject) => {
    let done = false;
    // Set once the request is posted; an abort before then finishes with no timer to clear.
    // deno-lint-ignore prefer-const
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (keep: boolean) => {
      done = true;
      clearTimeout(timer);
      o.signal?.removeEventListener("abort", onAbort);
      w.removeEventListener("message", onMessage);
      w.removeEventListener("error", onError);
      release(w, keep);
    };
    const stop = () => Atomics.store(new Int32Array(req.cancel), 0, 1);
    const onAbort = () => {
      if (done) return;
      // The engines see the flag at their next checkpoint, even mid-loop; terminating
      // alone would wait for the worker to yield.
      stop();
      finish(false);
      reject(new CancelledError());
    };
    const onError = (e: ErrorEvent) => {
      e.preventDefault();
      if (written) {
        const w = written;
        written = undefined;
        finish(false);
        return w.failed(new Error(`the worker failed: ${e.message}`));
      }
      if (done) return;
      finish(false);
      reject(new Error(`${o.tool}: the worker failed: ${e.message}`));
    };
    // After an early reply: the worker is kept (and stays busy) until the run's write ends.
    let written: { ok: () => void; failed: (e: Error) => void } | undefined;
    /** The run's write ended (committed, or failed saying why): the worker is free. */
    const wrote = (failure?: string) => {
      const w = written;
      if (!w) return;
      written = undefined;
      finish(true);
      return failure === undefined ? w.ok() : w.failed(new Error(failure));
    };
    const onMessage = (e: MessageEvent<WorkerReply>) => {
      const msg = e.data;
      if (msg.id !== req.id) return;
      if ("saved" in msg && written) return wrote(msg.saved ? undefined : msg.error.message);
      if (done) return;
      if ("step" in msg) return o.onStep?.(msg.step);
      if ("saving" in msg && msg.outcome.status === "done") {
        done = true;
        clearTimeout(timer);
        o.signal?.removeEventListener("abort", onAbort);
        o.onSaving?.(
          msg.outcome.run_id,
          new Promise<void>((ok, failed) => written = { ok, failed }),
          () => written && claimWrite(req) && wrote(),
        );
        return resolve(msg);
      }
      finish(true);
      resolve(msg);
    };
    if (o.signal?.aborted) return onAbort();
    o.signal?.addEventListener("abort", onAbort, { once: true });
    w.addEventListener("message", onMessage);
    w.addEventListener("error", onError);
    const posted = performance.now();
    w.postMessage(req);
    // The limit is read (a preference: a store read) once the worker has the request, while
    // it runs; the timer counts from the post all the same (issue 29).
    const seconds = o.limit_s ?? timeLimit({ store }).seconds;
    const left_ms = (seconds + GRACE_S) * 1000 - (performance.now() - posted);
    timer = setTimeout(() => {
      if (done) return;
      stop();
      finish(false);
      try {
        resolve({ id: req.id, value: o.onTime() } as WorkerReply);
      } catch (e) {
        reject(e);
      }
    }, Math.min(Math.max(0, left_ms), 2 ** 31 - 1));
  });
}

/**
 * Asks about the write of a run answered early (the request's shared `save_state`): true when
 * it has committed (the caller settles it and frees the worker); else the worker is told to
 * post `saved` when it commits (that message settles it), or, failed, its message is on its
 * way. A request without the state is answered `saved` always.
 */
function claimWrite(req: WorkerRequest): boolean {
  if (req.kind !== "run" || !req.save_state) return false;
  const state = new Int32Array(req.save_state);
  return Atomics.compareExchange(state, 0, SAVE_WRITING, SAVE_WANTED) === SAVE_DONE;
}

/** The error a worker's reply names, as the error classes the surfaces know. */
function fromReply(what: string, reply: WorkerReply): Error {
  if (!("error" in reply) || "saved" in reply) {
    return new Error(`${what}: the worker sent no answer`);
  }
  return errorFromWire(reply.error, what);
}

/**
 * A session runner (core/session.ts `runner`) that runs tools in `pool`. With `steps: false`
 * (no one listens: the call asked for no progress) the worker posts no steps at all.
 */
export function poolRunner(
  pool: ToolPool,
  after?: AfterRun,
  got?: (extra: unknown) => void,
  listen: { steps?: boolean; early?: boolean } = {},
): (m: Manifest, opts: RunOptions) => Promise<RunOutcome> {
  const steps = listen.steps !== false;
  return async (m, o) => {
    const out = await pool.run(m, {
      set: o.set,
      answers: o.answers,
      persist: o.persist,
      ...(steps && o.onStep ? { onStep: o.onStep } : {}),
      signal: o.signal,
      ...(after ? { after } : {}),
      ...(listen.early ? { early: true } : {}),
    });
    if ("extra" in out) {
      got?.(out.extra);
      const { extra: _, ...rest } = out;
      return rest as RunOutcome;
    }
    return out;
  };
}

/** The `error` result of a run whose worker was stopped at the time limit; saved as a run. */
function overTime(m: Manifest, opts: PoolRunOptions, store: Store, limit: string): RunOutcome {
  const scan = typeof opts.set?.scan === "string" ? opts.set.scan : undefined;
  const result = emptyResult(
    { tool: m.id, ...(scan ? { scan } : {}), inputs: {} },
    {
      status: "error",
      code: "run.time_limit",
      data: { tool: m.id },
      text: `${m.id} stopped at ${limit}: the run took too long and was stopped.`,
    },
  );
  const run_id = `${m.id}-${Date.now().toString(36)}-limit`;
  if (opts.persist !== false && !store.readOnly) {
    try {
      store.addRun({
        id: run_id,
        tool: m.id,
        scan,
        status: "error",
        inputs: {},
        result,
        started_at: new Date().toISOString(),
        duration_ms: 0,
      });
    } catch { /* the result is answered even when it cannot be saved */ }
  }
  return { status: "done", result, run_id, duration_ms: 0 };
}
