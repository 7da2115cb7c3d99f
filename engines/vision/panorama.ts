/**
 * One panorama → the objects in it: cut the ring of perspective views (equirect.ts), run the
 * detector on each (centernet.ts), map every box into panorama angles and keep one detection per
 * object (detect.ts). The detector is passed in, so this runs the same with the real model and
 * with a test double; hooks before and after each view carry steps and cancellation.
 */
import { perspectiveView, viewRing, type ViewSpec } from "./equirect.ts";
import type { RgbImage } from "../../ground/image.ts";
import { type PanoDetection, suppress, toPanoAngles } from "./detect.ts";
import type { ViewDetection } from "../../ground/detector.ts";

/** How panoramas are cut for detection: 6 views of 90° at pitch −15°, 512 px, score ≥ 0.2. */
export const VIEW_SETUP = { count: 6, pitch_deg: -15, fov_deg: 90, size_px: 512, min_score: 0.2 };

/** The cache key of a detector and view setup: a change in either recomputes. */
export function detectionKey(model = "centernet@human-models-3.0.4", setup = VIEW_SETUP): string {
  return `${model}/${setup.count}x${setup.fov_deg}deg@${setup.pitch_deg}/${setup.size_px}px/s${setup.min_score}/objbox`;
}

/**
 * Whether a view box can be an object: boxes covering more than half the view, or touching three
 * of its four borders, are the detector reading the whole view (an empty floor read as a bed, a
 * wall as a refrigerator), not an object in it.
 */
export function isObjectBox(d: ViewDetection, size_px: number): boolean {
  const [x1, y1, x2, y2] = d.box_px, m = 2;
  const area = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const borders = [x1 <= m, y1 <= m, x2 >= size_px - m, y2 >= size_px - m].filter(Boolean).length;
  return area <= 0.5 * size_px * size_px && borders < 3;
}

/** Runs the detector over a panorama's views; returns one detection per object. */
export async function detectPanorama(
  pano: RgbImage,
  detect: (view: RgbImage, minScore: number) => Promise<ViewDetection[]>,
  hooks: {
    setup?: typeof VIEW_SETUP;
    /**
     * How many views are handed to `detect` at once (a worker pool, pool.ts, answers them in
     * parallel); 1 (the default) waits for each. The detections do not depend on it.
     */
    parallel?: number;
    beforeView?: (index: number, count: number, spec: ViewSpec) => void;
    afterView?: (index: number, count: number, spec: ViewSpec, found: PanoDetection[]) => void;
  } = {},
): Promise<PanoDetection[]> {
  const setup = hooks.setup ?? VIEW_SETUP;
  const specs = viewRing(setup.count, setup);
  const k = Math.max(1, Math.floor(hooks.parallel ?? 1));
  const all: PanoDetection[] = [];
  for (let i0 = 0; i0 < specs.length; i0 += k) {
    const batch = specs.slice(i0, i0 + k).map((spec, j) => {
      hooks.beforeView?.(i0 + j, specs.length, spec);
      return detect(perspectiveView(pano, spec), setup.min_score);
    });
    const results = await Promise.all(batch);
    results.forEach((r, j) => {
      const spec = specs[i0 + j];
      const found = r.filter((d) => isObjectBox(d, setup.size_px))
        .map((d) => toPanoAngles(spec, d));
      hooks.afterView?.(i0 + j, specs.length, spec, found);
      all.push(...found);
    });
  }
  return suppress(all);
}
