/**
 * An element's world bounds read from the STEP text, without web-ifc's meshing, where its body
 * is only faceted breps (issue 29: web-ifc triangulates every face of a railing or a window's
 * frame to give 8 numbers the plan uses; FZK-Haus's two railings, two windows and two doors
 * are about 3/4 of its meshing time). IFC4 ADD2 TC1 / IFC2x3 TC1:
 * - IfcProduct.ObjectPlacement, an IfcLocalPlacement (PlacementRelTo, RelativePlacement): the
 *   placement is the parent's placement times the relative one (IFC4 § 8.18.3.8);
 * - IfcAxis2Placement3D (Location, Axis, RefDirection): Z = Axis (default (0,0,1)), X = the
 *   part of RefDirection (default (1,0,0)) orthogonal to Z, Y = Z × X (§ 8.9.3.4, its
 *   functions IfcBuildAxes / IfcFirstProjAxis / IfcBaseAxis);
 * - IfcMappedItem (MappingSource, MappingTarget): the IfcRepresentationMap's items placed by
 *   MappingTarget · MappingOrigin, where MappingTarget is an
 *   IfcCartesianTransformationOperator3D (Axis1, Axis2, LocalOrigin, Scale, Axis3): read only
 *   where it states no axes, so X, Y, Z times Scale at LocalOrigin (§ 8.15.3.3, § 8.9.3.11);
 * - IfcFacetedBrep (Outer: IfcClosedShell of IfcFace, each bounded by IfcPolyLoop points): the
 *   solid's vertices are its loops' IfcCartesianPoints (§ 8.8.3.22), so its bounds are theirs.
 * Any other item, placement or representation (but a "Box" IfcBoundingBox and a "FootPrint"
 * IfcGeometricCurveSet, which web-ifc's meshes of FZK-Haus's doors and windows leave out too)
 * gives undefined: the caller meshes that element.
 * @module
 */
import {
  type StepInstance,
  stepInstance,
  stepNumber,
  stepRef,
  stepRefs,
  type StepText,
} from "./step.ts";

/** World bounds as layers/ifc/meshes.ts keeps them (metres, Y up). */
export interface BrepBounds {
  min: [number, number, number];
  max: [number, number, number];
}

/** A 3×4 affine map, column by column: X axis, Y axis, Z axis, origin. */
type Affine = Float64Array;

/**
 * What one file's reads keep: each brep's points, each placement's map (null: not read), each
 * element's bounds in the file's length unit (null: not read), and the lines each read went
 * through (layers/ifc/reduce.ts drops those web-ifc then need not read: issue 29, i37).
 */
export interface BrepCache {
  points: Map<number, Float64Array | null>;
  placements: Map<number, Affine | null>;
  bounds: Map<number, BrepBounds | null>;
  /** An element's representation lines read (shape, representations, mapped items, breps). */
  chains: Map<number, number[]>;
  /**
   * A brep's shell, faces, bounds, loops and distinct points, as read: each one's id and the
   * end of its line where it holds that instance alone, all read (else -1).
   */
  lines: Map<number, Int32Array>;
}

/** An empty {@link BrepCache}, for the elements of one file. */
export function brepCache(): BrepCache {
  return {
    points: new Map(),
    placements: new Map(),
    bounds: new Map(),
    chains: new Map(),
    lines: new Map(),
  };
}

const IDENTITY: Affine = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);

/** a · b. */
function compose(a: Affine, b: Affine): Affine {
  const o = new Float64Array(12);
  for (let c = 0; c < 4; c++) {
    const x = b[3 * c], y = b[3 * c + 1], z = b[3 * c + 2];
    for (let r = 0; r < 3; r++) {
      o[3 * c + r] = a[r] * x + a[3 + r] * y + a[6 + r] * z + (c === 3 ? a[9 + r] : 0);
    }
  }
  return o;
}

const POW10 = [
  1,
  1e1,
  1e2,
  1e3,
  1e4,
  1e5,
  1e6,
  1e7,
  1e8,
  1e9,
  1e10,
  1e11,
  1e12,
  1e13,
  1e14,
  1e15,
  1e16,
  1e17,
  1e18,
  1e19,
  1e20,
  1e21,
  1e22,
];

