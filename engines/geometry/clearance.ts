/**
 * Clearance: door clear widths (stated or estimated), the free floor of a room (its polygon
 * minus object footprints), the largest circle that fits on it, and ADA's T-shaped turning
 * space. Pure functions over plan parts, metres throughout. Polygon booleans use Clipper
 * (Vatti clipping, see clip.ts); the widest circle uses polylabel (Mapbox's
 * pole of inaccessibility, a quadtree search that is exact to the precision asked for).
 */
import { formatLength } from "../../ground/units.ts";
import { sayLength, unitsNow } from "../../ground/units_now.ts";
import { checkpoint, ticker } from "../../ground/budget.ts";
import polylabelJs from "npm:polylabel@2.1.0";
import {
  judge,
  type Obj,
  type Opening,
  type Plan,
  type Point,
  tolerance_m,
} from "../../ground/plan.ts";
import { differenceRings, type MultiRings, ringArea_m2, type Rings } from "./clip.ts";
import { closestOnSegment, nearestWall } from "./walls.ts";
import { round } from "../../ground/text.ts";

/** polylabel ships no types: a polygon as rings in, the pole and its distance out. */
const polylabel = polylabelJs as unknown as (
  polygon: number[][][],
  precision?: number,
) => number[] & { distance: number };

/**
 * What a standard hinged door's open leaf and its stop take from the leaf width, m: 2 3/8 in
 * (60.325 mm). FHA Design Manual (HUD 1996, rev. 1998) ch. 3 and FHAG Requirement 3 note: "a
 * 34-inch door, hung in the standard manner, provides an acceptable nominal 32-inch clear
 * opening", nominal 32 in being 31 5/8 in (shared/reference/rules-and-sun.md §1.5). Clear width
 * is measured face of door to stop, door open at 90° (ADA 2010 §404.2.3; IRC R311.2). The one
 * estimate every tool uses: door_clearance, step_free_route, will_it_fit and code_check's rules.
 */
export const DOOR_LEAF_AND_STOP_M = 2.375 * 0.0254;

/** How {@link DOOR_LEAF_AND_STOP_M} is written for people, with where it comes from. */
export const DOOR_LEAF_AND_STOP_TEXT =
  "2 3/8 in (60 mm) for the open leaf and its stop (FHA Design Manual: a standard-hung 34 in door gives a nominal 32 in clear)";

/**
 * How far a clear width estimated from a door's leaf may be from the door's real one, m:
 * what the open leaf and its stop take varies with the door (interior leaves 35–45 mm thick,
 * stops 12–20 mm deep: 47–65 mm, where the packs allow 51–60 mm), so ±15 mm about the
 * allowance. Assumed from those typical sizes (no standard states it). It is added to the
 * scan's own uncertainty of the leaf ({@link clearWidthTolerance_m}): a judgement within both
 * is too close to call ("estimated — measure on site"), never a pass or fail.
 */
export const LEAF_ESTIMATE_ERROR_M = 0.015;

/** Why the estimate's bound is what it is, for people. */
const LEAF_ESTIMATE_ERROR_WHY =
  "leaf thickness and stop depth vary: assumed from typical doors, no standard states it";

/** How {@link LEAF_ESTIMATE_ERROR_M} is written for people (in metric). */
export const LEAF_ESTIMATE_ERROR_TEXT = `±15 mm (${LEAF_ESTIMATE_ERROR_WHY})`;

/** {@link LEAF_ESTIMATE_ERROR_TEXT} in the run's unit system (`±⅝″ (…)` in imperial). */
export function leafEstimateErrorText(): string {
  const bound = formatLength(LEAF_ESTIMATE_ERROR_M, unitsNow(), "15 mm");
  return `±${bound} (${LEAF_ESTIMATE_ERROR_WHY})`;
}

/**
 * The tolerance a door's clear width is judged within, m: the scan's (ground/plan.ts
 * `tolerance_m`, with the door's own uncertainty) and, when the width is estimated from the
 * leaf ({@link doorClearWidthEstimated}), {@link LEAF_ESTIMATE_ERROR_M} on top: two errors
 * that add, the leaf as scanned and the allowance taken from it.
 */
