/**
 * Clear space and visibility inside one room: the configuration space of a disc of the
 * traveller's radius (room eroded, objects dilated; Lozano-Pérez & Wesley 1979), shortest
 * paths between door points on its visibility graph (de Berg et al., "Computational
 * Geometry", ch. 15), and the clear width of a passage.
 */
import { ticker } from "../../../ground/budget.ts";
import FlatQueue from "npm:flatqueue@3.1.0";
import type { Point } from "../../../ground/plan.ts";
import {
  crossesEdges,
  distToEdges,
  type EdgeSet,
  freeFloor,
  insideEdges,
  insideRings,
  largestCircleIn,
  ringEdges,
} from "../clearance.ts";
import { differenceRings, type MultiRings, offsetRings, ringArea_m2, unionRings } from "../clip.ts";
import { isConvexRing } from "../polygon.ts";

/** A door's place on a room's wall with its inward normal, or a free point (a landing). */
export interface Port {
  /** Point on the wall (or a free point for a landing). */
  at: Point;
  /** Inward unit normal (into the room) at a wall; null for a free point. */
  n: Point | null;
}

/** A port's point for a traveller of radius r: on the wall, moved r (+5 mm) into the room. */
export function portPoint(p: Port, r: number): Point {
  if (!p.n) return p.at;
  return [p.at[0] + p.n[0] * (r + 0.005), p.at[1] + p.n[1] * (r + 0.005)];
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

/**
 * Inward offset of a convex polygon by r (each edge moved in, neighbours intersected). Its
 * edge lines are kept flat (point x, y and unit direction x, y; four numbers a line), the
 * arithmetic as it was with an object per line. Performance (issue 29): a 1,000-room plan
 * insets each convex room once or twice; three arrays per edge went to the collector.
 */
function convexInset(polygon: Point[], r: number): Point[] | undefined {
  const ccw = ringArea_m2(polygon) > 0;
  const ring = ccw ? polygon : [...polygon].reverse();
  // A plain array, not a Float64Array (the same doubles; see clearance.ts EdgeSet).
  const L: number[] = [];
  let m = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i], b = ring[(i + 1) % ring.length];
    const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy);
    if (len < 1e-12) continue;
    const n0 = -dy / len, n1 = dx / len;
    L.push(a[0] + n0 * r, a[1] + n1 * r, dx / len, dy / len);
    m++;
  }
  const out: Point[] = [];
  for (let i = 0; i < m; i++) {
    const k1 = 4 * ((i + m - 1) % m), k2 = 4 * i;
    const den = L[k1 + 2] * L[k2 + 3] - L[k1 + 3] * L[k2 + 2];
    if (Math.abs(den) < 1e-12) continue;
    const t = ((L[k2] - L[k1]) * L[k2 + 3] - (L[k2 + 1] - L[k1 + 1]) * L[k2 + 2]) / den;
    out.push([L[k1] + L[k1 + 2] * t, L[k1 + 1] + L[k1 + 3] * t]);
  }
  // Too narrow: the inset folds over (orientation flips or an edge reverses).
  if (out.length < 3 || ringArea_m2(out) <= 1e-12) return undefined;
  for (let i = 0; i < out.length; i++) {
    const a = out[i], b = out[(i + 1) % out.length];
    const k = 4 * i;
    if (((b[0] - a[0]) * L[k + 2] + (b[1] - a[1]) * L[k + 3]) < -1e-9) return undefined;
  }
  return out;
}

/**
 * The nearest point on an edge set to p (the first nearest edge wins). Performance (issue
 * 29): the candidates as numbers, one point made for the nearest, the same arithmetic.
 */
function nearestOnEdges(E: EdgeSet, p: Point): Point | undefined {
  let found = false, bx = 0, by = 0, bd = Infinity;
  for (let i = 0, k = 0; i < E.n; i++, k += 4) {
    const x1 = E.c[k], y1 = E.c[k + 1], dx = E.c[k + 2] - x1, dy = E.c[k + 3] - y1;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((p[0] - x1) * dx + (p[1] - y1) * dy) / len2)) : 0;
    const qx = x1 + t * dx, qy = y1 + t * dy;
    const d = Math.hypot(qx - p[0], qy - p[1]);
    if (d < bd) bd = d, bx = qx, by = qy, found = true;
  }
  return found ? [bx, by] : undefined;
}

