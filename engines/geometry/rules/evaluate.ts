/**
 * Evaluates a rule pack on a plan: which rules apply under the run's occupancy, work and level,
 * the plan elements each rule is checked on, and a pass / fail / warn (ground/plan.ts `judge`,
 * the scan-uncertainty rule) or unknown outcome for each.
 */
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
import { egressWindow, indexPlan, measure, type PlanIndex, roomFreeFloor } from "./measure.ts";
import { doorwayDepth_m, ellipseFits } from "./room_geometry.ts";
import { type MeasureDef, MEASURES, type SubjectKind } from "./measures.ts";
import type { Occupancy, Rule, RulePack, Work } from "./schema.ts";
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
    a.floors === undefined ||
    (a.floors === "entrance"
      ? idx.entranceFloors.has(f)
      : a.floors === "basement"
      ? idx.basementFloors.has(f)
      : (a.floors === "ground") === idx.groundFloors.has(f));
  const floorWords = a.floors === "ground"
    ? " on the ground floor"
    : a.floors === "upper"
    ? " on the upper floors"
    : a.floors === "entrance"
    ? " on the entrance storey"
    : a.floors === "basement"
    ? " in a basement"
    : "";
  if (m.subject === "room") {
    if (!plan.rooms.length) return { subjects: [], layerMissing: "the plan has no rooms" };
    let rooms = plan.rooms.filter((r) =>
      (a.room_labels ? a.room_labels.includes(r.label) : !HABITABLE_EXCL.has(r.label)) &&
      floorOk(r.floor)
    );
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
        a.room_labels ? `room labelled ${a.room_labels.join(" or ")}` : "indoor room"
      }${floorWords}${
        a.grade_floor_opening === true
          ? " whose window is a grade-floor opening"
          : a.grade_floor_opening === false
          ? " whose window is not a grade-floor opening"
          : ""
      }`,
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
      if (a.main_entrance !== undefined && a.main_entrance !== main.has(o.id)) return false;
      if (
        a.door_to &&
        !o.between.some((id) => id !== null && a.door_to!.includes(idx.rooms.get(id)?.label!))
      ) return false;
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
          ? ` in a doorway deeper than ${(a.doorway_deeper_than.si * 1000).toFixed(0)} mm`
          : ""
      }${floorWords}`;
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
    }${floorWords}`,
  };
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
  const min = pack.scope?.min_units;
  const outOfScope = min !== undefined && opts.units !== undefined && opts.units < min
    ? `${pack.id} covers ${pack.scope!.buildings}, with ${min} or more dwelling units; this ` +
      `building has ${opts.units}`
    : undefined;
  const tick = ticker(64);
  for (const rule of pack.rules) {
    const why = outOfScope ?? contextReason(rule, opts);
    if (why) {
      not_applicable.push({ rule, reason: why });
      continue;
    }
    const def = MEASURES[rule.measure] as MeasureDef;
    const { subjects, layerMissing, none } = subjectsFor(rule, idx);
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
      const m = measure(rule.measure, s, idx, { width_m: rule.width?.si });
      if ("missing" in m) {
        outcomes.push({ rule, subject, status: "unknown", note: `${capitalise(m.missing)}.` });
        continue;
      }
      const notes: string[] = [];
      if (m.note) notes.push(`${capitalise(m.note)}.`);
      const j = judgeRule(rule, s, m.value, m.tolerance, idx);
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
      outcomes.push({
        rule,
        subject,
        status,
        measured: m.value,
        tolerance: m.tolerance,
        ...(j.limit !== undefined ? { limit: j.limit } : {}),
        ...(j.basis ? { limit_basis: j.basis } : {}),
        ...(m.via ? { via: m.via } : {}),
        ...(notes.length ? { note: notes.join(" ") } : {}),
      });
    }
  }
  return { pack, options: opts, outcomes, not_applicable, methods: [...methods] };
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
): { status: Judged; limit?: number; basis?: string; note?: string } {
  const cmp = rule.comparator as Comparator;
  if (rule.graded) {
    const v = s as Vertical;
    const g = v.going_m!;
    const tg = tolerance_m(idx.plan, g);
    const at = gradedLimit(rule.graded.points, g);
    const lo = gradedLimit(rule.graded.points, g + tg),
      hi = gradedLimit(rule.graded.points, g - tg);
    return {
      status: judgeRange(value, cmp, hi, lo, tol),
      limit: at,
      basis: `1:${(1 / at).toFixed(1)} for a going of ${g.toFixed(2)} m`,
      note: `For a going of ${g.toFixed(2)} m the steepest gradient is 1:${(1 / at).toFixed(1)} (${
        at.toFixed(4)
      }), interpolated between the document's pairs.`,
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
          (r * 1000).toFixed(0)
        } mm) applies.`,
      };
    }
    const at = req(c.width_m);
    const worst = req(c.width_m - c.tolerance), best = req(c.width_m + c.tolerance);
    const how = c.headOn ? "head-on" : "not head-on";
    const text = `It opens ${how} off ${c.name}, ${(c.width_m * 1000).toFixed(0)} mm wide: ${
      Number.isFinite(at)
        ? `the table asks ${(at * 1000).toFixed(0)} mm for that corridor`
        : "narrower than any corridor the table allows for that approach"
    }${worst !== best ? " (the corridor is within the scan's uncertainty of a row)" : ""}.`;
    return {
      status: judgeRange(value, cmp, best, worst, tol),
      ...(Number.isFinite(at) ? { limit: at } : {}),
      basis: `${how} off a ${(c.width_m * 1000).toFixed(0)} mm corridor`,
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

/** A graded limit at a going, SI: linear between the points, the end values beyond them. */
function gradedLimit(points: NonNullable<Rule["graded"]>["points"], going_m: number): number {
  if (going_m <= points[0].going.si) return points[0].limit.si;
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1], b = points[k];
    if (going_m <= b.going.si) {
      const t = (going_m - a.going.si) / (b.going.si - a.going.si);
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
