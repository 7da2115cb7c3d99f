/**
 * Rule packs: building-code limits as data (`engines/geometry/packs/<pack>.json`), the zod
 * schema that validates them, the measures a rule can check (each computed from a plan), and
 * the evaluation of a pack on a plan. Pure: plain data in, plain data out.
 *
 * Limits are stored as printed in their source (value and unit) and exactly in SI; the schema
 * checks that the two agree (1 in = 25.4 mm exactly, 1 ft = 0.3048 m, 1 sq ft = 0.09290304 m²,
 * NIST SP 811 Appendix B). Values and sections come from shared/reference/rules-and-sun.md §1;
 * its V/S/U status travels with each rule, and U rules are reported as unverified.
 * Uncertainty: a measured value's tolerance is propagated from the plan's scan uncertainty
 * (design.md; first-order error propagation, Taylor, "An Introduction to Error Analysis", §3).
 */
import { z } from "npm:zod@4.6.7";
import { formatIssues, InputError } from "../../core/errors.ts";
import {
  type Opening,
  type Plan,
  type Point,
  type Room,
  ROOM_LABELS,
  tolerance_m,
  type Vertical,
} from "../../core/plan.ts";
import { type Comparator, judge } from "../../core/result.ts";
import { ADA_T_TURN, doorClearWidth, freeFloor, largestCircleIn, tTurnFits } from "./clearance.ts";
import type { MultiRings } from "./clip.ts";
import { longestClearFloorSpace } from "./clear_floor.ts";
import { objectsByRoom, pickEntrance } from "./routes.ts";
import {
  polygonArea_m2,
  polygonIsConvex,
  polygonMinWidth_m,
  polygonPerimeter_m,
} from "./takeoff.ts";

/** Units a limit may be printed in, with their exact factor to SI. */
export const SOURCE_UNITS = {
  in: { si: 0.0254, family: "length" },
  ft: { si: 0.3048, family: "length" },
  mm: { si: 0.001, family: "length" },
  m: { si: 1, family: "length" },
  "sq ft": { si: 0.09290304, family: "area" },
  m2: { si: 1, family: "area" },
  /** 1:n written as n (run per unit rise); SI is the ratio 1/n. */
  "rise:run": { si: NaN, family: "ratio" },
  "%": { si: 0.01, family: "ratio" },
  deg: { si: 1, family: "angle" },
} as const;
export type SourceUnit = keyof typeof SOURCE_UNITS;

/** Exact SI value of a limit printed as `value unit`. */
export function toSI(value: number, unit: SourceUnit): number {
  return unit === "rise:run" ? 1 / value : value * SOURCE_UNITS[unit].si;
}

/** The subject a measure is taken on. */
export type SubjectKind = "room" | "opening" | "vertical";

/** What a measure needs and what it returns. */
export interface MeasureDef {
  title: string;
  subject: SubjectKind;
  /** SI unit of the measured value: m, m2, ratio or deg. */
  unit: "m" | "m2" | "ratio" | "deg";
  /** Opening or vertical kinds it applies to before a rule's own conditions. */
  kinds?: readonly string[];
  /** How the value is obtained, for the result's assumptions. */
  method: string;
}

