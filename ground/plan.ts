/**
 * The normalized plan: one building, in metres, 2D per floor in a local frame
 * (x right, y up). See `design.md` § "The plan". Validated by zod; cross-references
 * and self-intersecting polygons are checked by {@link parsePlan}.
 */
import { z } from "npm:zod@4.6.7";
import { formatIssues, InputError, type Issue, issueOf } from "./errors.ts";

/** The room-label vocabulary every importer maps its source's labels onto. */
export const ROOM_LABELS = [
  "entrance",
  "hallway",
  "living",
  "dining",
  "kitchen",
  "bedroom",
  "bathroom",
  "toilet",
  "closet",
  "laundry",
  "utility",
  "office",
  "garage",
  "stairs",
  "balcony",
  "outdoor",
  "storage",
  "other",
] as const;
export type RoomLabel = typeof ROOM_LABELS[number];

/** Default scan uncertainty: 2 cm absolute or 1 % relative, the larger applies. */
export const DEFAULT_UNCERTAINTY_M = 0.02;
export const DEFAULT_UNCERTAINTY_REL = 0.01;

/**
 * Hard bounds on every plan number and list: a value beyond them is not a building (a plan
 * that breaks one is refused with the path and the bound). They keep every engine's work
 * bounded by the plan's size. What is merely implausible (a 1,000 m ceiling, a 50 m door) is
 * the plausibility pass's business (`layers/plausibility.ts`).
 */
export const PLAN_BOUNDS = {
  /** Coordinates: within 10,000 km of the plan's origin (projected frames such as UTM fit). */
  coordinate_m: 1e7,
  /** Any length of a building part (height, width, rise …). */
  length_m: 1000,
  /** A floor's or site's elevation, ± metres. */
  elevation_m: 10000,
  /** The scan's absolute uncertainty: a scan worse than 1 m measures nothing a tool judges. */
  uncertainty_m: 1,
  /** Characters in an id; in a name, label or other text. */
  id_chars: 256,
  text_chars: 2000,
  /** Items per list. */
  polygon_points: 10000,
  rooms: 100000,
  openings: 200000,
  verticals: 10000,
  objects: 100000,
  sweeps: 100000,
  nav_nodes: 100000,
  nav_edges: 1000000,
  floors: 1000,
} as const;
const B = PLAN_BOUNDS;

const id = z.string().min(1, { error: "needs a non-empty id" }).max(B.id_chars, {
  error: `an id may have at most ${B.id_chars} characters`,
});
const text = z.string().max(B.text_chars, {
  error: `at most ${B.text_chars} characters`,
});
const within = (limit: number, what: string) => (v: z.ZodNumber) =>
  v.min(-limit, { error: (i) => `${what} must be ≥ ${-limit}, got ${i.input}` }).max(limit, {
    error: (i) => `${what} must be ≤ ${limit}, got ${i.input}`,
  });
const metres = within(B.coordinate_m, "a coordinate (m)")(z.number());
const lengthMax = { error: (i: { input: unknown }) => `must be ≤ ${B.length_m} m, got ${i.input}` };
const positiveMetres = z.number().positive({ error: (i) => `must be > 0 m, got ${i.input}` })
  .max(B.length_m, lengthMax);
const nonNegativeMetres = z.number().nonnegative({
  error: (i) => `must be ≥ 0 m, got ${i.input}`,
}).max(B.length_m, lengthMax);
const elevation = within(B.elevation_m, "an elevation (m)")(z.number());
const list = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z.array(item).max(max, { error: `at most ${max} ${what} per plan` });
/** A point [x, y] in plan metres. */
export const Point = z.tuple([metres, metres]);
export type Point = z.infer<typeof Point>;

export const Site = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  elevation_m: elevation.optional(),
  address: text.optional(),
  /** Azimuth of the plan's +y axis, degrees clockwise from true north. */
  north_deg: z.number().min(-360).max(360).optional(),
});
export type Site = z.infer<typeof Site>;

export const Source = z.object({
  format: text.default("plan-json"),
  ref: text.default(""),
  uncertainty_m: z.number().nonnegative({ error: (i) => `must be ≥ 0 m, got ${i.input}` }).max(
    B.uncertainty_m,
    {
      error: (i) =>
        `must be ≤ ${B.uncertainty_m} m (a scan less certain than that measures nothing a tool can judge), got ${i.input}`,
    },
  ).default(DEFAULT_UNCERTAINTY_M),
  uncertainty_rel: z.number().min(0).max(1).default(DEFAULT_UNCERTAINTY_REL),
});
export type Source = z.infer<typeof Source>;

