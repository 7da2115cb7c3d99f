/**
 * A space's footprint from its space boundaries, for spaces without body geometry: the
 * IfcRelSpaceBoundary surfaces (IfcConnectionSurfaceGeometry -> IfcCurveBoundedPlane or
 * IfcPolygonalBoundedHalfSpace-free planes) that lie flat, placed in the world through the
 * plane's IfcAxis2Placement3D and the space's IfcLocalPlacement chain (IFC4 ADD2 TC1
 * § 8.9.3 IfcAxis2Placement3D, § 8.18.3 IfcLocalPlacement; IFC2x3 the same).
 */
import * as W from "npm:web-ifc@0.0.78";
import type { Point } from "../../ground/plan.ts";
import { offsetRings, unionRings } from "../../engines/geometry/clip.ts";
import { area_m2, counterClockwise, simplifyRing } from "../../engines/geometry/polygon.ts";

/** The widest gap (m) between floor pieces of one space that is closed over: a thick wall. */
export const WALL_GAP_M = 0.5;

/** A 4×4 affine transform, row-major [r0 | t0, r1 | t1, r2 | t2, 0 0 0 1] as 12 numbers. */
export type Affine = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

const IDENTITY: Affine = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/** a ∘ b: apply b, then a. */
export function compose(a: Affine, b: Affine): Affine {
  const o = new Array(12).fill(0) as Affine;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 4; c++) {
      let s = c === 3 ? a[r * 4 + 3] : 0;
      for (let k = 0; k < 3; k++) s += a[r * 4 + k] * b[k * 4 + c];
      o[r * 4 + c] = s;
    }
  }
  return o;
}

/** Applies the transform to a point. */
export function apply(m: Affine, p: [number, number, number]): [number, number, number] {
  return [0, 1, 2].map((r) =>
    m[r * 4] * p[0] + m[r * 4 + 1] * p[1] + m[r * 4 + 2] * p[2] + m[r * 4 + 3]
  ) as [
    number,
    number,
    number,
  ];
}

/**
 * The frame of an IfcAxis2Placement3D: z = Axis (default (0,0,1)), x = RefDirection projected
 * off z (default (1,0,0)), y = z × x; origin = Location. `scale` converts file units to metres.
 */
export function axisPlacement(
  location: number[],
  axis: number[] | undefined,
  refDirection: number[] | undefined,
  scale: number,
): Affine {
  const norm = (v: number[]) => {
    const l = Math.hypot(v[0], v[1], v[2]);
    return l > 0 ? v.map((x) => x / l) : v;
  };
  const z = norm(axis ?? [0, 0, 1]);
  let x = refDirection ?? (Math.abs(z[0]) > 0.9 ? [0, 1, 0] : [1, 0, 0]);
  const d = x[0] * z[0] + x[1] * z[1] + x[2] * z[2];
  x = norm([x[0] - d * z[0], x[1] - d * z[1], x[2] - d * z[2]]);
  const y = [z[1] * x[2] - z[2] * x[1], z[2] * x[0] - z[0] * x[2], z[0] * x[1] - z[1] * x[0]];
  const [lx = 0, ly = 0, lz = 0] = location;
  return [x[0], y[0], z[0], lx * scale, x[1], y[1], z[1], ly * scale, x[2], y[2], z[2], lz * scale];
}

const val = (x: any): any => (x && typeof x === "object" && "value" in x ? x.value : x);
const refOf = (x: any): number | undefined =>
  x && typeof x === "object" && x.type === 5 ? x.value : undefined;
const coords = (api: W.IfcAPI, model: number, id: number | undefined): number[] | undefined => {
  if (id === undefined) return undefined;
  const l = api.GetLine(model, id);
  const list = l.Coordinates ?? l.DirectionRatios;
  return Array.isArray(list) ? list.map((c: any) => Number(val(c))) : undefined;
};

/** World transform of an IfcAxis2Placement3D line (a 2D placement is lifted to z = 0). */
function placementOf(api: W.IfcAPI, model: number, id: number, scale: number): Affine {
  const p = api.GetLine(model, id);
  const loc = coords(api, model, refOf(p.Location)) ?? [0, 0, 0];
  const axis = coords(api, model, refOf(p.Axis));
  let ref = coords(api, model, refOf(p.RefDirection));
  if (ref && ref.length === 2) ref = [ref[0], ref[1], 0];
  return axisPlacement([loc[0] ?? 0, loc[1] ?? 0, loc[2] ?? 0], axis, ref, scale);
}

