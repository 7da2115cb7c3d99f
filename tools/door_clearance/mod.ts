/**
 * door_clearance: every door's and opening's clear width against what the person needs. With
 * their chair's width (a preference, a persona or --set; never a default), that is the chair
 * plus a side margin, and a standard's minimum (default ADA 2010 §404.2.3, 32 in / 815 mm) is
 * a separate check beside it; without a chair, the standard's minimum is the need. A door with only its leaf width is
 * estimated (clearance.ts: leaf less 2 3/8 in, 60 mm, for the open leaf and stop, FHA Design Manual), and the
 * estimate becomes an assumption.
 */
import { fill, tool, z } from "../../core/manifest.ts";
import { tolerance_m } from "../../ground/plan.ts";
import {
  type Check,
  type Finding,
  fmtM,
  judge,
  JUDGED_BLOCKS,
  type Metric,
  openFinding,
  type Overlay,
  TOO_CLOSE,
  worstStatus,
} from "../../core/result.ts";
import {
  DOOR_LEAF_AND_STOP_TEXT,
  doorClearWidth,
  openingSpan,
} from "../../engines/geometry/clearance.ts";
import { lineGeometry } from "../../engines/geometry/geojson.ts";
import { planNames } from "../../ground/names.ts";
import { chair_width_optional_m, min_clear_width_m, side_margin_m } from "../_access/inputs.ts";
import { named } from "../_shared/refs.ts";
import { ticker } from "../../ground/budget.ts";
import { capitalise } from "../../ground/text.ts";

