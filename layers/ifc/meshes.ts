/**
 * Elements' meshes from web-ifc (metres, Y-up world): bounds, and a space's floor outline.
 * @module
 */
import type * as W from "npm:web-ifc@0.0.78";
import type { Point } from "../../ground/plan.ts";
import { area_m2, counterClockwise, simplifyRing } from "../../engines/geometry/polygon.ts";
import { importTick } from "./attrs.ts";
import { brepBounds, type BrepCache } from "./brep_bounds.ts";
import { LinesDropped } from "./reduce.ts";
import type { StepText } from "./step.ts";

/** The file's text and length unit, where bounds of faceted breps are read without meshing. */
export interface BoundsText {
  text: StepText;
  length_m: number;
  /**
   * Elements with openings (IfcRelVoidsElement.RelatingBuildingElement): meshed, since web-ifc
   * cuts the openings out of their meshes, which may take from their bounds.
   */
  voided: Set<number>;
  /** Where the bounds read are kept (made before web-ifc opened the file: layers/ifc/reduce.ts). */
  cache: BrepCache;
}

/**
 * Each open model's elements whose breps' lines web-ifc was not handed (layers/ifc/reduce.ts):
 * asked to mesh one, readMeshes throws {@link LinesDropped}.
 */
export const unhanded = new Map<number, Set<number>>();

/** A mesh reduced to what the importer needs: world bounds (Y-up) and, for spaces, triangles. */
export interface MeshInfo {
  min: [number, number, number];
  max: [number, number, number];
  /** Triangles as 9 numbers each (x,y,z ×3, Y-up world metres); only kept for spaces. */
  tris?: Float64Array;
}

/**
 * Reads all meshes of the given elements: bounds, and triangles for those in `keepTris`. With
 * `fromText`, the bounds of an element without triangles whose body is only faceted breps are
 * read from the text instead (layers/ifc/brep_bounds.ts; issue 29, i33), the rest meshed.
 */
