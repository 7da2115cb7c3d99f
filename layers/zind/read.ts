/**
 * ZInD `zind_data.json` -> plan. Follows zillow/zind@06cfdbf: `data_organization.md` (the
 * merger tree floor -> complete_room -> partial_room -> pano, and layouts), `code/floor_plan.py`
 * (a complete room's geometry is its panos' `layout_complete`; W/D/O are 3 entries each: left
 * (x,y), right (x,y), (bottom z, top z)), `code/transformations.py` (local -> global:
 * `(v · R) · scale + translation`, R = [[cos θ, sin θ], [−sin θ, cos θ]]; floor at z = −camera
 * height, ceiling at ceiling_height − camera_height) and `code/partition_zind.py` (metres =
 * local · floor_plan_transformation.scale · scale_meters_per_coordinate[floor]).
 */
import { dirname, resolve } from "node:path";
import { InputError } from "../../ground/errors.ts";
import type { PlanInput, Point, RoomLabel } from "../../ground/plan.ts";
import type { ImportReport } from "../types.ts";
import {
  area_m2,
  counterClockwise,
  minAreaRectangle,
  pointInRing,
  round4,
  simplifyRing,
} from "../../engines/geometry/polygon.ts";
import { roomLabelFromName } from "../room_labels.ts";
import { ticker } from "../../ground/budget.ts";

/** The import's time limit, checked in the loops that grow with the file (layers/mod.ts). */
const importTick = ticker(64);

/**
 * The plan direction of a ZInD panorama's centre column, degrees counter-clockwise from the plan's
 * +x axis. zind `code/transformations.py` `cartesian_to_sphere` puts azimuth θ = atan2(−x, y) and
 * `sphere_to_pixel` puts θ = 0 at the centre column, so the centre column looks along local +y;
 * `to_global` takes local (0, 1) to (−sin r, cos r) and the plan negates y. Columns to the right
 * (θ > 0, local −x) turn clockwise in the plan.
 */
export function zindHeadingDeg(t: ZindTransform): number {
  const r = (t.rotation * Math.PI) / 180;
  const deg = (Math.atan2(-Math.cos(r), -Math.sin(r)) * 180) / Math.PI;
  return round4(deg);
}

/** One pano's `floor_plan_transformation` (zind `Transformation2D.from_zind_data`). */
export interface ZindTransform {
  translation: [number, number];
  rotation: number;
  scale: number;
}

/**
 * Local layout coordinates -> plan metres: ZInD's `to_global` (row vector times R, times the
 * pano's scale, plus translation) times `scale_meters_per_coordinate`, with y negated so the
 * plan (y up) is not mirrored against ZInD's floor-plan images (y down).
 */
export function zindToPlanMetres(v: Point, t: ZindTransform, metresPerCoordinate: number): Point {
  const th = (t.rotation * Math.PI) / 180;
  const c = Math.cos(th), s = Math.sin(th);
  const gx = (v[0] * c - v[1] * s) * t.scale + t.translation[0];
  const gy = (v[0] * s + v[1] * c) * t.scale + t.translation[1];
  return [round4(gx * metresPerCoordinate), round4(-gy * metresPerCoordinate)];
}

interface Pano {
  key: string;
  path: string;
  label: string;
  is_primary: boolean;
  is_inside: boolean;
  is_ceiling_flat: boolean;
  ceiling_height: number;
  camera_height: number;
  image_path?: string;
  t: ZindTransform;
  layout_raw?: Layout;
  layout_complete?: Layout;
}
interface Layout {
  vertices: Point[];
  doors: number[][];
  windows: number[][];
  openings: number[][];
  internal: Point[][];
}

/** One door/window/opening as one room's layout states it, in plan metres. */
interface Wdo {
  room: string;
  kind: "door" | "window" | "opening";
  left: Point;
  right: Point;
  mid: Point;
  width_m: number;
  height_m: number;
  bottom_m: number;
  /** The area of the room whose layout states it (the larger room's annotation is kept). */
  roomArea_m2: number;
}

