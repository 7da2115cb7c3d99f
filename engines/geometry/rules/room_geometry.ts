/**
 * Room geometry the rules need beyond polygon arithmetic: the narrowest clear width along a
 * room (the routes engine's passage widths, routes.ts passageClearWidth: the widest disc that
 * gets from one wall point to another), the clear depth of floor in front of a door, a
 * doorway's depth (the wall's thickness at it), and whether a turning ellipse fits (an affine
 * map turns the ellipse into a circle: containment is preserved, so the largest circle of the
 * mapped floor decides; polylabel via clearance.ts largestCircleIn). Plan metres throughout.
 */
import type { Point, Room } from "../../../ground/plan.ts";
import { insideRings, largestCircleIn, ringEdges } from "../clearance.ts";
import type { MultiRings } from "../clip.ts";
import { passageClearWidth, ROUTE_ARC_M } from "../routes/mod.ts";
import { polygonIsConvex, polygonMinWidth_m } from "../takeoff.ts";
import { nearestRoomEdge } from "../walls.ts";

/** A point on a room's wall with the unit normal into the room (null: a free point). */
export interface WallPort {
  at: Point;
  n: Point | null;
}

/**
 * How closely a passage width is found, m: routes.ts bisects the radius to 1 mm, so the
 * width is within 2 mm below the true one.
 */
export const PASSAGE_PRECISION_M = 0.002;

/** The foot of a door point on its room's nearest wall, facing into the room. */
export function doorPort(polygon: Point[], at: Point): WallPort | undefined {
  const e = nearestRoomEdge({ id: "", floor: "", label: "other", polygon } as Room, at);
  if (!e) return undefined;
  return { at: e.foot, n: [-e.normal[0], -e.normal[1]] };
}

/** The midpoint of every wall of a room, facing into it. */
export function wallMidpointPorts(polygon: Point[]): WallPort[] {
  const out: WallPort[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i], b = polygon[(i + 1) % polygon.length];
    if (Math.hypot(b[0] - a[0], b[1] - a[1]) < 1e-6) continue;
    const p = doorPort(polygon, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
    if (p) out.push(p);
  }
  return out;
}

/**
 * The front of each object footprint: the midpoint of the side that faces the most open floor
 * (farthest from the room's walls, just outside the object), facing away from the object.
 */
export function objectFrontPorts(polygon: Point[], obstacles: Point[][]): WallPort[] {
  const room = [[polygon]] as MultiRings;
  const walls = ringEdges(room);
  const out: WallPort[] = [];
  for (const ob of obstacles) {
    let area2 = 0;
    for (let i = 0; i < ob.length; i++) {
      const a = ob[i], b = ob[(i + 1) % ob.length];
      area2 += a[0] * b[1] - b[0] * a[1];
    }
    let best: WallPort | undefined, bestD = -1;
    for (let i = 0; i < ob.length; i++) {
      const a = ob[i], b = ob[(i + 1) % ob.length];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len < 1e-6) continue;
      const d: Point = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
      const n: Point = area2 >= 0 ? [d[1], -d[0]] : [-d[1], d[0]]; // outward of the object
      const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const probe: Point = [mid[0] + n[0] * 0.05, mid[1] + n[1] * 0.05];
      if (!insideRings(room, probe)) continue;
      let dw = Infinity;
      for (let k = 0, c = 0; k < walls.n; k++, c += 4) {
        const x1 = walls.c[c],
          y1 = walls.c[c + 1],
          dx = walls.c[c + 2] - x1,
          dy = walls.c[c + 3] - y1;
        const l2 = dx * dx + dy * dy;
        const t = l2 > 0
          ? Math.max(0, Math.min(1, ((probe[0] - x1) * dx + (probe[1] - y1) * dy) / l2))
          : 0;
        dw = Math.min(dw, Math.hypot(x1 + t * dx - probe[0], y1 + t * dy - probe[1]));
      }
      if (dw > bestD) bestD = dw, best = { at: mid, n };
    }
    if (best) out.push(best);
  }
  return out;
}

/** A room's narrowest clear width and whether it is exact. */
export interface ClearWidthAlong {
  width_m: number;
  /** False when found by the passage search (within {@link PASSAGE_PRECISION_M} below). */
  exact: boolean;
}

/**
 * The narrowest clear width along a room, m: for a convex room without obstacles its least
 * width (rotating calipers, exact); otherwise the widest disc that passes between the first
 * port and every other (routes.ts passageClearWidth; the least over the pairs is the width at
 * which all ports stay connected), plus the 2 × ROUTE_ARC_M routes.ts keeps clear so as never
 * to be optimistic. Fewer than two ports: the midpoints of the room's walls.
 */
export function narrowestClearWidth(
  polygon: Point[],
  obstacles: Point[][],
  ports: WallPort[],
): ClearWidthAlong {
  if (!obstacles.length && polygonIsConvex(polygon)) {
    return { width_m: polygonMinWidth_m(polygon), exact: true };
  }
  const ps = ports.length >= 2 ? ports : wallMidpointPorts(polygon);
  let w = Infinity;
  for (let k = 1; k < ps.length && w > 0; k++) {
    w = Math.min(w, passageClearWidth(polygon, obstacles, ps[0], ps[k]));
  }
  if (!Number.isFinite(w)) return { width_m: polygonMinWidth_m(polygon), exact: true };
  return { width_m: w > 0 ? w + 2 * ROUTE_ARC_M : 0, exact: false };
}

