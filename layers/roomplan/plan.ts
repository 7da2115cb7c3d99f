/**
 * A RoomPlan scan (model.ts) into a plan. RoomPlan gives walls, doors, windows and objects as
 * boxes with a 4×4 transform, ONE floor polygon for the whole scan and `sections` that are
 * only a label and a centre (shared/reference/data-formats.md §8), so rooms are found: the
 * floor outline and the walls are cut into faces (engines/geometry/arrangement.ts), slivers
 * dropped, and each face named by the section centre inside it.
 *
 * Axes: RoomPlan is metres, y up (gravity), right-handed, x right and z toward the viewer.
 * The plan is seen from above with x right and y up the page, so plan (x, y) = (world x,
 * −world z): a rotation of the world about its x axis, not a mirror (x̂ × (−ẑ) = ŷ, up).
 */
import type {
  Obj,
  Opening,
  PlanInput,
  Point,
  Room,
  RoomLabel,
  Vertical,
} from "../../ground/plan.ts";
import { DEFAULT_UNCERTAINTY_M } from "../../ground/plan.ts";
import { arrangementFaces, type ArrangementSegment } from "../../engines/geometry/arrangement.ts";
import { unionRings } from "../../engines/geometry/clip.ts";
import {
  area_m2,
  pointInRing,
  round4,
  segmentDistance_m,
  simplifyRing,
} from "../../engines/geometry/polygon.ts";
import { checkpoint } from "../../ground/budget.ts";
import type { ImportReport } from "../types.ts";
import type { RpScan, RpSurface } from "./model.ts";

/** End points this close are one corner; a corner this close to a wall meets it (metres). */
export const SNAP_M = 0.05;
/**
 * A wall end that meets nothing is extended along its own line by at most this much to meet
 * another wall or the floor outline: two interior wall thicknesses (100–150 mm each), so a
 * wall RoomPlan stopped short of its neighbour still closes the room.
 */
export const EXTEND_M = 0.3;
/**
 * RoomPlan's floor polygon is a rough fit around the scan: its corners and edges move onto
 * wall corners within this distance (m), so the strip between a wall and the outline is a
 * sliver of its own rather than part of the next room.
 */
export const OUTLINE_SNAP_M = 0.15;
/** A face smaller than this is a sliver, not a room (m²). */
export const MIN_ROOM_AREA_M2 = 0.5;
/** A face narrower than this on average (2 × area / perimeter) is a sliver (m). */
export const MIN_ROOM_WIDTH_M = 0.3;
/** How far either side of a door its rooms are looked for (m). */
export const SIDE_PROBE_M = 0.15;
/**
 * Uncertainty of what is measured from a surface RoomPlan marks `low` (m): 2.5 times the
 * default 2 cm. An assumption (Apple states no accuracy per confidence level).
 */
export const LOW_CONFIDENCE_UNCERTAINTY_M = 0.05;
/** A door without a parentIdentifier sits on the nearest wall within this distance (m). */
export const PARENT_SEARCH_M = 0.15;

/** RoomPlan section labels (`CapturedRoom.Section.Label`) onto the plan's room vocabulary. */
export const SECTION_LABELS: Record<string, RoomLabel> = {
  livingRoom: "living",
  diningRoom: "dining",
  bedroom: "bedroom",
  bathroom: "bathroom",
  kitchen: "kitchen",
  unidentified: "other",
};

/** RoomPlan object categories (`CapturedRoom.Object.Category`), kept as the plan's labels. */
export const OBJECT_LABELS = [
  "toilet",
  "sink",
  "bathtub",
  "bed",
  "sofa",
  "table",
  "chair",
  "storage",
  "refrigerator",
  "stove",
  "oven",
  "dishwasher",
  "washerDryer",
  "television",
  "fireplace",
  "stairs",
] as const;

/** The plan point of a transform's centre. */
export function planCentre(t: number[]): Point {
  return [t[12], -t[14]];
}

/** The plan direction of a transform's x axis (unit length). */
export function planAxis(t: number[]): Point {
  const x = t[0], y = -t[2];
  const l = Math.hypot(x, y);
  return l > 1e-9 ? [x / l, y / l] : [1, 0];
}

/** A local point through a column-major transform, in plan metres. */
export function planPoint(t: number[], p: [number, number, number]): Point {
  return [
    t[0] * p[0] + t[4] * p[1] + t[8] * p[2] + t[12],
    -(t[2] * p[0] + t[6] * p[1] + t[10] * p[2] + t[14]),
  ];
}

