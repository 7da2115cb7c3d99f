import assert from "node:assert/strict";
import { parsePlan } from "../../../ground/plan.ts";
import {
  findingKind,
  matchFindings,
  ringCentroid,
  subjectPlace,
} from "../../../engines/geometry/rescan.ts";

Deno.test("rescan: area centroids by hand (rectangle, triangle, L)", () => {
  assert.deepEqual(ringCentroid([[0, 0], [4, 0], [4, 2], [0, 2]]), [2, 1]);
  const [tx, ty] = ringCentroid([[0, 0], [3, 0], [0, 3]]);
  assert.ok(Math.abs(tx - 1) < 1e-12 && Math.abs(ty - 1) < 1e-12);
  // L of a 2×2 square at the origin and a 2×1 bar on its right: areas 4 and 2,
  // centroids (1,1) and (3,0.5) → ((4·1 + 2·3)/6, (4·1 + 2·0.5)/6) = (5/3, 5/6).
  const [lx, ly] = ringCentroid([[0, 0], [4, 0], [4, 1], [2, 1], [2, 2], [0, 2]]);
  assert.ok(Math.abs(lx - 5 / 3) < 1e-12 && Math.abs(ly - 5 / 6) < 1e-12);
});

const plan = (prefix: string, dx: number, floorId: string) =>
  parsePlan({
    id: `${prefix}plan`,
    floors: [{ id: floorId, index: 0, elevation_m: 0 }, {
      id: `${floorId}up`,
      index: 1,
      elevation_m: 3,
    }],
    rooms: [
      {
        id: `${prefix}r1`,
        floor: floorId,
        label: "hallway",
        polygon: [[0, 0], [4, 0], [4, 4], [0, 4]],
      },
      {
        id: `${prefix}r2`,
        floor: floorId,
        label: "bedroom",
        polygon: [[4, 0], [8, 0], [8, 4], [4, 4]],
      },
      {
        id: `${prefix}r3`,
        floor: `${floorId}up`,
        label: "bedroom",
        polygon: [[4, 0], [8, 0], [8, 4], [4, 4]],
      },
    ],
    openings: [
      {
        id: `${prefix}d1`,
        kind: "door",
        floor: floorId,
        between: [`${prefix}r1`, `${prefix}r2`],
        at: [4 + dx, 2],
        width_m: 0.7,
      },
      {
        id: `${prefix}d2`,
        kind: "door",
        floor: floorId,
        between: [`${prefix}r1`, null],
        at: [0 + dx, 2],
        width_m: 0.7,
      },
    ],
  }).plan;

Deno.test("rescan: findings match by kind, floor and place within the tolerance, ids aside", () => {
  const a = plan("", 0, "f0");
  const b = plan("n_", 0.3, "g0");
  assert.deepEqual(subjectPlace(a, "r1"), { floor_index: 0, at: [2, 2] });
  assert.deepEqual(subjectPlace(b, "n_d1"), { floor_index: 0, at: [4.3, 2] });
  assert.equal(subjectPlace(a, "nothing"), undefined);
  assert.equal(findingKind("door_clearance:door:d1", "d1"), "door_clearance:door:*");
  const prev = [
    { id: "door_clearance:door:d1", subject: "d1" },
    { id: "door_clearance:door:d2", subject: "d2" },
    { id: "ceiling_height:room:r2", subject: "r2" },
    { id: "site:side:north", subject: "north" },
  ];
  const next = [
    { id: "door_clearance:door:n_d1", subject: "n_d1" },
    { id: "door_clearance:door:n_d2", subject: "n_d2" },
    { id: "ceiling_height:room:n_r3", subject: "n_r3" }, // same place, other floor
    { id: "site:side:north", subject: "north" },
  ];
  assert.deepEqual(matchFindings(prev, a, next, b).sort(), [
    ["door_clearance:door:d1", "door_clearance:door:n_d1"],
    ["door_clearance:door:d2", "door_clearance:door:n_d2"],
    ["site:side:north", "site:side:north"],
  ]);
  // 0.3 m apart: beyond a 0.29 m tolerance, within 0.31 m.
  assert.equal(matchFindings(prev, a, next, b, 0.29).length, 1);
  assert.equal(matchFindings(prev, a, next, b, 0.31).length, 3);
});
