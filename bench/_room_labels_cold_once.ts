/**
 * One cold room_labels run over the ZInD scan (a fresh store), with the threshold found at
 * `--root DIR` (this tree by default; a worktree of main as the "before" of
 * bench/vision_cold_ab.ts): RUN_IO's detector loaded first (not timed), then the run timed.
 * Prints one JSON line: wall and CPU seconds (the whole process, workers included) a panorama,
 * the worker-seconds a panorama with no view in hand (the detector counted from outside),
 * the load average, and the result as text without its timing fields, for the comparison.
 */
import process from "node:process";
import { pathToFileURL } from "node:url";

const at = Deno.args.indexOf("--root");
const root = at >= 0 ? Deno.args[at + 1] : new URL("..", import.meta.url).pathname;
const from = (p: string) => import(new URL(p, pathToFileURL(root.replace(/\/?$/, "/"))).href);
const { importSource } = await from("layers/mod.ts");
const { openStore } = await from("core/store.ts");
const { runTool } = await from("core/run.ts");
const { RUN_IO } = await from("layers/io.ts");
const { sharedData } = await from("tests/_data.ts");
const roomLabels = (await from("tools/room_labels/mod.ts")).default;

const { loaded } = await importSource(sharedData("zind/zind_data.json"));
const inner = await RUN_IO.detector();
// Worker-seconds with no view in hand: while fewer views are out with the detector than it has
// workers, the others have nothing to do (on an idle machine, idle cores). Counted around it.
const workers = inner.parallel ?? 1;
let out = 0, last = 0, empty_ms = 0;
const mark = () => {
  const t = performance.now();
  if (last) empty_ms += Math.max(0, workers - out) * (t - last);
  last = t;
};
const counted = <T>(p: () => Promise<T>) => {
  mark(), out++;
  return p().finally(() => (mark(), out--));
};
const det = {
  ...inner,
  detect: (v: unknown, m?: number) => counted(() => inner.detect(v, m)),
  ...(inner.panorama
    ? {
      panorama(px: unknown) {
        const r = inner.panorama(px);
        return { ...r, detect: (v: unknown, m?: number) => counted(() => r.detect(v, m)) };
      },
    }
    : {}),
};
const home = await Deno.makeTempDir();
const store = openStore(home);
const load_before = Deno.loadavg()[0];
const t0 = performance.now(), c0 = process.cpuUsage();
last = t0;
const o = await runTool(roomLabels, {
  ...RUN_IO,
  detector: () => Promise.resolve(det),
  plans: { z: loaded },
  store,
  set: { scan: "z" },
});
mark();
const u = process.cpuUsage(c0), s = (performance.now() - t0) / 1000;
if (o.status !== "done") throw new Error("room_labels needs input");
const n = o.result.metrics.find((m: { id: string }) => m.id === "panoramas_searched").value;
const timing = /(^|_)(ms|s|seconds|elapsed|duration|started|finished|took)$/;
const text = JSON.stringify(o.result, (k, v) => timing.test(k) ? undefined : v);
console.log(JSON.stringify({
  wall_s: s / n,
  cpu_s: (u.user + u.system) / 1e6 / n,
  panoramas: n,
  empty_worker_s: empty_ms / 1000 / n,
  load: [load_before, Deno.loadavg()[0]],
  result: text,
}));
store.close();
await Deno.remove(home, { recursive: true });
Deno.exit(0);
