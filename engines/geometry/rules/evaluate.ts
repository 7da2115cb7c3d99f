/**
 * Evaluates a rule pack on a plan: which rules apply under the run's occupancy, work and level,
 * the plan elements each rule is checked on, and a pass / fail / warn (ground/plan.ts `judge`,
 * the scan-uncertainty rule) or unknown outcome for each.
 */
import { sayLength, sayMillimetres } from "../../../ground/units_now.ts";
import { ticker } from "../../../ground/budget.ts";
import {
  type Opening,
  type Plan,
  type Room,
  tolerance_m,
  type Vertical,
} from "../../../ground/plan.ts";
import { type Comparator, judge } from "../../../ground/plan.ts";
import { ADA_T_TURN, tTurnFits } from "../clearance.ts";
import { polygonMinWidth_m } from "../takeoff.ts";
import { nearestRoomEdge } from "../walls.ts";
import {
  doorsInSeries,
  egressWindow,
  indexPlan,
  measure,
  type PlanIndex,
  roomFreeFloor,
} from "./measure.ts";
import { doorwayDepth_m, ellipseFits } from "./room_geometry.ts";
import { type MeasureDef, MEASURES, type SubjectKind } from "./measures.ts";
import type { BuildingType, Occupancy, Rule, RulePack, Work } from "./schema.ts";
import { type Coverage, coverageText, packCoverage, WORK_WORDS } from "./scope.ts";
import { formatLimit } from "./wording.ts";
import { polygonArea_m2 } from "../takeoff.ts";
import { capitalise } from "../../../ground/text.ts";

/** A plan element a rule was checked on. */
export interface Subject {
  kind: SubjectKind;
  id: string;
  name: string;
  floor: string;
}

/** The result of one rule on one subject (or on none, when the plan lacks the layer). */
export interface RuleOutcome {
  rule: Rule;
  subject?: Subject;
  status: "pass" | "fail" | "warn" | "unknown";
  measured?: number;
  tolerance?: number;
  /**
   * The limit this subject was judged against, SI, where it is not the rule's own: a door
   * table's row for its corridor, a gradient graded by the ramp's going.
   */
  limit?: number;
  /** Which row or point gave that limit, in words. */
  limit_basis?: string;
  /** The measured value is an estimate (measure.ts `Measured.estimated`): how, its bound. */
  estimated?: { basis: string; error_m: number };
  /**
   * The status the value alone would have had, where the outcome says less: an unverified
   * rule's fail (a warn), or any fail or warn while the pack's coverage is unknown (unknown).
   */
  would_be?: "fail" | "warn";
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
  /** Dwelling units in the building, where known (FHA covers buildings of 4 or more). */
  units?: number;
  /** True when `occupancy` is the pack's default, not given by the person. */
  occupancy_default?: boolean;
  /** The kind of building, where known (FHA does not cover detached houses or townhouses). */
  building?: BuildingType;
  /** Whether the building has a lift, where known (FHA's unit rule). */
  lift?: boolean;
  /** Whether the unit is on the building's ground floor, where known (FHA without a lift). */
  unit_floor?: "ground" | "upper";
  /** When the building was first occupied, ISO yyyy-mm-dd, where known (FHA: after 1991-03-13). */
  first_occupied?: string;
}

export interface PackEvaluation {
  pack: RulePack;
  options: EvalOptions & { level?: string };
  outcomes: RuleOutcome[];
  /** Rules that do not apply here, with the reason (occupancy, work, level, no such element). */
  not_applicable: { rule: Rule; reason: string }[];
  /** How each measure used was obtained, once per measure. */
  methods: string[];
  /** Whether the pack governs this building (scope.ts), with its sentence. */
  coverage: Coverage & { text: string };
}

const HABITABLE_EXCL = new Set(["balcony", "outdoor"]);

/** Whether a rule applies under the run's options; the reason when it does not. */
function contextReason(rule: Rule, opts: EvalOptions & { level?: string }): string | undefined {
  const a = rule.applies;
  if (a.occupancy && !a.occupancy.includes(opts.occupancy)) {
    return `applies to ${a.occupancy.join(" or ")} buildings; this run is for a ${opts.occupancy}`;
  }
  if (a.work && !a.work.includes(opts.work)) {
    return `applies to ${a.work.map((w) => WORK_WORDS[w]).join(" or ")}; this run is for ${
      WORK_WORDS[opts.work]
    }`;
  }
  if (a.levels && (opts.level === undefined || !a.levels.includes(opts.level))) {
    return `belongs to ${a.levels.join(", ")}; this run checks ${opts.level ?? "no level"}`;
  }
  return undefined;
}

