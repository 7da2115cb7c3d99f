/** Floor placement from a bearing and the camera height (engines/vision/place.ts), hand-computed. */
import assert from "node:assert/strict";
import {
  mergeObjects,
  MIN_FLOOR_PITCH_DEG,
  panoYawOfPlanPoint,
  placeOnFloor,
} from "../../../engines/vision/place.ts";
import type { PanoDetection } from "../../../engines/vision/detect.ts";

const near = (a: number, b: number, eps = 1e-6) => Math.abs(a - b) <= eps;
const half = Math.atan(0.25 / 1.5) * 180 / Math.PI; // half the yaw span of a 0.5 m object 1.5 m away

function det(yaw: number, bottom_deg: number): PanoDetection {
  return {
    label: "toilet",
    score: 0.6,
    yaw_deg: yaw,
    pitch_deg: bottom_deg + 5,
    box: {
      yaw_min_deg: yaw - half,
      yaw_max_deg: yaw + half,
      pitch_min_deg: bottom_deg,
      pitch_max_deg: bottom_deg + 10,
    },
    views: 1,
  };
}
const sweep = { id: "s1", at: [0, 0] as [number, number], camera_height_m: 1.5, heading_deg: 90 };

Deno.test("place: 45° down from 1.5 m is 1.5 m away, straight ahead along the heading", () => {
  const o = placeOnFloor(det(0, -45), sweep)!;
  assert.ok(near(o.distance_m, 1.5));
  // Width 2 · 1.5 · tan(half) = 0.5 m; centre half a depth beyond the front: 1.75 m north.
  assert.ok(near(o.size[0], 0.5), `${o.size[0]}`);
  assert.ok(near(o.center[0], 0) && near(o.center[1], 1.75), `${o.center}`);
  // ±2°: 1.5/tan 47° = 1.3988, 1.5/tan 43° = 1.6086; half the spread 0.105 < width/2 0.25.
  assert.ok(near(o.uncertainty_m, 0.25));
});

Deno.test("place: yaw +90° (to the right) from a heading north is east", () => {
  const o = placeOnFloor(det(90, -45), sweep)!;
  assert.ok(near(o.center[0], 1.75) && near(o.center[1], 0), `${o.center}`);
  assert.ok(near(panoYawOfPlanPoint(90, [0, 0], [1, 0]), 90));
  assert.ok(near(panoYawOfPlanPoint(90, [0, 0], [-1, 0]), -90));
});

Deno.test("place: a bottom edge at the limit pitch is placed, 0.001° higher is not", () => {
  assert.ok(placeOnFloor(det(0, MIN_FLOOR_PITCH_DEG), sweep));
  assert.equal(placeOnFloor(det(0, MIN_FLOOR_PITCH_DEG + 0.001), sweep), undefined);
  // Far objects are uncertain: at −3° from 1.5 m, 28.6 m away, the spread is metres.
  const far = placeOnFloor(det(0, -3), sweep)!;
  assert.ok(far.uncertainty_m > 10, `${far.uncertainty_m}`);
});

Deno.test("place: one sink seen from two sweeps merges, weighted by certainty", () => {
  const base = { label: "sink", score: 0.5, size: [0.5, 0.5] as [number, number], distance_m: 2 };
  const merged = mergeObjects([
    { ...base, center: [1, 1], uncertainty_m: 0.2, sweeps: ["a"] },
    { ...base, center: [1.2, 1], uncertainty_m: 0.2, sweeps: ["b"] },
    { ...base, center: [4, 1], uncertainty_m: 0.2, sweeps: ["b"] },
  ]);
  assert.equal(merged.length, 2);
  const m = merged.find((o) => o.sweeps.length === 2)!;
  assert.ok(near(m.center[0], 1.1) && near(m.center[1], 1));
  // √(1/(2/0.04) + 0.1²) = √(0.02 + 0.01): the combined error plus the sightings' scatter.
  assert.ok(near(m.uncertainty_m, Math.sqrt(0.03)), `${m.uncertainty_m}`);
});