/**
 * roomPaths' fast exact case, a convex room without obstacles (its clear space is convex):
 * each point where it stands clear for a disc of radius r, itself when it is clear, else
 * moved to the nearest clear place (undefined: none within r). Null when the room has no
 * clear space at r; undefined when the room is not of that kind. Two clear points are joined
 * by the straight segment between them ({@link straightLength}; both the points themselves)
 * or by {@link clearPairPath}. Exported for buildRouteGraph, which reads the pairs without
 * roomPaths' tables (issue 29).
 */
export function convexClearPoints(
  polygon: Point[],
  obstacles: Point[][],
  radius_m: number,
  points: Point[],
): (Point | undefined)[] | null | undefined {
  if (obstacles.length || !isConvexRing(polygon)) return undefined;
  const inset = radius_m > 0 ? convexInset(polygon, radius_m) : polygon;
  if (!inset) return null;
  const edges = ringEdges([[inset]]);
  return points.map((p) => snap(edges, p, radius_m));
}

/** The length of the segment a–b, m (as roomPaths measures a straight way). */
export function straightLength(a: Point, b: Point): number {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  return Math.sqrt(dx * dx + dy * dy);
}

/** The way from point p to q through their clear places a and b (see {@link convexClearPoints}). */
export function clearPairPath(p: Point, a: Point, b: Point, q: Point): Point[] {
  return dedupe([p, a, b, q]);
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
  const { length_m, path } = noPaths(points);
  if (k < 2) return { length_m, path };

  // Fast exact case: a convex room without obstacles keeps a convex clear space.
  const clear = convexClearPoints(polygon, obstacles, radius_m, points);
  if (clear !== undefined) {
    if (clear === null) return { length_m, path };
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        const a = clear[i], b = clear[j];
        if (!a || !b) continue;
        if (a === points[i] && b === points[j]) {
          // Both already clear: the straight segment (the common case, kept cheap).
          length_m[i][j] = length_m[j][i] = straightLength(a, b);
          path[i][j] = [a, b];
          continue;
        }
        const pts = clearPairPath(points[i], a, b, points[j]);
        const len = polylineLength(pts);
        length_m[i][j] = length_m[j][i] = len;
        path[i][j] = pts;
      }
    }
    return { length_m, path };
  }

  const sight = sightOf(polygon, obstacles, radius_m, points);
  if (sight) pathsOnSight(sight, points, length_m, path);
  return { length_m, path };
}

/** Tables for `points` with no way between any two (each point's way to itself: 0 m). */
function noPaths(points: Point[]): RoomPaths {
  const length_m = points.map(() => points.map(() => Infinity));
  const path: (Point[] | undefined)[][] = points.map(() => points.map(() => undefined));
  for (let i = 0; i < points.length; i++) length_m[i][i] = 0, path[i][i] = [points[i]];
  return { length_m, path };
}

/**
 * Which of `points` {@link roomPaths} joins at `radius_m`, before (and mostly instead of)
 * searching their paths: each point's part of the room's visibility graph (-1: no clear
 * place), the same for points i and j exactly when roomPaths' length from i to j is finite
 * (its search reaches every node connected to the start, and only those). The parts are
 * found by union–find (Tarjan 1975) over the same edges, a pair tested only while its ends
 * are apart (a pair already joined adds nothing); `paths()` is roomPaths' answer on the same
 * clear space, made at its first call. Performance (issue 29): buildRouteGraph asks at the
 * smaller radius only about the pairs the passing radius could not join, and on the grid
 * none of them is joined there either: no path searched, most pairs not tested
 * (tests/engines/geometry/routes_space_test.ts holds `reach` to roomPaths' lengths).
 */
export function roomWays(
  polygon: Point[],
  obstacles: Point[][],
  radius_m: number,
  points: Point[],
): { reach: number[]; paths(): RoomPaths } {
  const clear = convexClearPoints(polygon, obstacles, radius_m, points);
  if (clear !== undefined || points.length < 2) {
    // The fast case: a clear point is joined to every other.
    return {
      reach: points.map((_, i) => clear?.[i] ? 0 : -1),
      paths: () => roomPaths(polygon, obstacles, radius_m, points),
    };
  }
  const sight = sightOf(polygon, obstacles, radius_m, points);
  let made: RoomPaths | undefined;
  return {
    reach: sight ? parts(sight) : points.map(() => -1),
    paths() {
      if (made) return made;
      made = noPaths(points);
      if (sight) pathsOnSight(sight, points, made.length_m, made.path);
      return made;
    },
  };
}

