/**
 * Matterport3D `.house` files (niessner/Matterport `data_organization.md`; reader and writer
 * `code/gaps/apps/mpview/mp.cpp` ReadAsciiFile/WriteAsciiFile; shared/reference/data-formats.md §2):
 * ASCII, whitespace-separated, metres, z up. `ASCII 1.1`, then H, then blocks in this order with
 * the counts the H line states: L levels, R regions, P portals, S surfaces, V vertices,
 * P panoramas, I images, C categories, O objects, E segments. Version 1.0 headers have no
 * segment, object, category or portal counts.
 */
import { InputError } from "../../ground/errors.ts";
import type { Plan, Point, RoomLabel } from "../../ground/plan.ts";
import type { ImportReport } from "../types.ts";
import {
  counterClockwise,
  edgeDistance_m,
  pointInRing,
  signedArea_m2,
} from "../../engines/geometry/polygon.ts";
import { ticker } from "../../ground/budget.ts";
import { round } from "../../ground/text.ts";

/** The import's time limit, checked in the loops that grow with the file (layers/mod.ts). */
const importTick = ticker(64);

type V3 = [number, number, number];
type Box = [number, number, number, number, number, number];

/** The H line: house name and label, the counts of every block, and the bounding box. */
export interface HouseHeader {
  name: string;
  label: string;
  version: string;
  counts: Record<HouseBlock, number>;
  bbox: Box;
}
export interface HouseLevel {
  index: number;
  label: string;
  position: V3;
  bbox: Box;
}
export interface HouseRegion {
  index: number;
  level: number;
  label: string;
  position: V3;
  bbox: Box;
  height_m: number;
}
export interface HousePortal {
  index: number;
  regions: [number, number];
  label: string;
  p0: V3;
  p1: V3;
}
export interface HouseSurface {
  index: number;
  region: number;
  label: string;
  position: V3;
  normal: V3;
  bbox: Box;
}
export interface HouseVertex {
  index: number;
  surface: number;
  label: string;
  position: V3;
  normal: V3;
}
export interface HousePanorama {
  name: string;
  index: number;
  region: number;
  position: V3;
}
export interface HouseImage {
  index: number;
  panorama: number;
  name: string;
  camera: number;
  yaw: number;
  /** Camera extrinsics, 4×4 row-major. */
  extrinsics: number[];
  /** Camera intrinsics, 3×3 row-major. */
  intrinsics: number[];
  width: number;
  height: number;
  position: V3;
}
export interface HouseCategory {
  index: number;
  /** Index and raw name in category_mapping.tsv ('#' in the file is a space). */
  mapping_index: number;
  mapping_name: string;
  /** mpcat40 index and name (metadata/mpcat40.tsv). */
  mpcat40_index: number;
  mpcat40_name: string;
}
export interface HouseObject {
  index: number;
  region: number;
  category: number;
  center: V3;
  axis0: V3;
  axis1: V3;
  /** Half-extents along axis0, axis1 and axis0 × axis1. */
  radii: V3;
}
export interface HouseSegment {
  index: number;
  object: number;
  id: number;
  area_m2: number;
  position: V3;
  bbox: Box;
}
/** A parsed `.house` file, every block in file order. */
export interface House {
  header: HouseHeader;
  levels: HouseLevel[];
  regions: HouseRegion[];
  portals: HousePortal[];
  surfaces: HouseSurface[];
  vertices: HouseVertex[];
  panoramas: HousePanorama[];
  images: HouseImage[];
  categories: HouseCategory[];
  objects: HouseObject[];
  segments: HouseSegment[];
}

/** The blocks of a `.house` file in the order the reader expects them. */
export const HOUSE_BLOCKS = [
  { block: "levels", letter: "L", what: "level", tokens: 12 },
  { block: "regions", letter: "R", what: "region", tokens: 15 },
  { block: "portals", letter: "P", what: "portal", tokens: 10 },
  { block: "surfaces", letter: "S", what: "surface", tokens: 16 },
  { block: "vertices", letter: "V", what: "vertex", tokens: 9 },
  { block: "panoramas", letter: "P", what: "panorama", tokens: 7 },
  { block: "images", letter: "I", what: "image", tokens: 35 },
  { block: "categories", letter: "C", what: "category", tokens: 5 },
  { block: "objects", letter: "O", what: "object", tokens: 15 },
  { block: "segments", letter: "E", what: "segment", tokens: 13 },
] as const;
export type HouseBlock = typeof HOUSE_BLOCKS[number]["block"];