const ATTIC = /\b(attic|loft)/i;

/** What a rule's subjects are found with: its conditions, the plan, and helpers over floors. */
interface SubjectScope {
  rule: Rule;
  m: MeasureDef;
  a: Rule["applies"];
  idx: PlanIndex;
  plan: Plan;
  floorOk: (f: string) => boolean;
  aboveGrade: (floor: string, extra_m?: number) => number;
  floorName: Map<string, string>;
  floorWords: string;
}

/** A rule's subjects in the plan, by what its measure is taken on (room, opening, vertical). */
function subjectsFor(
  rule: Rule,
  idx: PlanIndex,
  entryLevelOnly = false,
): Subjects {
  const m = MEASURES[rule.measure] as MeasureDef;
  const s = subjectScope(rule, m, idx, entryLevelOnly);
  if (m.subject === "room") return roomSubjects(s);
  if (m.subject === "opening") return openingSubjects(s);
  return verticalSubjects(s);
}

/** What {@link subjectsFor} returns: the subjects, or why there are none. */
type Subjects = { subjects: (Room | Opening | Vertical)[]; layerMissing?: string; none?: string };

/** The floors a rule's conditions admit, heights above the ground, and the words for them. */
function subjectScope(
  rule: Rule,
  m: MeasureDef,
  idx: PlanIndex,
  entryLevelOnly: boolean,
): SubjectScope {
  const a = rule.applies;
  const plan = idx.plan;
  const floorOk = (f: string) =>
    (!entryLevelOnly || idx.entranceFloors.has(f)) &&
    (a.floors === undefined ||
      (a.floors === "entrance"
        ? idx.entranceFloors.has(f)
        : a.floors === "basement"
        ? idx.basementFloors.has(f)
        : (a.floors === "ground") === idx.groundFloors.has(f)));
  const aboveGrade = (floor: string, extra_m = 0) =>
    (idx.floorElevation.get(floor) ?? 0) + extra_m - idx.grade_m;
  const floorName = new Map(plan.floors.map((f) => [f.id, f.name ?? ""]));
  const floorWords = a.floors === "ground"
    ? " on the ground floor"
    : a.floors === "upper"
    ? " on the upper floors"
    : a.floors === "entrance"
    ? " on the entrance storey"
    : a.floors === "basement"
    ? " in a basement"
    : "";
  return { rule, m, a, idx, plan, floorOk, aboveGrade, floorName, floorWords };
}

