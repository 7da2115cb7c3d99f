/**
 * The worker side of {@link import("./worker.ts")}: runs one tool (or one job) at a time off
 * the server's protocol thread, with its own connection to the store. Messages in:
 * `{ id, kind: "run", tool, toolsDir, home, opts, after? }` or
 * `{ id, kind: "job", toolsDir, home, job: { module, fn, args } }`; out: `{ id, step }` per
 * step, then `{ id, outcome_json }` (the outcome as JSON, when JSON carries it exactly:
 * ./transfer.ts), `{ id, outcome, extra? }`, `{ id, value }` or
 * `{ id, error }` (ground/errors.ts WireError: name, message, an input error's input, code, data).
 */
/// <reference lib="deno.worker" />
import type { Manifest } from "../core/manifest.ts";
import { loadTool } from "../core/catalog.ts";
import type { StepEvent } from "../core/context.ts";
import { type RunOutcome, runTool } from "../core/run.ts";
import { openStore, type Store } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import { activePersona } from "../presets/personas.ts";
import { errorToWire, type WireError } from "../ground/errors.ts";
import { RUN_IO } from "../layers/io.ts";
import { jsonFaithful } from "./transfer.ts";
import { SAVE_DONE, SAVE_FAILED, SAVE_WANTED, SAVE_WRITING } from "./save_state.ts";

/** What a job's or an `after` export is called with, before its own arguments. */
export interface WorkerEnv {
  store: Store;
  builtins: typeof BUILTIN_SCANS;
  toolsDir: URL;
  /** Index 0 is 1 once the caller cancelled. */
  cancel: Int32Array;
  /** The store's folder (what the server opened the store from). */
  home: string;
  /** The tool's manifest (an `after` export only). */
  manifest?: Manifest;
}

/** What the server sends for one run or job. */
export type WorkerRequest =
  | {
    id: number;
    kind: "run";
    tool: string;
    toolsDir: string;
    home: string;
    opts: {
      set?: Record<string, unknown>;
      answers?: Record<string, unknown>;
      persist?: boolean;
    };
    /** Index 0 set to 1 by the server cancels the run (read by the engines' checkpoints). */
    cancel: SharedArrayBuffer;
    /** Post each step (someone listens); false: none are posted. */
    steps?: boolean;
    after?: AfterRun;
    /**
     * Reply (with `after`'s value) as soon as the result is final, before the run's row is
     * written and committed; then `{ id, saved }` once it is (or why it is not).
     */
    early?: boolean;
    /**
     * With `early`: the write's state, shared (index 0: ./save_state.ts). A write
     * that commits says so here, and posts `{ id, saved: true }` only when the server is
     * waiting for it ({@link SAVE_WANTED}): no message, no wake of the serving thread, for a
     * write nobody waits on (issue 29). A write that fails always posts why.
     */
    save_state?: SharedArrayBuffer;
  }
  | {
    id: number;
    kind: "job";
    toolsDir: string;
    home: string;
    job: AfterRun;
    cancel: SharedArrayBuffer;
  };

/** What the worker sends back. */
export type WorkerReply =
  | { id: number; step: StepEvent }
  | { id: number; outcome: RunOutcome; extra?: unknown }
  /** An early reply: the run's row is being written; `saved` follows. */
  | { id: number; outcome: RunOutcome; extra?: unknown; saving: true }
  | { id: number; saved: true }
  | { id: number; saved: false; error: { name: string; message: string } }
  | { id: number; outcome_json: string }
  | { id: number; value: unknown }
  | { id: number; error: WireError };

const stores = new Map<string, Store>();
// Only the tool a call names is loaded (the server thread has the listing already).
const manifests = new Map<string, Promise<Manifest>>();

/** The tools folder's URL, parsed once per folder (every request names it). */
const toolsUrls = new Map<string, URL>();
const toolsUrl = (href: string) => {
  let u = toolsUrls.get(href);
  if (!u) toolsUrls.set(href, u = new URL(href));
  return u;
};

