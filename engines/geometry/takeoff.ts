/**
 * Quantity takeoff: floor, wall and ceiling areas, perimeters, volumes, skirting, paint and
 * flooring per room, per floor and for the building, under a named measuring convention.
 * Pure functions over plan parts, metres in and SI out.
 *
 * References: the shoelace formula (area), Andrew's monotone chain (convex hull) and
 * Shamos's rotating calipers (least width of a convex polygon); RICS Code of Measuring
 * Practice (6th ed., 2007) for net and gross internal area; ANSI Z765-2021 for the
 * finished-area convention (garages and unheated spaces left out; ceilings ≥ 7 ft).
 */
import { sayLength } from "../../ground/units.ts";
import type { Opening, Plan, Point, Room, RoomLabel } from "../../ground/plan.ts";
import { ringArea_m2 } from "./clip.ts";
import { isConvexRing } from "./polygon.ts";
import { ticker } from "../../ground/budget.ts";

/**
 * Area of a simple polygon, m², whatever its orientation: the absolute value of clip.ts's
 * shoelace `ringArea_m2`.
 */
export function polygonArea_m2(polygon: Point[]): number {
  return Math.abs(ringArea_m2(polygon));
}

/** Perimeter of a closed polygon, m (sum of its edge lengths). */
export function polygonPerimeter_m(polygon: Point[]): number {
  let s = 0;
  const n = polygon.length;
  for (let i = 0; i < n; i++) {
    const a = polygon[i], b = polygon[(i + 1) % n];
    s += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return s;
}

/** Convex hull, counter-clockwise, by Andrew's monotone chain (1979). */
export function convexHull(points: Point[]): Point[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: Point, a: Point, b: Point) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) {
      lower.pop();
    }
    lower.push(q);
  }
  const upper: Point[] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) {
      upper.pop();
    }
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * Least width of a polygon, m: the smallest distance between two parallel lines that enclose
 * it, found over the edges of its convex hull (rotating calipers, Shamos 1978). For a
 * rectangle it is the shorter side; for an L-shape it is the hull's width, which can exceed
 * the narrowest arm (callers say so).
 */
export function polygonMinWidth_m(polygon: Point[]): number {
  const h = convexHull(polygon);
  if (h.length < 3) return 0;
  let best = Infinity;
  for (let i = 0; i < h.length; i++) {
    const a = h[i], b = h[(i + 1) % h.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len === 0) continue;
    let far = 0;
    for (const q of h) {
      const d = Math.abs((b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0])) / len;
      if (d > far) far = d;
    }
    if (far < best) best = far;
  }
  return best === Infinity ? 0 : best;
}

/** Whether a polygon is convex (all turns one way; collinear vertices allowed): polygon.ts's. */
export const polygonIsConvex: (polygon: Point[]) => boolean = isConvexRing;

/** The measuring conventions takeoff can total by. */
export const CONVENTIONS = ["net", "gross", "finished"] as const;
export type Convention = typeof CONVENTIONS[number];

/** What each convention means, in one sentence (named in results). */
export const CONVENTION_TEXT: Record<Convention, string> = {
  net: "Net internal area (RICS NIA-style): the floor inside each room's finished wall faces, " +
    "as the scan's room polygons give it; balconies and outdoor areas are left out.",
  gross: "Gross internal area (RICS GIA-style): net internal area plus the footprint of the " +
    "walls between rooms (gaps between facing room edges); balconies and outdoor areas are left out.",
  finished: "ANSI Z765-style finished area: indoor rooms with a ceiling of at least 7 ft " +
    "(2.134 m); garages, balconies, outdoor and other unheated areas are left out. Measured " +
    "on internal wall faces, so it understates Z765's exterior-face figure by the walls.",
};

/** Room labels that are outside the heated envelope: never in net, gross or finished totals. */
export const OUTDOOR_LABELS: readonly RoomLabel[] = ["balcony", "outdoor"];
/** Room labels left out of the ANSI Z765-style finished area (garages and unheated spaces). */
export const UNFINISHED_LABELS: readonly RoomLabel[] = ["garage", "balcony", "outdoor"];
/** ANSI Z765-2021 §3.2: finished area needs a ceiling of at least 7 ft (2.1336 m). */
export const Z765_MIN_CEILING_M = 7 * 0.3048;

