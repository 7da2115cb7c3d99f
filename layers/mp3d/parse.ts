/**
 * Matterport3D `.house` files (niessner/Matterport `data_organization.md`; reader and writer
 * `code/gaps/apps/mpview/mp.cpp` ReadAsciiFile/WriteAsciiFile; shared/reference/data-formats.md §2):
 * ASCII, whitespace-separated, metres, z up. `ASCII 1.1`, then H, then blocks in this order with
 * the counts the H line states: L levels, R regions, P portals, S surfaces, V vertices,
 * P panoramas, I images, C categories, O objects, E segments. Version 1.0 headers have no
 * segment, object, category or portal counts.
 */
import { InputError } from "../../ground/errors.ts";
import { ticker } from "../../ground/budget.ts";

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
  const lines = houseLines(text);
  const fail = (no: number, problem: string): never => {
    throw new InputError(ref, `line ${no}: ${problem}`, {
      code: "house.bad_line",
      data: { line: no },
    });
  };
  const { header, h, counts } = readHeader(lines, ref, fail);
  const body = lines.slice(2);
  checkTotals(body, counts, h.no, fail);
  const house = readBlocks(lines, body, header, fail);
  checkReferences(house, ref);
  return house;
}

type Line = { no: number; tokens: string[] };
type Fail = (no: number, problem: string) => never;

/** The non-empty lines, split into tokens, with their line numbers. */
function houseLines(text: string): Line[] {
  const lines: Line[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const tokens = line.trim().split(/\s+/).filter((t) => t.length);
    if (tokens.length) lines.push({ no: i + 1, tokens });
  });
  return lines;
}

/** The ASCII line and the H line: version, counts of every block, bounding box. */
function readHeader(lines: Line[], ref: string, fail: Fail) {
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
  return { header, h, counts };
}

/** Totals first, so a wrong count is named by its line type, not by where parsing stopped. */
function checkTotals(body: Line[], counts: Record<HouseBlock, number>, hNo: number, fail: Fail) {
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
      fail(hNo, `H (header) says ${e.n} ${letter}${which} line(s), the file has ${got}`);
    }
  }
  for (const [letter] of seen) {
    if (!expected.has(letter)) {
      const at = body.find((l) => l.tokens[0] === letter)!;
      fail(at.no, `unknown line type "${letter}"; a .house file has H, L, R, P, S, V, I, C, O, E`);
    }
  }
}

/** Then the blocks in order, each line read into its block's rows. */
function readBlocks(lines: Line[], body: Line[], header: HouseHeader, fail: Fail): House {
  const counts = header.counts;
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
      readRow(house, b.block, t, I, N, v3, box);
    }
  }
  return house;
}

/** One line's fields into a row of its block. */
function readRow(
  house: House,
  block: HouseBlock,
  t: string[],
  I: (i: number, f: string) => number,
  N: (i: number, f: string) => number,
  v3: (i: number, f: string) => V3,
  box: (i: number) => Box,
): void {
  switch (block) {
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
  if (bad.length) {
    throw new InputError(ref, bad.slice(0, 10).join("\n"), {
      code: "house.bad_reference",
      data: { problems: bad.length },
    });
  }
}