/** The rooms a rule applies to. */
function roomSubjects(
  { a, idx, plan, floorOk, aboveGrade, floorName, floorWords }: SubjectScope,
): Subjects {
  if (!plan.rooms.length) return { subjects: [], layerMissing: "the plan has no rooms" };
  let rooms = plan.rooms.filter((r) =>
    (a.room_labels ? a.room_labels.includes(r.label) : !HABITABLE_EXCL.has(r.label)) &&
    floorOk(r.floor)
  );
  if (a.attic) {
    rooms = rooms.filter((r) => ATTIC.test(r.name ?? "") || ATTIC.test(floorName.get(r.floor)!));
  }
  if (a.above_grade_more_than) {
    rooms = rooms.filter((r) => aboveGrade(r.floor) > a.above_grade_more_than!.si + 1e-12);
  }
  if (a.exempt_utility_only_up_to) {
    // A floor used only for mechanical equipment (every room utility) up to the area: exempt.
    const exempt = new Set<string>();
    const byFloor = new Map<string, Room[]>();
    for (const r of plan.rooms) {
      if (!floorOk(r.floor)) continue;
      const l = byFloor.get(r.floor) ?? [];
      l.push(r);
      byFloor.set(r.floor, l);
    }
    for (const [f, list] of byFloor) {
      const area = list.reduce((t, r) => t + polygonArea_m2(r.polygon), 0);
      if (
        list.every((r) => r.label === "utility") &&
        area <= a.exempt_utility_only_up_to.si + 1e-12
      ) exempt.add(f);
    }
    rooms = rooms.filter((r) => !exempt.has(r.floor));
  }
  if (a.doors_in_series) rooms = rooms.filter((r) => doorsInSeries(r, idx) !== undefined);
  if (a.u_shaped !== undefined) {
    rooms = rooms.filter((r) => (wallsWithObjects(r, idx) >= 3) === a.u_shaped);
  }
  if (a.largest_only && rooms.length > 1) {
    const area = (r: Room) => polygonArea_m2(r.polygon);
    rooms = [rooms.reduce((x, y) => (area(y) > area(x) ? y : x))];
  }
  if (a.grade_floor_opening !== undefined) {
    // true: only rooms whose egress window is known to be a grade-floor opening; false: the
    // others (a window of unknown sill takes the stricter rule).
    rooms = rooms.filter((r) =>
      (egressWindow(r, idx).gradeFloor === true) === a.grade_floor_opening
    );
  }
  if (a.one_per_floor) {
    const byFloor = new Map<string, Room>();
    for (const r of rooms) {
      const best = byFloor.get(r.floor);
      if (!best || windowArea(r, idx) > windowArea(best, idx)) byFloor.set(r.floor, r);
    }
    rooms = [...byFloor.values()];
  }
  return {
    subjects: rooms,
    none: `the plan has no ${
      a.room_labels && a.room_labels.length <= 6
        ? `room labelled ${a.room_labels.join(" or ")}`
        : "indoor room"
    }${a.attic ? " in an attic (a floor or room named attic or loft)" : ""}${
      a.above_grade_more_than
        ? ` more than ${formatLimit(a.above_grade_more_than, "m")} above the ground`
        : ""
    }${
      a.exempt_utility_only_up_to
        ? ` (a floor used only for mechanical equipment, up to ${
          formatLimit(a.exempt_utility_only_up_to, "m2")
        }, is exempt)`
        : ""
    }${floorWords}${
      a.grade_floor_opening === true
        ? " whose window is a grade-floor opening"
        : a.grade_floor_opening === false
        ? " whose window is not a grade-floor opening"
        : ""
    }`,
  };
}

/** The doors and windows a rule applies to. */
function openingSubjects(
  { a, m, idx, plan, floorOk, aboveGrade, floorWords }: SubjectScope,
): Subjects {
  const kinds = a.opening_kinds ?? m.kinds ?? ["door"];
  const all = plan.openings.filter((o) => kinds.includes(o.kind));
  if (!all.length) {
    return { subjects: [], layerMissing: `the plan records no ${kinds.join(" or ")}s` };
  }
  const main = new Set(idx.mainEntrances.map((o) => o.id));
  const list = all.filter((o) => {
    const ext = o.between[0] === null || o.between[1] === null;
    if (a.exterior !== undefined && a.exterior !== ext) return false;
    if (a.main_entrance !== undefined && a.main_entrance !== main.has(o.id)) return false;
    if (
      a.door_to &&
      !o.between.some((id) => id !== null && a.door_to!.includes(idx.rooms.get(id)?.label!))
    ) return false;
    if (a.above_grade_more_than) {
      if (o.sill_m === undefined) return false;
      if (aboveGrade(o.floor, o.sill_m) <= a.above_grade_more_than.si + 1e-12) return false;
    }
    if (a.doorway_deeper_than) {
      const [r0, r1] = o.between.map((id) => id === null ? undefined : idx.rooms.get(id));
      const depth = r0 && r1 ? doorwayDepth_m(r0.polygon, r1.polygon, o.at) : undefined;
      if (depth === undefined || depth <= a.doorway_deeper_than.si) return false;
    }
    return floorOk(o.floor);
  });
  const what = a.main_entrance === true
    ? "main entrance"
    : `${a.exterior === true ? "outside " : a.exterior === false ? "inside " : ""}${
      kinds.join(" or ")
    }${a.main_entrance === false ? " other than the main entrance" : ""}${
      a.door_to ? ` to a room labelled ${a.door_to.join(" or ")}` : ""
    }${
      a.doorway_deeper_than
        ? ` in a doorway deeper than ${sayMillimetres(a.doorway_deeper_than.si)}`
        : ""
    }${
      a.above_grade_more_than
        ? ` whose sill is more than ${formatLimit(a.above_grade_more_than, "m")} above the ground`
        : ""
    }${floorWords}`;
  return { subjects: list, none: `the plan has no ${what}` };
}