/** The largest distance (m) between two rooms' annotations of one door for them to be matched. */
export const WDO_MATCH_M = 0.6;

const bad = (ref: string, path: string, problem: string) =>
  new InputError(ref, `${path}: ${problem}`, { code: "zind.bad_field", data: { path } });

function isObj(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

function num(ref: string, path: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isFinite(v)) {
    throw bad(ref, path, `must be a number, got ${JSON.stringify(v)}`);
  }
  return v;
}

/**
 * A scale: a positive number. A negative one would mirror the layout and be read as its
 * size (areas come out positive either way), so it is refused, not used.
 */
function positive(ref: string, path: string, v: unknown): number {
  const n = num(ref, path, v);
  if (!(n > 0)) throw bad(ref, path, `must be a positive scale, got ${JSON.stringify(v)}`);
  return n;
}

function points(ref: string, path: string, v: unknown, min = 0): Point[] {
  if (!Array.isArray(v)) throw bad(ref, path, "must be a list of [x, y] points");
  const out = v.map((p, i) => {
    if (!Array.isArray(p) || p.length < 2) throw bad(ref, `${path}[${i}]`, "must be [x, y]");
    return [num(ref, `${path}[${i}][0]`, p[0]), num(ref, `${path}[${i}][1]`, p[1])] as Point;
  });
  if (out.length < min) throw bad(ref, path, `needs at least ${min} points, got ${out.length}`);
  return out;
}

function layout(ref: string, path: string, v: unknown): Layout | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObj(v)) throw bad(ref, path, "must be an object with vertices, doors, windows, openings");
  const wdo = (k: string) => {
    const list = points(ref, `${path}.${k}`, v[k] ?? []);
    if (list.length % 3 !== 0) {
      throw bad(
        ref,
        `${path}.${k}`,
        `has ${list.length} entries; ZInD stores 3 per element (left, right, [bottom z, top z])`,
      );
    }
    return list;
  };
  const internal = Array.isArray(v.internal)
    ? v.internal.map((r, i) => points(ref, `${path}.internal[${i}]`, r, 3))
    : [];
  return {
    vertices: points(ref, `${path}.vertices`, v.vertices, 3),
    doors: wdo("doors"),
    windows: wdo("windows"),
    openings: wdo("openings"),
    internal,
  };
}

function pano(ref: string, path: string, key: string, v: unknown): Pano {
  if (!isObj(v)) throw bad(ref, path, "must be an object (a pano)");
  const t = v.floor_plan_transformation;
  if (!isObj(t)) throw bad(ref, `${path}.floor_plan_transformation`, "is missing");
  const tr = points(ref, `${path}.floor_plan_transformation.translation`, [t.translation], 1)[0];
  return {
    key,
    path,
    label: typeof v.label === "string" ? v.label : "",
    is_primary: v.is_primary === true,
    is_inside: v.is_inside !== false,
    is_ceiling_flat: v.is_ceiling_flat !== false,
    ceiling_height: num(ref, `${path}.ceiling_height`, v.ceiling_height),
    camera_height: typeof v.camera_height === "number" ? v.camera_height : 1,
    image_path: typeof v.image_path === "string" ? v.image_path : undefined,
    t: {
      translation: tr,
      rotation: num(ref, `${path}.floor_plan_transformation.rotation`, t.rotation),
      scale: positive(ref, `${path}.floor_plan_transformation.scale`, t.scale),
    },
    layout_raw: layout(ref, `${path}.layout_raw`, v.layout_raw),
    layout_complete: layout(ref, `${path}.layout_complete`, v.layout_complete),
  };
}

const sorted = (o: Record<string, unknown>) =>
  Object.keys(o).sort((a, b) => a.localeCompare(b, "en", { numeric: true }));