/** Every measure a rule can name. */
export const MEASURES = {
  door_clear_width_m: {
    title: "door clear width",
    subject: "opening",
    unit: "m",
    kinds: ["door"],
    method: "Door clear width is the clear width the plan states; for a door with only a " +
      "leaf width it is estimated by the clearance engine (clearance.ts doorClearWidth: the " +
      "width less 38 mm for the open leaf and its stop), and each such check says so.",
  },
  door_clear_height_m: {
    title: "door clear height",
    subject: "opening",
    unit: "m",
    kinds: ["door"],
    method: "Door clear height is the door height the plan states.",
  },
  threshold_height_m: {
    title: "threshold height",
    subject: "opening",
    unit: "m",
    kinds: ["door"],
    method: "Threshold height is the threshold the plan states for each door; a door " +
      "without one is unknown, not assumed flush.",
  },
  ceiling_height_m: {
    title: "ceiling height",
    subject: "room",
    unit: "m",
    method: "Ceiling height is each room's measured height (flat ceilings).",
  },
  room_area_m2: {
    title: "floor area",
    subject: "room",
    unit: "m2",
    method: "Room area is the area of the room polygon (shoelace formula).",
  },
  room_min_dimension_m: {
    title: "least horizontal dimension",
    subject: "room",
    unit: "m",
    method: "A room's least dimension is its polygon's least width (rotating calipers on " +
      "its convex hull); for a room that is not convex this can exceed its narrowest part.",
  },
  corridor_width_m: {
    title: "corridor width",
    subject: "room",
    unit: "m",
    method: "Corridor width is the hallway polygon's least width (rotating calipers on its " +
      "convex hull), wall face to wall face, not reduced for radiators or handrails; for an " +
      "L-shaped hallway this can exceed its narrowest arm.",
  },
  glazing_ratio: {
    title: "glazing area ÷ floor area",
    subject: "room",
    unit: "ratio",
    method: "Glazing ratio is the sum of the room's window areas (width × height as stated) " +
      "over its floor area.",
  },
  egress_opening_area_m2: {
    title: "egress window net clear opening",
    subject: "room",
    unit: "m2",
    method: "Egress window measures are taken on each sleeping room's largest window, with " +
      "its stated width × height as the clear opening: a scan cannot see which sash opens, so " +
      "the true net clear opening is smaller.",
  },
  egress_opening_height_m: {
    title: "egress window clear height",
    subject: "room",
    unit: "m",
    method: "Egress window measures are taken on each sleeping room's largest window, with " +
      "its stated width × height as the clear opening: a scan cannot see which sash opens, so " +
      "the true net clear opening is smaller.",
  },
  egress_opening_width_m: {
    title: "egress window clear width",
    subject: "room",
    unit: "m",
    method: "Egress window measures are taken on each sleeping room's largest window, with " +
      "its stated width × height as the clear opening: a scan cannot see which sash opens, so " +
      "the true net clear opening is smaller.",
  },
  egress_sill_height_m: {
    title: "egress window sill height",
    subject: "room",
    unit: "m",
    method: "Egress window measures are taken on each sleeping room's largest window; its " +
      "sill height is taken as the height of the bottom of the clear opening.",
  },
  stair_riser_m: {
    title: "riser height",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "Riser height is the stair's rise ÷ its number of risers (uniform risers assumed).",
  },
  stair_going_m: {
    title: "going (tread depth)",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "Going is the stair's stated going, nosing to nosing.",
  },
  stair_width_m: {
    title: "stair width",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "Stair width is the stair's stated width.",
  },
  stair_headroom_m: {
    title: "stair headroom",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "Stair headroom is measured from the pitch line, which a plan does not record; " +
      "it is unknown until measured on site.",
  },
  stair_flight_rise_m: {
    title: "rise of a flight",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "A stair's rise is taken as one flight (the plan records no landings).",
  },
  stair_pitch_deg: {
    title: "pitch",
    subject: "vertical",
    unit: "deg",
    kinds: ["stair"],
    method: "Stair pitch is atan(riser ÷ going).",
  },
  stair_2r_plus_g_m: {
    title: "2 × riser + going",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "2R + G is twice the riser height plus the going.",
  },
  ramp_slope: {
    title: "ramp slope",
    subject: "vertical",
    unit: "ratio",
    kinds: ["ramp"],
    method: "Ramp slope is its rise ÷ its going (the ramp's stated horizontal run).",
  },
  ramp_rise_m: {
    title: "ramp rise",
    subject: "vertical",
    unit: "m",
    kinds: ["ramp"],
    method: "A ramp's rise is taken as one run (the plan records no landings).",
  },
  ramp_width_m: {
    title: "ramp width",
    subject: "vertical",
    unit: "m",
    kinds: ["ramp"],
    method: "Ramp width is the ramp's stated width.",
  },
  step_height_m: {
    title: "change in level",
    subject: "vertical",
    unit: "m",
    kinds: ["step"],
    method: "A change in level is the stated rise of a step.",
  },
  clear_floor_length_m: {
    title: "clear floor space length",
    subject: "room",
    unit: "m",
    method: "Clear floor space is the longest rectangle of the rule's width (30 in) on the " +
      "room's floor clear of its objects, parallel to a wall (clear_floor.ts); fixtures are " +
      "not in the plan, so this says whether the room has such a space at all.",
  },
  turning_diameter_m: {
    title: "turning circle diameter",
    subject: "room",
    unit: "m",
    method: "The turning circle is the largest circle on the room's floor free of its " +
      "objects (clearance.ts freeFloor and largestCircleIn, found to within 5 mm).",
  },
} as const satisfies Record<string, MeasureDef>;
export type MeasureKind = keyof typeof MEASURES;
export const MEASURE_KINDS = Object.keys(MEASURES) as MeasureKind[];

const UNIT_FAMILY: Record<MeasureDef["unit"], string> = {
  m: "length",
  m2: "area",
  ratio: "ratio",
  deg: "angle",
};

export const OCCUPANCIES = ["dwelling", "public"] as const;
export type Occupancy = typeof OCCUPANCIES[number];
export const WORKS = ["new", "existing"] as const;
export type Work = typeof WORKS[number];

const ruleId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._()-]*$/, {
  error: "rule ids use letters, digits, '.', '_', '-', '(' and ')' and no spaces",
});