/** A surface's segment in plan: centre ± width/2 along its x axis. */
export function surfaceSegment(s: Pick<RpSurface, "transform" | "dimensions">): [Point, Point] {
  const c = planCentre(s.transform), d = planAxis(s.transform), h = s.dimensions[0] / 2;
  return [[c[0] - d[0] * h, c[1] - d[1] * h], [c[0] + d[0] * h, c[1] + d[1] * h]];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length
    ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2)
    : NaN;
};

/** The length-weighted median of values. */
function weightedMedian(items: { v: number; w: number }[]): number {
  const s = [...items].sort((a, b) => a.v - b.v);
  const total = s.reduce((t, x) => t + x.w, 0);
  let acc = 0;
  for (const x of s) {
    acc += x.w;
    if (acc >= total / 2) return x.v;
  }
  return NaN;
}

const r4 = round4;
const fmt = (v: number, d = 2) => v.toFixed(d);

/** One found room before it becomes a plan room. */
interface Found {
  id: string;
  story: number;
  ring: Point[];
  area_m2: number;
  label: RoomLabel;
  name?: string;
  height_m?: number;
  heights: number[];
  low: boolean;
  /** Length of its boundary closed by the floor outline, not a wall (m). */
  open_m: number;
}

/** Builds the plan and the import report from a checked scan. */
export function roomPlanPlan(
  scan: RpScan,
  ref: string,
  id: string,
  format: string,
): { plan: PlanInput; report: ImportReport } {
  const report: ImportReport = {
    format,
    mapped: [],
    lacking: [],
    assumptions: [],
    warnings: [],
    counts: {},
  };
  const levels = storyLevels(scan, report);
  const { stories, floorY, baseY } = levels;
  const plan: PlanInput = {
    id,
    name: "",
    source: { format, ref, uncertainty_m: DEFAULT_UNCERTAINTY_M },
    floors: stories.map((s) => ({
      id: floorId(s),
      name: stories.length === 1 ? "Scanned floor" : `Story ${s}`,
      index: s,
      elevation_m: r4(floorY.get(s)! - baseY),
    })),
    rooms: [],
    openings: [],
    verticals: [],
    objects: [],
  };
  const wallSegs = scan.walls.map(surfaceSegment);
  const arranged = findRooms(scan, levels, wallSegs, report);
  const found = arranged.found;
  orderAndName(found);
  const rooms: Room[] = found.map((f) => ({
    id: f.id,
    floor: floorId(f.story),
    label: f.label,
    ...(f.name !== undefined ? { name: f.name } : {}),
    polygon: f.ring,
    ...(f.height_m !== undefined && f.height_m > 0 ? { height_m: f.height_m } : {}),
    ...(f.low ? { uncertainty_m: LOW_CONFIDENCE_UNCERTAINTY_M } : {}),
  }));
  plan.rooms = rooms;
  const roomAt = (story: number, p: Point) =>
    found.find((f) => f.story === story && pointInRing(p, f.ring));

  // Ids as the file gives them (RoomPlan's UUIDs), made unique where a file repeats one.
  const used = new Set<string>();
  const uniqueId = (raw: string) => {
    let v = raw, n = 2;
    while (used.has(v)) v = `${raw}-${n++}`;
    used.add(v);
    return v;
  };
  const placing: Placing = { scan, levels, wallSegs, report, roomAt, uniqueId };
  const placed = placeOpenings(placing);
  plan.openings = placed.openings;
  const things = placeObjects(placing);
  plan.objects = things.objects;
  plan.verticals = things.verticals;
  reportFound(scan, report, { levels, arranged, rooms, placed, things });
  reportNotes(scan, report, { arranged, placed, things });
  return { plan, report };
}

const floorId = (s: number) => `story-${s}`;

/** The scan's stories and the level of each floor (its y in the scan's frame). */
interface Levels {
  stories: number[];
  floorY: Map<number, number>;
  /** The lowest story's level: elevations are above it. */
  baseY: number;
}

/**
 * Every story the scan names, and its floor level: the median of its floors' levels, else of
 * its walls' bottoms; a story with neither is put at the lowest known level, with a warning.
 */