const shortKey = (k: string) => k.replace(/^complete_room_/, "room_").replace(/^floor_/, "f");

/** Whether parsed JSON has ZInD's top-level keys (`merger` and `scale_meters_per_coordinate`). */
export function looksLikeZind(v: unknown): boolean {
  return isObj(v) && isObj(v.merger) && isObj(v.scale_meters_per_coordinate);
}

/**
 * Builds a plan from parsed `zind_data.json`: one floor per merger floor, one room per complete
 * room (its merged `layout_complete`, in metres), doors/windows/openings matched across the rooms
 * that both show them, ceiling heights, `internal` polygons as objects, every pano as a sweep.
 * Throws an {@link InputError} naming `ref` and the JSON path of what is wrong.
 */
export function zindPlan(
  data: unknown,
  ref: string,
  id?: string,
): { plan: PlanInput; report: ImportReport } {
  if (!looksLikeZind(data)) {
    throw new InputError(
      ref,
      'not ZInD data: expected a JSON object with "merger" and "scale_meters_per_coordinate"',
    );
  }
  const d = data as ZindData;
  const report: ImportReport = {
    format: "zind",
    mapped: [],
    lacking: [],
    assumptions: [
      "Lengths are ZInD layout coordinates × the pano's floor_plan_transformation.scale × the floor's scale_meters_per_coordinate (zind code/partition_zind.py); heights (ceilings, doors, windows, camera) use the same factor, since ZInD normalises them with the camera height (data_organization.md).",
      "y is negated so the plan (y up) looks like ZInD's floor-plan images (y down), not mirrored.",
      "Floor elevations are not in ZInD: every floor is at 0 m, and sweep heights are camera heights above their floor.",
    ],
    warnings: [],
    counts: {},
  };
  const plan: ZindPlanInput = {
    id: id ?? defaultId(ref),
    name: `ZInD tour ${basenameDir(ref)}`.trim(),
    source: { format: "zind", ref },
    floors: [],
    rooms: [],
    openings: [],
    verticals: [],
    objects: [],
    sweeps: [],
  };
  const tally: Tally = {
    counts: { floors: 0, complete_rooms: 0, partial_rooms: 0, panos: 0, primary_panos: 0 },
    flatless: 0,
    merged: 0,
    internals: 0,
    oneSided: 0,
    heights: [],
  };
  const into = { ref, plan, report, tally };
  sorted(d.merger).forEach((fk, fi) => readFloor(into, d, fk, fi));
  summarise(into, data as Record<string, unknown>);
  return { plan, report };
}

type ZindData = {
  merger: Record<string, unknown>;
  scale_meters_per_coordinate: Record<string, unknown>;
};

type ZindPlanInput =
  & Required<Pick<PlanInput, "floors" | "rooms" | "openings" | "objects" | "sweeps">>
  & PlanInput;

/** What the import counts as it goes, for the report. */
interface Tally {
  counts: {
    floors: number;
    complete_rooms: number;
    partial_rooms: number;
    panos: number;
    primary_panos: number;
  };
  /** Partial rooms with a ceiling that is not flat. */
  flatless: number;
  /** Rooms merging partial rooms of different labels. */
  merged: number;
  /** `internal` polygons kept as objects. */
  internals: number;
  /** Doors and openings shown by one room only. */
  oneSided: number;
  heights: number[];
}

/** Where the import writes: the source's name, the plan and report built, the tally. */
interface Into {
  ref: string;
  plan: ZindPlanInput;
  report: ImportReport;
  tally: Tally;
}

/** A floor being read: its id and scale, and what its rooms give before they are matched. */
interface FloorWork {
  floorId: string;
  /** Metres per coordinate of this floor. */
  smpc: number;
  rings: Map<string, Point[]>;
  wdos: Wdo[];
  sweeps: {
    id: string;
    at: [number, number, number];
    own: string;
    image?: string;
    heading_deg: number;
  }[];
}