type Exported = (env: WorkerEnv, args: unknown) => unknown;
// A module's export looked up once (MCP names one `after` on every call: mcp/call_after.ts).
const exports = new Map<string, Exported>();

async function exported(a: AfterRun): Promise<Exported> {
  const key = `${a.module}#${a.fn}`;
  const known = exports.get(key);
  if (known) return known;
  const fn = (await import(a.module))[a.fn];
  if (typeof fn !== "function") throw new Error(`${a.module} exports no function ${a.fn}`);
  exports.set(key, fn);
  return fn;
}

self.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  const req = e.data;
  const { id, toolsDir, home, cancel } = req;
  const post = (m: WorkerReply) => self.postMessage(m);
  try {
    let store = stores.get(home);
    if (!store) stores.set(home, store = openStore(home));
    const env: WorkerEnv = {
      store,
      home,
      builtins: BUILTIN_SCANS,
      toolsDir: toolsUrl(toolsDir),
      cancel: new Int32Array(cancel),
    };
    if (req.kind === "job") {
      const fn = await exported(req.job);
      post({ id, value: await fn(env, req.job.args) });
      return;
    }
    const mkey = `${toolsDir}\0${req.tool}`;
    let loading = manifests.get(mkey);
    if (!loading) manifests.set(mkey, loading = loadTool(req.tool, new URL(toolsDir)));
    loading.catch(() => manifests.delete(mkey));
    const m = await loading;
    const early = req.early && req.after ? await exported(req.after) : undefined;
    let replied = false;
    const onSettled = early
      ? (o: Extract<RunOutcome, { status: "done" }>) => {
        try {
          const out = early({ ...env, manifest: m }, {
            ...(req.after!.args as object),
            outcome: o,
          });
          if (out instanceof Promise) return void out.catch(() => {});
          const { outcome, extra } = out as { outcome: RunOutcome; extra: unknown };
          post({ id, outcome, extra, saving: true });
          replied = true;
        } catch { /* answered after the run, as without `early` */ }
      }
      : undefined;
    let outcome: RunOutcome;
    try {
      outcome = await runTool(m, {
        ...RUN_IO,
        store,
        builtins: BUILTIN_SCANS,
        set: req.opts.set,
        answers: req.opts.answers,
        persona: activePersona(store),
        persist: req.opts.persist,
        cancel_flag: env.cancel,
        ...(req.steps === false ? {} : { onStep: (step: StepEvent) => post({ id, step }) }),
        ...(onSettled ? { onSettled } : {}),
      });
    } catch (err) {
      // Answered already: the write that failed is said as such, never dropped.
      if (!replied) throw err;
      if (req.save_state) Atomics.store(new Int32Array(req.save_state), 0, SAVE_FAILED);
      const x = err as Error;
      post({
        id,
        saved: false,
        error: { name: x?.name ?? "Error", message: x?.message ?? String(err) },
      });
      return;
    }
    if (replied) {
      const state = req.save_state && new Int32Array(req.save_state);
      const was = state ? Atomics.compareExchange(state, 0, SAVE_WRITING, SAVE_DONE) : SAVE_WANTED;
      if (was === SAVE_WANTED) post({ id, saved: true });
      return;
    }
    if (req.after && outcome.status === "done") {
      const fn = await exported(req.after);
      const out = await fn({ ...env, manifest: m }, { ...(req.after.args as object), outcome }) as {
        outcome: RunOutcome;
        extra: unknown;
      };
      post({ id, outcome: out.outcome, extra: out.extra });
      return;
    }
    post(jsonFaithful(outcome) ? { id, outcome_json: JSON.stringify(outcome) } : { id, outcome });
  } catch (err) {
    post({ id, error: errorToWire(err) });
  }
};

/** A module's export run in a worker after a tool run: turns the outcome into what is sent. */
export interface AfterRun {
  /** The module's URL (a file: URL the worker may import). */
  module: string;
  /** The export's name. */
  fn: string;
  args?: unknown;
}
