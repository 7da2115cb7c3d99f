/**
 * Sweep headings from the ZInD importer: a door or window annotated in zind_data.json lands at
 * the bearing where the panorama shows it. The expected bearings were read by eye off the real
 * panoramas in ../shared/data/zind/panos (column of the element's centre in a 1024-px-wide copy,
 * yaw = column / 1024 · 360 − 180), independently of the importer.
 */
import assert from "node:assert/strict";
import { sharedData } from "../_data.ts";
import { importSource } from "../../layers/mod.ts";
import { zindHeadingDeg } from "../../layers/zind/mod.ts";
import { wrapDeg } from "../../engines/vision/equirect.ts";
import { panoYawOfPlanPoint } from "../../engines/vision/place.ts";

const { loaded } = await importSource(sharedData("zind/zind_data.json"));
const plan = loaded.plan;

/** [sweep, opening, yaw read off the panorama (deg), what it is]. */
const SEEN: [string, string, number, string][] = [
  ["f01_pano_31", "f01_door_8", 67.1, "laundry: white door to the garage"],
  ["f01_pano_31", "f01_door_9", -117.0, "laundry: arched doorway to the bonus room"],
  ["f01_pano_33", "f01_door_18", 2.1, "garage: the 4.7 m garage door"],
  ["f01_pano_33", "f01_door_17", -65.7, "garage: side door"],
  ["f01_pano_33", "f01_window_9", -87.9, "garage: window"],
  ["f01_pano_18", "f01_window_6", 7.4, "bedroom: window"],
];

Deno.test("zind heading: annotated doors and windows land where the panorama shows them (±5°)", () => {
  for (const [sid, oid, seen, what] of SEEN) {
    const s = plan.sweeps.find((x) => x.id === sid);
    const o = plan.openings.find((x) => x.id === oid);
    assert.ok(s && o, `${sid} / ${oid} missing`);
    assert.equal(typeof s.heading_deg, "number", `${sid} has no heading`);
    const yaw = panoYawOfPlanPoint(s.heading_deg!, [s.at[0], s.at[1]], o.at);
    assert.ok(
      Math.abs(wrapDeg(yaw - seen)) <= 5,
      `${what}: plan puts it at yaw ${yaw.toFixed(1)}°, the panorama shows it at ${seen}°`,
    );
  }
});

Deno.test("zind heading: every panorama sweep has one", () => {
  assert.ok(plan.sweeps.length > 0);
  for (const s of plan.sweeps) assert.equal(typeof s.heading_deg, "number", s.id);
});

Deno.test("zind heading: rotation 0 looks along plan −y, 90 along −x (local +y, plan y negated)", () => {
  const t = (rotation: number) => ({ translation: [0, 0] as [number, number], rotation, scale: 1 });
  assert.equal(zindHeadingDeg(t(0)), -90);
  assert.equal(Math.abs(zindHeadingDeg(t(90))), 180);
  assert.equal(zindHeadingDeg(t(-90)), 0);
});
