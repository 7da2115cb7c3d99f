/**
 * The rule pack schema (zod): a pack file's rules, each with its measure, comparator, limit
 * (as printed and exactly in SI, checked against each other), where it applies, its status
 * (V verbatim, S secondary, U unverified: shared/reference/rules-and-sun.md) and citation.
 */
import { z } from "npm:zod@4.6.7";
import { formatIssues, InputError } from "../../../ground/plan.ts";
import { issueOf } from "../../../ground/errors.ts";
import { ROOM_LABELS } from "../../../ground/plan.ts";
import {
  MEASURE_KINDS,
  type MeasureDef,
  type MeasureKind,
  MEASURES,
  UNIT_FAMILY,
} from "./measures.ts";
import { SOURCE_UNITS, type SourceUnit, toSI } from "./units.ts";

export const OCCUPANCIES = ["dwelling", "public"] as const;
export type Occupancy = typeof OCCUPANCIES[number];
/**
 * The work a run judges: new construction, work on an existing building (alterations), or a
 * material change of use (ADM Vol 1 0.1: M4 applies to new dwellings and to dwellings formed
 * by a material change of use, not to alterations of existing ones).
 */
export const WORKS = ["new", "existing", "change_of_use"] as const;
export type Work = typeof WORKS[number];
/**
 * What kind of building the dwelling is in, where the person says: a detached house, a
 * townhouse (a row or terrace house, one unit from ground to roof), or a building of flats.
 * The FHA's design requirements cover none of the first two (FHAG, 24 CFR 100.201 "covered
 * multifamily dwellings"); the IRC governs the first two and not the third (IRC R101.2).
 */
export const BUILDING_TYPES = ["detached", "townhouse", "multifamily"] as const;
export type BuildingType = typeof BUILDING_TYPES[number];

const ruleId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._()-]*$/, {
  error: "rule ids use letters, digits, '.', '_', '-', '(' and ')' and no spaces",
});

/** A limit as printed in its source and exactly in SI. */
export const Limit = z.strictObject({
  value: z.number().positive(),
  unit: z.enum(Object.keys(SOURCE_UNITS) as [SourceUnit, ...SourceUnit[]]),
  /** The source's own wording, e.g. "32 in (815 mm)"; display only. */
  printed: z.string().optional(),
  si: z.number().positive(),
});
export type Limit = z.infer<typeof Limit>;

/** Where a rule applies; every condition given must hold. */
export const Applies = z.strictObject({
  room_labels: z.array(z.enum(ROOM_LABELS)).min(1).optional(),
  opening_kinds: z.array(z.enum(["door", "window", "opening"])).min(1).optional(),
  /** true: only doors to the outside; false: only doors between rooms. */
  exterior: z.boolean().optional(),
  /**
   * true: only the main entrance (marked, or the only door to the outside); false: every door
   * but the main entrance.
   */
  main_entrance: z.boolean().optional(),
  /**
   * ground: the lowest floor; upper: the floors above it; entrance: the storey of the main
   * entrance (ADM M4(1)'s "entrance storey"); basement: floors with a negative index.
   */
  floors: z.enum(["ground", "upper", "entrance", "basement"]).optional(),
  /** Only doors with a room of one of these labels on either side (a door "to" such a room). */
  door_to: z.array(z.enum(ROOM_LABELS)).min(1).optional(),
  /**
   * Egress windows: true, only a grade-floor opening (sill within 44 in of the outside ground,
   * IRC R202); false, only windows not known to be one.
   */
  grade_floor_opening: z.boolean().optional(),
  /** Only doorways deeper than this (the wall's thickness at the door; ADA 404.2.3: 24 in). */
  doorway_deeper_than: Limit.optional(),
  /** One subject per floor: the room (of those that apply) with the best value. */
  one_per_floor: z.boolean().optional(),
  /** Only ramps on the way to the main entrance. */
  serves_egress: z.boolean().optional(),
  occupancy: z.array(z.enum(OCCUPANCIES)).min(1).optional(),
  work: z.array(z.enum(WORKS)).min(1).optional(),
  /** Pack levels (categories) the rule belongs to, e.g. M4(2). */
  levels: z.array(z.string().min(1)).min(1).optional(),
  /** Only stairs, ramps and steps whose rise is more than this (ADA 405.8: 6 in). */
  rise_above: Limit.optional(),
  /**
   * Only U-shaped kitchens: objects (units, appliances) stand against three or more of the
   * room's walls, within 0.1 m (FHAG Requirement 7(a)'s U-shaped kitchen).
   */
  u_shaped: z.boolean().optional(),
  /** Only rooms whose two doors are in series (a vestibule; measure.ts doorsInSeries). */
  doors_in_series: z.boolean().optional(),
  /** Only the largest of the rooms that apply (the principal bedroom, ADM Vol 1 M4(2) 2.25). */
  largest_only: z.boolean().optional(),
  /** Only ramps steeper than this (IRC R311.8.3: 1:12). */
  slope_above: Limit.optional(),
  /** Only stairs with at least this many risers (IRC R311.7.8: 4). */
  risers_at_least: z.number().int().positive().optional(),
  /**
   * Only rooms (their floor) or windows (their sill) more than this above the outside ground,
   * taken as the plan's floor of index 0 (IRC R312.1: 30 in; R312.2: 72 in).
   */
  above_grade_more_than: Limit.optional(),
  /**
   * Only rooms in an attic: a floor or room whose name says attic or loft (IRC R310.1's
   * "habitable attics"; the room vocabulary has no attic label, importers keep the source's
   * name).
   */
  attic: z.boolean().optional(),
  /**
   * A basement used only for mechanical equipment (every room labelled utility) whose rooms
   * total no more than this is exempt (IRC R310.1 Exception: 200 sq ft).
   */
  exempt_utility_only_up_to: Limit.optional(),
});
export type Applies = z.infer<typeof Applies>;

