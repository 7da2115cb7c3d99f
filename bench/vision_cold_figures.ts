/**
 * room_labels cold, per panorama, with two detector workers (layers/detector_pool.ts: each its
 * own single-thread wasm backend and model) against the bare detector in the same run. The issue's
 * target: ≤ 0.7 s a panorama cold on 2 idle cores. On a loaded machine read the ratio; the load
 * average is printed before and after.
 *
 * 1. Baseline, per panorama: the bare detector (in process, one single-thread wasm inference
 *    after another) on the panorama's views, from decoded pixels to merged detections, with
 *    tfjs's stock kernels ("stock", the detector before engines/vision/wasm_kernels.ts, issue 30)
 *    and as it runs now ("bare"), the two alternated panorama by panorama; then the
 *    same with the two workers (2 views at once) handed views cut here, and with the two workers
 *    cutting their own views from one shared copy (Detector.panorama), and the same with two
 *    views in each worker's hand (Detector.in_flight: what room_labels uses).
 *    Detections are checked identical (the stock kernels' included).
 * 2. room_labels over the ZInD scan with a fresh store (cold: every panorama read, decoded, cut,
 *    searched, its floor and counters measured), RUN_IO's own detector (the two workers where
 *    there are 2 cores): seconds a panorama searched. With --bare-tool, also with the bare
 *    detector as its detector.
 * 3. The same run again on the same store (cached): milliseconds a panorama from the cache
 *    (the issue: ~20 ms).
 * 4. The cold run of 2 in a process of its own, three times (bench/_room_labels_cold_once.ts):
 *    as a person runs it, without the other detectors of this process beside it.
 * The models are loaded before any timing (their load times are printed apart; RUN_IO's workers,
 * closed when idle, are started again by one view just before room_labels runs).
 *
 * ```sh
 * deno run -A bench/vision_cold_figures.ts [--limit N] [--bare-tool] [--json]
 * ```
 */
import { importSource } from "../layers/mod.ts";
import { openPanorama } from "../layers/panoramas.ts";
import { openStore } from "../core/store.ts";
import { runTool } from "../core/run.ts";
import { loadCenterNet } from "../layers/detector.ts";
import { loadTfjs } from "../engines/vision/centernet.ts";
import { useWasmKernels } from "../engines/vision/wasm_kernels.ts";
import { loadCenterNetPool } from "../layers/detector_pool.ts";
import { detectPanorama } from "../engines/vision/panorama.ts";
import type { Detector } from "../ground/detector.ts";
import roomLabels from "../tools/room_labels/mod.ts";
import { RUN_IO } from "../layers/io.ts";
import { sharedData } from "../tests/_data.ts";
import process from "node:process";

/** CPU seconds the whole process (main thread and workers) spent since `from`. */
const cpu = (from?: ReturnType<typeof process.cpuUsage>) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1e6;
};

const arg = (name: string) => Deno.args.indexOf(name);
const limit = arg("--limit") >= 0 ? Number(Deno.args[arg("--limit") + 1]) : Infinity;
const load = () => Deno.loadavg().map((v) => v.toFixed(2)).join(" ");
const loadBefore = load();

const { loaded } = await importSource(sharedData("zind/zind_data.json"));
const plan = loaded.plan;
const sweeps: string[] = [];
for (const s of plan.sweeps) {
  if (!("missing" in await openPanorama(plan, s.id))) sweeps.push(s.id);
}

let t = performance.now();
const bare = await loadCenterNet("wasm");
const bareLoad_s = (performance.now() - t) / 1000;
t = performance.now();
const pool = await loadCenterNetPool(2);
const poolLoad_s = (performance.now() - t) / 1000;
t = performance.now();
const runIo = await RUN_IO.detector();
const runIoLoad_s = (performance.now() - t) / 1000;
const tf = await loadTfjs("wasm");
/** fn with tfjs's stock wasm kernels in this thread (the bare detector's), then ours again. */
async function withStockKernels<T>(fn: () => Promise<T>): Promise<T> {
  useWasmKernels(tf)();
  try {
    return await fn();
  } finally {
    useWasmKernels(tf);
  }
}