export function readMeshes(
  api: W.IfcAPI,
  model: number,
  elements: number[],
  keepTris: Set<number>,
  fromText?: BoundsText,
): Map<number, MeshInfo> {
  // Only the elements asked for (issue 29): streaming their types meshed every element of
  // each (every slab, when a stair's landing is one) to keep a few.
  const wanted = new Set(elements);
  const out = new Map<number, MeshInfo>();
  if (fromText) {
    for (const el of wanted) {
      if (keepTris.has(el) || fromText.voided.has(el)) continue;
      const b = brepBounds(fromText.text, el, fromText.length_m, fromText.cache);
      if (b) out.set(el, b), wanted.delete(el);
    }
  }
  if (!wanted.size) return out;
  const dropped = unhanded.get(model);
  for (const el of dropped ? wanted : []) if (dropped!.has(el)) throw new LinesDropped(el);
  // Each geometry's vertices (and indices, once asked for) read once (issue 29, i32): web-ifc's
  // GetGeometry copies the whole geometry out at every call, and a type's geometry is placed
  // once for each of its occurrences (FZK-Haus: 185 placements of 134 geometries).
  const geometries = new Map<number, { vd: Float32Array; ix?: Uint32Array }>();
  const geometry = (id: number, withIndices: boolean) => {
    let got = geometries.get(id);
    if (got && (got.ix || !withIndices)) return got;
    const g = api.GetGeometry(model, id);
    got = {
      vd: got?.vd ?? api.GetVertexArray(g.GetVertexData(), g.GetVertexDataSize()),
      ix: withIndices ? api.GetIndexArray(g.GetIndexData(), g.GetIndexDataSize()) : undefined,
    };
    g.delete();
    geometries.set(id, got);
    return got;
  };
  api.StreamMeshes(model, [...wanted], (mesh) => {
    if (!wanted.has(mesh.expressID)) return;
    const info: MeshInfo = out.get(mesh.expressID) ??
      { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
    // Triangles gathered in one growing array (issue 29: not a number[] copied each mesh).
    let tris = keepTris.has(mesh.expressID) ? info.tris ?? new Float64Array(0) : undefined;
    let n = tris?.length ?? 0;
    for (let i = 0; i < mesh.geometries.size(); i++) {
      importTick();
      const pg = mesh.geometries.get(i);
      const keep = keepTris.has(mesh.expressID);
      const { vd, ix } = geometry(pg.geometryExpressID, keep);
      const T = pg.flatTransformation;
      const world = keep ? new Float64Array((vd.length / 6) * 3) : undefined;
      const lo = info.min, hi = info.max;
      for (let k = 0, j = 0; k < vd.length; k += 6, j += 3) {
        const x = vd[k], y = vd[k + 1], z = vd[k + 2];
        const p0 = T[0] * x + T[4] * y + T[8] * z + T[12];
        const p1 = T[1] * x + T[5] * y + T[9] * z + T[13];
        const p2 = T[2] * x + T[6] * y + T[10] * z + T[14];
        if (world) world[j] = p0, world[j + 1] = p1, world[j + 2] = p2;
        if (p0 < lo[0]) lo[0] = p0;
        if (p1 < lo[1]) lo[1] = p1;
        if (p2 < lo[2]) lo[2] = p2;
        if (p0 > hi[0]) hi[0] = p0;
        if (p1 > hi[1]) hi[1] = p1;
        if (p2 > hi[2]) hi[2] = p2;
      }
      if (world && tris && ix) {
        if (n + 3 * ix.length > tris.length) {
          const grown = new Float64Array(Math.max(n + 3 * ix.length, 2 * tris.length));
          grown.set(tris.subarray(0, n));
          tris = grown;
        }
        for (let q = 0; q < ix.length; q++) {
          const t = ix[q] * 3;
          tris[n++] = world[t], tris[n++] = world[t + 1], tris[n++] = world[t + 2];
        }
      }
    }
    if (tris) info.tris = tris.length === n ? tris : tris.slice(0, n);
    if (Number.isFinite(info.min[0])) out.set(mesh.expressID, info);
  });
  return out;
}

/**
 * A space's footprint from its mesh: the outline of its lowest horizontal faces (triangles whose
 * three corners lie within 1 cm of the mesh's lowest point), by cancelling the edges shared by
 * two triangles and chaining the rest; the largest loop is kept. Plan = (x, −z) of the Y-up mesh.
 * Returns the ring and the area of the floor triangles, to compare.
 */
export function meshFootprint(tris: Float64Array): { ring: Point[]; faces_m2: number } | undefined {
  let minY = Infinity;
  for (let i = 1; i < tris.length; i += 3) minY = Math.min(minY, tris[i]);
  const key = (x: number, y: number) => `${Math.round(x * 1e4)},${Math.round(y * 1e4)}`;
  const pts = new Map<string, Point>();
  const directed = new Map<string, number>();
  let faces = 0;
  for (let t = 0; t < tris.length; t += 9) {
    importTick();
    if (
      Math.abs(tris[t + 1] - minY) > 0.01 || Math.abs(tris[t + 4] - minY) > 0.01 ||
      Math.abs(tris[t + 7] - minY) > 0.01
    ) continue;
    const p: Point[] = [[tris[t], -tris[t + 2]], [tris[t + 3], -tris[t + 5]], [
      tris[t + 6],
      -tris[t + 8],
    ]];
    const a = (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[2][0] - p[0][0]) * (p[1][1] - p[0][1]);
    if (Math.abs(a) < 1e-10) continue;
    faces += Math.abs(a) / 2;
    // Orient every floor triangle counter-clockwise so shared edges run opposite ways.
    const ordered = a > 0 ? p : [p[0], p[2], p[1]];
    const ks = ordered.map((q) => {
      const k = key(q[0], q[1]);
      pts.set(k, q);
      return k;
    });
    for (let e = 0; e < 3; e++) {
      const from = ks[e], to = ks[(e + 1) % 3];
      const rev = `${to}>${from}`;
      const n = directed.get(rev);
      if (n) n > 1 ? directed.set(rev, n - 1) : directed.delete(rev);
      else directed.set(`${from}>${to}`, (directed.get(`${from}>${to}`) ?? 0) + 1);
    }
  }
  if (!directed.size) return undefined;
  const next = new Map<string, string[]>();
  for (const e of directed.keys()) {
    const [a, b] = e.split(">");
    (next.get(a) ?? next.set(a, []).get(a)!).push(b);
  }
  let best: Point[] | undefined;
  let bestArea = 0;
  while (next.size) {
    const start = next.keys().next().value as string;
    const loop: string[] = [start];
    let cur = start;
    for (let guard = 0; guard < 100000; guard++) {
      const outs = next.get(cur);
      if (!outs || !outs.length) break;
      const nx = outs.pop()!;
      if (!outs.length) next.delete(cur);
      if (nx === start) break;
      loop.push(nx);
      cur = nx;
    }
    if (loop.length >= 3) {
      const ring = loop.map((k) => pts.get(k)!);
      const a = area_m2(ring);
      if (a > bestArea) bestArea = a, best = ring;
    }
    if (next.get(start)?.length === 0) next.delete(start);
  }
  if (!best) return undefined;
  return { ring: counterClockwise(simplifyRing(best, 1e-3)), faces_m2: faces };
}
