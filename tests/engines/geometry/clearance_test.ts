/**
 * clearance.ts: door clear widths, free floor, the largest circle (hand-computed on an
 * L-shaped room and a room with a bed), ADA's T, and the property that moving an object out of
 * a room never shrinks its circle.
 */
import { goldenEntries } from "../../_golden.ts";
import { assertEquals, assertOk } from "../../_assert.ts";
import { fixture } from "../../_data.ts";
import { parsePlanText, type Point } from "../../../ground/plan.ts";
import {
  ADA_T_TURN,
  DOOR_LEAF_AND_STOP_M,
  doorClearWidth,
  freeFloor,
  largestInscribedCircle,
  neededClearWidth,
  objectFootprint,
  ringsArea_m2,
  tTurnFits,
  tTurnFootprint,
} from "../../../engines/geometry/clearance.ts";
import { ringArea_m2 } from "../../../engines/geometry/clip.ts";

const near = (a: number, b: number, eps: number, msg?: string) =>
  assertOk(Math.abs(a - b) <= eps, `${msg ?? ""} ${a} vs ${b} (±${eps})`);
const load = (name: string) =>
  parsePlanText(Deno.readTextFileSync(fixture(`geometry/${name}.json`))).plan;

Deno.test("clearance: door clear width stated, opening, estimated from the leaf", async (t) => {
  const said = goldenEntries("clearance_test", t);
  const { basis: statedBasis, ...stated } = doorClearWidth({
    id: "a",
    kind: "door",
    width_m: 0.9,
    clear_width_m: 0.84,
  });
  assertEquals(stated, { clear_width_m: 0.84, estimated: false, basis_code: "stated" });
  said.add(statedBasis);
  assertEquals(doorClearWidth({ id: "b", kind: "opening", width_m: 1.2 }).clear_width_m, 1.2);
  const est = doorClearWidth({ id: "c", kind: "door", width_m: 0.7 });
  assertOk(est.estimated);
  assertEquals(est.basis_code, "leaf_estimate");
  assertEquals(doorClearWidth({ id: "b", kind: "opening", width_m: 1.2 }).basis_code, "no_leaf");
  // 2 3/8 in = 60.325 mm (FHA Design Manual ch. 3): 0.700 − 0.060325 = 0.639675 m.
  near(est.clear_width_m, 0.639675, 1e-12);
  near(DOOR_LEAF_AND_STOP_M, 0.060325, 1e-12);
  said.add(est.basis);
  await said.check();
});

Deno.test("clearance: the clear width needed is the larger of the minimum and chair + margin", () => {
  assertEquals(neededClearWidth(0.815, 0.76, 0.05), { need_m: 0.815, governs: "minimum" });
  const p = neededClearWidth(0.815, 0.827, 0.05);
  near(p.need_m, 0.877, 1e-12);
  assertEquals(p.governs, "chair");
});

Deno.test("clearance: L-shaped room, circle by hand", () => {
  // Legs 1.5 m wide, inner corner (1.5, 1.5). The widest circle sits in the corner square,
  // touching both outer walls and the inner corner: c = √2 (1.5 − c), so
  // c = 1.5√2 / (1 + √2) = 0.878680 m (wider than the legs' 0.75 m).
  const l = load("l_room").rooms[0];
  const c = largestInscribedCircle(l.polygon)!;
  const r = (1.5 * Math.SQRT2) / (1 + Math.SQRT2);
  assertOk(c.radius_m <= r + 1e-9 && c.radius_m >= r - 0.005, `radius ${c.radius_m} vs ${r}`);
  near(c.center[0], r, 0.02);
  near(c.center[1], r, 0.02);
});

