/**
 * Two Web Workers, each with its own single-thread wasm backend and model (engines/vision/
 * pool.ts), against the bare detector in the same run: one ZInD panorama's views (VIEW_SETUP),
 * decoded pixels to merged detections. Baseline: the in-process detector, one view after
 * another. The target: ≤ 0.7 s a panorama on 2 idle cores (0.61–0.69 s measured before,
 * shared/reference/vision-notes.md); on a loaded machine read the ratio. Before timing, the pool's
 * detections are checked identical to the bare detector's.
 * Run: deno bench -A bench/vision_workers_bench.ts
 */
import { fileURLToPath } from "node:url";
import { decodeRgb } from "../layers/panoramas.ts";
import { loadCenterNet } from "../layers/detector.ts";
import { loadCenterNetPool } from "../layers/detector_pool.ts";
import { detectPanorama } from "../engines/vision/panorama.ts";

const file = fileURLToPath(
  new URL("../../shared/data/zind/panos/floor_01_partial_room_04_pano_32.jpg", import.meta.url),
);
const pano = await decodeRgb(await Deno.readFile(file), file);
const bare = await loadCenterNet("wasm");
const pool = await loadCenterNetPool(2);
const one = await detectPanorama(pano, (v, s) => bare.detect(v, s));
const two = await detectPanorama(pano, (v, s) => pool.detect(v, s), { parallel: 2 });
if (JSON.stringify(one) !== JSON.stringify(two)) {
  throw new Error("the worker pool's detections differ from the bare detector's");
}

Deno.bench({
  name: "panorama, bare detector, views one after another",
  group: "panorama",
  baseline: true,
  n: 4,
  warmup: 1,
  async fn() {
    await detectPanorama(pano, (v, s) => bare.detect(v, s));
  },
});

Deno.bench({
  name: "panorama, 2 workers (own wasm backend and model each), 2 views at once",
  group: "panorama",
  n: 4,
  warmup: 1,
  async fn() {
    await detectPanorama(pano, (v, s) => pool.detect(v, s), { parallel: 2 });
  },
});

globalThis.addEventListener("unload", () => pool.close());
