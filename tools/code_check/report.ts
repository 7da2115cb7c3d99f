/**
 * code_check's wording: the checks, findings, overlays, metrics, assumptions and verdict sentence
 * made from a pack's evaluation (engines/geometry/rules/). Only tools/code_check/mod.ts imports it.
 */
import type { Plan, Room } from "../../ground/plan.ts";
import {
  type Assumption,
  type Check,
  type Finding,
  findingId,
  type Metric,
  type Overlay,
  type Status,
  TOO_CLOSE,
  worstStatus,
} from "../../core/result.ts";
import { pointGeometry, polygonGeometry } from "../../engines/geometry/geojson.ts";
import {
  type EvalOptions,
  formatLimit,
  formatValue,
  MEASURES,
  type PackEvaluation,
  type RuleOutcome,
  type RulePack,
  scopeNoteText,
  sectionLabel,
} from "../../engines/geometry/rules/mod.ts";
import { capitalise } from "../../ground/text.ts";
import { say } from "./wording.ts";
import { derivedAssumptions } from "../_shared/derived.ts";

const ruleRef = (r: { id: string; section: string }) => ({ id: r.id, section: r.section });

/** One run of a pack on a scan: what its metrics, assumptions and verdict are worded from. */
export interface PackRun {
  pack: RulePack;
  ev: PackEvaluation;
  scan: string;
  opts: EvalOptions;
  /** Rooms the importer derived: not judged. */
  derived: Room[];
  /** The inputs as given (undefined: left to the pack's default). */
  occupancy?: string;
  level?: string;
  units?: number;
  checks: Check[];
  counts: Record<Status, number>;
  rulesRun: Set<string>;
  unverified: RulePack["rules"];
  unverifiedFailing: Set<string>;
}

const STATUS_WORDS: Record<string, string> = {
  fail: "fails",
  warn: "is too close to call against",
};

/** The run's metrics: the pack, rules run and skipped, and checks by status. */
export function packMetrics(r: PackRun): Metric[] {
  const { pack, ev, counts, rulesRun, unverified } = r;
  const metrics: Metric[] = [
    { id: "pack", label: "Rule pack", value: pack.id },
    { id: "rules_run", label: "Rules run", value: rulesRun.size },
    {
      id: "rules_not_applicable",
      label: "Rules that do not apply here",
      value: ev.not_applicable.length,
    },
    { id: "unverified_rules", label: "Unverified rules run", value: unverified.length },
    { id: "checks_fail", label: "Checks failed", value: counts.fail },
    { id: "checks_warn", label: "Checks too close to call", value: counts.warn },
    { id: "checks_pass", label: "Checks passed", value: counts.pass },
    { id: "checks_unknown", label: "Checks without data", value: counts.unknown },
  ];
  return metrics;
}

/** A warn on an estimated value (a clear width from a leaf, a stair width off its box). */
const ESTIMATED_CLOSE = "Estimated — measure on site: the value is within its estimate's bound.";

/**
 * Which values were estimated rather than read, and how (issue 24 §3): one sentence naming
 * each estimated measure's subjects, with the estimate's basis and error bound.
 */
function estimatedAssumption(ev: PackEvaluation): Assumption | undefined {
  const by = new Map<
    string,
    { what: string; basis: string; error_m: number; names: Set<string> }
  >();
  for (const o of ev.outcomes) {
    if (!o.estimated || !o.subject) continue;
    const what = MEASURES[o.rule.measure].title.toLowerCase();
    // One basis per measure: the leaf less its allowance, the box's half side, … (the
    // numbers differ by subject; the basis's words before its first number say how).
    const key = `${what}\0${o.estimated.error_m}`;
    const g = by.get(key) ??
      { what, basis: o.estimated.basis, error_m: o.estimated.error_m, names: new Set<string>() };
    g.names.add(o.subject.name);
    by.set(key, g);
  }
  if (!by.size) return undefined;
  return say.assumption("assumption.estimated", {
    estimates: [...by.values()].map((g) => ({
      what: g.what,
      basis: g.basis,
      error_m: g.error_m,
      names: [...g.names],
    })),
  });
}