export function clearWidthTolerance_m(
  plan: Pick<Plan, "source">,
  o: Pick<Opening, "kind" | "clear_width_m" | "uncertainty_m">,
  clear_m: number,
): number {
  return tolerance_m(plan, clear_m, o) +
    (doorClearWidthEstimated(o) ? LEAF_ESTIMATE_ERROR_M : 0);
}

/** A door's clear width and how it was found. */
export interface ClearWidth {
  clear_width_m: number;
  /** True when estimated from the stated width rather than stated by the source. */
  estimated: boolean;
  /** The estimate's own error bound, m ({@link LEAF_ESTIMATE_ERROR_M}), when estimated. */
  error_m?: number;
  /** Where the number came from, as a code: stated by the source, an opening without a leaf, or estimated from the leaf. */
  basis_code: ClearWidthBasis;
  /** The same in one sentence (clearWidthBasisText). */
  basis: string;
}

/** Where a clear width came from. */
export type ClearWidthBasis = "stated" | "no_leaf" | "leaf_estimate";

/** The sentence for a clear width's basis (`width_m`: the door's stated width, for an estimate). */
export function clearWidthBasisText(code: ClearWidthBasis, width_m?: number): string {
  switch (code) {
    case "stated":
      return "stated by the scan";
    case "no_leaf":
      return "an opening without a door leaf: clear over its whole width";
    case "leaf_estimate":
      return `estimated as the ${
        sayLength(width_m!, 3)
      } leaf less ${DOOR_LEAF_AND_STOP_TEXT}, ${leafEstimateErrorText()}`;
  }
}

/**
 * The clear width of an opening. A stated `clear_width_m` is used as is; an opening with no
 * leaf (kind "opening") is clear over its whole width; for a door only the leaf width is
 * known, so the clear width is estimated as width − {@link DOOR_LEAF_AND_STOP_M} (the leaf
 * at 90° and its stop; 2 3/8 in, FHA Design Manual ch. 3).
 */
export function doorClearWidth(
  o: Pick<Opening, "kind" | "width_m" | "clear_width_m"> & { id?: string },
): ClearWidth {
  if (o.clear_width_m !== undefined) {
    return {
      clear_width_m: o.clear_width_m,
      estimated: false,
      basis_code: "stated",
      basis: clearWidthBasisText("stated"),
    };
  }
  if (o.kind === "opening") {
    return {
      clear_width_m: o.width_m,
      estimated: false,
      basis_code: "no_leaf",
      basis: clearWidthBasisText("no_leaf"),
    };
  }
  const clear = doorClearWidth_m(o);
  return {
    clear_width_m: clear,
    estimated: true,
    error_m: LEAF_ESTIMATE_ERROR_M,
    basis_code: "leaf_estimate",
    basis: clearWidthBasisText("leaf_estimate", o.width_m),
  };
}

/**
 * The number {@link doorClearWidth} gives, m, without building its sentence (for callers that
 * judge thousands of doors): a stated `clear_width_m` as is, an opening's whole width, else a
 * door's width less {@link DOOR_LEAF_AND_STOP_M} (FHA Design Manual ch. 3). It is an
 * estimate exactly when {@link doorClearWidthEstimated} says so.
 */
export function doorClearWidth_m(o: Pick<Opening, "kind" | "width_m" | "clear_width_m">): number {
  if (o.clear_width_m !== undefined) return o.clear_width_m;
  if (o.kind === "opening") return o.width_m;
  return Math.max(0, o.width_m - DOOR_LEAF_AND_STOP_M);
}

/** Whether {@link doorClearWidth} estimates the clear width (a door with no stated one). */
export function doorClearWidthEstimated(o: Pick<Opening, "kind" | "clear_width_m">): boolean {
  return o.clear_width_m === undefined && o.kind !== "opening";
}

/**
 * An object's footprint: its w × d rectangle turned by yaw_deg (counter-clockwise, degrees)
 * about its centre, as a counter-clockwise ring.
 */