/**
 * One merger floor: its complete rooms (each a room with its openings, internal objects and
 * panoramas), then the sweeps placed in the rooms they stand in and the openings matched
 * across rooms. A floor without a scale is listed as lacking, its rooms left out.
 */
function readFloor(into: Into, d: ZindData, fk: string, fi: number): void {
  const { ref, plan, report, tally } = into;
  const fpath = `merger.${fk}`;
  const floor = d.merger[fk];
  if (!isObj(floor)) throw bad(ref, fpath, "must be an object of complete rooms");
  const floorId = shortKey(fk);
  tally.counts.floors++;
  plan.floors.push({ id: floorId, name: fk, index: fi, elevation_m: 0 });
  const smpcRaw = d.scale_meters_per_coordinate[fk];
  const smpc = smpcRaw === null || smpcRaw === undefined
    ? undefined
    : positive(ref, `scale_meters_per_coordinate.${fk}`, smpcRaw);
  const work: FloorWork = { floorId, smpc: smpc ?? NaN, rings: new Map(), wdos: [], sweeps: [] };
  for (const ck of sorted(floor)) {
    importTick();
    const cpath = `${fpath}.${ck}`;
    const complete = floor[ck];
    if (!isObj(complete)) throw bad(ref, cpath, "must be an object of partial rooms");
    tally.counts.complete_rooms++;
    const { panos, partials } = readPartials(ref, cpath, complete, tally);
    if (smpc === undefined) continue;
    readRoom(into, work, { key: ck, path: cpath, panos, partials });
  }
  if (smpc === undefined) {
    report.lacking.push(
      `${fk}: scale_meters_per_coordinate is null, so its rooms cannot be put in metres (ZInD README FAQ); its rooms, openings and sweeps are left out.`,
    );
    return;
  }
  placeSweeps(plan, work);
  tally.oneSided += matchOpenings(plan, work);
}

/** A complete room's partial rooms, their panos read and counted, and the primary of each. */
function readPartials(ref: string, cpath: string, complete: Record<string, unknown>, tally: Tally) {
  const panos: Pano[] = [];
  const partials: PartialRoom[] = [];
  for (const pk of sorted(complete)) {
    importTick();
    const ppath = `${cpath}.${pk}`;
    const partial = complete[pk];
    if (!isObj(partial)) throw bad(ref, ppath, "must be an object of panos");
    tally.counts.partial_rooms++;
    const ps = sorted(partial).map((k) => pano(ref, `${ppath}.${k}`, k, partial[k]));
    tally.counts.panos += ps.length;
    tally.counts.primary_panos += ps.filter((p) => p.is_primary).length;
    panos.push(...ps);
    partials.push({ key: pk, primary: ps.find((p) => p.is_primary) ?? ps[0], panos: ps });
  }
  return { panos, partials };
}

/** A partial room of a complete one: its panos and the one that stands for it. */
type PartialRoom = { key: string; primary?: Pano; panos: Pano[] };

/**
 * A complete room: its polygon from a pano's merged layout (a primary pano's first), its label
 * from the partial room covering most floor, the lowest partial ceiling as its height; then
 * its doors, windows and openings, internal polygons and panoramas.
 */
