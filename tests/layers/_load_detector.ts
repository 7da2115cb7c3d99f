/** Child of confined_test.ts: loads the detector under the confined flags and runs one view. */
import { loadCenterNet } from "../../layers/detector.ts";

const det = await loadCenterNet();
const found = await det.detect(
  { width: 512, height: 512, data: new Uint8Array(512 * 512 * 3) },
  0.3,
);
console.log(`loaded ${det.backend}, ${found.length} detections on a blank view`);
