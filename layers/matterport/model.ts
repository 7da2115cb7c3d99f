/**
 * A Matterport Model API GraphQL response (saved or live) → plan. Shapes and semantics follow
 * shared/reference/data-formats.md §1 (Matterport developer docs `modelapi_pi_vector_data.html`,
 * `modelapi_pi_dimension_estimates.html`, `modelapi_pi_room_names.html`, graphdoc
 * `opening.doc.html`). Every field may be null (partial data is normal since Dec 2020).
 */
import { InputError } from "../../ground/errors.ts";
import type { Plan, Point, RoomLabel } from "../../ground/plan.ts";
import type { ImportReport } from "../types.ts";
import { roomLabelFromMatterport } from "./labels.ts";
import { chainEdges, type IdEdge, type Ring } from "./polygon.ts";
import { counterClockwise, signedArea_m2 } from "../../engines/geometry/polygon.ts";
import { ticker } from "../../ground/budget.ts";

/** The import's time limit, checked in the loops that grow with the file (layers/mod.ts). */
const importTick = ticker(64);

/** Metres in one international foot, exactly (1959 agreement). */
export const FOOT_M = 0.3048;
/** Metres in one inch, exactly. */
export const INCH_M = 0.0254;
/** Square metres in one square foot, exactly (0.3048²). */
export const SQUARE_FOOT_M2 = 0.09290304;
/** A chained outline whose area differs from the stated area by more than this share is reported. */
export const AREA_TOLERANCE_REL = 0.05;

/**
 * Metres per unit of length for a `units` value of a `dimensionEstimates` answer: `metric` is
 * metres and `imperial` is feet (data-formats.md §1.2); explicit unit words are also read.
 * Undefined for a unit we do not know.
 */
export function lengthFactor_m(units: string | null | undefined): number | undefined {
  switch ((units ?? "metric").trim().toLowerCase()) {
    case "metric":
    case "meters":
    case "metres":
    case "m":
      return 1;
    case "imperial":
    case "feet":
    case "foot":
    case "ft":
      return FOOT_M;
    case "inches":
    case "inch":
    case "in":
      return INCH_M;
    default:
      return undefined;
  }
}

type Nullable<T> = T | null | undefined;
interface MpXY {
  x?: Nullable<number>;
  y?: Nullable<number>;
  z?: Nullable<number>;
}
interface MpVertex {
  id?: Nullable<string>;
  position?: Nullable<MpXY>;
}
interface MpOpening {
  id?: Nullable<string>;
  height?: Nullable<number>;
  width?: Nullable<number>;
  lowerElevation?: Nullable<number>;
  relativeCenter?: Nullable<number>;
  type?: Nullable<string>;
}
interface MpEdge {
  id?: Nullable<string>;
  type?: Nullable<string>;
  openings?: Nullable<Nullable<MpOpening>[]>;
  vertices?: Nullable<Nullable<MpVertex>[]>;
}
interface MpRegion {
  edges?: Nullable<Nullable<MpEdge>[]>;
}
interface MpDims {
  area?: Nullable<number>;
  areaIndoor?: Nullable<number>;
  depth?: Nullable<number>;
  height?: Nullable<number>;
  width?: Nullable<number>;
  units?: Nullable<string>;
  lowerElevation?: Nullable<number>;
}
interface MpRoom {
  id?: Nullable<string>;
  label?: Nullable<string>;
  floor?: Nullable<{ id?: Nullable<string> }>;
  classifications?: Nullable<
    Nullable<{ label?: Nullable<string>; confidence?: Nullable<number> }>[]
  >;
  dimensionEstimates?: Nullable<MpDims>;
  boundary?: Nullable<MpRegion>;
  holes?: Nullable<MpRegion | Nullable<MpRegion>[]>;
}
interface MpFloor {
  id?: Nullable<string>;
  label?: Nullable<string>;
  sequence?: Nullable<number>;
}
interface MpLocation {
  id?: Nullable<string>;
  position?: Nullable<MpXY>;
  floor?: Nullable<{ id?: Nullable<string> }>;
  room?: Nullable<{ id?: Nullable<string> }>;
}
interface MpModel {
  id?: Nullable<string>;
  name?: Nullable<string>;
  floors?: Nullable<Nullable<MpFloor>[]>;
  rooms?: Nullable<Nullable<MpRoom>[]>;
  locations?: Nullable<Nullable<MpLocation>[]>;
}
interface GqlError {
  message?: string;
  path?: (string | number)[];
}