export function objectFootprint(o: Pick<Obj, "center" | "size" | "yaw_deg">): Point[] {
  return orientedRectangle(o.center, o.size[0], o.size[1], o.yaw_deg ?? 0);
}

/** A w × d rectangle centred on `c`, its w side turned `angle_deg` counter-clockwise from +x. */
export function orientedRectangle(c: Point, w: number, d: number, angle_deg: number): Point[] {
  const a = (angle_deg * Math.PI) / 180;
  const ux = Math.cos(a), uy = Math.sin(a);
  const vx = -uy, vy = ux;
  const hw = w / 2, hd = d / 2;
  return [
    [c[0] - ux * hw - vx * hd, c[1] - uy * hw - vy * hd],
    [c[0] + ux * hw - vx * hd, c[1] + uy * hw - vy * hd],
    [c[0] + ux * hw + vx * hd, c[1] + uy * hw + vy * hd],
    [c[0] - ux * hw + vx * hd, c[1] - uy * hw + vy * hd],
  ];
}

/** Area of a polygon with holes, m² (outer ring minus holes). */
export function ringsArea_m2(rings: Rings): number {
  if (!rings.length) return 0;
  return Math.abs(ringArea_m2(rings[0])) -
    rings.slice(1).reduce((s, h) => s + Math.abs(ringArea_m2(h)), 0);
}

/**
 * The free floor: the room polygon minus the union of obstacle footprints, as polygons with
 * holes (Vatti clipping via Clipper, see clip.ts). Empty for a room of zero area or one that
 * obstacles cover entirely.
 */
export function freeFloor(polygon: Point[], obstacles: Point[][] = []): MultiRings {
  if (polygon.length < 3 || Math.abs(ringArea_m2(polygon)) < 1e-9) return [];
  return differenceRings([polygon], obstacles.filter((o) => o.length >= 3));
}

/** The largest circle on a floor: centre, radius, and the precision it was found to. */
export interface Circle {
  center: Point;
  radius_m: number;
  /** The true largest radius is within this many metres above radius_m. */
  precision_m: number;
}

/**
 * The largest circle that fits in the room polygon free of obstacles: the pole of
 * inaccessibility of the free floor (polylabel: Garcia-Castellanos & Lombardo 2007's idea,
 * Mapbox's quadtree search), found to `precision_m` (default 5 mm, so within 1 cm).
 * Undefined when the free floor is empty (zero-area room, or one covered by objects).
 */
export function largestInscribedCircle(
  polygon: Point[],
  obstacles: Point[][] = [],
  precision_m = 0.005,
): Circle | undefined {
  return largestCircleIn(freeFloor(polygon, obstacles), precision_m);
}

/** The largest circle in polygons already clipped (see {@link freeFloor}). */
export function largestCircleIn(free: MultiRings, precision_m = 0.005): Circle | undefined {
  let best: Circle | undefined;
  for (const poly of free) {
    checkpoint();
    if (ringsArea_m2(poly) <= 1e-9) continue;
    const p = polylabel(poly, precision_m);
    const r = Math.max(0, p.distance);
    if (!best || r > best.radius_m) best = { center: [p[0], p[1]], radius_m: r, precision_m };
  }
  return best;
}

/**
 * ADA 2010 §304.3.2 T-shaped turning space, in metres: a T inside a 60 in (1525 mm) square,
 * arms and base 36 in (915 mm) wide; the base is the rest of the square (24 in, 610 mm).
 */
export const ADA_T_TURN = { square_m: 1.525, width_m: 0.915 } as const;

/**
 * The T of ADA 304.3.2 as a ring, its junction square centred on `at` and turned by
 * `angle_deg`: the bar (square_m × width_m) across the top, the base below it.
 */