function readRoom(
  into: Into,
  work: FloorWork,
  c: { key: string; path: string; panos: Pano[]; partials: PartialRoom[] },
): void {
  const { plan, report, tally } = into;
  const { floorId, smpc } = work;
  const roomId = `${floorId}_${shortKey(c.key)}`;
  // zind floor_plan.py takes the first pano's layout_complete as the complete room; prefer a primary.
  const rep = c.panos.find((p) => p.is_primary && p.layout_complete) ??
    c.panos.find((p) => p.layout_complete);
  if (!rep) {
    report.warnings.push(`${c.path}: no pano has a layout_complete; room skipped`);
    return;
  }
  const lc = rep.layout_complete!;
  const polygon = counterClockwise(
    simplifyRing(lc.vertices.map((v) => zindToPlanMetres(v, rep.t, smpc))),
  );
  if (polygon.length < 3) {
    report.warnings.push(
      `${rep.path}.layout_complete.vertices: degenerate polygon; room skipped`,
    );
    return;
  }
  work.rings.set(roomId, polygon);
  // Label: the partial room covering the most floor (by its primary pano's layout_raw).
  const byLabel = new Map<string, number>();
  const partialHeights: number[] = [];
  for (const pr of c.partials) {
    importTick();
    const p = pr.primary;
    if (!p) continue;
    const a = p.layout_raw
      ? area_m2(p.layout_raw.vertices.map((v) => zindToPlanMetres(v, p.t, smpc)))
      : 0;
    byLabel.set(p.label, (byLabel.get(p.label) ?? 0) + a);
    partialHeights.push(p.ceiling_height * p.t.scale * smpc);
    if (!p.is_ceiling_flat) tally.flatless++;
  }
  const labels = [...byLabel.entries()].sort((a, b) => b[1] - a[1]).map(([l]) => l);
  if (labels.length > 1) tally.merged++;
  const height_m = round4(Math.min(...partialHeights));
  tally.heights.push(height_m);
  plan.rooms.push({
    id: roomId,
    floor: floorId,
    ...roomNaming(labels),
    polygon,
    height_m,
  });
  if (partialHeights.length > 1) {
    const lo = Math.min(...partialHeights), hi = Math.max(...partialHeights);
    if (hi - lo > 0.005) {
      report.assumptions.push(
        `${roomId} (${
          labels.join(" + ")
        }): merged from ${c.partials.length} partial rooms with ceilings ${lo.toFixed(2)}–${
          hi.toFixed(2)
        } m; the lowest is kept as the room's height.`,
      );
    }
  }
  roomOpenings(report, work, roomId, rep, polygon);
  roomInternals(into, work, roomId, rep);
  for (const p of c.panos) {
    importTick();
    const at = zindToPlanMetres([0, 0], p.t, smpc);
    work.sweeps.push({
      id: `${floorId}_${p.key}`,
      at: [at[0], at[1], round4(p.camera_height * p.t.scale * smpc)],
      own: roomId,
      image: p.image_path && !/^[a-z]+:\/\//i.test(into.ref)
        ? resolve(dirname(into.ref), p.image_path)
        : p.image_path,
      heading_deg: zindHeadingDeg(p.t),
    });
  }
}

/** Doors, windows, openings of a room, from its merged layout: to be matched across rooms. */
function roomOpenings(
  report: ImportReport,
  work: FloorWork,
  roomId: string,
  rep: Pano,
  polygon: Point[],
): void {
  const lc = rep.layout_complete!;
  const { smpc } = work;
  const m = rep.t.scale * smpc; // metres per local unit
  for (const kind of ["doors", "windows", "openings"] as const) {
    const list = lc[kind];
    for (let i = 0; i + 2 < list.length; i += 3) {
      importTick();
      const left = zindToPlanMetres(list[i] as Point, rep.t, smpc);
      const right = zindToPlanMetres(list[i + 1] as Point, rep.t, smpc);
      const [bz, tz] = list[i + 2];
      const width_m = Math.hypot(right[0] - left[0], right[1] - left[1]);
      if (!(width_m > 0)) {
        report.warnings.push(`${rep.path}.layout_complete.${kind}[${i}]: zero width; skipped`);
        continue;
      }
      work.wdos.push({
        room: roomId,
        kind: kind === "doors" ? "door" : kind === "windows" ? "window" : "opening",
        left,
        right,
        mid: [(left[0] + right[0]) / 2, (left[1] + right[1]) / 2],
        width_m,
        height_m: Math.abs(tz - bz) * m,
        bottom_m: (bz + rep.camera_height) * m,
        roomArea_m2: area_m2(polygon),
      });
    }
  }
}

