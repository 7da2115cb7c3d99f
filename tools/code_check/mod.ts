/**
 * code_check: runs a rule pack (ADA 2010, IRC 2021, UK Approved Documents M and K, FHA, or a
 * person's own pack file) on a plan. A check per rule per subject, an unknown check for every
 * rule whose data the plan lacks, findings carrying the rule id and section, counts by status.
 * The rules and their measures are engines/geometry/rules/; the packs are data in
 * engines/geometry/packs/.
 */
import { ticker } from "../../ground/budget.ts";
import { InputError } from "../../ground/errors.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import {
  type Check,
  countStatuses,
  type Finding,
  type Status,
  worstStatus,
} from "../../core/result.ts";
import { BUILTIN_PACK_IDS } from "../../engines/geometry/packs.ts";
import {
  BUILDING_TYPES,
  evaluatePack,
  OCCUPANCIES,
  WORKS,
} from "../../engines/geometry/rules/mod.ts";
import { resolvePack } from "./pack.ts";
import {
  packAssumptions,
  packMetrics,
  type PackRun,
  packVerdictCode,
  packVerdictText,
  subjectOverlays,
  toCheck,
  toFinding,
} from "./report.ts";
import { named } from "../_shared/refs.ts";
import { say } from "./wording.ts";

export { resolvePack } from "./pack.ts";

export default named(tool({
  id: "code_check",
  title: "Code check",
  summary: "Which rules of a building code the building fails.",
  model_description:
    "Check one scan against a rule pack (ada-2010, irc-2021, uk-adm, fha, a pack file path, or a pack's JSON text): door clear widths (with the corridor they open from), thresholds, ceiling heights, room areas and least dimensions, corridor and kitchen clear widths, turning circles, clear floor space and clear depth at doors, egress windows, stair risers and goings, ramp slopes graded by going, ramp landings. Returns a verdict, counts by status, and a finding per failing or too-close-to-call rule and element, with the rule's section.",
  audience: ["inspector", "architect", "buyer", "wheelchair-user", "contractor"],
  subjects: ["rule pack", "building", "door", "window", "stair", "room"],
  questions: [
    "Is it ADA compliant?",
    "Check the house against the IRC",
    "Does it meet Part M, M4(2)?",
    "Which rules of the Fair Housing Act does it fail?",
    "Building code violations?",
    "Can you get out through the windows in an emergency (egress windows)?",
    "Stair rise and going, ramp slopes and landings against the rules",
    "Which sections of the code does it fail?",
    "Does the house meet the building regulations?",
    "Are the ramps too steep for the code?",
    "Accessibility review against the Fair Housing Act",
  ],
  examples: [{ pack: "ada-2010" }, { pack: "irc-2021" }],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    pack: z.string().min(1).meta({
      ...fill.preference("rules.pack", {
        ask: `Which rule pack (${BUILTIN_PACK_IDS.join(", ")}, or a file)?`,
        label: "rule pack",
      }),
      scope: true,
    }),
    occupancy: z.enum(OCCUPANCIES).optional().meta({
      scope: true,
      description:
        "Check as a dwelling or a public building; when left out, the pack's own default.",
    }),
    work: z.enum(WORKS).default("new").meta({
      scope: true,
      label: "kind of work",
      description:
        "New construction, work on an existing building (some rules relax for it; UK M4 does not apply), or a material change of use.",
    }),
    level: z.string().min(1).optional().meta({
      scope: true,
      description:
        "For packs with levels (uk-adm: M4(1), M4(2), M4(3)); when left out, the pack's default.",
    }),
    units: z.number().int().min(1).max(100000).optional().meta({
      label: "dwelling units in the building",
      description:
        "How many dwelling units the building has, where known: the FHA pack covers buildings of 4 or more.",
    }),
    building: z.enum(BUILDING_TYPES).optional().meta({
      label: "kind of building",
      description:
        "The kind of building, where known: detached, townhouse, or a building of flats (multifamily); the FHA covers only the last, the IRC only the first two.",
    }),
    lift: z.boolean().optional().meta({
      label: "the building has a lift",
      description:
        "Whether the building has a lift (elevator), where known: FHA covers every unit of a building with one, only ground-floor units without.",
    }),
    unit_floor: z.enum(["ground", "upper"]).optional().meta({
      label: "floor of the unit",
      description:
        "Whether the dwelling unit is on the building's ground floor or above it, where known (FHA, a building without a lift).",
    }),
    first_occupied: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().meta({
      label: "date first occupied",
      description:
        "When the building was first occupied (yyyy-mm-dd), where known: the FHA covers buildings first occupied after 1991-03-13.",
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
  run(
    ctx,
    {
      scan,
      pack: packInput,
      occupancy,
      work,
      level,
      units,
      building,
      lift,
      unit_floor,
      first_occupied,
    },
  ) {
    const given = packInput.trimStart().startsWith("{");
    ctx.step(say.step("step.loading", { ...(given ? {} : { pack: packInput }), given }));
    const pack = resolvePack(packInput, "pack", (path) => ctx.readText(path, "pack", "pack file"));
    if (level !== undefined && !pack.levels?.includes(level)) {
      throw new InputError(
        "level",
        pack.levels
          ? `${JSON.stringify(level)} is not a level of ${pack.id}; its levels: ${
            pack.levels.join(", ")
          }`
          : `${pack.id} has no levels; leave level out`,
        {
          code: pack.levels ? "pack.unknown_level" : "pack.no_levels",
          data: { pack: pack.id, got: level, allowed: pack.levels ?? [] },
        },
      );
    }
    const plan = ctx.plan(scan);
    const opts = {
      occupancy: occupancy ?? pack.default_occupancy,
      work,
      level,
      ...(units !== undefined ? { units } : {}),
      ...(occupancy === undefined ? { occupancy_default: true } : {}),
      ...(building !== undefined ? { building } : {}),
      ...(lift !== undefined ? { lift } : {}),
      ...(unit_floor !== undefined ? { unit_floor } : {}),
      ...(first_occupied !== undefined ? { first_occupied } : {}),
    };
    ctx.step(say.step("step.checking", { rules: pack.rules.length, pack_title: pack.title, scan }));
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
    const run: PackRun = {
      pack,
      ev,
      scan,
      opts,
      derived,
      occupancy,
      level,
      units,
      checks,
      counts,
      rulesRun,
      unverified,
      unverifiedFailing,
    };
    const metrics = packMetrics(run);
    const assumptions = packAssumptions(run);
    const status = worstStatus(checks.map((c) => c.status));
    const text = packVerdictText(run);
    ctx.step(say.step("step.done", {
      fail: counts.fail,
      warn: counts.warn,
      pass: counts.pass,
      unknown: counts.unknown,
    }));
    return {
      verdict: { status, ...packVerdictCode(run), text },
      metrics,
      checks,
      findings,
      overlays,
      assumptions,
      data: {
        pack: { id: pack.id, title: pack.title, edition: pack.edition },
        options: ev.options,
        coverage: { status: ev.coverage.status, code: ev.coverage.code, data: ev.coverage.data },
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
