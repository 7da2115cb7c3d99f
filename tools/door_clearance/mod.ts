/**
 * door_clearance: every door's and opening's clear width against what the person needs: the
 * larger of a minimum (default ADA 2010 §404.2.3, 32 in / 815 mm) and their chair width
 * (default ADA §305.3, 760 mm) plus a side margin. A door with only its leaf width is
 * estimated (clearance.ts: leaf less 38 mm for the open leaf and stop, reference §4.3), and the
 * estimate becomes an assumption.
 */
import { fill, tool, z } from "../../core/manifest.ts";
import { tolerance_m } from "../../core/plan.ts";
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
import { doorClearWidth, neededClearWidth, openingSpan } from "../../engines/geometry/clearance.ts";
import { lineGeometry } from "../../engines/geometry/geojson.ts";
import { chair_width_m, min_clear_width_m, side_margin_m } from "../_access/inputs.ts";

export default tool({
  id: "door_clearance",
  title: "Door clearance",
  summary: "Doors too narrow for your chair or for the standard.",
  model_description:
    "Check every door and opening's clear width in one scan against what a wheelchair or walker user needs (metres): the larger of a minimum clear width and the chair width plus a margin. Returns a verdict and a finding per door that is too narrow or too close to call.",
  audience: ["wheelchair-user", "mobility-aid-user", "buyer", "inspector", "mover"],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    chair_width_m,
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
    const { need_m, governs } = neededClearWidth(min_clear_width_m, chair_width_m, side_margin_m);
    const why = governs === "chair"
      ? `your ${fmtM(chair_width_m)} chair plus ${fmtM(side_margin_m)} beside it`
      : `the minimum clear width (ADA 2010 §404.2.3 by default)`;
    ctx.step(`Checking ${doors.length} doors and openings against ${fmtM(need_m, 3)} (${why})`);
    const checks: Check[] = [];
    const findings: Finding[] = [];
    const overlays: Overlay[] = [];
    const estimated: string[] = [];
    let narrowest: { w: number; id: string } | undefined;
    for (const o of doors) {
      const cw = doorClearWidth(o);
      const w = cw.clear_width_m;
      if (cw.estimated) estimated.push(o.id);
      if (!narrowest || w < narrowest.w) narrowest = { w, id: o.id };
      const status = judge(w, ">=", need_m, tolerance_m(plan, w));
      const where = o.between.map((r) => r === null ? "outside" : r).join(" ↔ ");
      checks.push({
        id: `clear_width:${o.id}`,
        label: `${o.kind} ${o.id} (${where}): clear width${cw.estimated ? " (estimated)" : ""}`,
        status,
        measured: w,
        limit: need_m,
        unit: "m",
        subject: o.id,
        ...(governs === "minimum" ? { rule: { pack: "ada-2010", section: "404.2.3" } } : {}),
        note: status === "warn" ? `${TOO_CLOSE}; ${cw.basis}` : cw.basis,
      });
      const overlayId = `opening:${o.id}`;
      overlays.push({
        id: overlayId,
        kind: "opening",
        floor: o.floor,
        geometry: lineGeometry(openingSpan(plan, o)),
        status,
        label: `${o.id} ${fmtM(w)}`,
      });
      if (status !== "pass") {
        findings.push(openFinding({
          tool: "door_clearance",
          kind: "door",
          id: o.id,
          status,
          title: status === "fail"
            ? `${o.kind === "door" ? "Door" : "Opening"} ${o.id} is too narrow`
            : `${o.kind === "door" ? "Door" : "Opening"} ${o.id} is too close to call`,
          detail:
            `${o.kind} ${o.id} (${where}) is ${fmtM(w)} clear${
              cw.estimated ? " (estimated from its width)" : ""
            }; ${fmtM(need_m, 3)} needed` + (status === "warn" ? ` (${TOO_CLOSE})` : "") + ".",
          subject: o.id,
          overlays: [overlayId],
        }));
      }
    }
    const fails = checks.filter((c) => c.status === "fail").length;
    const warns = checks.filter((c) => c.status === "warn").length;
    const metrics: Metric[] = [
      { id: "doors_checked", label: "Doors and openings checked", value: checks.length },
      { id: "doors_too_narrow", label: "Too narrow", value: fails },
      { id: "doors_too_close", label: "Too close to call", value: warns },
      { id: "needed_clear_width_m", label: "Clear width needed", value: need_m, unit: "m" },
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
          `${estimated.length} door(s) state only their leaf width, so their clear width is estimated as the width less 38 mm for the open leaf and its stop (ADA 404.2.3 measures face of door to stop; reference §4.3): ${
            estimated.join(", ")
          }.`,
      }]
      : [];
    const status = worstStatus(checks.map((c) => c.status));
    let text: string;
    if (!checks.length) {
      text = `Scan ${scan} records no doors or openings to check.`;
    } else if (status === "fail") {
      text =
        `${fails} of ${checks.length} doors are narrower than the ${
          fmtM(need_m, 3)
        } you need; the narrowest is ${narrowest!.id} at ${fmtM(narrowest!.w)}` +
        (warns ? `, and ${warns} are too close to call` : "") + ".";
    } else if (status === "warn") {
      text = `${warns} of ${checks.length} doors are within the scan's uncertainty of ${
        fmtM(need_m, 3)
      }: measure them on site.`;
    } else {
      text = `${
        checks.length === 1 ? "The only door gives" : `All ${checks.length} doors give`
      } at least ${fmtM(need_m, 3)} clear; the narrowest is ${narrowest!.id} at ${
        fmtM(narrowest!.w)
      }.`;
    }
    ctx.step(`Done: ${fails} too narrow, ${warns} too close to call`);
    return {
      verdict: { status: checks.length ? status : "unknown", text },
      metrics,
      checks,
      findings,
      overlays,
      assumptions,
    };
  },
});