/** Whether bytes begin like a `.house` file: `ASCII 1.x`, then an H line. */
export function looksLikeHouse(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 256)).trimStart();
  return /^ASCII\s+1\.[01]\s*\r?\n\s*H\s/.test(head);
}

/**
 * Parses `.house` text. Every count in the H line is checked against the lines present; a
 * mismatch, a missing token or a non-number is an InputError naming the file, the line number and
 * the line type (`house.house: line 2 (H): header says 3 R (region) lines, the file has 2`).
 */
export function parseHouse(text: string, ref: string): House {
  const lines: { no: number; tokens: string[] }[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const tokens = line.trim().split(/\s+/).filter((t) => t.length);
    if (tokens.length) lines.push({ no: i + 1, tokens });
  });
  const fail = (no: number, problem: string): never => {
    throw new InputError(ref, `line ${no}: ${problem}`);
  };
  if (!lines.length) throw new InputError(ref, "empty file; a .house file starts with ASCII 1.1");
  const [magic, version] = lines[0].tokens;
  if (magic !== "ASCII" || !["1.0", "1.1"].includes(version)) {
    fail(lines[0].no, `expected "ASCII 1.1" (or 1.0), found "${lines[0].tokens.join(" ")}"`);
  }
  const h = lines[1];
  if (!h || h.tokens[0] !== "H") {
    fail(h?.no ?? lines[0].no + 1, "expected the H (header) line after ASCII");
  }
  const hv = h.tokens.slice(1);
  const v10 = version === "1.0";
  const need = v10 ? 14 : 23;
  if (hv.length < need) {
    fail(h.no, `H (header) line has ${hv.length} fields, needs ${need}`);
  }
  const hint = (i: number, field: string) => int(hv[i], h.no, "H (header)", field, fail);
  const hnum = (i: number, field: string) => float(hv[i], h.no, "H (header)", field, fail);
  const counts = {} as Record<HouseBlock, number>;
  counts.images = hint(2, "#images");
  counts.panoramas = hint(3, "#panoramas");
  counts.vertices = hint(4, "#vertices");
  counts.surfaces = hint(5, "#surfaces");
  if (v10) {
    counts.segments =
      counts.objects =
      counts.categories =
      counts.portals =
        0;
    counts.regions = hint(6, "#regions");
    counts.levels = hint(7, "#levels");
  } else {
    counts.segments = hint(6, "#segments");
    counts.objects = hint(7, "#objects");
    counts.categories = hint(8, "#categories");
    counts.regions = hint(9, "#regions");
    counts.portals = hint(10, "#portals");
    counts.levels = hint(11, "#levels");
  }
  const b0 = v10 ? 8 : 17;
  const bbox = [0, 1, 2, 3, 4, 5].map((k) => hnum(b0 + k, "bbox")) as Box;
  const header: HouseHeader = { name: hv[0], label: hv[1], version, counts, bbox };

  // Totals first, so a wrong count is named by its line type, not by where parsing stopped.
  const body = lines.slice(2);
  const seen = new Map<string, number>();
  for (const l of body) seen.set(l.tokens[0], (seen.get(l.tokens[0]) ?? 0) + 1);
  const expected = new Map<string, { n: number; what: string[] }>();
  for (const b of HOUSE_BLOCKS) {
    const e = expected.get(b.letter) ?? { n: 0, what: [] };
    e.n += counts[b.block];
    e.what.push(`${counts[b.block]} ${b.what}`);
    expected.set(b.letter, e);
  }
  for (const [letter, e] of expected) {
    const got = seen.get(letter) ?? 0;
    if (got !== e.n) {
      const which = e.what.length > 1
        ? ` (${e.what.join(" + ")})`
        : ` (${HOUSE_BLOCKS.find((b) => b.letter === letter)!.what})`;
      fail(h.no, `H (header) says ${e.n} ${letter}${which} line(s), the file has ${got}`);
    }
  }
  for (const [letter] of seen) {
    if (!expected.has(letter)) {
      const at = body.find((l) => l.tokens[0] === letter)!;
      fail(at.no, `unknown line type "${letter}"; a .house file has H, L, R, P, S, V, I, C, O, E`);
    }
  }

  // Then the blocks in order.
  const house: House = {
    header,
    levels: [],
    regions: [],
    portals: [],
    surfaces: [],
    vertices: [],
    panoramas: [],
    images: [],
    categories: [],
    objects: [],
    segments: [],
  };
  let at = 0;
  for (const b of HOUSE_BLOCKS) {
    for (let k = 0; k < counts[b.block]; k++) {
      importTick();
      const line = body[at++];
      const type = `${b.letter} (${b.what})`;
      if (!line || line.tokens[0] !== b.letter) {
        fail(
          line?.no ?? lines[lines.length - 1].no,
          `expected ${type} line ${k + 1} of ${counts[b.block]}, found ${
            line ? `a ${line.tokens[0]} line` : "the end of the file"
          }`,
        );
      }
      const t = line.tokens.slice(1);
      if (t.length < b.tokens) {
        fail(line.no, `${type} line has ${t.length} fields, needs ${b.tokens}`);
      }
      const I = (i: number, f: string) => int(t[i], line.no, type, f, fail);
      const N = (i: number, f: string) => float(t[i], line.no, type, f, fail);
      const v3 = (i: number, f: string): V3 => [N(i, f), N(i + 1, f), N(i + 2, f)];
      const box = (i: number): Box => [0, 1, 2, 3, 4, 5].map((j) => N(i + j, "bbox")) as Box;
      switch (b.block) {
        case "levels":
          house.levels.push({
            index: I(0, "level_index"),
            label: t[2],
            position: v3(3, "position"),
            bbox: box(6),
          });
          break;
        case "regions":
          house.regions.push({
            index: I(0, "region_index"),
            level: I(1, "level_index"),
            label: t[4],
            position: v3(5, "position"),
            bbox: box(8),
            height_m: N(14, "height"),
          });
          break;
        case "portals":
          house.portals.push({
            index: I(0, "portal_index"),
            regions: [I(1, "region0_index"), I(2, "region1_index")],
            label: t[3],
            p0: v3(4, "span"),
            p1: v3(7, "span"),
          });
          break;
        case "surfaces":
          house.surfaces.push({
            index: I(0, "surface_index"),
            region: I(1, "region_index"),
            label: t[3],
            position: v3(4, "position"),
            normal: v3(7, "normal"),
            bbox: box(10),
          });
          break;
        case "vertices":
          house.vertices.push({
            index: I(0, "vertex_index"),
            surface: I(1, "surface_index"),
            label: t[2],
            position: v3(3, "position"),
            normal: v3(6, "normal"),
          });
          break;
        case "panoramas":
          house.panoramas.push({
            name: t[0],
            index: I(1, "panorama_index"),
            region: I(2, "region_index"),
            position: v3(4, "position"),
          });
          break;
        case "images":
          house.images.push({
            index: I(0, "image_index"),
            panorama: I(1, "panorama_index"),
            name: t[2],
            camera: I(3, "camera_index"),
            yaw: I(4, "yaw_index"),
            extrinsics: Array.from({ length: 16 }, (_, j) => N(5 + j, "extrinsics")),
            intrinsics: Array.from({ length: 9 }, (_, j) => N(21 + j, "intrinsics")),
            width: I(30, "width"),
            height: I(31, "height"),
            position: v3(32, "position"),
          });
          break;
        case "categories":
          house.categories.push({
            index: I(0, "category_index"),
            mapping_index: I(1, "category_mapping_index"),
            mapping_name: t[2].replaceAll("#", " "),
            mpcat40_index: I(3, "mpcat40_index"),
            mpcat40_name: t[4].replaceAll("#", " "),
          });
          break;
        case "objects":
          house.objects.push({
            index: I(0, "object_index"),
            region: I(1, "region_index"),
            category: I(2, "category_index"),
            center: v3(3, "center"),
            axis0: v3(6, "axis0"),
            axis1: v3(9, "axis1"),
            radii: v3(12, "radii"),
          });
          break;
        case "segments":
          house.segments.push({
            index: I(0, "segment_index"),
            object: I(1, "object_index"),
            id: I(2, "id"),
            area_m2: N(3, "area"),
            position: v3(4, "position"),
            bbox: box(7),
          });
          break;
      }
    }
  }
  checkReferences(house, ref);
  return house;
}