// 1. Per panorama: the bare detector against the two workers, on the same decoded views.
const per: {
  sweep: string;
  /** The bare detector with tfjs's stock kernels (before issue 30's kernel). */
  stock_s: number;
  bare_s: number;
  workers_s: number;
  /** The workers cutting their own views (Detector.panorama). */
  cutting_s: number;
  /** The workers cutting their own views, two in each one's hand (Detector.in_flight). */
  queued_s: number;
  ratio: number;
  /** CPU seconds of the process (all threads) over the same panorama. */
  stock_cpu_s: number;
  bare_cpu_s: number;
  workers_cpu_s: number;
  cutting_cpu_s: number;
  queued_cpu_s: number;
}[] = [];
for (const id of sweeps.slice(0, limit)) {
  const ref = await openPanorama(plan, id);
  if ("missing" in ref) throw new Error(ref.missing);
  const px = await ref.pixels();
  const timed = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now(), c0 = process.cpuUsage();
    const out = await fn();
    return { out, s: (performance.now() - t0) / 1000, cpu_s: cpu(c0) };
  };
  const runBare = () => timed(() => detectPanorama(px, (v, s) => bare.detect(v, s)));
  const runStock = () => withStockKernels(runBare);
  // Alternated: which of the two goes first changes panorama by panorama.
  const first = per.length % 2 ? await runStock() : await runBare();
  const second = per.length % 2 ? await runBare() : await runStock();
  const [stockRun, bareRun] = per.length % 2 ? [first, second] : [second, first];
  const one = bareRun.out;
  const bare_s = bareRun.s, bare_cpu_s = bareRun.cpu_s;
  t = performance.now();
  let c = process.cpuUsage();
  const two = await detectPanorama(px, (v, s) => pool.detect(v, s), { parallel: 2 });
  const workers_s = (performance.now() - t) / 1000, workers_cpu_s = cpu(c);
  t = performance.now();
  c = process.cpuUsage();
  const shared = pool.panorama(px);
  const three = await detectPanorama(px, (v, s) => pool.detect(v, s), {
    parallel: 2,
    searchView: (v, s) => shared.detect(v, s),
  });
  shared.release();
  const cutting_s = (performance.now() - t) / 1000, cutting_cpu_s = cpu(c);
  // The same with two views in each worker's hand (Detector.in_flight, what room_labels uses).
  t = performance.now();
  c = process.cpuUsage();
  const held = pool.panorama(px);
  const four = await detectPanorama(px, (v, s) => pool.detect(v, s), {
    parallel: pool.in_flight,
    searchView: (v, s) => held.detect(v, s),
  });
  held.release();
  const queued_s = (performance.now() - t) / 1000, queued_cpu_s = cpu(c);
  if (JSON.stringify(stockRun.out) !== JSON.stringify(one)) {
    throw new Error(`${id}: the detections differ from those with tfjs's stock kernels`);
  }
  if (
    JSON.stringify(one) !== JSON.stringify(two) || JSON.stringify(one) !== JSON.stringify(three) ||
    JSON.stringify(one) !== JSON.stringify(four)
  ) {
    throw new Error(`${id}: the workers' detections differ from the bare detector's`);
  }
  per.push({
    sweep: id,
    stock_s: stockRun.s,
    bare_s,
    workers_s,
    cutting_s,
    queued_s,
    ratio: bare_s / cutting_s,
    stock_cpu_s: stockRun.cpu_s,
    bare_cpu_s,
    workers_cpu_s,
    cutting_cpu_s,
    queued_cpu_s,
  });
}

