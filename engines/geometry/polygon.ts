/**
 * Plane-geometry primitives every importer and engine shares (plan metres, x right, y up).
 * Formulas: shoelace area, even-odd ray casting for point-in-polygon, point-segment distance.
 */
import type { Point } from "../../ground/plan.ts";
import { round } from "../../ground/text.ts";

/** Signed area in m² by the shoelace formula: positive when the ring runs counter-clockwise. */
export function signedArea_m2(ring: readonly Point[]): number {
  let s = 0;
  // Indexed, not destructured: `const [x, y] = p` runs the array iterator, an object per
  // corner where V8 does not optimise it away (issue 29: a 1,000-room route graph asks for
  // thousands of areas; bench/routes_alloc.ts). The same products in the same order.
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i], b = ring[(i + 1) % ring.length];
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

/** Unsigned area in m² (shoelace formula). */
export function area_m2(ring: readonly Point[]): number {
  return Math.abs(signedArea_m2(ring));
}

/** The ring running counter-clockwise (y up), without a repeated closing point. */
export function counterClockwise(ring: Point[]): Point[] {
  let r = ring;
  if (r.length > 1) {
    const a = r[0], b = r[r.length - 1];
    if (Math.abs(a[0] - b[0]) < 1e-9 && Math.abs(a[1] - b[1]) < 1e-9) r = r.slice(0, -1);
  }
  return signedArea_m2(r) < 0 ? [...r].reverse() : r;
}

/** Drops vertices closer than `eps_m` to the previous one and vertices on a straight run. */
export function simplifyRing(ring: Point[], eps_m = 1e-4): Point[] {
  const dedup: Point[] = [];
  for (const p of ring) {
    const q = dedup[dedup.length - 1];
    if (!q || Math.hypot(p[0] - q[0], p[1] - q[1]) > eps_m) dedup.push(p);
  }
  while (
    dedup.length > 1 &&
    Math.hypot(
        dedup[0][0] - dedup[dedup.length - 1][0],
        dedup[0][1] - dedup[dedup.length - 1][1],
      ) <=
      eps_m
  ) dedup.pop();
  let out = dedup;
  let changed = true;
  while (changed && out.length > 3) {
    changed = false;
    const next: Point[] = [];
    for (let i = 0; i < out.length; i++) {
      const a = out[(i - 1 + out.length) % out.length], b = out[i], c = out[(i + 1) % out.length];
      const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
      const len = Math.hypot(c[0] - a[0], c[1] - a[1]);
      if (len > 0 && Math.abs(cross) / len < eps_m) {
        changed = true;
        continue;
      }
      next.push(b);
    }
    if (next.length < 3) break;
    out = next;
  }
  return out;
}

/** Whether p lies inside the ring (even-odd rule). */
export function pointInRing(p: Point, ring: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    // Indexing, not destructuring: this runs in the plan view's label search's inner loop
    // (render/planview.ts), where destructuring allocated per vertex.
    const xi = ring[i][0], yi = ring[i][1], xj = ring[j][0], yj = ring[j][1];
    if ((yi > p[1]) !== (yj > p[1]) && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) {
      inside = !inside;
    }
  }
  return inside;
}

/**
 * Whether a polygon is convex: all turns one way (cross products of consecutive edges of
 * one sign); collinear vertices (|cross| < 1e-12) are allowed.
 */
export function isConvexRing(polygon: readonly Point[]): boolean {
  let sign = 0;
  const n = polygon.length;
  for (let i = 0; i < n; i++) {
    const a = polygon[i], b = polygon[(i + 1) % n], c = polygon[(i + 2) % n];
    const z = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (Math.abs(z) < 1e-12) continue;
    const s = Math.sign(z);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** Distance in metres from p to the segment ab. */
export function segmentDistance_m(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Distance in metres from p to the ring's nearest edge, inside or outside. */
export function edgeDistance_m(p: Point, ring: readonly Point[]): number {
  let d = Infinity;
  for (let i = 0; i < ring.length; i++) {
    d = Math.min(d, segmentDistance_m(p, ring[i], ring[(i + 1) % ring.length]));
  }
  return d;
}

/** Distance in metres from p to the ring's area: 0 inside, else the distance to its nearest edge. */
export function ringDistance_m(p: Point, ring: readonly Point[]): number {
  return pointInRing(p, ring) ? 0 : edgeDistance_m(p, ring);
}

/**
 * The smallest-area rectangle around a ring whose side follows one of its edges (exact for a
 * convex hull by the rotating-calipers theorem; a close bound otherwise). Returns the centre,
 * the size [along, across] in metres and the angle of the "along" side in degrees (from +x,
 * counter-clockwise).
 */
export function minAreaRectangle(
  ring: readonly Point[],
): { center: Point; size: [number, number]; angle_deg: number } {
  let best = {
    area: Infinity,
    center: [0, 0] as Point,
    size: [0, 0] as [number, number],
    angle: 0,
  };
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i], b = ring[(i + 1) % ring.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len < 1e-9) continue;
    const ux = (b[0] - a[0]) / len, uy = (b[1] - a[1]) / len;
    let minU = Infinity, maxU = -Infinity, minV = Infinity, maxV = -Infinity;
    for (const p of ring) {
      const u = p[0] * ux + p[1] * uy, v = -p[0] * uy + p[1] * ux;
      minU = Math.min(minU, u), maxU = Math.max(maxU, u), minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < best.area) {
      const cu = (minU + maxU) / 2, cv = (minV + maxV) / 2;
      best = {
        area,
        center: [cu * ux - cv * uy, cu * uy + cv * ux],
        size: [maxU - minU, maxV - minV],
        angle: Math.atan2(uy, ux) * 180 / Math.PI,
      };
    }
  }
  return { center: best.center, size: best.size, angle_deg: best.angle };
}

/** Rounds to 1e-4 (a tenth of a millimetre), the precision importers write plan numbers at. */
export function round4(v: number): number {
  return round(v, 4) + 0;
}