function int(
  s: string,
  no: number,
  type: string,
  field: string,
  fail: (no: number, p: string) => never,
): number {
  const v = Number(s);
  if (!Number.isInteger(v)) fail(no, `${type} field ${field} must be an integer, got "${s}"`);
  return v;
}

function float(
  s: string,
  no: number,
  type: string,
  field: string,
  fail: (no: number, p: string) => never,
): number {
  const v = Number(s);
  if (s === undefined || !Number.isFinite(v)) {
    fail(no, `${type} field ${field} must be a number, got "${s}"`);
  }
  return v;
}

/** Indices that point outside their block are bad input (the reader would crash on them). */
function checkReferences(h: House, ref: string): void {
  const bad: string[] = [];
  // Each index field must point into its target block; -1 means "none".
  const check = <T>(
    block: string,
    rows: T[],
    label: (row: T) => string,
    field: string,
    values: (row: T) => number[],
    target: unknown[],
  ) =>
    rows.forEach((row, i) => {
      for (const v of values(row)) {
        if (v !== -1 && !(v >= 0 && v < target.length)) {
          bad.push(`${block}[${i}] (${label(row)}): ${field} ${v} does not exist`);
        }
      }
    });
  check("regions", h.regions, (r) => `R ${r.index}`, "level", (r) => [r.level], h.levels);
  check("portals", h.portals, (p) => `P ${p.index}`, "region", (p) => p.regions, h.regions);
  check("surfaces", h.surfaces, (s) => `S ${s.index}`, "region", (s) => [s.region], h.regions);
  check("vertices", h.vertices, (v) => `V ${v.index}`, "surface", (v) => [v.surface], h.surfaces);
  check("panoramas", h.panoramas, (p) => `P ${p.name}`, "region", (p) => [p.region], h.regions);
  check("images", h.images, (m) => `I ${m.index}`, "panorama", (m) => [m.panorama], h.panoramas);
  check("objects", h.objects, (o) => `O ${o.index}`, "region", (o) => [o.region], h.regions);
  check("objects", h.objects, (o) => `O ${o.index}`, "category", (o) => [o.category], h.categories);
  check("segments", h.segments, (e) => `E ${e.index}`, "object", (e) => [e.object], h.objects);
  if (bad.length) throw new InputError(ref, bad.slice(0, 10).join("\n"));
}

