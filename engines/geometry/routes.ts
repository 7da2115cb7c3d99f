/**
 * Routes: a navigation graph over a plan (rooms, doors and openings, verticals, the outside)
 * and the best route from one door to every room under a traveller's constraints.
 *
 * Inside a room the path runs between door points around objects, keeping half the
 * traveller's width from walls and objects: the shortest path among polygonal obstacles in
 * the configuration space (room eroded by the radius, objects dilated by it; Lozano-Pérez &
 * Wesley 1979), found on its visibility graph (de Berg et al., "Computational Geometry",
 * ch. 15), so route lengths are real metres. Across rooms, Dijkstra (1959) with a
 * lexicographic cost: fewest failing elements, then fewest unknown ones, then fewest too
 * close to call, then shortest length — so a blocked room still gets the route with the
 * fewest barriers, and those barriers are its blocking elements.
 *
 * Limits (cited where used): ADA 2010 §404.2.3 (door clear width), §404.2.5 (threshold),
 * §405.2 (ramp slope), §303 (changes in level); the numbers come in as {@link RouteNeeds}.
 */
import { checkpoint, ticker } from "../budget.ts";
import { unknownIfImplausible } from "./implausible.ts";
import FlatQueue from "flatqueue";
import type { Opening, Plan, Point, Room, Vertical } from "../../core/plan.ts";
import { tolerance_m } from "../../core/plan.ts";
import { judge } from "../../core/result.ts";
import {
  crossesEdges,
  distToEdges,
  doorClearWidth_m,
  doorClearWidthEstimated,
  type EdgeSet,
  freeFloor,
  insideEdges,
  insideRings,
  largestCircleIn,
  objectFootprint,
  ringEdges,
} from "./clearance.ts";
import { differenceRings, type MultiRings, offsetRings, ringArea_m2, unionRings } from "./clip.ts";

/** What the traveller needs, in SI units; each value comes from a tool input. */
export interface RouteNeeds {
  /** Width the traveller takes (chair or aid plus hands), m; half of it is kept clear in rooms. */
  body_width_m: number;
  /** Clear width a door, ramp or lift must give, m (e.g. 0.815, ADA 404.2.3). */
  min_clear_width_m: number;
  /** Stairs and steps block the route (ADA 303: a change in level over 1/2 in needs a ramp). */
  step_free: boolean;
  /** Highest threshold or step crossed when step_free, m (e.g. 0.013, ADA 404.2.5). */
  max_step_m: number;
  /** Steepest ramp, rise over run (e.g. 1/12, ADA 405.2). */
  max_ramp_slope: number;
}

/** A status an element or a route can have. */
export type RouteStatus = "pass" | "warn" | "fail" | "unknown";

/** One judged element on the way: a door's width, a threshold, a stair, a ramp, a room passage. */
export interface Constraint {
  /** Stable id: `<kind>:<element>` (e.g. `clear_width:d7`). */
  id: string;
  kind:
    | "clear_width"
    | "threshold"
    | "stair"
    | "step"
    | "ramp_slope"
    | "passage"
    | "door_position"
    | "unplaced";
  /** The opening, vertical or room id. */
  element: string;
  status: RouteStatus;
  measured?: number;
  limit?: number;
  unit?: string;
  /** The element in words and numbers: "door d7 is 0.70 m clear; 0.78 m needed". */
  text: string;
  /** True when the measured value is an estimate (a door's clear width from its leaf). */
  estimated?: boolean;
  floor?: string;
  at?: Point;
}

/** A point of the graph: one side of a door, the outside of a door, or a vertical's landing. */
export interface RouteNode {
  id: number;
  floor: string;
  /** The room it lies in; null outside. */
  room: string | null;
  at: Point;
  /** The opening or vertical it belongs to. */
  ref: string;
}

/** A way between two nodes: across a room, through a door, or along a vertical. */
export interface RouteEdge {
  a: number;
  b: number;
  length_m: number;
  kind: "room" | "door" | "vertical";
  element: string;
  status: RouteStatus;
  constraints: Constraint[];
  /** The polyline from a to b (plan metres; a vertical's is its two landings). */
  path: Point[];
}

/** The navigation graph of a plan for one traveller. */
export interface RouteGraph {
  nodes: RouteNode[];
  edges: RouteEdge[];
  /** Edge indices by node. */
  adj: number[][];
  /** Node ids in each room. */
  roomNodes: Map<string, number[]>;
  /** The outside node of each door to the outside. */
  outsideNode: Map<string, number>;
  /** Sentences about data the graph could not use (a vertical without rooms, …). */
  notes: string[];
  needs: RouteNeeds;
  /** What a passage constraint needs to be measured later (see {@link measurePassage}). */
  passages: Map<string, { polygon: Point[]; obstacles: Point[][]; a: Port; b: Port }>;
}

/**
 * How far a door's point may sit from its room's outline and still be on its wall, m: half of
 * a 0.5 m wall (room outlines are wall faces, door points often the wall's middle). Assumed.
 */
export const MAX_DOOR_OFFSET_M = 0.25;

/** Shared by the many edges that judge nothing (never pushed to). */
const NO_CONSTRAINTS: Constraint[] = [];

/** Cost weights of the lexicographic Dijkstra (counts first, then metres; see module doc). */
const W_FAIL = 1e9, W_UNKNOWN = 1e7, W_WARN = 1e5;

function statusWeight(s: RouteStatus): number {
  return s === "fail" ? W_FAIL : s === "unknown" ? W_UNKNOWN : s === "warn" ? W_WARN : 0;
}

/** The worse of two statuses (fail > unknown > warn > pass) for one element. */
export function worseRouteStatus(a: RouteStatus, b: RouteStatus): RouteStatus {
  return statusWeight(a) >= statusWeight(b) ? a : b;
}

/** Metres for sentences: 3 decimals, trailing zeros trimmed to 2 (0.815 m, 0.82 m). */
const fmt = (v: number) => {
  let t = fmtMemo.get(v);
  if (t === undefined) {
    t = `${v.toFixed(3).replace(/0$/, "")} m`;
    if (fmtMemo.size >= 1024) fmtMemo.clear();
    fmtMemo.set(v, t);
  }
  return t;
};
/** fmt's sentences by value (a plan's doors share a few widths; bounded, so never large). */
const fmtMemo = new Map<number, string>();
const fmt3 = (v: number) => `${v.toFixed(3)} m`;
const slopeText = (s: number) => s > 0 ? `1:${(1 / s).toFixed(1)} (${s.toFixed(3)})` : "level";

/** A door's place on a room's wall with its inward normal, or a free point (a landing). */
export interface Port {
  /** Point on the wall (or a free point for a landing). */
  at: Point;
  /** Inward unit normal (into the room) at a wall; null for a free point. */
  n: Point | null;
}