/** Where a rule applies; every condition given must hold. */
export const Applies = z.strictObject({
  room_labels: z.array(z.enum(ROOM_LABELS)).min(1).optional(),
  opening_kinds: z.array(z.enum(["door", "window", "opening"])).min(1).optional(),
  /** true: only doors to the outside; false: only doors between rooms. */
  exterior: z.boolean().optional(),
  /** Only the main entrance (marked, or the only door to the outside). */
  main_entrance: z.boolean().optional(),
  /** Ground floor (lowest index) or the floors above it. */
  floors: z.enum(["ground", "upper"]).optional(),
  /** Only ramps on the way to the main entrance. */
  serves_egress: z.boolean().optional(),
  occupancy: z.array(z.enum(OCCUPANCIES)).min(1).optional(),
  work: z.array(z.enum(WORKS)).min(1).optional(),
  /** Pack levels (categories) the rule belongs to, e.g. M4(2). */
  levels: z.array(z.string().min(1)).min(1).optional(),
});
export type Applies = z.infer<typeof Applies>;

/** A limit as printed in its source and exactly in SI. */
export const Limit = z.strictObject({
  value: z.number().positive(),
  unit: z.enum(Object.keys(SOURCE_UNITS) as [SourceUnit, ...SourceUnit[]]),
  /** The source's own wording, e.g. "32 in (815 mm)"; display only. */
  printed: z.string().optional(),
  si: z.number().positive(),
});
export type Limit = z.infer<typeof Limit>;

/** One rule of a pack. */
export const Rule = z.strictObject({
  id: ruleId,
  pack: z.string().min(1),
  edition: z.string().min(1),
  /** The edition whose text the value was checked against, where it differs from `edition`. */
  source_edition: z.string().min(1).optional(),
  section: z.string().min(1),
  title: z.string().min(1),
  measure: z.enum(MEASURE_KINDS as [MeasureKind, ...MeasureKind[]]),
  comparator: z.enum([">=", "<="]),
  limit: Limit,
  applies: Applies.default({}),
  /** V verbatim, S secondary summary, U unverified (shared/reference/rules-and-sun.md). */
  status: z.enum(["V", "S", "U"]),
  citation: z.string().min(1),
  note: z.string().optional(),
  /**
   * What the source accepts instead when the measure falls short. `ada_t_turn`: ADA 2010
   * §304.3.2's T-shaped turning space (clearance.ts tTurnFits), for turning-circle rules.
   */
  alternative: z.enum(["ada_t_turn"]).optional(),
  /** The fixed width of the space, for clear_floor_length_m (ADA 305.3: 30 in). */
  width: Limit.optional(),
});
export type Rule = z.infer<typeof Rule>;

/** A rule pack as its JSON file holds it. */
export const RulePack = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, {
    error: "pack ids are lower-case letters, digits, '.', '_' and '-'",
  }),
  title: z.string().min(1),
  edition: z.string().min(1),
  jurisdiction: z.string().min(1),
  citation: z.string().min(1),
  /** Who the pack is written for; code_check uses it when no occupancy is given. */
  default_occupancy: z.enum(OCCUPANCIES),
  /** Categories within the pack (M4(1) …) and the one run when none is given. */
  levels: z.array(z.string().min(1)).optional(),
  default_level: z.string().min(1).optional(),
  note: z.string().optional(),
  rules: z.array(Rule).min(1),
}).superRefine((p, ctx) => {
  const seen = new Set<string>();
  p.rules.forEach((r, i) => {
    const at = (field: (string | number)[], message: string) =>
      ctx.addIssue({ code: "custom", path: ["rules", i, ...field], message });
    if (seen.has(r.id)) at(["id"], `duplicate rule id ${JSON.stringify(r.id)}`);
    seen.add(r.id);
    if (r.pack !== p.id) at(["pack"], `is ${JSON.stringify(r.pack)}, but the pack is ${p.id}`);
    const exact = toSI(r.limit.value, r.limit.unit);
    if (Math.abs(exact - r.limit.si) > 1e-9 * Math.max(1, Math.abs(exact))) {
      at(
        ["limit", "si"],
        `${r.limit.si} does not equal ${r.limit.value} ${r.limit.unit} = ${+exact.toPrecision(
          12,
        )} in SI`,
      );
    }
    const m = MEASURES[r.measure] as MeasureDef;
    const fam = SOURCE_UNITS[r.limit.unit].family;
    if (fam !== UNIT_FAMILY[m.unit]) {
      at(
        ["limit", "unit"],
        `${r.limit.unit} is a${
          fam === "angle" ? "n" : ""
        } ${fam} unit, but ${r.measure} is measured in ${m.unit}`,
      );
    }
    for (const lv of r.applies.levels ?? []) {
      if (!p.levels?.includes(lv)) {
        at(
          ["applies", "levels"],
          `level ${JSON.stringify(lv)} is not among the pack's levels (${
            p.levels?.join(", ") ?? "none"
          })`,
        );
      }
    }
    if (r.measure === "clear_floor_length_m" && !r.width) {
      at(["width"], "clear_floor_length_m needs the width of the space (e.g. 30 in)");
    }
    if (r.width && r.measure !== "clear_floor_length_m") {
      at(["width"], `only clear_floor_length_m takes a width, not ${r.measure}`);
    }
    if (r.width) {
      const w = toSI(r.width.value, r.width.unit);
      if (Math.abs(w - r.width.si) > 1e-9 * Math.max(1, Math.abs(w))) {
        at(
          ["width", "si"],
          `${r.width.si} does not equal ${r.width.value} ${r.width.unit} = ${+w.toPrecision(
            12,
          )} in SI`,
        );
      }
      if (SOURCE_UNITS[r.width.unit].family !== "length") {
        at(["width", "unit"], `${r.width.unit} is not a length unit`);
      }
    }
    if (r.alternative === "ada_t_turn" && r.measure !== "turning_diameter_m") {
      at(["alternative"], `ada_t_turn is an alternative to turning_diameter_m, not ${r.measure}`);
    }
    if (r.applies.room_labels && m.subject !== "room") {
      at(["applies", "room_labels"], `${r.measure} is measured on ${m.subject}s, not rooms`);
    }
    if (
      (r.applies.opening_kinds || r.applies.exterior !== undefined || r.applies.main_entrance) &&
      m.subject !== "opening"
    ) {
      at(["applies"], `opening conditions given, but ${r.measure} is measured on ${m.subject}s`);
    }
  });
  if (p.default_level !== undefined && !p.levels?.includes(p.default_level)) {
    ctx.addIssue({
      code: "custom",
      path: ["default_level"],
      message: `${JSON.stringify(p.default_level)} is not among the pack's levels`,
    });
  }
});
export type RulePack = z.infer<typeof RulePack>;

