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

/** The default detector: CenterNet on the wasm backend, loaded on first use. */
export async function defaultDetector(): Promise<Detector> {
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
