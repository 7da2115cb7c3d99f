/**
 * A room's geometry as label evidence (labels.ts): area (shoelace), the sides of its
 * minimum-area rectangle (rotating calipers, geometry/polygon.ts), its doors and windows and the
 * widest door to the outside, the windows' summed width and the perimeter, all from the plan alone.
 */
import type { Plan } from "../../ground/plan.ts";
import { area_m2, minAreaRectangle } from "../geometry/polygon.ts";
import type { RoomEvidence } from "./labels.ts";

/** The evidence for one room of the plan, with the objects seen in it. */
export function roomEvidence(
  plan: Plan,
  roomId: string,
  objects: RoomEvidence["objects"],
): RoomEvidence {
  const room = plan.rooms.find((r) => r.id === roomId);
  if (!room) throw new Error(`no room ${roomId} in the plan`);
  const rect = minAreaRectangle(room.polygon);
  const own = plan.openings.filter((o) => o.between.includes(roomId));
  const doors = own.filter((o) => o.kind !== "window");
  return {
    area_m2: area_m2(room.polygon),
    long_m: Math.max(rect.size[0], rect.size[1]),
    short_m: Math.min(rect.size[0], rect.size[1]),
    doors: doors.length,
    windows: own.length - doors.length,
    window_width_m: own.filter((o) => o.kind === "window").reduce((s, o) => s + o.width_m, 0),
    perimeter_m: room.polygon.reduce((s, p, i) => {
      const q = room.polygon[(i + 1) % room.polygon.length];
      return s + Math.hypot(q[0] - p[0], q[1] - p[1]);
    }, 0),
    widest_door_m: Math.max(
      0,
      ...doors.filter((o) => o.kind === "door" && o.between.includes(null)).map((o) => o.width_m),
    ),
    objects,
  };
}
