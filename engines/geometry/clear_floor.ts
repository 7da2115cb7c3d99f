/**
 * Clear floor space: the longest rectangle of a given width (ADA 2010 §305.3's 30 in) that
 * lies on a room's free floor, its sides parallel to one of the room's walls. Pure geometry in
 * plan metres.
 *
 * Method: in each wall-aligned frame, a band of the given width slides across the floor; for
 * each band position the walls and objects that cut into the band block intervals of it, and
 * the longest unblocked interval inside the floor is the longest space there. For a room whose
 * edges are all parallel or perpendicular to that frame, the longest interval only changes when
 * a band edge passes a vertex, so trying those positions is exact; otherwise band positions
 * every 1 cm are tried as well (a lower bound, within about a centimetre).
 */
import { ticker } from "../../ground/budget.ts";
import type { Point } from "../../ground/plan.ts";
import type { MultiRings } from "./clip.ts";
import { freeFloor } from "./clearance.ts";

/** The longest clear space found and where it lies. */
export interface ClearFloorSpace {
  /** Length along the band, m (0 when no band of the width fits). */
  length_m: number;
  /** Its outline on the plan (a rectangle), when one fits. */
  outline?: Point[];
  /** True when the search was exact (every edge parallel or perpendicular to a tried frame). */
  exact: boolean;
}

const EPS = 1e-9;

/**
 * The longest `width_m`-wide rectangle on the room's floor free of `obstacles` (object
 * footprints), aligned with the room's walls. See the module comment for the method. The
 * room's own polygon gives the wall directions; `free` is the floor searched.
 */
export function longestClearFloorSpace(
  polygon: Point[],
  obstacles: Point[][],
  width_m: number,
  /** The free floor when the caller has it already (clearance.ts freeFloor). */
  free: MultiRings = obstacles.length ? freeFloor(polygon, obstacles) : [[polygon]],
): ClearFloorSpace {
  const dirs = wallDirections(polygon);
  let best: ClearFloorSpace = { length_m: 0, exact: true };
  for (const theta of dirs) {
    const c = Math.cos(theta), s = Math.sin(theta);
    // into the frame: x' = p·u, y' = p·v with u = (c, s), v = (-s, c)
    const rings = free.map((poly) =>
      poly.map((ring) => ring.map(([x, y]) => [x * c + y * s, -x * s + y * c] as Point))
    );
    const r = longestInFrame(rings, width_m);
    if (!r.exact) best.exact = false;
    if (r.length_m > best.length_m + EPS) {
      const back = ([x, y]: Point): Point => [x * c - y * s, x * s + y * c];
      best = {
        length_m: r.length_m,
        outline: r.rect!.map(back),
        exact: best.exact && r.exact,
      };
    }
  }
  return best;
}

/** The room's wall directions (radians, mod π/2, deduplicated), each with its perpendicular. */
function wallDirections(polygon: Point[]): number[] {
  const out: number[] = [];
  const n = polygon.length;
  for (let i = 0; i < n; i++) {
    const a = polygon[i], b = polygon[(i + 1) % n];
    if (a[0] === b[0] && a[1] === b[1]) continue;
    let t = Math.atan2(b[1] - a[1], b[0] - a[0]) % (Math.PI / 2);
    if (t < 0) t += Math.PI / 2;
    if (Math.abs(t - Math.PI / 2) < 1e-9) t = 0;
    if (!out.some((o) => Math.abs(o - t) < 1e-9)) out.push(t);
  }
  // both bands: along the wall and across it
  return out.flatMap((t) => [t, t + Math.PI / 2]);
}

interface FrameResult {
  length_m: number;
  rect?: Point[];
  exact: boolean;
}

/** Longest horizontal band of height w inside the (already transformed) free floor. */
function longestInFrame(polys: MultiRings, w: number): FrameResult {
  const edges: [number, number, number, number][] = [];
  let rectilinear = true;
  let minY = Infinity, maxY = -Infinity;
  for (const poly of polys) {
    for (const ring of poly) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i], b = ring[(i + 1) % ring.length];
        if (Math.abs(a[0] - b[0]) > 1e-9 && Math.abs(a[1] - b[1]) > 1e-9) rectilinear = false;
        edges.push([a[0], a[1], b[0], b[1]]);
        minY = Math.min(minY, a[1]), maxY = Math.max(maxY, a[1]);
      }
    }
  }
  if (maxY - minY < w - EPS) return { length_m: 0, exact: true };
  const ys = new Set<number>();
  for (const [, y] of edges) {
    ys.add(y);
    ys.add(y - w);
  }
  if (!rectilinear) {
    // 1 cm bands, but at most 10,000 of them: the work follows the room, not its size.
    const dy = Math.max(0.01, (maxY - w - minY) / 10000);
    for (let y = minY; y <= maxY - w + EPS; y += dy) ys.add(y);
  }
  let best: FrameResult = { length_m: 0, exact: rectilinear };
  const tick = ticker(32);
  for (const y0 of ys) {
    tick();
    if (y0 < minY - EPS || y0 + w > maxY + EPS) continue;
    const r = longestAt(polys, edges, y0, w);
    if (r.len > best.length_m + EPS) {
      best = {
        length_m: r.len,
        rect: [[r.x0, y0], [r.x0 + r.len, y0], [r.x0 + r.len, y0 + w], [r.x0, y0 + w]],
        exact: rectilinear,
      };
    }
  }
  return best;
}

/** The longest unblocked interval of the band [y0, y0 + w] that lies inside the floor. */
function longestAt(
  polys: MultiRings,
  edges: [number, number, number, number][],
  y0: number,
  w: number,
): { len: number; x0: number } {
  const lo = y0, hi = y0 + w;
  const blocked: [number, number][] = [];
  for (const [ax, ay, bx, by] of edges) {
    if (Math.abs(ay - by) < 1e-12) {
      // horizontal: blocks only strictly inside the band
      if (ay > lo + EPS && ay < hi - EPS) blocked.push([Math.min(ax, bx), Math.max(ax, bx)]);
      continue;
    }
    // the part of the edge with lo < y < hi
    const t1 = (lo - ay) / (by - ay), t2 = (hi - ay) / (by - ay);
    const ta = Math.max(0, Math.min(t1, t2)), tb = Math.min(1, Math.max(t1, t2));
    if (tb - ta <= 1e-12) continue;
    const xa = ax + (bx - ax) * ta, xb = ax + (bx - ax) * tb;
    blocked.push([Math.min(xa, xb), Math.max(xa, xb)]);
  }
  if (!blocked.length) return { len: 0, x0: 0 };
  blocked.sort((p, q) => p[0] - q[0]);
  let len = 0, x0 = 0;
  let end = blocked[0][1];
  const ym = (lo + hi) / 2;
  for (let i = 1; i < blocked.length; i++) {
    const [s, e] = blocked[i];
    if (s > end + EPS && s - end > len + EPS && insideFloor(polys, (end + s) / 2, ym)) {
      len = s - end, x0 = end;
    }
    end = Math.max(end, e);
  }
  return { len, x0 };
}

/** Even-odd point-in-polygon over every ring of every polygon. */
function insideFloor(polys: MultiRings, x: number, y: number): boolean {
  let inside = false;
  for (const poly of polys) {
    for (const ring of poly) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i], [xj, yj] = ring[j];
        if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
  }
  return inside;
}
