/**
 * code_check: runs a rule pack (ADA 2010, IRC 2021, UK Approved Documents M and K, FHA, or a
 * person's own pack file) on a plan. A check per rule per subject, an unknown check for every
 * rule whose data the plan lacks, findings carrying the rule id and section, counts by status.
 * The rules and their measures are engines/geometry/rules.ts; the packs are data in
 * engines/geometry/packs/.
 */
import { ticker } from "../../engines/budget.ts";
import { InputError } from "../../core/errors.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import type { Plan } from "../../core/plan.ts";
import {
  type Check,
  countStatuses,
  type Finding,
  findingId,
  type Metric,
  type Overlay,
  type Status,
  TOO_CLOSE,
  worstStatus,
} from "../../core/result.ts";
import { pointGeometry, polygonGeometry } from "../../engines/geometry/geojson.ts";
import { BUILTIN_PACK_IDS, builtinPack } from "../../engines/geometry/packs.ts";
import {
  evaluatePack,
  formatLimit,
  formatValue,
  MEASURES,
  OCCUPANCIES,
  parsePack,
  type RuleOutcome,
  type RulePack,
  WORKS,
} from "../../engines/geometry/rules/mod.ts";
import { named } from "../_shared/refs.ts";

/**
 * Resolves the `pack` input: a built-in pack id, the JSON text of a pack, or the path of a
 * person's pack file, whose text `read` gives (the run's `ctx.readText`: the tool reads no
 * file). A bad pack is an InputError naming the input, the rule and the field.
 */
