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
import { evaluatePack, OCCUPANCIES, WORKS } from "../../engines/geometry/rules/mod.ts";
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

export { resolvePack } from "./pack.ts";

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
        ask: `Which rule pack (${BUILTIN_PACK_IDS.join(", ")}, or a pack file's path)?`,
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
    ctx.step(
      `Done: ${counts.fail} fail, ${counts.warn} too close to call, ${counts.pass} pass, ${counts.unknown} unknown`,
    );
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