/** The assumptions: rooms not judged, defaults taken, scope, methods, editions, unverified rules. */
export function packAssumptions(r: PackRun): Assumption[] {
  const {
    pack,
    ev,
    opts,
    derived,
    occupancy,
    level,
    rulesRun,
    unverified,
    unverifiedFailing,
  } = r;
  const assumptions: Assumption[] = [...derivedAssumptions(derived)];
  const notes = ev.coverage.notes;
  if (occupancy === undefined && !notes.some((n) => n.code === "occupancy_default")) {
    assumptions.push(
      say.assumption("assumption.occupancy_default", {
        occupancy: opts.occupancy,
        pack: pack.id,
      }, { input: "occupancy", from: "default" }),
    );
  }
  if (level === undefined && ev.options.level !== undefined) {
    assumptions.push(
      say.assumption("assumption.level_default", { level: ev.options.level, pack: pack.id }, {
        input: "level",
        from: "default",
      }),
    );
  }
  // Whether the pack governs the building (engines/geometry/rules/scope.ts), and what the
  // run took about its scope.
  if (ev.coverage.code !== "covered") {
    const input: Record<string, string> = {
      occupancy_outside: "occupancy",
      units_unknown: "units",
      units_below: "units",
      building_type_outside: "building",
      first_occupied_unknown: "first_occupied",
      first_occupied_before: "first_occupied",
      unit_floor_unknown: "unit_floor",
      lift_unknown: "lift",
      multistorey_no_lift: "lift",
      upper_unit_no_lift: "unit_floor",
    };
    const i = input[ev.coverage.code];
    assumptions.push(
      say.assumption(
        "assumption.coverage",
        { ...ev.coverage.data, coverage: ev.coverage.code, sentence: ev.coverage.text },
        i ? { input: i } : {},
      ),
    );
  }
  for (const n of notes) {
    const input = n.code === "occupancy_default"
      ? { input: "occupancy", from: "default" }
      : n.code.startsWith("level")
      ? { input: "level", ...(level === undefined ? { from: "default" } : {}) }
      : n.code === "levels_not_for_work"
      ? { input: "work" }
      : {};
    assumptions.push(
      say.assumption(
        "assumption.scope_note",
        { ...n.data, note: n.code, sentence: scopeNoteText(n, pack) },
        input,
      ),
    );
  }
  for (const m of ev.methods) {
    assumptions.push(say.assumption("assumption.method", { sentence: m }));
  }
  const estimated = estimatedAssumption(ev);
  if (estimated) assumptions.push(estimated);
  const older = [
    ...new Set(
      pack.rules.filter((r) => r.source_edition && rulesRun.has(r.id)).map((r) =>
        r.source_edition!
      ),
    ),
  ];
  if (older.length) {
    assumptions.push(
      say.assumption("assumption.older_text", {
        pack_title: pack.title,
        edition: pack.edition,
        older,
      }),
    );
  }
  if (unverifiedFailing.size) {
    assumptions.push(
      say.assumption("assumption.unverified_failing", {
        rules: pack.rules.filter((r) => unverifiedFailing.has(r.id)).map(ruleRef),
      }),
    );
  }
  if (unverified.length) {
    assumptions.push(say.assumption("assumption.unverified", { rules: unverified.map(ruleRef) }));
  }
  if (ev.not_applicable.length) {
    assumptions.push(
      say.assumption("assumption.not_applicable", {
        rules: ev.not_applicable.map((n) => ({ id: n.rule.id, reason: n.reason })),
      }),
    );
  }

  return assumptions;
}

/** The verdict's code and data: what the sentence is made from. */
export function packVerdictCode(r: PackRun): { code: string; data: Record<string, unknown> } {
  const { checks, counts, pack, opts, scan, rulesRun, unverifiedFailing, ev } = r;
  const measured = counts.pass + counts.fail + counts.warn;
  const cov = ev.coverage;
  const base = {
    pack: pack.id,
    scan,
    occupancy: opts.occupancy,
    // Whether the pack governs the building (engines/geometry/rules/scope.ts), and the scope
    // notes the sentence makes.
    coverage: cov.code,
    coverage_status: cov.status,
    ...(cov.notes.length ? { scope_notes: cov.notes.map((n) => n.code) } : {}),
  };
  if (cov.status === "not_covered") {
    return { code: "verdict.not_covered", data: { ...base, ...cov.data } };
  }
  if (!checks.length) return { code: "verdict.no_rule_applies", data: base };
  if (measured === 0) {
    return { code: "verdict.none_measured", data: { ...base, checks: checks.length, ...counts } };
  }
  const failedRules = new Set(ev.outcomes.filter((o) => o.status === "fail").map((o) => o.rule.id));
  return {
    code: failedRules.size ? "verdict.rules_fail" : "verdict.no_rule_fails",
    data: {
      ...base,
      rules_run: rulesRun.size,
      rules_failed: [...failedRules],
      ...counts,
      unverified_failing: unverifiedFailing.size,
      // The sentence says first how many checks could not be judged.
      ...(counts.unknown ? { unjudged: counts.unknown } : {}),
    },
  };
}

