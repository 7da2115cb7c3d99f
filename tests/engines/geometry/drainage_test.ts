/** engines/geometry/drainage.ts on hand-made 5 × 5 grids (1 m cells, north up) with hand-worked answers. */
import assert from "node:assert/strict";
import type { Grid } from "../../../ground/grid.ts";
import type { OutsideWall } from "../../../engines/geometry/footprint.ts";
import {
  flowArrowLattice,
  nearestOutsideWall,
  pondsAgainst,
  transectFeet,
  upslopeBySide,
} from "../../../engines/geometry/drainage.ts";

/** A 5 × 5 grid of 1 m cells whose top-left corner is (0, 5): cell (r, c) centres at (c + .5, 4.5 − r). */
const grid = (fill = 10): Grid => ({
  width: 5,
  height: 5,
  data: new Float64Array(25).fill(fill),
  transform: [0, 1, 0, 5, 0, -1],
  crs: "local",
});
const wall = (a: [number, number], b: [number, number], normal: [number, number]): OutsideWall => ({
  room: "r",
  a,
  b,
  normal,
  length_m: Math.hypot(b[0] - a[0], b[1] - a[1]),
});
const at = (r: number, c: number) => r * 5 + c;

Deno.test("transectFeet: every ≤ 1 m, 0.25 m in from the ends; a short wall gets its middle", () => {
  const long = transectFeet(wall([0, 0], [4, 0], [0, -1])).map((f) => f.at);
  assert.deepEqual(long, [[0.25, 0], [1.125, 0], [2, 0], [2.875, 0], [3.75, 0]]);
  const short = transectFeet(wall([0, 0], [0, 0.8], [-1, 0])).map((f) => f.at);
  assert.deepEqual(short, [[0, 0.4]]);
});

Deno.test("pondsAgainst: a two-cell hollow touching the building is kept, one away from it is not", () => {
  const g = grid();
  const z = g.data.slice();
  z[at(2, 1)] = 9.8;
  z[at(2, 2)] = 9.9;
  z[at(0, 4)] = 9.5; // a deeper pit, but nowhere near the building
  const filled = new Float64Array(25).fill(10);
  const mask = new Uint8Array(25);
  mask[at(2, 3)] = 1; // the building
  const next = new Uint8Array(25);
  next[at(2, 2)] = 1;
  const ponds = pondsAgainst(g, z, filled, mask, next, 0.005);
  assert.equal(ponds.length, 1);
  const [p] = ponds;
  assert.equal(p.cells, 2);
  assert.equal(p.area_m2, 2);
  assert.ok(Math.abs(p.depth_m - 0.2) < 1e-12);
  assert.ok(Math.abs(p.volume_m3 - 0.3) < 1e-12);
  assert.deepEqual(p.contact, [2.5, 2.5], "the touching cell");
  assert.deepEqual(p.rects, [[[1, 3], [3, 3], [3, 2], [1, 2], [1, 3]]], "one run of row 2");
  // The touching cell holds 0.1 m: 1 mm under it, it still touches; at 0.1 m it no longer
  // counts as wet, and the deeper cell beside it does not touch the building.
  assert.equal(pondsAgainst(g, z, filled, mask, next, 0.099)[0]?.cells, 2);
  assert.equal(pondsAgainst(g, z, filled, mask, next, 0.1).length, 0);
});

Deno.test("upslopeBySide: every cell flowing east onto a west-facing wall counts for the west side", () => {
  const g = grid();
  const dirs = new Int8Array(25).fill(0); // D8 code 0: one column east
  const mask = new Uint8Array(25);
  for (let r = 0; r < 5; r++) mask[at(r, 4)] = 1;
  const west = wall([4, 0], [4, 5], [-1, 0]);
  const by = upslopeBySide(g, dirs, mask, [west], 0);
  assert.deepEqual([...by], [["west", 20]]);
  // Turned: the plan's +y points east (north_deg 90), so the wall facing plan −x faces north.
  assert.deepEqual([...upslopeBySide(g, dirs, mask, [west], 90)], [["north", 20]]);
  // A cell with no direction (a pit, −1) sends nothing.
  dirs[at(0, 3)] = -1;
  assert.deepEqual([...upslopeBySide(g, dirs, mask, [west], 0)], [["west", 16]]);
});

Deno.test("nearestOutsideWall: the wall at the least distance; the first of equals", () => {
  const a = wall([0, 0], [4, 0], [0, -1]), b = wall([0, 3], [4, 3], [0, 1]);
  assert.equal(nearestOutsideWall([a, b], [2, 1]), a);
  assert.equal(nearestOutsideWall([a, b], [2, 2]), b);
  assert.equal(nearestOutsideWall([a, b], [2, 1.5]), a, "a tie keeps the first");
});

Deno.test("flowArrowLattice: a 2 m lattice outside the footprint, arrows 0.8 of a step long", () => {
  const g = grid();
  const dirs = new Int8Array(25).fill(0);
  const mask = new Uint8Array(25);
  for (let r = 0; r < 5; r++) mask[at(r, 4)] = 1;
  const arrows = flowArrowLattice(g, dirs, mask, [4, 0, 5, 5], 1);
  assert.deepEqual(arrows.map((a) => [a.row, a.col]), [[0, 0], [0, 2], [2, 0], [2, 2], [4, 0], [
    4,
    2,
  ]]);
  assert.deepEqual([arrows[0].from, arrows[0].to], [[0.5, 4.5], [2.1, 4.5]]);
  // At most `max` arrows: the step doubles (2 → 4 cells) until they fit.
  assert.deepEqual(
    flowArrowLattice(g, dirs, mask, [4, 0, 5, 5], 1, 10, 3).map((a) => [a.row, a.col]),
    [[0, 0], [4, 0]],
  );
});
