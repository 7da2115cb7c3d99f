/**
 * door_clearance: every door's and opening's clear width against what the person needs. With
 * their chair's width (a preference, a persona or --set; never a default), that is the chair
 * plus a side margin, and a standard's minimum (default ADA 2010 §404.2.3, 32 in / 815 mm) is
 * a separate check beside it; without a chair, the standard's minimum is the need. A door with only its leaf width is
 * estimated (clearance.ts: leaf less 2 3/8 in, 60 mm, for the open leaf and stop, FHA Design Manual), and the
 * estimate becomes an assumption.
 */
import { fill, tool, z } from "../../core/manifest.ts";
import {
  type Check,
  type Finding,
  judge,
  JUDGED_BLOCKS,
  judgedCheck,
  openFinding,
  type Overlay,
  subjectOverlay,
  worstStatus,
} from "../../core/result.ts";
import {
  clearWidthTolerance_m,
  DOOR_LEAF_AND_STOP_TEXT,
  doorClearWidth,
  leafEstimateErrorText,
  openingSpan,
} from "../../engines/geometry/clearance.ts";
import { lineGeometry } from "../../engines/geometry/geojson.ts";
import { planNames } from "../../ground/names.ts";
import { chair_width_optional_m, min_clear_width_m, side_margin_m } from "../_access/inputs.ts";
import { named } from "../_shared/refs.ts";
import { ticker } from "../../ground/budget.ts";
import { doorMetrics, finding as findingWords, type Need, say, type Tally } from "./wording.ts";
import type { Opening, Plan } from "../../ground/plan.ts";
import { round } from "../../ground/text.ts";

export default named(tool({
  id: "door_clearance",
  title: "Door clearance",
  summary: "Doors too narrow for your chair or for the standard.",
  model_description:
    "Check every door and opening's clear width in one scan against what a wheelchair or walker user needs (metres): the larger of a minimum clear width and the chair width plus a margin. Returns a verdict and a finding per door that is too narrow or too close to call.",
  audience: ["wheelchair-user", "mobility-aid-user", "buyer", "inspector", "mover"],
  subjects: ["person", "door"],
  questions: [
    "Which doors are too narrow for my wheelchair?",
    "Are the doorways wide enough for my chair?",
    "Door clear widths under 32 inches",
    "Will my walker fit through the doors?",
    "How wide are the doors?",
    "Check every door's clear width against 815 mm",
    "What are the door widths?",
    "Is every doorway wide enough for a mobility scooter?",
    "Doors narrower than 80 cm clear",
  ],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    chair_width_m: chair_width_optional_m,
    side_margin_m,
    min_clear_width_m,
  }),
  requires: [{ layer: "plan.doors" }],
  blocks: JUDGED_BLOCKS,
  draws: ["opening"],
  read_only: true,
  run(ctx, { scan, chair_width_m, side_margin_m, min_clear_width_m }) {
    const plan = ctx.plan(scan);
    const doors = plan.openings.filter((o) => o.kind !== "window");
    const names = planNames(plan);
    // With a chair, the person's need is their chair plus the margin beside it, and the
    // standard's minimum is a separate check; without one, the standard is the need.
    const mine = chair_width_m !== undefined;
    const need: Need = {
      need_m: mine ? round(chair_width_m + side_margin_m, 6) : min_clear_width_m,
      ...(mine ? { chair_m: chair_width_m } : {}),
      margin_m: side_margin_m,
      standard: "ADA 2010 §404.2.3",
      min_m: min_clear_width_m,
    };
    ctx.step(say.step("step.checking", { ...need, doors: doors.length }));
    if (mine) ctx.step(say.step("step.standard_aside", need));
    const checks: Check[] = [];
    const findings: Finding[] = [];
    const overlays: Overlay[] = [];
    const estimated: string[] = [];
    let narrowest: { w: number; id: string } | undefined;
    let belowStandard = 0;
    const tick = ticker(64);
    for (const o of doors) {
      tick();
      const name = names.opening.get(o.id) ?? o.id;
      const d = judgeDoor(plan, o, name, need);
      checks.push(...d.checks);
      overlays.push(d.overlay);
      if (d.finding) findings.push(d.finding);
      if (d.estimated) estimated.push(name);
      if (d.below_standard) belowStandard++;
      if (!narrowest || d.clear_m < narrowest.w) narrowest = { w: d.clear_m, id: name };
    }
    const mineChecks = checks.filter((c) => c.code === "door.clear_width");
    const fails = mineChecks.filter((c) => c.status === "fail").length;
    const warns = mineChecks.filter((c) => c.status === "warn").length;
    const metrics = doorMetrics(need, {
      doors: mineChecks.length,
      fails,
      warns,
      below_standard: belowStandard,
      narrowest_m: narrowest?.w ?? null,
    });
    const assumptions = estimated.length
      ? [say.assumption("assumption.estimated", {
        doors: estimated,
        leaf_and_stop: DOOR_LEAF_AND_STOP_TEXT,
        error: leafEstimateErrorText(),
      })]
      : [];
    const status = worstStatus(mineChecks.map((c) => c.status));
    ctx.step(say.step("step.done", { fails, warns }));
    if (!narrowest) {
      return {
        verdict: say.verdict("unknown", "verdict.no_doors", { scan }),
        metrics,
        checks,
        findings,
        overlays,
        assumptions,
      };
    }
    const tally: Tally = {
      ...need,
      doors: mineChecks.length,
      fails,
      warns,
      narrowest: narrowest.id,
      narrowest_m: narrowest.w,
      below_standard: belowStandard,
    };
    const code = status === "fail"
      ? "verdict.too_narrow"
      : status === "warn"
      ? "verdict.too_close"
      : "verdict.all_clear";
    return {
      verdict: say.verdict(status, code, tally),
      metrics,
      checks,
      findings,
      overlays,
      assumptions,
    };
  },
}));