/** A port's point for a traveller of radius r: on the wall, moved r (+5 mm) into the room. */
function portPoint(p: Port, r: number): Point {
  if (!p.n) return p.at;
  return [p.at[0] + p.n[0] * (r + 0.005), p.at[1] + p.n[1] * (r + 0.005)];
}

function isConvex(polygon: Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i],
      b = polygon[(i + 1) % polygon.length],
      c = polygon[(i + 2) % polygon.length];
    const z = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (Math.abs(z) < 1e-12) continue;
    const s = Math.sign(z);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** How far a configuration space's arc chords may cut inside the true arc, m (5 mm). */
export const ROUTE_ARC_M = 0.005;

/**
 * The configuration space of a disc of radius r in a room: the room polygon minus every point
 * within r of its walls or of an obstacle (Lozano-Pérez & Wesley 1979), as polygons with holes:
 * the room shrunk by r minus the obstacles grown by r (Minkowski sums with a disc, Clipper).
 */
export function clearSpace(polygon: Point[], obstacles: Point[][], radius_m: number): MultiRings {
  if (polygon.length < 3 || Math.abs(ringArea_m2(polygon)) < 1e-9) return [];
  const obs = obstacles.filter((o) => o.length >= 3);
  // Arcs as chords within ROUTE_ARC_M of the circle, drawn at r + ROUTE_ARC_M: never optimistic.
  const r = radius_m > 0 ? radius_m + ROUTE_ARC_M : 0;
  const inner = r > 0 ? offsetRings([polygon], -r, ROUTE_ARC_M) : unionRings([polygon]);
  if (!obs.length || !inner.length) return inner;
  const grown = r > 0 ? offsetRings(obs, r, ROUTE_ARC_M) : obs.map((o) => [o]);
  return differenceRings(inner, grown);
}

/** Inward offset of a convex polygon by r (each edge moved in, neighbours intersected). */
function convexInset(polygon: Point[], r: number): Point[] | undefined {
  const ccw = ringArea_m2(polygon) > 0;
  const ring = ccw ? polygon : [...polygon].reverse();
  const lines: { p: Point; d: Point }[] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i], b = ring[(i + 1) % ring.length];
    const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy);
    if (len < 1e-12) continue;
    const n: Point = [-dy / len, dx / len];
    lines.push({ p: [a[0] + n[0] * r, a[1] + n[1] * r], d: [dx / len, dy / len] });
  }
  const out: Point[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l1 = lines[(i + lines.length - 1) % lines.length], l2 = lines[i];
    const den = l1.d[0] * l2.d[1] - l1.d[1] * l2.d[0];
    if (Math.abs(den) < 1e-12) continue;
    const t = ((l2.p[0] - l1.p[0]) * l2.d[1] - (l2.p[1] - l1.p[1]) * l2.d[0]) / den;
    out.push([l1.p[0] + l1.d[0] * t, l1.p[1] + l1.d[1] * t]);
  }
  // Too narrow: the inset folds over (orientation flips or an edge reverses).
  if (out.length < 3 || ringArea_m2(out) <= 1e-12) return undefined;
  for (let i = 0; i < out.length; i++) {
    const a = out[i], b = out[(i + 1) % out.length];
    const l = lines[i];
    if (((b[0] - a[0]) * l.d[0] + (b[1] - a[1]) * l.d[1]) < -1e-9) return undefined;
  }
  return out;
}

function nearestOnEdges(E: EdgeSet, p: Point): Point | undefined {
  let best: Point | undefined, bd = Infinity;
  for (let i = 0, k = 0; i < E.n; i++, k += 4) {
    const x1 = E.c[k], y1 = E.c[k + 1], dx = E.c[k + 2] - x1, dy = E.c[k + 3] - y1;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((p[0] - x1) * dx + (p[1] - y1) * dy) / len2)) : 0;
    const q: Point = [x1 + t * dx, y1 + t * dy];
    const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (d < bd) bd = d, best = q;
  }
  return best;
}

/** Shortest paths between points inside one room, for one traveller radius. */
export interface RoomPaths {
  /** length_m[i][j]: metres from point i to point j; Infinity when there is no way. */
  length_m: number[][];
  /** path[i][j]: the polyline from point i to point j (i < j; reverse it for j to i). */
  path: (Point[] | undefined)[][];
}

/**
 * Shortest paths among `points` in a room for a disc of radius `radius_m` (half the traveller's
 * width) kept clear of walls and obstacles: exact on the configuration space's visibility
 * graph (arcs drawn circumscribed, so never optimistic). A point within r of a wall is first
 * moved to the nearest clear place (at most r away, else it has no way).
 */
export function roomPaths(
  polygon: Point[],
  obstacles: Point[][],
  radius_m: number,
  points: Point[],
): RoomPaths {
  const k = points.length;
  const length_m = points.map(() => points.map(() => Infinity));
  const path: (Point[] | undefined)[][] = points.map(() => points.map(() => undefined));
  for (let i = 0; i < k; i++) length_m[i][i] = 0, path[i][i] = [points[i]];
  if (k < 2) return { length_m, path };

  // Fast exact case: a convex room without obstacles keeps a convex clear space.
  if (!obstacles.length && isConvex(polygon)) {
    const inset = radius_m > 0 ? convexInset(polygon, radius_m) : polygon;
    if (!inset) return { length_m, path };
    const free: MultiRings = [[inset]];
    const edges = ringEdges(free);
    const snapped = points.map((p) => snap(edges, p, radius_m));
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        const a = snapped[i], b = snapped[j];
        if (!a || !b) continue;
        if (a === points[i] && b === points[j]) {
          // Both already clear: the straight segment (the common case, kept cheap).
          const dx = b[0] - a[0], dy = b[1] - a[1];
          length_m[i][j] = length_m[j][i] = Math.sqrt(dx * dx + dy * dy);
          path[i][j] = [a, b];
          continue;
        }
        const pts = dedupe([points[i], a, b, points[j]]);
        const len = polylineLength(pts);
        length_m[i][j] = length_m[j][i] = len;
        path[i][j] = pts;
      }
    }
    return { length_m, path };
  }

  // Convex room, convex objects (rectangles): the clear space tested against the room's exact
  // inset and each object grown by r, with no polygon clipping at all.
  const space = isConvex(polygon) && obstacles.every((o) => o.length >= 3 && isConvex(o))
    ? convexSpace(polygon, obstacles, radius_m)
    : ringSpace(clearSpace(polygon, obstacles, radius_m), radius_m);
  if (!space) return { length_m, path };
  const snapped = points.map((p) => space.snap(p));
  // Visibility-graph nodes: the query points, then the free space's reflex corners (where a
  // shortest path may bend).
  const vs: Point[] = [];
  const qIndex: number[] = [];
  for (let i = 0; i < k; i++) {
    const s = snapped[i];
    qIndex.push(s ? vs.length : -1);
    if (s) vs.push(s);
  }
  const first = vs.length;
  for (const c of space.corners) vs.push(c.at);
  const n = vs.length;
  const w: number[][] = vs.map(() => []);
  const to: number[][] = vs.map(() => []);
  // Reduced visibility graph (Rohnert 1986): a shortest path only leaves a corner along a line
  // tangent to its ring there (both ring neighbours on one side), an O(1) test before the
  // segment test.
  const tangent = (u: number, v: number) => {
    if (u < first) return true;
    const c = space.corners[u - first], a = vs[u], b = vs[v];
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const s1 = dx * (c.prev[1] - a[1]) - dy * (c.prev[0] - a[0]);
    const s2 = dx * (c.next[1] - a[1]) - dy * (c.next[0] - a[0]);
    return s1 * s2 >= -1e-12;
  };
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (tangent(i, j) && tangent(j, i) && space.visible(vs[i], vs[j])) {
        const d = Math.hypot(vs[i][0] - vs[j][0], vs[i][1] - vs[j][1]);
        to[i].push(j), w[i].push(d), to[j].push(i), w[j].push(d);
      }
    }
  }
  for (let i = 0; i < k; i++) {
    const s = qIndex[i];
    if (s < 0) continue;
    const { dist, prev } = dijkstraSmall(n, to, w, s);
    for (let j = 0; j < k; j++) {
      const t = qIndex[j];
      if (j === i || t < 0 || !Number.isFinite(dist[t])) continue;
      const chain: Point[] = [];
      for (let v = t; v !== -1; v = prev[v]) chain.push(vs[v]);
      chain.reverse();
      const pts = dedupe([points[i], ...chain, points[j]]);
      length_m[i][j] = polylineLength(pts);
      path[i][j] = pts;
    }
  }
  return { length_m, path };
}