/** Region label codes (data_organization.md) → plan label and a readable name. */
export const MP3D_REGION_LABELS: Readonly<Record<string, { label: RoomLabel; name: string }>> = {
  a: { label: "bathroom", name: "bathroom" },
  b: { label: "bedroom", name: "bedroom" },
  c: { label: "closet", name: "closet" },
  d: { label: "dining", name: "dining room" },
  e: { label: "entrance", name: "entryway/foyer/lobby" },
  f: { label: "living", name: "family room" },
  g: { label: "garage", name: "garage" },
  h: { label: "hallway", name: "hallway" },
  i: { label: "office", name: "library" },
  j: { label: "laundry", name: "laundry room/mudroom" },
  k: { label: "kitchen", name: "kitchen" },
  l: { label: "living", name: "living room" },
  m: { label: "office", name: "meeting room/conference room" },
  n: { label: "living", name: "lounge" },
  o: { label: "office", name: "office" },
  p: { label: "outdoor", name: "porch/terrace/deck/driveway" },
  r: { label: "living", name: "rec/game room" },
  s: { label: "stairs", name: "stairs" },
  t: { label: "toilet", name: "toilet" },
  u: { label: "utility", name: "utility room/tool room" },
  v: { label: "living", name: "tv room" },
  w: { label: "other", name: "workout/gym/exercise room" },
  x: { label: "outdoor", name: "outdoor area" },
  y: { label: "balcony", name: "balcony" },
  z: { label: "other", name: "other room" },
  B: { label: "other", name: "bar" },
  C: { label: "other", name: "classroom" },
  D: { label: "dining", name: "dining booth" },
  S: { label: "other", name: "spa/sauna" },
  Z: { label: "other", name: "junk" },
  "-": { label: "other", name: "no label" },
};

