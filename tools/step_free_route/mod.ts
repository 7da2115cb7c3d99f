/**
 * step_free_route: from the main entrance to every room (or one), can a wheelchair user get
 * there? Routes come from engines/geometry/routes.ts: doors judged against the clear width
 * needed (default ADA 2010 §404.2.3, 815 mm, or the chair plus margin), thresholds against the
 * highest step (default ADA §404.2.5, 13 mm), stairs blocked when step-free (ADA §303),
 * ramps against the steepest slope (default ADA §405.2, 1:12), and rooms crossed keeping half
 * the traveller's width from walls and furniture.
 */
import { named, resolveInput } from "../_shared/refs.ts";
import { chooseEntrance } from "../_shared/entrance.ts";
import {
  derivedAssumptions,
  derivedTargetText,
  onlyDerivedVerdict,
  splitDerived,
} from "../_shared/derived.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import { type Assumption, JUDGED_BLOCKS } from "../../core/result.ts";
import { neededClearWidth } from "../../engines/geometry/clearance.ts";
import { buildRouteGraph, routeTreeLines } from "../../engines/geometry/routes/mod.ts";
import {
  bestRoutes,
  prunedTree,
  startsFrom,
  startTrees,
  tallyRoutes,
} from "../../engines/geometry/routes/best.ts";
import {
  chair_width_m,
  max_ramp_slope,
  max_step_m,
  side_margin_m,
  step_free,
} from "../_access/inputs.ts";
import * as report from "./report.ts";

