/**
 * The detector's own CPU time a view with tfjs's stock wasm kernels ("stock", the baseline) and
 * with engines/vision/wasm_kernels.ts's spatial Mean ("mean", what runs now), the two alternated
 * view set by view set (bench/_alternate.ts) in one process on the same bare detector, medians of
 * wall and CPU milliseconds for one panorama's views (VIEW_SETUP). Before any timing, every view of every
 * ZInD sample panorama is run both ways and the detections (every box, score ≥ 0) are checked
 * identical.
 *
 * ```sh
 * deno run -A bench/vision_kernel_figures.ts [--rounds N]
 * ```
 */
import { loadCenterNet } from "../layers/detector.ts";
import { loadTfjs } from "../engines/vision/centernet.ts";
import { useWasmKernels } from "../engines/vision/wasm_kernels.ts";
import { perspectiveView, viewRing } from "../engines/vision/equirect.ts";
import { VIEW_SETUP } from "../engines/vision/panorama.ts";
import { importSource } from "../layers/mod.ts";
import { openPanorama } from "../layers/panoramas.ts";
import { sharedData } from "../tests/_data.ts";
import type { RgbImage } from "../ground/image.ts";
import { alternate, printRatios } from "./_alternate.ts";

const i = Deno.args.indexOf("--rounds");
const rounds = i >= 0 ? Number(Deno.args[i + 1]) : 10;
const load = () => Deno.loadavg().map((v) => v.toFixed(2)).join(" ");
const loadBefore = load();

const det = await loadCenterNet("wasm");
const tf = await loadTfjs("wasm");
const { loaded } = await importSource(sharedData("zind/zind_data.json"));
const panoramas: RgbImage[][] = [];
for (const s of loaded.plan.sweeps) {
  const ref = await openPanorama(loaded.plan, s.id);
  if ("missing" in ref) continue;
  const px = await ref.pixels();
  panoramas.push(viewRing(VIEW_SETUP.count, VIEW_SETUP).map((v) => perspectiveView(px, v)));
}

/** fn with tfjs's stock kernels in this thread, then the Mean again. */
async function stock<T>(fn: () => Promise<T>): Promise<T> {
  useWasmKernels(tf)();
  try {
    return await fn();
  } finally {
    useWasmKernels(tf);
  }
}
const all = async (views: RgbImage[]) => {
  const out = [];
  for (const v of views) out.push(await det.detect(v, 0));
  return out;
};

let views = 0;
for (const [k, p] of panoramas.entries()) {
  const a = JSON.stringify(await stock(() => all(p))), b = JSON.stringify(await all(p));
  if (a !== b) throw new Error(`panorama ${k}: the detections differ from the stock kernels'`);
  views += p.length;
}
console.log(`detections identical on ${views} views of ${panoramas.length} panoramas`);

const one = panoramas[0];
const t = await alternate({ stock: () => stock(() => all(one)), mean: () => all(one) }, rounds);
printRatios(t, "stock", {
  header:
    `case | ms (${VIEW_SETUP.count} views) | ×stock | CPU ms | ×stock   (${rounds} rounds; load ${loadBefore} → ${load()})`,
});
