/**
 * Child of detector_test.ts: loads the detector under the confined flags and runs one view, then
 * the default detector (RUN_IO: two workers where there are 2 cores) on one blank panorama.
 */
import { loadCenterNet } from "../../layers/detector.ts";
import { RUN_IO } from "../../layers/io.ts";
import { detectPanorama } from "../../engines/vision/panorama.ts";

const det = await loadCenterNet();
const found = await det.detect(
  { width: 512, height: 512, data: new Uint8Array(512 * 512 * 3) },
  0.3,
);
console.log(`loaded ${det.backend}, ${found.length} detections on a blank view`);
const d = await RUN_IO.detector();
const pano = { width: 1024, height: 512, data: new Uint8Array(1024 * 512 * 3) };
const search = d.panorama?.(pano);
const all = await detectPanorama(pano, (v, s) => d.detect(v, s), {
  parallel: d.parallel,
  ...(search ? { searchView: (v, s) => search.detect(v, s) } : {}),
});
search?.release();
console.log(
  `default: ${d.backend} × ${d.parallel ?? 1}${
    search ? ", views cut in the workers" : ""
  }, ${all.length} detections on a blank panorama`,
);