/** One rule of a pack. */
export const Rule = z.strictObject({
  id: ruleId,
  pack: z.string().min(1),
  edition: z.string().min(1),
  /** The edition whose text the value was checked against, where it differs from `edition`. */
  source_edition: z.string().min(1).optional(),
  section: z.string().min(1),
  /** The edition whose numbering `section` follows, where it is not `edition` (IRC: 2018). */
  section_edition: z.string().min(1).optional(),
  /**
   * Whether the section (paragraph) number itself was seen in the source, apart from the
   * value's `status`: V seen verbatim, S in a secondary source, U not yet confirmed.
   */
  section_status: z.enum(["V", "S", "U"]).optional(),
  title: z.string().min(1),
  measure: z.enum(MEASURE_KINDS as [MeasureKind, ...MeasureKind[]]),
  comparator: z.enum([">=", "<="]),
  limit: Limit,
  applies: Applies.default({}),
  /** V verbatim, S secondary summary, U unverified (shared/reference/rules-and-sun.md). */
  status: z.enum(["V", "S", "U"]),
  citation: z.string().min(1),
  /**
   * The paragraph's own words, as the source quoted in `citation` gives them (a secondary
   * source's words, for an S or U rule, say so in the quote). docs/rules.md lists it.
   */
  quote: z.string().min(1).optional(),
  note: z.string().optional(),
  /**
   * What the source accepts instead when the measure falls short. `ada_t_turn`: ADA 2010
   * §304.3.2's T-shaped turning space (clearance.ts tTurnFits), for turning-circle rules;
   * `uk_ellipse`: ADM Vol 1 M4(3)'s 1400 × 1700 mm turning ellipse in living spaces.
   */
  alternative: z.enum(["ada_t_turn", "uk_ellipse"]).optional(),
  /** The fixed width of the space, for clear_floor_length_m (ADA 305.3: 30 in). */
  width: Limit.optional(),
  /**
   * A limit that varies with the ramp's going (ADM Vol 2 Table 1, ADK Diagram 2.1): the
   * limit at each listed going, interpolated linearly between them, the first below the
   * first going; a going beyond the last has no limit here (another rule caps the going).
   */
  graded: z.strictObject({
    by: z.literal("going"),
    /**
     * What is linear in the going between two points: `ratio`, the gradient itself; `n`, the
     * run per unit rise of 1:n (Approved Document M's sliding scale as issue 25 reads it: 1:13
     * at 3 m, 1:14 at 4 m, 1:16 at 6 m; the reference gives only the pairs).
     */
    scale: z.enum(["ratio", "n"]).default("ratio"),
    points: z.array(z.strictObject({ going: Limit, limit: Limit })).min(2),
  }).optional(),
  /**
   * A door width that depends on the corridor it opens from (ADM Vol 1 Table 1.1, Vol 2
   * Table 2): the least `door` of the rows whose `corridor` the corridor reaches and whose
   * approach matches. A door not opening from a hallway or entrance hall is taken as
   * approached head-on.
   */
  door_table: z.strictObject({
    rows: z.array(z.strictObject({
      /** The least corridor width the row needs; none: any (or no) corridor. */
      corridor: Limit.optional(),
      approach: z.enum(["head-on", "not-head-on", "any"]),
      door: Limit,
    })).min(1),
  }).optional(),
  /**
   * For a maximum: values above this, up to the limit, comply only when bevelled (ADA 303.3,
   * FHAG Requirement 4: 1/4 to 1/2 in bevelled no steeper than 1:2). A plan does not say
   * whether an edge is bevelled, so such a value is unknown with that reason.
   */
  bevel: Limit.optional(),
  /**
   * For a door's manoeuvring depth (ADA 404.2.4.1): the pull side's depth (60 in) and the
   * clearance it needs beyond the latch (18 in). The rule's own limit is the push side's
   * (48 in), the least either side needs. A plan records no door swing, so a depth between the
   * two is unknown; a depth of at least the pull side's across the door's clear width plus the
   * latch clearance on both sides passes whichever way the door swings.
   */
  pull_side: z.strictObject({ depth: Limit, beyond_latch: Limit }).optional(),
  /**
   * What, not in any plan, makes a value beyond the limit comply (IRC R312.2: a window opening
   * control device): such a value is unknown with this reason, never a fail.
   */
  fail_unless: z.string().min(1).optional(),
  /**
   * For doors in series (ADA 404.2.6: 48 in "plus the width of any door swinging into the
   * space"): the limit plus the wider leaf passes whichever way the doors swing; between the
   * limit and that, unknown, as a plan records no swing.
   */
  plus_door_swing: z.boolean().optional(),
});
export type Rule = z.infer<typeof Rule>;

