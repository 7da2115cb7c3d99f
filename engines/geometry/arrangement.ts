/**
 * The faces of a planar arrangement of segments (walls, a floor outline, door closers): the
 * regions the segments cut the plane into, found with a doubly-connected edge list and its
 * face traversal (de Berg, Cheong, van Kreveld, Overmars, "Computational Geometry:
 * Algorithms and Applications", 3rd ed. 2008, ch. 2, §2.2 "The doubly-connected edge list"
 * and §2.3: each half-edge's `next` is the half-edge leaving its end vertex that comes next
 * clockwise after its twin, so every bounded face is traced once, counter-clockwise, with
 * its interior on the left).
 *
 * Scanned segments do not meet exactly, so before the traversal they are noded within
 * stated tolerances: end points closer than `snap_m` become one vertex; a vertex within
 * `snap_m` of another segment splits it there (a T-junction); an end point that meets
 * nothing is extended along its own line by at most `extend_m` to the first segment its ray
 * hits; crossing segments are split at the crossing. Then dangling edges (an end that meets
 * nothing, after extension) and edges with the same face on both sides (a stub into a room,
 * a bridge between two loops) bound no region: they are removed and returned as `loose`.
 *
 * Pure: plan metres in (x right, y up), rings out. Work is O(n²) in the number of segments
 * (pairwise noding); a scan's walls number in the tens to hundreds, and the loops check the
 * run's time budget (ground/budget.ts).
 */
import type { Point } from "../../ground/plan.ts";
import { pointInRing, signedArea_m2 } from "./polygon.ts";
import { ticker } from "../../ground/budget.ts";

/** One input segment; `tag` is the caller's (an index into its walls), `rank` its trust. */
export interface ArrangementSegment {
  a: Point;
  b: Point;
  tag: number;
  /**
   * Lower is more trusted: where a vertex of a less trusted segment (rank 1, a floor outline)
   * meets a more trusted one (rank 0, a wall), the vertex moves, not the wall.
   */
  rank?: number;
}

/** Noding tolerances, metres. */
export interface ArrangementOptions {
  /** End points this close are one vertex; a vertex this close to a segment splits it. */
  snap_m: number;
  /** How far a loose end is extended along its own line to meet another segment. */
  extend_m: number;
  /**
   * How far a less trusted segment (a rough floor outline) moves to meet a more trusted one:
   * a trusted corner this close to it becomes one of its vertices (default `snap_m`).
   */
  outline_snap_m?: number;
}

/** A piece of a face's boundary, with the tags of the input segments it came from. */
export interface FaceEdge {
  a: Point;
  b: Point;
  tags: number[];
  length_m: number;
}

/**
 * A bounded face: its ring counter-clockwise (y up), area (net of its holes), perimeter and
 * boundary pieces.
 */
export interface ArrangementFace {
  ring: Point[];
  area_m2: number;
  /** Clockwise rings of pieces standing free inside it (a loop of walls in a room). */
  holes: Point[][];
  perimeter_m: number;
  edges: FaceEdge[];
}

/** The arrangement: bounded faces, and the segment pieces that bound none. */
export interface Arrangement {
  faces: ArrangementFace[];
  /** Pieces removed because they bound no region (dangling, or the same face on both sides). */
  loose: FaceEdge[];
  /** Input ends that were extended to meet another segment: tag and the length added, metres. */
  extended: { tag: number; length_m: number }[];
}

type Seg = { a: Point; b: Point; tag: number; rank: number };

const dist = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1]);

/** Parameter t of the projection of p on ab (0 at a, 1 at b), and its distance. */
function project(p: Point, a: Point, b: Point): { t: number; d: number } {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  if (l2 === 0) return { t: 0, d: dist(p, a) };
  const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2;
  const c: Point = [a[0] + t * dx, a[1] + t * dy];
  return { t, d: dist(p, c) };
}

/** Where the segments ab and cd cross (parameters along each), or undefined when parallel. */
function crossing(a: Point, b: Point, c: Point, d: Point): { s: number; u: number } | undefined {
  const rx = b[0] - a[0], ry = b[1] - a[1], qx = d[0] - c[0], qy = d[1] - c[1];
  const den = rx * qy - ry * qx;
  if (Math.abs(den) < 1e-12) return undefined;
  const wx = c[0] - a[0], wy = c[1] - a[1];
  return { s: (wx * qy - wy * qx) / den, u: (wx * ry - wy * rx) / den };
}