/**
 * The depth of clear floor in front of a door, m: how far a segment `width_m` wide, centred
 * on the door's foot on the room's wall and parallel to it, can slide into the room before it
 * meets a wall or an object of the free floor (exactly: the nearest boundary vertex inside its
 * strip, or boundary crossing of the strip's two sides, ahead of it), at most `max_m`.
 */
export function clearDepthAtDoor(
  polygon: Point[],
  free: MultiRings,
  at: Point,
  width_m: number,
  max_m = 2.5,
  /**
   * Also stop at a wall that starts on the door's own wall line inside the strip and runs
   * forward (a side wall the strip reaches past: depth 0). For strips wider than the door
   * (ADA 404.2.4.1's 18 in beyond the latch), which reach past the door's jambs.
   */
  sweep = false,
): number {
  const port = doorPort(polygon, at);
  if (!port || !port.n) return 0;
  return sweepDepth(free, port.at, port.n, width_m, max_m, sweep);
}

/**
 * How far a segment `width_m` wide, centred on `origin` and square to the unit direction `n`,
 * can slide along `n` over a free floor before it meets its boundary, m (at most `max_m`):
 * clearDepthAtDoor's sweep from any point, such as the side of a bed.
 */
export function sweepDepth(
  free: MultiRings,
  origin: Point,
  n: Point,
  width_m: number,
  max_m = 2.5,
  sweep = false,
): number {
  const port = { at: origin };
  const d: Point = [-n[1], n[0]];
  const half = width_m / 2;
  const eps = 1e-9;
  // lateral (s) and forward (t) coordinates from the door's foot
  const st = (p: Point): [number, number] => {
    const x = p[0] - port.at[0], y = p[1] - port.at[1];
    return [x * d[0] + y * d[1], x * n[0] + y * n[1]];
  };
  let depth = max_m;
  for (const poly of free) {
    for (const ring of poly) {
      for (let i = 0; i < ring.length; i++) {
        const [sa, ta] = st(ring[i]);
        const [sb, tb] = st(ring[(i + 1) % ring.length]);
        if (Math.abs(sa) < half - eps && ta > eps) depth = Math.min(depth, ta);
        if (sweep) {
          // The edge's part inside the strip's lateral range; t is linear along it.
          let u0 = 0, u1 = 1;
          const ds = sb - sa;
          if (Math.abs(ds) < eps) {
            if (Math.abs(sa) >= half - eps) continue;
          } else {
            const ua = (-half - sa) / ds, ub = (half - sa) / ds;
            u0 = Math.max(0, Math.min(ua, ub));
            u1 = Math.min(1, Math.max(ua, ub));
            if (u1 <= u0) continue;
          }
          const t0 = ta + (tb - ta) * u0, t1 = ta + (tb - ta) * u1;
          if (Math.max(t0, t1) > eps) depth = Math.min(depth, Math.max(0, Math.min(t0, t1)));
        }
        for (const side of [-half, half]) {
          if ((sa - side) * (sb - side) >= 0 || Math.abs(sb - sa) < eps) continue;
          const t = ta + (tb - ta) * (side - sa) / (sb - sa);
          if (t > eps) depth = Math.min(depth, t);
        }
      }
    }
  }
  return Math.max(0, depth);
}

/**
 * A doorway's depth, m: the distance from the door's point to the nearest wall of each room it
 * joins, added (room outlines are wall faces, so this is the wall's thickness at the door).
 */
export function doorwayDepth_m(a: Point[], b: Point[], at: Point): number | undefined {
  const ea = nearestRoomEdge({ id: "", floor: "", label: "other", polygon: a } as Room, at);
  const eb = nearestRoomEdge({ id: "", floor: "", label: "other", polygon: b } as Room, at);
  if (!ea || !eb) return undefined;
  return ea.distance_m + eb.distance_m;
}

/**
 * Whether an ellipse with axes `minor_m` × `major_m` fits on a free floor, at the room's wall
 * directions and every 7.5°: scaling the plane along the major axis by minor/major maps the
 * ellipse onto a circle of diameter `minor_m`, and it fits iff that circle fits the mapped
 * floor (largestCircleIn, to 2 mm).
 */
export function ellipseFits(
  free: MultiRings,
  polygon: Point[],
  minor_m: number,
  major_m: number,
): boolean {
  const angles = new Set<number>();
  for (let k = 0; k < 24; k++) angles.add(k * 7.5 * Math.PI / 180);
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i], b = polygon[(i + 1) % polygon.length];
    if (Math.hypot(b[0] - a[0], b[1] - a[1]) < 1e-6) continue;
    const t = Math.atan2(b[1] - a[1], b[0] - a[0]);
    angles.add(((t % Math.PI) + Math.PI) % Math.PI);
    angles.add((((t + Math.PI / 2) % Math.PI) + Math.PI) % Math.PI);
  }
  const k = minor_m / major_m;
  for (const t of angles) {
    const c = Math.cos(t), s = Math.sin(t);
    // major axis along u = (c, s): coordinates (p·v, k · p·u) with v = (-s, c)
    const mapped = free.map((poly) =>
      poly.map((ring) => ring.map(([x, y]) => [-x * s + y * c, k * (x * c + y * s)] as Point))
    ) as MultiRings;
    const circle = largestCircleIn(mapped, 0.002);
    if (circle && 2 * circle.radius_m >= minor_m) return true;
  }
  return false;
}
