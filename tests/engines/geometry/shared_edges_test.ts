/**
 * engines/geometry/shared_edges.ts on hand-made outlines with hand-computed answers: two
 * rooms side by side, the gap tolerance at its limit and 1 mm beyond, the shortest stretch at
 * its limit and 1 mm short, and the parts of a stretch a wall's box leaves open.
 */
import { assertEquals, assertOk } from "../../_assert.ts";
import type { Point } from "../../../ground/plan.ts";
import { sharedStretches, uncoveredParts } from "../../../engines/geometry/shared_edges.ts";

const rect = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const r4 = (p: Point) => p.map((v) => Math.round(v * 1e4) / 1e4);

Deno.test("sharedStretches: two 4 × 3 m rooms side by side share x = 4 over 3 m", () => {
  const [s, ...rest] = sharedStretches(rect(0, 0, 4, 3), rect(4, 0, 8, 3), 0.05, 0.5);
  assertEquals(rest.length, 0);
  assertEquals(s.length_m, 3);
  assertEquals([r4(s.a), r4(s.b)].sort(), [[4, 0], [4, 3]]);
});

Deno.test("sharedStretches: an offset neighbour shares only the overlap (1 m of 3 m)", () => {
  const [s] = sharedStretches(rect(0, 0, 4, 3), rect(4, 2, 8, 5), 0.05, 0.5);
  assertEquals(Math.round(s.length_m * 1e6) / 1e6, 1);
});

Deno.test("sharedStretches: the gap at its limit is shared (midway), 1 mm beyond it is not", () => {
  const [at] = sharedStretches(rect(0, 0, 4, 3), rect(4.05, 0, 8, 3), 0.05, 0.5);
  assertOk(at, "a 0.05 m gap within a 0.05 m tolerance");
  // Midway between the two edges.
  assertEquals(r4(at.a)[0], 4.025);
  assertEquals(sharedStretches(rect(0, 0, 4, 3), rect(4.051, 0, 8, 3), 0.05, 0.5).length, 0);
});

Deno.test("sharedStretches: a stretch at the shortest length counts, 1 mm shorter does not", () => {
  assertEquals(sharedStretches(rect(0, 0, 4, 3), rect(4, 2.5, 8, 5), 0.05, 0.5).length, 1);
  assertEquals(sharedStretches(rect(0, 0, 4, 3), rect(4, 2.501, 8, 5), 0.05, 0.5).length, 0);
});

Deno.test("sharedStretches: rooms meeting at a corner, or across a corridor, share nothing", () => {
  assertEquals(sharedStretches(rect(0, 0, 4, 3), rect(4, 3, 8, 6), 0.05, 0.5).length, 0);
  assertEquals(sharedStretches(rect(0, 0, 4, 3), rect(5, 0, 8, 3), 0.05, 0.5).length, 0);
});

Deno.test("uncoveredParts: a 1 m wall box in the middle of a 3 m stretch leaves two parts of 0.95 m (5 cm samples)", () => {
  const stretch = { a: [4, 0] as Point, b: [4, 3] as Point, length_m: 3 };
  const parts = uncoveredParts(stretch, [[3.95, 1, 4.05, 2]], 0.5, 0.05, 0);
  assertEquals(parts.length, 2);
  // Samples every 5 cm: the free ones run 0..0.95 and 2.05..3 (1 and 2 themselves are covered).
  for (const p of parts) assertEquals(Math.round(p.length_m * 1e6) / 1e6, 0.95);
  assertEquals(uncoveredParts(stretch, [[3.95, -1, 4.05, 4]], 0.5).length, 0);
  assertEquals(uncoveredParts(stretch, [], 0.5)[0].length_m, 3);
});