/**
 * The bounded faces of the segments' arrangement after noding within `opts` (see the module
 * comment). Faces come largest first; each bounded face once.
 */
export function arrangementFaces(
  input: ArrangementSegment[],
  opts: ArrangementOptions,
): Arrangement {
  const segs: Seg[] = input
    .filter((s) => dist(s.a, s.b) > 1e-9)
    .map((s) => ({ a: [...s.a] as Point, b: [...s.b] as Point, tag: s.tag, rank: s.rank ?? 0 }));
  // Extending a loose end can only be judged once the segments it meets are known to bound
  // something: a wall that meets only a stub is loose too. So: extend, node, trace; extend the
  // ends that now meet only loose segments; again, until nothing changes (a few rounds).
  const extended: { tag: number; length_m: number }[] = [];
  const done = new Set<string>();
  let loose = new Set<number>();
  for (let round = 0;; round++) {
    const grew = extendEnds(segs, loose, opts, done);
    extended.push(...grew);
    const traced = nodeAndTrace(segs, opts);
    const bounding = new Set(traced.faces.flatMap((f) => f.edges.flatMap((e) => e.tags)));
    const nowLoose = new Set(segs.map((_, i) => i).filter((i) => !bounding.has(i)));
    const same = nowLoose.size === loose.size && [...nowLoose].every((i) => loose.has(i));
    if ((round > 0 && !grew.length) || same || round >= 4) {
      const retag = (e: FaceEdge): FaceEdge => ({
        ...e,
        tags: [...new Set(e.tags.map((i) => segs[i].tag))],
      });
      return {
        faces: traced.faces.map((f) => ({ ...f, edges: f.edges.map(retag) })),
        loose: traced.loose.map(retag),
        extended,
      };
    }
    loose = nowLoose;
  }
}

/**
 * Extends each end that meets no segment (but those in `loose`) along its own line, by at
 * most `extend_m`, to the first other segment its ray crosses. Returns what was extended.
 */
function extendEnds(
  segs: Seg[],
  loose: Set<number>,
  { snap_m, extend_m }: ArrangementOptions,
  done: Set<string>,
): { tag: number; length_m: number }[] {
  const out: { tag: number; length_m: number }[] = [];
  const endMeets = (p: Point, self: number) =>
    segs.some((s, j) =>
      j !== self && !loose.has(j) && project(p, s.a, s.b).d <= snap_m && onSpan(p, s, snap_m)
    );
  const tick = ticker(16);
  for (let i = 0; i < segs.length; i++) {
    tick();
    const s = segs[i];
    for (const end of ["a", "b"] as const) {
      const key = `${i}${end}`;
      if (done.has(key)) continue;
      const p = s[end], q = end === "a" ? s.b : s.a;
      if (endMeets(p, i)) continue;
      const len = dist(p, q);
      const dir: Point = [(p[0] - q[0]) / len, (p[1] - q[1]) / len];
      const far: Point = [p[0] + dir[0] * extend_m, p[1] + dir[1] * extend_m];
      let best = Infinity;
      for (let j = 0; j < segs.length; j++) {
        if (j === i || loose.has(j)) continue;
        const x = crossing(p, far, segs[j].a, segs[j].b);
        if (!x || x.s < 0 || x.s > 1 || x.u < -1e-9 || x.u > 1 + 1e-9) continue;
        if (x.s * extend_m > 1e-9) best = Math.min(best, x.s * extend_m);
      }
      if (best < Infinity) {
        s[end] = [p[0] + dir[0] * best, p[1] + dir[1] * best];
        done.add(key);
        out.push({ tag: s.tag, length_m: best });
      }
    }
  }
  return out;
}

/** A segment between two vertices, by index, with its tag and how far it is trusted. */
type Piece = { u: number; v: number; tag: number; rank: number };
/** An edge of the arrangement: two vertices (u < v) and the tags of the segments on it. */
type Edge = { u: number; v: number; tags: Set<number> };
/** The vertices so far, with the most trusted rank of a segment at each. */
type Vertices = { verts: Point[]; vRank: number[] };

