/**
 * Issue 29 sped up roomPaths (the shortest clear paths between a room's door points) and the
 * inset of a convex room; the paths must not change. Compared with the module as it was
 * (./_space_reference.ts) on the grid benchmark's rooms (a table in every tenth) and on random
 * rooms, convex and not, with random objects, at random radii: every length from point i to
 * point j > i and its polyline, bit for bit (the way back, j to i, is the same length; its
 * polyline is not kept, as the fast case never kept it).
 */
import { assert, assertEquals } from "../../_assert.ts";
import type { Point } from "../../../ground/plan.ts";
import { objectFootprint } from "../../../engines/geometry/clearance.ts";
import { buildRouteGraph, objectsByRoom, roomPaths } from "../../../engines/geometry/routes/mod.ts";
import { roomWays } from "../../../engines/geometry/routes/space.ts";
import { roomPaths as roomPathsBefore } from "./_space_reference.ts";
import { signedArea_m2 } from "../../../engines/geometry/polygon.ts";
import { polygonGeometry } from "../../../engines/geometry/geojson.ts";
import { GRID_TRAVELLER, gridPlan, rng } from "../../../bench/_grid_building.ts";

function same(polygon: Point[], obstacles: Point[][], r: number, points: Point[], what: string) {
  const got = roomPaths(polygon, obstacles, r, points);
  const want = roomPathsBefore(polygon, obstacles, r, points);
  // roomWays: joined exactly where roomPaths' length is finite; its paths() are roomPaths'.
  const ways = roomWays(polygon, obstacles, r, points);
  assertEquals(ways.paths(), got, `${what}: roomWays' paths`);
  let finite = 0;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const joined = ways.reach[i] >= 0 && ways.reach[i] === ways.reach[j];
      assertEquals(joined, Number.isFinite(got.length_m[i][j]), `${what}: joined ${i}→${j}`);
      assertEquals(got.length_m[i][j], want.length_m[i][j], `${what}: length ${i}→${j}`);
      assertEquals(got.path[i][j], want.path[i][j], `${what}: path ${i}→${j}`);
      assertEquals(got.length_m[j][i], got.length_m[i][j], `${what}: the way back`);
      if (Number.isFinite(got.length_m[i][j])) finite++;
    }
  }
  return finite;
}

Deno.test("roomPaths: the grid's rooms, as before, at the passing and the smaller radius", () => {
  const plan = gridPlan(20, 10, 600).plan;
  const g = buildRouteGraph(plan, GRID_TRAVELLER);
  const objects = objectsByRoom(plan);
  let rooms = 0, finite = 0;
  for (const room of plan.rooms) {
    const obs = objects.get(room.id) ?? [];
    if (!obs.length) continue;
    const at = g.roomNodes.get(room.id)!.map((k) => g.nodes[k].at);
    for (const r of [0.415, 0.395, 0.3]) finite += same(room.polygon, obs, r, at, room.id);
    rooms++;
  }
  assert.ok(rooms === 20 && finite > 100, `${rooms} rooms with a table, ${finite} paths`);
});

Deno.test("roomPaths: random rooms and objects, as before", () => {
  const rand = rng(31);
  const rooms: Point[][] = [
    [[0, 0], [6, 0], [6, 3], [3, 3], [3, 6], [0, 6]], // an L: not convex
    [[0, 0], [5, 0], [5, 4], [0, 4]], // convex
    [[0, 0], [4, 0], [6, 3], [4, 6], [0, 6], [1, 3]], // not convex
  ];
  let finite = 0;
  for (let trial = 0; trial < 150; trial++) {
    const room = rooms[trial % rooms.length];
    const objects = Array.from({ length: Math.floor(rand() * 4) }, () =>
      objectFootprint({
        center: [0.5 + rand() * 4.5, 0.5 + rand() * 4.5],
        size: [0.3 + rand(), 0.3 + rand()],
        yaw_deg: rand() * 90,
      }));
    const pts: Point[] = Array.from({ length: 2 + Math.floor(rand() * 5) }, () => [
      rand() * 6,
      rand() * 6,
    ]);
    finite += same(room, objects, 0.05 + rand() * 0.45, pts, `trial ${trial}`);
  }
  assert.ok(finite > 200, `${finite} paths compared`);
});

Deno.test("signedArea_m2 and polygonGeometry, indexed, give what the destructured ones gave", () => {
  // The formulas as they were (`const [x1, y1] = ring[i]`, `map(([x, y]) => [x, y])`).
  const areaBefore = (ring: Point[]) => {
    let s = 0;
    for (let i = 0; i < ring.length; i++) {
      const [x1, y1] = ring[i], [x2, y2] = ring[(i + 1) % ring.length];
      s += x1 * y2 - x2 * y1;
    }
    return s / 2;
  };
  const rand = rng(5);
  for (let trial = 0; trial < 2000; trial++) {
    const s = [1e-6, 1, 37.5, 1e7][trial % 4];
    const ring: Point[] = Array.from(
      { length: 3 + Math.floor(rand() * 8) },
      () => [(rand() - 0.5) * s, (rand() - 0.5) * s],
    );
    assertEquals(signedArea_m2(ring), areaBefore(ring), `trial ${trial}`);
    const closed = [...ring.map(([x, y]) => [x, y]), [ring[0][0], ring[0][1]]];
    assertEquals(polygonGeometry(ring), { type: "Polygon", coordinates: [closed] });
  }
});