/** A room's `internal` polygons (kitchen islands, columns) as objects: their least box. */
function roomInternals(into: Into, work: FloorWork, roomId: string, rep: Pano): void {
  rep.layout_complete!.internal.forEach((ring, k) => {
    const r = ring.map((v) => zindToPlanMetres(v, rep.t, work.smpc));
    const box = minAreaRectangle(r);
    if (!(box.size[0] > 0 && box.size[1] > 0)) return;
    into.tally.internals++;
    into.plan.objects.push({
      id: `${roomId}_internal_${k + 1}`,
      floor: work.floorId,
      room: roomId,
      label: "internal structure",
      center: [round4(box.center[0]), round4(box.center[1])],
      size: [round4(box.size[0]), round4(box.size[1])],
      yaw_deg: round4(box.angle_deg),
    });
  });
}

/** Sweeps: the room the camera stands in (panos shot from outside a closet lie elsewhere). */
function placeSweeps(plan: ZindPlanInput, work: FloorWork): void {
  for (const s of work.sweeps) {
    const p: Point = [s.at[0], s.at[1]];
    const own = work.rings.get(s.own);
    const room = own && pointInRing(p, own)
      ? s.own
      : [...work.rings.entries()].find(([, r]) => pointInRing(p, r))?.[0];
    plan.sweeps.push({
      id: s.id,
      floor: work.floorId,
      room,
      at: s.at,
      image: s.image,
      heading_deg: s.heading_deg,
    });
  }
}

/**
 * One opening per physical element: the two rooms' annotations of it are matched (nearest
 * first, within WDO_MATCH_M and of similar width). Returns how many doors and openings only
 * one room shows.
 */
function matchOpenings(plan: ZindPlanInput, work: FloorWork): number {
  const { wdos, floorId } = work;
  const pairs: { i: number; j: number; d: number }[] = [];
  for (let i = 0; i < wdos.length; i++) {
    importTick();
    for (let j = i + 1; j < wdos.length; j++) {
      importTick();
      const a = wdos[i], b = wdos[j];
      if (a.room === b.room || (a.kind === "window") !== (b.kind === "window")) continue;
      const dist = Math.hypot(a.mid[0] - b.mid[0], a.mid[1] - b.mid[1]);
      const ratio = a.width_m / b.width_m;
      if (dist <= WDO_MATCH_M && ratio > 0.5 && ratio < 2) pairs.push({ i, j, d: dist });
    }
  }
  pairs.sort((a, b) => a.d - b.d);
  const used = new Set<number>();
  const counter = { door: 0, window: 0, opening: 0 };
  const emit = (a: Wdo, b?: Wdo) => {
    const kind = a.kind === "door" || b?.kind === "door" ? "door" : a.kind;
    // Small rooms (closets) are often annotated from outside: the larger room's annotation wins.
    const main = b && b.roomArea_m2 > a.roomArea_m2 ? b : a;
    const { width_m, height_m, bottom_m } = main;
    const at: Point = b ? [(a.mid[0] + b.mid[0]) / 2, (a.mid[1] + b.mid[1]) / 2] : a.mid;
    counter[kind]++;
    plan.openings.push({
      id: `${floorId}_${kind}_${counter[kind]}`,
      kind,
      floor: floorId,
      between: [a.room, b ? b.room : null],
      at: [round4(at[0]), round4(at[1])],
      width_m: round4(width_m),
      ...(height_m > 0 ? { height_m: round4(height_m) } : {}),
      ...(kind === "window" ? { sill_m: round4(Math.max(0, bottom_m)) } : {}),
    });
  };
  for (const { i, j } of pairs) {
    importTick();
    if (used.has(i) || used.has(j)) continue;
    used.add(i), used.add(j);
    emit(wdos[i], wdos[j]);
  }
  let oneSided = 0;
  wdos.forEach((w, i) => {
    if (used.has(i)) return;
    if (w.kind !== "window") oneSided++;
    emit(w);
  });
  return oneSided;
}