/** A clear space as the visibility graph sees it. */
interface Space {
  /** The nearest clear point (at most r + 1 cm away), or undefined. */
  snap(p: Point): Point | undefined;
  /** Whether the segment stays in the clear space. */
  visible(a: Point, b: Point): boolean;
  /** Reflex corners of the clear space (with their ring neighbours), where paths bend. */
  corners: { at: Point; prev: Point; next: Point }[];
}

/** A clear space given as polygons (from Clipper): even–odd inside, edges for crossing. */
function ringSpace(free: MultiRings, r: number): Space | undefined {
  if (!free.length) return undefined;
  const edges = ringEdges(free);
  const corners: Space["corners"] = [];
  for (const poly of free) {
    for (const ring of poly) {
      const m = ring.length - (samePoint(ring[0], ring[ring.length - 1]) ? 1 : 0);
      for (let i = 0; i < m; i++) {
        const a = ring[(i + m - 1) % m], b = ring[i], c = ring[(i + 1) % m];
        // Free space lies left of every ring (outer CCW, holes CW): a right turn is reflex.
        const z = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
        if (z < -1e-12) corners.push({ at: b, prev: a, next: c });
      }
    }
  }
  return { snap: (p) => snap(edges, p, r), visible: (a, b) => visible(edges, a, b), corners };
}

/**
 * The clear space of a convex room with convex objects: inside the room's inset by r (exact
 * for a convex polygon) and outside every object grown by r (its Minkowski sum with a disc,
 * arcs circumscribed within ROUTE_ARC_M: never optimistic).
 */
function convexSpace(polygon: Point[], obstacles: Point[][], r: number): Space | undefined {
  const inset = r > 0 ? convexInset(polygon, r) : ccwRing(polygon);
  if (!inset) return undefined;
  const grown = obstacles.map((o) => growConvex(o, r));
  const gEdges = grown.map((g) => ringEdges([[g]]));
  const iEdges = ringEdges([[inset]]);
  // The rings' edges as half-planes, computed once per ring rather than once per test.
  const iPlanes = halfPlanes(inset), gPlanes = grown.map(halfPlanes);
  const free = (p: Point) => {
    if (!insideHalfPlanes(iPlanes, p[0], p[1], 1e-9)) return false;
    for (let i = 0; i < gPlanes.length; i++) {
      if (insideHalfPlanes(gPlanes[i], p[0], p[1], -1e-9)) return false;
    }
    return true;
  };
  const corners: Space["corners"] = [];
  for (const g of grown) {
    g.forEach((v, i) => {
      if (free(v)) {
        corners.push({
          at: v,
          prev: g[(i + g.length - 1) % g.length],
          next: g[(i + 1) % g.length],
        });
      }
    });
  }
  return {
    corners,
    snap(p) {
      if (free(p)) return p;
      let best: Point | undefined, bd = Infinity;
      for (const E of [iEdges, ...gEdges]) {
        for (let i = 0, k = 0; i < E.n; i++, k += 4) {
          const x1 = E.c[k], y1 = E.c[k + 1], dx = E.c[k + 2] - x1, dy = E.c[k + 3] - y1;
          const len2 = dx * dx + dy * dy;
          const t = len2 > 0
            ? Math.max(0, Math.min(1, ((p[0] - x1) * dx + (p[1] - y1) * dy) / len2))
            : 0;
          const q: Point = [x1 + t * dx, y1 + t * dy];
          const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
          if (d < bd && free(q)) bd = d, best = q;
        }
      }
      return best && bd <= r + 0.01 ? best : undefined;
    },
    visible(a, b) {
      for (let i = 0; i < grown.length; i++) {
        if (crossesEdges(gEdges[i], a, b)) return false;
        // Its points at a quarter, half and three quarters lie outside the grown object.
        for (let q = 1; q <= 3; q++) {
          const t = q * 0.25;
          const mx = a[0] + (b[0] - a[0]) * t, my = a[1] + (b[1] - a[1]) * t;
          if (insideHalfPlanes(gPlanes[i], mx, my, -1e-9)) return false;
        }
      }
      return true;
    },
  };
}

function ccwRing(ring: Point[]): Point[] {
  return ringArea_m2(ring) >= 0 ? ring : [...ring].reverse();
}

/**
 * The edges of a convex counter-clockwise ring as half-planes: per edge its start (x, y), its
 * vector (ex, ey) and its length, five numbers each, for {@link insideHalfPlanes}.
 */
function halfPlanes(ring: Point[]): Float64Array {
  const out = new Float64Array(ring.length * 5);
  for (let i = 0, k = 0; i < ring.length; i++, k += 5) {
    const a = ring[i], b = ring[(i + 1) % ring.length];
    const ex = b[0] - a[0], ey = b[1] - a[1];
    out[k] = a[0], out[k + 1] = a[1], out[k + 2] = ex, out[k + 3] = ey;
    out[k + 4] = Math.sqrt(ex * ex + ey * ey);
  }
  return out;
}

/**
 * Inside a convex counter-clockwise ring given as {@link halfPlanes}: left of (or, by eps, on)
 * every edge; eps > 0 admits the boundary, eps < 0 excludes it.
 */