// 2–3. room_labels cold (fresh store), then cached, with a given detector.
async function tool(det: Detector) {
  const home = await Deno.makeTempDir();
  const store = openStore(home);
  const run = async () => {
    const t0 = performance.now(), c0 = process.cpuUsage();
    const o = await runTool(roomLabels, {
      ...RUN_IO,
      detector: () => Promise.resolve(det),
      plans: { z: loaded },
      store,
      set: { scan: "z" },
    });
    if (o.status !== "done") throw new Error("room_labels needs input");
    const m = (id: string) => o.result.metrics.find((x) => x.id === id)!.value as number;
    return {
      s: (performance.now() - t0) / 1000,
      cpu_s: cpu(c0),
      searched: m("panoramas_searched"),
      cached: m("panoramas_from_cache"),
      checks: JSON.stringify(o.result.checks.map((c) => [c.id, c.status, c.code, c.data])),
    };
  };
  const cold = await run(), warm = await run();
  store.close();
  await Deno.remove(home, { recursive: true });
  return { cold, warm };
}
// RUN_IO's workers close after DETECTOR_IDLE_MS without a view (layers/io.ts), and part 1
// leaves them idle far longer: one grey view starts them again here, so that the cold run
// times the panoramas, not the model's load (which is printed apart, as for the others).
const grey = { width: 512, height: 512, data: new Uint8Array(512 * 512 * 3).fill(128) };
await runIo.detect(grey);
const withWorkers = await tool(runIo);
const withBare = arg("--bare-tool") >= 0 ? await tool(bare) : undefined;
pool.close();
if (withBare && withBare.cold.checks !== withWorkers.cold.checks) {
  throw new Error("room_labels' checks differ between the bare detector and the workers");
}
if (withWorkers.warm.checks !== withWorkers.cold.checks) {
  throw new Error("room_labels' cached checks differ from the cold run's");
}

// 4. The same cold run in a child process, three times: here, five models' wasm heaps (the
// bare detector, the pool, RUN_IO's) share the process with it, which the tool never has.
const alone: { wall_s: number; cpu_s: number }[] = [];
for (let i = 0; i < 3; i++) {
  const child = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./_room_labels_cold_once.ts", import.meta.url).pathname],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!child.success) throw new Error("bench/_room_labels_cold_once.ts failed");
  const line = new TextDecoder().decode(child.stdout).trim().split("\n").at(-1)!;
  const r = JSON.parse(line) as { wall_s: number; cpu_s: number; panoramas: number };
  if (r.panoramas !== withWorkers.cold.searched) {
    throw new Error("the child searched other panoramas");
  }
  alone.push(r);
}
const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const aloneWall = middle(alone.map((r) => r.wall_s)), aloneCpu = middle(alone.map((r) => r.cpu_s));

const sum = (f: (p: (typeof per)[number]) => number) => per.reduce((a, p) => a + f(p), 0);
const stockMean = sum((p) => p.stock_s) / per.length;
const bareMean = sum((p) => p.bare_s) / per.length;
const workersMean = sum((p) => p.workers_s) / per.length;
const cuttingMean = sum((p) => p.cutting_s) / per.length;
const perPano = (r: { s: number; searched: number; cached: number }) =>
  r.s / Math.max(1, r.searched || r.cached);
