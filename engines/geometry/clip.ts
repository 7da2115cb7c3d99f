/**
 * Polygon booleans and offsets in plan metres, on Angus Johnson's Clipper (Vatti 1992
 * clipping; offsetting with round joins) through the clipper-lib port. Clipper works on
 * integers, so coordinates are scaled to 0.1 mm: robust where floating-point sweep lines fail
 * on the many touching shapes a configuration space makes.
 */
import { signedArea_m2 } from "./polygon.ts";
import ClipperLib from "npm:clipper-lib@6.4.2";
import type { Point } from "../../ground/plan.ts";

/** A polygon as rings (outer counter-clockwise first, then holes clockwise), metres. */
export type Rings = Point[][];
/** Several polygons. */
export type MultiRings = Rings[];

// deno-lint-ignore no-explicit-any
const C: any = ClipperLib;
/** Integer units per metre (0.1 mm). */
const SCALE = 10000;
/** Largest gap between a round join's chords and the true arc, m (Clipper's ArcTolerance). */
export const ARC_TOLERANCE_M = 0.0005;

type IntPoint = { X: number; Y: number };

function toPath(ring: Point[]): IntPoint[] {
  const out: IntPoint[] = [];
  for (const [x, y] of ring) out.push({ X: Math.round(x * SCALE), Y: Math.round(y * SCALE) });
  if (out.length > 1) {
    const f = out[0], l = out[out.length - 1];
    if (f.X === l.X && f.Y === l.Y) out.pop();
  }
  return out;
}

function fromPath(path: IntPoint[]): Point[] {
  return path.map((p) => [p.X / SCALE, p.Y / SCALE]);
}

/** Signed area of a ring (shoelace formula), m²; positive when counter-clockwise. */
export const ringArea_m2: (ring: Point[]) => number = signedArea_m2;

function oriented(ring: Point[], ccw: boolean): Point[] {
  return (ringArea_m2(ring) > 0) === ccw ? ring : [...ring].reverse();
}

// deno-lint-ignore no-explicit-any
function treeToRings(tree: any): MultiRings {
  const out: MultiRings = [];
  // deno-lint-ignore no-explicit-any
  const walk = (node: any) => {
    for (const outer of node.Childs()) {
      const rings: Rings = [oriented(fromPath(outer.Contour()), true)];
      for (const hole of outer.Childs()) {
        rings.push(oriented(fromPath(hole.Contour()), false));
        walk(hole);
      }
      if (rings[0].length >= 3) out.push(rings);
    }
  };
  walk(tree);
  return out;
}

function allPaths(polys: (Point[] | Rings)[]): IntPoint[][] {
  const out: IntPoint[][] = [];
  for (const p of polys) {
    if (!p.length) continue;
    if (typeof (p as Point[])[0][0] === "number") out.push(toPath(p as Point[]));
    else for (const r of p as Rings) out.push(toPath(r));
  }
  return out.filter((p) => p.length >= 3);
}

/**
 * subject − union(clips), each a ring or a polygon with holes (non-zero fill), as polygons
 * with holes. Vatti clipping (Clipper).
 */
export function differenceRings(
  subject: (Point[] | Rings)[],
  clips: (Point[] | Rings)[],
): MultiRings {
  const c = new C.Clipper();
  c.AddPaths(allPaths(subject), C.PolyType.ptSubject, true);
  const cp = allPaths(clips);
  if (cp.length) c.AddPaths(cp, C.PolyType.ptClip, true);
  const tree = new C.PolyTree();
  c.Execute(C.ClipType.ctDifference, tree, C.PolyFillType.pftNonZero, C.PolyFillType.pftNonZero);
  return treeToRings(tree);
}

/** The union of rings or polygons (non-zero fill), as polygons with holes. */
export function unionRings(polys: (Point[] | Rings)[]): MultiRings {
  const c = new C.Clipper();
  c.AddPaths(allPaths(polys), C.PolyType.ptSubject, true);
  const tree = new C.PolyTree();
  c.Execute(C.ClipType.ctUnion, tree, C.PolyFillType.pftNonZero, C.PolyFillType.pftNonZero);
  return treeToRings(tree);
}

/**
 * Every polygon grown (delta_m > 0) or shrunk (delta_m < 0) by |delta_m|: the Minkowski sum
 * or difference with a disc, round joins' chords within `arc_tolerance_m` (default
 * {@link ARC_TOLERANCE_M}) inside the true arc.
 */
export function offsetRings(
  polys: (Point[] | Rings)[],
  delta_m: number,
  arc_tolerance_m: number = ARC_TOLERANCE_M,
): MultiRings {
  const paths = allPaths(polys);
  if (delta_m === 0) return unionRings(polys);
  // Normalise winding first so holes shrink and outers grow consistently.
  const c = new C.Clipper();
  c.AddPaths(paths, C.PolyType.ptSubject, true);
  const norm = new C.Paths();
  c.Execute(C.ClipType.ctUnion, norm, C.PolyFillType.pftNonZero, C.PolyFillType.pftNonZero);
  const co = new C.ClipperOffset(2, arc_tolerance_m * SCALE);
  co.AddPaths(norm, C.JoinType.jtRound, C.EndType.etClosedPolygon);
  const tree = new C.PolyTree();
  co.Execute(tree, delta_m * SCALE);
  return treeToRings(tree);
}