export interface TakeoffOptions {
  convention: Convention;
  /** Paint coverage per litre per coat, m²/L. */
  paint_coverage_m2_per_l: number;
  paint_coats: number;
  /** Extra flooring to order, as a fraction (0.1 = 10 %). */
  flooring_waste: number;
  /** Height used for a door with no stated height, m (a standard 2.0 m leaf). */
  default_door_height_m?: number;
  /** Height used for a window with no stated height, m. */
  default_window_height_m?: number;
  /** Widest gap between facing room edges counted as a wall (gross convention), m. */
  max_wall_m?: number;
}

/** Quantities of one room. Null where the room lacks the data (no height). */
export interface RoomTakeoff {
  room: string;
  name: string;
  floor: string;
  label: RoomLabel;
  /** Whether the convention counts this room in the totals, and why not. */
  included: boolean;
  /** Why the convention leaves it out (exclusionText words it). */
  excluded_code?: Exclusion;
  excluded_because?: string;
  height_m: number | null;
  floor_area_m2: number;
  perimeter_m: number;
  wall_gross_m2: number | null;
  openings_m2: number | null;
  wall_net_m2: number | null;
  ceiling_m2: number;
  volume_m3: number | null;
  skirting_m: number;
  paint_walls_l: number | null;
  paint_ceiling_l: number;
  flooring_m2: number;
}

/** Sums over a set of rooms; a null quantity means at least one room lacked it. */
export interface TakeoffTotals {
  rooms: number;
  floor_area_m2: number;
  /** gross only: the wall footprint added to the net area. */
  walls_footprint_m2: number;
  perimeter_m: number;
  wall_gross_m2: number;
  openings_m2: number;
  wall_net_m2: number;
  ceiling_m2: number;
  volume_m3: number;
  skirting_m: number;
  paint_walls_l: number;
  paint_ceiling_l: number;
  paint_l: number;
  flooring_m2: number;
  /** Rooms whose height is unknown: their walls, volume and wall paint are not in the sums. */
  rooms_without_height: number;
}

export interface Takeoff {
  convention: Convention;
  convention_text: string;
  rooms: RoomTakeoff[];
  floors: ({ floor: string; name: string } & TakeoffTotals)[];
  building: TakeoffTotals;
  /** Sentences for every estimate made (default heights, full-height openings). */
  assumptions: string[];
}

/** Area of an opening as it cuts a wall, m², and whether its height was assumed. */
function openingArea(
  o: Opening,
  roomHeight: number | null,
  opts: TakeoffOptions,
): { area: number; assumed?: "door" | "window" | "opening" } {
  let h = o.height_m;
  let assumed: "door" | "window" | "opening" | undefined;
  if (h === undefined) {
    if (o.kind === "door") h = opts.default_door_height_m ?? 2.0;
    else if (o.kind === "window") h = opts.default_window_height_m ?? 1.2;
    else h = roomHeight ?? opts.default_door_height_m ?? 2.0;
    assumed = o.kind;
  }
  if (roomHeight !== null) h = Math.min(h, roomHeight);
  return { area: o.width_m * h, assumed };
}

/**
 * Quantities of one room: floor and ceiling area (shoelace), perimeter, walls as height ×
 * perimeter less the doors, windows and openings in them, volume as area × height, skirting
 * as perimeter less door and opening widths, paint as area × coats ÷ coverage, flooring as
 * area × (1 + waste). `openings` are the plan's openings with this room on either side.
 */
export function roomTakeoff(
  room: Room,
  openings: Opening[],
  opts: TakeoffOptions,
  included: { included: boolean; excluded_code?: Exclusion; excluded_because?: string } = {
    included: true,
  },
  assumed: Set<string> = new Set(),
): RoomTakeoff {
  const area = polygonArea_m2(room.polygon);
  const perimeter = polygonPerimeter_m(room.polygon);
  const h = room.height_m ?? null;
  let openingsArea = 0;
  let doorWidths = 0;
  for (const o of openings) {
    const a = openingArea(o, h, opts);
    openingsArea += a.area;
    if (a.assumed) assumed.add(a.assumed);
    if (o.kind !== "window") doorWidths += o.width_m;
  }
  const wallGross = h === null ? null : h * perimeter;
  const wallNet = wallGross === null ? null : Math.max(0, wallGross - openingsArea);
  const perLitre = opts.paint_coats / opts.paint_coverage_m2_per_l;
  return {
    room: room.id,
    name: room.name ?? room.id,
    floor: room.floor,
    label: room.label,
    ...included,
    height_m: h,
    floor_area_m2: area,
    perimeter_m: perimeter,
    wall_gross_m2: wallGross,
    openings_m2: h === null ? null : openingsArea,
    wall_net_m2: wallNet,
    ceiling_m2: area,
    volume_m3: h === null ? null : area * h,
    skirting_m: Math.max(0, perimeter - doorWidths),
    paint_walls_l: wallNet === null ? null : wallNet * perLitre,
    paint_ceiling_l: area * perLitre,
    flooring_m2: area * (1 + opts.flooring_waste),
  };
}