export function resolvePack(
  value: string,
  input = "pack",
  read?: (path: string) => string,
): RulePack {
  const builtin = builtinPack(value);
  if (builtin) return builtin;
  const text = value.trimStart();
  let raw: string;
  let from: string;
  if (text.startsWith("{")) {
    raw = value;
    from = "the pack JSON given";
  } else if (/\.json$/i.test(value) || value.includes("/") || value.includes("\\")) {
    if (!read) {
      throw new InputError(input, `${value} is a file path; give the pack's JSON text instead`);
    }
    raw = read(value);
    from = value;
  } else {
    throw new InputError(
      input,
      `no rule pack ${JSON.stringify(value)}; built-in packs: ${
        BUILTIN_PACK_IDS.join(", ")
      }; or give the path of a pack JSON file`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (e) {
    throw new InputError(input, `${from} is not valid JSON: ${(e as Error).message}`);
  }
  return parsePack(data, input);
}

const STATUS_WORDS: Record<string, string> = {
  fail: "fails",
  warn: "is too close to call against",
};

export default named(tool({
  id: "code_check",
  title: "Code check",
  summary: "Which rules of a building code the building fails.",
  model_description:
    "Check one scan against a rule pack (ada-2010, irc-2021, uk-adm, fha, a pack file path, or a pack's JSON text): door clear widths (with the corridor they open from), thresholds, ceiling heights, room areas and least dimensions, corridor and kitchen clear widths, turning circles, clear floor space and clear depth at doors, egress windows, stair risers and goings, ramp slopes graded by going, ramp landings. Returns a verdict, counts by status, and a finding per failing or too-close-to-call rule and element, with the rule's section.",
  audience: ["inspector", "architect", "buyer", "wheelchair-user", "contractor"],
  examples: [{ pack: "ada-2010" }, { pack: "irc-2021" }],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    pack: z.string().min(1).meta(
      fill.preference("rules.pack", {
        ask: `Which rule pack should the building be checked against (${
          BUILTIN_PACK_IDS.join(", ")
        }, or the path of a pack file)?`,
        label: "rule pack",
      }),
    ),
    occupancy: z.enum(OCCUPANCIES).optional().meta({
      description:
        "Check as a dwelling or a public building; when left out, the pack's own default.",
    }),
    work: z.enum(WORKS).default("new").meta({
      label: "kind of work",
      description: "New construction, or an existing building (some rules relax for it).",
    }),
    level: z.string().min(1).optional().meta({
      description:
        "For packs with levels (uk-adm: M4(1), M4(2), M4(3)); when left out, the pack's default.",
    }),
    units: z.number().int().min(1).max(100000).optional().meta({
      label: "dwelling units in the building",
      description:
        "How many dwelling units the building has, where known: the FHA pack covers buildings of 4 or more.",
    }),
  }),
  requires: [
    { layer: "plan.rooms", optional: true, why: "room rules" },
    { layer: "plan.openings", optional: true, why: "door and window rules" },
    { layer: "plan.verticals", optional: true, why: "stair and ramp rules" },
  ],
  blocks: [
    "VerdictHeader",
    "MetricGrid",
    "CheckList",
    "FindingList",
    "AssumptionList",
    "PlanView",
    "StepLog",
  ],
  draws: ["room", "opening"],
  read_only: true,
  run(ctx, { scan, pack: packInput, occupancy, work, level, units }) {
    ctx.step(`Loading rule pack ${packInput.trimStart().startsWith("{") ? "(given)" : packInput}`);
    const pack = resolvePack(packInput, "pack", (path) => ctx.readText(path, "pack", "pack file"));
    if (level !== undefined && !pack.levels?.includes(level)) {
      throw new InputError(
        "level",
        pack.levels
          ? `${JSON.stringify(level)} is not a level of ${pack.id}; its levels: ${
            pack.levels.join(", ")
          }`
          : `${pack.id} has no levels; leave level out`,
      );
    }
    const plan = ctx.plan(scan);
    const opts = {
      occupancy: occupancy ?? pack.default_occupancy,
      work,
      level,
      ...(units !== undefined ? { units } : {}),
    };
    ctx.step(`Checking ${pack.rules.length} rules of ${pack.title} on scan ${scan}`);
    // A room the importer derived (not in the source) is not judged (design.md: say so).
    const derived = plan.rooms.filter((r) => r.derived);
    const ev = evaluatePack(
      pack,
      derived.length ? { ...plan, rooms: plan.rooms.filter((r) => !r.derived) } : plan,
      opts,
    );
    ctx.throwIfCancelled();

    const checks: Check[] = [];
    const findings: Finding[] = [];
    const subjectStatus = new Map<string, Status[]>();
    const tick = ticker(256);
    for (const o of ev.outcomes) {
      tick();
      checks.push(toCheck(o));
      if (o.subject) {
        const key = `${o.subject.kind}:${o.subject.id}`;
        const l = subjectStatus.get(key) ?? [];
        l.push(o.status);
        subjectStatus.set(key, l);
      }
      if ((o.status === "fail" || o.status === "warn") && o.subject) {
        findings.push(toFinding(o, pack));
      }
    }
    const overlays = subjectOverlays(plan, subjectStatus);
    const drawn = new Set(overlays.map((o) => o.id));
    for (const f of findings) f.overlays = f.overlays?.filter((id) => drawn.has(id));
    const counts = countStatuses(checks);
    const rulesRun = new Set(ev.outcomes.map((o) => o.rule.id));
    const unverified = pack.rules.filter((r) => r.status === "U" && rulesRun.has(r.id));
    const unverifiedFailing = new Set(
      ev.outcomes.filter((o) =>
        o.rule.status === "U" && (o.status === "fail" || o.status === "warn")
      )
        .map((o) => o.rule.id),
    );
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

    const assumptions = [];
    for (const r of derived) {
      assumptions.push({ text: `Not judged: ${r.name ?? r.id} (${r.derived}).` });
    }
    if (occupancy === undefined) {
      assumptions.push({
        text: `Checked as a ${opts.occupancy} building: the default of ${pack.id}.`,
        input: "occupancy",
        from: "default",
      });
    }
    if (level === undefined && ev.options.level !== undefined) {
      assumptions.push({
        text: `Checked at level ${ev.options.level}: the default of ${pack.id}.`,
        input: "level",
        from: "default",
      });
    }
    if (pack.scope && !pack.scope.occupancy.includes(opts.occupancy)) {
      assumptions.push({
        text: `${pack.title} governs ${pack.scope.buildings}; it does not govern a ${
          opts.occupancy === "dwelling" ? "private home" : `${opts.occupancy} building`
        }, so this check was run on request, as a guide only.`,
        input: "occupancy",
      });
    } else if (pack.scope?.min_units !== undefined && units === undefined) {
      assumptions.push({
        text:
          `${pack.title} covers ${pack.scope.buildings}, in buildings of ${pack.scope.min_units} ` +
          "or more dwelling units; the plan does not say how many this building has, so it is " +
          "taken to be covered (give units to say).",
        input: "units",
        from: "default",
      });
    }
    for (const m of ev.methods) assumptions.push({ text: m });
    const older = [
      ...new Set(
        pack.rules.filter((r) => r.source_edition && rulesRun.has(r.id)).map((r) =>
          r.source_edition!
        ),
      ),
    ];
    if (older.length) {
      assumptions.push({
        text: `${pack.title} ${pack.edition}: the values were checked against ${
          older.join(", ")
        } text, not the ${pack.edition} edition itself.`,
      });
    }
    if (unverifiedFailing.size) {
      assumptions.push({
        text: `The verdict rests in part on unverified rule(s): ${
          pack.rules.filter((r) => unverifiedFailing.has(r.id)).map((r) => `${r.id} (${r.section})`)
            .join(", ")
        }; check them against the primary source before relying on their findings.`,
      });
    }
    if (unverified.length) {
      assumptions.push({
        text:
          `${unverified.length} rule(s) are unverified (not yet checked against the primary source): ${
            unverified.map((r) => `${r.id} (${r.section})`).join(", ")
          }.`,
      });
    }
    if (ev.not_applicable.length) {
      assumptions.push({
        text: `${ev.not_applicable.length} rule(s) do not apply here: ${
          ev.not_applicable.map((n) => `${n.rule.id} (${n.reason})`).join("; ")
        }.`,
      });
    }

    const status = worstStatus(checks.map((c) => c.status));
    const measured = counts.pass + counts.fail + counts.warn;
    let text: string;
    if (!checks.length) {
      text = `No rule of ${pack.id} applies to scan ${scan} as a ${opts.occupancy} building.`;
    } else if (measured === 0) {
      text =
        `None of the ${checks.length} checks of ${pack.id} could be measured on scan ${scan}: ` +
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
          ? `${counts.unknown} ${
            counts.unknown === 1 ? "check" : "checks"
          } could not be judged (the plan lacks the data)`
          : "",
        counts.warn ? `${counts.warn} too close to call (measure on site)` : "",
        `${counts.pass} pass`,
      ].filter(Boolean);
      const sentence = parts.join("; ");
      text = `${sentence[0].toUpperCase()}${
        sentence.slice(1)
      }. Checked against ${pack.title} (${pack.edition}) on scan ${scan}.`;
      if (unverifiedFailing.size) {
        text += ` ${unverifiedFailing.size} of the rules behind these findings are unverified.`;
      }
    }
    ctx.step(
      `Done: ${counts.fail} fail, ${counts.warn} too close to call, ${counts.pass} pass, ${counts.unknown} unknown`,
    );
    return {
      verdict: { status, text },
      metrics,
      checks,
      findings,
      overlays,
      assumptions,
      data: {
        pack: { id: pack.id, title: pack.title, edition: pack.edition },
        options: ev.options,
        counts,
        not_applicable: ev.not_applicable.map((n) => ({
          rule: n.rule.id,
          section: n.rule.section,
          reason: n.reason,
        })),
      },
    };
  },
}));

