/**
 * Child of run_memory_test.ts (run with --v8-flags=--expose-gc): `ceiling_height` on the demo
 * building (fixtures/demo/plan.json) in a plain loop that awaits only promises, as a library caller's batch does; prints
 * the heap after a full GC at run 100 and at run 400, in bytes, as JSON.
 */
import { openStore } from "../../core/store.ts";
import { createSession } from "../../core/session.ts";
import { loadTool } from "../../core/catalog.ts";
import { importSource } from "../../layers/mod.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --v8-flags=--expose-gc");
const home = Deno.makeTempDirSync();
const store = openStore(home);
const { loaded } = await importSource(
  new URL("../../fixtures/demo/plan.json", import.meta.url).pathname,
  { id: "house" },
);
store.putScan(loaded);
const m = await loadTool("ceiling_height");
const heap: number[] = [];
for (let i = 1; i <= 400; i++) {
  const s = await createSession(m, { store, set: { scan: "house" } }).run();
  if (s.status !== "done") throw new Error(`run ${i}: ${s.status}`);
  if (i === 100 || i === 400) {
    gc();
    heap.push(Deno.memoryUsage().heapUsed);
  }
}
store.close();
Deno.removeSync(home, { recursive: true });
console.log(JSON.stringify({ at100: heap[0], at400: heap[1] }));