/**
 * A part's own measurement uncertainty, metres, where the source says it is less sure of it
 * than of the scan as a whole (a RoomPlan surface of `low` confidence): it widens the scan's
 * tolerance for what is measured from that part ({@link tolerance_m}), never narrows it.
 */
const ownUncertainty = z.number().nonnegative().max(B.uncertainty_m).optional();

export const Floor = z.object({
  id,
  name: text.optional(),
  index: z.number().int().min(-B.floors).max(B.floors),
  elevation_m: elevation.default(0),
});
export type Floor = z.infer<typeof Floor>;

export const Room = z.object({
  id,
  floor: id,
  label: z.enum(ROOM_LABELS, {
    error: (i) =>
      `unknown room label ${JSON.stringify(i.input)}; allowed: ${ROOM_LABELS.join(", ")}`,
  }),
  name: text.optional(),
  /**
   * An open-plan room the source merged from parts with labels of their own (ZInD's "living room
   * + dining room + kitchen + hallway"): every part's label, the one covering most floor first.
   */
  parts: z.array(z.enum(ROOM_LABELS)).optional(),
  /**
   * The room's number in its source (IfcSpace Name beside its LongName: "A101"): it tells
   * rooms of one name apart ("Foyer (A101)") and a person may give it as the room.
   */
  number: text.optional(),
  polygon: z.array(Point).min(3, {
    error: (i) => `needs at least 3 points, got ${(i.input as unknown[]).length}`,
  }).max(B.polygon_points, { error: `at most ${B.polygon_points} points per polygon` }),
  height_m: positiveMetres.optional(),
  /**
   * Set when the source has no such room and the importer derived one (an IFC storey with no
   * IfcSpace: a room inside its walls, so doors have a side): the sentence says how. Tools do
   * not judge a derived room; they say so.
   */
  derived: z.string().optional(),
  uncertainty_m: ownUncertainty,
});
export type Room = z.infer<typeof Room>;

export const OPENING_KINDS = ["door", "window", "opening"] as const;
export const Opening = z.object({
  id,
  kind: z.enum(OPENING_KINDS),
  floor: id,
  /** The two sides; null is the outside. */
  between: z.tuple([id.nullable(), id.nullable()]),
  at: Point,
  /** The width the source states (door leaf / overall / opening width). */
  width_m: positiveMetres,
  /** Only when the source states it; engines estimate what is missing. */
  clear_width_m: positiveMetres.optional(),
  height_m: positiveMetres.optional(),
  sill_m: nonNegativeMetres.optional(),
  threshold_m: nonNegativeMetres.optional(),
  /** Marks the main entrance among the doors to the outside. */
  main_entrance: z.boolean().optional(),
  /** Whether the source saw the door open when it was scanned (RoomPlan `isOpen`). */
  open: z.boolean().optional(),
  uncertainty_m: ownUncertainty,
});
export type Opening = z.infer<typeof Opening>;

export const VERTICAL_KINDS = ["stair", "ramp", "lift", "step"] as const;
export const Vertical = z.object({
  id,
  kind: z.enum(VERTICAL_KINDS),
  /** Its name in the source ("Wendeltreppe", "Lift A"), when it has one: shown with the floors. */
  name: text.optional(),
  from_floor: id,
  to_floor: id,
  /**
   * The rooms it lands in, told apart by their floors: the one on `from_floor` is at its foot,
   * the one on `to_floor` at its head (routes join those two).
   */
  rooms: z.array(id).max(B.rooms).optional(),
  rise_m: nonNegativeMetres,
  going_m: positiveMetres.optional(),
  width_m: positiveMetres,
  risers: z.number().int().positive().max(10000).optional(),
  /**
   * Its own outline in plan metres, when the source gives its geometry (an IFC stair's
   * extent): pictures draw the stair there, not as hatching over the rooms it touches.
   */
  footprint: z.array(Point).min(3).max(PLAN_BOUNDS.polygon_points).optional(),
  /** Its own uncertainty where the source was less sure of it (an estimated width). */
  uncertainty_m: ownUncertainty,
  /**
   * Values the importer estimated rather than read, by field (`width_m`): how, and the error
   * bound it states. A judgement within that bound of a limit is warn ("estimated — measure
   * on site"), never pass or fail.
   */
  estimated: z.record(
    z.string(),
    z.object({ basis: text, error_m: z.number().nonnegative().max(B.uncertainty_m) }),
  ).optional(),
});
export type Vertical = z.infer<typeof Vertical>;