/** The stairs, ramps and steps a rule applies to. */
function verticalSubjects({ a, m, idx, plan, floorOk, floorWords }: SubjectScope): Subjects {
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
  if (a.rise_above) list = list.filter((v) => v.rise_m > a.rise_above!.si + 1e-12);
  if (a.slope_above) {
    list = list.filter((v) =>
      v.going_m === undefined || v.rise_m / v.going_m > a.slope_above!.si + 1e-12
    );
  }
  if (a.risers_at_least !== undefined) {
    list = list.filter((v) => v.risers === undefined || v.risers >= a.risers_at_least!);
  }
  return {
    subjects: list,
    none: `the plan has no ${kinds.join(" or ")}${
      a.serves_egress ? " serving the main entrance" : ""
    }${a.rise_above ? ` rising more than ${formatLimit(a.rise_above, "m")}` : ""}${
      a.slope_above ? ` steeper than ${formatLimit(a.slope_above, "ratio")}` : ""
    }${
      a.risers_at_least !== undefined ? ` with ${a.risers_at_least} or more risers` : ""
    }${floorWords}`,
  };
}

/** How near a wall an object stands to be against it, m. */
const AGAINST_WALL_M = 0.1;

/** How many of a room's walls have an object (a unit, an appliance) standing against them. */
function wallsWithObjects(r: Room, idx: PlanIndex): number {
  const obs = idx.objectsByRoom?.get(r.id) ?? [];
  const poly = r.polygon;
  let n = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i], b = poly[(i + 1) % poly.length];
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const l2 = dx * dx + dy * dy;
    if (l2 < 1e-12) continue;
    const near = obs.some((ring) =>
      ring.some((p) => {
        const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2));
        return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy) <= AGAINST_WALL_M;
      })
    );
    if (near) n++;
  }
  return n;
}

function windowArea(r: Room, idx: PlanIndex): number {
  const w = egressWindow(r, idx).window;
  return w ? w.width_m * (w.height_m ?? 0) : -1;
}

function describeSubject(s: Room | Opening | Vertical, kind: SubjectKind): Subject {
  if (kind === "room") {
    const r = s as Room;
    return { kind, id: r.id, name: r.name ?? r.id, floor: r.floor };
  }
  if (kind === "opening") {
    const o = s as Opening;
    return { kind, id: o.id, name: `${capitalise(o.kind)} ${o.id}`, floor: o.floor };
  }
  const v = s as Vertical;
  return { kind, id: v.id, name: `${capitalise(v.kind)} ${v.id}`, floor: v.from_floor };
}