/** JSON Schema of a rule pack file (for `threshold schema pack` and pack authors' editors). */
export function rulePackJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(RulePack, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
}

/**
 * Validates a pack (already parsed JSON). A problem is an InputError naming the input, the
 * rule (by index and id) and the field: `pack: rules[3] (ada-404.2.3).limit.si: …`.
 */
export function parsePack(data: unknown, input = "pack"): RulePack {
  const r = RulePack.safeParse(data);
  if (r.success) return r.data;
  const rules = (data as { rules?: { id?: unknown }[] } | null)?.rules;
  const lines = r.error.issues.map((i) => {
    const path = [...i.path];
    let text = formatIssues([{ path, message: i.message }]);
    if (path[0] === "rules" && typeof path[1] === "number") {
      const id = Array.isArray(rules) ? rules[path[1]]?.id : undefined;
      if (typeof id === "string") {
        text = text.replace(`rules[${path[1]}]`, `rules[${path[1]}] (${id})`);
      }
    }
    return text;
  });
  const packId = (data as { id?: unknown } | null)?.id;
  throw new InputError(
    input,
    `${typeof packId === "string" ? `pack ${packId} ` : ""}is not a valid rule pack:\n${
      lines.join("\n")
    }`,
  );
}

/** A plan element a rule was checked on. */
export interface Subject {
  kind: SubjectKind;
  id: string;
  name: string;
  floor: string;
}

/** One measured value with its propagated scan tolerance (same unit as the value). */
export interface Measured {
  value: number;
  tolerance: number;
  /** Which element the value was taken on, when it is not the subject itself. */
  via?: string;
  note?: string;
}

/** Why a value could not be measured. */
export interface Missing {
  missing: string;
}

/** The result of one rule on one subject (or on none, when the plan lacks the layer). */
export interface RuleOutcome {
  rule: Rule;
  subject?: Subject;
  status: "pass" | "fail" | "warn" | "unknown";
  measured?: number;
  tolerance?: number;
  /** What was measured through (a window of a room), and any caveat. */
  via?: string;
  note?: string;
}

/** The conditions a pack is run under. */
export interface EvalOptions {
  occupancy: Occupancy;
  work: Work;
  /** For packs with levels: the one to run (default: the pack's default_level). */
  level?: string;
}

export interface PackEvaluation {
  pack: RulePack;
  options: EvalOptions & { level?: string };
  outcomes: RuleOutcome[];
  /** Rules that do not apply here, with the reason (occupancy, work, level, no such element). */
  not_applicable: { rule: Rule; reason: string }[];
  /** How each measure used was obtained, once per measure. */
  methods: string[];
}

const HABITABLE_EXCL = new Set(["balcony", "outdoor"]);

/** A precomputed view of a plan for measuring. */
interface PlanIndex {
  plan: Plan;
  groundFloors: Set<string>;
  windowsByRoom: Map<string, Opening[]>;
  mainEntrances: Opening[];
  mainEntranceInferred: boolean;
  /** Object footprints by room, built on first use (only turning-circle rules need them). */
  objectsByRoom?: Map<string, Point[][]>;
  freeFloors: Map<string, MultiRings>;
}