/** mpcat40 index of doors (metadata/mpcat40.tsv). */
export const MPCAT40_DOOR = 4;
/** How far (m) a door object's centre may lie from a region outline and still sit on it. */
export const DOOR_SNAP_M = 0.35;

/** The footprint of an oriented box: horizontal size, yaw of its first horizontal axis, height. */
export function boxFootprint(
  axis0: V3,
  axis1: V3,
  radii: V3,
): { size: [number, number]; yaw_deg: number; height_m: number } {
  const norm = (v: V3): V3 => {
    const l = Math.hypot(...v) || 1;
    return [v[0] / l, v[1] / l, v[2] / l];
  };
  const a0 = norm(axis0), a1 = norm(axis1);
  const a2: V3 = [
    a0[1] * a1[2] - a0[2] * a1[1],
    a0[2] * a1[0] - a0[0] * a1[2],
    a0[0] * a1[1] - a0[1] * a1[0],
  ];
  const axes = [a0, a1, a2];
  const up = [0, 1, 2].reduce(
    (best, k) => Math.abs(axes[k][2]) > Math.abs(axes[best][2]) ? k : best,
    0,
  );
  const flat = [0, 1, 2].filter((k) => k !== up);
  // A horizontal extent: the box's full width along that axis projected onto the floor.
  const ext = (k: number) => 2 * radii[k] * Math.hypot(axes[k][0], axes[k][1]);
  return {
    size: [round(ext(flat[0]), 6), round(ext(flat[1]), 6)],
    yaw_deg: round((Math.atan2(axes[flat[0]][1], axes[flat[0]][0]) * 180) / Math.PI, 6),
    height_m: round(2 * radii[up] * Math.abs(axes[up][2]), 6),
  };
}

/**
 * A panorama's heading (degrees counter-clockwise from plan +x, as `Sweep.heading_deg`): the plan
 * direction of skybox image 3, the face the Matterport3D simulator's poses face
 * (Matterport3DSimulator `connectivity/README.md`) and the centre column of an equirectangular
 * panorama stitched around it. Matterport3DSimulator `scripts/depth_to_skybox.py` says "Skybox
 * index 1 is the same orientation as camera image 1_5" and turns skybox 3 by 180° about the
 * vertical from skybox 1, so skybox 3 looks opposite the level camera (camera index 1) at yaw
 * index 5. The I line's extrinsics are world → camera: mp.cpp writes them as
 * `CameraToWorld().Inverse()` of the undistorted camera, whose canonical camera looks along
 * (0, 0, −1) with up (0, 1, 0) (data_organization.md, undistorted_camera_parameters). So that
 * camera looks along −(row 3 of the rotation) and skybox 3 along +(e20, e21). Undefined when the
 * panorama has no such image or its look is not level.
 */
export function panoramaHeadingDeg(images: HouseImage[], panorama: number): number | undefined {
  const im = images.find((m) => m.panorama === panorama && m.camera === 1 && m.yaw === 5);
  if (!im) return undefined;
  const x = im.extrinsics[8], y = im.extrinsics[9];
  if (!(Math.hypot(x, y) >= 0.5)) return undefined;
  return round((Math.atan2(y, x) * 180) / Math.PI, 6);
}

/** A plan as an importer hands it over (validated later by importSource); source defaults apply. */
export type HousePlan = Omit<Plan, "source"> & { source: { format: string; ref: string } };

/**
 * A parsed house → plan: levels become floors (elevation: the lowest floor surface of their
 * regions), regions become rooms (label code mapped, footprint from their floor surface's
 * vertices, height from R), objects keep their mpcat40 category as label, door objects whose
 * centre lies on the outlines of two regions (within {@link DOOR_SNAP_M}) become door openings
 * between them (one region: the outside), portals become openings, panoramas become sweeps.
 */