/**
 * Each pack measures a door's clear width by its own rule: the clearance engine's estimate
 * names ADA's, so a note under another pack names that pack's rule instead (reference
 * rules-and-sun.md: ADM Vol 1 Table 1.1, door stop to the open door on the hinge side; IRC
 * R311.2, face of the door to the stop with the door open 90°).
 */
const MEASURING_RULES: Record<string, string> = {
  "uk-adm":
    "an estimate; ADM Vol 1 Table 1.1 measures from the door stop to the open door on the hinge side",
  "irc-2021":
    "an estimate; IRC R311.2 measures from the face of the door to the stop, the door open 90°",
};
function packMeasuringRule(note: string, pack: string): string {
  const rule = MEASURING_RULES[pack];
  if (!rule) return note;
  return note.replace("(ADA 404.2.3 measuring rule)", `(${rule})`).replace(
    /\(FHA Design Manual: [^)]*\)/,
    `(${rule})`,
  );
}

function toCheck(o: RuleOutcome): Check {
  const r = o.rule;
  const unit = MEASURES[r.measure].unit;
  const notes: string[] = [];
  if (o.status === "warn") notes.push(`${capital(TOO_CLOSE)}.`);
  if (o.via) notes.push(`Measured on ${o.via}.`);
  if (o.note) notes.push(packMeasuringRule(o.note, r.pack));
  if (r.status === "U") notes.push("Unverified rule: check it against the primary source.");
  return {
    id: o.subject ? `${r.id}:${o.subject.id}` : r.id,
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

function toFinding(o: RuleOutcome, pack: RulePack): Finding {
  const r = o.rule;
  const s = o.subject!;
  const unit = MEASURES[r.measure].unit;
  const what = MEASURES[r.measure].title;
  const value = formatValue(o.measured!, unit);
  const limit = o.limit !== undefined && Math.abs(o.limit - r.limit.si) > 1e-12
    ? `${formatValue(o.limit, unit)}${o.limit_basis ? `, ${o.limit_basis}` : ""}`
    : formatLimit(r.limit, unit);
  const bound = r.comparator === ">=" ? "minimum" : "maximum";
  const title = o.status === "fail"
    ? `${s.name}: ${what} ${value} ${STATUS_WORDS.fail} ${pack.id} ${r.section} (${bound} ${limit})`
    : `${s.name}: ${what} ${value} ${STATUS_WORDS.warn} ${pack.id} ${r.section} (${bound} ${limit})`;
  const detail = [
    `${r.title}: ${s.name} measures ${value}${
      o.via ? ` (${o.via})` : ""
    }; ${r.section} of ${pack.title} ${
      r.source_edition ? `${r.edition} (value from ${r.source_edition} text)` : r.edition
    } sets a ${bound} of ${limit}.`,
    o.status === "warn"
      ? `The scan's uncertainty here is ±${formatValue(o.tolerance!, unit)}: ${TOO_CLOSE}.`
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
    status: "open",
    severity: o.status === "fail" ? "fail" : "warn",
    title,
    detail,
    subject: s.id,
    overlays: [`${s.kind}:${s.id}`],
  };
}

function subjectOverlays(plan: Plan, statuses: Map<string, Status[]>): Overlay[] {
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

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
