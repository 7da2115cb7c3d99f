/**
 * Whether a rule pack governs the building at all, from the pack's `scope` (data) and what
 * the run knows of the building: occupancy, kind of building, number of units, lift, the
 * unit's floor, first occupancy, kind of work and the level asked for. As a code with its
 * data, and one sentence per code made here.
 *
 * FHA: 24 CFR 100.201 and the FHA Design Manual (HUD 1996, rev. 1998): "covered multifamily
 * dwellings" are buildings of 4 or more units first occupied after 13 March 1991; with a lift
 * every unit, without one the ground-floor units; a multistorey unit in a lift building needs
 * only its primary entry level to comply; detached houses and townhouses are not covered
 * (reference rules-and-sun.md §1.5). ADM Vol 1: M4(1) is the default for new dwellings, and
 * M4(2) and M4(3) apply only where a planning condition requires them (paras 2.1, 3.1); M4
 * applies to new dwellings and material change of use, not to alterations (reference §1.3).
 * ADA: written for public accommodations and commercial facilities (Titles II and III), not
 * for private dwellings (reference §1.1).
 */
import type { Plan } from "../../../ground/plan.ts";
import type { BuildingType, Occupancy, RulePack, Work } from "./schema.ts";

/** What a run knows of the building beyond its plan (each may be unknown). */
export interface BuildingFacts {
  occupancy: Occupancy;
  /** Whether the occupancy was given, or the pack's default taken. */
  occupancy_given: boolean;
  work: Work;
  level?: string;
  level_given: boolean;
  building?: BuildingType;
  units?: number;
  lift?: boolean;
  /** Whether the dwelling unit is on the building's ground floor (FHA without a lift). */
  unit_floor?: "ground" | "upper";
  /** ISO yyyy-mm-dd. */
  first_occupied?: string;
}

/** The codes a coverage decision can carry. */
export type CoverageCode =
  | "covered"
  | "entry_level_only"
  | "occupancy_outside"
  | "building_type_outside"
  | "units_below"
  | "units_unknown"
  | "first_occupied_before"
  | "first_occupied_unknown"
  | "multistorey_no_lift"
  | "upper_unit_no_lift"
  | "unit_floor_unknown"
  | "lift_unknown";

/**
 * Whether the pack governs the building: `covered` (its rules judge), `not_covered` (none
 * applies; each is listed with the reason), `unknown` (its rules are measured but nothing
 * fails: a value past a limit is unknown, with what would decide), or `guide` (the pack does
 * not govern this occupancy; run on request, its verdict says so).
 */
export interface Coverage {
  status: "covered" | "not_covered" | "unknown" | "guide";
  code: CoverageCode;
  data: Record<string, string | number | boolean | string[]>;
  /** FHA, a multistorey unit in a lift building: the rules apply on its entry level only. */
  entry_level_only?: boolean;
  /** Statements the verdict makes about the scope (what governs, what was asked). */
  notes: { code: ScopeNoteCode; data: Record<string, string | string[]> }[];
}

export type ScopeNoteCode =
  | "occupancy_default"
  | "level_by_condition"
  | "level_default"
  | "levels_not_for_work"
  | "first_occupied_assumed";

/** The storeys of a plan that hold rooms: more than one makes a multistorey unit. */
function storeysWithRooms(plan: Pick<Plan, "rooms">): number {
  return new Set(plan.rooms.map((r) => r.floor)).size;
}

/** The coverage of a pack for a building (see {@link Coverage}). */
export function packCoverage(
  pack: RulePack,
  plan: Pick<Plan, "rooms">,
  f: BuildingFacts,
): Coverage {
  const s = pack.scope;
  const notes: Coverage["notes"] = [];
  const out = (
    status: Coverage["status"],
    code: CoverageCode,
    data: Coverage["data"] = {},
    extra: Partial<Coverage> = {},
  ): Coverage => ({ status, code, data: { pack: pack.id, ...data }, notes, ...extra });
  if (!s) return out("covered", "covered");
  if (!f.occupancy_given && !s.occupancy.includes("dwelling")) {
    notes.push({
      code: "occupancy_default",
      data: { occupancy: f.occupancy, governs: s.buildings },
    });
  }
  if (pack.levels && f.level !== undefined) {
    if (s.conditional_levels?.includes(f.level)) {
      notes.push({ code: "level_by_condition", data: { level: f.level } });
    } else if (!f.level_given) {
      notes.push({
        code: "level_default",
        data: { level: f.level, conditional: s.conditional_levels ?? [] },
      });
    }
  }
  if (s.levels_work && !s.levels_work.includes(f.work)) {
    notes.push({
      code: "levels_not_for_work",
      data: { work: f.work, levels: pack.levels ?? [], governs: s.levels_work },
    });
  }
  if (!s.occupancy.includes(f.occupancy)) {
    return out("guide", "occupancy_outside", { occupancy: f.occupancy, governs: s.buildings });
  }
  if (s.building_types && f.building && !s.building_types.includes(f.building)) {
    return out("not_covered", "building_type_outside", {
      building: f.building,
      governs: s.buildings,
    });
  }
  if (s.min_units !== undefined && f.units !== undefined && f.units < s.min_units) {
    return out("not_covered", "units_below", { units: f.units, min_units: s.min_units });
  }
  if (s.first_occupied_after && f.first_occupied && f.first_occupied <= s.first_occupied_after) {
    return out("not_covered", "first_occupied_before", {
      first_occupied: f.first_occupied,
      after: s.first_occupied_after,
    });
  }
  if (s.min_units !== undefined && f.units === undefined) {
    return out("unknown", "units_unknown", { min_units: s.min_units, governs: s.buildings });
  }
  if (s.first_occupied_after && !f.first_occupied) {
    if (f.work !== "new") {
      return out("unknown", "first_occupied_unknown", { after: s.first_occupied_after });
    }
    notes.push({ code: "first_occupied_assumed", data: { after: s.first_occupied_after } });
  }
  if (s.lift_rule) {
    const multi = storeysWithRooms(plan) > 1;
    if (f.lift === true) {
      return multi
        ? out("covered", "entry_level_only", { storeys: storeysWithRooms(plan) }, {
          entry_level_only: true,
        })
        : out("covered", "covered");
    }
    if (f.lift === false) {
      if (multi) return out("not_covered", "multistorey_no_lift");
      if (f.unit_floor === "upper") return out("not_covered", "upper_unit_no_lift");
      if (f.unit_floor === undefined) return out("unknown", "unit_floor_unknown");
      return out("covered", "covered");
    }
    if (!multi && f.unit_floor === "ground") return out("covered", "covered");
    return out("unknown", "lift_unknown", { multistorey: multi });
  }
  return out("covered", "covered");
}

