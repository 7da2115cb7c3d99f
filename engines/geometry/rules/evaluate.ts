/**
 * Evaluates a rule pack on a plan: which rules apply under the run's occupancy, work and level,
 * the plan elements each rule is checked on, and a pass / fail / warn (core/result.ts `judge`,
 * the scan-uncertainty rule) or unknown outcome for each.
 */
import {
  type Opening,
  type Plan,
  type Room,
  tolerance_m,
  type Vertical,
} from "../../../core/plan.ts";
import { type Comparator, judge } from "../../../core/result.ts";
import { ADA_T_TURN, tTurnFits } from "../clearance.ts";
import { indexPlan, measure, type PlanIndex } from "./measure.ts";
import { type MeasureDef, MEASURES, type SubjectKind } from "./measures.ts";
import type { Occupancy, Rule, RulePack, Work } from "./schema.ts";
import { capital } from "./wording.ts";

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