/** Nodes the segments (their index as tag) and traces the faces; see arrangementFaces. */
function nodeAndTrace(
  segs: Seg[],
  { snap_m, outline_snap_m = snap_m }: ArrangementOptions,
): { faces: ArrangementFace[]; loose: FaceEdge[] } {
  const tick = ticker(16);
  const { verts, vRank, whole } = clusterEnds(segs, snap_m, outline_snap_m, tick);
  snapOntoTrusted({ verts, vRank }, whole, outline_snap_m, tick);
  const pieces = bendThroughCorners({ verts, vRank }, whole, snap_m, outline_snap_m);
  const crossPts = addCrossings({ verts, vRank }, pieces, snap_m, tick);
  const edges = splitPieces(verts, pieces, crossPts, snap_m, tick);
  return pruneAndTrace(verts, edges);
}

/**
 * 2. Vertices: end points within snap_m (outline_snap_m between ranks) are one (union-find);
 * a cluster sits at the mean of its most trusted members. Returns each segment as a piece
 * between its two vertices.
 */
function clusterEnds(
  segs: Seg[],
  snap_m: number,
  outline_snap_m: number,
  tick: () => void,
): Vertices & { whole: Piece[] } {
  const pts: { p: Point; rank: number }[] = [];
  for (const s of segs) pts.push({ p: s.a, rank: s.rank }, { p: s.b, rank: s.rank });
  const parent = pts.map((_, i) => i);
  const find = (i: number): number => parent[i] === i ? i : (parent[i] = find(parent[i]));
  for (let i = 0; i < pts.length; i++) {
    tick();
    for (let j = i + 1; j < pts.length; j++) {
      const tol = pts[i].rank === pts[j].rank ? snap_m : outline_snap_m;
      if (dist(pts[i].p, pts[j].p) <= tol) parent[find(i)] = find(j);
    }
  }
  const clusterOf = new Map<number, number>();
  const verts: Point[] = [];
  const members = new Map<number, number[]>();
  pts.forEach((_, i) => {
    const r = find(i);
    if (!members.has(r)) members.set(r, []);
    members.get(r)!.push(i);
  });
  for (const [r, ms] of members) {
    const top = Math.min(...ms.map((m) => pts[m].rank));
    const use = ms.filter((m) => pts[m].rank === top);
    const x = use.reduce((s, m) => s + pts[m].p[0], 0) / use.length;
    const y = use.reduce((s, m) => s + pts[m].p[1], 0) / use.length;
    clusterOf.set(r, verts.length);
    verts.push([x, y]);
  }
  const vRank: number[] = verts.map(() => Infinity);
  const whole: Piece[] = segs.map((s, i) => {
    const u = clusterOf.get(find(2 * i))!, v = clusterOf.get(find(2 * i + 1))!;
    vRank[u] = Math.min(vRank[u], s.rank);
    vRank[v] = Math.min(vRank[v], s.rank);
    return { u, v, tag: i, rank: s.rank };
  });

  return { verts, vRank, whole };
}

/** A less trusted vertex near a more trusted segment moves onto it (a floor corner onto a wall). */
function snapOntoTrusted(
  { verts, vRank }: Vertices,
  whole: Piece[],
  outline_snap_m: number,
  tick: () => void,
): void {
  for (let vi = 0; vi < verts.length; vi++) {
    tick();
    for (const pc of whole) {
      if (pc.rank >= vRank[vi] || pc.u === vi || pc.v === vi) continue;
      const a = verts[pc.u], b = verts[pc.v];
      const { t, d } = project(verts[vi], a, b);
      if (d <= outline_snap_m && t > 0 && t < 1) {
        verts[vi] = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
        break;
      }
    }
  }
}

/**
 * A less trusted piece bends through every trusted corner within outline_snap_m of it (the
 * floor outline onto the wall corners near it), before crossings are looked for.
 */
function bendThroughCorners(
  { verts, vRank }: Vertices,
  whole: Piece[],
  snap_m: number,
  outline_snap_m: number,
): Piece[] {
  const pieces: Piece[] = [];
  for (const pc of whole) {
    const a = verts[pc.u], b = verts[pc.v];
    const len = dist(a, b);
    const on: { t: number; k: number }[] = [];
    for (let k = 0; k < verts.length && len > 0; k++) {
      if (k === pc.u || k === pc.v || vRank[k] >= pc.rank) continue;
      const { t, d } = project(verts[k], a, b);
      if (d <= outline_snap_m && t * len > snap_m && (1 - t) * len > snap_m) on.push({ t, k });
    }
    on.sort((p, q) => p.t - q.t);
    const chain = [pc.u, ...on.map((x) => x.k), pc.v];
    for (let n = 0; n + 1 < chain.length; n++) {
      pieces.push({ ...pc, u: chain[n], v: chain[n + 1] });
    }
  }

  return pieces;
}

