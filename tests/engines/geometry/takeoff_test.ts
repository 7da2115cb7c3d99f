/**
 * engines/geometry/takeoff.ts against the hand-computed fixtures/takeoff/lshape.expected.json,
 * and the shape measures it exports.
 */
import assert from "node:assert/strict";
import { goldenEntries } from "../../_golden.ts";
import { parsePlan } from "../../../ground/plan.ts";
import {
  conventionIncludes,
  convexHull,
  internalWallFootprint_m2,
  planTakeoff,
  polygonArea_m2,
  polygonIsConvex,
  polygonMinWidth_m,
  polygonPerimeter_m,
  type TakeoffOptions,
} from "../../../engines/geometry/takeoff.ts";
import lshape from "../../../fixtures/takeoff/lshape.json" with { type: "json" };
import expected from "../../../fixtures/takeoff/lshape.expected.json" with { type: "json" };

const plan = parsePlan(lshape).plan;
const opts = (convention: TakeoffOptions["convention"]): TakeoffOptions => ({
  convention,
  paint_coverage_m2_per_l: 10,
  paint_coats: 2,
  flooring_waste: 0.1,
});
const close = (a: number | null, b: number | null, what: string) => {
  if (b === null) return assert.equal(a, null, `${what} should be null`);
  assert.ok(a !== null && Math.abs(a - b) < 1e-9, `${what}: ${a} ≠ ${b}`);
};

Deno.test("shape measures: L-shape area, perimeter, hull width", () => {
  const L = lshape.rooms[0].polygon as [number, number][];
  assert.equal(polygonArea_m2(L), 24);
  assert.equal(polygonArea_m2([...L].reverse()), 24, "orientation does not matter");
  assert.equal(polygonPerimeter_m(L), 22);
  assert.equal(polygonIsConvex(L), false);
  assert.equal(convexHull(L).length, 5);
  // Hull of the L: (0,0) (6,0) (6,3) (3,5) (0,5); its least width is 5 (between y = 0 and y = 5).
  assert.ok(Math.abs(polygonMinWidth_m(L) - 5) < 1e-12);
  assert.equal(polygonMinWidth_m([[0, 0], [0.9, 0], [0.9, 6], [0, 6]]), 0.9);
  // A 3-4-5 right triangle: least width is the height onto the hypotenuse, 12/5.
  assert.ok(Math.abs(polygonMinWidth_m([[0, 0], [4, 0], [0, 3]]) - 2.4) < 1e-12);
});

Deno.test("per-room quantities equal the hand-computed values", () => {
  const t = planTakeoff(plan, opts("net"));
  for (const [id, want] of Object.entries(expected.rooms)) {
    const got = t.rooms.find((r) => r.room === id)!;
    for (const [k, v] of Object.entries(want)) {
      close(got[k as keyof typeof got] as number | null, v as number | null, `${id}.${k}`);
    }
  }
  assert.ok(t.assumptions.some((a) => /Doors with no stated height are taken as 2\.00 m/.test(a)));
  assert.ok(
    t.assumptions.some((a) => /Openings with no stated height are taken as full room/.test(a)),
  );
  assert.ok(!t.assumptions.some((a) => /Windows with no stated height/.test(a)));
});

for (const conv of ["net", "gross", "finished"] as const) {
  Deno.test(`${conv} totals per floor and building equal the hand-computed values`, () => {
    const t = planTakeoff(plan, opts(conv));
    assert.equal(t.convention, conv);
    assert.ok(t.convention_text.length > 40);
    const want = expected[conv] as {
      floors: Record<string, number>;
      building: Record<string, number>;
      excluded?: string[];
    };
    for (const [fid, area] of Object.entries(want.floors)) {
      close(t.floors.find((f) => f.floor === fid)!.floor_area_m2, area, `${conv} ${fid}`);
    }
    for (const [k, v] of Object.entries(want.building)) {
      close(t.building[k as keyof typeof t.building], v, `${conv} building.${k}`);
    }
    if (want.excluded) {
      assert.deepEqual(t.rooms.filter((r) => !r.included).map((r) => r.room), want.excluded);
      // Left out for its ceiling under 7 ft (the words: exclusionText, tested below).
      assert.equal(t.rooms.find((r) => r.room === "bed")!.excluded_code, "low_ceiling");
    }
  });
}

Deno.test("internal wall footprint: shared edges add nothing, a 0.2 m gap over 2 m adds 0.4 m²", () => {
  const a = { id: "a", polygon: [[0, 0], [3, 0], [3, 2], [0, 2]] as [number, number][] };
  const b = { id: "b", polygon: [[3, 0], [5, 0], [5, 2], [3, 2]] as [number, number][] };
  const c = { id: "c", polygon: [[3.2, 0], [5, 0], [5, 2], [3.2, 2]] as [number, number][] };
  assert.equal(internalWallFootprint_m2([a, b]), 0);
  assert.ok(Math.abs(internalWallFootprint_m2([a, c]) - 0.4) < 1e-12);
  assert.equal(
    internalWallFootprint_m2([a, c], 0.1),
    0,
    "gaps wider than max_wall_m are not walls",
  );
});

Deno.test("paint scales with coats and coverage; flooring with waste", () => {
  const base = planTakeoff(plan, opts("net")).building;
  const more = planTakeoff(plan, { ...opts("net"), paint_coats: 3, paint_coverage_m2_per_l: 12 })
    .building;
  close(more.paint_l, base.paint_l * (3 / 12) / (2 / 10), "paint");
  const noWaste = planTakeoff(plan, { ...opts("net"), flooring_waste: 0 }).building;
  close(noWaste.flooring_m2, 51.6, "flooring without waste");
});

Deno.test("takeoff: a convention leaves a room out with a code and its words", async (t) => {
  const said = goldenEntries("takeoff_test", t);
  const { excluded_because, ...garage } = conventionIncludes({ label: "garage" }, "finished");
  assert.deepEqual(garage, { included: false, excluded_code: "unfinished" });
  said.add(excluded_because!);
  const low = conventionIncludes({ label: "bedroom", height_m: 2.1 }, "finished");
  assert.deepEqual(low.excluded_code, "low_ceiling");
  said.add(low.excluded_because!);
  // 7 ft is 2.1336 m: 2.134 m is counted, 2.1 m (above) is not.
  assert.deepEqual(
    conventionIncludes({ label: "bedroom", height_m: 2.134 }, "finished").included,
    true,
  );
  assert.deepEqual(conventionIncludes({ label: "balcony" }, "net").excluded_code, "outdoor");
  assert.deepEqual(conventionIncludes({ label: "living" }, "net"), { included: true });
  await said.check();
});