/**
 * Runs a pack on a plan: for every rule that applies here, one outcome per subject (pass,
 * fail, or warn within the scan's tolerance by ground/plan.ts `judge`; unknown with the reason
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
  const cov = packCoverage(pack, plan, {
    occupancy: opts.occupancy,
    occupancy_given: !options.occupancy_default,
    work: opts.work,
    level: opts.level,
    level_given: options.level !== undefined,
    building: opts.building,
    units: opts.units,
    lift: opts.lift,
    unit_floor: opts.unit_floor,
    first_occupied: opts.first_occupied,
  });
  const coverage = { ...cov, text: coverageText(cov, pack.title) };
  const outOfScope = cov.status === "not_covered" ? coverage.text : undefined;
  const leaf = pack.door_leaf_allowance
    ? {
      si: pack.door_leaf_allowance.si,
      printed: pack.door_leaf_allowance.printed,
      citation: pack.door_leaf_allowance.citation,
    }
    : undefined;
  const tick = ticker(64);
  for (const rule of pack.rules) {
    const why = outOfScope ?? contextReason(rule, opts);
    if (why) {
      not_applicable.push({ rule, reason: why });
      continue;
    }
    const def = MEASURES[rule.measure] as MeasureDef;
    const { subjects, layerMissing, none } = subjectsFor(rule, idx, cov.entry_level_only);
    if (layerMissing) {
      outcomes.push({ rule, status: "unknown", note: `${capitalise(layerMissing)}.` });
      continue;
    }
    if (!subjects.length) {
      not_applicable.push({ rule, reason: none! });
      continue;
    }
    methods.add(def.method);
    for (const s of subjects) {
      tick();
      const subject = describeSubject(s, def.subject);
      const m = measure(rule.measure, s, idx, {
        width_m: rule.width?.si,
        ...(leaf ? { leaf } : {}),
        ...(rule.pull_side ? { beyond_latch_m: rule.pull_side.beyond_latch.si } : {}),
      });
      if ("missing" in m) {
        outcomes.push({ rule, subject, status: "unknown", note: `${capitalise(m.missing)}.` });
        continue;
      }
      const notes: string[] = [];
      if (m.note) notes.push(`${capitalise(m.note)}.`);
      const j = judgeRule(rule, s, m.value, m.tolerance, idx, m.wide);
      let status = j.status;
      if (j.note) notes.push(j.note);
      if (status !== "pass" && rule.alternative === "uk_ellipse") {
        const t = ellipseAlternative(s as Room, idx);
        if (t !== "fail" && (t === "pass" || status === "fail")) status = t;
        notes.push(
          t === "pass"
            ? "A 1400 × 1700 mm turning ellipse fits instead."
            : t === "warn"
            ? "A 1400 × 1700 mm turning ellipse fits only within the scan's uncertainty."
            : "A 1400 × 1700 mm turning ellipse does not fit either.",
        );
      }
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
      if (rule.applies.main_entrance === true && idx.mainEntranceInferred) {
        notes.push("No door is marked as the main entrance, so every outside door is checked.");
      }
      if (status === "pass" && m.partial) {
        status = "unknown";
        notes.push(`${capitalise(m.partial)}.`);
      }
      let would_be: RuleOutcome["would_be"];
      if (status === "fail" && rule.fail_unless) {
        status = "unknown";
        would_be = "fail";
        notes.push(
          `Past the limit, it complies only if ${rule.fail_unless}, which the plan cannot show.`,
        );
      }
      if (status === "fail" && rule.status === "U") {
        // An unverified rule alone never makes a fail (issue 25): it warns.
        status = "warn";
        would_be = "fail";
        notes.push(
          "It is past this rule's limit, but the rule is unverified (its text not yet seen " +
            "in the source), so it warns rather than fails.",
        );
      }
      if ((status === "fail" || status === "warn") && cov.status === "unknown") {
        would_be = would_be ?? status;
        status = "unknown";
        notes.push(
          `It would ${would_be === "fail" ? "fail" : "be too close to call"} if the ` +
            `pack covers the building, which is unknown.`,
        );
      }
      outcomes.push({
        rule,
        subject,
        status,
        measured: m.value,
        tolerance: m.tolerance,
        ...(j.limit !== undefined ? { limit: j.limit } : {}),
        ...(j.basis ? { limit_basis: j.basis } : {}),
        ...(would_be ? { would_be } : {}),
        ...(m.via ? { via: m.via } : {}),
        ...(m.estimated ? { estimated: m.estimated } : {}),
        ...(notes.length ? { note: notes.join(" ") } : {}),
      });
    }
  }
  return { pack, options: opts, outcomes, not_applicable, methods: [...methods], coverage };
}

type Judged = "pass" | "fail" | "warn" | "unknown";

/**
 * Judges a value against a limit that is only known to lie between `best` and `worst` (a
 * table row or graded limit that depends on another measured value): pass when it passes the
 * worst with the scan's tolerance, fail when it fails even the best, warn otherwise.
 */
function judgeRange(
  value: number,
  cmp: Comparator,
  best: number,
  worst: number,
  tol: number,
): Judged {
  if (Number.isFinite(worst) && judge(value, cmp, worst, tol) === "pass") return "pass";
  if (!Number.isFinite(best) || judge(value, cmp, best, tol) === "fail") return "fail";
  return "warn";
}

/**
 * The status of one measured value under a rule: its plain limit (ground/plan.ts `judge`),
 * or a limit graded by the ramp's going, a door table row for the door's corridor, or a
 * bevel range, each with the effective limit and a sentence.
 */