function storyLevels(scan: RpScan, report: ImportReport): Levels {
  const stories = [
    ...new Set(
      [
        ...scan.walls,
        ...scan.floors,
        ...scan.sections,
        ...scan.doors,
        ...scan.windows,
        ...scan.openings,
        ...scan.objects,
      ].map((s) => s.story),
    ),
  ].sort((a, b) => a - b);
  const wallBottom = (w: RpSurface) => w.transform[13] - w.dimensions[1] / 2;
  const floorY = new Map<number, number>();
  const unknownLevel: number[] = [];
  for (const s of stories) {
    const fl = scan.floors.filter((f) => f.story === s);
    const ws = scan.walls.filter((w) => w.story === s);
    if (fl.length) floorY.set(s, median(fl.map((f) => f.transform[13])));
    else if (ws.length) floorY.set(s, median(ws.map(wallBottom)));
  }
  // A story with neither floor nor walls (only objects or sections): its level is unknown,
  // taken as the lowest known floor's, and said.
  const known = [...floorY.values()];
  const fallbackY = known.length ? Math.min(...known) : median(scan.walls.map(wallBottom));
  for (const s of stories) {
    if (!floorY.has(s)) {
      floorY.set(s, fallbackY);
      unknownLevel.push(s);
    }
  }
  if (unknownLevel.length) {
    report.warnings.push(
      `stories ${
        unknownLevel.join(", ")
      } have no floor and no walls: their level is unknown and taken as the lowest floor's`,
    );
  }
  return { stories, floorY, baseY: floorY.get(stories[0])! };
}

/** The rooms found on every story, and what the finding left over, for the report. */
interface Arranged {
  found: Found[];
  /** Area of the floor outlines, m². */
  floorArea: number;
  sliverArea: number;
  sliverCount: number;
  /** Walls that close no room, in words. */
  loose: string[];
  extendedCount: number;
  /** Regions no section names: not made rooms. */
  unnamed: { story: number; area: number; at: Point }[];
  /** Sections in no region, in words. */
  orphanSections: string[];
}

/** The tag of the floor outline's edges in the arrangement (walls are tagged by index). */
const FLOOR_TAG = -1;

/**
 * Each story's walls, the doors and openings in gaps between them, and its floor outline, cut
 * into a planar arrangement; its faces (slivers dropped) named by the sections inside them.
 */
function findRooms(
  scan: RpScan,
  levels: Levels,
  wallSegs: [Point, Point][],
  report: ImportReport,
): Arranged {
  const out: Arranged = {
    found: [],
    floorArea: 0,
    sliverArea: 0,
    sliverCount: 0,
    loose: [],
    extendedCount: 0,
    unnamed: [],
    orphanSections: [],
  };
  for (const s of levels.stories) {
    checkpoint();
    const { faces, outline } = storyFaces(scan, s, wallSegs, out);
    const sections = scan.sections.filter((x) => x.story === s);
    const inFace = new Map<number, typeof sections>();
    for (const sec of sections) {
      const c: Point = [sec.center[0], -sec.center[2]];
      const k = faces.findIndex((f) => pointInRing(c, f.ring));
      if (k < 0) {
        out.orphanSections.push(
          `section ${sec.label} at (${fmt(c[0])}, ${fmt(c[1])}) lies in no region the walls${
            outline.length ? " and the floor outline" : ""
          } close`,
        );
        continue;
      }
      if (!inFace.has(k)) inFace.set(k, []);
      inFace.get(k)!.push(sec);
    }
    faces.forEach((f, k) => faceRoom(scan, levels, s, f, inFace.get(k), out, report));
  }
  return out;
}

type Face = ReturnType<typeof arrangementFaces>["faces"][number];

/**
 * One story's arrangement: its faces less the slivers, and its floor outline; the walls that
 * bound no face, the wall ends extended, the outline's area and the slivers are tallied.
 */