function indexPlan(plan: Plan): PlanIndex {
  const minIndex = Math.min(...plan.floors.map((f) => f.index));
  const groundFloors = new Set(plan.floors.filter((f) => f.index === minIndex).map((f) => f.id));
  const windowsByRoom = new Map<string, Opening[]>();
  for (const o of plan.openings) {
    if (o.kind !== "window") continue;
    for (const side of o.between) {
      if (side === null) continue;
      let l = windowsByRoom.get(side);
      if (!l) windowsByRoom.set(side, l = []);
      l.push(o);
    }
  }
  const { doors, inferred } = mainEntrances(plan);
  return {
    plan,
    groundFloors,
    windowsByRoom,
    mainEntrances: doors,
    mainEntranceInferred: inferred,
    objectsByRoom: plan.objects.length ? objectsByRoom(plan) : new Map(),
    freeFloors: new Map(),
  };
}

/**
 * The main entrance as routes.ts `pickEntrance` chooses it (marked, the only door to the
 * outside, or the only one into an entrance room); when it cannot choose, every door to the
 * outside, with `inferred` true (each is then checked as a main entrance).
 */
export function mainEntrances(plan: Pick<Plan, "openings" | "rooms">): {
  doors: Opening[];
  inferred: boolean;
} {
  const choice = pickEntrance(plan);
  if (choice.entrance) return { doors: [choice.entrance], inferred: false };
  return { doors: choice.candidates, inferred: choice.candidates.length > 1 };
}

/** Length tolerance of a value taken straight from the plan. */
const tolLen = (plan: Plan, v: number) => tolerance_m(plan, v);
/** Area tolerance: max(u × perimeter, 2 × u_rel × area) (each edge moves by the uncertainty). */
function tolArea(plan: Plan, area: number, perimeter: number): number {
  return Math.max(plan.source.uncertainty_m * perimeter, 2 * plan.source.uncertainty_rel * area);
}