function insideHalfPlanes(H: Float64Array, px: number, py: number, eps: number): boolean {
  for (let k = 0; k < H.length; k += 5) {
    const z = H[k + 2] * (py - H[k + 1]) - H[k + 3] * (px - H[k]);
    if (z < -eps * H[k + 4]) return false;
  }
  return true;
}

/** A convex ring grown by r: offset edges joined by circumscribed arcs (never inside the disc). */
function growConvex(o: Point[], r: number): Point[] {
  const ring = ccwRing(o);
  if (r <= 0) return ring;
  const n = ring.length;
  const normal = (i: number): number => {
    const a = ring[i], b = ring[(i + 1) % n];
    return Math.atan2(-(b[0] - a[0]), b[1] - a[1]); // outward (right-hand) normal's angle
  };
  const maxStep = 2 * Math.acos(r / (r + ROUTE_ARC_M));
  const out: Point[] = [];
  for (let i = 0; i < n; i++) {
    const v = ring[i];
    const t1 = normal((i + n - 1) % n);
    let sweep = normal(i) - t1;
    while (sweep < 0) sweep += 2 * Math.PI;
    while (sweep >= 2 * Math.PI) sweep -= 2 * Math.PI;
    const m = Math.max(1, Math.ceil(sweep / maxStep));
    const step = sweep / m, R = r / Math.cos(step / 2);
    out.push([v[0] + r * Math.cos(t1), v[1] + r * Math.sin(t1)]);
    if (sweep > 1e-12) {
      for (let k = 0; k < m; k++) {
        const ang = t1 + (k + 0.5) * step;
        out.push([v[0] + R * Math.cos(ang), v[1] + R * Math.sin(ang)]);
      }
      out.push([v[0] + r * Math.cos(t1 + sweep), v[1] + r * Math.sin(t1 + sweep)]);
    }
  }
  return dedupe(out);
}

function samePoint(a: Point, b: Point): boolean {
  return Math.abs(a[0] - b[0]) < 1e-12 && Math.abs(a[1] - b[1]) < 1e-12;
}

function dedupe(pts: Point[]): Point[] {
  const out: Point[] = [];
  for (const p of pts) if (!out.length || !samePoint(out[out.length - 1], p)) out.push(p);
  return out;
}

/** Length of a polyline, m. */
export function polylineLength(pts: Point[]): number {
  let s = 0;
  for (let i = 1; i < pts.length; i++) {
    s += Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]);
  }
  return s;
}

function snap(E: EdgeSet, p: Point, r: number): Point | undefined {
  if (insideEdges(E, p[0], p[1])) return p;
  const q = nearestOnEdges(E, p);
  if (!q) return undefined;
  if (Math.hypot(q[0] - p[0], q[1] - p[1]) > r + 0.01) return undefined;
  return q;
}

function visible(E: EdgeSet, a: Point, b: Point): boolean {
  if (crossesEdges(E, a, b)) return false;
  // Its points at a quarter, half and three quarters lie inside (or on) the clear space.
  for (let q = 1; q <= 3; q++) {
    const t = q * 0.25;
    const mx = a[0] + (b[0] - a[0]) * t, my = a[1] + (b[1] - a[1]) * t;
    if (!insideEdges(E, mx, my) && distToEdges(E, [mx, my]) > 1e-7) return false;
  }
  return true;
}

function dijkstraSmall(n: number, to: number[][], w: number[][], s: number) {
  const dist = new Array<number>(n).fill(Infinity);
  const prev = new Array<number>(n).fill(-1);
  const q = new FlatQueue<number>();
  dist[s] = 0;
  q.push(s, 0);
  const tick = ticker();
  while (q.length) {
    tick();
    const d = q.peekValue()!;
    const u = q.pop()!;
    if (d > dist[u]) continue;
    for (let i = 0; i < to[u].length; i++) {
      const v = to[u][i], nd = d + w[u][i];
      if (nd < dist[v] - 1e-12) dist[v] = nd, prev[v] = u, q.push(v, nd);
    }
  }
  return { dist, prev };
}

/**
 * The widest traveller that can get from wall point `a` to wall point `b` of a room (each
 * with its inward normal), m: twice the largest clearance radius for which a path exists,
 * by bisection to 2 mm in width. 0 when even a point cannot pass.
 */
export function passageClearWidth(
  polygon: Point[],
  obstacles: Point[][],
  a: { at: Point; n: Point | null },
  b: { at: Point; n: Point | null },
): number {
  // Each polygon of the clear space is connected, so two points are joined iff they snap into
  // the same one: no path search per step of the bisection.
  const reach = (r: number) => {
    const free = clearSpace(polygon, obstacles, r);
    const piece = (p: Point) => {
      const q = snap(ringEdges(free), p, r);
      return q ? free.findIndex((poly) => insideRings([poly], q) || onPiece(poly, q)) : -1;
    };
    const pa = piece(portPoint(a, r));
    return pa >= 0 && pa === piece(portPoint(b, r));
  };
  const lic = largestCircleIn(freeFloor(polygon, obstacles), 0.002);
  let lo = 0, hi = (lic?.radius_m ?? 0) + 0.002;
  if (!reach(0)) return 0;
  if (reach(hi)) return 2 * hi;
  while (hi - lo > 0.001) {
    const mid = (lo + hi) / 2;
    if (reach(mid)) lo = mid;
    else hi = mid;
  }
  return 2 * lo;
}

function onPiece(poly: MultiRings[number], p: Point): boolean {
  return distToEdges(ringEdges([poly]), p) < 1e-6;
}

/**
 * The wall of a room a door point sits on: the foot of the point on the room's nearest edge,
 * its distance, m, and the unit normal into the room. The same arithmetic as walls.ts
 * nearestRoomEdge (point-to-segment projection, shoelace orientation, the first of edges
 * within 1e-12 m winning), bit for bit, without its per-edge objects; undefined when no edge
 * has length.
 */
function doorWall(
  poly: Point[],
  p: Point,
): { foot: Point; distance_m: number; inward: Point } | undefined {
  const n = poly.length;
  let area2 = 0;
  for (let i = 0; i < n; i++) {
    const a = poly[i], b = poly[(i + 1) % n];
    area2 += a[0] * b[1] - b[0] * a[1];
  }
  const ccw = area2 / 2 >= 0;
  const px = p[0], py = p[1];
  let best = -1, bestD = Infinity, bestX = 0, bestY = 0, bestLen = 0;
  for (let i = 0; i < n; i++) {
    const a = poly[i], b = poly[(i + 1) % n];
    const length_m = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length_m < 1e-9) continue;
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? ((px - a[0]) * dx + (py - a[1]) * dy) / len2 : 0;
    t = Math.max(0, Math.min(1, t));
    const fx = a[0] + t * dx, fy = a[1] + t * dy;
    const d = Math.hypot(px - fx, py - fy);
    if (best >= 0 && d >= bestD - 1e-12) continue;
    best = i, bestD = d, bestX = fx, bestY = fy, bestLen = length_m;
  }
  if (best < 0) return undefined;
  const a = poly[best], b = poly[(best + 1) % n];
  const dir0 = (b[0] - a[0]) / bestLen, dir1 = (b[1] - a[1]) / bestLen;
  // Interior is left of a->b on a counter-clockwise ring: inward is the left normal.
  const inward: Point = ccw ? [-dir1, dir0] : [dir1, -dir0];
  return { foot: [bestX, bestY], distance_m: bestD, inward };
}