function storyFaces(
  scan: RpScan,
  s: number,
  wallSegs: [Point, Point][],
  out: Arranged,
): { faces: Face[]; outline: Point[][] } {
  const segs: ArrangementSegment[] = [];
  scan.walls.forEach((w, i) => {
    if (w.story === s) segs.push({ a: wallSegs[i][0], b: wallSegs[i][1], tag: i, rank: 0 });
  });
  const onStoryWalls = scan.walls.map((w, i) => ({ w, i })).filter((x) => x.w.story === s);
  // Doors and openings that sit in a gap between walls (on no wall) close it.
  [...scan.doors, ...scan.openings].forEach((o, k) => {
    if (o.story !== s) return;
    const c = planCentre(o.transform);
    const onWall = onStoryWalls.some(({ i }) =>
      segmentDistance_m(c, wallSegs[i][0], wallSegs[i][1]) <= SNAP_M
    );
    if (!onWall) {
      const [a, b] = surfaceSegment(o);
      segs.push({ a, b, tag: scan.walls.length + k, rank: 0 });
    }
  });
  // The floor outline: the union of the story's floor polygons.
  const polys = scan.floors.filter((f) => f.story === s).map((f) =>
    f.corners.length >= 3
      ? f.corners.map((c) => planPoint(f.transform, c))
      : [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([x, y]) =>
        planPoint(f.transform, [x * f.dimensions[0] / 2, y * f.dimensions[1] / 2, 0])
      )
  );
  const outline = polys.length ? unionRings(polys).map((p) => p[0]) : [];
  for (const ring of outline) {
    out.floorArea += area_m2(ring);
    ring.forEach((p, i) => {
      segs.push({ a: p, b: ring[(i + 1) % ring.length], tag: FLOOR_TAG, rank: 1 });
    });
  }
  const arr = arrangementFaces(segs, {
    snap_m: SNAP_M,
    extend_m: EXTEND_M,
    outline_snap_m: OUTLINE_SNAP_M,
  });
  out.extendedCount += arr.extended.filter((e) => e.tag >= 0 && e.tag < scan.walls.length).length;
  // Walls (their pieces) that bound no face.
  const looseByWall = new Map<number, number>();
  for (const e of arr.loose) {
    for (const t of e.tags) {
      if (t >= 0 && t < scan.walls.length) {
        looseByWall.set(t, (looseByWall.get(t) ?? 0) + e.length_m);
      }
    }
  }
  for (const [t, len] of looseByWall) {
    const w = scan.walls[t];
    out.loose.push(
      `${w.path} (${fmt(len)} m of its ${fmt(w.dimensions[0])} m) closes no room`,
    );
  }
  const faces = arr.faces.filter((f) => {
    const width = (2 * f.area_m2) / f.perimeter_m;
    if (f.area_m2 < MIN_ROOM_AREA_M2 || width < MIN_ROOM_WIDTH_M) {
      out.sliverArea += f.area_m2;
      out.sliverCount++;
      return false;
    }
    return true;
  });
  return { faces, outline };
}

/**
 * A face as a room: labelled by its sections, its height the length-weighted median of its
 * walls' tops, the length its outline closes without a wall. A face no section names (when the
 * scan has sections) is kept aside, not made a room.
 */
function faceRoom(
  scan: RpScan,
  levels: Levels,
  s: number,
  f: Face,
  secs: RpScan["sections"] | undefined,
  out: Arranged,
  report: ImportReport,
): void {
  const wallTop = (w: RpSurface) =>
    w.transform[13] + w.dimensions[1] / 2 - levels.floorY.get(w.story)!;
  const ring = simplifyRing(f.ring, 1e-3).map(([x, y]) => [r4(x), r4(y)] as Point);
  if (ring.length < 3) return;
  if (!secs && scan.sections.length) {
    const c = ring.reduce((a, p) => [a[0] + p[0] / ring.length, a[1] + p[1] / ring.length], [
      0,
      0,
    ]);
    out.unnamed.push({ story: s, area: f.area_m2, at: c as Point });
    return;
  }
  const heights: { v: number; w: number }[] = [];
  let lowWall = false, open_m = 0;
  for (const e of f.edges) {
    const ws = e.tags.filter((t) => t >= 0 && t < scan.walls.length);
    if (!ws.length && e.tags.includes(FLOOR_TAG)) open_m += e.length_m;
    for (const t of ws) {
      heights.push({ v: wallTop(scan.walls[t]), w: e.length_m });
      if (scan.walls[t].confidence === "low") lowWall = true;
    }
  }
  const first = secs?.[0];
  out.found.push({
    id: "",
    story: s,
    ring,
    area_m2: f.area_m2,
    label: first ? SECTION_LABELS[first.label] ?? "other" : "other",
    ...(secs ? { name: secs.map((x) => x.label).join(" + ") } : {}),
    ...(heights.length ? { height_m: r4(weightedMedian(heights)) } : {}),
    heights: heights.map((h) => h.v),
    low: lowWall,
    open_m,
  });
  if (f.holes.length) {
    report.warnings.push(
      `${
        secs?.[0]?.label ?? "a room"
      } has ${f.holes.length} free-standing loop(s) of walls inside it; the plan's outline cannot cut them out, so its ${
        fmt(area_m2(ring))
      } m² outline includes ${fmt(area_m2(ring) - f.area_m2)} m² of them`,
    );
  }
  if (secs && secs.length > 1) {
    report.warnings.push(
      `sections ${
        secs.map((x) => x.label).join(", ")
      } fall in one region: no wall between them was scanned, so they are one room`,
    );
  }
}

