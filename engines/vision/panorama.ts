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

/**
 * How panoramas are cut for detection: 4 views of 100° at pitch −15° (10° overlap between
 * neighbours), 512 px, score ≥ 0.2. Inference is nearly all of a cold panorama's CPU, so the view
 * count sets its cost: 4 views are 2/3 of the 6 of 90° used before (issue 30). On the 12 ZInD
 * panoramas the held-out evaluation (bench/vision_views_heldout.ts --count 4 --fov 100) gives the
 * same label on every panorama as with 6 views of 90°: commits 12/12, right 10/12.
 */
export const VIEW_SETUP = { count: 4, pitch_deg: -15, fov_deg: 100, size_px: 512, min_score: 0.2 };

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

/**
 * Runs the detector over a panorama's views; returns one detection per object. Views are cut
 * here and handed to `detect`, or, with `searchView` (a detector that cuts its own views where
 * it runs: Detector.panorama, the worker pool), only their specs are handed over; the
 * detections are the same.
 */
export async function detectPanorama(
  pano: RgbImage,
  detect: (view: RgbImage, minScore: number) => Promise<ViewDetection[]>,
  hooks: {
    setup?: typeof VIEW_SETUP;
    /**
     * How many views are handed to the detector at once (a worker pool, detector_pool.ts,
     * answers them in parallel); 1 (the default) waits for each. With more than one, a view is
     * handed over as soon as any in flight is answered. The detections and the order of the
     * hooks' calls (in view order) do not depend on it.
     */
    parallel?: number;
    /** Detects in the view `spec` of this panorama, cut where the detector runs. */
    searchView?: (spec: ViewSpec, minScore: number) => Promise<ViewDetection[]>;
    beforeView?: (index: number, count: number, spec: ViewSpec) => void;
    afterView?: (index: number, count: number, spec: ViewSpec, found: PanoDetection[]) => void;
  } = {},
): Promise<PanoDetection[]> {
  const setup = hooks.setup ?? VIEW_SETUP;
  const specs = viewRing(setup.count, setup), n = specs.length;
  const k = Math.max(1, Math.floor(hooks.parallel ?? 1));
  const search = hooks.searchView ??
    ((spec: ViewSpec, min: number) => detect(perspectiveView(pano, spec), min));
  const results: Promise<ViewDetection[]>[] = [];
  let next = 0, stop: { error: unknown } | undefined;
  // Hands the next view over (after its beforeView hook, which may throw to cancel).
  const launch = () => {
    if (stop || next >= n) return;
    const i = next++;
    try {
      hooks.beforeView?.(i, n, specs[i]);
      results[i] = search(specs[i], setup.min_score);
    } catch (error) {
      stop = { error };
      return;
    }
    // With several in flight, the next view goes as soon as any is answered.
    if (k > 1) results[i].then(launch, (error) => void (stop ??= { error }));
  };
  for (let j = 0; j < k; j++) launch();
  const all: PanoDetection[] = [];
  for (let i = 0; i < n; i++) {
    if (!results[i]) launch();
    if (!results[i]) throw stop!.error;
    const found = (await results[i]).filter((d) => isObjectBox(d, setup.size_px))
      .map((d) => toPanoAngles(specs[i], d));
    hooks.afterView?.(i, n, specs[i], found);
    all.push(...found);
    if (k === 1) launch();
  }
  return suppress(all);
}
