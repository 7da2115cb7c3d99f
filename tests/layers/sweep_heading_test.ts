/**
 * Sweep headings from the Matterport3D and Matterport importers (the ZInD ones are in
 * zind_heading_test.ts). Expected values are worked out by hand from the numbers in the files:
 * the real simulator connectivity sample (../shared/data/mp3d-sim) and the hand-made `.house`
 * fixture (fixtures/mp3d/two-level.house), whose I line 1 is the level camera i1_5 of panorama 0
 * looking south (world → camera rotation rows (−1, 0, 0), (0, 0, 1), (0, 1, 0)), so skybox 3,
 * opposite it, looks north: heading 90°.
 */
import { goldenEntries } from "../_golden.ts";
import assert from "node:assert/strict";
import { importSource } from "../../layers/mod.ts";
import { poseHeadingDeg } from "../../layers/mp3d/mod.ts";
import { SWEEP_HEADING_WHY } from "../../layers/matterport/mod.ts";
import { panoYawOfPlanPoint } from "../../engines/vision/place.ts";
import { wrapDeg } from "../../engines/vision/equirect.ts";
import { fixture, sharedData } from "../_data.ts";

const CONN = sharedData("mp3d-sim/17DRP5sb8fy_connectivity.json");
const close = (a: number | undefined, b: number, eps: number, what: string) =>
  assert.ok(a !== undefined && Math.abs(wrapDeg(a - b)) <= eps, `${what}: expected ${b}, got ${a}`);

Deno.test("mp3d connectivity heading: the pose's look axis, by hand for three real viewpoints", async () => {
  const raw = JSON.parse(Deno.readTextFileSync(CONN));
  const { loaded, report } = await importSource(CONN);
  // [index, pose[2], pose[6] as in the file, atan2(pose[6], pose[2]) in degrees by hand].
  const HAND: [number, number, number, number][] = [
    [0, -0.35657, -0.93407, -110.8938],
    [1, 0.999371, 0.0283563, 1.6253],
    [47, -0.99473, -0.102432, -174.1207],
  ];
  for (const [k, x, y, deg] of HAND) {
    assert.equal(raw[k].pose[2], x);
    assert.equal(raw[k].pose[6], y);
    const s = loaded.plan.sweeps.find((v) => v.id === raw[k].image_id)!;
    close(s.heading_deg, deg, 1e-3, `viewpoint ${k}`);
  }
  assert.ok(loaded.plan.sweeps.every((s) => typeof s.heading_deg === "number"));
  assert.ok(report.mapped.some((m) => m.includes("48 sweep heading(s)")), report.mapped.join("\n"));
});

Deno.test("mp3d connectivity heading: every real pose is an upright camera (y down, x = look turned clockwise)", () => {
  const raw = JSON.parse(Deno.readTextFileSync(CONN)) as { pose: number[] }[];
  for (const [i, { pose: p }] of raw.entries()) {
    // Second column (camera y) points down; first column (camera x, right) is the look turned
    // clockwise seen from above: (lx, ly) → (ly, −lx). This is what makes the third column the look.
    assert.ok(p[9] < -0.95, `viewpoint ${i}: camera y is not down (${p[9]})`);
    assert.ok(Math.abs(p[0] - p[6]) < 0.05 && Math.abs(p[4] + p[2]) < 0.05, `viewpoint ${i}`);
  }
});

Deno.test("mp3d connectivity heading: a neighbour's panorama yaw is the simulator's rel_heading", async () => {
  // Matterport3DSimulator src/lib/MatterSim.cpp populateNavigable: heading h is measured in the
  // global frame (camera_horizon_dir = (cos(π/2 − h), sin(π/2 − h))) and a target's rel_heading is
  // positive to the right. A camera turned to look at the panorama's centre (h = 90° − heading_deg)
  // must see each neighbour at rel_heading = its yaw in the panorama.
  const { loaded } = await importSource(CONN);
  const plan = loaded.plan;
  let n = 0;
  for (const e of plan.nav!.edges) {
    const a = plan.sweeps.find((s) => s.id === e.from)!,
      b = plan.sweeps.find((s) => s.id === e.to)!;
    const h = Math.PI / 2 - (a.heading_deg! * Math.PI) / 180;
    const adjusted = Math.PI / 2 - h;
    const cx = Math.cos(adjusted), cy = Math.sin(adjusted);
    const tx = b.at[0] - a.at[0], ty = b.at[1] - a.at[1];
    const rel = Math.atan2(tx * cy - ty * cx, tx * cx + ty * cy) * 180 / Math.PI;
    const yaw = panoYawOfPlanPoint(a.heading_deg!, [a.at[0], a.at[1]], [b.at[0], b.at[1]]);
    close(yaw, rel, 1e-6, `${a.id} → ${b.id}`);
    n++;
  }
  assert.ok(n > 50, `${n} links checked`);
});

Deno.test("mp3d .house heading: from I line camera 1, yaw 5; annotated doors land where the pose puts them", async () => {
  const { loaded, report } = await importSource(fixture("mp3d/two-level.house"));
  const plan = loaded.plan;
  const s = plan.sweeps.find((x) => x.id === "0a1b2c3d4e5f40718293a4b5c6d7e8f0")!;
  // i1_5 looks along −(row 3) = (0, −1, 0), south; skybox 3 looks opposite: north, 90°.
  close(s.heading_deg, 90, 1e-9, "panorama 0");
  // Door object O 0 at (4, 1.5), due east of the camera at (2, 1.5): facing north, east is 90° to
  // the right. Door object O 1 at (2, 3), due north: straight ahead, yaw 0°.
  const door = (id: string) => plan.openings.find((o) => o.id === id)!;
  assert.deepEqual(door("door0").at, [4, 1.5]);
  assert.deepEqual(door("door1").at, [2, 3]);
  close(panoYawOfPlanPoint(s.heading_deg!, [2, 1.5], door("door0").at), 90, 1e-9, "door0");
  close(panoYawOfPlanPoint(s.heading_deg!, [2, 1.5], door("door1").at), 0, 1e-9, "door1");
  // The other three panoramas have no i1_5 image: no heading, and the report says why.
  assert.equal(plan.sweeps.filter((x) => x.heading_deg === undefined).length, 3);
  assert.ok(
    report.lacking.some((l) => l.startsWith("3 sweep(s) without a heading") && l.includes("yaw 5")),
    report.lacking.join("\n"),
  );
});

Deno.test("mp3d heading: a pose whose look is not level gives no heading", () => {
  // Looking straight down: third column (0, 0, −1).
  assert.equal(poseHeadingDeg([1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1]), undefined);
  // Looking along +y, level.
  assert.equal(poseHeadingDeg([1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1]), 90);
});

Deno.test("matterport heading: none recorded, and the import report says why", async (t) => {
  const said = goldenEntries("sweep_heading_test", t);
  const { loaded, report } = await importSource(fixture("matterport/metric.json"));
  assert.ok(loaded.plan.sweeps.length > 0);
  assert.ok(loaded.plan.sweeps.every((s) => s.heading_deg === undefined));
  assert.ok(report.lacking.includes(SWEEP_HEADING_WHY), report.lacking.join("\n"));
  said.add(SWEEP_HEADING_WHY);
  await said.check();
});
