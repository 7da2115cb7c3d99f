/**
 * Tools run off the MCP server's protocol thread: each call goes to a Web Worker (Deno runs
 * it on its own thread, with the server's permissions), so `ping`, listings and cancellation
 * are answered while a CPU-heavy engine works. Cancelling a call sets the run's shared cancel
 * flag, which the engines read at their checkpoints (ground/budget.ts) even in the middle of
 * a loop, and terminates the worker (Deno's `terminate` takes effect only once the worker's
 * code yields, which the checkpoint makes it do); a fresh worker serves the next call. A run past its time limit (plus a grace period for the engines' own
 * checkpoints) is terminated the same way and answered as an `error` naming the limit.
 */
import { CancelledError, InputError } from "../ground/errors.ts";
import type { StepEvent } from "../core/context.ts";
import type { Manifest } from "../core/manifest.ts";
import { type RunOptions, type RunOutcome, timeLimit } from "../core/run.ts";
import type { ToolResult } from "../core/result.ts";
import type { Store } from "../core/store.ts";
import type { WorkerReply, WorkerRequest } from "./tool_worker.ts";

/** Seconds a worker gets past the run's own time limit before it is terminated. */
export const GRACE_S = 5;
/** Idle workers kept warm for the next call. */
const KEEP_IDLE = 1;

/** What a run through the pool takes (as runTool's options, minus what the worker opens). */
export interface PoolRunOptions {
  set?: Record<string, unknown>;
  answers?: Record<string, unknown>;
  persist?: boolean;
  onStep?: (e: StepEvent) => void;
  signal?: AbortSignal;
}

/** Runs tools in workers. */
export interface ToolPool {
  run(m: Manifest, opts: PoolRunOptions): Promise<RunOutcome>;
  /** Terminates every worker (running ones too). */
  close(): void;
}

/**
 * A pool for the store in `home` and the tools in `toolsDir`. One worker starts loading
 * `warm_after_ms` after this (default at once), so the first call need not wait for its start
 * and a start-up need not wait for it; a call before then starts it.
 */
export function toolPool(
  home: string,
  toolsDir: URL,
  store: Store,
  o: { warm_after_ms?: number } = {},
): ToolPool {
  const idle: Worker[] = [];
  const busy = new Set<Worker>();
  let next = 1;
  let closed = false;
  let started = 0;
  const spawn = () => {
    started++;
    return new Worker(new URL("./tool_worker.ts", import.meta.url).href, { type: "module" });
  };
  const warm = () => {
    if (!closed && started === 0) idle.push(spawn());
  };
  if (!o.warm_after_ms) warm();
  else Deno.unrefTimer(setTimeout(warm, o.warm_after_ms));

  return {
    run(m, opts) {
      if (closed) return Promise.reject(new CancelledError("the server is closing"));
      const w = idle.pop() ?? spawn();
      busy.add(w);
      const id = next++;
      const limit = timeLimit({ store });
      const cancel = new SharedArrayBuffer(4);
      return new Promise<RunOutcome>((resolve, reject) => {
        let done = false;
        const finish = (keep: boolean) => {
          done = true;
          clearTimeout(timer);
          opts.signal?.removeEventListener("abort", onAbort);
          w.removeEventListener("message", onMessage);
          w.removeEventListener("error", onError);
          busy.delete(w);
          if (keep && !closed && idle.length < KEEP_IDLE) idle.push(w);
          else w.terminate();
        };
        const onAbort = () => {
          if (done) return;
          // The engines see the flag at their next checkpoint, even mid-loop; terminating
          // alone would wait for the worker to yield.
          Atomics.store(new Int32Array(cancel), 0, 1);
          finish(false);
          reject(new CancelledError());
        };
        const onError = (e: ErrorEvent) => {
          e.preventDefault();
          if (done) return;
          finish(false);
          reject(new Error(`${m.id}: the worker failed: ${e.message}`));
        };
        const onMessage = (e: MessageEvent<WorkerReply>) => {
          const msg = e.data;
          if (msg.id !== id || done) return;
          if ("step" in msg) return opts.onStep?.(msg.step);
          finish(true);
          if ("outcome" in msg) return resolve(msg.outcome);
          const { name, message, input } = msg.error;
          if (name === "InputError") {
            const err = new InputError(input ?? m.id, "");
            err.message = message;
            return reject(err);
          }
          if (name === "CancelledError") return reject(new CancelledError(message));
          const err = new Error(message);
          err.name = name;
          reject(err);
        };
        const timer = setTimeout(() => {
          if (done) return;
          Atomics.store(new Int32Array(cancel), 0, 1);
          finish(false);
          resolve(overTime(m, opts, store, limit.text));
        }, Math.min((limit.seconds + GRACE_S) * 1000, 2 ** 31 - 1));
        if (opts.signal?.aborted) return onAbort();
        opts.signal?.addEventListener("abort", onAbort, { once: true });
        w.addEventListener("message", onMessage);
        w.addEventListener("error", onError);
        const req: WorkerRequest = {
          id,
          tool: m.id,
          toolsDir: toolsDir.href,
          home,
          opts: { set: opts.set, answers: opts.answers, persist: opts.persist },
          steps: opts.onStep !== undefined,
          cancel,
        };
        w.postMessage(req);
      });
    },
    close() {
      closed = true;
      for (const w of [...idle, ...busy]) w.terminate();
      idle.length = 0;
      busy.clear();
    },
  };
}

/**
 * A session runner (core/session.ts `runner`) that runs tools in `pool`. With `steps: false`
 * (no one listens: the call asked for no progress) the worker posts no steps at all.
 */
export function poolRunner(
  pool: ToolPool,
  o: { steps?: boolean } = {},
): (m: Manifest, opts: RunOptions) => Promise<RunOutcome> {
  const steps = o.steps !== false;
  return (m, r) =>
    pool.run(m, {
      set: r.set,
      answers: r.answers,
      persist: r.persist,
      ...(steps && r.onStep ? { onStep: r.onStep } : {}),
      signal: r.signal,
    });
}

/** The `error` result of a run whose worker was stopped at the time limit; saved as a run. */
function overTime(m: Manifest, opts: PoolRunOptions, store: Store, limit: string): RunOutcome {
  const scan = typeof opts.set?.scan === "string" ? opts.set.scan : undefined;
  const result: ToolResult = {
    tool: m.id,
    ...(scan ? { scan } : {}),
    inputs: {},
    verdict: {
      status: "error",
      text: `${m.id} stopped at ${limit}: the run took too long and was stopped.`,
    },
    metrics: [],
    checks: [],
    findings: [],
    overlays: [],
    assumptions: [],
    steps: [],
  };
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
