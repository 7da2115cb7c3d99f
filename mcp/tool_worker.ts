/**
 * The worker side of {@link import("./worker.ts")}: runs one tool at a time off the MCP
 * server's protocol thread, with its own connection to the store. Messages in:
 * `{ id, tool, toolsDir, home, opts }`; out: `{ id, step }` per step, then `{ id, outcome }`
 * or `{ id, error: { name, message, input? } }`.
 */
/// <reference lib="deno.worker" />
import { loadRegistry } from "../core/registry.ts";
import { type RunOutcome, runTool } from "../core/run.ts";
import { openStore, type Store } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import { activePersona } from "../presets/personas.ts";
import { InputError } from "../ground/errors.ts";
import { RUN_IO } from "../layers/io.ts";

/** What the server sends for one run. */
export interface WorkerRequest {
  id: number;
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
}

/** What the worker sends back. */
export type WorkerReply =
  | { id: number; step: { text: string; elapsed_ms: number; index: number } }
  | { id: number; outcome: RunOutcome }
  | { id: number; error: { name: string; message: string; input?: string } };

const stores = new Map<string, Store>();

self.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  const { id, tool, toolsDir, home, opts, cancel } = e.data;
  const post = (m: WorkerReply) => self.postMessage(m);
  try {
    const m = (await loadRegistry(new URL(toolsDir))).require(tool);
    let store = stores.get(home);
    if (!store) stores.set(home, store = openStore(home));
    const outcome = await runTool(m, {
      ...RUN_IO,
      store,
      builtins: BUILTIN_SCANS,
      set: opts.set,
      answers: opts.answers,
      persona: activePersona(store),
      persist: opts.persist,
      cancel_flag: new Int32Array(cancel),
      onStep: (step) => post({ id, step }),
    });
    post({ id, outcome });
  } catch (err) {
    const x = err as Error;
    post({
      id,
      error: {
        name: x?.name ?? "Error",
        message: x?.message ?? String(err),
        ...(err instanceof InputError ? { input: err.input } : {}),
      },
    });
  }
};