export function tTurnFootprint(
  at: Point,
  angle_deg: number,
  square_m: number = ADA_T_TURN.square_m,
  width_m: number = ADA_T_TURN.width_m,
): Point[] {
  const s = square_m, w = width_m, base = s - w;
  // local frame: bar spans x ∈ [-s/2, s/2], y ∈ [-w/2, w/2]; base x ∈ [-w/2, w/2], y below.
  const local: Point[] = [
    [-s / 2, -w / 2],
    [-w / 2, -w / 2],
    [-w / 2, -w / 2 - base],
    [w / 2, -w / 2 - base],
    [w / 2, -w / 2],
    [s / 2, -w / 2],
    [s / 2, w / 2],
    [-s / 2, w / 2],
  ];
  const a = (angle_deg * Math.PI) / 180, c = Math.cos(a), sn = Math.sin(a);
  return local.map(([x, y]) => [at[0] + x * c - y * sn, at[1] + x * sn + y * c]);
}

/** Where the T fits, if it does. */
export interface TTurnFit {
  fits: boolean;
  at?: Point;
  angle_deg?: number;
  footprint?: Point[];
}

/**
 * Whether ADA 304.3.2's T-shaped turning space fits on the free floor (see
 * {@link findPlacement}; the T's junction square must have width_m/2 clear around its centre).
 */
export function tTurnFits(
  polygon: Point[],
  obstacles: Point[][] = [],
  opts: { square_m?: number; width_m?: number; step_m?: number } = {},
): TTurnFit {
  const square_m = opts.square_m ?? ADA_T_TURN.square_m;
  const width_m = opts.width_m ?? ADA_T_TURN.width_m;
  const p = findPlacement(
    polygon,
    obstacles,
    (at, angle) => tTurnFootprint(at, angle, square_m, width_m),
    { clear_radius_m: width_m / 2, step_m: opts.step_m },
  );
  return p ? { fits: true, ...p } : { fits: false };
}

/** A room's turning space judged under the uncertainty rule (see {@link judgeTurningSpace}). */
export interface TurningJudgement {
  status: "pass" | "warn" | "fail";
  /** The largest clear circle on the free floor. */
  circle: Circle;
  diameter_m: number;
  /** The circle's own status against the need, before the T is tried. */
  circle_status: "pass" | "warn" | "fail";
  /** ADA 2010 §304.3.2's T where the circle does not pass and the T fits (pass or warn). */
  t?: { status: "pass" | "warn"; footprint: Point[] };
  /** The ADA section the status rests on: 304.3.1 (circle) or 304.3.2 (T). */
  section: "304.3.1" | "304.3.2";
}

/**
 * Whether a wheelchair user can turn around in a room: the largest clear circle on the floor
 * free of `obstacles` against `need_m` (ADA 2010 §304.3.1), judged with the uncertainty rule
 * (`tolerance_m(length)` of the scan); where it does not pass and `allowT`, ADA §304.3.2's T
 * ({@link ADA_T_TURN}) fits when grown by the tolerance → pass, only as drawn or shrunk by it
 * → too close to call. A T that passes, or any T where the circle fails, sets the status.
 * Undefined when the outline encloses no free floor.
 */
export function judgeTurningSpace(
  polygon: Point[],
  obstacles: Point[][],
  need_m: number,
  tolerance: (length_m: number) => number,
  allowT: boolean,
): TurningJudgement | undefined {
  const circle = largestCircleIn(freeFloor(polygon, obstacles));
  if (!circle) return undefined;
  const diameter_m = 2 * circle.radius_m;
  const circle_status = judge(diameter_m, ">=", need_m, tolerance(diameter_m));
  let status = circle_status;
  let t: TurningJudgement["t"];
  if (circle_status !== "pass" && allowT) {
    const tol = tolerance(ADA_T_TURN.square_m);
    const grown = tTurnFits(polygon, obstacles, {
      square_m: ADA_T_TURN.square_m + tol,
      width_m: ADA_T_TURN.width_m + tol,
    });
    const shrunk = grown.fits ? grown : tTurnFits(polygon, obstacles, {
      square_m: ADA_T_TURN.square_m - tol,
      width_m: ADA_T_TURN.width_m - tol,
    });
    if (shrunk.fits) {
      t = { status: grown.fits ? "pass" : "warn", footprint: shrunk.footprint! };
      if (t.status === "pass" || status === "fail") status = t.status;
    }
  }
  return {
    status,
    circle,
    diameter_m,
    circle_status,
    ...(t ? { t } : {}),
    section: t && status !== "fail" ? "304.3.2" : "304.3.1",
  };
}