/** Objects standing in each room: those naming the room, or on its floor with their centre in it. */
export function objectsByRoom(plan: Pick<Plan, "rooms" | "objects">): Map<string, Point[][]> {
  const out = new Map<string, Point[][]>();
  for (const r of plan.rooms) out.set(r.id, []);
  for (const o of plan.objects) {
    let room = o.room;
    if (room === undefined) {
      room = plan.rooms.find((r) => r.floor === o.floor && insideRings([[r.polygon]], o.center))
        ?.id;
    }
    if (room !== undefined) out.get(room)?.push(objectFootprint(o));
  }
  return out;
}

/** The rooms a vertical lands in: its own list, else the one stair room on each floor. */
export function verticalRooms(
  v: Vertical,
  rooms: Room[],
): { from?: Room; to?: Room } {
  const byId = new Map(rooms.map((r) => [r.id, r]));
  const listed = (v.rooms ?? []).map((id) => byId.get(id)).filter((r): r is Room => !!r);
  let from = listed.find((r) => r.floor === v.from_floor);
  let to = listed.find((r) => r.floor === v.to_floor && r !== from);
  if (!from || !to) {
    const stairs = (f: string) => rooms.filter((r) => r.floor === f && r.label === "stairs");
    if (!from && stairs(v.from_floor).length === 1) from = stairs(v.from_floor)[0];
    if (!to && stairs(v.to_floor).length === 1) to = stairs(v.to_floor)[0];
  }
  return { from, to };
}

/**
 * Builds the navigation graph of a plan for one traveller. Each door or opening between two
 * spaces gives a node on each side (a door to the outside: one inside, one outside); each
 * vertical gives a landing node in each of its rooms; every pair of nodes in a room is joined
 * by the shortest clear path between them (see {@link roomPaths}). Every element is judged
 * with design.md's uncertainty rule (judge(), tolerance from the plan's source).
 */
export function buildRouteGraph(
  plan:
    & Pick<Plan, "rooms" | "openings" | "verticals" | "objects" | "source">
    & Partial<Pick<Plan, "implausible">>,
  needs: RouteNeeds,
): RouteGraph {
  const tol = (v: number) => tolerance_m(plan, v);
  const nodes: RouteNode[] = [];
  const edges: RouteEdge[] = [];
  const roomNodes = new Map<string, number[]>();
  const roomPorts = new Map<string, Port[]>();
  const outsideNode = new Map<string, number>();
  const notes: string[] = [];
  const passages: RouteGraph["passages"] = new Map();
  const rooms = new Map(plan.rooms.map((r) => [r.id, r]));
  for (const r of plan.rooms) roomNodes.set(r.id, []), roomPorts.set(r.id, []);
  // Door nodes sit just inside the clear space of the larger radius judged below (half the
  // traveller's width plus the scan tolerance, plus the arcs' 5 mm), so most room paths start
  // clear and need no snapping.
  const r0 = (needs.body_width_m + tol(needs.body_width_m)) / 2 + ROUTE_ARC_M - 0.004;
  const addNode = (floor: string, room: string | null, at: Point, ref: string, port?: Port) => {
    const id = nodes.length;
    nodes.push({ id, floor, room, at, ref });
    if (room !== null) roomNodes.get(room)!.push(id), roomPorts.get(room)!.push(port!);
    return id;
  };

  for (const o of plan.openings) {
    if (o.kind === "window") continue;
    const [s0, s1] = o.between;
    if (s0 === s1) continue;
    const sides = [s0, s1].filter((s): s is string => s !== null && rooms.has(s));
    if (!sides.length) continue;
    const constraints = unknownIfImplausible(plan, o.id, openingConstraints(o, needs, tol));
    const ids: number[] = [];
    let outside: Point | undefined;
    for (const sid of sides) {
      const room = rooms.get(sid)!;
      const edge = doorWall(room.polygon, o.at);
      // A room outline with no edge of any length: the door stands at its point, unplaced.
      const wall = edge ?? { foot: o.at, distance_m: Infinity, inward: [0, 0] as Point };
      const port: Port = { at: wall.foot, n: edge ? wall.inward : null };
      if (!edge) {
        constraints.push({
          id: `door_position:${o.id}:${sid}`,
          kind: "door_position",
          element: o.id,
          status: "unknown",
          text: `${o.kind} ${o.id} opens into ${
            room.name ?? room.id
          }, whose outline has no walls: whether it leads there is unknown`,
          floor: o.floor,
          at: o.at,
        });
      } else if (wall.distance_m > MAX_DOOR_OFFSET_M) {
        constraints.push({
          id: `door_position:${o.id}:${sid}`,
          kind: "door_position",
          element: o.id,
          status: "unknown",
          measured: wall.distance_m,
          limit: MAX_DOOR_OFFSET_M,
          unit: "m",
          text: `${o.kind} ${o.id} is ${fmt(wall.distance_m)} from the nearest wall of ${
            room.name ?? room.id
          }: it is on no wall, so whether it leads there is unknown`,
          floor: o.floor,
          at: o.at,
        });
      }
      ids.push(addNode(room.floor, sid, portPoint(port, r0), o.id, port));
      if (s0 === null || s1 === null) {
        outside = [
          wall.foot[0] - wall.inward[0] * (r0 + 0.005),
          wall.foot[1] - wall.inward[1] * (r0 + 0.005),
        ];
      }
    }
    if (outside) {
      const id = addNode(o.floor, null, outside, o.id);
      outsideNode.set(o.id, id);
      ids.push(id);
    }
    if (ids.length === 2) {
      const status = constraints.reduce<RouteStatus>(
        (s, c) => worseRouteStatus(s, c.status),
        "pass",
      );
      const pa = nodes[ids[0]].at, pb = nodes[ids[1]].at;
      edges.push({
        a: ids[0],
        b: ids[1],
        length_m: Math.hypot(pa[0] - pb[0], pa[1] - pb[1]),
        kind: "door",
        element: o.id,
        status,
        constraints,
        path: [pa, pb],
      });
    }
  }

  const objects = objectsByRoom(plan);
  const landings = new Map<string, number>();
  for (const v of plan.verticals) {
    const { from, to } = verticalRooms(v, plan.rooms);
    if (!from || !to) {
      notes.push(
        `${v.kind} ${v.id} names no room on ${
          !from ? `floor ${v.from_floor}` : `floor ${v.to_floor}`
        }; it is left out of the routes`,
      );
      continue;
    }
    const landing = (room: Room) => {
      const key = `${v.id}:${room.id}`;
      const c = largestCircleIn(freeFloor(room.polygon, objects.get(room.id) ?? []), 0.05);
      const at = c?.center ?? room.polygon[0];
      const id = addNode(room.floor, room.id, at, v.id, { at, n: null });
      landings.set(key, id);
      return id;
    };
    const a = landing(from), b = landing(to);
    const constraints = unknownIfImplausible(plan, v.id, verticalConstraints(v, needs, tol));
    const status = constraints.reduce<RouteStatus>((s, c) => worseRouteStatus(s, c.status), "pass");
    edges.push({
      a,
      b,
      length_m: verticalLength(v),
      kind: "vertical",
      element: v.id,
      status,
      constraints,
      path: [nodes[a].at, nodes[b].at],
    });
  }

  // Across each room: every pair of its nodes, by the shortest clear path.
  const wTol = tol(needs.body_width_m);
  const bodyText = fmt(needs.body_width_m);
  for (const room of plan.rooms) {
    checkpoint();
    const ids = roomNodes.get(room.id)!;
    if (ids.length < 2) continue;
    const ports = roomPorts.get(room.id)!;
    const obs = objects.get(room.id) ?? [];
    const rPass = (needs.body_width_m + wTol) / 2;
    const rWarn = Math.max(0, (needs.body_width_m - wTol) / 2);
    // From the nodes themselves: they sit 6 mm beyond rPass from the wall (see r0); a node
    // an object crowds is moved into the clear space (at most r away) and that step counted.
    const at = ids.map((k) => nodes[k].at);
    const pass = roomPaths(room.polygon, obs, rPass, at);
    let warn: RoomPaths | undefined;
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        let status: RouteStatus = "pass";
        let pts = pass.path[i][j];
        let len = pass.length_m[i][j];
        let constraints = NO_CONSTRAINTS;
        if (!Number.isFinite(len)) {
          // Connected only at the smaller radius: within the tolerance (warn); not at all: fail
          // (judge()'s rule on the passage width, without measuring it). The width itself is
          // measured when a route reports it (see measurePassage).
          warn ??= roomPaths(room.polygon, obs, rWarn, at);
          if (Number.isFinite(warn.length_m[i][j])) {
            status = "warn";
            pts = warn.path[i][j], len = warn.length_m[i][j];
          } else {
            status = "fail";
            pts = [nodes[ids[i]].at, nodes[ids[j]].at];
            len = Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]);
          }
          const name = room.name ?? room.id;
          const id = `passage:${room.id}:${nodes[ids[i]].ref}:${nodes[ids[j]].ref}`;
          passages.set(id, { polygon: room.polygon, obstacles: obs, a: ports[i], b: ports[j] });
          constraints = [{
            id,
            kind: "passage",
            element: room.id,
            status,
            limit: needs.body_width_m,
            unit: "m",
            text: `the way across ${name} between ${nodes[ids[i]].ref} and ${
              nodes[ids[j]].ref
            } is narrower than the ${bodyText} needed`,
            floor: room.floor,
            at: nodes[ids[i]].at,
          }];
        }
        edges.push({
          a: ids[i],
          b: ids[j],
          length_m: len,
          kind: "room",
          element: room.id,
          status,
          constraints,
          path: pts ?? [at[i], at[j]],
        });
      }
    }
  }

  const adj: number[][] = nodes.map(() => []);
  edges.forEach((e, i) => {
    adj[e.a].push(i);
    adj[e.b].push(i);
  });
  return { nodes, edges, adj, roomNodes, outsideNode, notes, needs, passages };
}