/**
 * Rooms in reading order (by story, then top to bottom, left to right), their ids given in it;
 * a label that repeats ("bedroom", "bedroom") is numbered in that order, so each room can be
 * named: "bedroom 1", "bedroom 2".
 */
function orderAndName(found: Found[]): void {
  const centroid = (r: Point[]) =>
    r.reduce((a, p) => [a[0] + p[0] / r.length, a[1] + p[1] / r.length], [0, 0]);
  found.sort((a, b) => {
    const ca = centroid(a.ring), cb = centroid(b.ring);
    return a.story - b.story || cb[1] - ca[1] || ca[0] - cb[0];
  });
  found.forEach((f, i) => (f.id = `room-${i + 1}`));
  const repeats = new Map<string, number>();
  for (const f of found) if (f.name) repeats.set(f.name, (repeats.get(f.name) ?? 0) + 1);
  const nth = new Map<string, number>();
  for (const f of found) {
    if (!f.name || repeats.get(f.name)! < 2) continue;
    nth.set(f.name, (nth.get(f.name) ?? 0) + 1);
    f.name = `${f.name} ${nth.get(f.name)}`;
  }
}

/** What placing openings and objects needs: the scan, its levels and walls, the rooms found. */
interface Placing {
  scan: RpScan;
  levels: Levels;
  wallSegs: [Point, Point][];
  report: ImportReport;
  /** The room found at a point of a story. */
  roomAt(story: number, p: Point): Found | undefined;
  /** An id as the file gives it, made unique where the file repeats one. */
  uniqueId(raw: string): string;
}

interface Placed {
  openings: Opening[];
  placedByNearest: number;
  toNonRoom: number;
  unplaced: number;
}

/**
 * Doors, windows and openings on their walls (the parent wall, else the nearest parallel one),
 * between the rooms found a little to either side; one with no room on either side, the same
 * room on both, or no width is left out.
 */
function placeOpenings(p: Placing): Placed {
  const { scan, report, wallSegs, levels } = p;
  const wallIndex = new Map(scan.walls.map((w, i) => [w.id, i]));
  let placedByNearest = 0, toNonRoom = 0, unplaced = 0;
  const openings: Opening[] = [];
  const kinds: [RpSurface[], Opening["kind"]][] = [
    [scan.doors, "door"],
    [scan.windows, "window"],
    [scan.openings, "opening"],
  ];
  for (const [list, kind] of kinds) {
    for (const o of list) {
      checkpoint();
      const at = planCentre(o.transform);
      const axis = planAxis(o.transform);
      let wall = o.parent !== undefined ? wallIndex.get(o.parent) : undefined;
      if (wall === undefined) {
        let best = PARENT_SEARCH_M;
        scan.walls.forEach((w, i) => {
          if (w.story !== o.story) return;
          const d = segmentDistance_m(at, wallSegs[i][0], wallSegs[i][1]);
          const wa = planAxis(w.transform);
          const parallel = Math.abs(axis[0] * wa[1] - axis[1] * wa[0]) < Math.sin(Math.PI / 12);
          if (parallel && d < best) {
            best = d;
            wall = i;
          }
        });
        if (wall !== undefined) placedByNearest++;
      }
      const n: Point = [-axis[1], axis[0]];
      const side = (k: number) =>
        p.roomAt(o.story, [at[0] + k * n[0] * SIDE_PROBE_M, at[1] + k * n[1] * SIDE_PROBE_M]);
      const a = side(1), b = side(-1);
      if (!a && !b) {
        unplaced++;
        report.warnings.push(
          `${o.path} (a ${kind} at ${fmt(at[0])}, ${
            fmt(at[1])
          }) has no found room on either side: left out`,
        );
        continue;
      }
      if (a && b && a === b) {
        unplaced++;
        report.warnings.push(
          `${o.path} (a ${kind}) has ${
            a.name ?? a.id
          } on both sides (its wall closes no room): left out`,
        );
        continue;
      }
      if ((!a || !b) && kind !== "window") toNonRoom++;
      const bottom = o.transform[13] - o.dimensions[1] / 2 -
        (levels.floorY.get(o.story) ?? levels.baseY);
      const width = o.dimensions[0], height = o.dimensions[1];
      if (!(width > 0)) {
        unplaced++;
        report.warnings.push(`${o.path} has a width of ${width} m: left out`);
        continue;
      }
      const lowHere = o.confidence === "low" ||
        (wall !== undefined && scan.walls[wall].confidence === "low");
      openings.push({
        id: p.uniqueId(o.id),
        kind,
        floor: floorId(o.story),
        between: [a?.id ?? null, b?.id ?? null],
        at: [r4(at[0]), r4(at[1])],
        width_m: r4(width),
        ...(height > 0 ? { height_m: r4(height) } : {}),
        sill_m: r4(Math.max(0, bottom)),
        ...(o.isOpen !== undefined ? { open: o.isOpen } : {}),
        ...(lowHere ? { uncertainty_m: LOW_CONFIDENCE_UNCERTAINTY_M } : {}),
      });
    }
  }
  return { openings, placedByNearest, toNonRoom, unplaced };
}