/**
 * 3. Crossings: new vertices where two pieces cross inside both (one within snap_m of an
 * existing vertex is that vertex). Returns, per piece, the vertices where it is crossed.
 */
function addCrossings(
  { verts, vRank }: Vertices,
  pieces: Piece[],
  snap_m: number,
  tick: () => void,
): number[][] {
  const addVertex = (p: Point): number => {
    for (let k = 0; k < verts.length; k++) if (dist(verts[k], p) <= snap_m) return k;
    verts.push(p);
    vRank.push(Infinity);
    return verts.length - 1;
  };
  const crossPts: number[][] = pieces.map(() => []);
  for (let i = 0; i < pieces.length; i++) {
    tick();
    for (let j = i + 1; j < pieces.length; j++) {
      const P = pieces[i], Q = pieces[j];
      if (P.u === Q.u || P.u === Q.v || P.v === Q.u || P.v === Q.v) continue;
      const x = crossing(verts[P.u], verts[P.v], verts[Q.u], verts[Q.v]);
      if (!x || x.s <= 0 || x.s >= 1 || x.u <= 0 || x.u >= 1) continue;
      const a = verts[P.u], b = verts[P.v];
      const k = addVertex([a[0] + x.s * (b[0] - a[0]), a[1] + x.s * (b[1] - a[1])]);
      crossPts[i].push(k);
      crossPts[j].push(k);
    }
  }

  return crossPts;
}

/**
 * 4. Each piece split at every vertex within snap_m of its inside (T-junctions, overlaps,
 * crossings), then duplicate edges merged (their tags joined). Keyed "u,v" with u < v.
 */
function splitPieces(
  verts: Point[],
  pieces: Piece[],
  crossPts: number[][],
  snap_m: number,
  tick: () => void,
): Map<string, Edge> {
  const edges = new Map<string, Edge>();
  pieces.forEach((pc, i) => {
    tick();
    const a = verts[pc.u], b = verts[pc.v];
    const len = dist(a, b);
    if (len === 0) return;
    const on: { t: number; k: number }[] = [{ t: 0, k: pc.u }, { t: 1, k: pc.v }];
    const seen = new Set([pc.u, pc.v]);
    for (let k = 0; k < verts.length; k++) {
      if (seen.has(k)) continue;
      const { t, d } = project(verts[k], a, b);
      if (d <= snap_m && t * len > snap_m && (1 - t) * len > snap_m) {
        on.push({ t, k });
        seen.add(k);
      } else if (crossPts[i].includes(k)) {
        on.push({ t, k });
        seen.add(k);
      }
    }
    on.sort((p, q) => p.t - q.t);
    for (let n = 0; n + 1 < on.length; n++) {
      const u = on[n].k, v = on[n + 1].k;
      if (u === v) continue;
      const key = u < v ? `${u},${v}` : `${v},${u}`;
      const e = edges.get(key) ?? { u: Math.min(u, v), v: Math.max(u, v), tags: new Set() };
      e.tags.add(pc.tag);
      edges.set(key, e);
    }
  });

  return edges;
}

/**
 * 5. Remove what bounds no region: dangling edges, then edges with one face on both sides,
 * until none is left; then the faces, largest first. What was removed is `loose`.
 */
function pruneAndTrace(
  verts: Point[],
  edges: Map<string, Edge>,
): { faces: ArrangementFace[]; loose: FaceEdge[] } {
  const loose: FaceEdge[] = [];
  const asFaceEdge = (e: Edge): FaceEdge => ({
    a: verts[e.u],
    b: verts[e.v],
    tags: [...e.tags],
    length_m: dist(verts[e.u], verts[e.v]),
  });
  for (;;) {
    let changed = true;
    while (changed) {
      changed = false;
      const degree = new Map<number, number>();
      for (const e of edges.values()) {
        degree.set(e.u, (degree.get(e.u) ?? 0) + 1);
        degree.set(e.v, (degree.get(e.v) ?? 0) + 1);
      }
      for (const [key, e] of edges) {
        if (degree.get(e.u) === 1 || degree.get(e.v) === 1) {
          loose.push(asFaceEdge(e));
          edges.delete(key);
          changed = true;
        }
      }
    }
    const traced = traceFaces(verts, [...edges.values()]);
    if (!traced.bridges.length) {
      const faces = traced.faces.map((f) => ({
        ...f,
        edges: f.edges.map((k) => asFaceEdge(edges.get(k)!)),
      }));
      faces.sort((p, q) => q.area_m2 - p.area_m2);
      return { faces, loose };
    }
    for (const key of traced.bridges) {
      loose.push(asFaceEdge(edges.get(key)!));
      edges.delete(key);
    }
  }
}

