/**
 * Floor texture (engines/vision/floor.ts): Haralick's contrast by hand on tiny images, and the
 * carpet / hard-floor split measured on the 12 ZInD sample panoramas against hand labels
 * (fixtures/vision/zind_floors.json), with the threshold fitted leave-one-out; counter-height
 * edges (engines/vision/counters.ts) on the same panoramas.
 */
import { goldenEntries } from "../../_golden.ts";
import assert from "node:assert/strict";
import { fixture } from "../../_data.ts";
import {
  CARPET_CONTRAST,
  floorKey,
  floorKind,
  glcmContrast,
} from "../../../engines/vision/floor.ts";
import { counterShareOf, floorOf } from "./_zind_cases.ts";
import { wallDistance_m } from "../../../engines/vision/counters.ts";
import { COUNTER_SHARE } from "../../../engines/vision/labels.ts";

Deno.test("floor: Haralick contrast by hand — stripes, a flat image, a ramp", () => {
  // Columns alternating 0 / 255: every horizontal pair is levels 0 and 15, (15 − 0)² = 225.
  const stripes = new Float32Array(16).map((_, i) => (i % 2 ? 255 : 0));
  assert.equal(glcmContrast(stripes, 4), 225);
  // A flat image has no contrast (and no grey range to quantise).
  assert.equal(glcmContrast(new Float32Array(16).fill(90), 4), 0);
  // A ramp 0..15 along a row of 16, quantised to 16 levels between its 2nd and 98th
  // percentiles (0 and 15): neighbours one level apart, contrast 1.
  const ramp = new Float32Array(16).map((_, i) => i);
  assert.equal(glcmContrast(ramp, 16), 1);
});

Deno.test("floor: the threshold is inclusive, and the cache key names the setup", async (t) => {
  const said = goldenEntries("floor_test", t);
  assert.equal(floorKind(CARPET_CONTRAST), "carpet");
  assert.equal(floorKind(CARPET_CONTRAST - 1e-9), "hard");
  said.add(floorKey());
  await said.check();
});

const hand = JSON.parse(Deno.readTextFileSync(fixture("vision/zind_floors.json"))) as {
  floors: Record<string, string>;
};

Deno.test({
  name: "floor: carpet and hard floors separate on every ZInD sample panorama (leave-one-out)",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const rows: { file: string; carpet: boolean; contrast: number }[] = [];
    for (const [file, material] of Object.entries(hand.floors)) {
      if (material === "mixed") continue;
      rows.push({ file, carpet: material === "carpet", contrast: (await floorOf(file)).contrast });
    }
    assert.equal(rows.length, 11, "11 panoramas with one floor material");
    const hardMax = Math.max(...rows.filter((r) => !r.carpet).map((r) => r.contrast));
    const carpetMin = Math.min(...rows.filter((r) => r.carpet).map((r) => r.contrast));
    console.log(
      rows.map((r) => `${r.file} ${r.carpet ? "carpet" : "hard  "} ${r.contrast.toFixed(2)}`)
        .join("\n") + `\nhard ≤ ${hardMax.toFixed(2)}, carpet ≥ ${carpetMin.toFixed(2)}`,
    );
    assert.ok(hardMax < CARPET_CONTRAST && CARPET_CONTRAST <= carpetMin, "the shipped threshold");
    // Leave-one-out: the threshold fitted on the other 10 (midway between the classes) still
    // calls the held-out floor right.
    let right = 0;
    for (const held of rows) {
      const rest = rows.filter((r) => r !== held);
      const t = (Math.max(...rest.filter((r) => !r.carpet).map((r) => r.contrast)) +
        Math.min(...rest.filter((r) => r.carpet).map((r) => r.contrast))) / 2;
      if ((floorKind(held.contrast, t) === "carpet") === held.carpet) right++;
    }
    assert.equal(right, rows.length, `leave-one-out: ${right} of ${rows.length}`);
  },
});

Deno.test({
  name: "counters: long edges at counter height stand out in the kitchen panorama of the sample",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const shares = [];
    for (const file of Object.keys(hand.floors)) {
      shares.push({ file, share: await counterShareOf(file) });
    }
    shares.sort((a, b) => b.share - a.share);
    console.log(shares.map((s) => `${s.file} ${s.share.toFixed(2)}`).join("\n"));
    // The one kitchen panorama has the most counter edge, above COUNTER_SHARE; no other reaches it.
    assert.equal(shares[0].file, "floor_01_partial_room_06_pano_10.jpg");
    assert.ok(shares[0].share >= COUNTER_SHARE);
    assert.ok(shares.slice(1).every((s) => s.share < COUNTER_SHARE));
  },
});

Deno.test("counters: the wall distance along a direction in a 4 × 3 m room, by hand", () => {
  const ring: [number, number][] = [[0, 0], [4, 0], [4, 3], [0, 3]];
  assert.equal(wallDistance_m(ring, [1, 1], 0), 3);
  assert.equal(wallDistance_m(ring, [1, 1], 90), 2);
  assert.ok(Math.abs(wallDistance_m(ring, [1, 1], 45) - 2 * Math.SQRT2) < 1e-9);
  assert.equal(wallDistance_m(ring, [1, 1], 180), 1);
});
