/**
 * will_it_fit: will an item (a box w × d × h, or a preset) get from the entrance to a room?
 * Along the route (engines/geometry/routes.ts, stairs allowed: movers carry), each door, turn,
 * stair and the room's free floor is judged by engines/geometry/fit.ts: door cross-sections
 * with tilting (Carver 1956), corners by the rigid-rectangle formula (reference §4.2; Moretti
 * 2002), stair headroom along the pitch (IRC R311.7.2), and a place on the floor.
 */
import { InputError } from "../../ground/errors.ts";
import { named, resolveInput } from "../_shared/refs.ts";
import { chooseEntrance } from "../_shared/entrance.ts";
import { derivedAssumptions, derivedTargetText } from "../_shared/derived.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import {
  type Finding,
  fmtM,
  JUDGED_BLOCKS,
  type Metric,
  openFinding,
  type Status,
} from "../../core/result.ts";
import type { FitStep, Item } from "../../engines/geometry/fit.ts";
import { bestWayIn } from "../../engines/geometry/fit_way_in.ts";
import { startsFrom } from "../../engines/geometry/routes/best.ts";
import { detected_objects, withDetectedObstacles } from "../_vision/obstacles.ts";
import { ITEM_PRESETS } from "./items.ts";
import {
  fitAssumptions,
  fitOverlays,
  fitVerdictText,
  stepChecks,
  stepFindingTitle,
} from "./report.ts";
import { round } from "../../ground/text.ts";

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
  examples: [{ item: "sofa", to: "u_bed1" }],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    item: z.enum(ITEMS).meta({
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
    const preset = inputs.item === "custom" ? undefined : ITEM_PRESETS[inputs.item];
    const w = inputs.width_m ?? preset?.width_m;
    const d = inputs.depth_m ?? preset?.depth_m;
    const h = inputs.height_m ?? preset?.height_m;
    if (w === undefined || d === undefined || h === undefined) {
      const missing = [
        w === undefined ? "width_m" : "",
        d === undefined ? "depth_m" : "",
        h === undefined ? "height_m" : "",
      ].filter(Boolean);
      throw new InputError(missing[0], `a custom item needs ${missing.join(", ")} (metres)`);
    }
    const item: Item = { width_m: w, depth_m: d, height_m: h };
    const room = plan.rooms.find((r) => r.id === to)!;
    // A room the importer derived (not in the file) is not a target: it is said, not judged.
    if (room.derived) {
      return {
        verdict: { status: "unknown", text: derivedTargetText(room) },
        assumptions: derivedAssumptions([room]),
      };
    }
    const choice = chooseEntrance(plan, entranceId);
    if (!choice.candidates.length) {
      return {
        verdict: {
          status: "unknown",
          text: `Scan ${scan}: ${choice.basis}, so there is no way in to follow.`,
        },
      };
    }
    // The named entrance, or every door to the outside tried (movers use whichever works).
    const starts = startsFrom(choice, entranceId !== undefined);
    const name = room.name ?? room.id;
    const dims = `${fmtM(w)} × ${fmtM(d)} × ${fmtM(h)}`;
    ctx.step(
      starts.length > 1
        ? `Finding the way to ${name} for a ${dims} ${inputs.item} from each of the ${starts.length} doors to the outside`
        : `Finding the way from ${starts[0].id} to ${name} for a ${dims} ${inputs.item}`,
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
        verdict: { status: "unknown", text: `There is no way to ${name} to follow: ${route.why}.` },
        assumptions,
      };
    }
    const steps: FitStep[] = best.steps;
    // The same count as the "Steps checked" metric.
    ctx.step(`Checked ${steps.length} ${steps.length === 1 ? "step" : "steps"} of the way`);
    const checks = stepChecks(steps);
    const overlays = fitOverlays(room.id, route.legs, steps);
    // A step not known stops a "fits": fail > warn > unknown > pass.
    const has = (k: FitStep["status"]) => steps.some((s) => s.status === k);
    const status: Status = has("fail")
      ? "fail"
      : has("warn")
      ? "warn"
      : has("unknown")
      ? "unknown"
      : "pass";
    for (const o of overlays) if (o.kind === "route") o.status = status;
    const first = steps.findIndex((s) => s.status === "fail");
    const firstClose = steps.findIndex((s) => s.status === "warn");
    const firstUnknown = steps.findIndex((s) => s.status === "unknown");
    const findings: Finding[] = [];
    const key = first >= 0 ? first : firstClose >= 0 ? firstClose : firstUnknown;
    if (key >= 0) {
      const s = steps[key];
      findings.push(openFinding({
        tool: "will_it_fit",
        kind: inputs.item,
        id: `${room.id}:${s.element}`,
        status: s.status,
        title: stepFindingTitle(inputs.item, s),
        detail: `Step ${key + 1} of ${steps.length}: ${s.text}.`,
        subject: s.element,
        ...(s.at && s.floor ? { overlays: [`step:${key}`] } : {}),
      }));
    }
    const carries = [...new Set(steps.filter((s) => s.carry).map((s) => s.carry!))];
    const metrics: Metric[] = [
      { id: "steps", label: "Steps checked", value: steps.length },
      {
        id: "route_length_m",
        label: "Way in",
        value: round(route.length_m!, 1),
        unit: "m",
      },
      {
        id: "tightest_margin_m",
        label: "Tightest spare room",
        value: steps.some((s) => s.margin_m !== undefined)
          ? Math.min(...steps.filter((s) => s.margin_m !== undefined).map((s) => s.margin_m!))
          : null,
        unit: "m",
      },
      { id: "carry", label: "How to carry it", value: carries.join("; ") || "upright" },
    ];
    const text = fitVerdictText({
      status,
      what: `The ${dims} ${inputs.item}`,
      name,
      steps,
      first,
      firstClose,
      firstUnknown,
      from: used.id,
      length_m: route.length_m!,
      carries,
    });
    ctx.step(`Done: ${status}`);
    return {
      verdict: { status, text },
      metrics,
      checks,
      findings,
      overlays,
      assumptions,
      data: { steps },
    };
  },
}));