/** Whether p projects inside s's span (within tol of its ends). */
function onSpan(p: Point, s: Seg, tol: number): boolean {
  const { t } = project(p, s.a, s.b);
  const len = dist(s.a, s.b);
  return t * len >= -tol && (1 - t) * len >= -tol;
}

/**
 * The DCEL face traversal (de Berg et al. 2008 §2.2): half-edges around each vertex sorted by
 * angle; next(h) is the half-edge leaving h's end that comes clockwise right after twin(h).
 * Returns the bounded faces (positive signed area) and the edges whose two half-edges fall in
 * one face (they bound nothing).
 */
function traceFaces(
  verts: Point[],
  edges: { u: number; v: number }[],
): {
  faces: {
    ring: Point[];
    area_m2: number;
    perimeter_m: number;
    edges: string[];
    holes: Point[][];
  }[];
  bridges: string[];
} {
  // Half-edge 2i runs u -> v, 2i+1 runs v -> u.
  const from = (h: number) => h % 2 === 0 ? edges[h >> 1].u : edges[h >> 1].v;
  const to = (h: number) => h % 2 === 0 ? edges[h >> 1].v : edges[h >> 1].u;
  const out = new Map<number, number[]>();
  for (let h = 0; h < edges.length * 2; h++) {
    const f = from(h);
    if (!out.has(f)) out.set(f, []);
    out.get(f)!.push(h);
  }
  const angle = (h: number) => {
    const a = verts[from(h)], b = verts[to(h)];
    return Math.atan2(b[1] - a[1], b[0] - a[0]);
  };
  const pos = new Map<number, number>();
  for (const hs of out.values()) {
    hs.sort((p, q) => angle(p) - angle(q));
    hs.forEach((h, i) => pos.set(h, i));
  }
  const next = (h: number) => {
    const twin = h ^ 1;
    const hs = out.get(to(h))!;
    // The half-edge clockwise after the twin: the previous one in counter-clockwise order.
    return hs[(pos.get(twin)! - 1 + hs.length) % hs.length];
  };
  const faceOf = new Int32Array(edges.length * 2).fill(-1);
  const cycles: number[][] = [];
  for (let h = 0; h < edges.length * 2; h++) {
    if (faceOf[h] !== -1) continue;
    const cycle: number[] = [];
    let g = h;
    while (faceOf[g] === -1) {
      faceOf[g] = cycles.length;
      cycle.push(g);
      g = next(g);
    }
    cycles.push(cycle);
  }
  const key = (h: number) => {
    const e = edges[h >> 1];
    return `${e.u},${e.v}`;
  };
  const bridges = new Set<string>();
  for (let i = 0; i < edges.length; i++) {
    if (faceOf[2 * i] === faceOf[2 * i + 1]) bridges.add(key(2 * i));
  }
  const faces: {
    ring: Point[];
    area_m2: number;
    perimeter_m: number;
    edges: string[];
    holes: Point[][];
  }[] = [];
  const outers: Point[][] = [];
  for (const cycle of cycles) {
    const ring = cycle.map((h) => verts[from(h)]);
    const a = signedArea_m2(ring);
    if (a <= 1e-12) {
      if (a < -1e-12) outers.push(ring);
      continue;
    }
    let perimeter = 0;
    for (const h of cycle) perimeter += dist(verts[from(h)], verts[to(h)]);
    faces.push({ ring, area_m2: a, perimeter_m: perimeter, edges: cycle.map(key), holes: [] });
  }
  // A clockwise cycle is the outside of one connected piece; when it lies inside a face of
  // another piece (a free-standing loop of walls in a room), it is a hole of the smallest such
  // face, whose area is taken net of it.
  for (const o of outers) {
    const inside = faces.filter((f) =>
      !f.ring.some((p) => o.includes(p)) && pointInRing(o[0], f.ring)
    )
      .sort((p, q) => p.area_m2 - q.area_m2)[0];
    if (!inside) continue;
    inside.holes.push(o);
    inside.area_m2 += signedArea_m2(o);
  }
  return { faces, bridges: [...bridges] };
}