/** The verdict sentence, worst first. */
export function packVerdictText(r: PackRun): string {
  const { checks, counts, pack, ev, opts, scan, rulesRun, unverifiedFailing } = r;
  const measured = counts.pass + counts.fail + counts.warn;
  let text: string;
  const cov = ev.coverage;
  if (cov.status === "not_covered") {
    text = `${cov.text} Scan ${scan} is not judged against ${pack.id}.`;
  } else if (!checks.length) {
    text = `No rule of ${pack.id} applies to scan ${scan} as a ${opts.occupancy} building.`;
  } else if (measured === 0) {
    text = `None of the ${checks.length} checks of ${pack.id} could be measured on scan ${scan}: ` +
      `the plan lacks the data (${counts.unknown} unknown).`;
  } else {
    // In plain words, worst first: what failed (by what it measures), what could not be
    // judged, what is too close to call, then what passed and against which pack.
    const failedRules = new Set(
      ev.outcomes.filter((o) => o.status === "fail").map((o) => o.rule.id),
    );
    const failedWhat = [
      ...new Set(
        ev.outcomes.filter((o) => o.status === "fail").map((o) => MEASURES[o.rule.measure].title),
      ),
    ];
    const parts = [
      failedRules.size
        ? `${failedRules.size} of ${rulesRun.size} rules fail (${
          failedWhat.join(", ")
        }: ${counts.fail} ${counts.fail === 1 ? "check" : "checks"})`
        : `no rule fails`,
      counts.unknown
        ? `${counts.unknown} ${counts.unknown === 1 ? "check" : "checks"} could not be judged (${
          cov.status === "unknown"
            ? "the plan lacks the data, or they wait on the coverage"
            : "the plan lacks the data"
        })`
        : "",
      counts.warn ? `${counts.warn} too close to call (measure on site)` : "",
      `${counts.pass} pass`,
    ].filter(Boolean);
    const sentence = parts.join("; ");
    text = `${
      capitalise(sentence)
    }. Checked against ${pack.title} (${pack.edition}) on scan ${scan}.`;
    if (unverifiedFailing.size) {
      text += ` ${unverifiedFailing.size} of the rules behind these findings are unverified.`;
    }
  }
  // The scope first when the pack may not govern the building; what was asked of it after.
  if (cov.status === "unknown" || cov.status === "guide") text = `${cov.text} ${text}`;
  else if (cov.code === "entry_level_only") text = `${text} ${cov.text}`;
  for (const n of cov.notes) {
    if (
      n.code === "level_by_condition" || n.code === "levels_not_for_work" ||
      n.code === "occupancy_default"
    ) {
      text += ` ${scopeNoteText(n, pack)}`;
    }
  }
  return text;
}

export function toCheck(o: RuleOutcome): Check {
  const r = o.rule;
  const unit = MEASURES[r.measure].unit;
  const notes: string[] = [];
  if (o.status === "warn") notes.push(o.estimated ? ESTIMATED_CLOSE : `${capitalise(TOO_CLOSE)}.`);
  if (o.via) notes.push(`Measured on ${o.via}.`);
  if (o.note) notes.push(o.note);
  if (r.status === "U") notes.push("Unverified rule: check it against the primary source.");
  return {
    id: o.subject ? `${r.id}:${o.subject.id}` : r.id,
    code: `measure.${r.measure}`,
    data: outcomeData(o),
    label: `${o.subject ? `${o.subject.name}: ` : ""}${r.title}`,
    status: o.status,
    ...(o.measured !== undefined ? { measured: o.measured } : {}),
    limit: o.limit ?? r.limit.si,
    unit,
    rule: {
      pack: r.pack,
      section: r.section,
      id: r.id,
      ...(r.status === "U" ? { unverified: true } : {}),
    },
    ...(o.subject ? { subject: o.subject.id } : {}),
    ...(notes.length ? { note: notes.join(" ") } : {}),
  };
}

