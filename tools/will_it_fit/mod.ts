/**
 * will_it_fit: will an item (a box w × d × h, or a preset) get from the entrance to a room?
 * Along the route (engines/geometry/routes.ts, stairs allowed: movers carry), each door, turn,
 * stair and the room's free floor is judged by engines/geometry/fit.ts: door cross-sections
 * with tilting (Carver 1956), corners by the rigid-rectangle formula (reference §4.2; Moretti
 * 2002), stair headroom along the pitch (IRC R311.7.2), and a place on the floor.
 */
import { named, resolveInput } from "../_shared/refs.ts";
import { chooseEntrance } from "../_shared/entrance.ts";
import { derivedAssumptions, derivedTargetText } from "../_shared/derived.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import { type Finding, fmtM, JUDGED_BLOCKS, openFinding, type Status } from "../../core/result.ts";
import { type FitStep, wayInStatus } from "../../engines/geometry/fit.ts";
import { bestWayIn } from "../../engines/geometry/fit_way_in.ts";
import { startsFrom } from "../../engines/geometry/routes/best.ts";
import { detected_objects, withDetectedObstacles } from "../_vision/obstacles.ts";
import { ITEM_PRESETS, itemOf } from "./items.ts";
import {
  fitAssumptions,
  fitMetrics,
  fitOverlays,
  type FitVerdictData,
  say,
  stepChecks,
  stepFindingDetail,
  stepFindingTitle,
} from "./report.ts";

export { ITEM_PRESETS };
const ITEMS = ["sofa", "fridge", "mattress", "wardrobe", "piano", "custom"] as const;

const size = (what: string) =>
  z.number().positive().max(10).optional().meta({
    unit: "m",
    description: `The item's ${what} in metres; overrides the preset's.`,
  });

