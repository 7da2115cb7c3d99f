/**
 * ceiling_height: every room's height against a minimum. Default 2.13 m: IRC 2018/2021
 * R305.1 (habitable space ≥ 7 ft, 2134 mm), as printed in shared/reference/rules-and-sun.md §1.2.
 */
import { derivedAssumptions, onlyDerivedVerdict, splitDerived } from "../_shared/derived.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import { tolerance_m } from "../../ground/plan.ts";
import {
  type Check,
  type Finding,
  JUDGED_BLOCKS,
  judgedCheck,
  type Metric,
  openFinding,
  type Overlay,
  subjectOverlay,
  worstStatus,
} from "../../core/result.ts";
import { coded } from "../../core/wording.ts";
import { polygonGeometry } from "../../engines/geometry/geojson.ts";
import { named } from "../_shared/refs.ts";
import { ticker } from "../../ground/budget.ts";
import { finding, say, type VerdictCounts } from "./wording.ts";

export default named(tool({
  id: "ceiling_height",
  title: "Ceiling height",
  summary: "Rooms lower than you need.",
  model_description:
    "Check every room's ceiling height in one scan against a minimum height (metres). Returns a verdict, and a finding per room that is too low or too close to call.",
  audience: ["buyer", "tall-person", "inspector"],
  subjects: ["room"],
  questions: [
    "Are the ceilings high enough?",
    "Which rooms have a ceiling lower than 2.1 m?",
    "I'm 6 ft 5, will I bump my head anywhere?",
    "Is there enough headroom in the attic room?",
    "How high are the ceilings upstairs?",
    "Room heights below 2300 mm",
    "Do I have to duck under any low ceilings?",
    "Which room has the lowest ceiling?",
    "Rooms with less than 2.4 m floor to ceiling",
    "Is the loft tall enough to stand up in?",
  ],
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
        verdict: onlyDerivedVerdict(scan, derived),
        assumptions: derivedAssumptions(derived),
      };
    }
    ctx.step(say.step("step.checking", { rooms: ownRooms.length, min_m: min_height_m }));
    const checks: Check[] = [];
    const findings: Finding[] = [];
    const overlays: Overlay[] = [];
    const unmeasured: string[] = [];
    let lowest: { h: number; room: string } | undefined;
    const tick = ticker(256);
    for (const room of ownRooms) {
      tick();
      const name = room.name ?? room.id;
      const h = room.height_m;
      const overlay = {
        id: `room:${room.id}`,
        kind: "room",
        floor: room.floor,
        geometry: polygonGeometry(room.polygon),
        label: say("overlay.room", { room: name, height_m: h }),
      };
      if (h === undefined) {
        unmeasured.push(name);
        checks.push({
          id: `height:${room.id}`,
          ...coded("room.no_height", { room: name, min_m: min_height_m }),
          label: say("check.height", { room: name }),
          status: "unknown",
          limit: min_height_m,
          unit: "m",
          subject: room.id,
          note: say("note.no_height", {}),
        });
        overlays.push(subjectOverlay("unknown", overlay));
        continue;
      }
      if (!lowest || h < lowest.h) lowest = { h, room: name };
      const check = judgedCheck({
        id: `height:${room.id}`,
        code: "room.height",
        data: { room: name, height_m: h, min_m: min_height_m },
        label: say("check.height", { room: name }),
        measured: h,
        comparator: ">=",
        limit: min_height_m,
        tolerance: tolerance_m(plan, h, room),
        unit: "m",
        subject: room.id,
      });
      checks.push(check);
      overlays.push(subjectOverlay(check.status, overlay));
      if (check.status !== "pass") {
        findings.push(openFinding({
          tool: "ceiling_height",
          kind: "room",
          id: room.id,
          status: check.status,
          ...finding(check.status === "fail" ? "room.too_low" : "room.too_close", {
            room: name,
            height_m: h,
            min_m: min_height_m,
          }),
          overlays: [overlay.id],
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
      ...(unmeasured.length ? [say.assumption("assumption.no_height", { rooms: unmeasured })] : []),
      ...derivedAssumptions(derived),
    ];
    const status = worstStatus(checks.map((c) => c.status));
    const counts: VerdictCounts = {
      min_m: min_height_m,
      measured: measured.length,
      low: checks.filter((c) => c.status === "fail").length,
      close: checks.filter((c) => c.status === "warn").length,
      unjudged: unmeasured.length,
      rooms: checks.length,
    };
    const verdict = status === "unknown"
      ? say.verdict(status, "verdict.none_measured", { scan })
      : status === "fail"
      ? say.verdict(status, "verdict.too_low", {
        ...counts,
        lowest_room: lowest!.room,
        lowest_m: lowest!.h,
      })
      : status === "warn"
      ? say.verdict(status, "verdict.too_close", counts)
      : say.verdict(status, "verdict.all_reach", { ...counts, lowest_m: lowest!.h });
    ctx.step(say.step("step.done", { ...counts, unmeasured: unmeasured.length }));
    return { verdict, metrics, checks, findings, overlays, assumptions };
  },
}));