/** Computes one measure on one subject. */
export function measure(
  kind: MeasureKind,
  subject: Room | Opening | Vertical,
  idx: {
    plan: Plan;
    windowsByRoom?: Map<string, Opening[]>;
    objectsByRoom?: Map<string, Point[][]>;
    /** Free floors computed so far, by room id (shared by the rules that need them). */
    freeFloors?: Map<string, MultiRings>;
  },
  opts?: { width_m?: number },
): Measured | Missing {
  const plan = idx.plan;
  switch (kind) {
    case "door_clear_width_m": {
      const cw = doorClearWidth(subject as Opening);
      return {
        value: cw.clear_width_m,
        tolerance: tolLen(plan, cw.clear_width_m),
        ...(cw.estimated ? { note: `clear width ${cw.basis}` } : {}),
      };
    }
    case "door_clear_height_m": {
      const o = subject as Opening;
      if (o.height_m === undefined) return { missing: "the plan gives no height for this door" };
      return { value: o.height_m, tolerance: tolLen(plan, o.height_m) };
    }
    case "threshold_height_m": {
      const o = subject as Opening;
      if (o.threshold_m === undefined) {
        return { missing: "the plan gives no threshold height for this door" };
      }
      return { value: o.threshold_m, tolerance: tolLen(plan, o.threshold_m) };
    }
    case "ceiling_height_m": {
      const r = subject as Room;
      if (r.height_m === undefined) return { missing: "the scan has no height for this room" };
      return { value: r.height_m, tolerance: tolLen(plan, r.height_m) };
    }
    case "room_area_m2": {
      const r = subject as Room;
      const a = polygonArea_m2(r.polygon);
      return { value: a, tolerance: tolArea(plan, a, polygonPerimeter_m(r.polygon)) };
    }
    case "room_min_dimension_m":
    case "corridor_width_m": {
      const r = subject as Room;
      const w = polygonMinWidth_m(r.polygon);
      return {
        value: w,
        tolerance: tolLen(plan, w),
        ...(polygonIsConvex(r.polygon) ? {} : {
          note: "the room is not convex: its least width is taken across its convex hull",
        }),
      };
    }
    case "glazing_ratio": {
      const r = subject as Room;
      const windows = idx.windowsByRoom?.get(r.id) ?? [];
      if (!windows.length) return { missing: "the plan records no window in this room" };
      let aw = 0, tw = 0;
      for (const w of windows) {
        if (w.height_m === undefined) {
          return { missing: `window ${w.id} has no height, so its glazing area is unknown` };
        }
        const a = w.width_m * w.height_m;
        aw += a;
        tw += tolArea(plan, a, 2 * (w.width_m + w.height_m));
      }
      const af = polygonArea_m2(r.polygon);
      const tf = tolArea(plan, af, polygonPerimeter_m(r.polygon));
      const ratio = aw / af;
      return { value: ratio, tolerance: ratio * (tw / aw + tf / af) };
    }
    case "egress_opening_area_m2":
    case "egress_opening_height_m":
    case "egress_opening_width_m":
    case "egress_sill_height_m": {
      const r = subject as Room;
      const windows = idx.windowsByRoom?.get(r.id) ?? [];
      if (!windows.length) return { missing: "the plan records no window in this room" };
      const w = largestWindow(windows);
      if (!w) return { missing: "no window in this room has a stated height" };
      const via = `window ${w.id}`;
      if (kind === "egress_opening_area_m2") {
        const a = w.width_m * w.height_m!;
        return { value: a, tolerance: tolArea(plan, a, 2 * (w.width_m + w.height_m!)), via };
      }
      if (kind === "egress_opening_height_m") {
        return { value: w.height_m!, tolerance: tolLen(plan, w.height_m!), via };
      }
      if (kind === "egress_opening_width_m") {
        return { value: w.width_m, tolerance: tolLen(plan, w.width_m), via };
      }
      if (w.sill_m === undefined) return { missing: `window ${w.id} has no sill height` };
      return { value: w.sill_m, tolerance: tolLen(plan, w.sill_m), via };
    }
    case "stair_riser_m": {
      const v = subject as Vertical;
      if (!v.risers) return { missing: "the plan gives no number of risers for this stair" };
      return { value: v.rise_m / v.risers, tolerance: tolLen(plan, v.rise_m) / v.risers };
    }
    case "stair_going_m": {
      const v = subject as Vertical;
      if (v.going_m === undefined) return { missing: "the plan gives no going for this stair" };
      return { value: v.going_m, tolerance: tolLen(plan, v.going_m) };
    }
    case "stair_width_m":
    case "ramp_width_m": {
      const v = subject as Vertical;
      return { value: v.width_m, tolerance: tolLen(plan, v.width_m) };
    }
    case "stair_headroom_m":
      return {
        missing: "a plan does not record the headroom above a stair's pitch line",
      };
    case "stair_flight_rise_m":
    case "ramp_rise_m":
    case "step_height_m": {
      const v = subject as Vertical;
      return { value: v.rise_m, tolerance: tolLen(plan, v.rise_m) };
    }
    case "stair_pitch_deg":
    case "stair_2r_plus_g_m": {
      const v = subject as Vertical;
      if (!v.risers) return { missing: "the plan gives no number of risers for this stair" };
      if (v.going_m === undefined) return { missing: "the plan gives no going for this stair" };
      const r = v.rise_m / v.risers, g = v.going_m;
      const dr = tolLen(plan, v.rise_m) / v.risers, dg = tolLen(plan, g);
      if (kind === "stair_2r_plus_g_m") return { value: 2 * r + g, tolerance: 2 * dr + dg };
      const deg = (Math.atan2(r, g) * 180) / Math.PI;
      const dDeg = ((g * dr + r * dg) / (r * r + g * g)) * 180 / Math.PI;
      return { value: deg, tolerance: dDeg };
    }
    case "ramp_slope": {
      const v = subject as Vertical;
      if (v.going_m === undefined) {
        return { missing: "the plan gives no horizontal run (going) for this ramp" };
      }
      const s = v.rise_m / v.going_m;
      const rel = (v.rise_m > 0 ? tolLen(plan, v.rise_m) / v.rise_m : 0) +
        tolLen(plan, v.going_m) / v.going_m;
      return { value: s, tolerance: s * rel };
    }
    case "clear_floor_length_m": {
      const r = subject as Room;
      const width = opts?.width_m;
      if (width === undefined) return { missing: "the rule gives no width for the space" };
      const obstacles = idx.objectsByRoom?.get(r.id) ?? [];
      const c = longestClearFloorSpace(
        r.polygon,
        obstacles,
        width,
        roomFreeFloor(r, obstacles, idx.freeFloors),
      );
      const notes = [
        `the space is ${(width * 1000).toFixed(0)} mm wide`,
        ...(obstacles.length ? [`${obstacles.length} object(s) kept clear`] : []),
        ...(c.exact ? [] : ["the room has walls at odd angles: a lower bound, within about 1 cm"]),
      ];
      return { value: c.length_m, tolerance: tolLen(plan, c.length_m), note: notes.join("; ") };
    }
    case "turning_diameter_m": {
      const r = subject as Room;
      const obstacles = idx.objectsByRoom?.get(r.id) ?? [];
      const c = largestCircleIn(roomFreeFloor(r, obstacles, idx.freeFloors));
      if (!c) return { missing: "the room has no free floor (zero area, or covered by objects)" };
      const d = 2 * c.radius_m;
      return {
        value: d,
        tolerance: tolLen(plan, d),
        ...(obstacles.length
          ? { note: `${obstacles.length} object(s) in the room are kept clear` }
          : {}),
      };
    }
  }
}