/**
 * Why Matterport sweeps get no `heading_deg`. The Model API does give each panorama a
 * `rotation: Quaternion` (graphdoc 2024.06.39 `panoramicimagelocation.doc.html`), and the Showcase
 * SDK a sweep `rotation` ("the rotation of the panoramic imagery relative to the model", an Euler
 * angle; developer-docs `reference/sweep`), but neither says what an unrotated panorama faces: which
 * axis of the model frame its skybox front face, or an equirectangular image's centre column,
 * points along, nor whether the quaternion is in the API (z-up) or SDK (y-up) frame
 * (shared/reference/data-formats.md §1.2, §1.5). A heading built on a guessed reference
 * direction could be off by any multiple of 90°, so none is recorded.
 */
export const SWEEP_HEADING_WHY =
  "no sweep headings: the Model API gives each panorama a rotation quaternion, but its documentation does not say which direction an unrotated panorama's centre column faces (nor the quaternion's frame), so the plan direction of a panorama's centre cannot be derived without guessing";

/** The model object of a response: `{data: {model}}` (as the API answers) or `{model}`. */
export function responseModel(v: unknown): unknown {
  if (!v || typeof v !== "object" || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  const data = o.data as Record<string, unknown> | null | undefined;
  if (data && typeof data === "object" && "model" in data) return data.model;
  if ("model" in o) return o.model;
  return undefined;
}

/** Whether a parsed JSON value looks like a Model API response (a model, or GraphQL errors). */
export function looksLikeModelResponse(v: unknown): boolean {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  const model = responseModel(v);
  if (model && typeof model === "object") {
    const m = model as Record<string, unknown>;
    return ["floors", "rooms", "locations"].some((k) => k in m);
  }
  return Array.isArray(o.errors) && "data" in o;
}

const num = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;
const str = (v: unknown): string | undefined =>
  typeof v === "string" && v.length > 0 ? v : undefined;
const list = <T>(v: Nullable<Nullable<T>[]>): T[] =>
  Array.isArray(v) ? v.filter((x): x is T => !!x && typeof x === "object") : [];
const round = (v: number, digits = 9) => Math.round(v * 10 ** digits) / 10 ** digits;

function errorLine(e: GqlError): string {
  const path = Array.isArray(e.path) && e.path.length ? ` (at ${e.path.join(".")})` : "";
  return `${e.message ?? "unknown error"}${path}`;
}

/** A plan as an importer hands it over (validated later by importSource). */
/** A plan as an importer hands it over (validated later by importSource); source defaults apply. */
export type MatterportPlan = Omit<Plan, "source"> & { source: { format: string; ref: string } };

const PI_WHY =
  "Matterport fills Property Intelligence data (room boundaries, openings, dimension estimates, room types) only for Enterprise subscriptions and for models processed since November 2023";

/**
 * Converts a parsed Model API response into a plan and its import report. A response with
 * GraphQL `errors[]` and no model is an InputError naming `ref` and every error; errors beside
 * partial data become warnings and the missing parts are left out. Room polygons are chained from
 * their boundary edges (holes are reported, not cut out: the plan has no holes); openings lie on
 * their edge at `relativeCenter` from the edge's first listed vertex, between the rooms that share
 * the edge (null: the outside). Imperial dimension estimates are converted exactly.
 */
export function modelToPlan(
  response: unknown,
  ref: string,
  id?: string,
): { plan: MatterportPlan; report: ImportReport } {
  const errors = (response && typeof response === "object" &&
      Array.isArray((response as { errors?: unknown }).errors))
    ? ((response as { errors: GqlError[] }).errors)
    : [];
  const modelV = responseModel(response);
  if (!modelV || typeof modelV !== "object") {
    const why = errors.length
      ? `GraphQL error${errors.length > 1 ? "s" : ""}: ${errors.map(errorLine).join("; ")}`
      : "no data.model in the response";
    throw new InputError(ref, `the Matterport response has no model: ${why}`, {
      code: "matterport.no_model",
      data: { errors: errors.map((e) => ({ message: e.message, path: e.path })) },
    });
  }
  const model = modelV as MpModel;
  const report: ImportReport = {
    format: "matterport",
    mapped: [],
    lacking: [],
    assumptions: [],
    warnings: errors.map((e) => `GraphQL error, that part is missing: ${errorLine(e)}`),
    counts: {},
  };
  const warn = (s: string) => report.warnings.push(s);
  // A list the schema defines that holds something else is a malformed file, not absent data.
  for (const key of ["floors", "rooms", "locations"] as const) {
    const v = (model as Record<string, unknown>)[key];
    if (v !== null && v !== undefined && !Array.isArray(v)) {
      throw new InputError(
        ref,
        `model.${key} must be a list (or null), got ${
          typeof v === "string" ? `the string ${JSON.stringify(v).slice(0, 40)}` : typeof v
        }: the file is malformed`,
      );
    }
  }
  const b: Build = { report, warn, ...readFloors(model, warn), ...emptyRooms() };
  const roomsIn = list(model.rooms);
  roomsIn.forEach((r, i) => readRoom(b, r, i));
  reportRooms(b, errors, model.rooms, roomsIn);
  const sweeps = readSweeps(b, model);
  floorElevations(b, sweeps);
  const openings = placeOpenings(b);

  // Report.
  const { floors, rooms } = b;
  if (!floors.length) {
    throw new InputError(ref, "the Matterport model has no floors (model.floors is empty or null)");
  }
  report.mapped.unshift(`${floors.length} floor(s) from model.floors`);
  const pi = rooms.length > 0;
  const doors = openings.filter((o) => o.kind === "door").length;
  if (openings.length) {
    report.mapped.push(
      `${openings.length} opening(s) (${doors} doorway(s)) placed on their boundary edges with their widths`,
    );
  } else if (pi) report.lacking.push("no doorways or openings on any room boundary");
  if (sweeps.length) {
    report.mapped.push(`${sweeps.length} sweep(s) from model.locations`);
    report.lacking.push(SWEEP_HEADING_WHY);
  } else report.lacking.push("no sweep locations");
  report.lacking.push(
    "no objects and no stairs as verticals (the Model API query has none)",
    "no site location",
  );
  if (pi && rooms.every((r) => r.height_m === undefined)) report.lacking.push("no room heights");
  report.assumptions.push(
    "positions are the model's own frame in metres (API x, y; z up), used as plan x, y",
    "room outlines follow the boundary vertices (wall centre lines), not offset by wall thickness",
  );
  report.counts = {
    floors: floors.length,
    rooms_in_response: roomsIn.length,
    rooms: rooms.length,
    openings: openings.length,
    doors,
    sweeps: sweeps.length,
    graphql_errors: errors.length,
  };
  const modelId = str(model.id);
  const plan: MatterportPlan = {
    id: id ?? (modelId ? `matterport-${modelId}` : "matterport"),
    name: str(model.name) ?? "",
    source: { format: "matterport", ref },
    floors,
    rooms,
    openings,
    verticals: [],
    objects: [],
    sweeps,
  };
  return { plan, report };
}

/** An opening found on a room's edge, placed once every room is read. */
interface PendingOpening {
  room: string;
  edge: MpEdge;
  keys: string[];
  o: MpOpening;
  hole: boolean;
}

/** What the phases of {@link modelToPlan} build up and share. */
interface Build {
  report: ImportReport;
  warn(s: string): void;
  floors: MatterportPlan["floors"];
  floorIds: Set<string>;
  /** The floor a room or location is on (the only floor when it names none); undefined: skip it. */
  floorOf(v: Nullable<{ id?: Nullable<string> }>, what: string): string | undefined;
  rooms: MatterportPlan["rooms"];
  roomIds: Set<string>;
  skippedRooms: Set<string>;
  /** Edge key (vertex-id pair, and edge id) → rooms whose boundary or holes hold that edge. */
  edgeOwners: Map<string, Set<string>>;
  pendingOpenings: PendingOpening[];
  roomElevation: Map<string, number>;
  /** Counts for the report. */
  tally: {
    withBoundary: number;
    imperialRooms: number;
    holeCount: number;
    holeArea: number;
    chosenByConfidence: number;
    unitless: number;
    areasChecked: number;
  };
}

function emptyRooms() {
  return {
    rooms: [] as MatterportPlan["rooms"],
    roomIds: new Set<string>(),
    skippedRooms: new Set<string>(),
    edgeOwners: new Map<string, Set<string>>(),
    pendingOpenings: [] as PendingOpening[],
    roomElevation: new Map<string, number>(),
    tally: {
      withBoundary: 0,
      imperialRooms: 0,
      holeCount: 0,
      holeArea: 0,
      chosenByConfidence: 0,
      unitless: 0,
      areasChecked: 0,
    },
  };
}

/** Floors: each with an id once, in sequence order; and how a room or location finds its own. */
function readFloors(model: MpModel, warn: (s: string) => void) {
  const floorsIn = list(model.floors);
  const floorIds = new Set<string>();
  const floors: MatterportPlan["floors"] = [];
  floorsIn.forEach((f, i) => {
    const fid = str(f.id);
    if (!fid) return warn(`floors[${i}] has no id; skipped`);
    if (floorIds.has(fid)) return warn(`floors[${i}]: duplicate floor id ${fid}; skipped`);
    floorIds.add(fid);
    floors.push({
      id: fid,
      ...(str(f.label) ? { name: f.label! } : {}),
      index: Number.isInteger(f.sequence) ? f.sequence! : i,
      elevation_m: 0,
    });
  });
  const onlyFloor = floors.length === 1 ? floors[0].id : undefined;
  const floorOf = (v: Nullable<{ id?: Nullable<string> }>, what: string): string | undefined => {
    const fid = str(v?.id);
    if (fid && floorIds.has(fid)) return fid;
    if (onlyFloor) {
      if (fid) warn(`${what}: floor ${fid} is not among the model's floors; put on ${onlyFloor}`);
      return onlyFloor;
    }
    warn(`${what}: ${fid ? `floor ${fid} is unknown` : "no floor"}; skipped`);
    return undefined;
  };
  return { floors, floorIds, floorOf };
}

/** A region's edges with two vertices (ids and positions) each, keyed for sharing rooms. */
function edgesOf(region: Nullable<MpRegion>, what: string, warn: (s: string) => void) {
  const out: { edge: IdEdge; raw: MpEdge; keys: string[] }[] = [];
  list(region?.edges).forEach((e, k) => {
    const vs = list(e.vertices);
    const pts = vs.map((v) => [num(v.position?.x), num(v.position?.y)] as const);
    if (
      vs.length !== 2 || vs.some((v) => !str(v.id)) ||
      pts.some(([x, y]) => x === undefined || y === undefined)
    ) {
      warn(
        `${what}.edges[${k}]${
          e.id ? ` (${e.id})` : ""
        }: needs two vertices with ids and positions; skipped`,
      );
      return;
    }
    const [a, b] = vs;
    const pair = [a.id!, b.id!].sort().join("|");
    const eid = str(e.id) ?? pair;
    out.push({
      edge: {
        id: eid,
        a: { id: a.id!, at: [pts[0][0]!, pts[0][1]!] },
        b: { id: b.id!, at: [pts[1][0]!, pts[1][1]!] },
      },
      raw: e,
      keys: [`v:${pair}`, ...(str(e.id) ? [`e:${e.id}`] : [])],
    });
  });
  return out;
}

/**
 * One room: its outline chained from its boundary edges (the largest ring), its holes measured
 * (not cut out), its edges' owners and openings noted, its floor, label and dimensions.
 */
function readRoom(b: Build, r: MpRoom, i: number): void {
  const { warn, tally } = b;
  const rid = str(r.id) ?? `room${i}`;
  const what = `rooms[${i}] (${rid})`;
  if (b.roomIds.has(rid) || b.skippedRooms.has(rid)) {
    return warn(`${what}: duplicate room id; skipped`);
  }
  const boundary = edgesOf(r.boundary, `${what}.boundary`, warn);
  const holeRegions = Array.isArray(r.holes) ? list(r.holes) : r.holes ? [r.holes] : [];
  const holes = holeRegions.map((h, k) => edgesOf(h, `${what}.holes[${k}]`, warn));
  if (!boundary.length) {
    b.skippedRooms.add(rid);
    return;
  }
  tally.withBoundary++;
  const holeEdges = new Set(holes.flat());
  for (const e of [...boundary, ...holeEdges]) {
    importTick();
    for (const key of e.keys) {
      const set = b.edgeOwners.get(key) ?? new Set<string>();
      set.add(rid);
      b.edgeOwners.set(key, set);
    }
    for (const o of list(e.raw.openings)) {
      b.pendingOpenings.push({ room: rid, edge: e.raw, keys: e.keys, o, hole: holeEdges.has(e) });
    }
  }
  const chained = chainEdges(boundary.map((x) => x.edge));
  for (const p of chained.problems) warn(`${what}.boundary: ${p}`);
  if (!chained.rings.length) {
    b.skippedRooms.add(rid);
    return warn(`${what}: its boundary edges do not close into a polygon; room skipped`);
  }
  const outer = chained.rings.reduce((p: Ring, q: Ring) =>
    Math.abs(signedArea_m2(q.points)) > Math.abs(signedArea_m2(p.points)) ? q : p
  );
  if (chained.rings.length > 1) {
    warn(`${what}: boundary has ${chained.rings.length} rings; the largest is the room outline`);
  }
  let roomHoles_m2 = 0;
  for (const [k, h] of holes.entries()) {
    if (!h.length) continue;
    const hc = chainEdges(h.map((x) => x.edge));
    for (const p of hc.problems) warn(`${what}.holes[${k}]: ${p}`);
    for (const ring of hc.rings) {
      tally.holeCount++;
      roomHoles_m2 += Math.abs(signedArea_m2(ring.points));
    }
  }
  tally.holeArea += roomHoles_m2;
  const floor = b.floorOf(r.floor, what);
  if (!floor) {
    b.skippedRooms.add(rid);
    return;
  }
  const { label, name } = roomLabel(b, r, what);
  const outline_m2 = Math.abs(signedArea_m2(outer.points)) - roomHoles_m2;
  const height_m = roomDimensions(b, r, rid, what, outline_m2);
  b.roomIds.add(rid);
  b.rooms.push({
    id: rid,
    floor,
    label,
    ...(name ? { name } : {}),
    polygon: counterClockwise(outer.points),
    ...(height_m !== undefined ? { height_m } : {}),
  });
}

/** Label: the person's own label first, else the most confident detected classification. */
function roomLabel(b: Build, r: MpRoom, what: string): { label: RoomLabel; name?: string } {
  const classes = list(r.classifications).filter((c) => str(c.label));
  if (str(r.label?.trim())) {
    const name = r.label!.trim();
    return { label: roomLabelFromMatterport(name), name };
  }
  if (classes.length) {
    const name = classes.map((c) => c.label!).join(", ");
    let best = classes[0];
    for (const c of classes) {
      if ((num(c.confidence) ?? -1) > (num(best.confidence) ?? -1)) best = c;
    }
    if (best !== classes[0]) b.tally.chosenByConfidence++;
    return { label: roomLabelFromMatterport(best.label!), name };
  }
  b.warn(`${what}: no label and no classification; labelled "other"`);
  return { label: "other" };
}

/**
 * Height and elevation from dimensionEstimates, in the units the answer states; the stated
 * floor area checked against the outline minus its holes. Returns the height, m.
 */
function roomDimensions(
  b: Build,
  r: MpRoom,
  rid: string,
  what: string,
  outline_m2: number,
): number | undefined {
  const { warn, tally } = b;
  const dims = r.dimensionEstimates;
  let height_m: number | undefined;
  if (!dims) return undefined;
  const f = lengthFactor_m(dims.units);
  if (f === undefined) {
    warn(
      `${what}.dimensionEstimates: unknown units "${dims.units}"; its dimensions are not used`,
    );
    return undefined;
  }
  if (f !== 1) tally.imperialRooms++;
  if (dims.units === null || dims.units === undefined) tally.unitless++;
  const h = num(dims.height);
  if (h !== undefined && h > 0) height_m = round(h * f);
  const low = num(dims.lowerElevation);
  if (low !== undefined) b.roomElevation.set(rid, round(low * f));
  // The stated floor area against the chained outline minus its holes.
  const area = num(dims.area);
  if (area !== undefined && area > 0) {
    const stated_m2 = area * (f === FOOT_M ? SQUARE_FOOT_M2 : f * f);
    tally.areasChecked++;
    if (Math.abs(outline_m2 - stated_m2) > AREA_TOLERANCE_REL * stated_m2) {
      warn(
        `${what}: its outline encloses ${round(outline_m2, 2)} m² but dimensionEstimates states ${
          round(stated_m2, 2)
        } m²`,
      );
    }
  }
  return height_m;
}

/** What the rooms' reading tells the report: no Property Intelligence, or what was mapped. */
function reportRooms(
  b: Build,
  errors: GqlError[],
  roomsValue: MpModel["rooms"],
  roomsIn: MpRoom[],
): void {
  const { report, warn, rooms, tally } = b;
  const pi = rooms.length > 0;
  if (!pi) {
    const piErrors = errors.filter((e) => Array.isArray(e.path) && e.path.includes("rooms"));
    const because = roomsValue === null || roomsValue === undefined
      ? "the response has no rooms"
      : roomsIn.length === 0
      ? "the model has no rooms"
      : `none of its ${roomsIn.length} rooms has a usable boundary`;
    report.lacking.push(
      `no Property Intelligence data (${because}${
        piErrors.length ? `; ${piErrors.map(errorLine).join("; ")}` : ""
      }): ${PI_WHY}. The plan has floors and sweeps, but no rooms, openings or room heights`,
    );
  } else {
    report.mapped.push(
      `${rooms.length} rooms from Property Intelligence boundaries (edges chained by shared vertex ids)`,
    );
    const noBoundary = roomsIn.length - tally.withBoundary;
    if (noBoundary > 0) warn(`${noBoundary} room(s) have no boundary edges; skipped`);
  }
  if (tally.holeCount) {
    report.assumptions.push(
      `${tally.holeCount} hole(s) inside rooms (${
        round(tally.holeArea, 3)
      } m² in all) are not cut out of the room polygons: the plan has no holes, and a hole is usually another room`,
    );
  }
  if (tally.imperialRooms) {
    report.assumptions.push(
      `${tally.imperialRooms} room(s) answered dimension estimates in imperial units; converted exactly (1 ft = 0.3048 m, 1 ft² = 0.09290304 m²)`,
    );
  }
  if (tally.unitless) {
    report.assumptions.push(
      `${tally.unitless} room(s) state no units for their dimension estimates; metric assumed (the query asks for units: metric)`,
    );
  }
  if (tally.areasChecked) {
    report.mapped.push(
      `${tally.areasChecked} room outline(s) checked against the stated floor area (within ${
        AREA_TOLERANCE_REL * 100
      } %)`,
    );
  }
  if (tally.chosenByConfidence) {
    report.assumptions.push(
      `${tally.chosenByConfidence} multi-type room(s) take the label of their most confident classification; all types are kept in the name`,
    );
  }
}

/** Sweeps from locations: each with a position, on a known floor, in its room when imported. */
function readSweeps(b: Build, model: MpModel): MatterportPlan["sweeps"] {
  const sweeps: MatterportPlan["sweeps"] = [];
  list(model.locations).forEach((l, i) => {
    const lid = str(l.id) ?? `location${i}`;
    const p = l.position;
    const x = num(p?.x), y = num(p?.y), z = num(p?.z);
    if (x === undefined || y === undefined || z === undefined) {
      return b.warn(`locations[${i}] (${lid}): no position; skipped`);
    }
    const floor = b.floorOf(l.floor, `locations[${i}] (${lid})`);
    if (!floor) return;
    const rid = str(l.room?.id);
    sweeps.push({
      id: lid,
      floor,
      ...(rid && b.roomIds.has(rid) ? { room: rid } : {}),
      at: [x, y, z],
    });
  });
  return sweeps;
}

/** Floor elevations: the lowest room lowerElevation on the floor, else the lowest sweep anchor. */
function floorElevations(b: Build, sweeps: MatterportPlan["sweeps"]): void {
  const { report, rooms, roomElevation } = b;
  let fromRooms = 0, fromSweeps = 0, fromNothing = 0;
  for (const f of b.floors) {
    importTick();
    const lows = rooms.filter((r) => r.floor === f.id && roomElevation.has(r.id)).map((r) =>
      roomElevation.get(r.id)!
    );
    const zs = sweeps.filter((s) => s.floor === f.id).map((s) => s.at[2]);
    if (lows.length) {
      f.elevation_m = Math.min(...lows);
      fromRooms++;
    } else if (zs.length) {
      f.elevation_m = round(Math.min(...zs));
      fromSweeps++;
    } else fromNothing++;
  }
  if (fromRooms) {
    report.assumptions.push(
      `${fromRooms} floor elevation(s) from the lowest room lowerElevation on the floor`,
    );
  }
  if (fromSweeps) {
    report.assumptions.push(
      `${fromSweeps} floor elevation(s) from the lowest sweep location on the floor (locations lie on the floor)`,
    );
  }
  if (fromNothing) {
    report.assumptions.push(
      `${fromNothing} floor(s) have no rooms or sweeps; elevation 0 m assumed`,
    );
  }
}

/**
 * Openings: each once, on its edge at `relativeCenter` (the middle when absent), between the
 * rooms sharing the edge (null: the outside); one touching a room not imported is skipped.
 */
function placeOpenings(b: Build): MatterportPlan["openings"] {
  const { warn, roomIds, edgeOwners, floors } = b;
  const roomFloor = new Map(b.rooms.map((r) => [r.id, r.floor]));
  const openings: MatterportPlan["openings"] = [];
  const openingSeen = new Set<string>();
  let placedCentre = 0;
  for (const { room, edge, keys, o, hole } of b.pendingOpenings) {
    importTick();
    const vs = list(edge.vertices);
    const oid = str(o.id) ?? `${keys[0]}@${o.relativeCenter ?? "mid"}`;
    if (openingSeen.has(oid)) continue;
    openingSeen.add(oid);
    const owners = new Set<string>();
    for (const k of keys) for (const r of edgeOwners.get(k) ?? []) owners.add(r);
    const lost = [...owners].filter((r) => !roomIds.has(r));
    if (lost.length || !roomIds.has(room)) {
      warn(
        `opening ${oid}: it touches room ${
          lost.join(", ") || room
        }, which was not imported; skipped`,
      );
      continue;
    }
    const sides = [...owners];
    if (sides.length === 1 && hole) {
      warn(
        `opening ${oid}: it lies on a hole of room ${room} and no imported room fills the hole; skipped`,
      );
      continue;
    }
    if (sides.length > 2) {
      warn(`opening ${oid}: its edge is shared by ${sides.length} rooms; the first two are used`);
    }
    const width = num(o.width);
    if (width === undefined || width <= 0) {
      warn(`opening ${oid}: no width; skipped`);
      continue;
    }
    let rc = num(o.relativeCenter);
    if (rc === undefined) {
      rc = 0.5;
      placedCentre++;
    }
    const [a, z] = vs.map((v) => [v.position!.x!, v.position!.y!] as Point);
    const at: Point = [round(a[0] + rc * (z[0] - a[0])), round(a[1] + rc * (z[1] - a[1]))];
    const type = (o.type ?? "").toLowerCase();
    const kind = type === "doorway" || type === "door"
      ? "door"
      : type === "window"
      ? "window"
      : "opening";
    if (!["doorway", "door", "window", "opening"].includes(type)) {
      warn(`opening ${oid}: unknown type "${o.type}"; kept as an opening`);
    }
    const floor = roomFloor.get(room)!;
    const h = num(o.height);
    const low = num(o.lowerElevation);
    openings.push({
      id: oid,
      kind,
      floor,
      between: [sides[0], sides[1] ?? null],
      at,
      width_m: width,
      ...(h !== undefined && h > 0 ? { height_m: h } : {}),
    });
    const sill = low !== undefined && kind === "window"
      ? round(low - floors.find((f) => f.id === floor)!.elevation_m)
      : undefined;
    if (sill !== undefined && sill >= 0) openings[openings.length - 1].sill_m = sill;
  }
  if (placedCentre) {
    b.report.assumptions.push(
      `${placedCentre} opening(s) have no relativeCenter and are placed at the middle of their edge`,
    );
  }
  return openings;
}