/** World transform of an IfcLocalPlacement chain (PlacementRelTo … RelativePlacement). */
export function localPlacement(
  api: W.IfcAPI,
  model: number,
  id: number | undefined,
  scale: number,
): Affine {
  let m = IDENTITY;
  const seen = new Set<number>();
  let cur = id;
  while (cur !== undefined && !seen.has(cur)) {
    seen.add(cur);
    const lp = api.GetLine(model, cur);
    const rel = refOf(lp.RelativePlacement);
    if (rel !== undefined) m = compose(placementOf(api, model, rel, scale), m);
    cur = refOf(lp.PlacementRelTo);
  }
  return m;
}

/** Points of a bounded curve: IfcPolyline, IfcCompositeCurve of polylines, IfcIndexedPolyCurve. */
function curvePoints(api: W.IfcAPI, model: number, id: number): number[][] {
  const t = api.GetLineType(model, id);
  const c = api.GetLine(model, id);
  if (t === W.IFCPOLYLINE) {
    return (c.Points ?? []).map((p: any) => coords(api, model, refOf(p)) ?? []);
  }
  if (t === W.IFCCOMPOSITECURVE) {
    const out: number[][] = [];
    for (const s of c.Segments ?? []) {
      const seg = api.GetLine(model, refOf(s)!);
      const parent = refOf(seg.ParentCurve);
      if (parent !== undefined) out.push(...curvePoints(api, model, parent));
    }
    return out;
  }
  if (t === W.IFCINDEXEDPOLYCURVE) {
    const pl = api.GetLine(model, refOf(c.Points)!);
    return (pl.CoordList ?? []).map((row: any[]) => row.map((x) => Number(val(x))));
  }
  return [];
}

/**
 * The footprint of space `spaceId` from its boundaries' flat surfaces: every IfcCurveBoundedPlane
 * whose plane is horizontal, placed in the world; the lowest ones are the floor, and the largest
 * of them is returned (plan x, y in metres), or undefined when none is usable.
 */
export function boundaryFootprint(
  api: W.IfcAPI,
  model: number,
  spaceId: number,
  boundaryIds: number[],
  scale: number,
): { ring: Point[]; z_m: number } | undefined {
  const space = api.GetLine(model, spaceId);
  const spaceM = localPlacement(api, model, refOf(space.ObjectPlacement), scale);
  const flats: { ring: Point[]; z: number }[] = [];
  for (const bid of boundaryIds) {
    const b = api.GetLine(model, bid);
    if (refOf(b.RelatingSpace) !== spaceId) continue;
    const geomId = refOf(b.ConnectionGeometry);
    if (geomId === undefined || api.GetLineType(model, geomId) !== W.IFCCONNECTIONSURFACEGEOMETRY) {
      continue;
    }
    const surfId = refOf(api.GetLine(model, geomId).SurfaceOnRelatingElement);
    if (surfId === undefined || api.GetLineType(model, surfId) !== W.IFCCURVEBOUNDEDPLANE) continue;
    const surf = api.GetLine(model, surfId);
    const planeId = refOf(surf.BasisSurface);
    const outer = refOf(surf.OuterBoundary);
    if (planeId === undefined || outer === undefined) continue;
    const posId = refOf(api.GetLine(model, planeId).Position);
    const m = compose(
      spaceM,
      posId !== undefined ? placementOf(api, model, posId, scale) : IDENTITY,
    );
    // Horizontal planes only: the plane's z axis (third column) must point up or down.
    if (Math.abs(m[10]) < 0.99) continue;
    const pts = curvePoints(api, model, outer).map((p) =>
      apply(m, [(p[0] ?? 0) * scale, (p[1] ?? 0) * scale, (p[2] ?? 0) * scale])
    );
    if (pts.length < 3) continue;
    const ring = counterClockwise(simplifyRing(pts.map((p) => [p[0], p[1]] as Point), 1e-3));
    if (ring.length >= 3) flats.push({ ring, z: Math.min(...pts.map((p) => p[2])) });
  }
  if (!flats.length) return undefined;
  const low = Math.min(...flats.map((f) => f.z));
  // 2nd-level boundaries split a floor where what lies below changes: join the pieces.
  // Pieces parted by the tops of walls below are closed over (grown, joined, shrunk back) by
  // up to WALL_GAP_M: a morphological closing, which rounds inner corners by that radius.
  const pieces = flats.filter((f) => f.z <= low + 0.05).map((f) => f.ring);
  let parts = unionRings(pieces);
  if (parts.length > 1) parts = offsetRings(offsetRings(pieces, WALL_GAP_M / 2), -WALL_GAP_M / 2);
  const joined = parts.map((rings) => rings[0]).sort((a, b) => area_m2(b) - area_m2(a))[0];
  if (!joined || joined.length < 3) return undefined;
  return { ring: counterClockwise(simplifyRing(joined, 1e-3)), z_m: low };
}