/**
 * A room's floor free of its objects (clearance.ts freeFloor, Clipper), cached per room; a
 * room without objects is its own polygon, unclipped.
 */
function roomFreeFloor(
  room: Room,
  obstacles: Point[][],
  cache?: Map<string, MultiRings>,
): MultiRings {
  let free = cache?.get(room.id);
  if (!free) {
    free = obstacles.length ? freeFloor(room.polygon, obstacles) : [[room.polygon]];
    cache?.set(room.id, free);
  }
  return free;
}

function largestWindow(windows: Opening[]): Opening | undefined {
  let best: Opening | undefined;
  for (const w of windows) {
    if (w.height_m === undefined) continue;
    if (!best || w.width_m * w.height_m > best.width_m * best.height_m!) best = w;
  }
  return best;
}

/** Whether a rule applies under the run's options; the reason when it does not. */
function contextReason(rule: Rule, opts: EvalOptions & { level?: string }): string | undefined {
  const a = rule.applies;
  if (a.occupancy && !a.occupancy.includes(opts.occupancy)) {
    return `applies to ${a.occupancy.join(" or ")} buildings; this run is for a ${opts.occupancy}`;
  }
  if (a.work && !a.work.includes(opts.work)) {
    return `applies to ${a.work.join(" or ")} work; this run is for ${opts.work} work`;
  }
  if (a.levels && (opts.level === undefined || !a.levels.includes(opts.level))) {
    return `belongs to ${a.levels.join(", ")}; this run checks ${opts.level ?? "no level"}`;
  }
  return undefined;
}

function subjectsFor(
  rule: Rule,
  idx: PlanIndex,
): { subjects: (Room | Opening | Vertical)[]; layerMissing?: string; none?: string } {
  const m = MEASURES[rule.measure] as MeasureDef;
  const a = rule.applies;
  const plan = idx.plan;
  const floorOk = (f: string) =>
    a.floors === undefined || (a.floors === "ground") === idx.groundFloors.has(f);
  if (m.subject === "room") {
    if (!plan.rooms.length) return { subjects: [], layerMissing: "the plan has no rooms" };
    const rooms = plan.rooms.filter((r) =>
      (a.room_labels ? a.room_labels.includes(r.label) : !HABITABLE_EXCL.has(r.label)) &&
      floorOk(r.floor)
    );
    return {
      subjects: rooms,
      none: `the plan has no ${
        a.room_labels ? `room labelled ${a.room_labels.join(" or ")}` : "indoor room"
      }${a.floors ? ` on the ${a.floors === "ground" ? "ground floor" : "upper floors"}` : ""}`,
    };
  }
  if (m.subject === "opening") {
    const kinds = a.opening_kinds ?? m.kinds ?? ["door"];
    const all = plan.openings.filter((o) => kinds.includes(o.kind));
    if (!all.length) {
      return { subjects: [], layerMissing: `the plan records no ${kinds.join(" or ")}s` };
    }
    const main = new Set(idx.mainEntrances.map((o) => o.id));
    const list = all.filter((o) => {
      const ext = o.between[0] === null || o.between[1] === null;
      if (a.exterior !== undefined && a.exterior !== ext) return false;
      if (a.main_entrance && !main.has(o.id)) return false;
      return floorOk(o.floor);
    });
    const what = a.main_entrance
      ? "main entrance"
      : `${a.exterior === true ? "outside " : a.exterior === false ? "inside " : ""}${
        kinds.join(" or ")
      }`;
    return { subjects: list, none: `the plan has no ${what}` };
  }
  if (!plan.verticals.length) {
    return {
      subjects: [],
      layerMissing: "the plan records no stairs, ramps or steps, so it cannot say whether any " +
        "exist",
    };
  }
  const kinds = m.kinds ?? ["stair"];
  let list = plan.verticals.filter((v) => kinds.includes(v.kind) && floorOk(v.from_floor));
  if (a.serves_egress) {
    const mainRooms = new Set(
      idx.mainEntrances.flatMap((o) => o.between.filter((r) => r !== null)),
    );
    list = list.filter((v) => !v.rooms?.length || v.rooms.some((r) => mainRooms.has(r)));
  }
  return {
    subjects: list,
    none: `the plan has no ${kinds.join(" or ")}${
      a.serves_egress ? " serving the main entrance" : ""
    }`,
  };
}

function describeSubject(s: Room | Opening | Vertical, kind: SubjectKind): Subject {
  if (kind === "room") {
    const r = s as Room;
    return { kind, id: r.id, name: r.name ?? r.id, floor: r.floor };
  }
  if (kind === "opening") {
    const o = s as Opening;
    return { kind, id: o.id, name: `${capital(o.kind)} ${o.id}`, floor: o.floor };
  }
  const v = s as Vertical;
  return { kind, id: v.id, name: `${capital(v.kind)} ${v.id}`, floor: v.from_floor };
}