/** A shape placed on the free floor: its reference point, turn and outline. */
export interface Placement {
  at: Point;
  angle_deg: number;
  footprint: Point[];
}

/**
 * Finds a place on the free floor (room minus obstacles) where `shape(at, angle_deg)` lies
 * wholly inside. Searches the reference point on a `step_m` grid (default 5 cm) among places
 * at least `clear_radius_m` from any wall or obstacle, at the room's wall directions turned by
 * 0/90/180/270° and every 15° between. A sampled search: a shape that fits only off the grid
 * may be missed (a false "no", never a false "yes").
 */
export function findPlacement(
  polygon: Point[],
  obstacles: Point[][],
  shape: (at: Point, angle_deg: number) => Point[],
  opts: { clear_radius_m?: number; step_m?: number } = {},
): Placement | undefined {
  const half = opts.clear_radius_m ?? 0;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of polygon) {
    minX = Math.min(minX, x), minY = Math.min(minY, y);
    maxX = Math.max(maxX, x), maxY = Math.max(maxY, y);
  }
  // The work is bounded by the room, not by its size in metres: at most MAX_PLACEMENT_CELLS
  // grid points (a coarser grid in a huge room can only miss a placement, never invent one).
  const step = Math.max(
    opts.step_m ?? 0.05,
    Math.sqrt(((maxX - minX) * (maxY - minY)) / MAX_PLACEMENT_CELLS),
  );
  const tick = ticker(64);
  const free = freeFloor(polygon, obstacles);
  if (!free.length) return undefined;
  const edges = ringEdges(free);
  const angles = new Set<number>();
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i], b = polygon[(i + 1) % polygon.length];
    const deg = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
    for (let k = 0; k < 4; k++) angles.add(round(((deg + 90 * k) % 360 + 360) % 360, 6));
  }
  for (let d = 0; d < 360; d += 15) angles.add(d);
  for (let x = minX + half; x <= maxX - half + 1e-9; x += step) {
    for (let y = minY + half; y <= maxY - half + 1e-9; y += step) {
      tick();
      const p: Point = [x, y];
      if (!insideEdges(edges, x, y) || distToEdges(edges, p) < half - 1e-9) continue;
      for (const angle of angles) {
        const t = shape(p, angle);
        if (ringInside(edges, t)) return { at: p, angle_deg: angle, footprint: t };
      }
    }
  }
  return undefined;
}

/** The most grid points {@link findPlacement} tries in one room (a 50 m × 50 m room at 5 cm). */
export const MAX_PLACEMENT_CELLS = 1_000_000;

/**
 * Every edge of some rings, flat: [x1, y1, x2, y2] per edge, for tight loops. A plain array
 * of numbers, not a Float64Array: the same doubles, and a small typed array cost ~15× as much
 * to make (its own backing store; a 1,000-room route graph makes ~2,000 edge sets; issue 29).
 */
export interface EdgeSet {
  n: number;
  c: number[];
}

/** Every edge of every ring of every polygon, as an {@link EdgeSet}. */
export function ringEdges(rings: MultiRings): EdgeSet {
  const c: number[] = [];
  for (const poly of rings) {
    for (const ring of poly) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i], b = ring[(i + 1) % ring.length];
        if (a[0] === b[0] && a[1] === b[1]) continue;
        c.push(a[0], a[1], b[0], b[1]);
      }
    }
  }
  return { n: c.length / 4, c };
}