function judgeRule(
  rule: Rule,
  s: Room | Opening | Vertical,
  value: number,
  tol: number,
  idx: PlanIndex,
  wide?: number,
): { status: Judged; limit?: number; basis?: string; note?: string } {
  const cmp = rule.comparator as Comparator;
  if (rule.plus_door_swing) {
    const least = judge(value, cmp, rule.limit.si, tol);
    if (least === "fail") return { status: "fail" };
    const swung = rule.limit.si + (wide ?? 0);
    const full = judge(value, cmp, swung, tol);
    if (full === "pass") {
      return {
        status: "pass",
        note: "Room for a door swinging into the space as well, whichever way they swing.",
      };
    }
    if (least === "warn" || full === "warn") return { status: "warn" };
    return {
      status: "unknown",
      limit: swung,
      basis: "with a door swinging into the space",
      note: `Enough if neither door swings into the space, not if one does (${
        sayMillimetres(swung)
      } then): the plan records no door swing (look at the doors).`,
    };
  }
  if (rule.pull_side) {
    const pull = rule.pull_side.depth, latch = rule.pull_side.beyond_latch;
    const words = `${pull.printed ?? `${pull.value} ${pull.unit}`} and ${
      latch.printed ?? `${latch.value} ${latch.unit}`
    } beyond the latch`;
    const least = judge(value, cmp, rule.limit.si, tol);
    if (least === "fail") return { status: "fail" };
    const w = wide ?? 0;
    const full = judge(w, cmp, pull.si, tol);
    if (full === "pass" && least === "pass") {
      return {
        status: "pass",
        note: `Deep enough on the side(s) measured for the pull side's ${words}, whichever ` +
          "way the door swings.",
      };
    }
    if (least === "warn" || full === "warn") {
      return {
        status: "warn",
        note: `The pull side needs ${words}; the push side ${
          rule.limit.printed ?? `${rule.limit.value} ${rule.limit.unit}`
        }.`,
      };
    }
    return {
      status: "unknown",
      limit: pull.si,
      basis: "the pull side",
      note: `Deep enough for the push side, not on both sides for the pull side's ${words}: ` +
        "the plan records no door swing, so which side is pulled is unknown (look at the door).",
    };
  }
  if (rule.graded) {
    const v = s as Vertical;
    const g = v.going_m!;
    const tg = tolerance_m(idx.plan, g);
    const scale = rule.graded.scale ?? "ratio";
    const at = gradedLimit(rule.graded.points, g, scale);
    const lo = gradedLimit(rule.graded.points, g + tg, scale),
      hi = gradedLimit(rule.graded.points, g - tg, scale);
    return {
      status: judgeRange(value, cmp, hi, lo, tol),
      limit: at,
      basis: `1:${(1 / at).toFixed(1)} for a going of ${sayLength(g)}`,
      note: `For a going of ${sayLength(g)} the steepest gradient is 1:${(1 / at).toFixed(1)} (${
        at.toFixed(4)
      }), interpolated ${
        scale === "n" ? "linearly in 1:n" : "linearly in the gradient"
      } between the document's pairs.`,
    };
  }
  if (rule.door_table) {
    const c = doorCorridor(s as Opening, idx);
    const req = (w: number | undefined) => doorTableRequirement(rule, w, c?.headOn ?? true);
    if (!c) {
      const r = req(undefined);
      return {
        status: judgeRange(value, cmp, r, r, tol),
        limit: r,
        basis: "a door not off a hallway or entrance hall, taken as approached head-on",
        note: `It opens off no hallway or entrance hall, so the head-on value (${
          sayMillimetres(r)
        }) applies.`,
      };
    }
    const at = req(c.width_m);
    const worst = req(c.width_m - c.tolerance), best = req(c.width_m + c.tolerance);
    const how = c.headOn ? "head-on" : "not head-on";
    const text = `It opens ${how} off ${c.name}, ${sayMillimetres(c.width_m)} wide: ${
      Number.isFinite(at)
        ? `the table asks ${sayMillimetres(at)} for that corridor`
        : "narrower than any corridor the table allows for that approach"
    }${worst !== best ? " (the corridor is within the scan's uncertainty of a row)" : ""}.`;
    return {
      status: judgeRange(value, cmp, best, worst, tol),
      ...(Number.isFinite(at) ? { limit: at } : {}),
      basis: `${how} off a ${sayMillimetres(c.width_m)} corridor`,
      note: text,
    };
  }
  if (rule.bevel) {
    if (judge(value, cmp, rule.limit.si, tol) === "fail") return { status: "fail" };
    if (judge(value, cmp, rule.bevel.si, tol) === "pass") return { status: "pass" };
    const inRange = judge(value, ">=", rule.bevel.si, tol) === "pass" &&
      judge(value, cmp, rule.limit.si, tol) === "pass";
    const b = rule.bevel.printed ?? `${rule.bevel.value} ${rule.bevel.unit}`;
    return inRange
      ? {
        status: "unknown",
        note: `Above ${b} it complies only if bevelled no steeper than 1:2, and the plan ` +
          "cannot say whether it is: look at its edge.",
      }
      : {
        status: "warn",
        note: `Near ${b}, above which it must be bevelled no steeper than 1:2.`,
      };
  }
  return { status: judge(value, cmp, rule.limit.si, tol) };
}

