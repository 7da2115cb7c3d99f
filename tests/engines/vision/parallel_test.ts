/**
 * detectPanorama handing views to the detector several at once (the worker pool's use,
 * layers/detector_pool.ts): the same detections and the same view order in the hooks, with up to
 * `parallel` inferences in flight. A stand-in detector answers after a delay that depends on the
 * view, so a later view can finish first.
 */
import assert from "node:assert/strict";
import { detectPanorama, VIEW_SETUP } from "../../../engines/vision/panorama.ts";
import type { RgbImage } from "../../../ground/image.ts";
import type { ViewDetection } from "../../../ground/detector.ts";

function pano(): RgbImage {
  const width = 256, height = 128, data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 37) % 251;
  return { width, height, data };
}

function slowDetector() {
  let inFlight = 0, most = 0;
  return {
    get most() {
      return most;
    },
    async detect(view: RgbImage): Promise<ViewDetection[]> {
      inFlight++, most = Math.max(most, inFlight);
      const v = view.data[view.data.length >> 1];
      await new Promise((r) => setTimeout(r, 5 + (v % 7) * 3));
      inFlight--;
      return [{ label: "sink", score: 0.3 + (v % 50) / 100, box_px: [200, 200, 260, 260] }];
    },
  };
}

Deno.test("panorama: views handed two at once give the detections of one at a time", async () => {
  const p = pano();
  const a = slowDetector(), b = slowDetector();
  const orderA: number[] = [], orderB: number[] = [];
  const one = await detectPanorama(p, (v) => a.detect(v), {
    afterView: (i) => orderA.push(i),
  });
  const two = await detectPanorama(p, (v) => b.detect(v), {
    parallel: 2,
    afterView: (i) => orderB.push(i),
  });
  assert.deepEqual(two, one);
  assert.deepEqual(orderB, orderA);
  assert.deepEqual(orderA, [...Array(VIEW_SETUP.count).keys()]);
  assert.equal(a.most, 1, "one at a time by default");
  assert.equal(b.most, 2, "two in flight with parallel: 2");
});