/**
 * The horizontal run of a stair or ramp, m: a stair's going × (risers − 1) treads (risers
 * estimated at 0.18 m each when not recorded, IRC R311.7.5.1 allows up to 0.196); a ramp's
 * going is its run. Undefined when the going is not recorded.
 */
export function verticalRun_m(v: Vertical): number | undefined {
  if (v.going_m === undefined) return undefined;
  if (v.kind === "stair") {
    return v.going_m * Math.max(1, (v.risers ?? Math.max(1, Math.round(v.rise_m / 0.18))) - 1);
  }
  return v.going_m;
}

/** The length walked along a vertical, m: along the pitch line of a stair or ramp; a lift's rise. */
export function verticalLength(v: Vertical): number {
  if (v.kind === "lift") return v.rise_m;
  const run = verticalRun_m(v);
  return run === undefined ? v.rise_m : Math.hypot(v.rise_m, run);
}

/** The judged limits of a door or opening: its clear width and, step-free, its threshold. */
export function openingConstraints(
  o: Opening,
  needs: RouteNeeds,
  tol: (v: number) => number,
): Constraint[] {
  const out: Constraint[] = [];
  // The number and flag of clearance.ts doorClearWidth, without its (unused) sentence.
  const cw = { clear_width_m: doorClearWidth_m(o), estimated: doorClearWidthEstimated(o) };
  const need = needs.min_clear_width_m;
  const status = judge(cw.clear_width_m, ">=", need, tol(cw.clear_width_m));
  out.push({
    id: `clear_width:${o.id}`,
    kind: "clear_width",
    element: o.id,
    status,
    measured: cw.clear_width_m,
    limit: need,
    unit: "m",
    estimated: cw.estimated,
    text: `${o.kind} ${o.id} is ${fmt(cw.clear_width_m)} clear${
      cw.estimated ? " (estimated)" : ""
    }; ${fmt(need)} needed`,
    floor: o.floor,
    at: o.at,
  });
  if (needs.step_free && o.threshold_m !== undefined && o.threshold_m > 0) {
    const s = judge(o.threshold_m, "<=", needs.max_step_m, tol(o.threshold_m));
    out.push({
      id: `threshold:${o.id}`,
      kind: "threshold",
      element: o.id,
      status: s,
      measured: o.threshold_m,
      limit: needs.max_step_m,
      unit: "m",
      text: `${fmt3(o.threshold_m)} step at ${o.kind} ${o.id}; ${fmt3(needs.max_step_m)} allowed`,
      floor: o.floor,
      at: o.at,
    });
  }
  return out;
}

