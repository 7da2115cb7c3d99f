/**
 * A local batch worker (a Deno Worker): opens its own connection to the store, runs the jobs
 * it is sent with {@link executeJob} and posts each row back. One job at a time; the pool
 * terminates it when a job runs past its time limit.
 */
/// <reference lib="deno.worker" />
import { loadTool } from "../core/catalog.ts";
import type { Manifest } from "../core/manifest.ts";
import { openStoreAt, type Store } from "../core/store.ts";
import { getPersona } from "../presets/personas.ts";
import { executeJob } from "./execute.ts";
import type { BatchJob } from "./jobs.ts";

let store: Store | undefined;
let toolsDir: URL | undefined;
const manifests = new Map<string, Promise<Manifest>>();

self.onmessage = async (e: MessageEvent) => {
  const msg = e.data as
    | { type: "init"; location: string; tools_dir?: string }
    | { type: "job"; job: BatchJob };
  if (msg.type === "init") {
    store = openStoreAt(msg.location);
    toolsDir = msg.tools_dir ? new URL(msg.tools_dir) : undefined;
    self.postMessage({ type: "ready" });
    return;
  }
  const job = msg.job;
  try {
    const { row, written } = await executeJob(store!, job, {
      manifest: (id) => {
        let m = manifests.get(id);
        if (!m) manifests.set(id, m = toolsDir ? loadTool(id, toolsDir) : loadTool(id));
        return m;
      },
      persona: (id) => (id ? getPersona(id, store) : undefined),
      onStep: (text) => self.postMessage({ type: "step", key: job.key, text }),
    });
    self.postMessage({ type: "row", key: job.key, row, written });
  } catch (err) {
    self.postMessage({ type: "fatal", key: job.key, message: (err as Error).message });
  }
};
