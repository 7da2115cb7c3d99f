/** View boxes → panorama angles and one detection per object (engines/vision/detect.ts). */
import assert from "node:assert/strict";
import { type PanoDetection, suppress, toPanoAngles } from "../../../engines/vision/detect.ts";

const spec = (yaw_deg: number) => ({ yaw_deg, pitch_deg: 0, fov_deg: 90, size_px: 512 });

Deno.test("detect: a box in the middle of a view is at the view's bearing", () => {
  const d = toPanoAngles(spec(60), { box_px: [206, 206, 306, 306], score: 0.5, label: "sink" });
  assert.ok(Math.abs(d.yaw_deg - 60) < 1e-9 && Math.abs(d.pitch_deg) < 1e-9);
  // 100 px of a 512-px 90° view: atan(50 / 256) each side = 11.05°.
  const half = Math.atan(50 / 256) * 180 / Math.PI;
  assert.ok(Math.abs(d.box.yaw_max_deg - 60 - half) < 0.01, `${d.box.yaw_max_deg}`);
  assert.ok(Math.abs(d.box.pitch_min_deg + half) < 0.01, `${d.box.pitch_min_deg}`);
});

Deno.test("detect: one object seen by two views across the seam is kept once", () => {
  // A toilet spanning yaw 172°…188° (= −172°): in the view at 150° it is x 256 + 256 tan 22°
  // … 256 + 256 tan 38° = 359…456 px, in the view at −150° it is 56…153 px.
  const a = toPanoAngles(spec(150), { box_px: [359, 300, 456, 420], score: 0.5, label: "toilet" });
  const b = toPanoAngles(spec(-150), { box_px: [56, 300, 153, 420], score: 0.6, label: "toilet" });
  const c = toPanoAngles(spec(-150), { box_px: [56, 300, 153, 420], score: 0.4, label: "sink" });
  assert.ok(Math.abs(Math.abs(a.yaw_deg) - 180) < 1 && Math.abs(Math.abs(b.yaw_deg) - 180) < 1);
  const kept = suppress([a, b, c]);
  assert.equal(kept.length, 2);
  const t = kept.find((k) => k.label === "toilet")!;
  assert.equal(t.score, 0.6);
  assert.equal(t.views, 2);
});

Deno.test("detect: two objects of one class side by side stay two", () => {
  const box = (y0: number, y1: number): PanoDetection => ({
    label: "sink",
    score: 0.5,
    yaw_deg: (y0 + y1) / 2,
    pitch_deg: -20,
    box: { yaw_min_deg: y0, yaw_max_deg: y1, pitch_min_deg: -30, pitch_max_deg: -10 },
    views: 1,
  });
  assert.equal(suppress([box(0, 10), box(10.5, 20)]).length, 2, "touching, not overlapping");
  assert.equal(suppress([box(0, 10), box(2, 12)]).length, 1, "IoU 0.67");
});
