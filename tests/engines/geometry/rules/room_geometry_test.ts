/**
 * engines/geometry/rules/room_geometry.ts: narrowest clear widths (convex exact, L-shapes by the
 * routes engine's passage widths), clear depth in front of a door, doorway depth, and the
 * turning ellipse, on hand-made shapes with hand-computed answers.
 */
import assert from "node:assert/strict";
import type { Point } from "../../../../ground/plan.ts";
import { freeFloor } from "../../../../engines/geometry/clearance.ts";
import {
  clearDepthAtDoor,
  doorwayDepth_m,
  ellipseFits,
  narrowestClearWidth,
  wallMidpointPorts,
} from "../../../../engines/geometry/rules/room_geometry.ts";

const rect = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

Deno.test("narrowestClearWidth: a rectangle exactly, an L-shape at its narrower arm", () => {
  assert.deepEqual(narrowestClearWidth(rect(0, 0, 1.2, 5), [], []), { width_m: 1.2, exact: true });
  // Arms 1.0 and 0.9 m wide: the hull's least width is 4 m; the narrowest arm is 0.9 m.
  const L: Point[] = [[0, 0], [4, 0], [4, 4], [3.1, 4], [3.1, 1], [0, 1]];
  const w = narrowestClearWidth(L, [], wallMidpointPorts(L));
  assert.equal(w.exact, false);
  assert.ok(w.width_m <= 0.9 + 1e-9 && w.width_m >= 0.898, `${w.width_m}`);
});

Deno.test("clearDepthAtDoor: exact distance to the opposite wall or the nearest object", () => {
  const room = rect(0, 0, 4, 3);
  // A door in the south wall at x = 2: 3 m to the north wall (the default cap is 2.5 m).
  assert.equal(clearDepthAtDoor(room, [[room]], [2, 0], 0.9), 2.5);
  assert.ok(Math.abs(clearDepthAtDoor(room, [[room]], [2, 0], 0.9, 5) - 3) < 1e-12);
  // A 1 m deep cabinet across the north wall between x = 1.5 and 2.2: 2 m clear.
  const cab = rect(1.5, 2, 2.2, 3);
  assert.ok(Math.abs(clearDepthAtDoor(room, freeFloor(room, [cab]), [2, 0], 0.9, 5) - 2) < 1e-9);
  // The cabinet just outside the door's 0.9 m strip (x < 1.55) leaves the full 3 m.
  const aside = rect(0.5, 2, 1.5, 3);
  assert.ok(Math.abs(clearDepthAtDoor(room, freeFloor(room, [aside]), [2, 0], 0.9, 5) - 3) < 1e-9);
});

Deno.test("doorwayDepth_m: the gap between the two rooms' outlines at the door", () => {
  assert.ok(
    Math.abs(doorwayDepth_m(rect(0, 0, 3.3, 5), rect(4, 0, 6, 5), [3.65, 2.5])! - 0.7) < 1e-12,
  );
  assert.equal(doorwayDepth_m(rect(0, 0, 4, 5), rect(4, 0, 6, 5), [4, 2.5]), 0);
});

Deno.test("ellipseFits: 1400 × 1700 mm fits a 1.45 × 1.75 m room, not a 1.499 × 1.55 m one", () => {
  const fits = (w: number, h: number) =>
    ellipseFits([[rect(0, 0, w, h)]], rect(0, 0, w, h), 1.4, 1.7);
  assert.equal(fits(1.45, 1.75), true);
  assert.equal(fits(1.75, 1.45), true, "either way round");
  // At any angle the ellipse's extents' squares sum to 1.4² + 1.7² = 4.85 m² > 1.499² + 1.55².
  assert.equal(fits(1.499, 1.55), false);
});
