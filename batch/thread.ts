/**
 * A local batch worker (a Deno Worker): opens its own connection to the store, runs the jobs
 * it is sent with {@link executeJob} and posts each row back. One job at a time; the pool
 * terminates it when a job runs past its time limit. A session's steps are posted only when
 * the job asks for them (someone listens), gathered into one message per {@link STEP_MS}
 * and before the row: a message per step cost a worker about a quarter of its time.
 */
/// <reference lib="deno.worker" />
import { loadTool } from "../core/catalog.ts";
import type { Manifest } from "../core/manifest.ts";
import { openStoreAt, type Store } from "../core/store.ts";
import { getPersona } from "../presets/personas.ts";
import { executeJob } from "./execute.ts";
import type { BatchJob } from "./jobs.ts";
import { threadStats } from "./thread_stats.ts";

let store: Store | undefined;
let toolsDir: URL | undefined;
const manifests = new Map<string, Promise<Manifest>>();
/** Steps are gathered for this long (ms) before they are posted. */
const STEP_MS = 100;
/** The thread's figures, when the pool asked for them (benches). */
let stats: ReturnType<typeof threadStats> | undefined;

self.onmessage = async (e: MessageEvent) => {
  const msg = e.data as
    | { type: "init"; location: string; tools_dir?: string; stats?: boolean }
    | { type: "job"; job: BatchJob; steps?: boolean }
    | { type: "stats" };
  if (msg.type === "init") {
    store = openStoreAt(msg.location);
    toolsDir = msg.tools_dir ? new URL(msg.tools_dir) : undefined;
    if (msg.stats && store.transaction) {
      const st = stats = threadStats();
      const tx = store.transaction.bind(store);
      store.transaction = (fn) => st.transaction(tx, fn);
      st.start();
    }
    self.postMessage({ type: "ready" });
    return;
  }
  if (msg.type === "stats") {
    self.postMessage({ type: "stats", stats: stats?.read() });
    return;
  }
  stats?.jobStarts(true);
  const t0 = performance.now();
  const job = msg.job;
  let texts: string[] = [];
  let sent = performance.now();
  const flush = () => {
    if (texts.length) self.postMessage({ type: "steps", key: job.key, texts });
    texts = [];
    sent = performance.now();
  };
  try {
    const { row, written } = await executeJob(store!, job, {
      manifest: (id) => {
        let m = manifests.get(id);
        if (!m) manifests.set(id, m = toolsDir ? loadTool(id, toolsDir) : loadTool(id));
        return m;
      },
      persona: (id) => (id ? getPersona(id, store) : undefined),
      onStep: msg.steps
        ? (text) => {
          texts.push(text);
          if (performance.now() - sent >= STEP_MS) flush();
        }
        : undefined,
    });
    flush();
    stats?.jobEnds(performance.now() - t0, true);
    self.postMessage({ type: "row", key: job.key, row, written });
  } catch (err) {
    flush();
    self.postMessage({ type: "fatal", key: job.key, message: (err as Error).message });
  }
};
