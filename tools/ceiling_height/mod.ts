/**
 * ceiling_height: every room's height against a minimum. Default 2.13 m: IRC 2018/2021
 * R305.1 (habitable space ≥ 7 ft, 2134 mm), as printed in shared/reference/rules-and-sun.md §1.2.
 */
import { derivedAssumptions, onlyDerivedText, splitDerived } from "../_shared/derived.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import { tolerance_m } from "../../ground/plan.ts";
import {
  type Check,
  type Finding,
  fmtM,
  JUDGED_BLOCKS,
  judgedCheck,
  type Metric,
  openFinding,
  type Overlay,
  TOO_CLOSE,
  worstStatus,
} from "../../core/result.ts";
import { polygonGeometry } from "../../engines/geometry/geojson.ts";
import { named } from "../_shared/refs.ts";
import { ticker } from "../../ground/budget.ts";

export default named(tool({
  id: "ceiling_height",
  title: "Ceiling height",
  summary: "Rooms lower than you need.",
  model_description:
    "Check every room's ceiling height in one scan against a minimum height (metres). Returns a verdict, and a finding per room that is too low or too close to call.",
  audience: ["buyer", "tall-person", "inspector"],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    min_height_m: z.number().min(1).max(6).default(2.13).meta(
      fill.preference("space.min_ceiling_m", {
        ask: "What is the lowest ceiling you can live with?",
        unit: "m",
        label: "a minimum ceiling height",
      }),
    ),
  }),
  requires: [{ layer: "plan.rooms" }],
  blocks: JUDGED_BLOCKS,
  draws: ["room"],
  read_only: true,
  run(ctx, { scan, min_height_m }) {
    const plan = ctx.plan(scan);
    // A room the importer derived (not in the file) is not judged; it is said.
    const { rooms: ownRooms, derived } = splitDerived(plan);
    if (!ownRooms.length && derived.length) {
      return {
        verdict: { status: "unknown", text: onlyDerivedText(scan, derived) },
        assumptions: derivedAssumptions(derived),
      };
    }
    ctx.step(`Checking ${ownRooms.length} rooms against ${fmtM(min_height_m)}`);
    const checks: Check[] = [];
    const findings: Finding[] = [];
    const overlays: Overlay[] = [];
    const unmeasured: string[] = [];
    let lowest: { h: number; room: string } | undefined;
    const tick = ticker(256);
    for (const room of ownRooms) {
      tick();
      const name = room.name ?? room.id;
      const overlayId = `room:${room.id}`;
      if (room.height_m === undefined) {
        unmeasured.push(name);
        checks.push({
          id: `height:${room.id}`,
          label: `${name}: height`,
          status: "unknown",
          limit: min_height_m,
          unit: "m",
          subject: room.id,
          note: "The scan has no height for this room.",
        });
        overlays.push({
          id: overlayId,
          kind: "room",
          floor: room.floor,
          geometry: polygonGeometry(room.polygon),
          status: "unknown",
          label: name,
        });
        continue;
      }
      const h = room.height_m;
      if (!lowest || h < lowest.h) lowest = { h, room: name };
      const check = judgedCheck({
        id: `height:${room.id}`,
        label: `${name}: height`,
        measured: h,
        comparator: ">=",
        limit: min_height_m,
        tolerance: tolerance_m(plan, h),
        unit: "m",
        subject: room.id,
      });
      const status = check.status;
      checks.push(check);
      overlays.push({
        id: overlayId,
        kind: "room",
        floor: room.floor,
        geometry: polygonGeometry(room.polygon),
        status,
        label: `${name} ${fmtM(h)}`,
      });
      if (status !== "pass") {
        findings.push(openFinding({
          tool: "ceiling_height",
          kind: "room",
          id: room.id,
          status,
          title: status === "fail"
            ? `${name} is lower than your minimum`
            : `${name} is too close to your minimum to call`,
          detail: `${name} measures ${fmtM(h)}; the minimum is ${fmtM(min_height_m)}` +
            (status === "warn" ? ` (${TOO_CLOSE})` : "") + ".",
          overlays: [overlayId],
        }));
      }
    }
    const measured = checks.filter((c) => c.status !== "unknown");
    const metrics: Metric[] = [
      { id: "rooms_checked", label: "Rooms checked", value: measured.length },
      { id: "rooms_without_height", label: "Rooms without a height", value: unmeasured.length },
      { id: "lowest_height_m", label: "Lowest ceiling", value: lowest?.h ?? null, unit: "m" },
    ];
    const assumptions = [
      ...(unmeasured.length
        ? [{
          text: `${unmeasured.length} room(s) have no measured height and were not judged: ${
            unmeasured.join(", ")
          }.`,
        }]
        : []),
      ...derivedAssumptions(derived),
    ];
    const status = worstStatus(checks.map((c) => c.status));
    const low = checks.filter((c) => c.status === "fail").length;
    const close = checks.filter((c) => c.status === "warn").length;
    let text: string;
    if (status === "unknown") {
      text = `No room in scan ${scan} has a measured ceiling height, so none could be checked.`;
    } else if (status === "fail") {
      text = `${low} of ${measured.length} rooms are lower than ${fmtM(min_height_m)}` +
        (close ? `, and ${close} too close to call` : "") +
        `; the lowest is ${lowest!.room} at ${fmtM(lowest!.h)}.`;
    } else if (status === "warn") {
      text = `${close} of ${measured.length} rooms are within the scan's uncertainty of ${
        fmtM(min_height_m)
      }: measure on site.`;
    } else {
      text = `All ${measured.length} measured rooms reach ${fmtM(min_height_m)}; the lowest is ${
        fmtM(lowest!.h)
      }.`;
    }
    if (unmeasured.length && status !== "unknown") {
      // The truthful-verdict rule: what could not be judged comes first.
      text =
        `${unmeasured.length} of ${checks.length} rooms could not be judged (no height). ${text}`;
    }
    ctx.step(`Done: ${low} low, ${close} too close to call, ${unmeasured.length} unmeasured`);
    return { verdict: { status, text }, metrics, checks, findings, overlays, assumptions };
  },
}));