/** The report's counts, what was mapped, the assumptions the tally calls for, what ZInD lacks. */
function summarise({ plan, report, tally }: Into, data: Record<string, unknown>): void {
  const { counts, heights, internals, merged, oneSided, flatless } = tally;
  report.counts = { ...counts, rooms: plan.rooms.length, openings: plan.openings.length };
  const nDoors = plan.openings.filter((o) => o.kind === "door").length;
  const nWin = plan.openings.filter((o) => o.kind === "window").length;
  const nOpen = plan.openings.filter((o) => o.kind === "opening").length;
  report.mapped.push(
    `${plan.floors.length} floor(s) from merger`,
    `${plan.rooms.length} rooms from the merged layouts (layout_complete) of ${counts.complete_rooms} complete rooms; the ${counts.partial_rooms} partial rooms they merge are not rooms of their own`,
    `${nDoors} doors, ${nWin} windows, ${nOpen} openings with widths and heights (from the layouts' left/right points and bottom/top z)`,
    `ceiling heights for ${heights.length} rooms` +
      (heights.length
        ? ` (${Math.min(...heights).toFixed(2)}–${Math.max(...heights).toFixed(2)} m)`
        : ""),
    `${plan.sweeps.length} panoramas as sweeps (camera position, height and heading)`,
  );
  if (internals) {
    report.mapped.push(`${internals} internal polygon(s) (e.g. kitchen islands) as objects`);
  }
  if (merged) {
    report.assumptions.push(
      `${merged} room(s) merge partial rooms with different labels: the label covering the most floor is used and all labels are kept in the name.`,
    );
  }
  if (oneSided) {
    report.assumptions.push(
      `${oneSided} door(s)/opening(s) appear in one room's layout only: they are taken to lead outside or to a space that was not scanned (between: [room, null]). Doors shown by two rooms within ${WDO_MATCH_M} m are one door, with the size annotated in the larger room (small closets are often annotated from outside).`,
    );
  }
  if (flatless) {
    report.assumptions.push(
      `${flatless} partial room(s) have a complex (not flat) ceiling: ZInD's ceiling height for them is an approximation.`,
    );
  }
  report.lacking.push(
    "no stairs, lifts or ramps (ZInD has none)",
    "no floor elevations or site location",
    "no clear door widths: width_m is the annotated opening width",
  );
  const redraw = isObj(data.redraw) ? data.redraw : {};
  const redrawRooms = Object.values(redraw).reduce<number>(
    (n, f) => n + (isObj(f) ? Object.keys(f).length : 0),
    0,
  );
  if (redrawRooms) {
    report.assumptions.push(
      `The redraw geometry (${redrawRooms} rooms) is not used: it is a cleaned-up drawing that ZInD says does not align perfectly with the measured merger layouts.`,
    );
  }
}

function basenameDir(ref: string): string {
  const parts = ref.split(/[\\/]/).filter(Boolean);
  return parts.length > 1 ? parts[parts.length - 2] : "";
}

function defaultId(ref: string): string {
  const dir = basenameDir(ref).toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "");
  return dir ? `zind-${dir}` : "zind";
}

/**
 * A merged room's label (the part covering most floor, labels sorted by area), its name (every
 * part's label) and, for an open plan, every part's label on the plan vocabulary.
 */
function roomNaming(labels: string[]): { label: RoomLabel; name?: string; parts?: RoomLabel[] } {
  return {
    label: roomLabelFromName(labels[0]),
    name: labels.join(" + ") || undefined,
    ...(labels.length > 1 ? { parts: [...new Set(labels.map(roomLabelFromName))] } : {}),
  };
}