/**
 * The REAL at [a, b) (ISO 10303-21 § 12.1.2), rounded as Number() rounds it: digits as one
 * integer divided by a power of ten is one correctly rounded division while both are exact
 * (integer < 2^53, power ≤ 10^22); anything else is read by Number(). NaN when not a number.
 */
function realAt(bytes: Uint8Array, a: number, b: number): number {
  let i = a, neg = false;
  if (bytes[i] === 0x2d || bytes[i] === 0x2b) neg = bytes[i++] === 0x2d;
  let mant = 0, digits = 0, frac = 0, dot = false;
  for (; i < b; i++) {
    const d = bytes[i] - 0x30;
    if (d >= 0 && d <= 9) {
      mant = mant * 10 + d, digits++;
      if (dot) frac++;
    } else if (bytes[i] === 0x2e && !dot) dot = true;
    else break;
  }
  if (!digits) return NaN;
  if (i === b && mant <= Number.MAX_SAFE_INTEGER && frac <= 22) {
    const v = mant / POW10[frac];
    return neg ? -v : v;
  }
  const text = String.fromCharCode.apply(null, bytes.subarray(a, b) as unknown as number[]);
  return /^[+-]?[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?$/.test(text) ? Number(text) : NaN;
}

/** Argument k as a list of REALs `(x, y, z)`; undefined for anything else. */
function reals(t: StepText, inst: StepInstance, k: number): number[] | undefined {
  if (2 * k + 1 >= inst.args.length) return undefined;
  const { bytes } = t;
  let a = inst.args[2 * k], b = inst.args[2 * k + 1];
  while (a < b && bytes[a] <= 0x20) a++;
  while (b > a && bytes[b - 1] <= 0x20) b--;
  if (bytes[a] !== 0x28 || bytes[b - 1] !== 0x29) return undefined;
  const out: number[] = [];
  for (let i = a + 1; i < b - 1;) {
    while (i < b - 1 && bytes[i] <= 0x20) i++;
    let j = i;
    while (j < b - 1 && bytes[j] !== 0x2c && bytes[j] > 0x20) j++;
    const v = realAt(bytes, i, j);
    if (Number.isNaN(v)) return undefined;
    out.push(v);
    while (j < b - 1 && bytes[j] <= 0x20) j++;
    if (j < b - 1 && bytes[j] !== 0x2c) return undefined;
    i = j + 1;
  }
  return out;
}

/** Instance `id` if it is the entity `name` as written (upper case, ISO 10303-21 § 6.4.2). */
function entity(t: StepText, id: number | null | undefined, name: string) {
  if (typeof id !== "number") return undefined;
  const inst = stepInstance(t, id);
  return inst && inst.name === name ? inst : undefined;
}

/** An IfcCartesianPoint's or IfcDirection's three numbers (2D: z = 0); undefined if other. */
function triple(t: StepText, id: number | null | undefined, name: string): number[] | undefined {
  const inst = entity(t, id, name);
  const v = inst && reals(t, inst, 0);
  if (!v || v.length < 2 || v.length > 3) return undefined;
  return v.length === 2 ? [v[0], v[1], 0] : v;
}

const unit = (v: number[]) => {
  const n = Math.hypot(v[0], v[1], v[2]);
  return n > 0 ? [v[0] / n, v[1] / n, v[2] / n] : undefined;
};

/** IfcBuildAxes(Axis, RefDirection): X, Y, Z of a right-handed frame. */
function axes(z0: number[] | undefined, x0: number[] | undefined): number[][] | undefined {
  const z = unit(z0 ?? [0, 0, 1]);
  // IfcFirstProjAxis: no RefDirection is (1,0,0), or (0,1,0) where Z is (1,0,0).
  const r = unit(x0 ?? (z && z[0] === 1 && z[1] === 0 && z[2] === 0 ? [0, 1, 0] : [1, 0, 0]));
  if (!z || !r) return undefined;
  const d = r[0] * z[0] + r[1] * z[1] + r[2] * z[2];
  const x = unit([r[0] - d * z[0], r[1] - d * z[1], r[2] - d * z[2]]);
  if (!x) return undefined;
  const y = [z[1] * x[2] - z[2] * x[1], z[2] * x[0] - z[0] * x[2], z[0] * x[1] - z[1] * x[0]];
  return [x, y, z];
}

/** An IfcAxis2Placement3D as an affine map; undefined for anything else. */
function axis2Placement(t: StepText, id: number | null | undefined): Affine | undefined {
  const inst = entity(t, id, "IFCAXIS2PLACEMENT3D");
  if (!inst) return undefined;
  const o = triple(t, stepRef(t, inst, 0), "IFCCARTESIANPOINT");
  const zr = stepRef(t, inst, 1), xr = stepRef(t, inst, 2);
  const z = zr === null ? undefined : triple(t, zr, "IFCDIRECTION");
  const x = xr === null ? undefined : triple(t, xr, "IFCDIRECTION");
  if (!o || (zr !== null && !z) || (xr !== null && !x)) return undefined;
  const f = axes(z, x);
  return f && new Float64Array([...f[0], ...f[1], ...f[2], ...o]);
}

/** An IfcLocalPlacement chain as one affine map; undefined for anything else. */
function placement(
  t: StepText,
  id: number | null | undefined,
  cache: BrepCache,
  depth = 0,
): Affine | undefined {
  if (id === null) return IDENTITY;
  if (typeof id !== "number") return undefined;
  const known = cache.placements.get(id);
  if (known !== undefined) return known ?? undefined;
  const inst = entity(t, id, "IFCLOCALPLACEMENT");
  if (!inst || depth > 64) return undefined;
  const rel = stepRef(t, inst, 0);
  const parent = rel === null ? IDENTITY : placement(t, rel, cache, depth + 1);
  const own = axis2Placement(t, stepRef(t, inst, 1));
  const got = parent && own && compose(parent, own);
  cache.placements.set(id, got ?? null);
  return got;
}

/**
 * An IfcCartesianTransformationOperator3D as an affine map: its LocalOrigin and Scale, where it
 * states no axes (IfcBaseAxis then gives X, Y, Z). Stated axes are not read here: web-ifc takes
 * them as written, not as IfcBaseAxis makes them (tests/layers/ifc_brep_bounds_test.ts).
 */
function operator(t: StepText, id: number | null | undefined): Affine | undefined {
  const inst = entity(t, id, "IFCCARTESIANTRANSFORMATIONOPERATOR3D");
  if (!inst) return undefined;
  if ([0, 1, 4].some((k) => stepRef(t, inst, k) !== null)) return undefined;
  const o = triple(t, stepRef(t, inst, 2), "IFCCARTESIANPOINT");
  const s = stepNumber(t, inst, 3);
  if (!o || s === undefined || (s !== null && !(s > 0))) return undefined;
  const k = s ?? 1;
  return new Float64Array([k, 0, 0, 0, k, 0, 0, 0, k, ...o]);
}

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const BREP = ascii("IFCFACETEDBREP"), SHELL = ascii("IFCCLOSEDSHELL"), FACE = ascii("IFCFACE");
const OUTER = ascii("IFCFACEOUTERBOUND"), BOUND = ascii("IFCFACEBOUND");
const LOOP = ascii("IFCPOLYLOOP"), POINT = ascii("IFCCARTESIANPOINT");
/** Tab, CR, LF or space: checkIfcLines refused every other byte below 0x21 ahead of this. */
const white = (b: number) => b <= 0x20;

/** Just past `#id = NAME(` when instance `id` is the entity `name` as written; else -1. */
function opened(t: StepText, id: number, name: Uint8Array): number {
  const b = t.bytes, n = b.length;
  let i = t.index.offsetOf(id);
  if (i < 0) return -1;
  while (i < n && b[i] !== 0x3d) i++;
  for (i++; i < n && b[i] <= 0x20;) i++;
  const m = name.length;
  if (i + m > n) return -1;
  for (let k = 0; k < m; k++) if (b[i + k] !== name[k]) return -1;
  for (i += m; i < n && b[i] <= 0x20;) i++;
  return b[i] === 0x28 ? i + 1 : -1;
}

/** Where the last {@link refAt} or {@link refsAt} stopped. */
let at = 0;

/** `#n` at i (after white space): n, or -1; {@link at} past it. */
function refAt(b: Uint8Array, i: number): number {
  const n = b.length;
  while (i < n && b[i] <= 0x20) i++;
  if (b[i] !== 0x23) return -1;
  const from = ++i;
  let id = 0;
  for (let d = b[i] - 0x30; d >= 0 && d <= 9 && i - from < 10; d = b[++i] - 0x30) id = id * 10 + d;
  at = i;
  return i > from ? id : -1;
}

/** `(#a, #b, …)` at i (after white space) into `out`; false for anything else. */
function refsAt(b: Uint8Array, i: number, out: number[]): boolean {
  out.length = 0;
  const n = b.length;
  while (i < n && b[i] <= 0x20) i++;
  if (b[i] !== 0x28) return false;
  for (i++;;) {
    const r = refAt(b, i);
    if (r < 0) return false;
    out.push(r);
    for (i = at; i < n && b[i] <= 0x20;) i++;
    if (b[i] === 0x29) return at = i + 1, true;
    if (b[i++] !== 0x2c) return false;
  }
}

/**
 * The REAL starting at i, as {@link realAt} reads it (so as Number() reads it:
 * tests/layers/ifc_brep_bounds_test.ts compares every number of the samples), ending at `,`,
 * `)` or white space; {@link at} at its end. The integer digits, the point and the fraction's
 * digits are read in one pass straight from the bytes, no string made; anything else (an
 * exponent, more than 2^53 as digits, more than 22 places) goes to realAt.
 */
export function realFrom(b: Uint8Array, i: number): number {
  const a = i, n = b.length;
  const neg = b[i] === 0x2d;
  if (neg || b[i] === 0x2b) i++;
  const d0 = i;
  let mant = 0, d = 0;
  while (i < n && (d = b[i] - 0x30) >= 0 && d <= 9) mant = mant * 10 + d, i++;
  let digits = i - d0, places = 0;
  if (b[i] === 0x2e) { // "."
    const f = ++i;
    while (i < n && (d = b[i] - 0x30) >= 0 && d <= 9) mant = mant * 10 + d, i++;
    places = i - f;
    digits += places;
  }
  const c = b[i];
  if (
    (c === 0x2c || c === 0x29 || c <= 0x20) && digits && places <= 22 &&
    mant <= Number.MAX_SAFE_INTEGER
  ) {
    at = i;
    const v = mant / POW10[places];
    return neg ? -v : v;
  }
  while (i < n && b[i] !== 0x2c && b[i] !== 0x29 && !white(b[i])) i++;
  at = i;
  return realAt(b, a, i);
}

/** Where {@link realFrom} last stopped (for tests). */
export const realEnd = (): number => at;

/** The points {@link pointAt} read for the brep being read: x y z each, XYZ_N numbers. */
let XYZ = new Float64Array(3 << 12);
let XYZ_N = 0;

/** `(x, y, z)` or `(x, y)` at i (after white space) appended to {@link XYZ}; false if other. */
function pointAt(b: Uint8Array, i: number): boolean {
  if (XYZ_N + 3 > XYZ.length) {
    const grown = new Float64Array(2 * XYZ.length);
    grown.set(XYZ);
    XYZ = grown;
  }
  const n = b.length;
  while (i < n && white(b[i])) i++;
  if (b[i++] !== 0x28) return false;
  let k = 0;
  for (;; k++) {
    while (i < n && white(b[i])) i++;
    const v = realFrom(b, i);
    if (Number.isNaN(v) || k > 2) return false;
    XYZ[XYZ_N + k] = v;
    let j = at;
    while (j < n && white(b[j])) j++;
    if (b[j] === 0x29) {
      at = j + 1; // past the list, for lineEnd
      break;
    }
    if (b[j] !== 0x2c) return false;
    i = j + 1;
  }
  if (k === 0) return false;
  if (k === 1) XYZ[XYZ_N + 2] = 0;
  XYZ_N += 3;
  return true;
}

/** The brep each point id was last read for (ids below 2^22; others in FAR). */
let MARKS = new Int32Array(1 << 16);
const FAR = new Map<number, number>();
let STAMP = 0;
const grow = (p: number) => {
  const m = new Int32Array(Math.max(2 * MARKS.length, p + 1));
  m.set(MARKS);
  MARKS = m;
};

/**
 * A faceted brep's distinct points (local coordinates, x y z each), once read: read from the
 * bytes as they are written (`#n=IFCFACE((#b));`), where anything else gives undefined.
 */
function brepPoints(t: StepText, id: number, { points: cache, lines }: BrepCache) {
  if (cache.has(id)) return cache.get(id) ?? undefined;
  const b = t.bytes;
  let got: Float64Array | undefined;
  IDS_N = 0;
  read: {
    let i = opened(t, id, BREP);
    const shell = i < 0 ? -1 : refAt(b, i);
    i = shell < 0 ? -1 : opened(t, shell, SHELL);
    const faces: number[] = [], bounds: number[] = [], pts: number[] = [];
    if (i < 0 || !refsAt(b, i, faces)) break read;
    seen(shell, -1);
    XYZ_N = 0;
    if (STAMP === 0x7fffffff) MARKS.fill(0), FAR.clear(), STAMP = 0;
    const stamp = ++STAMP;
    for (const f of faces) {
      i = opened(t, f, FACE);
      if (i < 0 || !refsAt(b, i, bounds)) break read;
      seen(f, lineEnd(b, at));
      for (const fb of bounds) {
        i = opened(t, fb, OUTER);
        if (i < 0) i = opened(t, fb, BOUND);
        const loop = i < 0 ? -1 : refAt(b, i);
        const boundEnd = loop < 0 ? -1 : lineEnd(b, flag(b, at));
        i = loop < 0 ? -1 : opened(t, loop, LOOP);
        if (i < 0 || !refsAt(b, i, pts) || pts.length < 3) break read;
        seen(fb, boundEnd), seen(loop, lineEnd(b, at));
        for (const p of pts) {
          if (p < MARKS.length ? MARKS[p] === stamp : FAR.get(p) === stamp) continue;
          if (p < MARKS.length) MARKS[p] = stamp;
          else if (p < 1 << 22) grow(p), MARKS[p] = stamp;
          else FAR.set(p, stamp);
          i = opened(t, p, POINT);
          if (i < 0 || !pointAt(b, i)) break read;
          seen(p, lineEnd(b, at));
        }
      }
    }
    if (XYZ_N) got = XYZ.slice(0, XYZ_N), lines.set(id, IDS.slice(0, IDS_N));
  }
  cache.set(id, got ?? null);
  return got;
}

/**
 * The lines {@link brepPoints} read for the brep being read, IDS_N numbers: each one's id and
 * where its line ends ({@link lineEnd}).
 */
let IDS = new Int32Array(1 << 12);
let IDS_N = 0;
const seen = (id: number, end: number) => {
  if (IDS_N + 2 > IDS.length) {
    const grown = new Int32Array(2 * IDS.length);
    grown.set(IDS);
    IDS = grown;
  }
  IDS[IDS_N++] = id, IDS[IDS_N++] = end;
};

/** Space, tab or CR. */
const blank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d;

/**
 * Past the LF (or at the end of the bytes) where an instance read up to its last argument's
 * end at i closes there, `);` and nothing else on its line (so the line holds that instance
 * alone, all of it read); -1 for anything else.
 */
function lineEnd(b: Uint8Array, i: number): number {
  const n = b.length;
  if (i < 0) return -1;
  while (i < n && blank(b[i])) i++;
  if (b[i++] !== 0x29) return -1; // )
  while (i < n && blank(b[i])) i++;
  if (b[i++] !== 0x3b) return -1; // ;
  while (i < n && blank(b[i])) i++;
  return i >= n ? n : b[i] === 0x0a ? i + 1 : -1;
}

/** Past `, .T.` or `, .F.` at i (an IfcFaceBound's Orientation); -1 for anything else. */
function flag(b: Uint8Array, i: number): number {
  const n = b.length;
  while (i < n && blank(b[i])) i++;
  if (b[i++] !== 0x2c) return -1;
  while (i < n && blank(b[i])) i++;
  if (b[i] !== 0x2e || (b[i + 1] !== 0x54 && b[i + 1] !== 0x46) || b[i + 2] !== 0x2e) return -1;
  return i + 3;
}

/** The breps of a representation item, each with its map into the product's frame. */
function itemBreps(
  t: StepText,
  item: number,
  at: Affine,
  out: [number, Affine][],
  chain: number[],
  depth = 0,
): boolean {
  const inst = stepInstance(t, item);
  const name = inst?.name;
  if (!inst || depth > 8) return false;
  chain.push(item);
  if (name === "IFCFACETEDBREP") return out.push([item, at]), true;
  if (name !== "IFCMAPPEDITEM") return false;
  const map = entity(t, stepRef(t, inst, 0), "IFCREPRESENTATIONMAP");
  const target = operator(t, stepRef(t, inst, 1));
  const origin = map && axis2Placement(t, stepRef(t, map, 0));
  const rep = map && entity(t, stepRef(t, map, 1), "IFCSHAPEREPRESENTATION");
  const items = rep && stepRefs(t, rep, 3);
  if (!target || !origin || !items) return false;
  chain.push(stepRef(t, inst, 0)!, stepRef(t, map, 1)!);
  const placed = compose(at, compose(target, origin));
  return items.every((i) => itemBreps(t, i, placed, out, chain, depth + 1));
}

/** Representations web-ifc leaves out of a product's mesh, by identifier and item. */
const UNMESHED: Record<string, string> = {
  Box: "IFCBOUNDINGBOX",
  FootPrint: "IFCGEOMETRICCURVESET",
};

/**
 * Element `el`'s bounds in web-ifc's frame (metres, Y up: (x, y, z) = IFC (x, z, −y)), from its
 * placement and faceted breps; undefined when anything in them is not read here.
 * `length_m`: the file's length unit. The bounds are read once in the file's unit (kept in
 * `cache`, so that they can be read before the unit is known: layers/ifc/reduce.ts) and then
 * scaled: rounding is monotonic, so the least and greatest of the scaled coordinates are the
 * scaled least and greatest.
 */
export function brepBounds(
  t: StepText,
  el: number,
  length_m: number,
  cache: BrepCache,
): BrepBounds | undefined {
  let b = cache.bounds.get(el);
  if (b === undefined) cache.bounds.set(el, b = unitBounds(t, el, cache) ?? null);
  if (!b) return undefined;
  const s = (v: number) => v * length_m;
  return { min: b.min.map(s) as BrepBounds["min"], max: b.max.map(s) as BrepBounds["max"] };
}

/** {@link brepBounds} in the file's length unit; the lines read kept in `cache.chains`. */
function unitBounds(t: StepText, el: number, cache: BrepCache): BrepBounds | undefined {
  const inst = stepInstance(t, el);
  if (!inst) return undefined;
  const at = placement(t, stepRef(t, inst, 5), cache);
  const shapeId = stepRef(t, inst, 6);
  const shape = entity(t, shapeId, "IFCPRODUCTDEFINITIONSHAPE");
  const reps = shape && stepRefs(t, shape, 2);
  if (!at || !reps) return undefined;
  const breps: [number, Affine][] = [];
  const chain = [shapeId!];
  for (const r of reps) {
    const rep = entity(t, r, "IFCSHAPEREPRESENTATION");
    const items = rep && stepRefs(t, rep, 3);
    if (!rep || !items) return undefined;
    const ident = t.bytes.subarray(rep.args[2], rep.args[3]);
    const id = String.fromCharCode.apply(null, ident as unknown as number[]).trim();
    const skip = UNMESHED[id.slice(1, -1)];
    if (skip && id.startsWith("'")) {
      if (items.every((i) => stepInstance(t, i)?.name === skip)) continue;
      return undefined;
    }
    if (id !== "'Body'") return undefined;
    chain.push(r);
    if (!items.every((i) => itemBreps(t, i, at, breps, chain))) return undefined;
  }
  if (!breps.length) return undefined;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (const [b, m] of breps) {
    const p = brepPoints(t, b, cache);
    if (!p) return undefined;
    for (let k = 0; k < p.length; k += 3) {
      const x = p[k], y = p[k + 1], z = p[k + 2];
      const X = m[0] * x + m[3] * y + m[6] * z + m[9];
      const Y = m[1] * x + m[4] * y + m[7] * z + m[10];
      const Z = m[2] * x + m[5] * y + m[8] * z + m[11];
      // web-ifc's frame: (X, Z, −Y).
      if (X < lo[0]) lo[0] = X;
      if (X > hi[0]) hi[0] = X;
      if (Z < lo[1]) lo[1] = Z;
      if (Z > hi[1]) hi[1] = Z;
      if (-Y < lo[2]) lo[2] = -Y;
      if (-Y > hi[2]) hi[2] = -Y;
    }
  }
  cache.chains.set(el, chain);
  return { min: lo as BrepBounds["min"], max: hi as BrepBounds["max"] };
}
