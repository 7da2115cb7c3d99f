/**
 * Walls of a plan: the room edge an opening (door, window, opening) sits on, its direction and
 * outward normal, and the compass azimuth a plan direction faces. Plain 2D vector geometry
 * (point-to-segment projection, shoelace orientation) in plan metres, x right, y up.
 */
import type { Opening, Plan, Point, Room } from "../../ground/plan.ts";
import { signedArea_m2 } from "./polygon.ts";

/** A room edge that an opening sits on. All vectors are in plan metres, unit length. */
export interface WallEdge {
  /** The room whose polygon edge this is. */
  room: string;
  /** Index i of the edge polygon[i] -> polygon[i+1] (wrapping). */
  edge: number;
  /** Edge start and end, as in the room polygon. */
  a: Point;
  b: Point;
  /** Unit direction a -> b along the wall. */
  dir: Point;
  /** Unit normal pointing out of `room` (for an outside wall: towards the outside). */
  normal: Point;
  /** The opening's `at` projected onto the edge (the point to draw it at). */
  foot: Point;
  /** Distance from `at` to the edge, metres. */
  distance_m: number;
  /** Length of the edge, metres. */
  length_m: number;
}

/**
 * Closest point to `p` on segment a-b and its distance (vector projection clamped to the
 * segment's ends).
 */
export function closestOnSegment(
  p: Point,
  a: Point,
  b: Point,
): { point: Point; distance_m: number; t: number } {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2 : 0;
  t = Math.max(0, Math.min(1, t));
  const point: Point = [a[0] + t * dx, a[1] + t * dy];
  return { point, distance_m: Math.hypot(p[0] - point[0], p[1] - point[1]), t };
}

/**
 * The edge of `room` nearest to point `p`, with its direction and outward normal (the right-hand
 * normal of a counter-clockwise ring). Undefined for a degenerate polygon.
 */
export function nearestRoomEdge(room: Room, p: Point): WallEdge | undefined {
  const poly = room.polygon;
  const ccw = signedArea_m2(poly) >= 0;
  let best: WallEdge | undefined;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i], b = poly[(i + 1) % poly.length];
    const length_m = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length_m < 1e-9) continue;
    const c = closestOnSegment(p, a, b);
    if (best && c.distance_m >= best.distance_m - 1e-12) continue;
    const dir: Point = [(b[0] - a[0]) / length_m, (b[1] - a[1]) / length_m];
    // Interior is left of a->b for a counter-clockwise ring, so outward is the right normal.
    const normal: Point = ccw ? [dir[1], -dir[0]] : [-dir[1], dir[0]];
    best = {
      room: room.id,
      edge: i,
      a,
      b,
      dir,
      normal,
      foot: c.point,
      distance_m: c.distance_m,
      length_m,
    };
  }
  return best;
}

const roomIndexes = new WeakMap<
  readonly Room[],
  { n: number; byId: Map<string, Room>; byFloor: Map<string, Room[]> }
>();

/**
 * Rooms by id (first of a repeated id) and by floor, cached per rooms array (plans are read,
 * not changed, by engines; a list that changed length is indexed again).
 */
function roomIndex(rooms: readonly Room[]) {
  let idx = roomIndexes.get(rooms);
  if (!idx || idx.n !== rooms.length) {
    const byId = new Map<string, Room>();
    const byFloor = new Map<string, Room[]>();
    for (const r of rooms) {
      if (!byId.has(r.id)) byId.set(r.id, r);
      const list = byFloor.get(r.floor);
      if (list) list.push(r);
      else byFloor.set(r.floor, [r]);
    }
    roomIndexes.set(rooms, idx = { n: rooms.length, byId, byFloor });
  }
  return idx;
}

/**
 * The wall an opening sits on: the nearest edge to `opening.at` among the rooms it connects
 * (`between`, first room winning ties), or among all rooms on its floor when those rooms are not in
 * the plan. `normal` points out of the returned room, so for a window between a room and the
 * outside it is the direction the window faces. Undefined when its floor has no rooms.
 */
export function nearestWall(
  plan: Pick<Plan, "rooms">,
  opening: Pick<Opening, "at" | "floor" | "between">,
): WallEdge | undefined {
  // Rooms by id and by floor, made once per rooms list: a lookup per opening, not a scan of
  // every room (which made a plan's doors quadratic in its size).
  const idx = roomIndex(plan.rooms);
  const onFloor = idx.byFloor.get(opening.floor) ?? [];
  const named = opening.between
    .filter((id): id is string => id !== null)
    .map((id) => idx.byId.get(id))
    .filter((r): r is Room => r !== undefined && r.floor === opening.floor);
  let best: WallEdge | undefined;
  for (const room of named.length ? named : onFloor) {
    const e = nearestRoomEdge(room, opening.at);
    if (e && (!best || e.distance_m < best.distance_m - 1e-9)) best = e;
  }
  return best;
}

/**
 * Compass azimuth (degrees clockwise from true north, 0–360) of a direction given in plan
 * coordinates, with `north_deg` the azimuth of the plan's +y axis (design.md Site.north_deg).
 * E.g. the facing of a window: `planAzimuth_deg(nearestWall(plan, w)!.normal, site.north_deg)`.
 */
export function planAzimuth_deg(direction: Point, north_deg: number): number {
  const fromY_deg = Math.atan2(direction[0], direction[1]) * 180 / Math.PI;
  const az = (north_deg + fromY_deg) % 360;
  return az < 0 ? az + 360 : az;
}