/**
 * Runs a pack on a plan: for every rule that applies here, one outcome per subject (pass,
 * fail, or warn within the scan's tolerance by core/result.ts `judge`; unknown with the reason
 * when the value is missing), or one unknown outcome when the plan lacks the whole layer.
 * Rules that do not apply (another occupancy, work or level; no such element in the plan)
 * are listed in `not_applicable`, never dropped.
 */
export function evaluatePack(pack: RulePack, plan: Plan, options: EvalOptions): PackEvaluation {
  const opts = { ...options, level: options.level ?? pack.default_level };
  const idx = indexPlan(plan);
  const outcomes: RuleOutcome[] = [];
  const not_applicable: PackEvaluation["not_applicable"] = [];
  const methods = new Set<string>();
  for (const rule of pack.rules) {
    const why = contextReason(rule, opts);
    if (why) {
      not_applicable.push({ rule, reason: why });
      continue;
    }
    const def = MEASURES[rule.measure] as MeasureDef;
    const { subjects, layerMissing, none } = subjectsFor(rule, idx);
    if (layerMissing) {
      outcomes.push({ rule, status: "unknown", note: `${capital(layerMissing)}.` });
      continue;
    }
    if (!subjects.length) {
      not_applicable.push({ rule, reason: none! });
      continue;
    }
    methods.add(def.method);
    for (const s of subjects) {
      const subject = describeSubject(s, def.subject);
      const m = measure(rule.measure, s, idx, { width_m: rule.width?.si });
      if ("missing" in m) {
        outcomes.push({ rule, subject, status: "unknown", note: `${capital(m.missing)}.` });
        continue;
      }
      let status = judge(m.value, rule.comparator as Comparator, rule.limit.si, m.tolerance);
      const notes: string[] = [];
      if (m.note) notes.push(`${capital(m.note)}.`);
      if (status !== "pass" && rule.alternative === "ada_t_turn") {
        const t = tTurnAlternative(s as Room, idx);
        if (t !== "fail" && (t === "pass" || status === "fail")) status = t;
        notes.push(
          t === "pass"
            ? "ADA 304.3.2's T-shaped turning space fits instead."
            : t === "warn"
            ? `ADA 304.3.2's T-shaped turning space fits only within the scan's uncertainty.`
            : "ADA 304.3.2's T-shaped turning space does not fit either.",
        );
      }
      if (rule.applies.main_entrance && idx.mainEntranceInferred) {
        notes.push("No door is marked as the main entrance, so every outside door is checked.");
      }
      outcomes.push({
        rule,
        subject,
        status,
        measured: m.value,
        tolerance: m.tolerance,
        ...(m.via ? { via: m.via } : {}),
        ...(notes.length ? { note: notes.join(" ") } : {}),
      });
    }
  }
  return { pack, options: opts, outcomes, not_applicable, methods: [...methods] };
}

/**
 * ADA 2010 §304.3.2's T-shaped turning space in a room, judged with the uncertainty rule as
 * the turning_space tool does: fits when grown by the scan tolerance → pass; fits only as
 * drawn or shrunk by it → warn; else fail (clearance.ts tTurnFits, a sampled search).
 */
function tTurnAlternative(room: Room, idx: PlanIndex): "pass" | "warn" | "fail" {
  const obs = idx.objectsByRoom?.get(room.id) ?? [];
  const t = tolerance_m(idx.plan, ADA_T_TURN.square_m);
  const grown = tTurnFits(room.polygon, obs, {
    square_m: ADA_T_TURN.square_m + t,
    width_m: ADA_T_TURN.width_m + t,
  });
  if (grown.fits) return "pass";
  const shrunk = tTurnFits(room.polygon, obs, {
    square_m: ADA_T_TURN.square_m - t,
    width_m: ADA_T_TURN.width_m - t,
  });
  return shrunk.fits ? "warn" : "fail";
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A limit for sentences: "32 in (0.813 m)", "1:12 (0.083)". */
export function formatLimit(limit: Limit, unit: MeasureDef["unit"]): string {
  const src = limit.unit === "rise:run"
    ? `1:${limit.value}`
    : limit.unit === "%"
    ? `${limit.value} %`
    : `${limit.value} ${limit.unit === "m2" ? "m²" : limit.unit}`;
  const si = formatValue(limit.si, unit);
  return src === si ? src : `${src} (${si})`;
}

/** A measured value for sentences, in its SI unit. */
export function formatValue(v: number, unit: MeasureDef["unit"]): string {
  switch (unit) {
    case "m":
      return v < 0.1 ? `${(v * 1000).toFixed(0)} mm` : `${v.toFixed(3)} m`;
    case "m2":
      return `${v.toFixed(2)} m²`;
    case "ratio":
      return v.toFixed(3);
    case "deg":
      return `${v.toFixed(1)}°`;
  }
}