export default named(tool({
  id: "door_clearance",
  title: "Door clearance",
  summary: "Doors too narrow for your chair or for the standard.",
  model_description:
    "Check every door and opening's clear width in one scan against what a wheelchair or walker user needs (metres): the larger of a minimum clear width and the chair width plus a margin. Returns a verdict and a finding per door that is too narrow or too close to call.",
  audience: ["wheelchair-user", "mobility-aid-user", "buyer", "inspector", "mover"],
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
    const need_m = mine
      ? Math.round((chair_width_m + side_margin_m) * 1e6) / 1e6
      : min_clear_width_m;
    const standard = `ADA 2010 §404.2.3`;
    const why = mine
      ? `your ${fmtM(chair_width_m)} chair plus ${fmtM(side_margin_m)} beside it`
      : `the minimum clear width, ${standard}`;
    ctx.step(`Checking ${doors.length} doors and openings against ${fmtM(need_m, 3)} (${why})`);
    if (mine) {
      ctx.step(`And each against ${standard}'s ${fmtM(min_clear_width_m, 3)}, as a separate check`);
    }
    const checks: Check[] = [];
    const findings: Finding[] = [];
    const overlays: Overlay[] = [];
    const estimated: string[] = [];
    const estimatedNames: string[] = [];
    let narrowest: { w: number; id: string } | undefined;
    let belowStandard = 0;
    const tick = ticker(64);
    for (const o of doors) {
      tick();
      const cw = doorClearWidth(o);
      const w = cw.clear_width_m;
      if (cw.estimated) estimated.push(o.id);
      const name = names.opening.get(o.id) ?? o.id;
      if (cw.estimated) estimatedNames.push(name);
      if (!narrowest || w < narrowest.w) narrowest = { w, id: name };
      const tol = tolerance_m(plan, w);
      const status = judge(w, ">=", need_m, tol);
      checks.push({
        id: `clear_width:${o.id}`,
        label: `${name}: clear width${mine ? " for your chair" : ""}${
          cw.estimated ? " (estimated)" : ""
        }`,
        status,
        measured: w,
        limit: need_m,
        unit: "m",
        subject: o.id,
        ...(!mine ? { rule: { pack: "ada-2010", section: "404.2.3" } } : {}),
        note: status === "warn" ? `${TOO_CLOSE}; ${cw.basis}` : cw.basis,
      });
      let std: ReturnType<typeof judge> | undefined;
      if (mine) {
        std = judge(w, ">=", min_clear_width_m, tol);
        if (std !== "pass") belowStandard++;
        checks.push({
          id: `meets_standard:${o.id}`,
          label: `${name}: meets ${standard} (${fmtM(min_clear_width_m, 3)})? ${
            std === "pass" ? "yes" : std === "fail" ? "no" : "too close to call"
          }`,
          status: std,
          measured: w,
          limit: min_clear_width_m,
          unit: "m",
          subject: o.id,
          rule: { pack: "ada-2010", section: "404.2.3" },
          aside: true,
        });
      }
      const overlayId = `opening:${o.id}`;
      overlays.push({
        id: overlayId,
        kind: "opening",
        floor: o.floor,
        geometry: lineGeometry(openingSpan(plan, o)),
        status,
        label: `${name} ${fmtM(w)}`,
      });
      if (status !== "pass") {
        findings.push(openFinding({
          tool: "door_clearance",
          kind: "door",
          id: o.id,
          status,
          title: status === "fail"
            ? `${capitalise(name)} is too narrow${mine ? " for your chair" : ""}`
            : `${capitalise(name)} is too close to call`,
          detail:
            `${capitalise(name)} is ${fmtM(w)} clear${
              cw.estimated ? " (estimated from its width)" : ""
            }; ${fmtM(need_m, 3)} needed (${why})` + (status === "warn" ? ` (${TOO_CLOSE})` : "") +
            (std !== undefined
              ? `. Meets ${standard} (${fmtM(min_clear_width_m, 3)}): ${
                std === "pass" ? "yes" : std === "fail" ? "no" : "too close to call"
              }`
              : "") +
            ".",
          subject: o.id,
          overlays: [overlayId],
        }));
      }
    }
    const mineChecks = checks.filter((c) => c.id.startsWith("clear_width:"));
    const fails = mineChecks.filter((c) => c.status === "fail").length;
    const warns = mineChecks.filter((c) => c.status === "warn").length;
    const metrics: Metric[] = [
      { id: "doors_checked", label: "Doors and openings checked", value: mineChecks.length },
      { id: "doors_too_narrow", label: "Too narrow", value: fails },
      { id: "doors_too_close", label: "Too close to call", value: warns },
      { id: "needed_clear_width_m", label: "Clear width needed", value: need_m, unit: "m" },
      ...(mine
        ? [{
          id: "doors_below_standard",
          label: `Below ${standard} (${fmtM(min_clear_width_m, 3)}) or too close`,
          value: belowStandard,
        }]
        : []),
      {
        id: "narrowest_clear_width_m",
        label: "Narrowest clear width",
        value: narrowest?.w ?? null,
        unit: "m",
      },
    ];
    const assumptions = estimated.length
      ? [{
        text:
          `${estimated.length} door(s) state only their leaf width, so their clear width is estimated as the leaf less ${DOOR_LEAF_AND_STOP_TEXT}; ADA 404.2.3 measures face of door to stop: ${
            estimatedNames.join(", ")
          }.`,
      }]
      : [];
    const status = worstStatus(mineChecks.map((c) => c.status));
    const you = mine ? "your chair needs" : `${standard} asks`;
    let text: string;
    if (!mineChecks.length) {
      text = `Scan ${scan} records no doors or openings to check.`;
    } else if (status === "fail") {
      text =
        `${fails} of ${mineChecks.length} doors are narrower than the ${
          fmtM(need_m, 3)
        } ${you}; the narrowest is ${narrowest!.id} at ${fmtM(narrowest!.w)}` +
        (warns ? `, and ${warns} are too close to call` : "") + ".";
    } else if (status === "warn") {
      text = `${warns} of ${mineChecks.length} doors are within the scan's uncertainty of the ${
        fmtM(need_m, 3)
      } ${you}: measure them on site.`;
    } else {
      text = `${
        mineChecks.length === 1 ? "The only door gives" : `All ${mineChecks.length} doors give`
      } at least the ${fmtM(need_m, 3)} ${you}; the narrowest is ${narrowest!.id} at ${
        fmtM(narrowest!.w)
      }.`;
    }
    if (mine && mineChecks.length) {
      text += belowStandard
        ? ` Separately, ${belowStandard} of ${mineChecks.length} do not clearly meet ${standard} (${
          fmtM(min_clear_width_m, 3)
        }).`
        : ` All meet ${standard} (${fmtM(min_clear_width_m, 3)}).`;
    }
    ctx.step(`Done: ${fails} too narrow, ${warns} too close to call`);
    return {
      verdict: { status: mineChecks.length ? status : "unknown", text },
      metrics,
      checks,
      findings,
      overlays,
      assumptions,
    };
  },
}));