/** Even–odd point-in-polygon over an edge set (ray casting; Shimrat 1962). */
export function insideEdges(E: EdgeSet, x: number, y: number): boolean {
  let inside = false;
  const c = E.c;
  for (let i = 0, k = 0; i < E.n; i++, k += 4) {
    const x1 = c[k], y1 = c[k + 1], x2 = c[k + 2], y2 = c[k + 3];
    if ((y1 > y) !== (y2 > y) && x < ((x2 - x1) * (y - y1)) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
}

/** Even–odd point-in-polygon over every ring of every polygon (ray casting). */
export function insideRings(rings: MultiRings, p: Point): boolean {
  return insideEdges(ringEdges(rings), p[0], p[1]);
}

/** Smallest distance from a point to any edge of the set, metres. */
export function distToEdges(E: EdgeSet, p: Point): number {
  let best = Infinity;
  const c = E.c, px = p[0], py = p[1];
  for (let i = 0, k = 0; i < E.n; i++, k += 4) {
    const x1 = c[k], y1 = c[k + 1], dx = c[k + 2] - x1, dy = c[k + 3] - y1;
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? ((px - x1) * dx + (py - y1) * dy) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const ex = px - (x1 + t * dx), ey = py - (y1 + t * dy);
    const d2 = ex * ex + ey * ey;
    if (d2 < best) best = d2;
  }
  return Math.sqrt(best);
}

/** True when segment a–b crosses an edge of the set at a point interior to both. */
export function crossesEdges(E: EdgeSet, a: Point, b: Point): boolean {
  const c = E.c, ax = a[0], ay = a[1], bx = b[0], by = b[1];
  const eps = 1e-12;
  const minX = Math.min(ax, bx), maxX = Math.max(ax, bx);
  const minY = Math.min(ay, by), maxY = Math.max(ay, by);
  for (let i = 0, k = 0; i < E.n; i++, k += 4) {
    const cx = c[k], cy = c[k + 1], dx = c[k + 2], dy = c[k + 3];
    if (Math.max(cx, dx) < minX || Math.min(cx, dx) > maxX) continue;
    if (Math.max(cy, dy) < minY || Math.min(cy, dy) > maxY) continue;
    const o1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    const o2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
    if (!((o1 > eps && o2 < -eps) || (o1 < -eps && o2 > eps))) continue;
    const o3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
    const o4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
    if ((o3 > eps && o4 < -eps) || (o3 < -eps && o4 > eps)) return true;
  }
  return false;
}

function ringInside(edges: EdgeSet, ring: Point[]): boolean {
  for (const p of ring) if (!insideEdges(edges, p[0], p[1])) return false;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i], b = ring[(i + 1) % ring.length];
    if (crossesEdges(edges, a, b)) return false;
    if (!insideEdges(edges, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2)) return false;
  }
  // An obstacle wholly inside the shape: one of its vertices lies inside the shape.
  const own = ringEdges([[ring]]);
  for (let i = 0, k = 0; i < edges.n; i++, k += 4) {
    const p: Point = [edges.c[k], edges.c[k + 1]];
    if (insideEdges(own, p[0], p[1]) && !onRing(ring, p)) return false;
  }
  return true;
}

function onRing(ring: Point[], p: Point): boolean {
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i], b = ring[(i + 1) % ring.length];
    if (closestOnSegment(p, a, b).distance_m < 1e-9) return true;
  }
  return false;
}

/**
 * The line an opening spans on its wall: its width centred on the foot of `at` on the nearest
 * wall (walls.ts), for drawing. Falls back to a point's width along x when no wall is found.
 */
export function openingSpan(
  plan: Pick<Plan, "rooms">,
  o: Pick<Opening, "at" | "floor" | "between" | "width_m">,
): Point[] {
  const w = nearestWall(plan, o);
  const c = w?.foot ?? o.at, d = w?.dir ?? [1, 0];
  const h = o.width_m / 2;
  return [[c[0] - d[0] * h, c[1] - d[1] * h], [c[0] + d[0] * h, c[1] + d[1] * h]];
}

/**
 * The clear width a person needs at a door, m: the larger of a standard's minimum (ADA 2010
 * §404.2.3: 0.815 m) and their chair or aid's width plus the room their hands need beside it.
 */
export function neededClearWidth(
  min_clear_width_m: number,
  chair_width_m: number,
  side_margin_m: number,
): { need_m: number; governs: "minimum" | "chair" } {
  const body = chair_width_m + side_margin_m;
  return body > min_clear_width_m
    ? { need_m: body, governs: "chair" }
    : { need_m: min_clear_width_m, governs: "minimum" };
}