export default named(tool({
  id: "step_free_route",
  title: "Step-free route",
  summary: "Which rooms you can reach from the front door, and what blocks the rest.",
  model_description:
    "Find the best route from a building's main entrance to every room (or one room) for a wheelchair or walker user: door clear widths, thresholds, stairs, ramps and furniture in the way. Returns a verdict, a finding per room that is blocked or too close to call naming the blocking door, step or stair with its numbers, and route lengths in metres.",
  audience: ["wheelchair-user", "mobility-aid-user", "parent", "buyer", "inspector"],
  subjects: ["person", "room", "door", "stair"],
  questions: [
    "Can I get my wheelchair from the front door to the bathroom?",
    "Which rooms can I reach without steps?",
    "Can I push a stroller or pram to the kitchen?",
    "Is there a step-free way in from the entrance?",
    "Can I get to every room with my rollator or walker?",
    "What blocks my wheelchair on the way to the bedroom?",
    "Wheelchair access from the back door to the living room",
    "Is the house accessible for a power chair?",
    "Can a wheelchair user get from outside into the kitchen?",
    "Are there steps or thresholds on the way to the lounge?",
    "Can I wheel a buggy to the dining room?",
  ],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    chair_width_m,
    side_margin_m,
    min_clear_width_m: z.number().min(0.3).max(3).optional().meta({
      unit: "m",
      label: "a door clear width you need whatever your chair",
      description:
        "A door clear width you need at least, whatever your chair (e.g. with a helper beside you); only when you give it. The door you need is otherwise your chair plus the side margin; door_clearance checks doors against a standard.",
    }),
    max_step_m,
    max_ramp_slope,
    step_free,
    entrance: z.string().min(1).optional().meta({
      refers: "door",
      ask: "Which door to the outside is the main entrance (its name or id)?",
      description:
        "The door to start from (a door to the outside, by name or id); the marked main entrance when left out.",
    }),
    to: z.string().min(1).optional().meta({
      refers: "room",
      ask: "Which room should the route go to (its name, label or id)?",
      description: "Only this room (its name, label or id); every room when left out.",
    }),
  }),
  requires: [{ layer: "plan.rooms" }, { layer: "plan.doors" }],
  blocks: JUDGED_BLOCKS,
  draws: ["route", "point", "room"],
  read_only: true,
  run(ctx, inputs) {
    const { scan } = inputs;
    const plan = ctx.plan(scan);
    const to = inputs.to === undefined
      ? undefined
      : resolveInput(plan, "room", "to", inputs.to, scan);
    const entrance = inputs.entrance === undefined
      ? undefined
      : resolveInput(plan, "door", "entrance", inputs.entrance, scan);
    // A room the importer derived (not in the file) is never a route's target; it is said.
    const { rooms: ownRooms, derived } = splitDerived(plan);
    const toRoom = to === undefined ? undefined : plan.rooms.find((r) => r.id === to);
    if (toRoom?.derived) {
      return {
        verdict: {
          status: "unknown",
          code: "verdict.derived_target",
          data: { room: toRoom.id, why: toRoom.derived },
          text: derivedTargetText(toRoom),
        },
        assumptions: derivedAssumptions([toRoom]),
      };
    }
    if (to === undefined && !ownRooms.length && derived.length) {
      return {
        verdict: onlyDerivedVerdict(scan, derived),
        assumptions: derivedAssumptions(derived),
      };
    }
    const choice = chooseEntrance(plan, entrance);
    if (!choice.candidates.length) {
      const text = `Scan ${scan}: ${choice.basis}, so there is nowhere to start a route from.`;
      return {
        verdict: { status: "unknown", code: "verdict.no_entrance", data: { scan }, text },
      };
    }
    // The named entrance, or every door to the outside tried (a wheelchair user uses whichever
    // works) and each room gets its best.
    const starts = startsFrom(choice, entrance !== undefined);
    // The door a person needs is their chair plus the margin beside it (a standard's minimum is
    // door_clearance's separate check), or more when they say so.
    const { need_m, governs } = neededClearWidth(
      inputs.min_clear_width_m ?? 0,
      inputs.chair_width_m,
      inputs.side_margin_m,
    );
    const needs = {
      body_width_m: inputs.chair_width_m + inputs.side_margin_m,
      min_clear_width_m: need_m,
      step_free: inputs.step_free,
      max_step_m: inputs.max_step_m,
      max_ramp_slope: inputs.max_ramp_slope,
    };
    ctx.step(report.graphStep(starts, choice.basis, need_m, governs, inputs));
    // One room: its own route drawn; every room: the tree of routes, one overlay per floor.
    const graph = buildRouteGraph(plan, needs);
    const trees = startTrees(graph, starts);
    // Each room's best route over the entrances (engines/geometry/routes/best.ts).
    const targets = ownRooms.filter((r) => to === undefined || r.id === to);
    const { routes, fromStart } = bestRoutes(graph, trees, targets.map((r) => r.id), {
      legs: to !== undefined,
    });
    ctx.step(report.say.step("step.routing", { ...(to ? { to } : {}), rooms: ownRooms.length }));

    const { counts, longest, top } = tallyRoutes(targets, routes);
    // The constraints the result shows, worded here (the engine gives codes and data).
    const words = report.constraintWords();
    const { checks, findings, overlays } = report.routeResults(
      targets,
      routes,
      fromStart,
      governs,
      inputs.step_free,
      words,
    );
    // The tree of each entrance that some room's best route starts from.
    const used = trees.filter((t) => [...fromStart.values()].includes(t.start));
    if (to === undefined) {
      for (const [k, u] of used.entries()) {
        const lines = routeTreeLines(graph, prunedTree(u, routes, fromStart));
        overlays.push(...report.treeOverlays(lines, k ? `:${u.start.id}` : ""));
      }
    }
    const allChecks = checks;
    const metrics = report.routeMetrics(
      counts,
      need_m,
      longest,
      to === undefined ? undefined : { to, route: routes.get(to)! },
    );
    const noThreshold = plan.openings.filter((o) =>
      o.kind === "door" && o.threshold_m === undefined
    )
      .map((o) => o.id);
    const usedStarts = used.map((u) => u.start);
    const assumptions: Assumption[] = [
      ...report.routeAssumptions({
        starts,
        used: usedStarts,
        fromStart,
        basis: choice.basis,
        body_width_m: needs.body_width_m,
        noThreshold,
        step_free: inputs.step_free,
        graphNotes: graph.notes,
      }),
      ...(to === undefined ? derivedAssumptions(derived) : []),
    ];
    const verdict = report.routeVerdict({
      counts,
      targets,
      starts,
      used: usedStarts,
      fromStart,
      longest,
      top,
      step_free: inputs.step_free,
      words,
      close: {
        rooms: targets.filter((t) => routes.get(t.id)!.status === "warn").map((t) => t.id),
        at: [
          ...new Set(
            targets.flatMap((t) => routes.get(t.id)!.close.map((c) => c.element)),
          ),
        ],
      },
    });
    ctx.step(report.say.step("step.done", counts));
    return {
      verdict,
      metrics,
      checks: allChecks,
      findings,
      overlays,
      assumptions,
    };
  },
}));