/**
 * A graded limit at a going, SI: linear between the points in the gradient (`ratio`) or in
 * its run per unit rise n of 1:n (`n`: ADM Vol 2 Table 1's sliding scale, 1:14 at 4 m), the
 * end values beyond them.
 */
export function gradedLimit(
  points: NonNullable<Rule["graded"]>["points"],
  going_m: number,
  scale: "ratio" | "n" = "ratio",
): number {
  if (going_m <= points[0].going.si) return points[0].limit.si;
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1], b = points[k];
    if (going_m <= b.going.si) {
      const t = (going_m - a.going.si) / (b.going.si - a.going.si);
      if (scale === "n") {
        const na = 1 / a.limit.si, nb = 1 / b.limit.si;
        return 1 / (na + t * (nb - na));
      }
      return a.limit.si + t * (b.limit.si - a.limit.si);
    }
  }
  return points[points.length - 1].limit.si;
}

/**
 * The least door width a door table asks for a corridor `corridor_m` wide (undefined: the door
 * opens off no corridor, so its head-on rows apply at any width), SI; Infinity when no row
 * allows that corridor for that approach.
 */
function doorTableRequirement(
  rule: Rule,
  corridor_m: number | undefined,
  headOn: boolean,
): number {
  let best = Infinity;
  for (const row of rule.door_table!.rows) {
    if (row.approach !== "any" && (row.approach === "head-on") !== headOn) continue;
    if (row.corridor && corridor_m !== undefined && corridor_m < row.corridor.si - 1e-12) {
      continue;
    }
    best = Math.min(best, row.door.si);
  }
  return best;
}

/**
 * The hallway (or entrance hall) a door opens from: its narrowest clear width (as
 * corridor_width_m measures it)
 * and whether the door is approached head-on, i.e. sits in an end wall of the hallway (a wall
 * no longer than 1.5 × the hallway's least width) rather than a side wall. Of two hallways,
 * the narrower.
 */
/** Hallway widths measured for door tables, by plan and room (a hallway serves many doors). */
const corridorWidths = new WeakMap<PlanIndex, Map<string, ReturnType<typeof measure>>>();

function doorCorridor(
  o: Opening,
  idx: PlanIndex,
): { name: string; width_m: number; tolerance: number; headOn: boolean } | undefined {
  let corridorCache = corridorWidths.get(idx);
  if (!corridorCache) corridorWidths.set(idx, corridorCache = new Map());
  let best: { name: string; width_m: number; tolerance: number; headOn: boolean } | undefined;
  for (const id of o.between) {
    const r = id === null ? undefined : idx.rooms.get(id);
    if (!r || (r.label !== "hallway" && r.label !== "entrance")) continue;
    let m = corridorCache.get(r.id);
    if (!m) corridorCache.set(r.id, m = measure("corridor_width_m", r, idx));
    if ("missing" in m) continue;
    const wall = nearestRoomEdge(r, o.at);
    const headOn = wall !== undefined && wall.length_m <= 1.5 * polygonMinWidth_m(r.polygon);
    if (!best || m.value < best.width_m) {
      best = { name: r.name ?? r.id, width_m: m.value, tolerance: m.tolerance, headOn };
    }
  }
  return best;
}

/**
 * ADM Vol 1 M4(3)'s 1400 × 1700 mm turning ellipse in a room, judged with the uncertainty rule:
 * fits grown by the scan tolerance → pass; fits only shrunk by it → warn; else fail.
 */
function ellipseAlternative(room: Room, idx: PlanIndex): "pass" | "warn" | "fail" {
  const obs = idx.objectsByRoom?.get(room.id) ?? [];
  const free = roomFreeFloor(room, obs, idx.freeFloors);
  const t = tolerance_m(idx.plan, 1.4);
  if (ellipseFits(free, room.polygon, 1.4 + t, 1.7 + t)) return "pass";
  return ellipseFits(free, room.polygon, Math.max(0.01, 1.4 - t), 1.7 - t) ? "warn" : "fail";
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
