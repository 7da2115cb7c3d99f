/**
 * IFC (IFC2X3, IFC4) -> plan, through web-ifc (npm:web-ifc, ThatOpen/engine_web-ifc). Entities
 * and attributes follow the IFC specifications (buildingSMART IFC4 ADD2 TC1 / IFC2x3 TC1):
 * IfcBuildingStorey.Elevation, IfcSpace (Name, LongName), Qto_SpaceBaseQuantities /
 * "BaseQuantities" (FinishCeilingHeight, Height, GrossFloorArea …), IfcDoor/IfcWindow
 * OverallWidth/OverallHeight, IfcRelSpaceBoundary (RelatingSpace, RelatedBuildingElement,
 * InternalOrExternalBoundary), IfcStair/IfcStairFlight (NumberOfRisers|NumberOfRiser,
 * NumberOfTreads, RiserHeight, TreadLength), IfcUnitAssignment (IfcSIUnit prefixes,
 * IfcConversionBasedUnit), IfcSite RefLatitude/RefLongitude (IfcCompoundPlaneAngleMeasure) and
 * IfcGeometricRepresentationContext.TrueNorth. Geometry comes from web-ifc's meshes, which are
 * in metres in a Y-up frame: a mesh point (x, y, z) is IFC world (x, −z, y), so plan = (x, −z).
 */
import * as W from "npm:web-ifc@0.0.78";
import { InputError } from "../../ground/errors.ts";
import { checkIfcLines } from "./lines.ts";
import type { PlanInput, Point, RoomLabel } from "../../ground/plan.ts";
import type { ImportReport } from "../types.ts";
import {
  area_m2,
  counterClockwise,
  pointInRing,
  ringDistance_m,
  round4,
  simplifyRing,
} from "../../engines/geometry/polygon.ts";
import { roomLabelFromName } from "../room_labels.ts";
import { boundaryFootprint } from "./boundary.ts";
import { checkIfcHeader } from "./header.ts";
import { ticker } from "../../ground/budget.ts";

/** The import's time limit, checked in the loops that grow with the file (layers/mod.ts). */
const importTick = ticker(64);

let apiReady: Promise<W.IfcAPI> | undefined;

/** The shared web-ifc instance (single-threaded WASM from the npm package, no network). */
export function ifcApi(): Promise<W.IfcAPI> {
  apiReady ??= (async () => {
    const api = new W.IfcAPI();
    await api.Init(undefined, true);
    api.SetLogLevel(W.LogLevel.LOG_LEVEL_OFF);
    return api;
  })();
  return apiReady;
}

/** SI prefixes (IfcSIPrefix) as powers of ten. */
const SI_PREFIX: Record<string, number> = {
  EXA: 1e18,
  PETA: 1e15,
  TERA: 1e12,
  GIGA: 1e9,
  MEGA: 1e6,
  KILO: 1e3,
  HECTO: 1e2,
  DECA: 1e1,
  DECI: 1e-1,
  CENTI: 1e-2,
  MILLI: 1e-3,
  MICRO: 1e-6,
  NANO: 1e-9,
  PICO: 1e-12,
  FEMTO: 1e-15,
  ATTO: 1e-18,
};

/** Project units as factors to SI: metres per length unit, m² per area unit, m³ per volume unit. */
export interface IfcUnits {
  length_m: number;
  area_m2: number;
  volume_m3: number;
  /** How the length unit was found, for the report ("MILLI METRE"). */
  length_name: string;
  /** True when the file states no length unit and metres were assumed. */
  assumed: boolean;
}

/** A mesh reduced to what the importer needs: world bounds (Y-up) and, for spaces, triangles. */
interface MeshInfo {
  min: [number, number, number];
  max: [number, number, number];
  /** Triangles as 9 numbers each (x,y,z ×3, Y-up world metres); only kept for spaces. */
  tris?: Float64Array;
}

type Line = Record<string, any>;

/** The value inside a web-ifc attribute wrapper ({value}, numbers, enums, refs). */
function v(x: any): any {
  if (x === null || x === undefined) return undefined;
  if (typeof x !== "object" || Array.isArray(x)) return x;
  if ("value" in x) return x.value;
  if ("_representationValue" in x) return x._representationValue;
  return undefined;
}
const str = (x: any): string | undefined => {
  const s = v(x);
  return typeof s === "string" && s.trim() ? s.trim() : undefined;
};
const numv = (x: any): number | undefined => {
  const n = v(x);
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
};
const ref = (x: any): number | undefined => {
  if (x && typeof x === "object" && x.type === 5 && typeof x.value === "number") return x.value;
  return undefined;
};
const refs = (x: any): number[] =>
  Array.isArray(x) ? x.map(ref).filter((n): n is number => n !== undefined) : [];

function ids(api: W.IfcAPI, model: number, type: number, inherited = false): number[] {
  const vec = api.GetLineIDsWithType(model, type, inherited);
  const out: number[] = [];
  for (let i = 0; i < vec.size(); i++) out.push(vec.get(i));
  return out;
}

