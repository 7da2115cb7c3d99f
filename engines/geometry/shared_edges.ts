/**
 * Where two room outlines meet: the stretches of boundary two rings share (parallel edges no
 * more than a tolerance apart, overlapping along their length), and the parts of such a
 * stretch that no obstacle rectangle covers. Plain vector arithmetic (projection of the other
 * edge's ends onto an edge's line; interval overlap), in plan metres.
 * @module
 */
import type { Point } from "../../ground/plan.ts";

/** A straight stretch of boundary, from `a` to `b`, m. */
export interface Stretch {
  a: Point;
  b: Point;
  length_m: number;
}

/** Edges are parallel when the sine of the angle between them is below this (≈ 1.1°). */
const PARALLEL_SIN = 0.02;

/**
 * The stretches of boundary rings `p` and `q` share: for each edge of `p`, the part over which
 * an edge of `q` runs parallel to it within `gap_m` (both ends of that part within `gap_m` of
 * the other edge), at least `minLength_m` long. Each stretch lies midway between the two
 * edges. Longest first.
 */
export function sharedStretches(
  p: readonly Point[],
  q: readonly Point[],
  gap_m: number,
  minLength_m: number,
): Stretch[] {
  const out: Stretch[] = [];
  for (let i = 0; i < p.length; i++) {
    const a = p[i], b = p[(i + 1) % p.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len < 1e-9) continue;
    const ux = (b[0] - a[0]) / len, uy = (b[1] - a[1]) / len;
    for (let j = 0; j < q.length; j++) {
      const c = q[j], d = q[(j + 1) % q.length];
      const lq = Math.hypot(d[0] - c[0], d[1] - c[1]);
      if (lq < 1e-9) continue;
      const vx = (d[0] - c[0]) / lq, vy = (d[1] - c[1]) / lq;
      if (Math.abs(ux * vy - uy * vx) > PARALLEL_SIN) continue;
      // Along p's edge (t) and across it (s, signed), for q's edge ends.
      const t = (x: Point) => (x[0] - a[0]) * ux + (x[1] - a[1]) * uy;
      const s = (x: Point) => (x[1] - a[1]) * ux - (x[0] - a[0]) * uy;
      const tc = t(c), td = t(d);
      const t0 = Math.max(0, Math.min(tc, td)), t1 = Math.min(len, Math.max(tc, td));
      if (t1 - t0 < minLength_m) continue;
      // q's offset at t0 and t1 (linear along its edge).
      const at = (tt: number) => s(c) + (s(d) - s(c)) * ((tt - tc) / (td - tc));
      const s0 = at(t0), s1 = at(t1);
      if (Math.abs(s0) > gap_m || Math.abs(s1) > gap_m) continue;
      const pt = (tt: number, ss: number): Point => [
        a[0] + ux * tt - uy * ss / 2,
        a[1] + uy * tt + ux * ss / 2,
      ];
      out.push({ a: pt(t0, s0), b: pt(t1, s1), length_m: t1 - t0 });
    }
  }
  return out.sort((x, y) => y.length_m - x.length_m);
}

/** An axis-aligned rectangle in plan metres: [minX, minY, maxX, maxY]. */
export type Rect = [number, number, number, number];

/**
 * The parts of `stretch` no rectangle covers, sampled every `step_m` (a sample is covered
 * when it lies inside a rectangle grown by `margin_m`), each at least `minLength_m` long;
 * longest first.
 */
export function uncoveredParts(
  stretch: Stretch,
  rects: readonly Rect[],
  minLength_m: number,
  step_m = 0.05,
  margin_m = 0.02,
): Stretch[] {
  const { a, b, length_m } = stretch;
  const n = Math.max(1, Math.ceil(length_m / step_m));
  const point = (k: number): Point => [
    a[0] + (b[0] - a[0]) * (k / n),
    a[1] + (b[1] - a[1]) * (k / n),
  ];
  const covered = (x: Point) =>
    rects.some((r) =>
      x[0] >= r[0] - margin_m && x[0] <= r[2] + margin_m && x[1] >= r[1] - margin_m &&
      x[1] <= r[3] + margin_m
    );
  const out: Stretch[] = [];
  let start = -1;
  for (let k = 0; k <= n + 1; k++) {
    const free = k <= n && !covered(point(k));
    if (free && start < 0) start = k;
    if (!free && start >= 0) {
      const p0 = point(start), p1 = point(k - 1);
      const len = Math.hypot(p1[0] - p0[0], p1[1] - p0[1]);
      if (len >= minLength_m) out.push({ a: p0, b: p1, length_m: len });
      start = -1;
    }
  }
  return out.sort((x, y) => y.length_m - x.length_m);
}
