/**
 * Sightlines on the plan (engines/vision/assign.ts): rooms A (0–3 m) and B (3.1–6 m) side by
 * side with a 0.1 m wall between them and a 0.9 m door in it centred at (3.05, 2).
 */
import assert from "node:assert/strict";
import { leavesThroughOpening, roomAlongSightline } from "../../../engines/vision/assign.ts";
import type { Point } from "../../../ground/plan.ts";

const A: Point[] = [[0, 0], [3, 0], [3, 4], [0, 4]];
const B: Point[] = [[3.1, 0], [6, 0], [6, 4], [3.1, 4]];
const rooms = [{ id: "A", polygon: A }, { id: "B", polygon: B }];
const door = {
  kind: "door" as const,
  between: ["A", "B"] as [string, string],
  at: [3.05, 2] as Point,
  width_m: 0.9,
};

Deno.test("assign: a sightline through the door reaches the next room", () => {
  assert.deepEqual(roomAlongSightline(rooms, [door], "A", [1, 2], [5, 2]), { room: "B" });
  // 0.5 m off the door's centre at the wall: within its half width 0.45 + 0.25 slack.
  assert.equal(roomAlongSightline(rooms, [door], "A", [1, 2.5], [5, 2.5]).room, "B");
});

Deno.test("assign: a sightline into a wall stops at the wall's near side", () => {
  // 1 m off the door's centre: through the wall, so the object stays in A, at x ≈ 3.
  const end = roomAlongSightline(rooms, [door], "A", [1, 1], [5, 1]);
  assert.equal(end.room, "A");
  assert.ok(end.stopped_at && Math.abs(end.stopped_at[0] - 3) <= 0.05 && end.stopped_at[1] === 1);
  // A window is no way through.
  const win = { ...door, kind: "window" as const };
  assert.equal(roomAlongSightline(rooms, [win], "A", [1, 2], [5, 2]).room, "A");
  // Beyond the outer wall, in no room: stopped inside A.
  const out = roomAlongSightline(rooms, [door], "A", [1, 2], [-2, 2]);
  assert.equal(out.room, "A");
  assert.ok(out.stopped_at && Math.abs(out.stopped_at[0]) <= 0.05);
  // Inside A all along: no stop.
  assert.deepEqual(roomAlongSightline(rooms, [door], "A", [1, 1], [2, 3]), { room: "A" });
});

Deno.test("assign: leaving a room through an opening, not a wall", () => {
  assert.equal(leavesThroughOpening(A, [door], [1, 2], [5, 2]), true);
  assert.equal(leavesThroughOpening(A, [door], [1, 1], [5, 1]), false);
  assert.equal(leavesThroughOpening(A, [door], [1, 1], [2, 2]), false, "never leaves");
});