const RULE = { pack: "ada-2010", section: "404.2.3" };

/**
 * One door judged: its clear width (stated or estimated, engines/geometry/clearance.ts) against
 * the need under the uncertainty rule, and with a chair the standard's minimum as a check
 * aside; the overlay in the check's status, and a finding when it does not plainly pass.
 */
function judgeDoor(plan: Plan, o: Opening, name: string, need: Need) {
  const mine = need.chair_m !== undefined;
  const cw = doorClearWidth(o);
  const w = cw.clear_width_m;
  // An estimate from the leaf is judged within its own bound on top of the scan's.
  const tol = clearWidthTolerance_m(plan, o, w);
  const data = {
    door: name,
    clear_m: w,
    estimated: cw.estimated,
    basis: cw.basis_code,
    tolerance_m: tol,
    ...(cw.error_m !== undefined ? { error_m: cw.error_m } : {}),
    ...need,
  };
  const check = judgedCheck({
    id: `clear_width:${o.id}`,
    code: "door.clear_width",
    data,
    label: say("check.clear_width", { door: name, mine, estimated: cw.estimated }),
    measured: w,
    comparator: ">=",
    limit: need.need_m,
    tolerance: tol,
    unit: "m",
    subject: o.id,
    ...(!mine ? { rule: RULE } : {}),
  });
  check.note = say("note.clear_width", {
    basis: cw.basis,
    status: check.status,
    estimated: cw.estimated,
  });
  const checks: Check[] = [check];
  const std = mine ? judge(w, ">=", need.min_m, tol) : undefined;
  if (std !== undefined) {
    checks.push({
      id: `meets_standard:${o.id}`,
      code: "door.meets_standard",
      data: { door: name, clear_m: w, standard: need.standard, min_m: need.min_m },
      label: say("check.meets_standard", { ...need, door: name, status: std }),
      status: std,
      measured: w,
      limit: need.min_m,
      unit: "m",
      subject: o.id,
      rule: RULE,
      aside: true,
    });
  }
  const overlay = subjectOverlay(check.status, {
    id: `opening:${o.id}`,
    kind: "opening",
    floor: o.floor,
    geometry: lineGeometry(openingSpan(plan, o)),
    label: say("overlay.door", { door: name, clear_m: w }),
  });
  const finding = check.status === "pass" ? undefined : openFinding({
    tool: "door_clearance",
    kind: "door",
    id: o.id,
    status: check.status,
    ...findingWords(check.status === "fail" ? "door.too_narrow" : "door.too_close", {
      ...data,
      ...(std !== undefined ? { standard_status: std } : {}),
    }),
    subject: o.id,
    overlays: [overlay.id],
  });
  return {
    checks,
    overlay,
    finding,
    estimated: cw.estimated,
    clear_m: w,
    below_standard: std !== undefined && std !== "pass",
  };
}