const figures = {
  cores: navigator.hardwareConcurrency,
  load_average_before: loadBefore,
  load_average_after: load(),
  model_load_s: { bare: bareLoad_s, workers: poolLoad_s, run_io: runIoLoad_s },
  run_io_detector: `${runIo.backend} × ${runIo.parallel ?? 1}${runIo.panorama ? ", cutting" : ""}`,
  per_panorama: per,
  detector_mean_s: {
    stock: stockMean,
    bare: bareMean,
    workers: workersMean,
    cutting: cuttingMean,
    queued: sum((p) => p.queued_s) / per.length,
    ratio: bareMean / cuttingMean,
  },
  room_labels_cold_s_per_panorama: {
    workers: perPano(withWorkers.cold),
    ...(withBare ? { bare: perPano(withBare.cold) } : {}),
    panoramas: withWorkers.cold.searched,
    alone: aloneWall,
  },
  room_labels_alone_cpu_s_per_panorama: aloneCpu,
  room_labels_cold_cpu_s_per_panorama: withWorkers.cold.cpu_s /
    Math.max(1, withWorkers.cold.searched),
  detector_mean_cpu_s: {
    stock: sum((p) => p.stock_cpu_s) / per.length,
    bare: sum((p) => p.bare_cpu_s) / per.length,
    workers: sum((p) => p.workers_cpu_s) / per.length,
    cutting: sum((p) => p.cutting_cpu_s) / per.length,
    queued: sum((p) => p.queued_cpu_s) / per.length,
  },
  room_labels_cached_ms_per_panorama: 1000 * perPano(withWorkers.warm),
  cached_panoramas: withWorkers.warm.cached,
  target_s: 0.7,
};
if (arg("--json") >= 0) console.log(JSON.stringify(figures, null, 1));
else {
  const f = (v: number, d = 2) => v.toFixed(d);
  console.log(`cores ${figures.cores}; load average before ${loadBefore}, after ${load()}`);
  console.log(
    `model load: bare ${f(bareLoad_s)} s, 2 workers ${
      f(poolLoad_s)
    } s, RUN_IO's (${figures.run_io_detector}) ${f(runIoLoad_s)} s (not timed below)`,
  );
  console.log(
    "panorama        stock s  bare s  bare/stock  workers s  cutting s  bare/cutting   CPU s: stock  bare  bare/stock  workers  cutting",
  );
  const x = (v: number) => (f(v) + "×").padStart(10);
  const row = (name: string, v: number[]) => {
    const [st, b, w, k, cs, cb, cw, ck] = v;
    console.log(
      `${name.padEnd(14)} ${f(st).padStart(8)}  ${f(b).padStart(6)}  ${x(b / st)}  ${
        f(w).padStart(9)
      }  ${f(k).padStart(9)}  ${(f(b / k) + "×").padEnd(13)}${f(cs).padStart(12)}  ${
        f(cb).padStart(4)
      }  ${x(cb / cs)}  ${f(cw).padStart(7)}  ${f(ck).padStart(7)}`,
    );
  };
  for (const p of per) {
    row(p.sweep, [
      p.stock_s,
      p.bare_s,
      p.workers_s,
      p.cutting_s,
      p.stock_cpu_s,
      p.bare_cpu_s,
      p.workers_cpu_s,
      p.cutting_cpu_s,
    ]);
  }
  const dc = figures.detector_mean_cpu_s;
  row("mean", [
    stockMean,
    bareMean,
    workersMean,
    cuttingMean,
    dc.stock,
    dc.bare,
    dc.workers,
    dc.cutting,
  ]);
  console.log(
    `cutting with ${pool.in_flight} views in flight (two in each worker's hand, as room_labels): ${
      f(figures.detector_mean_s.queued)
    } s, ${f(dc.queued)} CPU s a panorama (${
      f(bareMean / figures.detector_mean_s.queued)
    }× the bare)`,
  );
  console.log(
    "(baselines, in this run: the bare detector; stock = the bare detector with tfjs's stock kernels, before issue 30's Mean)",
  );
  console.log(
    `room_labels cold, RUN_IO's detector: ${
      f(figures.room_labels_cold_s_per_panorama.workers)
    } s a panorama over ${withWorkers.cold.searched}, ${
      f(figures.room_labels_cold_cpu_s_per_panorama)
    } CPU s a panorama (target ≤ 0.7 s on 2 idle cores; ${
      f(figures.room_labels_cold_s_per_panorama.workers / bareMean)
    }× the bare detector's views alone, ${
      f(bareMean / figures.room_labels_cold_s_per_panorama.workers)
    }× faster)${
      withBare ? `; with the bare detector ${f(perPano(withBare.cold))} s a panorama` : ""
    }`,
  );
  console.log(
    `room_labels cold in a process of its own (bench/_room_labels_cold_once.ts, as a person runs it, none of this process's detectors beside it), median of ${alone.length}: ${
      f(aloneWall)
    } s, ${f(aloneCpu)} CPU s a panorama (${f(aloneWall / bareMean)}× the bare detector above)`,
  );
  console.log(
    `room_labels cached: ${
      f(figures.room_labels_cached_ms_per_panorama, 1)
    } ms a panorama over ${withWorkers.warm.cached} (the issue: ~20 ms)`,
  );
}