export const Obj = z.object({
  id,
  floor: id,
  room: id.optional(),
  label: text.min(1),
  center: Point,
  size: z.tuple([positiveMetres, positiveMetres]),
  yaw_deg: z.number().min(-3600).max(3600).optional(),
  height_m: positiveMetres.optional(),
  uncertainty_m: ownUncertainty,
});
export type Obj = z.infer<typeof Obj>;

export const Sweep = z.object({
  id,
  floor: id,
  room: id.optional(),
  at: z.tuple([metres, metres, metres]),
  /** An equirectangular panorama (path or URL). */
  image: text.optional(),
  /**
   * The plan direction of the panorama's centre column, degrees counter-clockwise from the
   * plan's +x axis. Columns to its right turn clockwise seen from above (engines/vision).
   */
  heading_deg: z.number().min(-360).max(360).optional(),
});
export type Sweep = z.infer<typeof Sweep>;

/** A navigation-graph node: a place a person can stand (a sweep position), in plan metres (z up). */
export const NavNode = z.object({
  id,
  floor: id,
  at: z.tuple([metres, metres, metres]),
  room: id.optional(),
});
export type NavNode = z.infer<typeof NavNode>;

/** A walkable link between two nav nodes (undirected); `length_m` is the straight 3-D distance. */
export const NavEdge = z.object({
  from: id,
  to: id,
  length_m: z.number().nonnegative().max(2 * B.coordinate_m),
});
export type NavEdge = z.infer<typeof NavEdge>;

/**
 * A navigation graph between sweeps, such as the Matterport3D simulator's connectivity
 * (peteanderson80/Matterport3DSimulator `connectivity/README.md`: unobstructed links between
 * included viewpoints). The "plan.nav" layer is present when `edges` is non-empty.
 */
export const Nav = z.object({
  nodes: list(NavNode, B.nav_nodes, "nav nodes"),
  edges: list(NavEdge, B.nav_edges, "nav edges"),
});
export type Nav = z.infer<typeof Nav>;

/**
 * A value the plausibility pass after import judged implausible (layers/plausibility.ts):
 * tools judge the subject `unknown` with the reason, never pass or fail on it.
 */
export const Implausible = z.object({
  /** The id of the room, opening, vertical or object. */
  subject: id,
  /** The field (`height_m`, `width_m`, `area_m2`, `at`, `polygon`). */
  field: text,
  value: z.number().optional(),
  /** A sentence: what was found and the plausible range. */
  reason: text,
});
export type Implausible = z.infer<typeof Implausible>;

export const Plan = z.object({
  id,
  name: text.default(""),
  /** The building this scan is of: re-scans of one building share it (findings carry over). */
  building: text.min(1).optional(),
  source: Source.default({
    format: "plan-json",
    ref: "",
    uncertainty_m: DEFAULT_UNCERTAINTY_M,
    uncertainty_rel: DEFAULT_UNCERTAINTY_REL,
  }),
  site: Site.optional(),
  floors: list(Floor, B.floors, "floors").default([]),
  rooms: list(Room, B.rooms, "rooms").default([]),
  openings: list(Opening, B.openings, "openings").default([]),
  verticals: list(Vertical, B.verticals, "verticals").default([]),
  objects: list(Obj, B.objects, "objects").default([]),
  sweeps: list(Sweep, B.sweeps, "sweeps").default([]),
  /** Optional walkable graph between sweeps (see {@link Nav}). */
  nav: Nav.optional(),
  /** Values the plausibility pass marked; see {@link Implausible}. */
  implausible: z.array(Implausible).optional(),
});
export type Plan = z.infer<typeof Plan>;
/** A plan as written by hand or by an importer, before defaults are applied. */
export type PlanInput = z.input<typeof Plan>;

/** A plan that loaded, with the problems that did not stop it loading. */
export interface LoadedPlan {
  plan: Plan;
  /** Sentences such as "rooms[2] (r3): polygon intersects itself"; tools carry them into assumptions. */
  warnings: string[];
}

/**
 * Validates plan JSON (already parsed) against the schema, then checks
 * cross-references and polygon simplicity. Throws an {@link InputError} listing
 * every problem by JSON path (`rooms[3].polygon: needs at least 3 points, got 2`).
 */