interface Things {
  objects: Obj[];
  verticals: Vertical[];
  skippedObjects: number;
  /** Categories outside RoomPlan's vocabulary, with their counts. */
  others: Map<string, number>;
}

/**
 * Objects with footprint, yaw and height, in the room they stand in; stairs also as verticals
 * where a story above was scanned (else kept only as an object, and said).
 */
function placeObjects(p: Placing): Things {
  const { scan, report, levels: { stories, floorY } } = p;
  const objects: Obj[] = [];
  const verticals: Vertical[] = [];
  let skippedObjects = 0, stairsWithin = 0;
  const others = new Map<string, number>();
  for (const o of scan.objects) {
    const [w, h, d] = o.dimensions;
    if (!(w > 0 && d > 0)) {
      skippedObjects++;
      report.warnings.push(`${o.path} (${o.category}) has no footprint (${w} × ${d} m): left out`);
      continue;
    }
    const known = (OBJECT_LABELS as readonly string[]).includes(o.category);
    if (!known) others.set(o.category, (others.get(o.category) ?? 0) + 1);
    const c = planCentre(o.transform), ax = planAxis(o.transform);
    const room = p.roomAt(o.story, c);
    objects.push({
      id: p.uniqueId(o.id),
      floor: floorId(o.story),
      ...(room ? { room: room.id } : {}),
      label: o.category,
      center: [r4(c[0]), r4(c[1])],
      size: [r4(w), r4(d)],
      yaw_deg: r4((Math.atan2(ax[1], ax[0]) * 180) / Math.PI),
      ...(h > 0 ? { height_m: r4(h) } : {}),
      ...(o.confidence === "low" ? { uncertainty_m: LOW_CONFIDENCE_UNCERTAINTY_M } : {}),
    });
    if (o.category === "stairs") {
      const up = stories.find((s) => s > o.story);
      if (up !== undefined) {
        const upRoom = p.roomAt(up, c);
        verticals.push({
          id: `stairs-${o.id}`,
          kind: "stair",
          from_floor: floorId(o.story),
          to_floor: floorId(up),
          ...(room || upRoom
            ? { rooms: [room?.id, upRoom?.id].filter((x): x is string => !!x) }
            : {}),
          rise_m: r4(Math.max(0, floorY.get(up)! - floorY.get(o.story)!)),
          width_m: r4(Math.min(w, d)),
        });
      } else stairsWithin++;
    }
  }
  if (stairsWithin) {
    report.assumptions.push(
      `${stairsWithin} stairs lead to no scanned story: each is kept as an object (an obstacle on the floor, which routes keep clear of), not a stair between floors`,
    );
  }
  return { objects, verticals, skippedObjects, others };
}

/** The surfaces whose confidence counts, and those of them and of the objects marked low. */
function lowConfidence(scan: RpScan) {
  const surfaces = [
    ...scan.walls,
    ...scan.doors,
    ...scan.windows,
    ...scan.openings,
    ...scan.floors,
  ];
  return {
    surfaces,
    low: surfaces.filter((s) => s.confidence === "low"),
    lowObjects: scan.objects.filter((o) => o.confidence === "low"),
  };
}