export function houseToPlan(
  house: House,
  ref: string,
  id?: string,
): { plan: HousePlan; report: ImportReport } {
  const report: ImportReport = {
    format: "mp3d-house",
    mapped: [],
    lacking: [],
    assumptions: [],
    warnings: [],
    counts: { ...house.header.counts },
  };
  const warn = (s: string) => report.warnings.push(s);
  const levelId = (i: number) => `level${i}`;
  const roomId = (i: number) => `region${i}`;

  // Region footprints from their floor surfaces (upward normals).
  const vertsBySurface = new Map<number, HouseVertex[]>();
  house.vertices.forEach((v) => {
    const list = vertsBySurface.get(v.surface) ?? [];
    list.push(v);
    vertsBySurface.set(v.surface, list);
  });
  const footprint = new Map<number, { ring: Point[]; z: number }>();
  let extraSurfaces = 0;
  house.surfaces.forEach((s, si) => {
    if (s.region < 0) return;
    const vs = vertsBySurface.get(si) ?? [];
    if (s.normal[2] < 0.5) return; // walls and ceilings are not footprints
    if (vs.length < 3) {
      return warn(`surface S ${s.index} has ${vs.length} vertices; not a footprint`);
    }
    const ring: Point[] = vs.map((v) => [v.position[0], v.position[1]]);
    const z = vs.reduce((a, v) => a + v.position[2], 0) / vs.length;
    const prev = footprint.get(s.region);
    if (prev) {
      extraSurfaces++;
      if (Math.abs(signedArea_m2(ring)) <= Math.abs(signedArea_m2(prev.ring))) return;
    }
    footprint.set(s.region, { ring: counterClockwise(ring), z: round(z, 6) });
  });
  if (extraSurfaces) {
    report.assumptions.push(
      `${extraSurfaces} region(s) have more than one floor surface; the largest is the footprint`,
    );
  }

  // Floors: levels, elevation = lowest floor surface of their regions, else the level's bbox bottom.
  let bboxElevations = 0;
  const floors: HousePlan["floors"] = house.levels.map((l, i) => {
    const zs: number[] = [];
    house.regions.forEach((r, ri) => {
      if (r.level === i && r.label[0] !== "Z" && footprint.has(ri)) zs.push(footprint.get(ri)!.z);
    });
    if (l.index !== i) {
      warn(`L line ${i} says level_index ${l.index}; levels are taken in file order`);
    }
    let elevation_m = zs.length ? Math.min(...zs) : l.bbox[2];
    if (!zs.length) bboxElevations++;
    elevation_m = round(elevation_m, 6);
    return { id: levelId(i), ...(l.label !== "-" ? { name: l.label } : {}), index: i, elevation_m };
  });
  report.assumptions.push(
    `floor elevations from the lowest floor surface of each level's regions${
      bboxElevations
        ? ` (${bboxElevations} level(s) without one: the level's bounding box bottom)`
        : ""
    }`,
  );

  // Rooms.
  const rooms: HousePlan["rooms"] = [];
  const roomOf = new Map<number, string>();
  let junk = 0, noFootprint = 0, heightFromBox = 0;
  house.regions.forEach((r, i) => {
    const code = r.label === "-" ? "-" : r.label[0];
    const mapped = MP3D_REGION_LABELS[code];
    if (code === "Z") {
      junk++;
      return;
    }
    if (r.level < 0) return warn(`region R ${r.index} has no level; skipped`);
    const fp = footprint.get(i);
    if (!fp) {
      noFootprint++;
      return warn(`region R ${r.index} has no floor surface; skipped`);
    }
    if (!mapped) warn(`region R ${r.index}: unknown label code "${r.label}"; labelled "other"`);
    let height_m: number | undefined = r.height_m > 0 ? r.height_m : undefined;
    if (height_m === undefined && r.bbox[5] > fp.z) {
      height_m = round(r.bbox[5] - fp.z, 6);
      heightFromBox++;
    }
    roomOf.set(i, roomId(i));
    rooms.push({
      id: roomId(i),
      floor: levelId(r.level),
      label: mapped?.label ?? "other",
      name: mapped?.name ?? `label ${r.label}`,
      polygon: fp.ring,
      ...(height_m !== undefined ? { height_m } : {}),
    });
  });
  if (junk) {
    report.warnings.push(`${junk} region(s) labelled Z (junk: reflections, noise) left out`);
  }
  if (heightFromBox) {
    report.assumptions.push(
      `${heightFromBox} room height(s) from the region's bounding box top over its floor (R height was 0)`,
    );
  }
  report.mapped.push(
    `${floors.length} floor(s) from L lines`,
    `${rooms.length} room(s) from R regions (footprint: their floor surface's V vertices; height: R height)`,
  );
  if (noFootprint) report.lacking.push(`${noFootprint} region(s) without a floor surface`);
  report.assumptions.push(
    "region extent is a prism: floor surface polygon × R height (data_organization.md)",
  );

  const floorOfRegion = (ri: number) => (ri >= 0 ? house.regions[ri]?.level : -1);
  const levelForZ = (z: number) => {
    let best = 0;
    floors.forEach((f, i) => {
      if (f.elevation_m <= z + 0.1 && f.elevation_m >= floors[best].elevation_m) best = i;
    });
    return best;
  };

  // Objects with their mpcat40 category.
  const objects: HousePlan["objects"] = [];
  const openings: HousePlan["openings"] = [];
  const byCategory = new Map<string, number>();
  let flat = 0;
  let doorsPlaced = 0;
  const doorsLoose: string[] = [];
  house.objects.forEach((o) => {
    const cat = o.category >= 0 ? house.categories[o.category] : undefined;
    const label = cat && cat.mpcat40_name !== "-" ? cat.mpcat40_name : "unlabeled";
    const lvl = floorOfRegion(o.region);
    const level = lvl !== undefined && lvl >= 0 ? lvl : levelForZ(o.center[2]);
    if (!floors[level]) return warn(`object O ${o.index}: no level; skipped`);
    const fp = boxFootprint(o.axis0, o.axis1, o.radii);
    if (!(fp.size[0] > 0 && fp.size[1] > 0)) {
      flat++;
      return;
    }
    byCategory.set(label, (byCategory.get(label) ?? 0) + 1);
    const room = roomOf.get(o.region);
    objects.push({
      id: `object${o.index}`,
      floor: levelId(level),
      ...(room ? { room } : {}),
      label,
      center: [o.center[0], o.center[1]],
      size: fp.size,
      yaw_deg: fp.yaw_deg,
      ...(fp.height_m > 0 ? { height_m: fp.height_m } : {}),
    });
    // Doors on a region boundary become door openings.
    if (cat?.mpcat40_index === MPCAT40_DOOR) {
      const p: Point = [o.center[0], o.center[1]];
      const near = rooms.filter((r) => r.floor === levelId(level))
        .map((r) => ({
          r,
          d: edgeDistance_m(p, r.polygon),
          inside: pointInRing(p, r.polygon),
        }))
        .filter((x) => x.d <= DOOR_SNAP_M)
        .sort((a, b) => a.d - b.d);
      if (!near.length) {
        doorsLoose.push(`object${o.index}`);
        return;
      }
      // With one region only, the door is on the outside wall unless another room contains it.
      const insideOther = rooms.some((r) =>
        r.floor === levelId(level) && r.id !== near[0].r.id && pointInRing(p, r.polygon)
      );
      if (near.length === 1 && insideOther) {
        doorsLoose.push(`object${o.index}`);
        return;
      }
      doorsPlaced++;
      openings.push({
        id: `door${o.index}`,
        kind: "door",
        floor: levelId(level),
        between: [near[0].r.id, near[1]?.r.id ?? null],
        at: p,
        width_m: Math.max(fp.size[0], fp.size[1]),
        ...(fp.height_m > 0 ? { height_m: fp.height_m } : {}),
      });
    }
  });
  if (objects.length) {
    report.mapped.push(
      `${objects.length} object(s) from O lines, labelled with their mpcat40 category from the C lines (${
        [...byCategory].map(([k, n]) => `${n} ${k}`).join(", ")
      })`,
    );
  } else report.lacking.push("no objects");
  if (flat) warn(`${flat} object(s) have a zero-size footprint; skipped`);
  if (doorsPlaced) {
    report.mapped.push(
      `${doorsPlaced} door opening(s) from door objects on a boundary between regions (or the outside)`,
    );
    report.assumptions.push(
      `a door object lies on a region boundary when its centre is within ${DOOR_SNAP_M} m of the region outline; its width is its longer horizontal extent`,
    );
  }
  if (doorsLoose.length) {
    warn(
      `${doorsLoose.length} door object(s) not on a region boundary are kept as objects only: ${
        doorsLoose.join(", ")
      }`,
    );
  }

  // Portals (region-to-region connections; absent from the released files, issue #38).
  house.portals.forEach((p) => {
    const [a, b] = p.regions.map((r) => roomOf.get(r) ?? null);
    if (a === null && b === null) {
      return warn(`portal P ${p.index} connects no imported region; skipped`);
    }
    const width = Math.hypot(p.p1[0] - p.p0[0], p.p1[1] - p.p0[1]);
    if (!(width > 0)) return warn(`portal P ${p.index} has no width; skipped`);
    const lvl = floorOfRegion(p.regions[0] >= 0 ? p.regions[0] : p.regions[1]);
    const height = Math.abs(p.p1[2] - p.p0[2]);
    openings.push({
      id: `portal${p.index}`,
      kind: /door/i.test(p.label) ? "door" : "opening",
      floor: levelId(lvl ?? 0),
      between: [a, b],
      at: [round((p.p0[0] + p.p1[0]) / 2, 6), round((p.p0[1] + p.p1[1]) / 2, 6)],
      width_m: round(width, 6),
      ...(height > 0 ? { height_m: round(height, 6) } : {}),
    });
  });
  if (house.portals.length) {
    report.mapped.push(
      `${house.portals.length} portal(s) as openings (width: the horizontal span)`,
    );
  } else {report.lacking.push(
      "no portals (the released .house files have none; doors come from door objects)",
    );}

  // Panoramas → sweeps.
  const sweeps: HousePlan["sweeps"] = house.panoramas.map((p) => {
    const lvl = floorOfRegion(p.region);
    const level = lvl !== undefined && lvl >= 0 ? lvl : levelForZ(p.position[2] - 1.5);
    const room = roomOf.get(p.region);
    const heading_deg = panoramaHeadingDeg(house.images, p.index);
    return {
      id: p.name,
      floor: levelId(level),
      ...(room ? { room } : {}),
      at: p.position,
      ...(heading_deg !== undefined ? { heading_deg } : {}),
    };
  });
  if (sweeps.length) report.mapped.push(`${sweeps.length} sweep(s) from panoramas (camera centre)`);
  else report.lacking.push("no panoramas");
  const headed = sweeps.filter((s) => s.heading_deg !== undefined).length;
  if (headed) {
    report.mapped.push(
      `${headed} sweep heading(s) from the level camera image i1_5 (I line camera 1, yaw 5): skybox image 3 looks opposite it`,
    );
  }
  if (headed < sweeps.length) {
    report.lacking.push(
      `${
        sweeps.length - headed
      } sweep(s) without a heading: no level I line with camera 1, yaw 5 (the image skybox 1 is aligned with), so the panorama's orientation is not known`,
    );
  }
  if (house.images.length) {
    report.assumptions.push(
      `${house.images.length} camera image(s) (I lines) counted, not imported: sweeps have no equirectangular image`,
    );
  }
  report.lacking.push(
    "no stairs as verticals (stairs regions are rooms labelled stairs)",
    "no windows as openings (window objects are kept as objects)",
    "no site location",
  );

  const plan: HousePlan = {
    id: id ?? (house.header.name !== "-" ? `mp3d-${house.header.name}` : "mp3d-house"),
    name: house.header.label !== "-"
      ? house.header.label
      : house.header.name !== "-"
      ? house.header.name
      : "",
    source: { format: "mp3d-house", ref },
    floors,
    rooms,
    openings,
    verticals: [],
    objects,
    sweeps,
  };
  return { plan, report };
}