export function parsePlan(data: unknown, input = "plan"): LoadedPlan {
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new InputError(input, `a plan must be a JSON object, got ${describe(data)}`, {
      code: "plan.not_object",
      data: { got: describe(data), allowed: ["a JSON object"] },
    });
  }
  const parsed = Plan.safeParse(data, { reportInput: true });
  if (!parsed.success) {
    throw new InputError(input, formatIssues(parsed.error.issues), {
      code: "plan.invalid",
      data: { issues: parsed.error.issues.map((i) => issueOf(i)) },
    });
  }
  const plan = parsed.data;
  const problems = crossReferenceProblems(plan);
  if (problems.length) {
    throw new InputError(input, problems.map((p) => `${p.path}: ${p.message}`).join("\n"), {
      code: "plan.invalid",
      data: { issues: problems },
    });
  }
  const warnings: string[] = [];
  plan.rooms.forEach((room, i) => {
    if (polygonSelfIntersects(room.polygon)) {
      warnings.push(
        `rooms[${i}] (${room.id}): polygon intersects itself; its area and clearances are approximate`,
      );
    }
  });
  return { plan, warnings };
}

/** Parses plan text (JSON); a syntax error names the input and the position. */
export function parsePlanText(text: string, input = "plan"): LoadedPlan {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new InputError(input, `not valid JSON: ${(e as Error).message}`, {
      code: "plan.not_json",
      data: { problem: (e as Error).message },
    });
  }
  return parsePlan(data, input);
}

function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return typeof v;
}

function crossReferenceProblems(plan: Plan): Issue[] {
  const out: Issue[] = [];
  const issue = (path: string, code: string, message: string, more: Partial<Issue> = {}) =>
    out.push({ path, code, ...more, message });
  const floors = new Set<string>();
  const rooms = new Map<string, string>();
  const dup = (kind: string, seen: Set<string> | Map<string, string>, id: string, i: number) => {
    if (seen.has(id)) {
      issue(`${kind}[${i}].id`, "duplicate_id", `duplicate id ${JSON.stringify(id)}`, { got: id });
    }
  };
  plan.floors.forEach((f, i) => {
    dup("floors", floors, f.id, i);
    floors.add(f.id);
  });
  const floorRef = (path: string, f: string) => {
    if (!floors.has(f)) {
      issue(
        path,
        "no_floor",
        `no floor ${JSON.stringify(f)}; floors: ${[...floors].join(", ") || "none"}`,
        { got: f, allowed: [...floors] },
      );
    }
  };
  plan.rooms.forEach((r, i) => {
    dup("rooms", rooms, r.id, i);
    rooms.set(r.id, r.floor);
    floorRef(`rooms[${i}].floor`, r.floor);
  });
  const roomRef = (path: string, r: string) => {
    if (!rooms.has(r)) issue(path, "no_room", `no room ${JSON.stringify(r)}`, { got: r });
  };
  const ids = new Set<string>();
  plan.openings.forEach((o, i) => {
    dup("openings", ids, o.id, i);
    ids.add(o.id);
    floorRef(`openings[${i}].floor`, o.floor);
    o.between.forEach((r, k) => {
      if (r !== null) roomRef(`openings[${i}].between[${k}]`, r);
    });
    if (o.between[0] === null && o.between[1] === null) {
      issue(
        `openings[${i}].between`,
        "both_outside",
        "both sides are the outside; at least one must be a room",
      );
    }
    if (o.clear_width_m !== undefined && o.clear_width_m > o.width_m + 1e-9) {
      issue(
        `openings[${i}].clear_width_m`,
        "wider_than_width",
        `${o.clear_width_m} m is wider than width_m ${o.width_m} m`,
        { got: o.clear_width_m, allowed: [`<= ${o.width_m}`] },
      );
    }
  });
  const vids = new Set<string>();
  plan.verticals.forEach((v, i) => {
    dup("verticals", vids, v.id, i);
    vids.add(v.id);
    floorRef(`verticals[${i}].from_floor`, v.from_floor);
    floorRef(`verticals[${i}].to_floor`, v.to_floor);
    v.rooms?.forEach((r, k) => roomRef(`verticals[${i}].rooms[${k}]`, r));
  });
  const oids = new Set<string>();
  plan.objects.forEach((o, i) => {
    dup("objects", oids, o.id, i);
    oids.add(o.id);
    floorRef(`objects[${i}].floor`, o.floor);
    if (o.room !== undefined) roomRef(`objects[${i}].room`, o.room);
  });
  const sids = new Set<string>();
  plan.sweeps.forEach((s, i) => {
    dup("sweeps", sids, s.id, i);
    sids.add(s.id);
    floorRef(`sweeps[${i}].floor`, s.floor);
    if (s.room !== undefined) roomRef(`sweeps[${i}].room`, s.room);
  });
  const nodes = new Set<string>();
  plan.nav?.nodes.forEach((n, i) => {
    dup("nav.nodes", nodes, n.id, i);
    nodes.add(n.id);
    floorRef(`nav.nodes[${i}].floor`, n.floor);
    if (n.room !== undefined) roomRef(`nav.nodes[${i}].room`, n.room);
  });
  plan.nav?.edges.forEach((e, i) => {
    for (const end of ["from", "to"] as const) {
      if (!nodes.has(e[end])) {
        issue(`nav.edges[${i}].${end}`, "no_nav_node", `no nav node ${JSON.stringify(e[end])}`, {
          got: e[end],
        });
      }
    }
  });
  return out;
}