/** Why a convention leaves a room out. */
export type Exclusion = "unfinished" | "low_ceiling" | "outdoor";

/** The reason a room is left out, in words (the one place they are made). */
export function exclusionText(
  code: Exclusion,
  room: Pick<Room, "label" | "height_m">,
): string {
  switch (code) {
    case "unfinished":
      return `${room.label}: unheated or unfinished space`;
    case "low_ceiling":
      return `ceiling ${sayLength(room.height_m!)} is under 7 ft (2.134 m)`;
    case "outdoor":
      return `${room.label}: outside the building envelope`;
  }
}

/** Whether a convention counts a room, and the reason (code and words) when it does not. */
export function conventionIncludes(
  room: Pick<Room, "label" | "height_m">,
  convention: Convention,
): { included: boolean; excluded_code?: Exclusion; excluded_because?: string } {
  const out = (code: Exclusion) => ({
    included: false,
    excluded_code: code,
    excluded_because: exclusionText(code, room),
  });
  if (convention === "finished") {
    if (UNFINISHED_LABELS.includes(room.label)) return out("unfinished");
    if (room.height_m !== undefined && room.height_m < Z765_MIN_CEILING_M) {
      return out("low_ceiling");
    }
    return { included: true };
  }
  if (OUTDOOR_LABELS.includes(room.label)) return out("outdoor");
  return { included: true };
}

interface Edge {
  room: string;
  ax: number;
  ay: number;
  bx: number;
  by: number;
  minx: number;
  maxx: number;
  miny: number;
  maxy: number;
}

/**
 * Footprint of the walls between rooms on one floor, m²: for every pair of parallel room
 * edges (of different rooms) that face each other across a gap of at most `max_wall_m`, the
 * gap times the length over which they overlap. Rooms that share an edge add nothing; the
 * small squares where walls cross are not counted. Edges are swept in x order.
 */
export function internalWallFootprint_m2(rooms: Pick<Room, "id" | "polygon">[], max_wall_m = 0.5) {
  const edges: Edge[] = [];
  for (const r of rooms) {
    const p = r.polygon;
    for (let i = 0; i < p.length; i++) {
      const a = p[i], b = p[(i + 1) % p.length];
      if (a[0] === b[0] && a[1] === b[1]) continue;
      edges.push({
        room: r.id,
        ax: a[0],
        ay: a[1],
        bx: b[0],
        by: b[1],
        minx: Math.min(a[0], b[0]),
        maxx: Math.max(a[0], b[0]),
        miny: Math.min(a[1], b[1]),
        maxy: Math.max(a[1], b[1]),
      });
    }
  }
  edges.sort((e, f) => e.minx - f.minx);
  let total = 0;
  const tick = ticker(64);
  for (let i = 0; i < edges.length; i++) {
    tick();
    const e = edges[i];
    const ex = e.bx - e.ax, ey = e.by - e.ay;
    const len = Math.hypot(ex, ey);
    const ux = ex / len, uy = ey / len;
    for (let j = i + 1; j < edges.length; j++) {
      const f = edges[j];
      if (f.minx > e.maxx + max_wall_m) break;
      if (f.room === e.room) continue;
      if (f.miny > e.maxy + max_wall_m || f.maxy < e.miny - max_wall_m) continue;
      const fx = f.bx - f.ax, fy = f.by - f.ay;
      const flen = Math.hypot(fx, fy);
      // parallel within ~1°
      if (Math.abs(ux * fy - uy * fx) / flen > 0.02) continue;
      // perpendicular gap between the two lines
      const gap = Math.abs(ux * (f.ay - e.ay) - uy * (f.ax - e.ax));
      if (gap < 1e-6 || gap > max_wall_m) continue;
      // overlap of f projected on e
      const t1 = (f.ax - e.ax) * ux + (f.ay - e.ay) * uy;
      const t2 = (f.bx - e.ax) * ux + (f.by - e.ay) * uy;
      const lo = Math.max(0, Math.min(t1, t2)), hi = Math.min(len, Math.max(t1, t2));
      if (hi > lo) total += (hi - lo) * gap;
    }
  }
  return total;
}

