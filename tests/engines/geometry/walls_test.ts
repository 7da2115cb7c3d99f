import assert from "node:assert/strict";
import { BUILTIN_SCANS } from "../../../layers/builtin.ts";
import type { Opening, Plan, Room } from "../../../ground/plan.ts";
import {
  closestOnSegment,
  nearestRoomEdge,
  nearestWall,
  planAzimuth_deg,
} from "../../../engines/geometry/walls.ts";

const demo = BUILTIN_SCANS.demo().plan;
const opening = (id: string): Opening => demo.openings.find((o) => o.id === id)!;
const close = (a: number, b: number, msg?: string) =>
  assert.ok(Math.abs(a - b) < 1e-9, `${msg ?? ""} ${a} ≠ ${b}`);

Deno.test("nearestWall: a south window sits on its room's y=0 edge, facing -y", () => {
  const w = nearestWall(demo, opening("w_living_s"))!;
  assert.equal(w.room, "g_living");
  assert.deepEqual(w.foot, [2, 0]);
  close(w.distance_m, 0);
  close(Math.abs(w.dir[0]), 1);
  close(w.normal[0], 0);
  close(w.normal[1], -1);
  close(w.length_m, 4);
});

Deno.test("nearestWall: an east window faces +x, and its compass facing uses north_deg", () => {
  const w = nearestWall(demo, opening("w_dining_e"))!;
  assert.equal(w.room, "g_dining");
  close(w.normal[0], 1);
  close(w.normal[1], 0);
  // demo: north_deg 15, so +x points to azimuth 105° and -y to 195°.
  close(planAzimuth_deg(w.normal, demo.site!.north_deg!), 105);
  const s = nearestWall(demo, opening("w_living_s"))!;
  close(planAzimuth_deg(s.normal, 15), 195);
});

Deno.test("nearestWall: on a shared wall the first room of `between` wins, normal out of it", () => {
  // d_living at (4,1) between g_entry (x 4..6) and g_living (x 0..4): both have an edge at x=4.
  const w = nearestWall(demo, opening("d_living"))!;
  assert.equal(w.room, "g_entry");
  close(w.normal[0], -1, "points out of the entrance, into the living room");
  const swapped = nearestWall(demo, { ...opening("d_living"), between: ["g_living", "g_entry"] })!;
  assert.equal(swapped.room, "g_living");
  close(swapped.normal[0], 1);
});

Deno.test("nearestRoomEdge: the outward normal is right for clockwise rings too", () => {
  const ccw: Room = {
    id: "a",
    floor: "f",
    label: "other",
    polygon: [[0, 0], [2, 0], [2, 2], [0, 2]],
  };
  const cw: Room = { ...ccw, polygon: [[0, 0], [0, 2], [2, 2], [2, 0]] };
  for (const r of [ccw, cw]) {
    const e = nearestRoomEdge(r, [1, -0.1])!;
    close(e.normal[0], 0);
    close(e.normal[1], -1, `ring ${JSON.stringify(r.polygon)}`);
    close(e.distance_m, 0.1);
    assert.deepEqual(e.foot, [1, 0]);
  }
  const east = nearestRoomEdge(cw, [2.3, 1.5])!;
  close(east.normal[0], 1);
  close(east.distance_m, 0.3);
});

Deno.test("nearestWall: rooms outside `between` are used only when those are missing", () => {
  const plan: Pick<Plan, "rooms"> = {
    rooms: [
      { id: "a", floor: "f", label: "other", polygon: [[0, 0], [4, 0], [4, 4], [0, 4]] },
      { id: "b", floor: "f", label: "other", polygon: [[4, 0], [8, 0], [8, 4], [4, 4]] },
      { id: "c", floor: "g", label: "other", polygon: [[0, 0], [1, 0], [1, 1]] },
    ],
  };
  // Named room b is preferred even though room a's edge is as near.
  const named = nearestWall(plan, { at: [4, 2], floor: "f", between: ["b", null] })!;
  assert.equal(named.room, "b");
  // A window "between" a room on another floor falls back to this floor's rooms.
  const fallback = nearestWall(plan, { at: [7.9, 2], floor: "f", between: ["c", null] })!;
  assert.equal(fallback.room, "b");
  close(fallback.normal[0], 1);
  assert.equal(nearestWall(plan, { at: [0, 0], floor: "none", between: ["a", null] }), undefined);
});

Deno.test("closestOnSegment clamps to the segment's ends", () => {
  const c = closestOnSegment([5, 1], [0, 0], [2, 0]);
  assert.deepEqual(c.point, [2, 0]);
  close(c.t, 1);
  close(c.distance_m, Math.hypot(3, 1));
  const m = closestOnSegment([1, 3], [0, 0], [2, 0]);
  assert.deepEqual(m.point, [1, 0]);
  close(m.distance_m, 3);
});

Deno.test("planAzimuth_deg: plan directions to compass azimuths in [0, 360)", () => {
  close(planAzimuth_deg([0, 1], 0), 0);
  close(planAzimuth_deg([1, 0], 0), 90);
  close(planAzimuth_deg([0, -1], 0), 180);
  close(planAzimuth_deg([-1, 0], 0), 270);
  close(planAzimuth_deg([0, 1], -30), 330);
  close(planAzimuth_deg([-1, 0], 90), 0);
  close(planAzimuth_deg([1, 1], 0), 45);
});