const OCCUPANCY_WORDS: Record<Occupancy, string> = {
  dwelling: "a private home",
  public: "a public building",
};
const BUILDING_WORDS: Record<BuildingType, string> = {
  detached: "a detached house",
  townhouse: "a townhouse",
  multifamily: "a building of flats",
};
/** Each kind of work in words. */
export const WORK_WORDS: Record<Work, string> = {
  new: "new work",
  existing: "work on an existing building",
  change_of_use: "a material change of use",
};

/** The sentence of a coverage decision (its code and data), for verdicts and assumptions. */
export function coverageText(c: Coverage, packTitle: string): string {
  const d = c.data;
  switch (c.code) {
    case "covered":
      return `${packTitle} covers this building.`;
    case "entry_level_only":
      return `${packTitle} covers this multistorey unit in a building with a lift on its ` +
        `entry level only: its rules are applied on the entrance storey.`;
    case "occupancy_outside":
      return `${packTitle} governs ${d.governs}; it does not govern ${
        OCCUPANCY_WORDS[d.occupancy as Occupancy]
      }, so this check was run on request, as a guide only: a failure here is not a ` +
        `breach of it.`;
    case "building_type_outside":
      return `${packTitle} does not cover ${
        BUILDING_WORDS[d.building as BuildingType]
      }: it governs ${d.governs}. No rule is applied.`;
    case "units_below":
      return `${packTitle} covers buildings of ${d.min_units} or more dwelling units; this ` +
        `building has ${d.units}. No rule is applied.`;
    case "units_unknown":
      return `Whether ${packTitle} covers this building is unknown: it governs ${d.governs}, ` +
        `in buildings of ${d.min_units} or more dwelling units, and the number of units is ` +
        `not given (give units, and whether the building has a lift). Nothing is judged ` +
        `failing until that is said.`;
    case "first_occupied_before":
      return `${packTitle} covers buildings first occupied after ${d.after}; this one was ` +
        `first occupied on ${d.first_occupied}. No rule is applied.`;
    case "first_occupied_unknown":
      return `Whether ${packTitle} covers this existing building is unknown: it covers ` +
        `buildings first occupied after ${d.after} (give first_occupied). Nothing is judged ` +
        `failing until that is said.`;
    case "multistorey_no_lift":
      return `${packTitle} does not cover a multistorey unit in a building without a lift. ` +
        `No rule is applied.`;
    case "upper_unit_no_lift":
      return `${packTitle} covers only ground-floor units in a building without a lift; ` +
        `this unit is on an upper floor. No rule is applied.`;
    case "unit_floor_unknown":
      return `Whether ${packTitle} covers this unit is unknown: in a building without a ` +
        `lift it covers ground-floor units only (give unit_floor). Nothing is judged ` +
        `failing until that is said.`;
    case "lift_unknown":
      return `Whether ${packTitle} covers this unit is unknown: ${
        d.multistorey
          ? "a multistorey unit is covered on its entry level in a building with a lift, and not at all without one"
          : "with a lift every unit is covered, without one only ground-floor units"
      } (give lift, and unit_floor). Nothing is judged failing until that is said.`;
  }
}

/** The sentence of a scope note. */
export function scopeNoteText(
  n: Coverage["notes"][number],
  pack: Pick<RulePack, "id" | "title">,
): string {
  const d = n.data;
  switch (n.code) {
    case "occupancy_default":
      return `Checked as ${
        OCCUPANCY_WORDS[d.occupancy as Occupancy]
      }, the default of ${pack.id}: it governs ${d.governs}, not private homes (give ` +
        `occupancy dwelling for a home, and it is run as a guide only).`;
    case "level_by_condition":
      return `Checked at ${d.level}, the category asked for: ${d.level} applies only where a ` +
        `planning condition requires it, taken here to be so.`;
    case "level_default":
      return `Checked at ${d.level}, the default category${
        (d.conditional as string[]).length
          ? `; ${(d.conditional as string[]).join(" and ")} apply only where a planning ` +
            "condition requires them (give level to check one)"
          : ""
      }.`;
    case "levels_not_for_work":
      return `The categories ${(d.levels as string[]).join(", ")} apply to ${
        (d.governs as string[]).map((w) => WORK_WORDS[w as Work]).join(" and ")
      }, not to ${WORK_WORDS[d.work as Work]}: those rules are not applied.`;
    case "first_occupied_assumed":
      return `New work: the building is taken as first occupied after ${d.after}.`;
  }
}