/** The report's counts, and what was mapped: rooms, coverage, openings, objects, stories. */
function reportFound(
  scan: RpScan,
  report: ImportReport,
  { levels: { stories }, arranged, rooms, placed: { openings }, things }: {
    levels: Levels;
    arranged: Arranged;
    rooms: Room[];
    placed: Placed;
    things: Things;
  },
): void {
  const { found, floorArea, unnamed, orphanSections, loose } = arranged;
  const { low, lowObjects } = lowConfidence(scan);
  const wallsOnly = !scan.floors.length;
  Object.assign(report.counts!, {
    walls: scan.walls.length,
    doors: scan.doors.length,
    windows: scan.windows.length,
    openings: scan.openings.length,
    objects: scan.objects.length,
    floors: scan.floors.length,
    sections: scan.sections.length,
    stories: stories.length,
    rooms_found: rooms.length,
    regions_without_section: unnamed.length,
    sections_without_region: orphanSections.length,
    loose_walls: loose.length,
    walls_extended: arranged.extendedCount,
    slivers_dropped: arranged.sliverCount,
    low_confidence_surfaces: low.length,
    low_confidence_objects: lowObjects.length,
    area_floor_outline_m2: r4(floorArea),
    area_rooms_m2: r4(found.reduce((a, f) => a + f.area_m2, 0)),
    area_regions_without_section_m2: r4(unnamed.reduce((a, u) => a + u.area, 0)),
    area_slivers_m2: r4(arranged.sliverArea),
    ...(scan.rooms !== undefined ? { structure_rooms: scan.rooms } : {}),
  });
  const roomArea = found.reduce((a, f) => a + f.area_m2, 0);
  report.mapped.push(
    `${rooms.length} ${
      rooms.length === 1 ? "room" : "rooms"
    } found from ${scan.walls.length} walls${
      wallsOnly ? "" : " and the floor outline"
    } (${scan.kind}${scan.version !== undefined ? `, version ${scan.version}` : ""}): ${
      found.map((f) =>
        `${f.name ?? "unlabelled"} → ${f.label}, ${fmt(f.area_m2)} m²${
          f.height_m !== undefined ? `, ${fmt(f.height_m)} m high` : ""
        }`
      ).join("; ") || "none"
    }`,
  );
  if (!wallsOnly) {
    report.mapped.push(
      `rooms cover ${fmt(roomArea)} m² of the floor outline's ${fmt(floorArea)} m² (${
        fmt(floorArea > 0 ? (100 * roomArea) / floorArea : 0, 1)
      } %)`,
    );
  }
  report.mapped.push(
    `${openings.filter((o) => o.kind === "door").length} doors, ${
      openings.filter((o) => o.kind === "window").length
    } windows and ${
      openings.filter((o) => o.kind === "opening").length
    } openings on their walls, joining the rooms on either side`,
  );
  report.mapped.push(
    `${things.objects.length} objects with footprint, yaw and height${
      things.verticals.length ? `; ${things.verticals.length} stairs between scanned stories` : ""
    }`,
  );
  report.mapped.push(
    `${stories.length} ${stories.length === 1 ? "story" : "stories"} → ${stories.length} ${
      stories.length === 1 ? "floor" : "floors"
    }`,
  );
}

/**
 * The report's assumptions, warnings and what RoomPlan lacks: how rooms were made, what the
 * finding and placing left out or took as uncertain, and what the format never records.
 */