/** A rule's outcome as data: the rule, what it was judged on, the numbers (SI). */
function outcomeData(o: RuleOutcome): Record<string, unknown> {
  return {
    rule: o.rule.id,
    section: o.rule.section,
    ...(o.subject ? { subject: o.subject.name, kind: o.subject.kind } : {}),
    ...(o.measured !== undefined ? { measured: o.measured } : {}),
    limit: o.limit ?? o.rule.limit.si,
    comparator: o.rule.comparator,
    ...(o.tolerance !== undefined ? { tolerance: o.tolerance } : {}),
    ...(o.limit_basis ? { limit_basis: o.limit_basis } : {}),
    ...(o.via ? { via: o.via } : {}),
    ...(o.estimated ? { estimated: o.estimated } : {}),
    ...(o.would_be ? { would_be: o.would_be } : {}),
    ...(o.rule.section_edition ? { section_edition: o.rule.section_edition } : {}),
  };
}

export function toFinding(o: RuleOutcome, pack: RulePack): Finding {
  const r = o.rule;
  const s = o.subject!;
  const unit = MEASURES[r.measure].unit;
  const what = MEASURES[r.measure].title;
  const value = formatValue(o.measured!, unit);
  const limit = o.limit !== undefined && Math.abs(o.limit - r.limit.si) > 1e-12
    ? `${formatValue(o.limit, unit)}${o.limit_basis ? `, ${o.limit_basis}` : ""}`
    : formatLimit(r.limit, unit);
  const bound = r.comparator === ">=" ? "minimum" : "maximum";
  const section = sectionLabel(r);
  const title = o.status === "fail"
    ? `${s.name}: ${what} ${value} ${STATUS_WORDS.fail} ${pack.id} ${section} (${bound} ${limit})`
    : `${s.name}: ${what} ${value} ${STATUS_WORDS.warn} ${pack.id} ${section} (${bound} ${limit})`;
  const detail = [
    `${r.title}: ${s.name} measures ${value}${
      o.via ? ` (${o.via})` : ""
    }; ${section} of ${pack.title} ${
      r.source_edition ? `${r.edition} (value from ${r.source_edition} text)` : r.edition
    } sets a ${bound} of ${limit}.`,
    o.status === "warn"
      ? o.estimated
        ? `The value is an estimate, ±${
          formatValue(o.tolerance!, unit)
        } with the scan's uncertainty: estimated — measure on site.`
        : `The scan's uncertainty here is ±${formatValue(o.tolerance!, unit)}: ${TOO_CLOSE}.`
      : "",
    o.note ?? "",
    r.note ?? "",
    r.status === "U"
      ? "This rule is unverified: check it against the primary source before relying on it."
      : "",
    `Source: ${r.citation}.`,
  ].filter(Boolean).join(" ");
  return {
    id: findingId("code_check", s.kind, s.id, r.id),
    code: o.status === "fail" ? "rule.fails" : "rule.too_close",
    data: { ...outcomeData(o), pack: pack.id, measure: r.measure },
    status: "open",
    severity: o.status === "fail" ? "fail" : "warn",
    title,
    detail,
    subject: s.id,
    overlays: [`${s.kind}:${s.id}`],
  };
}

export function subjectOverlays(plan: Plan, statuses: Map<string, Status[]>): Overlay[] {
  const rooms = new Map(plan.rooms.map((r) => [r.id, r]));
  const openings = new Map(plan.openings.map((o) => [o.id, o]));
  const verticals = new Map(plan.verticals.map((v) => [v.id, v]));
  const out: Overlay[] = [];
  for (const [key, list] of statuses) {
    const status = worstStatus(list);
    const cut = key.indexOf(":");
    const kind = key.slice(0, cut), id = key.slice(cut + 1);
    if (kind === "room") {
      const r = rooms.get(id)!;
      out.push({
        id: key,
        kind: "room",
        floor: r.floor,
        geometry: polygonGeometry(r.polygon),
        status,
        label: r.name ?? r.id,
      });
    } else if (kind === "opening") {
      const o = openings.get(id)!;
      out.push({
        id: key,
        kind: "opening",
        floor: o.floor,
        // A point at the door: openingSpan (its wall span) costs a wall search per door,
        // which dominated the 1,000-room benchmark.
        geometry: pointGeometry(o.at),
        status,
        label: o.id,
      });
    } else {
      const v = verticals.get(id)!;
      const room = v.rooms?.map((r) => rooms.get(r)).find((r) => r !== undefined);
      if (room) {
        out.push({
          id: key,
          kind: "room",
          floor: room.floor,
          geometry: polygonGeometry(room.polygon),
          status,
          label: v.id,
        });
      }
    }
  }
  return out;
}