/** Each query point's part of its visibility graph (a node's root, or -1; see roomWays). */
function parts(sight: Sight): number[] {
  const n = sight.vs.length;
  const up: number[] = new Array(n);
  for (let u = 0; u < n; u++) up[u] = u;
  const root = (u: number) => {
    while (up[u] !== u) u = up[u] = up[up[u]];
    return u;
  };
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = root(i), b = root(j);
      if (a !== b && linked(sight, i, j)) up[b] = a;
    }
  }
  return sight.qIndex.map((q) => q < 0 ? -1 : root(q));
}

/**
 * A room's reduced visibility graph at one radius, before any edge is tested: its nodes (the
 * query points' clear places, then the clear space's reflex corners), each query point's
 * node (-1: it has no clear place) and what {@link linked} tests an edge with.
 */
interface Sight {
  space: Space;
  vs: Point[];
  qIndex: number[];
  /** A shortest path may leave node u towards node v (always, from a query point). */
  tangent(u: number, v: number): boolean;
}

/** The {@link Sight} of a room at `radius_m` (undefined: no clear space at all). */
function sightOf(
  polygon: Point[],
  obstacles: Point[][],
  radius_m: number,
  points: Point[],
): Sight | undefined {
  // Convex room, convex objects (rectangles): the clear space tested against the room's exact
  // inset and each object grown by r, with no polygon clipping at all.
  const space = isConvexRing(polygon) && obstacles.every((o) => o.length >= 3 && isConvexRing(o))
    ? convexSpace(polygon, obstacles, radius_m)
    : ringSpace(clearSpace(polygon, obstacles, radius_m), radius_m);
  if (!space) return undefined;
  const snapped = points.map((p) => space.snap(p));
  // Visibility-graph nodes: the query points, then the free space's reflex corners (where a
  // shortest path may bend).
  const vs: Point[] = [];
  const qIndex: number[] = [];
  for (let i = 0; i < points.length; i++) {
    const s = snapped[i];
    qIndex.push(s ? vs.length : -1);
    if (s) vs.push(s);
  }
  const first = vs.length;
  for (const c of space.corners) vs.push(c.at);
  const n = vs.length;
  // Reduced visibility graph (Rohnert 1986): a shortest path only leaves a corner along a line
  // tangent to its ring there (both ring neighbours on one side), an O(1) test before the
  // segment test. The points and the corners' ring neighbours as flat columns (C: x, y, prev
  // x, y, next x, y per node), the same arithmetic on the same numbers. Performance (issue
  // 29): the test ran ~1,600 times a room with a table, reading three point arrays each time.
  // Plain arrays here and below, not typed ones: the same numbers, and a small typed array
  // cost ~15× as much to make (issue 29: ~14 of them per room with a table, twice).
  const C: number[] = new Array(6 * n).fill(0);
  for (let u = 0; u < n; u++) {
    C[6 * u] = vs[u][0], C[6 * u + 1] = vs[u][1];
    if (u < first) continue;
    const c = space.corners[u - first];
    C[6 * u + 2] = c.prev[0], C[6 * u + 3] = c.prev[1];
    C[6 * u + 4] = c.next[0], C[6 * u + 5] = c.next[1];
  }
  const tangent = (u: number, v: number) => {
    if (u < first) return true;
    const k = 6 * u, a0 = C[k], a1 = C[k + 1];
    const dx = C[6 * v] - a0, dy = C[6 * v + 1] - a1;
    const s1 = dx * (C[k + 3] - a1) - dy * (C[k + 2] - a0);
    const s2 = dx * (C[k + 5] - a1) - dy * (C[k + 4] - a0);
    return s1 * s2 >= -1e-12;
  };
  return { space, vs, qIndex, tangent };
}

/** Whether the visibility graph joins nodes u and v: tangent both ways, then in sight. */
function linked(sight: Sight, u: number, v: number): boolean {
  return sight.tangent(u, v) && sight.tangent(v, u) &&
    sight.space.visible(sight.vs[u], sight.vs[v]);
}