/** True when two non-adjacent edges of the closed polygon cross or touch. O(n²); n is small. */
export function polygonSelfIntersects(poly: Point[]): boolean {
  const n = poly.length;
  if (n < 4) return false;
  for (let i = 0; i < n; i++) {
    const a = poly[i], b = poly[(i + 1) % n];
    for (let j = i + 1; j < n; j++) {
      if (j === i || (j + 1) % n === i || j === (i + 1) % n) continue;
      const c = poly[j], d = poly[(j + 1) % n];
      if (segmentsIntersect(a, b, c, d)) return true;
    }
  }
  return false;
}

function orient(a: Point, b: Point, c: Point): number {
  const v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return Math.abs(v) < 1e-12 ? 0 : Math.sign(v);
}
function onSegment(a: Point, b: Point, p: Point): boolean {
  return Math.min(a[0], b[0]) - 1e-12 <= p[0] && p[0] <= Math.max(a[0], b[0]) + 1e-12 &&
    Math.min(a[1], b[1]) - 1e-12 <= p[1] && p[1] <= Math.max(a[1], b[1]) + 1e-12;
}
function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(a, b, c)) return true;
  if (o2 === 0 && onSegment(a, b, d)) return true;
  if (o3 === 0 && onSegment(c, d, a)) return true;
  if (o4 === 0 && onSegment(c, d, b)) return true;
  return false;
}

/**
 * The scan's tolerance for one measured value: max(uncertainty_m, uncertainty_rel × |value|),
 * as design.md's uncertainty rule says; a part with its own, larger `uncertainty_m` (a
 * surface the source was less sure of) widens it to that.
 */
export function tolerance_m(
  plan: Pick<Plan, "source">,
  value: number,
  part?: { uncertainty_m?: number },
): number {
  return Math.max(
    plan.source.uncertainty_m,
    plan.source.uncertainty_rel * Math.abs(value),
    part?.uncertainty_m ?? 0,
  );
}

/** JSON Schema of the plan (`threshold schema plan`). */
export function planJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(Plan, { io: "input" }) as Record<string, unknown>;
}

// ---------------------------------------------------------------- for engines
// What engines may take from outside engines/ (design.md § "Nevers"): the plan types above,
// the judging rule, the overlay geometry type, and the input error for bad data they are given.

export { formatIssues, InputError } from "./errors.ts";

/** GeoJSON geometry in plan metres (an overlay's shape). */
export const Geometry = z.object({
  type: z.enum(["Point", "LineString", "Polygon", "MultiLineString", "MultiPolygon"]),
  coordinates: z.array(z.any()),
});
export type Geometry = z.infer<typeof Geometry>;

/** Comparators for a check: measured must be ≥ (at least) or ≤ (at most) the limit. */
export type Comparator = ">=" | "<=";

/**
 * The uncertainty rule of design.md: a measured value within `tolerance` of its limit is
 * `warn` ("too close to call: measure on site"); otherwise pass or fail by the comparator.
 * Exactly at the limit with zero tolerance passes.
 */
export function judge(
  measured: number,
  comparator: Comparator,
  limit: number,
  tolerance: number,
): "pass" | "fail" | "warn" {
  if (Math.abs(measured - limit) <= tolerance && tolerance > 0) return "warn";
  const ok = comparator === ">=" ? measured >= limit - 1e-12 : measured <= limit + 1e-12;
  return ok ? "pass" : "fail";
}