/** The judged limits of a vertical: a stair (never step-free), a step, a ramp's slope, a width. */
export function verticalConstraints(
  v: Vertical,
  needs: RouteNeeds,
  tol: (v: number) => number,
): Constraint[] {
  const out: Constraint[] = [];
  const base = { element: v.id, floor: v.from_floor };
  if (v.kind === "stair" && needs.step_free) {
    out.push({
      ...base,
      id: `stair:${v.id}`,
      kind: "stair",
      status: "fail",
      measured: v.rise_m,
      limit: needs.max_step_m,
      unit: "m",
      text: `stair ${v.id} climbs ${fmt(v.rise_m)}${
        v.risers ? ` in ${v.risers} risers` : ""
      }; it is not step-free`,
    });
  }
  if (v.kind === "step" && needs.step_free) {
    out.push({
      ...base,
      id: `step:${v.id}`,
      kind: "step",
      status: judge(v.rise_m, "<=", needs.max_step_m, tol(v.rise_m)),
      measured: v.rise_m,
      limit: needs.max_step_m,
      unit: "m",
      text: `${fmt3(v.rise_m)} step at ${v.id}; ${fmt3(needs.max_step_m)} allowed`,
    });
  }
  if (v.kind === "ramp") {
    if (v.going_m === undefined) {
      out.push({
        ...base,
        id: `ramp_slope:${v.id}`,
        kind: "ramp_slope",
        status: "unknown",
        limit: needs.max_ramp_slope,
        unit: "rise/run",
        text: `ramp ${v.id} has no recorded length, so its slope is unknown`,
      });
    } else {
      const slope = v.rise_m / v.going_m;
      // Propagated scan uncertainty of rise/run: relative errors add.
      const t = slope * (tol(v.rise_m) / Math.max(v.rise_m, 1e-9) + tol(v.going_m) / v.going_m);
      out.push({
        ...base,
        id: `ramp_slope:${v.id}`,
        kind: "ramp_slope",
        status: v.rise_m === 0 ? "pass" : judge(slope, "<=", needs.max_ramp_slope, t),
        measured: slope,
        limit: needs.max_ramp_slope,
        unit: "rise/run",
        text: `ramp ${v.id} slopes ${slopeText(slope)}; ${slopeText(needs.max_ramp_slope)} allowed`,
      });
    }
  }
  if (v.kind === "ramp" || v.kind === "lift") {
    out.push({
      ...base,
      id: `clear_width:${v.id}`,
      kind: "clear_width",
      status: judge(v.width_m, ">=", needs.min_clear_width_m, tol(v.width_m)),
      measured: v.width_m,
      limit: needs.min_clear_width_m,
      unit: "m",
      text: `${v.kind} ${v.id} is ${fmt(v.width_m)} wide; ${fmt(needs.min_clear_width_m)} needed`,
    });
  }
  return out;
}

/** Best routes from one node to every node (lexicographic Dijkstra; see module doc). */
export interface RouteTree {
  source: number;
  cost: Float64Array;
  length_m: Float64Array;
  /** The edge each node was reached by; -1 for the source and unreached nodes. */
  via: Int32Array;
}

/** Dijkstra (1959) from `source` over the graph, binary heap (flatqueue), lexicographic cost. */
export function shortestRoutes(g: RouteGraph, source: number): RouteTree {
  const n = g.nodes.length;
  const cost = new Float64Array(n).fill(Infinity);
  const length_m = new Float64Array(n).fill(Infinity);
  const via = new Int32Array(n).fill(-1);
  const q = new FlatQueue<number>();
  cost[source] = 0, length_m[source] = 0;
  q.push(source, 0);
  const ew = g.edges.map((e) => statusWeight(e.status) + e.length_m);
  const tick = ticker();
  while (q.length) {
    tick();
    const d = q.peekValue()!;
    const u = q.pop()!;
    if (d > cost[u]) continue;
    for (const ei of g.adj[u]) {
      const e = g.edges[ei];
      const v = e.a === u ? e.b : e.a;
      const nd = d + ew[ei];
      if (nd < cost[v] - 1e-9) {
        cost[v] = nd, length_m[v] = length_m[u] + e.length_m, via[v] = ei;
        q.push(v, nd);
      }
    }
  }
  return { source, cost, length_m, via };
}

/**
 * Measures a passage constraint in place (once): its width by {@link passageClearWidth} and
 * the sentence with the number ("… is 0.55 m wide at its narrowest; 0.81 m needed").
 */
export function measurePassage(g: RouteGraph, c: Constraint): Constraint {
  if (c.kind !== "passage" || c.measured !== undefined) return c;
  const p = g.passages.get(c.id);
  if (!p) return c;
  const width = passageClearWidth(p.polygon, p.obstacles, p.a, p.b);
  c.measured = width;
  c.text = c.text.replace(
    / is narrower than the (.*) needed$/,
    ` is ${fmt(width)} wide at its narrowest; $1 needed`,
  );
  return c;
}

/** One room's best route: its status, length, barriers and polyline per floor. */
export interface Route {
  room: string;
  status: RouteStatus;
  /** Metres walked from the start to the room's door (undefined when there is no way at all). */
  length_m?: number;
  /** Elements on the way, in order (openings, verticals, rooms crossed). */
  elements: string[];
  /** Failing elements on the best way: what blocks it. */
  blocking: Constraint[];
  /** Elements too close to call. */
  close: Constraint[];
  /** Elements whose data is missing. */
  unknown: Constraint[];
  /** The polyline on each floor, in walking order. */
  legs: { floor: string; points: Point[] }[];
  /** Why there is no route at all, when there is none. */
  why?: string;
  /** The graph edges walked, in order, with the node each is entered from. */
  walk: { edge: number; from: number }[];
}

/**
 * The walk steps of each tree, by edge index, shared by the routes read from it (every room's
 * route through a tree edge enters it from the same node); read-only, like the routes.
 */
const walkSteps = new WeakMap<RouteTree, Route["walk"]>();