/**
 * roomPaths' search on a room's {@link Sight}: its edges, then Dijkstra from each point to
 * those after it, written into `length_m` and `path`.
 */
function pathsOnSight(
  sight: Sight,
  points: Point[],
  length_m: number[][],
  path: (Point[] | undefined)[][],
): void {
  const { vs, qIndex } = sight;
  const k = points.length, n = vs.length;
  // Its edges as pairs, in order (i ascending, then j), then as compressed rows: each node's
  // neighbours ascending, the order lists pushed pair by pair would hold them, so the search
  // below breaks ties as one over such lists did. Performance (issue 29): no list per node.
  const pairs: number[] = [], lens: number[] = [];
  const start: number[] = new Array(n + 1).fill(0);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (linked(sight, i, j)) {
        pairs.push(i, j), lens.push(Math.hypot(vs[i][0] - vs[j][0], vs[i][1] - vs[j][1]));
        start[i + 1]++, start[j + 1]++;
      }
    }
  }
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const fill = start.slice(0, n);
  const to: number[] = new Array(start[n]).fill(0), w: number[] = new Array(start[n]).fill(0);
  for (let e = 0; e < lens.length; e++) {
    const a = pairs[2 * e], b = pairs[2 * e + 1];
    to[fill[a]] = b, w[fill[a]++] = lens[e], to[fill[b]] = a, w[fill[b]++] = lens[e];
  }
  const graph = {
    start,
    to,
    w,
    dist: new Array<number>(n).fill(0),
    prev: new Array<number>(n).fill(0),
    q: new FlatQueue<number>(),
  };
  const goal: number[] = new Array(n).fill(0);
  // From each point to those after it (the way back is the same length; path[j][i] for
  // j > i is not kept, as in the fast case above).
  for (let i = 0; i < k - 1; i++) {
    const s = qIndex[i];
    if (s < 0) continue;
    goal.fill(0);
    let goals = 0;
    for (let j = i + 1; j < k; j++) {
      if (qIndex[j] >= 0 && !goal[qIndex[j]]) goal[qIndex[j]] = 1, goals++;
    }
    if (!goals) continue;
    dijkstraSmall(graph, s, goal, goals);
    const { dist, prev } = graph;
    for (let j = i + 1; j < k; j++) {
      const t = qIndex[j];
      if (t < 0 || !Number.isFinite(dist[t])) continue;
      // points[i], the chain of corners from s to t, points[j], each repeat dropped (dedupe).
      let hops = 0;
      for (let v = t; v !== -1; v = prev[v]) hops++;
      const chain = new Array<Point>(hops);
      for (let v = t, h = hops - 1; v !== -1; v = prev[v], h--) chain[h] = vs[v];
      const pts: Point[] = [points[i]];
      for (let h = 0; h < hops; h++) {
        if (!samePoint(pts[pts.length - 1], chain[h])) pts.push(chain[h]);
      }
      if (!samePoint(pts[pts.length - 1], points[j])) pts.push(points[j]);
      length_m[i][j] = length_m[j][i] = polylineLength(pts);
      path[i][j] = pts;
    }
  }
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
  // Each grown ring's box (min x, max x, min y, max y) over its edges' ends.
  const gBox: number[] = [];
  for (let i = 0; i < gEdges.length; i++) gBox.push(...edgeBox(gEdges[i]));
  const iEdges = ringEdges([[inset]]);
  // The rings' edges as half-planes, computed once per ring rather than once per test.
  const iPlanes = halfPlanes(inset), gPlanes = grown.map(halfPlanes);
  const freeAt = (x: number, y: number) => {
    if (!insideHalfPlanes(iPlanes, x, y, 1e-9)) return false;
    for (let i = 0; i < gPlanes.length; i++) {
      if (insideHalfPlanes(gPlanes[i], x, y, -1e-9)) return false;
    }
    return true;
  };
  const free = (p: Point) => freeAt(p[0], p[1]);
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
      // The candidates as numbers, one point made for the nearest free one (issue 29).
      let found = false, bx = 0, by = 0, bd = Infinity;
      for (let e = -1; e < gEdges.length; e++) {
        const E = e < 0 ? iEdges : gEdges[e];
        for (let i = 0, k = 0; i < E.n; i++, k += 4) {
          const x1 = E.c[k], y1 = E.c[k + 1], dx = E.c[k + 2] - x1, dy = E.c[k + 3] - y1;
          const len2 = dx * dx + dy * dy;
          const t = len2 > 0
            ? Math.max(0, Math.min(1, ((p[0] - x1) * dx + (p[1] - y1) * dy) / len2))
            : 0;
          const qx = x1 + t * dx, qy = y1 + t * dy;
          const d = Math.hypot(qx - p[0], qy - p[1]);
          if (d < bd && freeAt(qx, qy)) bd = d, bx = qx, by = qy, found = true;
        }
      }
      return found && bd <= r + 0.01 ? [bx, by] : undefined;
    },
    visible(a, b) {
      const minX = Math.min(a[0], b[0]), maxX = Math.max(a[0], b[0]);
      const minY = Math.min(a[1], b[1]), maxY = Math.max(a[1], b[1]);
      for (let i = 0; i < grown.length; i++) {
        // crossesEdges skips every edge of a ring whose box the segment's box misses (its
        // own first test, edge by edge): that ring's box, tested once. Performance (issue 29).
        const k = 4 * i;
        const apart = gBox[k + 1] < minX || gBox[k] > maxX || gBox[k + 3] < minY ||
          gBox[k + 2] > maxY;
        if (!apart && crossesEdges(gEdges[i], a, b)) return false;
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

/** The box of an edge set's ends: min x, max x, min y, max y. */
function edgeBox(E: EdgeSet): [number, number, number, number] {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let k = 0; k < 4 * E.n; k += 2) {
    const x = E.c[k], y = E.c[k + 1];
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return [x0, x1, y0, y1];
}

function ccwRing(ring: Point[]): Point[] {
  return ringArea_m2(ring) >= 0 ? ring : [...ring].reverse();
}

/**
 * The edges of a convex counter-clockwise ring as half-planes: per edge its start (x, y), its
 * vector (ex, ey) and its length, five numbers each, for {@link insideHalfPlanes}.
 */
function halfPlanes(ring: Point[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i], b = ring[(i + 1) % ring.length];
    const ex = b[0] - a[0], ey = b[1] - a[1];
    out.push(a[0], a[1], ex, ey, Math.sqrt(ex * ex + ey * ey));
  }
  return out;
}

/**
 * Inside a convex counter-clockwise ring given as {@link halfPlanes}: left of (or, by eps, on)
 * every edge; eps > 0 admits the boundary, eps < 0 excludes it.
 */
function insideHalfPlanes(H: number[], px: number, py: number, eps: number): boolean {
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
  // Each edge's outward (right-hand) normal's angle, once (each is read at both its ends).
  // Performance (issue 29): atan2 was called twice per corner; the same values.
  const normal: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = ring[i], b = ring[(i + 1) % n];
    normal.push(Math.atan2(-(b[0] - a[0]), b[1] - a[1]));
  }
  const maxStep = 2 * Math.acos(r / (r + ROUTE_ARC_M));
  const out: Point[] = [];
  for (let i = 0; i < n; i++) {
    const v = ring[i];
    const t1 = normal[(i + n - 1) % n];
    let sweep = normal[i] - t1;
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

/**
 * Dijkstra (1959) on a small graph in compressed rows from `s`, into `g.dist` and `g.prev`,
 * stopped once the `goals` nodes marked in `goal` are settled (their distance and way are
 * then final: with weights ≥ 0 no later relaxation improves a settled node).
 */
function dijkstraSmall(
  g: {
    start: number[];
    to: number[];
    w: number[];
    dist: number[];
    prev: number[];
    q: FlatQueue<number>;
  },
  s: number,
  goal: number[],
  goals: number,
): void {
  const { start, to, w, dist, prev, q } = g;
  dist.fill(Infinity), prev.fill(-1);
  // One queue for every search of a room, emptied first (as a new one starts).
  q.clear();
  dist[s] = 0;
  q.push(s, 0);
  const tick = ticker();
  while (q.length) {
    tick();
    const d = q.peekValue()!;
    const u = q.pop()!;
    if (d > dist[u]) continue;
    if (goal[u] && --goals === 0) return;
    for (let i = start[u]; i < start[u + 1]; i++) {
      const v = to[i], nd = d + w[i];
      if (nd < dist[v] - 1e-12) dist[v] = nd, prev[v] = u, q.push(v, nd);
    }
  }
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
