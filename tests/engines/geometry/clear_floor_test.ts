/** engines/geometry/clear_floor.ts: the longest 30 in-wide clear floor space, hand-computed. */
import assert from "node:assert/strict";
import type { Point } from "../../../ground/plan.ts";
import { longestClearFloorSpace } from "../../../engines/geometry/clear_floor.ts";

const rect = (w: number, h: number): Point[] => [[0, 0], [w, 0], [w, h], [0, h]];
const W = 0.762; // 30 in
const close = (a: number, b: number, tol = 1e-9) =>
  assert.ok(Math.abs(a - b) <= tol, `${a} ≠ ${b}`);

Deno.test("a room exactly 30 × 48 in holds exactly one 48 in space", () => {
  const c = longestClearFloorSpace(rect(W, 1.2192), [], W);
  close(c.length_m, 1.2192);
  assert.equal(c.exact, true);
  assert.equal(c.outline!.length, 4);
  close(longestClearFloorSpace(rect(W, 1.2182), [], W).length_m, 1.2182);
});

Deno.test("the band turns to the room's longer side; too narrow a room gives a short one", () => {
  close(longestClearFloorSpace(rect(3, 2), [], W).length_m, 3);
  // 0.761 m wide: the 30 in side must lie along the 3 m wall, so only 0.761 m of length.
  close(longestClearFloorSpace(rect(0.761, 3), [], W).length_m, 0.761);
});

Deno.test("an L-shaped room: the 6 m leg", () => {
  const L: Point[] = [[0, 0], [6, 0], [6, 3], [3, 3], [3, 5], [0, 5]];
  close(longestClearFloorSpace(L, [], W).length_m, 6);
});

Deno.test("objects are kept clear", () => {
  // A 1 × 1 m object in a corner of a 2 × 2 m room: a 1 m-wide, 2 m-long strip stays free.
  const corner = longestClearFloorSpace(rect(2, 2), [[[0, 0], [1, 0], [1, 1], [0, 1]]], W);
  close(corner.length_m, 2);
  // A 1 × 1 m object in the middle: 0.5 m strips all round, narrower than 30 in, so the best
  // is 0.5 m long (30 in across a strip).
  const middle = longestClearFloorSpace(
    rect(2, 2),
    [[[0.5, 0.5], [1.5, 0.5], [1.5, 1.5], [0.5, 1.5]]],
    W,
  );
  close(middle.length_m, 0.5);
});

Deno.test("a room turned 45°: aligned with its own walls", () => {
  const c = Math.SQRT1_2;
  const diamond: Point[] = [[0, 0], [2 * c, 2 * c], [0, 4 * c], [-2 * c, 2 * c]];
  const r = longestClearFloorSpace(diamond, [], W);
  close(r.length_m, 2, 1e-9);
  assert.equal(r.exact, true);
});

Deno.test("a triangle: not rectilinear, so a lower bound flagged inexact", () => {
  // 3-4-5 triangle, band along the 4 m leg: at height y the width is 4 (1 − (y + 0.762) / 3)
  // for the band's top edge, largest at y = 0: 4 × (1 − 0.254) = 2.984 m. The frame along the
  // hypotenuse does better; either way at least that, less the ~1 cm the sampling may lose.
  const r = longestClearFloorSpace([[0, 0], [4, 0], [0, 3]], [], W);
  assert.equal(r.exact, false);
  assert.ok(r.length_m >= 2.984 - 0.02, `${r.length_m}`);
});