/** The best route to one room from a tree (see {@link shortestRoutes}). */
export function routeToRoom(
  g: RouteGraph,
  tree: RouteTree,
  roomId: string,
  opts: { legs?: boolean } = {},
): Route {
  const withLegs = opts.legs ?? true;
  const ids = g.roomNodes.get(roomId) ?? [];
  const empty = {
    room: roomId,
    elements: [],
    blocking: [],
    close: [],
    unknown: [],
    legs: [],
    walk: [],
  };
  if (!ids.length) {
    return {
      ...empty,
      status: "unknown",
      why: "no door, opening, stair, ramp or lift into it is recorded",
    };
  }
  let best = -1;
  for (const id of ids) if (best < 0 || tree.cost[id] < tree.cost[best]) best = id;
  if (!Number.isFinite(tree.cost[best])) {
    return {
      ...empty,
      status: "unknown",
      why: "the plan records no connection to it from the start (a missing stair, lift or door?)",
    };
  }
  // The tree edges from the source to `best`: counted, then filled from the far end.
  let hops = 0;
  for (let v = best; tree.via[v] >= 0; hops++) {
    const e = g.edges[tree.via[v]];
    v = e.a === v ? e.b : e.a;
  }
  const chain = new Int32Array(hops);
  for (let v = best, k = hops - 1; tree.via[v] >= 0; k--) {
    const e = g.edges[tree.via[v]];
    chain[k] = tree.via[v];
    v = e.a === v ? e.b : e.a;
  }
  let steps = walkSteps.get(tree);
  if (!steps) walkSteps.set(tree, steps = new Array(g.edges.length));
  const route: Route = {
    ...empty,
    elements: [],
    legs: [],
    walk: [],
    status: "pass",
    length_m: tree.length_m[best],
  };
  let at = tree.source;
  // Constraint ids already counted; made at the first edge that judges anything.
  let seen: Set<string> | undefined;
  for (const ei of chain) {
    const e = g.edges[ei];
    const forward = e.a === at;
    const next = forward ? e.b : e.a;
    route.elements.push(e.element);
    // A tree edge is always walked from the same end: one step object for every route.
    let step = steps[ei];
    if (!step || step.from !== at) steps[ei] = step = { edge: ei, from: at };
    route.walk.push(step);
    for (const c of e.status === "pass" ? NO_CONSTRAINTS : e.constraints) {
      seen ??= new Set();
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      measurePassage(g, c);
      if (c.status === "fail") route.blocking.push(c);
      else if (c.status === "warn") route.close.push(c);
      else if (c.status === "unknown") route.unknown.push(c);
    }
    route.status = worseRouteStatus(route.status, e.status);
    if (withLegs && e.kind !== "vertical") {
      const floor = g.nodes[at].floor;
      const last = route.legs[route.legs.length - 1];
      const points = last && last.floor === floor ? last.points : [];
      if (points !== last?.points) route.legs.push({ floor, points });
      const n = e.path.length;
      for (let k = points.length ? 1 : 0; k < n; k++) points.push(e.path[forward ? k : n - 1 - k]);
    }
    at = next;
  }
  return route;
}

/** The main entrance: the door to the outside marked so, or the only candidate; else ambiguous. */
export interface EntranceChoice {
  entrance?: Opening;
  /** Every door or opening to the outside. */
  candidates: Opening[];
  /** How it was chosen, or why it could not be. */
  basis: string;
}

/**
 * Picks the main entrance among the doors to the outside: a given id; else the one marked
 * `main_entrance`; else the only door to the outside; else inferred: doors before plain
 * openings, then those into a room labelled "entrance", then "hallway", while one is left.
 * Otherwise none, with a sentence listing the candidates.
 */
export function pickEntrance(
  plan: Pick<Plan, "openings" | "rooms">,
  given?: string,
): EntranceChoice {
  const candidates = plan.openings.filter((o) =>
    o.kind !== "window" && (o.between[0] === null || o.between[1] === null)
  );
  if (given !== undefined) {
    const e = candidates.find((o) => o.id === given);
    return e
      ? { entrance: e, candidates, basis: `the entrance you chose, ${e.id}` }
      : { candidates, basis: `no door to the outside has the id ${given}` };
  }
  if (!candidates.length) {
    return { candidates, basis: "the plan has no door or opening to the outside" };
  }
  const marked = candidates.filter((o) => o.main_entrance);
  if (marked.length === 1) {
    return {
      entrance: marked[0],
      candidates,
      basis: `${marked[0].id} is marked as the main entrance`,
    };
  }
  if (candidates.length === 1) {
    return {
      entrance: candidates[0],
      candidates,
      basis: `${candidates[0].id} is the only door to the outside`,
    };
  }
  // Inferred: among the marked ones (or all), doors before plain openings, then the ones into
  // an entrance room, then into a hallway; chosen only when one candidate is left.
  const labels = new Map(plan.rooms.map((r) => [r.id, r.label]));
  let pool = marked.length > 1 ? marked : candidates;
  const into = (o: Opening, label: string) =>
    o.between.some((r) => r !== null && labels.get(r) === label);
  for (
    const [test, why] of [
      [(o: Opening) => o.kind === "door", "the only door (not a plain opening) to the outside"],
      [(o: Opening) => into(o, "entrance"), "the only door to the outside into the entrance"],
      [(o: Opening) => into(o, "hallway"), "the only door to the outside into a hallway"],
    ] as const
  ) {
    const left = pool.filter(test);
    if (left.length === 1) {
      return { entrance: left[0], candidates, basis: `inferred: ${left[0].id} is ${why}` };
    }
    if (left.length > 1) pool = left;
  }
  return {
    candidates,
    basis: marked.length > 1
      ? `${marked.length} doors are marked as the main entrance (${
        marked.map((o) => o.id).join(", ")
      }); say which with the entrance input`
      : `${pool.length} doors lead outside (${
        pool.map((o) => o.id).join(", ")
      }) and none is marked as the main entrance`,
  };
}

/** Every room's best route from the outside of one door to the outside (a convenience). */
export function routesFrom(
  plan:
    & Pick<Plan, "rooms" | "openings" | "verticals" | "objects" | "source">
    & Partial<Pick<Plan, "implausible">>,
  needs: RouteNeeds,
  entranceId: string,
  opts: { legs?: boolean } = {},
): { graph: RouteGraph; tree: RouteTree; routes: Map<string, Route> } {
  const graph = buildRouteGraph(plan, needs);
  const start = graph.outsideNode.get(entranceId);
  if (start === undefined) throw new Error(`opening ${entranceId} does not lead outside`);
  const tree = shortestRoutes(graph, start);
  const routes = new Map<string, Route>();
  const tick = ticker(64);
  for (const r of plan.rooms) {
    tick();
    routes.set(r.id, routeToRoom(graph, tree, r.id, opts));
  }
  return { graph, tree, routes };
}

/**
 * Every edge of a route tree, as lines per floor and status (each edge drawn once): what
 * every room's best route walks, for a few overlays instead of one per room.
 */
export function routeTreeLines(
  g: RouteGraph,
  tree: RouteTree,
): { floor: string; status: RouteStatus; lines: Point[][] }[] {
  type Group = { floor: string; status: RouteStatus; lines: Point[][] };
  // Groups in order of first appearance, found by floor then status (no key strings built).
  const out: Group[] = [];
  const byFloor = new Map<string, Map<RouteStatus, Group>>();
  const seen = new Uint8Array(g.edges.length);
  for (let v = 0; v < g.nodes.length; v++) {
    const ei = tree.via[v];
    if (ei < 0 || seen[ei]) continue;
    seen[ei] = 1;
    const e = g.edges[ei];
    if (e.kind === "vertical") continue;
    const floor = g.nodes[e.a].floor;
    let statuses = byFloor.get(floor);
    if (!statuses) byFloor.set(floor, statuses = new Map());
    let group = statuses.get(e.status);
    if (!group) {
      statuses.set(e.status, group = { floor, status: e.status, lines: [] }), out.push(group);
    }
    // In walking order: from the node it was reached from to v.
    group.lines.push(e.b === v ? e.path : [...e.path].reverse());
  }
  return out;
}
