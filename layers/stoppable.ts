/**
 * An import that stops at its time limit even when its parser holds the thread. Most importers
 * are JavaScript that reaches the budget's checkpoints (ground/budget.ts), so
 * {@link importSource} stops them itself. An importer marked `blocking` (IFC: web-ifc's wasm
 * parser, which once looped forever on a malformed line) is run in a Web Worker instead, and
 * the worker is terminated {@link GRACE_S} seconds past the limit with the same error the
 * checkpoints give: "the import stopped at the import time limit of N s; nothing was stored".
 * The command line and batch import this way; MCP and the web view already import in a pool
 * worker that is ended the same way.
 */
import { errorFromWire } from "../ground/errors.ts";
import { GRACE_S } from "../ground/budget.ts";
import type { LoadedPlan } from "../ground/plan.ts";
import type { ImportReport } from "./types.ts";
import { IMPORTERS, importSource, importTimeLimit } from "./mod.ts";
import type { ImportReply, ImportRequest, StoppableOptions } from "./import_worker.ts";

/** How much of a file is read to tell whether a blocking importer claims it. */
const HEAD_BYTES = 4096;

/** The blocking importer that claims `source` from its first bytes, if any. */
async function blockingImporter(source: string) {
  const blocking = IMPORTERS.filter((i) => i.blocking);
  if (!blocking.length || /^[a-z][a-z0-9+.-]*:\/\//i.test(source)) return undefined;
  let head: Uint8Array;
  try {
    using f = await Deno.open(source, { read: true });
    const buf = new Uint8Array(HEAD_BYTES);
    const n = await f.read(buf);
    head = buf.subarray(0, n ?? 0);
  } catch {
    return undefined; // importSource says what is wrong with the path
  }
  return blocking.find((i) => i.detect(source, head));
}

/**
 * {@link importSource}, in a worker that can be ended when a blocking importer reads it: the
 * worker is terminated `grace_s` past the time limit if it has not answered by then.
 */
export async function importStoppable(
  source: string,
  opts: StoppableOptions = {},
  grace_s = GRACE_S,
): Promise<{ loaded: LoadedPlan; report: ImportReport }> {
  const { seconds, stopped } = importTimeLimit(source, opts);
  if (!(await blockingImporter(source))) return await importSource(source, opts);
  const w = new Worker(new URL("./import_worker.ts", import.meta.url).href, { type: "module" });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const reply = await new Promise<ImportReply>((resolve, reject) => {
      timer = setTimeout(
        () => reject(stopped()),
        Math.min((seconds + grace_s) * 1000, 2 ** 31 - 1),
      );
      w.onmessage = (e: MessageEvent<ImportReply>) => resolve(e.data);
      w.onerror = (e) => {
        e.preventDefault();
        reject(new Error(`${source}: the import's worker failed: ${e.message}`));
      };
      w.postMessage({ source, opts } satisfies ImportRequest);
    });
    if ("ok" in reply) return reply.ok;
    throw errorFromWire(reply.error, "file");
  } finally {
    clearTimeout(timer);
    w.terminate();
  }
}