export default named(tool({
  id: "will_it_fit",
  title: "Will it fit?",
  summary: "Whether a sofa, fridge or mattress gets from the front door into a room.",
  model_description:
    "Check whether an item (a preset such as sofa, fridge, mattress, wardrobe or piano, or a custom box in metres) can be carried from a building's entrance to a target room: through each door (tilting allowed), around corners, up stairs, and onto the room's free floor. Returns a verdict, the first blocking step as a finding, and how to carry the item at each step.",
  audience: ["mover", "buyer", "renter"],
  subjects: ["item", "room", "door", "stair"],
  questions: [
    "Will my sofa fit into the living room?",
    "Can the movers get a wardrobe up the stairs to the bedroom?",
    "Will a king-size mattress get to the main bedroom?",
    "Can we bring a piano in through the back door?",
    "Will the fridge go through the kitchen door?",
    "Will a 2.2 m couch make it to the study?",
    "Can a washing machine be carried into the utility room?",
    "Can the delivery get a fridge freezer to the kitchen?",
    "Will a double bed go up the stairs?",
  ],
  examples: [{ item: "sofa", to: "u_bed1" }],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    item: z.enum(ITEMS).meta({
      scope: true,
      ask: "What are you moving: sofa, fridge, mattress, wardrobe, piano, or custom (its size)?",
      label: "the item",
    }),
    to: z.string().min(1).meta({
      ask: "Which room should it go to (its name, label or id)?",
      label: "the target room",
      refers: "room",
    }),
    width_m: size("width (its longest side in plan)"),
    depth_m: size("depth"),
    height_m: size("height"),
    entrance: z.string().min(1).optional().meta({
      refers: "door",
      description:
        'The door to bring it in by (a door to the outside, by name or id: "front door", "door (Wohnen ↔ outside)").',
    }),
    stair_headroom_m: z.number().min(1).max(5).default(2.032).meta({
      unit: "m",
      label: "a stair headroom (IRC R311.7.2 minimum, 6 ft 8 in)",
      description: "Headroom above a stair's pitch line; the plan does not record it.",
    }),
    detected_objects,
  }),
  requires: [{ layer: "plan.rooms" }, { layer: "plan.doors" }],
  blocks: JUDGED_BLOCKS,
  draws: ["route", "point"],
  read_only: true,
  async run(ctx, inputs) {
    const { scan } = inputs;
    let plan = ctx.plan(scan);
    const detected = inputs.detected_objects
      ? await withDetectedObstacles(ctx, scan, plan)
      : undefined;
    if (detected) plan = detected.plan;
    const to = resolveInput(plan, "room", "to", inputs.to, scan);
    const entranceId = inputs.entrance === undefined
      ? undefined
      : resolveInput(plan, "door", "entrance", inputs.entrance, scan);
    const { item, preset } = itemOf(inputs);
    const { width_m: w, depth_m: d, height_m: h } = item;
    const room = plan.rooms.find((r) => r.id === to)!;
    // A room the importer derived (not in the file) is not a target: it is said, not judged.
    if (room.derived) {
      return {
        verdict: {
          status: "unknown",
          code: "verdict.derived_target",
          data: { room: room.id, why: room.derived },
          text: derivedTargetText(room),
        },
        assumptions: derivedAssumptions([room]),
      };
    }
    const choice = chooseEntrance(plan, entranceId);
    if (!choice.candidates.length) {
      return {
        verdict: say.verdict("unknown", "verdict.no_entrance", { scan, basis: choice.basis }),
      };
    }
    // The named entrance, or every door to the outside tried (movers use whichever works).
    const starts = startsFrom(choice, entranceId !== undefined);
    const name = room.name ?? room.id;
    const dims = `${fmtM(w)} × ${fmtM(d)} × ${fmtM(h)}`;
    ctx.step(
      starts.length > 1
        ? say.step("step.finding_each", {
          room: name,
          dims,
          item: inputs.item,
          doors: starts.length,
        })
        : say.step("step.finding_from", {
          room: name,
          dims,
          item: inputs.item,
          from: starts[0].id,
        }),
    );
    // Each start tried, the best way in kept (engines/geometry/fit_way_in.ts).
    const best = bestWayIn(plan, starts, room.id, item, inputs.stair_headroom_m);
    const { graph, route } = best;
    const used = best.start;
    const assumptions = fitAssumptions({
      inputs,
      preset,
      dims,
      starts,
      used,
      basis: choice.basis,
      graphNotes: graph.notes,
      detected: detected?.assumption,
    });
    if (route.why) {
      return {
        verdict: say.verdict("unknown", "verdict.no_way", { room: name, why: route.why }),
        assumptions,
      };
    }
    const steps: FitStep[] = best.steps;
    // The same count as the "Steps checked" metric.
    ctx.step(say.step("step.checked", { steps: steps.length }));
    const checks = stepChecks(steps);
    const overlays = fitOverlays(room.id, route.legs, steps);
    const way = wayInStatus(steps);
    const status: Status = way.status;
    for (const o of overlays) if (o.kind === "route") o.status = status;
    const findings: Finding[] = [];
    const key = way.first_fail >= 0
      ? way.first_fail
      : way.first_warn >= 0
      ? way.first_warn
      : way.first_unknown;
    if (key >= 0) {
      const s = steps[key];
      findings.push(openFinding({
        tool: "will_it_fit",
        kind: inputs.item,
        id: `${room.id}:${s.element}`,
        code: s.status === "fail"
          ? "way_in.blocked"
          : s.status === "warn"
          ? "way_in.too_close"
          : "way_in.unknown",
        data: {
          item: inputs.item,
          step: key + 1,
          steps: steps.length,
          step_code: s.message,
          ...s.data,
        },
        status: s.status,
        title: stepFindingTitle(inputs.item, s),
        detail: stepFindingDetail(key + 1, steps.length, s),
        subject: s.element,
        ...(s.at && s.floor ? { overlays: [`step:${key}`] } : {}),
      }));
    }
    const carries = [...new Set(steps.filter((s) => s.carry).map((s) => s.carry!))];
    const metrics = fitMetrics(steps, route.length_m!, carries);
    const data: FitVerdictData = {
      item: inputs.item,
      width_m: w,
      depth_m: d,
      height_m: h,
      room: name,
      steps: steps.length,
      from: used.id,
      length_m: route.length_m!,
      carries,
      ...(key >= 0
        ? { step: key + 1, step_code: steps[key].message, step_text: steps[key].text }
        : {}),
    };
    const verdict = say.verdict(
      status,
      status === "fail"
        ? "verdict.fails"
        : status === "warn"
        ? "verdict.too_close"
        : status === "unknown"
        ? "verdict.unknown_step"
        : "verdict.fits",
      data,
    );
    ctx.step(say.step("step.done", { status }));
    return {
      verdict,
      metrics,
      checks,
      findings,
      overlays,
      assumptions,
      data: { steps },
    };
  },
}));