Deno.test("clearance: a room with a bed, circle by hand", () => {
  // 3 × 3.2 m room, bed 1.6 × 2.0 against the far wall (x 0.7–2.3, y 1.2–3.2). The widest
  // circle touches the left and near walls and the bed's corner (0.7, 1.2):
  // (0.7 − c)² + (1.2 − c)² = c²  ->  c = (3.8 − √6.72) / 2 = 0.603852 m.
  const plan = load("bed_room");
  const room = plan.rooms[0];
  const bed = objectFootprint(plan.objects[0]);
  const c = largestInscribedCircle(room.polygon, [bed])!;
  const r = (3.8 - Math.sqrt(6.72)) / 2;
  assertOk(c.radius_m <= r + 1e-9 && c.radius_m >= r - 0.005, `radius ${c.radius_m} vs ${r}`);
  // Free floor: 9.6 m² less the 3.2 m² bed.
  near(freeFloor(room.polygon, [bed]).reduce((s, p) => s + ringsArea_m2(p), 0), 6.4, 1e-6);
  // Without the bed: the 3 m width governs.
  near(largestInscribedCircle(room.polygon)!.radius_m, 1.5, 0.005);
});

Deno.test("clearance: zero-area room and a room covered by an object have no circle", () => {
  assertEquals(largestInscribedCircle([[0, 0], [1, 0], [2, 0]]), undefined);
  const sq: Point[] = [[0, 0], [1, 0], [1, 1], [0, 1]];
  assertEquals(largestInscribedCircle(sq, [[[-1, -1], [2, -1], [2, 2], [-1, 2]]]), undefined);
});

Deno.test("clearance: ADA 304.3.2 T footprint and where it fits", () => {
  const t = tTurnFootprint([0, 0], 0);
  // Area: the 1.525 × 0.915 bar plus the 0.915 × 0.610 base.
  near(Math.abs(ringArea_m2(t)), 1.525 * 0.915 + 0.915 * 0.61, 1e-9);
  assertEquals(ADA_T_TURN, { square_m: 1.525, width_m: 0.915 });
  // A 1.6 m square room holds the T; a 1.0 m wide corridor does not; a 1.525 m wide room
  // 3 m long holds the T but also the circle.
  assertOk(tTurnFits([[0, 0], [1.6, 0], [1.6, 1.6], [0, 1.6]]).fits);
  assertEquals(tTurnFits([[0, 0], [5, 0], [5, 1], [0, 1]]).fits, false);
  // A T-shaped junction: a 1.0 m deep bar over a 1.05 m wide stem. The widest circle (centre
  // x 0.825, touching the far wall and the stem's corners) is 1.276 m; the T fits.
  const junction: Point[] = [
    [0, 0.7],
    [0.3, 0.7],
    [0.3, 0],
    [1.35, 0],
    [1.35, 0.7],
    [1.7, 0.7],
    [1.7, 1.7],
    [0, 1.7],
  ];
  near(largestInscribedCircle(junction)!.radius_m, 0.6378, 0.006);
  assertOk(tTurnFits(junction).fits);
});

/** Mulberry32: a small seeded generator so property tests are repeatable. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

Deno.test("clearance property: moving an object out of a room never shrinks its circle", () => {
  const rand = rng(20261130);
  const room: Point[] = [[0, 0], [5, 0], [5, 4], [2, 4], [2, 6], [0, 6]];
  for (let trial = 0; trial < 25; trial++) {
    const objects = Array.from({ length: 1 + Math.floor(rand() * 5) }, () =>
      objectFootprint({
        center: [0.3 + rand() * 4.4, 0.3 + rand() * 5.4],
        size: [0.3 + rand() * 1.5, 0.3 + rand() * 1.2],
        yaw_deg: rand() * 180,
      }));
    const all = largestInscribedCircle(room, objects)?.radius_m ?? 0;
    const k = Math.floor(rand() * objects.length);
    const fewer = largestInscribedCircle(room, objects.filter((_, i) => i !== k))?.radius_m ?? 0;
    // Both are within 5 mm of their true values, so allow the two precisions.
    assertOk(fewer >= all - 0.01, `trial ${trial}: ${fewer} < ${all}`);
  }
});