/** A rule pack as its JSON file holds it. */
const RulePackShape = z.strictObject({
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
  /**
   * The buildings the document governs, as data: the occupancies it is written for, in words,
   * and the least number of dwelling units a covered building has (FHA: 4). Run outside its
   * scope on request, with an assumption saying so.
   */
  scope: z.strictObject({
    occupancy: z.array(z.enum(OCCUPANCIES)).min(1),
    buildings: z.string().min(1),
    min_units: z.number().int().positive().optional(),
    /** The kinds of building the document governs; another kind is not covered. */
    building_types: z.array(z.enum(BUILDING_TYPES)).min(1).optional(),
    /** Only buildings first occupied after this date (FHA: 13 March 1991), ISO yyyy-mm-dd. */
    first_occupied_after: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    /**
     * FHA's unit rule (24 CFR 100.201): in a building with a lift every unit is covered, a
     * multistorey unit only on its entry level; without one, only ground-floor units, and no
     * multistorey unit.
     */
    lift_rule: z.boolean().optional(),
    /** The works the pack's levelled requirements govern (ADM Vol 1 M4: new, change of use). */
    levels_work: z.array(z.enum(WORKS)).min(1).optional(),
    /** Levels that apply only where a planning condition asks for them (M4(2), M4(3)). */
    conditional_levels: z.array(z.string().min(1)).min(1).optional(),
    /** Where the scope comes from, and its status as for a rule. */
    citation: z.string().min(1).optional(),
    status: z.enum(["V", "S", "U"]).optional(),
  }).optional(),
  /**
   * What a door's open leaf and stop take from its leaf width, for a door whose clear width
   * the plan does not state, with the pack's own source for it.
   */
  door_leaf_allowance: z.strictObject({
    value: z.number().positive(),
    unit: z.enum(["in", "mm"]),
    si: z.number().positive(),
    printed: z.string().min(1),
    citation: z.string().min(1),
    status: z.enum(["V", "S", "U"]),
  }).optional(),
  rules: z.array(Rule).min(1),
});

export const RulePack = RulePackShape.superRefine((p, ctx) => {
  const seen = new Set<string>();
  p.rules.forEach((r, i) => {
    const at: At = (field, message) =>
      ctx.addIssue({ code: "custom", path: ["rules", i, ...field], message });
    if (seen.has(r.id)) at(["id"], `duplicate rule id ${JSON.stringify(r.id)}`);
    seen.add(r.id);
    checkRule(r, p, at);
  });
  checkPack(p, (path, message) => ctx.addIssue({ code: "custom", path, message }));
});

/** Reports one problem at a field of the rule being checked. */
type At = (field: (string | number)[], message: string) => void;
type PackData = z.infer<typeof RulePackShape>;

/** A limit's SI value equals its printed value, and its unit is of the family expected. */
function exactLimit(at: At, l: Limit, field: (string | number)[], family: string): void {
  const v = toSI(l.value, l.unit);
  if (Math.abs(v - l.si) > 1e-9 * Math.max(1, Math.abs(v))) {
    at(
      [...field, "si"],
      `${l.si} does not equal ${l.value} ${l.unit} = ${+v.toPrecision(12)} in SI`,
    );
  }
  if (SOURCE_UNITS[l.unit].family !== family) {
    at([...field, "unit"], `${l.unit} is not a${family === "area" ? "n" : ""} ${family} unit`);
  }
}