function emptyTotals(): TakeoffTotals {
  return {
    rooms: 0,
    floor_area_m2: 0,
    walls_footprint_m2: 0,
    perimeter_m: 0,
    wall_gross_m2: 0,
    openings_m2: 0,
    wall_net_m2: 0,
    ceiling_m2: 0,
    volume_m3: 0,
    skirting_m: 0,
    paint_walls_l: 0,
    paint_ceiling_l: 0,
    paint_l: 0,
    flooring_m2: 0,
    rooms_without_height: 0,
  };
}

function add(t: TakeoffTotals, r: RoomTakeoff): void {
  t.rooms++;
  t.floor_area_m2 += r.floor_area_m2;
  t.perimeter_m += r.perimeter_m;
  t.ceiling_m2 += r.ceiling_m2;
  t.skirting_m += r.skirting_m;
  t.paint_ceiling_l += r.paint_ceiling_l;
  t.flooring_m2 += r.flooring_m2;
  if (r.height_m === null) {
    t.rooms_without_height++;
  } else {
    t.wall_gross_m2 += r.wall_gross_m2!;
    t.openings_m2 += r.openings_m2!;
    t.wall_net_m2 += r.wall_net_m2!;
    t.volume_m3 += r.volume_m3!;
    t.paint_walls_l += r.paint_walls_l!;
  }
  t.paint_l = t.paint_walls_l + t.paint_ceiling_l;
}

/**
 * The takeoff of a whole plan: every room's quantities, and totals per floor and for the
 * building over the rooms the convention counts. Under `gross`, each floor's area adds the
 * wall footprint between its counted rooms ({@link internalWallFootprint_m2}).
 */
export function planTakeoff(
  plan: Pick<Plan, "rooms" | "openings" | "floors">,
  opts: TakeoffOptions,
): Takeoff {
  const byRoom = new Map<string, Opening[]>();
  for (const o of plan.openings) {
    for (const side of o.between) {
      if (side === null) continue;
      let list = byRoom.get(side);
      if (!list) byRoom.set(side, list = []);
      list.push(o);
    }
  }
  const assumed = new Set<string>();
  const tick = ticker(64);
  const rooms = plan.rooms.map((r) => {
    tick();
    return roomTakeoff(
      r,
      byRoom.get(r.id) ?? [],
      opts,
      conventionIncludes(r, opts.convention),
      assumed,
    );
  });
  const floorIds = [
    ...plan.floors.map((f) => f.id),
    ...new Set(plan.rooms.map((r) => r.floor).filter((f) => !plan.floors.some((x) => x.id === f))),
  ];
  const building = emptyTotals();
  const floors = floorIds.map((fid) => {
    const f = plan.floors.find((x) => x.id === fid);
    const t = { floor: fid, name: f?.name ?? fid, ...emptyTotals() };
    tick();
    for (const r of rooms) if (r.floor === fid && r.included) add(t, r);
    if (opts.convention === "gross") {
      const counted = plan.rooms.filter((r, i) => r.floor === fid && rooms[i].included);
      t.walls_footprint_m2 = internalWallFootprint_m2(counted, opts.max_wall_m ?? 0.5);
      t.floor_area_m2 += t.walls_footprint_m2;
    }
    return t;
  }).filter((t) => t.rooms > 0 || plan.floors.some((f) => f.id === t.floor));
  for (const r of rooms) if (r.included) add(building, r);
  building.walls_footprint_m2 = floors.reduce((s, f) => s + f.walls_footprint_m2, 0);
  building.floor_area_m2 += building.walls_footprint_m2;
  const assumptions: string[] = [];
  if (assumed.has("door")) {
    assumptions.push(
      `Doors with no stated height are taken as ${
        (opts.default_door_height_m ?? 2.0).toFixed(2)
      } m high where they cut a wall.`,
    );
  }
  if (assumed.has("window")) {
    assumptions.push(
      `Windows with no stated height are taken as ${
        (opts.default_window_height_m ?? 1.2).toFixed(2)
      } m high where they cut a wall.`,
    );
  }
  if (assumed.has("opening")) {
    assumptions.push("Openings with no stated height are taken as full room height.");
  }
  assumptions.push(
    "Ceilings are taken as flat: ceiling area equals floor area, volume is area × height.",
  );
  return {
    convention: opts.convention,
    convention_text: CONVENTION_TEXT[opts.convention],
    rooms,
    floors,
    building,
    assumptions,
  };
}