function reportNotes(
  scan: RpScan,
  report: ImportReport,
  { arranged, placed, things }: { arranged: Arranged; placed: Placed; things: Things },
): void {
  const { found, loose, orphanSections, unnamed, sliverCount, sliverArea, extendedCount } =
    arranged;
  const { placedByNearest, toNonRoom, unplaced } = placed;
  const { skippedObjects, others } = things;
  const { surfaces, low, lowObjects } = lowConfidence(scan);
  const wallsOnly = !scan.floors.length;
  const counts = report.counts!;
  report.assumptions.push(
    "axes: RoomPlan is y up with x right and z toward the viewer; plan x = world x, plan y = −world z (seen from above, not mirrored)",
    `rooms are the faces of the walls${
      wallsOnly ? "" : " and the floor outline"
    } cut into a planar arrangement: corners within ${
      SNAP_M * 100
    } cm snapped together and onto walls, loose wall ends extended up to ${
      EXTEND_M * 100
    } cm along their own line, doors and openings in a gap close it; faces under ${MIN_ROOM_AREA_M2} m² or narrower than ${
      MIN_ROOM_WIDTH_M * 100
    } cm on average are slivers`,
    "each room is named by the RoomPlan section whose centre lies inside it (livingRoom → living, diningRoom → dining, unidentified → other); the section's label is kept as the room's name",
    "a room's ceiling height is the length-weighted median of the heights of the walls around it (RoomPlan measures no ceiling)",
    "sill heights are the opening's bottom (centre − height/2) above the floor of its story; widths are the opening's, not the clear width past a door leaf",
    `a surface or object RoomPlan marks low confidence is taken as uncertain to ±${
      LOW_CONFIDENCE_UNCERTAINTY_M * 100
    } cm (the scan's default is ±${DEFAULT_UNCERTAINTY_M * 100} cm)`,
  );
  if (low.length || lowObjects.length) {
    report.warnings.push(
      `${low.length} of ${surfaces.length} surfaces and ${lowObjects.length} of ${scan.objects.length} objects are low confidence: what is measured from them is uncertain to ±${
        LOW_CONFIDENCE_UNCERTAINTY_M * 100
      } cm`,
    );
  }
  if (placedByNearest) {
    report.assumptions.push(
      `${placedByNearest} doors, windows or openings name no parent wall (no parentIdentifier, iOS 16): each is put on the nearest parallel wall within ${
        PARENT_SEARCH_M * 100
      } cm`,
    );
  }
  if (toNonRoom) {
    report.assumptions.push(
      `${toNonRoom} ${
        toNonRoom === 1 ? "door or opening leads" : "doors or openings lead"
      } to no room found on one side (off the scanned floor, or into floor no RoomPlan section names): that side is taken as the outside`,
    );
  }
  if (extendedCount) {
    report.assumptions.push(
      `${extendedCount} wall ${
        extendedCount === 1 ? "end was" : "ends were"
      } extended to meet another wall or the floor outline`,
    );
  }
  for (const l of loose) {
    report.warnings.push(`${l}: its end meets no other wall, so it is left out of the rooms`);
  }
  for (const o of orphanSections) report.warnings.push(`${o}: no room was made for it`);
  for (const u of unnamed) {
    report.warnings.push(
      `a ${fmt(u.area)} m² region around (${fmt(u.at[0])}, ${
        fmt(u.at[1])
      }) (plan metres) has no RoomPlan section: not made a room`,
    );
  }
  for (const f of found) {
    if (!f.heights.length) continue;
    const lo = Math.min(...f.heights), hi = Math.max(...f.heights);
    if (hi - lo > SNAP_M) {
      report.assumptions.push(
        `${f.name ?? f.id}: the walls around it are ${fmt(lo)}–${
          fmt(hi)
        } m high; its ceiling height is their length-weighted median, ${fmt(f.height_m ?? NaN)} m`,
      );
    }
  }
  const open = found.filter((f) => f.open_m > SNAP_M);
  for (const f of open) {
    report.warnings.push(
      `${f.name ?? f.id}: ${
        fmt(f.open_m)
      } m of its outline has no wall; the scan's floor outline closes it there`,
    );
  }
  if (sliverCount) {
    report.assumptions.push(
      `${sliverCount} ${sliverCount === 1 ? "sliver" : "slivers"} (${
        fmt(sliverArea)
      } m² in all) between walls and the floor outline dropped`,
    );
  }
  if (unplaced) counts.openings_left_out = unplaced;
  if (skippedObjects) counts.objects_left_out = skippedObjects;
  if (others.size) {
    report.warnings.push(
      `object categories outside RoomPlan's vocabulary kept as labels: ${
        [...others].map(([k, n]) => `${k} (${n})`).join(", ")
      }`,
    );
  }
  const curved = scan.walls.filter((w) => w.curved).length;
  if (curved) report.assumptions.push(`${curved} curved walls are taken as their chords`);
  if (!scan.has.floors && scan.kind !== "USDZ") {
    report.lacking.push("no floors (an iOS 16 export): the rooms are only those the walls close");
  }
  if (!scan.sections.length) {
    report.lacking.push("no sections (room labels): every room found is labelled other");
  }
  report.lacking.push(
    "no thresholds: RoomPlan does not measure door sills, so tools take each door as flush and say so (measure them on site)",
    "no site location or north: sun_hours needs one (threshold sites add)",
    "no door swings: RoomPlan records only whether a door was open when scanned (isOpen)",
    "no clear widths: a door's width is its opening's, not the clear width past the leaf",
    "no ceilings: heights come from the walls",
  );
  if (!scan.objects.some((o) => o.category === "stairs")) {
    report.lacking.push("no stairs (RoomPlan records stairs only as an object of category stairs)");
  }
  if (scan.ignored.length) {
    report.assumptions.push(`not read: ${scan.ignored.join(", ")} (opaque or undocumented)`);
  }
}