/** One rule's cross-field checks, in phases: its limit, its width, its tables, its conditions. */
function checkRule(r: Rule, p: PackData, at: At): void {
  if (r.pack !== p.id) at(["pack"], `is ${JSON.stringify(r.pack)}, but the pack is ${p.id}`);
  checkLimitAndLevels(r, p, at);
  checkWidth(r, at);
  checkTables(r, at);
  checkMeasureOptions(r, at);
  checkApplies(r, at);
}

/** The limit's SI value and unit family; the levels the rule names are the pack's. */
function checkLimitAndLevels(r: Rule, p: PackData, at: At): void {
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
        /^[aeiou]/.test(fam) ? "n" : ""
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
}

/** The measures whose space has a fixed width the rule gives (`width`). */
const WIDTH_MEASURES: readonly MeasureKind[] = [
  "clear_floor_length_m",
  "wc_clearance_depth_m",
  "range_parallel_depth_m",
  "wc_front_zone_m",
];

/** A space's width: given exactly for the measures that take one, and for no other. */
function checkWidth(r: Rule, at: At): void {
  const widthMeasure = WIDTH_MEASURES.includes(r.measure);
  if (widthMeasure && !r.width) {
    at(["width"], `${r.measure} needs the width of the space (e.g. 30 in)`);
  }
  if (r.width && !widthMeasure) {
    at(
      ["width"],
      `only ${WIDTH_MEASURES.join(", ")} take a width, not ${r.measure}`,
    );
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
}

/** A graded ramp's points and a door table's rows: exact limits, in order, on their measure. */
function checkTables(r: Rule, at: At): void {
  if (r.graded) {
    if (r.measure !== "ramp_slope") {
      at(["graded"], `only ramp_slope is graded by going, not ${r.measure}`);
    }
    r.graded.points.forEach((pt, k) => {
      exactLimit(at, pt.going, ["graded", "points", k, "going"], "length");
      exactLimit(at, pt.limit, ["graded", "points", k, "limit"], "ratio");
      if (k > 0 && pt.going.si <= r.graded!.points[k - 1].going.si) {
        at(["graded", "points", k, "going"], "goings must increase from point to point");
      }
    });
  }
  if (r.door_table) {
    if (r.measure !== "door_clear_width_m") {
      at(["door_table"], `only door_clear_width_m takes a door table, not ${r.measure}`);
    }
    r.door_table.rows.forEach((row, k) => {
      if (row.corridor) {
        exactLimit(at, row.corridor, ["door_table", "rows", k, "corridor"], "length");
      }
      exactLimit(at, row.door, ["door_table", "rows", k, "door"], "length");
    });
  }
}

/** A bevel range and a pull side: exact, and on the measures they belong to. */
function checkMeasureOptions(r: Rule, at: At): void {
  const m = MEASURES[r.measure] as MeasureDef;
  if (r.bevel) {
    exactLimit(at, r.bevel, ["bevel"], UNIT_FAMILY[m.unit]);
    if (r.comparator !== "<=") at(["bevel"], "a bevel range needs a maximum (<=)");
    if (r.bevel.si >= r.limit.si) at(["bevel", "si"], "the bevel range starts below the limit");
  }
  if (r.pull_side) {
    exactLimit(at, r.pull_side.depth, ["pull_side", "depth"], "length");
    exactLimit(at, r.pull_side.beyond_latch, ["pull_side", "beyond_latch"], "length");
    if (r.measure !== "door_maneuvering_depth_m") {
      at(["pull_side"], `only door_maneuvering_depth_m takes a pull side, not ${r.measure}`);
    }
    if (r.comparator !== ">=") at(["pull_side"], "a pull side needs a minimum (>=)");
    if (r.pull_side.depth.si <= r.limit.si) {
      at(["pull_side", "depth", "si"], "the pull side needs more than the rule's own limit");
    }
  }
}

/**
 * Where the rule applies, doors in series and alternatives: each condition's limits exact, and
 * each on the subjects and measures it is for.
 */
function checkApplies(r: Rule, at: At): void {
  const m = MEASURES[r.measure] as MeasureDef;
  for (const k of ["rise_above", "above_grade_more_than"] as const) {
    const l = r.applies[k];
    if (l) exactLimit(at, l, ["applies", k], "length");
  }
  if (r.applies.slope_above) {
    exactLimit(at, r.applies.slope_above, ["applies", "slope_above"], "ratio");
  }
  if (r.applies.exempt_utility_only_up_to) {
    exactLimit(
      at,
      r.applies.exempt_utility_only_up_to,
      ["applies", "exempt_utility_only_up_to"],
      "area",
    );
  }
  if (
    (r.applies.rise_above || r.applies.slope_above || r.applies.risers_at_least) &&
    m.subject !== "vertical"
  ) {
    at(
      ["applies"],
      `rise, slope and riser conditions are for stairs and ramps, not ${m.subject}s`,
    );
  }
  if (r.plus_door_swing && r.measure !== "doors_in_series_gap_m") {
    at(["plus_door_swing"], `only doors_in_series_gap_m takes plus_door_swing, not ${r.measure}`);
  }
  if (r.applies.u_shaped && m.subject !== "room") {
    at(["applies", "u_shaped"], `u_shaped is a room condition, not for ${m.subject}s`);
  }
  if (r.applies.largest_only && m.subject !== "room") {
    at(["applies", "largest_only"], `largest_only is a room condition, not for ${m.subject}s`);
  }
  if (r.applies.attic && m.subject !== "room") {
    at(
      ["applies", "attic"],
      `attic is a room condition, but ${r.measure} is measured on ${m.subject}s`,
    );
  }
  if (r.applies.doorway_deeper_than) {
    exactLimit(at, r.applies.doorway_deeper_than, ["applies", "doorway_deeper_than"], "length");
  }
  if (
    (r.applies.grade_floor_opening !== undefined || r.applies.one_per_floor) &&
    !r.measure.startsWith("egress_")
  ) {
    at(["applies"], `grade_floor_opening and one_per_floor are for egress window measures`);
  }
  if (r.alternative === "uk_ellipse" && r.measure !== "turning_diameter_m") {
    at(["alternative"], `uk_ellipse is an alternative to turning_diameter_m, not ${r.measure}`);
  }
  if (r.alternative === "ada_t_turn" && r.measure !== "turning_diameter_m") {
    at(["alternative"], `ada_t_turn is an alternative to turning_diameter_m, not ${r.measure}`);
  }
  if (r.applies.room_labels && m.subject !== "room") {
    at(["applies", "room_labels"], `${r.measure} is measured on ${m.subject}s, not rooms`);
  }
  if (
    (r.applies.opening_kinds || r.applies.exterior !== undefined ||
      r.applies.main_entrance !== undefined || r.applies.door_to ||
      r.applies.doorway_deeper_than) &&
    m.subject !== "opening"
  ) {
    at(["applies"], `opening conditions given, but ${r.measure} is measured on ${m.subject}s`);
  }
}

/** The pack's own cross-field checks: conditional levels, leaf allowance, default level. */
function checkPack(p: PackData, issue: (path: (string | number)[], message: string) => void): void {
  for (const lv of p.scope?.conditional_levels ?? []) {
    if (!p.levels?.includes(lv)) {
      issue(
        ["scope", "conditional_levels"],
        `level ${JSON.stringify(lv)} is not among the pack's levels`,
      );
    }
  }
  const la = p.door_leaf_allowance;
  if (la && Math.abs(toSI(la.value, la.unit) - la.si) > 1e-9) {
    issue(
      ["door_leaf_allowance", "si"],
      `${la.si} does not equal ${la.value} ${la.unit} = ${toSI(la.value, la.unit)} in SI`,
    );
  }
  if (p.default_level !== undefined && !p.levels?.includes(p.default_level)) {
    issue(["default_level"], `${JSON.stringify(p.default_level)} is not among the pack's levels`);
  }
}

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
  const r = RulePack.safeParse(data, { reportInput: true });
  if (r.success) return r.data;
  const rules = (data as { rules?: { id?: unknown }[] } | null)?.rules;
  const issues = r.error.issues.map((i) => {
    const path = [...i.path];
    const issue = issueOf(i);
    if (path[0] === "rules" && typeof path[1] === "number") {
      const id = Array.isArray(rules) ? rules[path[1]]?.id : undefined;
      if (typeof id === "string") {
        issue.path = issue.path.replace(`rules[${path[1]}]`, `rules[${path[1]}] (${id})`);
      }
    }
    return issue;
  });
  const lines = issues.map((i) =>
    formatIssues([{ path: i.path ? [i.path] : [], message: i.message }])
  );
  const packId = (data as { id?: unknown } | null)?.id;
  throw new InputError(
    input,
    `${typeof packId === "string" ? `pack ${packId} ` : ""}is not a valid rule pack:\n${
      lines.join("\n")
    }`,
    {
      code: "pack.invalid",
      data: { ...(typeof packId === "string" ? { pack: packId } : {}), issues },
    },
  );
}