/** Reads the project's units (IfcProject.UnitsInContext); metres when none is stated. */
export function readUnits(api: W.IfcAPI, model: number): IfcUnits {
  const out: IfcUnits = {
    length_m: 1,
    area_m2: 1,
    volume_m3: 1,
    length_name: "METRE (assumed)",
    assumed: true,
  };
  const project = ids(api, model, W.IFCPROJECT)[0];
  if (project === undefined) return out;
  const p = api.GetLine(model, project);
  const ua = ref(p.UnitsInContext);
  if (ua === undefined) return out;
  const siFactor = (u: Line): number => {
    const prefix = v(u.Prefix);
    return prefix ? SI_PREFIX[prefix] ?? 1 : 1;
  };
  const unitFactor = (id: number, power: number): { f: number; name: string } | undefined => {
    const u = api.GetLine(model, id);
    const t = api.GetLineType(model, id);
    if (t === W.IFCSIUNIT) {
      return { f: Math.pow(siFactor(u), power), name: `${v(u.Prefix) ?? ""} ${v(u.Name)}`.trim() };
    }
    if (t === W.IFCCONVERSIONBASEDUNIT) {
      const mwu = ref(u.ConversionFactor);
      if (mwu === undefined) return undefined;
      const m = api.GetLine(model, mwu);
      const value = numv(m.ValueComponent) ?? numv(v(m.ValueComponent));
      const base = ref(m.UnitComponent);
      const b = base !== undefined ? unitFactor(base, power) : { f: 1, name: "" };
      if (value === undefined || !b) return undefined;
      return { f: value * b.f, name: str(u.Name) ?? "converted unit" };
    }
    return undefined;
  };
  for (const id of refs(api.GetLine(model, ua).Units)) {
    const u = api.GetLine(model, id);
    const kind = v(u.UnitType);
    if (kind === "LENGTHUNIT") {
      const f = unitFactor(id, 1);
      if (f) out.length_m = f.f, out.length_name = f.name, out.assumed = false;
    } else if (kind === "AREAUNIT") {
      const f = unitFactor(id, 2);
      if (f) out.area_m2 = f.f;
    } else if (kind === "VOLUMEUNIT") {
      const f = unitFactor(id, 3);
      if (f) out.volume_m3 = f.f;
    }
  }
  return out;
}

/** Quantities and single-value properties of one element, by set name then property name. */
type Props = Map<
  string,
  Map<string, { kind: "length" | "area" | "volume" | "count" | "value"; value: any }>
>;

/**
 * Quantities (IfcElementQuantity) of `elements` and, for `withPsets`, their property sets too,
 * through IfcRelDefinesByProperties. Others are not read (ArchiCAD writes hundreds of
 * properties per element).
 */
function readProps(
  api: W.IfcAPI,
  model: number,
  elements: Set<number>,
  withPsets: Set<number>,
): Map<number, Props> {
  const byElement = new Map<number, Props>();
  const cache = new Map<number, [string, Props extends Map<string, infer M> ? M : never]>();
  for (const rid of ids(api, model, W.IFCRELDEFINESBYPROPERTIES)) {
    importTick();
    const rel = api.GetLine(model, rid);
    const defId = ref(rel.RelatingPropertyDefinition);
    if (defId === undefined) continue;
    const related = refs(rel.RelatedObjects).filter((el) => elements.has(el));
    if (!related.length) continue;
    let entry = cache.get(defId);
    if (!entry) {
      const t = api.GetLineType(model, defId);
      if (t === W.IFCPROPERTYSET && !related.some((el) => withPsets.has(el))) continue;
      const def = api.GetLine(model, defId);
      const m = new Map<string, { kind: any; value: any }>();
      if (t === W.IFCELEMENTQUANTITY) {
        for (const qid of refs(def.Quantities)) {
          const q = api.GetLine(model, qid);
          const name = str(q.Name);
          if (!name) continue;
          if (q.LengthValue !== undefined) {
            m.set(name, { kind: "length", value: numv(q.LengthValue) });
          } else if (q.AreaValue !== undefined) {
            m.set(name, { kind: "area", value: numv(q.AreaValue) });
          } else if (q.VolumeValue !== undefined) {
            m.set(name, { kind: "volume", value: numv(q.VolumeValue) });
          } else if (q.CountValue !== undefined) {
            m.set(name, { kind: "count", value: numv(q.CountValue) });
          }
        }
      } else if (t === W.IFCPROPERTYSET) {
        for (const pid of refs(def.HasProperties)) {
          if (api.GetLineType(model, pid) !== W.IFCPROPERTYSINGLEVALUE) continue;
          const p = api.GetLine(model, pid);
          const name = str(p.Name);
          if (name) m.set(name, { kind: "value", value: v(p.NominalValue) });
        }
      }
      entry = [str(def.Name) ?? "", m];
      cache.set(defId, entry);
    }
    for (const el of related) {
      let props = byElement.get(el);
      if (!props) byElement.set(el, props = new Map());
      props.set(entry[0], entry[1]);
    }
  }
  return byElement;
}

const BASE_QTOS = [
  "Qto_SpaceBaseQuantities",
  "BaseQuantities",
  "Qto_DoorBaseQuantities",
  "Qto_WindowBaseQuantities",
  "Qto_StairBaseQuantities",
  "Qto_StairFlightBaseQuantities",
];

function quantity(props: Props | undefined, name: string): number | undefined {
  if (!props) return undefined;
  for (const set of BASE_QTOS) {
    const q = props.get(set)?.get(name);
    if (q && typeof q.value === "number") return q.value;
  }
  return undefined;
}

function propertyAnywhere(props: Props | undefined, names: string[]): number | undefined {
  if (!props) return undefined;
  for (const set of props.values()) {
    for (const n of names) {
      const p = set.get(n);
      if (p && typeof p.value === "number") return p.value;
    }
  }
  return undefined;
}

