/**
 * What a run reads from outside core, handed in by whoever starts it (every surface, the batch
 * runner and the library's callers): rasters (layers/rasters.ts), panoramas
 * (layers/panoramas.ts) and the object detector (CenterNet, engines/vision/centernet.ts).
 * Core imports none of them (design.md § "Nevers"); a run made without them says so when a
 * tool asks for one.
 *
 * ```ts
 * await runTool(m, { ...RUN_IO, store, set: { scan: "home" } });
 * ```
 */
import type { RunIo } from "../core/context.ts";
import type { Detector } from "../ground/detector.ts";
import { openPanorama } from "./panoramas.ts";
import { rescanAfterRun } from "./rescan.ts";

/**
 * The raster source of layers/rasters.ts, loaded on first use: the GeoTIFF reader stays out
 * of runs that read no raster (and out of the command line's cold start).
 */
const LAYER_RASTERS: NonNullable<RunIo["rasters"]> = {
  elevation: async (...a) => (await import("./rasters.ts")).RASTERS.elevation(...a),
  imagery: async (...a) => (await import("./rasters.ts")).RASTERS.imagery(...a),
};

let detector: Promise<Detector> | undefined;

/** How long the default detector's workers wait for the next view before they close. */
export const DETECTOR_IDLE_MS = 3000;

/**
 * The default detector: CenterNet on the wasm backend, loaded on first use, as two workers
 * (layers/detector_pool.ts: two views at once, each worker cutting its own from one shared
 * copy of the panorama) where there are two cores or more, else, or when the workers cannot
 * start, in this thread (kept for the process). Both give the same detections. The workers close
 * after {@link DETECTOR_IDLE_MS} without a view (a process holding them ends by then) and start
 * again when next asked.
 */
export function defaultDetector(): Promise<Detector> {
  detector ??= startDetector();
  detector.catch(() => (detector = undefined));
  return detector;
}

async function startDetector(): Promise<Detector> {
  const workers = Math.min(2, navigator.hardwareConcurrency ?? 1);
  if (workers >= 2) {
    try {
      const { closingWhenIdle, loadCenterNetPool } = await import("./detector_pool.ts");
      const first = await loadCenterNetPool(workers);
      return closingWhenIdle(() => loadCenterNetPool(workers), workers, DETECTOR_IDLE_MS, first);
    } catch { /* the in-thread detector says why, when it cannot load either */ }
  }
  const m = await import("./detector.ts");
  return await m.loadCenterNet();
}

/**
 * Rasters, panoramas and the detector as threshold reads them, and findings matched across
 * re-scans (layers/rescan.ts), for `runTool`/`createSession`.
 */
export const RUN_IO: Required<RunIo> = {
  rasters: LAYER_RASTERS,
  panoramas: openPanorama,
  detector: defaultDetector,
  rescan: rescanAfterRun,
};
