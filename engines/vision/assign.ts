/**
 * Which room an object seen from a sweep stands in. The line of sight from the camera to the
 * object's estimated place is walked on the plan (5 cm steps): it may pass from room to room only
 * through a door or opening (a sightline does not go through walls), so the object is in the last
 * room the line reaches through an opening before its estimate. An estimate that overshoots
 * through a wall (objects on counters land beyond their place, see place.ts) stays in the room
 * before the wall.
 */
import type { Opening, Point, Room } from "../../ground/plan.ts";
import { pointInRing } from "../geometry/polygon.ts";
import { ticker } from "../../ground/budget.ts";

/** The step along the sightline (metres). */
export const SIGHTLINE_STEP_M = 0.05;
/** How far beyond an opening's half width a crossing still counts as through it (metres). */
export const OPENING_SLACK_M = 0.25;

/** Where a sightline ends: the room, and the last point inside it when a wall stopped it. */
export interface SightlineEnd {
  room: string;
  /** Set when the estimate lies beyond a wall (or outside every room): the wall's near side. */
  stopped_at?: Point;
}

/**
 * The room an object at `to`, seen from `from` in room `fromRoom`, stands in. Rooms and openings
 * are those of the sweep's floor.
 */
export function roomAlongSightline(
  rooms: Pick<Room, "id" | "polygon">[],
  openings: Pick<Opening, "kind" | "between" | "at" | "width_m">[],
  fromRoom: string,
  from: Point,
  to: Point,
): SightlineEnd {
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const steps = Math.max(1, Math.ceil(len / SIGHTLINE_STEP_M));
  const roomAt = (p: Point) => rooms.find((r) => pointInRing(p, r.polygon))?.id;
  let current = fromRoom;
  let lastInside: Point = from;
  const tick = ticker(16);
  for (let k = 1; k <= steps; k++) {
    tick();
    const t = k / steps;
    const p: Point = [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
    const here = roomAt(p);
    if (here === undefined) continue; // inside a wall or outside every room
    if (here === current) {
      lastInside = p;
      continue;
    }
    // Crossing from `current` into `here`: the crossing lies between lastInside and p.
    // Its midpoint is within half the gap (the wall's thickness) of where the line crosses.
    const cross: Point = [(lastInside[0] + p[0]) / 2, (lastInside[1] + p[1]) / 2];
    const gap = Math.hypot(p[0] - lastInside[0], p[1] - lastInside[1]);
    const through = openings.some((o) =>
      o.kind !== "window" &&
      o.between.includes(current) && o.between.includes(here) &&
      Math.hypot(o.at[0] - cross[0], o.at[1] - cross[1]) <=
        o.width_m / 2 + OPENING_SLACK_M + gap / 2
    );
    if (!through) return { room: current, stopped_at: lastInside };
    current = here;
    lastInside = p;
  }
  return roomAt(to) === current ? { room: current } : { room: current, stopped_at: lastInside };
}

/**
 * Whether the sightline from `from` (inside `ring`) to `to` leaves the ring through one of the
 * given doors or openings (the object is seen through it, in another space) rather than through
 * a wall (an object on the wall or a counter whose floor estimate overshoots) or not at all.
 */
export function leavesThroughOpening(
  ring: readonly Point[],
  openings: Pick<Opening, "at" | "width_m">[],
  from: Point,
  to: Point,
): boolean {
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const steps = Math.max(1, Math.ceil(len / SIGHTLINE_STEP_M));
  let last: Point = from;
  const tick = ticker(256);
  for (let k = 1; k <= steps; k++) {
    tick();
    const t = k / steps;
    const p: Point = [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
    if (pointInRing(p, ring)) {
      last = p;
      continue;
    }
    const cross: Point = [(last[0] + p[0]) / 2, (last[1] + p[1]) / 2];
    return openings.some((o) =>
      Math.hypot(o.at[0] - cross[0], o.at[1] - cross[1]) <= o.width_m / 2 + OPENING_SLACK_M
    );
  }
  return false;
}