/** Reads all meshes of the given elements: bounds, and triangles for those in `keepTris`. */
function readMeshes(
  api: W.IfcAPI,
  model: number,
  elements: number[],
  keepTris: Set<number>,
): Map<number, MeshInfo> {
  const types = new Set<number>();
  for (const id of elements) types.add(api.GetLineType(model, id));
  const wanted = new Set(elements);
  const out = new Map<number, MeshInfo>();
  if (!types.size) return out;
  api.StreamAllMeshesWithTypes(model, [...types], (mesh) => {
    if (!wanted.has(mesh.expressID)) return;
    const info: MeshInfo = out.get(mesh.expressID) ??
      { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
    const tris: number[] = info.tris ? [...info.tris] : [];
    for (let i = 0; i < mesh.geometries.size(); i++) {
      importTick();
      const pg = mesh.geometries.get(i);
      const g = api.GetGeometry(model, pg.geometryExpressID);
      const vd = api.GetVertexArray(g.GetVertexData(), g.GetVertexDataSize());
      const keep = keepTris.has(mesh.expressID);
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
      if (world) {
        const ix = api.GetIndexArray(g.GetIndexData(), g.GetIndexDataSize());
        for (const t of ix) tris.push(world[t * 3], world[t * 3 + 1], world[t * 3 + 2]);
      }
      g.delete();
    }
    if (keepTris.has(mesh.expressID)) info.tris = Float64Array.from(tris);
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

interface Storey {
  id: number;
  guid: string;
  name?: string;
  elevation_m: number;
  elevationStated: boolean;
}

/** Azimuth of the plan's +y axis, clockwise from true north, from a TrueNorth direction (x, y). */
export function northFromTrueNorth(x: number, y: number): number {
  let deg = -Math.atan2(x, y) * 180 / Math.PI;
  if (deg < 0) deg += 360;
  return round4(deg % 360);
}

/** IfcCompoundPlaneAngleMeasure [deg, min, sec, millionths of a second] -> decimal degrees. */
export function compoundAngle_deg(parts: number[]): number {
  const [d = 0, m = 0, s = 0, u = 0] = parts;
  return d + m / 60 + (s + u / 1e6) / 3600;
}

/**
 * Builds a plan from IFC bytes: storeys -> floors, IfcSpace -> rooms, IfcDoor/IfcWindow ->
 * openings, IfcStair/IfcStairFlight/IfcRamp -> verticals, furnishing -> objects, IfcSite ->
 * site. Throws an {@link InputError} naming `ref` when the file cannot be read.
 */
export async function ifcPlan(
  bytes: Uint8Array,
  ref: string,
  id?: string,
): Promise<{ plan: PlanInput; report: ImportReport }> {
  const schema = checkIfcHeader(bytes, ref);
  checkIfcLines(bytes, ref);
  const api = await ifcApi();
  let model: number;
  try {
    model = api.OpenModel(bytes);
  } catch (e) {
    throw new InputError(ref, `web-ifc could not open the model: ${(e as Error).message}`);
  }
  if (model < 0) throw new InputError(ref, "web-ifc could not open the model");
  try {
    return buildPlan(api, model, schema, ref, id);
  } finally {
    api.CloseModel(model);
  }
}

function buildPlan(
  api: W.IfcAPI,
  model: number,
  schema: string,
  src: string,
  id?: string,
): { plan: PlanInput; report: ImportReport } {
  const report: ImportReport = {
    format: "ifc",
    mapped: [],
    lacking: [],
    assumptions: [],
    warnings: [],
    counts: {},
  };
  const units = readUnits(api, model);
  const L = units.length_m;
  report.mapped.push(
    `schema ${schema}; length unit ${units.length_name} (${L} m), applied to every attribute and quantity`,
  );
  if (units.assumed) report.assumptions.push("The file states no length unit: metres assumed.");
  report.assumptions.push(
    "Plan coordinates are the IFC world x and y (from web-ifc's meshes, which apply every placement and the unit scale).",
  );

  // Spatial structure: aggregation parents and containment.
  const parent = new Map<number, number>();
  for (const rid of ids(api, model, W.IFCRELAGGREGATES)) {
    const r = api.GetLine(model, rid);
    const p = ref(r.RelatingObject);
    if (p !== undefined) { for (const c of refs(r.RelatedObjects)) parent.set(c, p); }
  }
  const container = new Map<number, number>();
  for (const rid of ids(api, model, W.IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
    const r = api.GetLine(model, rid);
    const s = ref(r.RelatingStructure);
    if (s !== undefined) { for (const c of refs(r.RelatedElements)) container.set(c, s); }
  }

  // Storeys.
  const storeyIds = ids(api, model, W.IFCBUILDINGSTOREY);
  if (!storeyIds.length) {
    throw new InputError(
      src,
      "no IfcBuildingStorey: threshold needs storeys to place rooms on floors",
    );
  }
  const storeys: Storey[] = storeyIds.map((sid) => {
    const s = api.GetLine(model, sid);
    const e = numv(s.Elevation);
    return {
      id: sid,
      guid: str(s.GlobalId) ?? `storey-${sid}`,
      name: str(s.Name) ?? str(s.LongName),
      elevation_m: (e ?? 0) * L,
      elevationStated: e !== undefined,
    };
  });
  const storeyOf = (el: number): Storey | undefined => {
    const seen = new Set<number>();
    let cur: number | undefined = el;
    while (cur !== undefined && !seen.has(cur)) {
      seen.add(cur);
      const s = storeys.find((x) => x.id === cur);
      if (s) return s;
      cur = container.get(cur) ?? parent.get(cur);
    }
    return undefined;
  };

  const spaceIds = ids(api, model, W.IFCSPACE);
  const doorIds = ids(api, model, W.IFCDOOR, true);
  const windowIds = ids(api, model, W.IFCWINDOW, true);
  const stairIds = ids(api, model, W.IFCSTAIR, true);
  const flightIds = ids(api, model, W.IFCSTAIRFLIGHT, true);
  const rampIds = ids(api, model, W.IFCRAMP, true);
  const rampFlightIds = ids(api, model, W.IFCRAMPFLIGHT, true);
  const wallIds = ids(api, model, W.IFCWALL, true);
  const furnIds = ids(api, model, W.IFCFURNISHINGELEMENT, true);
  const stairish = new Set([...stairIds, ...flightIds, ...rampIds, ...rampFlightIds]);
  const props = readProps(
    api,
    model,
    new Set([...spaceIds, ...doorIds, ...windowIds, ...stairish]),
    stairish,
  );
  // Parts aggregated into stairs/ramps (flights, landings, railings) add to their bounds.
  const partsOf = new Map<number, number[]>();
  for (const [c, p] of parent) (partsOf.get(p) ?? partsOf.set(p, []).get(p)!).push(c);
  const partsDeep = (id: number, seen = new Set<number>()): number[] => {
    if (seen.has(id)) return [];
    seen.add(id);
    return (partsOf.get(id) ?? []).flatMap((c) => [c, ...partsDeep(c, seen)]);
  };
  const stairParts = [...stairIds, ...rampIds, ...doorIds, ...windowIds].flatMap((s) =>
    partsDeep(s)
  );
  const meshes = readMeshes(
    api,
    model,
    [
      ...spaceIds,
      ...doorIds,
      ...windowIds,
      ...stairIds,
      ...flightIds,
      ...rampIds,
      ...rampFlightIds,
      ...furnIds,
      ...stairParts,
    ],
    new Set(spaceIds),
  );

  // Walls only matter for storeys without spaces or without a stated elevation.
  const spaceStoreys = new Set(
    spaceIds.filter((sp) => meshes.has(sp)).map((sp) => storeyOf(sp)?.id),
  );
  const needWalls = storeys.filter((s) => !s.elevationStated || !spaceStoreys.has(s.id));
  const wallsNeeded = wallIds.filter((w) => needWalls.includes(storeyOf(w)!));
  for (const [k, m] of readMeshes(api, model, wallsNeeded, new Set())) meshes.set(k, m);
  /** An element's bounds with those of the parts aggregated into it (window members, flights). */
  const boundsOf = (el: number): MeshInfo | undefined => {
    const ms = [el, ...partsDeep(el)].map((p) => meshes.get(p)).filter((m): m is MeshInfo => !!m);
    if (!ms.length) return undefined;
    return {
      min: [0, 1, 2].map((k) => Math.min(...ms.map((m) => m.min[k]))) as MeshInfo["min"],
      max: [0, 1, 2].map((k) => Math.max(...ms.map((m) => m.max[k]))) as MeshInfo["max"],
    };
  };

  // Storeys without a stated elevation: the lowest point of what they contain.
  for (const s of storeys) {
    importTick();
    if (s.elevationStated) continue;
    let low = Infinity;
    for (const [el, st] of container) {
      importTick();
      if (st === s.id) low = Math.min(low, meshes.get(el)?.min[1] ?? Infinity);
    }
    for (const sp of spaceIds) {
      if (storeyOf(sp) === s) low = Math.min(low, meshes.get(sp)?.min[1] ?? Infinity);
    }
    // Steps below the floor (front steps) are contained too; the walls' base is the floor.
    let wallLow = Infinity;
    for (const w of wallIds) {
      if (storeyOf(w) === s) wallLow = Math.min(wallLow, meshes.get(w)?.min[1] ?? Infinity);
    }
    const e = Number.isFinite(wallLow) ? wallLow : Number.isFinite(low) ? low : 0;
    s.elevation_m = e;
    report.assumptions.push(
      `Storey ${s.name ?? s.guid} states no Elevation: ${round4(e)} m taken from ${
        Number.isFinite(wallLow)
          ? "the base of its walls"
          : Number.isFinite(low)
          ? "its lowest element"
          : "nothing (0 m)"
      }.`,
    );
  }
  storeys.sort((a, b) => a.elevation_m - b.elevation_m);
  const below = storeys.filter((s) => s.elevation_m < -0.5).length;
  const plan:
    & PlanInput
    & Required<Pick<PlanInput, "floors" | "rooms" | "openings" | "verticals" | "objects">> = {
      id: id ?? defaultId(src),
      name: "",
      source: { format: "ifc", ref: src },
      floors: storeys.map((s, i) => ({
        id: s.guid,
        name: s.name,
        index: i - below,
        elevation_m: round4(s.elevation_m),
      })),
      rooms: [],
      openings: [],
      verticals: [],
      objects: [],
      sweeps: [],
    };
  const projectId = ids(api, model, W.IFCPROJECT)[0];
  if (projectId !== undefined) {
    const p = api.GetLine(model, projectId);
    plan.name = str(p.LongName) ?? str(p.Name) ?? "";
  }
  const nearestStoreyBelow = (y: number): Storey =>
    [...storeys].reverse().find((s) => s.elevation_m <= y + 0.05) ?? storeys[0];

  // Spaces -> rooms.
  const rsbIds = ids(api, model, W.IFCRELSPACEBOUNDARY, true);
  let footprintFromBoundaries = 0;
  const roomRings = new Map<number, { id: string; floor: string; ring: Point[] }>();
  const heightFrom: Record<string, number> = {};
  let areaChecked = 0;
  for (const sid of spaceIds) {
    importTick();
    const s = api.GetLine(model, sid);
    const guid = str(s.GlobalId) ?? `space-${sid}`;
    const longName = str(s.LongName);
    const nm = str(s.Name);
    const label = `${longName ?? nm ?? guid}`;
    const mesh = meshes.get(sid);
    const fp = mesh?.tris ? meshFootprint(mesh.tris) : undefined;
    let ring = fp && fp.ring.length >= 3 ? fp.ring : undefined;
    let bottom_m = mesh?.min[1];
    if (!ring) {
      const b = boundaryFootprint(api, model, sid, rsbIds, L);
      if (b) {
        ring = b.ring;
        bottom_m = b.z_m;
        footprintFromBoundaries++;
      }
    }
    if (!ring || bottom_m === undefined) {
      report.warnings.push(
        `IfcSpace #${sid} ${label}: no geometry and no flat space boundary to take a footprint from; skipped`,
      );
      continue;
    }
    const storey = storeyOf(sid) ?? nearestStoreyBelow(bottom_m);
    const pr = props.get(sid);
    let height_m: number | undefined;
    const count = (k: string) => (heightFrom[k] = (heightFrom[k] ?? 0) + 1);
    for (const q of ["FinishCeilingHeight", "ClearHeight", "Height"]) {
      const h = quantity(pr, q);
      if (h !== undefined && h > 0) {
        height_m = h * L;
        count(`base quantity ${q}`);
        break;
      }
    }
    if (height_m === undefined && mesh) {
      height_m = mesh.max[1] - mesh.min[1];
      count("geometry (the space's top minus its bottom)");
    }
    if (height_m === undefined) count("nothing (no base quantity, no geometry): no height");
    const area = area_m2(ring);
    if (fp && Math.abs(area - fp.faces_m2) > 0.01 * fp.faces_m2) {
      report.warnings.push(
        `${label}: footprint outline ${area.toFixed(2)} m² differs from its floor faces ${
          fp.faces_m2.toFixed(2)
        } m² (holes or several parts); the largest outline is kept`,
      );
    }
    const gross = quantity(pr, "GrossFloorArea");
    if (gross !== undefined) {
      areaChecked++;
      const g = gross * units.area_m2;
      if (Math.abs(area - g) > 0.02 * g) {
        report.warnings.push(
          `${label}: footprint ${area.toFixed(2)} m² differs from its GrossFloorArea ${
            g.toFixed(2)
          } m² by more than 2 %`,
        );
      }
    }
    let roomLabel: RoomLabel = roomLabelFromName(longName ?? nm);
    if (roomLabel === "other" && longName && nm) roomLabel = roomLabelFromName(nm);
    if (roomLabel === "other" && v(s.PredefinedType) === "EXTERNAL") roomLabel = "outdoor";
    const polygon = ring.map(([x, y]) => [round4(x), round4(y)] as Point);
    plan.rooms.push({
      id: guid,
      floor: storey.guid,
      label: roomLabel,
      name: longName ?? nm,
      polygon,
      ...(height_m !== undefined && height_m > 0 ? { height_m: round4(height_m) } : {}),
    });
    roomRings.set(sid, { id: guid, floor: storey.guid, ring: polygon });
  }

  // Storeys without spaces: one room inside their walls, so doors and tools have a room.
  for (const s of storeys) {
    if ([...roomRings.values()].some((r) => r.floor === s.guid)) continue;
    const walls = wallIds.filter((w) => storeyOf(w) === s && meshes.has(w));
    if (!walls.length) continue;
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity, top = Infinity;
    const thick: number[] = [];
    for (const w of walls) {
      const m = meshes.get(w)!;
      x0 = Math.min(x0, m.min[0]), x1 = Math.max(x1, m.max[0]);
      y0 = Math.min(y0, -m.max[2]), y1 = Math.max(y1, -m.min[2]);
      top = Math.min(top, m.max[1]);
      thick.push(Math.min(m.max[0] - m.min[0], m.max[2] - m.min[2]));
    }
    thick.sort((a, b) => a - b);
    const t = thick[Math.floor(thick.length / 2)];
    const inset = x1 - x0 > 4 * t && y1 - y0 > 4 * t ? t : 0;
    const polygon: Point[] = [
      [x0 + inset, y0 + inset],
      [x1 - inset, y0 + inset],
      [x1 - inset, y1 - inset],
      [x0 + inset, y1 - inset],
    ].map(([x, y]) => [round4(x), round4(y)] as Point);
    const height_m = round4(top - s.elevation_m);
    const rid = `${s.guid}-inside-walls`;
    plan.rooms.push({
      id: rid,
      floor: s.guid,
      label: "other",
      name: `${s.name ?? "storey"} (inside the walls; the file has no IfcSpace)`,
      polygon,
      // No height: the lowest wall top is not a ceiling (a foundation level's 1.12 m "ceiling"
      // must not fail ceiling_height). The room is marked derived: tools do not judge it.
      derived: `level ${
        s.name ?? s.guid
      } has no IfcSpace; this room is the bounding rectangle inside its walls, not a room of the file`,
    });
    roomRings.set(-1 - plan.rooms.length, { id: rid, floor: s.guid, ring: polygon });
    report.assumptions.push(
      `Storey ${
        s.name ?? s.guid
      } has no IfcSpace: one room is made from the bounding rectangle of its ${walls.length} walls, inset by their typical thickness (${
        round4(inset)
      } m), marked as derived and kept out of every judgement; it has no height (the lowest wall top, ${height_m} m above the storey, is not a ceiling).`,
    );
  }
  const ringsOnFloor = (floor: string) => [...roomRings.values()].filter((r) => r.floor === floor);
  const roomOfSpace = (sid: number) => roomRings.get(sid)?.id;

  // Space boundaries: which spaces each door/window touches, and whether a side is outside.
  const boundaries = new Map<number, { spaces: number[]; external: boolean }>();
  for (const rid of rsbIds) {
    importTick();
    const b = api.GetLine(model, rid);
    const el = ref(b.RelatedBuildingElement);
    const sp = ref(b.RelatingSpace);
    if (el === undefined || sp === undefined) continue;
    const e = boundaries.get(el) ?? { spaces: [], external: false };
    if (!e.spaces.includes(sp)) e.spaces.push(sp);
    if (String(v(b.InternalOrExternalBoundary) ?? "").startsWith("EXTERNAL")) e.external = true;
    boundaries.set(el, e);
  }

  // Doors and windows -> openings.
  const viaBoundary = { door: 0, window: 0 };
  const viaGeometry = { door: 0, window: 0 };
  const sizeFrom: Record<string, number> = {};
  let clearFromVendor = 0;
  const near_m = 0.6;
  for (const [kind, list] of [["door", doorIds], ["window", windowIds]] as const) {
    for (const eid of list) {
      importTick();
      const e = api.GetLine(model, eid);
      const name = str(e.Name) ?? `#${eid}`;
      const mesh = boundsOf(eid);
      const pr = props.get(eid);
      let width = numv(e.OverallWidth), height = numv(e.OverallHeight);
      let from = "OverallWidth/OverallHeight";
      if (width === undefined) {
        width = quantity(pr, "Width");
        height ??= quantity(pr, "Height");
        from = "base quantities Width/Height";
      }
      let width_m = width !== undefined ? width * L : undefined;
      let height_m = height !== undefined ? height * L : undefined;
      if (width_m === undefined && mesh) {
        width_m = Math.max(mesh.max[0] - mesh.min[0], mesh.max[2] - mesh.min[2]);
        height_m ??= mesh.max[1] - mesh.min[1];
        from = "geometry (the larger horizontal side of its bounding box)";
      }
      if (!mesh || !width_m || !(width_m > 0)) {
        report.warnings.push(`${kind} ${name}: no geometry or size to place it; skipped`);
        continue;
      }
      sizeFrom[from] = (sizeFrom[from] ?? 0) + 1;
      const at: Point = [(mesh.min[0] + mesh.max[0]) / 2, -(mesh.min[2] + mesh.max[2]) / 2];
      const storey = storeyOf(eid) ?? nearestStoreyBelow(mesh.min[1]);
      const floorRooms = ringsOnFloor(storey.guid);
      const b = boundaries.get(eid);
      let between: [string | null, string | null] | undefined;
      if (b) {
        const rs = b.spaces.map(roomOfSpace).filter((r): r is string => !!r);
        if (rs.length >= 2) between = [rs[0], rs[1]];
        else if (rs.length === 1) {
          if (b.external) between = [rs[0], null];
          else {
            const other = floorRooms.filter((r) => r.id !== rs[0])
              .map((r) => ({ r, d: ringDistance_m(at, r.ring) }))
              .filter((x) => x.d <= near_m).sort((a, c) => a.d - c.d)[0];
            between = [rs[0], other ? other.r.id : null];
          }
        }
        if (between) viaBoundary[kind]++;
      }
      if (!between) {
        const close = floorRooms.map((r) => ({ r, d: ringDistance_m(at, r.ring) }))
          .filter((x) => x.d <= near_m).sort((a, c) => a.d - c.d);
        if (!close.length) {
          report.warnings.push(
            `${kind} ${name}: no room within ${near_m} m on storey ${
              storey.name ?? storey.guid
            }; skipped`,
          );
          continue;
        }
        between = [close[0].r.id, close[1]?.r.id ?? null];
        viaGeometry[kind]++;
      }
      const opening: PlanInput["openings"] extends (infer O)[] | undefined ? O : never = {
        id: str(e.GlobalId) ?? `${kind}-${eid}`,
        kind,
        floor: storey.guid,
        between,
        at: [round4(at[0]), round4(at[1])],
        width_m: round4(width_m),
      };
      if (height_m && height_m > 0) opening.height_m = round4(height_m);
      if (kind === "window") opening.sill_m = round4(Math.max(0, mesh.min[1] - storey.elevation_m));
      if (kind === "door") {
        const clear = propertyAnywhere(pr, [
          "Durchgangslichte Breite",
          "ClearWidth",
          "Clear Width",
        ]);
        if (clear !== undefined && clear * L > 0 && clear * L <= width_m) {
          opening.clear_width_m = round4(clear * L);
          clearFromVendor++;
        }
      }
      plan.openings.push(opening);
    }
  }

  // Stairs, flights not inside a stair, ramps -> verticals.
  const verticalSources = [
    ...stairIds.map((i) => ({ id: i, kind: "stair" as const })),
    ...flightIds.filter((i) => !stairIds.includes(parent.get(i) ?? -1)).map((i) => ({
      id: i,
      kind: "stair" as const,
    })),
    ...rampIds.map((i) => ({ id: i, kind: "ramp" as const })),
    ...rampFlightIds.filter((i) => !rampIds.includes(parent.get(i) ?? -1)).map((i) => ({
      id: i,
      kind: "ramp" as const,
    })),
  ];
  for (const { id: vid, kind } of verticalSources) {
    const e = api.GetLine(model, vid);
    const name = str(e.Name) ?? `#${vid}`;
    const bounds = boundsOf(vid);
    if (!bounds) {
      report.warnings.push(`${kind} ${name}: no geometry; skipped`);
      continue;
    }
    const { min, max } = bounds;
    const from = storeyOf(vid) ?? nearestStoreyBelow(min[1]);
    const fi = storeys.indexOf(from);
    const next = storeys[fi + 1];
    const flights = [vid, ...(partsOf.get(vid) ?? [])].map((p) => api.GetLine(model, p));
    const pr = props.get(vid);
    const risers = flights.map((f) => numv(f.NumberOfRisers) ?? numv(f.NumberOfRiser))
      .find((n) => n !== undefined) ??
      propertyAnywhere(pr, ["NumberOfRiser", "NumberOfRisers"]);
    const treads = flights.map((f) => numv(f.NumberOfTreads)).find((n) => n !== undefined) ??
      propertyAnywhere(pr, ["NumberOfTreads"]);
    const riserRaw = flights.map((f) => numv(f.RiserHeight)).find((n) => n !== undefined) ??
      propertyAnywhere(pr, ["RiserHeight"]);
    const treadRaw = flights.map((f) => numv(f.TreadLength)).find((n) => n !== undefined) ??
      propertyAnywhere(pr, ["TreadLength"]);
    const riser_m = riserRaw !== undefined ? riserRaw * L : undefined;
    const tread_m = treadRaw !== undefined ? treadRaw * L : undefined;
    const riserOk = riser_m !== undefined && riser_m >= 0.05 && riser_m <= 0.3;
    const treadOk = tread_m !== undefined && tread_m >= 0.15 && tread_m <= 0.6;
    if (riser_m !== undefined && !riserOk) {
      report.warnings.push(
        `${kind} ${name}: RiserHeight ${riserRaw} (${round4(riser_m)} m) is implausible; not used`,
      );
    }
    if (tread_m !== undefined && !treadOk) {
      report.warnings.push(
        `${kind} ${name}: TreadLength ${treadRaw} (${round4(tread_m)} m) is implausible; not used`,
      );
    }
    const spans = next !== undefined && max[1] >= next.elevation_m - 0.3 &&
      min[1] <= from.elevation_m + 0.3;
    const to = spans ? next : from;
    let rise_m: number;
    let riseFrom: string;
    if (risers && riserOk) {
      rise_m = risers * riser_m!;
      riseFrom = "risers × RiserHeight";
    } else if (spans) {
      rise_m = next.elevation_m - from.elevation_m;
      riseFrom = "the storeys' elevations";
    } else {
      rise_m = max[1] - min[1];
      riseFrom = "its geometry's height";
    }
    const dx = max[0] - min[0], dy = max[2] - min[2];
    const a = Math.min(dx, dy), b = Math.max(dx, dy);
    const nTreads = treads ?? (risers ? risers - 1 : Math.max(1, Math.round(rise_m / 0.18) - 1));
    const run_est = kind === "ramp" ? b : Math.max(1, nTreads) * (treadOk ? tread_m! : 0.28);
    let width_m: number;
    let widthFrom: string;
    if (kind === "ramp") {
      width_m = a;
      widthFrom = "the narrower side of its bounding box";
    } else if (run_est > 1.5 * b) {
      width_m = a / 2;
      widthFrom = `half the narrower side of its ${round4(dx)} × ${
        round4(dy)
      } m bounding box: the run (≈${
        round4(run_est)
      } m) cannot be straight, so it turns (winder, spiral or U)`;
    } else if (Math.abs(b - run_est) <= Math.abs(a - run_est)) {
      width_m = a;
      widthFrom = "the side of its bounding box across the run";
    } else {
      width_m = b;
      widthFrom = "the side of its bounding box across the run";
    }
    if (!(width_m > 0)) continue;
    const center: Point = [(min[0] + max[0]) / 2, -(min[2] + max[2]) / 2];
    const roomsTouched = new Set<string>();
    for (const fl of new Set([from.guid, to.guid])) {
      for (const r of ringsOnFloor(fl)) {
        if (ringDistance_m(center, r.ring) <= 0.3) roomsTouched.add(r.id);
      }
    }
    plan.verticals.push({
      id: str(e.GlobalId) ?? `${kind}-${vid}`,
      kind: spans ? kind : kind === "stair" ? "step" : "ramp",
      from_floor: from.guid,
      to_floor: to.guid,
      ...(roomsTouched.size ? { rooms: [...roomsTouched] } : {}),
      rise_m: round4(Math.max(0, rise_m)),
      ...(treadOk ? { going_m: round4(tread_m!) } : {}),
      width_m: round4(width_m),
      ...(risers && risers > 0 ? { risers: Math.round(risers) } : {}),
      // Its own extent (plan x = IFC x, plan y = -IFC z), so it is drawn there.
      footprint: [
        [min[0], -max[2]],
        [max[0], -max[2]],
        [max[0], -min[2]],
        [min[0], -min[2]],
      ].map(([x, y]) => [round4(x), round4(y)] as Point),
    });
    report.assumptions.push(
      `${kind} ${name}: ${
        spans
          ? `from ${from.name ?? from.guid} to ${to.name ?? to.guid}`
          : "within one storey (kind step)"
      }; rise ${round4(rise_m)} m from ${riseFrom}; width ${
        round4(width_m)
      } m estimated from ${widthFrom} (IFC states no stair width).`,
    );
  }

  // Furnishing -> objects.
  for (const fid of furnIds) {
    importTick();
    const m = meshes.get(fid);
    if (!m) continue;
    const e = api.GetLine(model, fid);
    const w = m.max[0] - m.min[0], d = m.max[2] - m.min[2], h = m.max[1] - m.min[1];
    if (!(w > 0 && d > 0)) continue;
    const storey = storeyOf(fid) ?? nearestStoreyBelow(m.min[1]);
    const center: Point = [(m.min[0] + m.max[0]) / 2, -(m.min[2] + m.max[2]) / 2];
    const room = ringsOnFloor(storey.guid).find((r) => pointInRing(center, r.ring))?.id;
    plan.objects.push({
      id: str(e.GlobalId) ?? `object-${fid}`,
      floor: storey.guid,
      ...(room ? { room } : {}),
      label: str(e.ObjectType) ?? str(e.Name) ?? "furnishing",
      center: [round4(center[0]), round4(center[1])],
      size: [round4(w), round4(d)],
      ...(h > 0 ? { height_m: round4(h) } : {}),
    });
  }

  // Site.
  const siteId = ids(api, model, W.IFCSITE)[0];
  let north: number | undefined;
  if (projectId !== undefined) {
    const p = api.GetLine(model, projectId);
    for (const cid of refs(p.RepresentationContexts)) {
      const c = api.GetLine(model, cid);
      const tn = ref(c.TrueNorth);
      if (tn === undefined) continue;
      const dir = (api.GetLine(model, tn).DirectionRatios ?? []).map(numv);
      if (typeof dir[0] === "number" && typeof dir[1] === "number" && (dir[0] || dir[1])) {
        north = northFromTrueNorth(dir[0], dir[1]);
        break;
      }
    }
  }
  if (siteId !== undefined) {
    const s = api.GetLine(model, siteId);
    const lat = v(s.RefLatitude), lon = v(s.RefLongitude);
    if (Array.isArray(lat) && Array.isArray(lon)) {
      const elev = numv(s.RefElevation);
      plan.site = {
        lat: round6(compoundAngle_deg(lat.map(Number))),
        lon: round6(compoundAngle_deg(lon.map(Number))),
        ...(elev !== undefined ? { elevation_m: round4(elev * L) } : {}),
        ...(north !== undefined ? { north_deg: north } : {}),
      };
      report.mapped.push(
        `site ${plan.site.lat}, ${plan.site.lon} from IfcSite RefLatitude/RefLongitude` +
          (north !== undefined
            ? `; true north from the context's TrueNorth (plan +y at ${north}°)`
            : ""),
      );
      if (elev === undefined) report.lacking.push("no site elevation (IfcSite.RefElevation)");
    } else report.lacking.push("no site location (IfcSite RefLatitude/RefLongitude)");
  } else report.lacking.push("no IfcSite: no location");

  // Report.
  const byKind = (k: string) => plan.openings.filter((o) => o.kind === k).length;
  report.counts = {
    storeys: storeys.length,
    spaces: spaceIds.length,
    doors: doorIds.length,
    windows: windowIds.length,
    stairs: stairIds.length,
    stair_flights: flightIds.length,
    ramps: rampIds.length,
    space_boundaries: rsbIds.length,
    furnishing: furnIds.length,
    rooms: plan.rooms.length,
    openings: plan.openings.length,
    verticals: plan.verticals.length,
    objects: plan.objects.length,
  };
  report.mapped.push(
    `${storeys.length} storeys -> floors (elevations ${
      storeys.map((s) => round4(s.elevation_m)).join(", ")
    } m)`,
    `${spaceIds.length} IfcSpace -> ${
      plan.rooms.filter((r) => !r.id.endsWith("-inside-walls")).length
    } rooms, footprints from their geometry's floor faces` +
      (footprintFromBoundaries
        ? ` (${footprintFromBoundaries} without geometry: from their flat IfcRelSpaceBoundary surfaces)`
        : ""),
    `${byKind("door")} of ${doorIds.length} doors and ${
      byKind("window")
    } of ${windowIds.length} windows -> openings (sizes from ${
      Object.entries(sizeFrom).map(([k, n]) => `${k}: ${n}`).join("; ") || "nothing"
    })`,
    `${plan.verticals.length} verticals from ${stairIds.length} IfcStair, ${flightIds.length} IfcStairFlight, ${rampIds.length} IfcRamp`,
    `${plan.objects.length} objects from ${furnIds.length} furnishing elements`,
  );
  if (Object.keys(heightFrom).length) {
    report.assumptions.push(
      `Room heights: ${Object.entries(heightFrom).map(([k, n]) => `${n} from ${k}`).join("; ")}` +
        (heightFrom["base quantity FinishCeilingHeight"] ? ", not from their geometry" : "") + ".",
    );
  }
  if (areaChecked) {
    report.mapped.push(
      `${areaChecked} space footprints checked against their GrossFloorArea base quantity (2 % tolerance; differences are warnings)`,
    );
  }
  const bnd = viaBoundary.door + viaBoundary.window, geo = viaGeometry.door + viaGeometry.window;
  if (bnd) {
    report.mapped.push(
      `${bnd} openings placed between spaces through IfcRelSpaceBoundary (an EXTERNAL boundary is the outside)`,
    );
  }
  if (geo) {
    report.assumptions.push(
      `${geo} openings were placed by geometry: between the nearest rooms within ${near_m} m of their centre (one room only: the other side is taken as outside).`,
    );
  }
  if (clearFromVendor) {
    report.assumptions.push(
      `${clearFromVendor} door clear widths come from a vendor quantity (ArchiCAD "Durchgangslichte Breite"); IFC itself states no clear width.`,
    );
  } else report.lacking.push("no door clear widths (IFC states overall sizes only)");
  if (!spaceIds.length) report.lacking.push("no IfcSpace: rooms are not modelled in this file");
  if (!rsbIds.length) report.lacking.push("no IfcRelSpaceBoundary: openings placed by geometry");
  if (!furnIds.length) report.lacking.push("no furnishing elements: no objects");
  if (!plan.verticals.length) report.lacking.push("no stairs or ramps");
  report.lacking.push("no panoramas (IFC is a design model, not a scan): no sweeps");
  report.assumptions.push(
    "An IFC model is a design, not a survey: its sizes are as designed; the scan uncertainty defaults apply.",
  );
  return { plan, report };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function defaultId(ref: string): string {
  const base = ref.split(/[\\/]/).pop() ?? "";
  const stem = base.replace(/\.[^.]*$/, "").toLowerCase().replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return stem || "ifc";
}
