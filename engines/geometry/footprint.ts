/**
 * A building's footprint from its plan: the ground-floor rooms, their outside walls (room
 * edges with no room beyond them), a raster mask of the footprint, and compass sides. Plain
 * 2D geometry in plan metres: shoelace orientation, even-odd ray casting (point in polygon),
 * 8-connected flood fill to close wall gaps.
 */
import { pointInRing } from "./polygon.ts";
import type { Plan, Point, Room } from "../../ground/plan.ts";
import type { Grid } from "../../ground/grid.ts";
import { checkpoint, ticker } from "../../ground/budget.ts";

/** Labels that are not enclosed building (left out of the footprint). */
const NOT_BUILDING = new Set(["balcony", "outdoor"]);

/**
 * The rooms on the ground floor: the floor with the lowest index that has rooms (by first
 * appearance when the plan lists no floors), without balconies and outdoor spaces.
 */
export function groundFloorRooms(plan: Plan): Room[] {
  const rooms = plan.rooms.filter((r) => !NOT_BUILDING.has(r.label));
  if (!rooms.length) return [];
  const withRooms = new Set(rooms.map((r) => r.floor));
  const floors = plan.floors.filter((f) => withRooms.has(f.id)).sort((a, b) => a.index - b.index);
  const ground = floors.length ? floors[0].id : rooms[0].floor;
  return rooms.filter((r) => r.floor === ground);
}

/**
 * How far the building reaches from a point (the plan's origin by default): the largest
 * distance to a corner of any room on any floor, metres; 0 for a plan without rooms.
 */
export function buildingReach_m(plan: Plan, from: Point = [0, 0]): number {
  let best = 0;
  const tick = ticker(256);
  for (const r of plan.rooms) {
    tick();
    for (const [x, y] of r.polygon) best = Math.max(best, Math.hypot(x - from[0], y - from[1]));
  }
  return best;
}

/** Even-odd ray casting (Shimrat 1962): whether a point lies inside a polygon. */
export const pointInPolygon: (p: Point, poly: Point[]) => boolean = pointInRing;

/** Whether a point lies inside any of the rooms. */
export function inAnyRoom(p: Point, rooms: Room[]): boolean {
  return rooms.some((r) => pointInPolygon(p, r.polygon));
}

function signedArea(poly: Point[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i], [x2, y2] = poly[(i + 1) % poly.length];
    s += x1 * y2 - x2 * y1;
  }
  return s / 2;
}

/** A stretch of outside wall, with the unit normal pointing away from the building. */
export interface OutsideWall {
  room: string;
  a: Point;
  b: Point;
  normal: Point;
  length_m: number;
}

/**
 * The outside walls of a set of rooms: each room edge, cut into pieces of at most `step_m`,
 * keeps the pieces whose midpoint, moved `probe_m` outwards, lies in no room (so walls
 * shared with a neighbour, across a wall up to `probe_m` thick, drop out). Consecutive kept
 * pieces of one edge are merged back.
 */
export function outsideWalls(rooms: Room[], probe_m = 0.5, step_m = 0.25): OutsideWall[] {
  const out: OutsideWall[] = [];
  const tick = ticker(64);
  for (const room of rooms) {
    const poly = room.polygon;
    const ccw = signedArea(poly) > 0;
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i], b = poly[(i + 1) % poly.length];
      const dx = b[0] - a[0], dy = b[1] - a[1];
      const len = Math.hypot(dx, dy);
      if (len < 1e-6) continue;
      const ux = dx / len, uy = dy / len;
      // Outward normal: right of the direction for a counter-clockwise ring.
      const normal: Point = ccw ? [uy, -ux] : [-uy, ux];
      const pieces = Math.max(1, Math.ceil(len / step_m));
      let runStart = -1;
      const flush = (end: number) => {
        if (runStart < 0) return;
        const t0 = runStart / pieces, t1 = end / pieces;
        out.push({
          room: room.id,
          a: [a[0] + dx * t0, a[1] + dy * t0],
          b: [a[0] + dx * t1, a[1] + dy * t1],
          normal,
          length_m: len * (t1 - t0),
        });
        runStart = -1;
      };
      for (let k = 0; k < pieces; k++) {
        tick();
        const t = (k + 0.5) / pieces;
        const probe: Point = [
          a[0] + dx * t + normal[0] * probe_m,
          a[1] + dy * t + normal[1] * probe_m,
        ];
        const outside = !inAnyRoom(probe, rooms);
        if (outside && runStart < 0) runStart = k;
        if (!outside) flush(k);
      }
      flush(pieces);
    }
  }
  return out;
}

/**
 * The footprint as a mask on a north-up plan-frame grid ("local" CRS): a cell is in when its
 * centre or one of four points a quarter cell from it lies in a room; then cells that the
 * grid's edge cannot reach through outside cells (8-connected flood fill) are added, which
 * closes the gaps of interior walls. 1 marks the footprint.
 */
export function footprintMask(rooms: Room[], grid: Grid): Uint8Array {
  const { width: w, height: h, transform: t } = grid;
  const mask = new Uint8Array(w * h);
  const q = 0.25;
  const tick = ticker(64);
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      tick();
      for (const [fc, fr] of [[0.5, 0.5], [q, q], [1 - q, q], [q, 1 - q], [1 - q, 1 - q]]) {
        const p: Point = [t[0] + (c + fc) * t[1], t[3] + (r + fr) * t[5]];
        if (inAnyRoom(p, rooms)) {
          mask[r * w + c] = 1;
          break;
        }
      }
    }
  }
  // Outside = reachable from the edge through non-footprint cells, 4-connected (so a
  // diagonal gap in a wall does not leak).
  const outside = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0, tail = 0;
  const push = (i: number) => {
    if (!mask[i] && !outside[i]) {
      outside[i] = 1;
      queue[tail++] = i;
    }
  };
  for (let c = 0; c < w; c++) {
    push(c);
    push((h - 1) * w + c);
  }
  for (let r = 0; r < h; r++) {
    push(r * w);
    push(r * w + w - 1);
  }
  while (head < tail) {
    if ((head & 0xffff) === 0) checkpoint();
    const i = queue[head++];
    const r = (i / w) | 0, c = i - r * w;
    if (c > 0) push(i - 1);
    if (c < w - 1) push(i + 1);
    if (r > 0) push(i - w);
    if (r < h - 1) push(i + w);
  }
  for (let i = 0; i < w * h; i++) if (!outside[i]) mask[i] = 1;
  return mask;
}

/** The compass side an azimuth faces: 90° sectors centred on north, east, south and west. */
export function compassSide(azimuth_deg: number): "north" | "east" | "south" | "west" {
  const a = ((azimuth_deg % 360) + 360) % 360;
  if (a >= 315 || a < 45) return "north";
  if (a < 135) return "east";
  if (a < 225) return "south";
  return "west";
}

/** Eight-point compass name of an azimuth ("N", "NE", …). */
export function compassPoint(azimuth_deg: number): string {
  const names = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
  return names[Math.round((((azimuth_deg % 360) + 360) % 360) / 45) % 8];
}
