/**
 * step_free_route: from the main entrance to every room (or one), can a wheelchair user get
 * there? Routes come from engines/geometry/routes.ts: doors judged against the clear width
 * needed (default ADA 2010 §404.2.3, 815 mm, or the chair plus margin), thresholds against the
 * highest step (default ADA §404.2.5, 13 mm), stairs blocked when step-free (ADA §303),
 * ramps against the steepest slope (default ADA §405.2, 1:12), and rooms crossed keeping half
 * the traveller's width from walls and furniture.
 */
import { ticker } from "../../engines/budget.ts";
import { InputError } from "../../core/errors.ts";
import { named, resolveInput } from "../_shared/refs.ts";
import {
  derivedAssumptions,
  derivedTargetText,
  onlyDerivedText,
  splitDerived,
} from "../_shared/derived.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import type { Opening } from "../../core/plan.ts";
import {
  type Assumption,
  type Check,
  type Finding,
  fmtM,
  JUDGED_BLOCKS,
  type Metric,
  openFinding,
  type Overlay,
  type Status,
  TOO_CLOSE,
} from "../../core/result.ts";
import { neededClearWidth } from "../../engines/geometry/clearance.ts";
import { pointGeometry, polygonGeometry } from "../../engines/geometry/geojson.ts";
import {
  buildRouteGraph,
  type Constraint,
  pickEntrance,
  type Route,
  routeToRoom,
  routeTreeLines,
  shortestRoutes,
} from "../../engines/geometry/routes/mod.ts";
import {
  chair_width_m,
  max_ramp_slope,
  max_step_m,
  side_margin_m,
  step_free,
} from "../_access/inputs.ts";
import { capitalise, round } from "../../core/text.ts";

/** The ADA 2010 section behind each kind of element check. */
const RULES: Partial<Record<Constraint["kind"], string>> = {
  clear_width: "404.2.3",
  threshold: "404.2.5",
  stair: "303.4",
  step: "303.4",
  ramp_slope: "405.2",
  passage: "403.5.1",
};

export default named(tool({
  id: "step_free_route",
  title: "Step-free route",
  summary: "Which rooms you can reach from the front door, and what blocks the rest.",
  model_description:
    "Find the best route from a building's main entrance to every room (or one room) for a wheelchair or walker user: door clear widths, thresholds, stairs, ramps and furniture in the way. Returns a verdict, a finding per room that is blocked or too close to call naming the blocking door, step or stair with its numbers, and route lengths in metres.",
  audience: ["wheelchair-user", "mobility-aid-user", "parent", "buyer", "inspector"],
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
        verdict: { status: "unknown", text: derivedTargetText(toRoom) },
        assumptions: derivedAssumptions([toRoom]),
      };
    }
    if (to === undefined && !ownRooms.length && derived.length) {
      return {
        verdict: { status: "unknown", text: onlyDerivedText(scan, derived) },
        assumptions: derivedAssumptions(derived),
      };
    }
    const choice = pickEntrance(plan, entrance);
    if (entrance !== undefined && !choice.entrance) {
      throw new InputError(
        "entrance",
        `${choice.basis}; doors to the outside: ${
          choice.candidates.map((o) => o.id).join(", ") || "none"
        }`,
      );
    }
    if (!choice.candidates.length) {
      const text = `Scan ${scan}: ${choice.basis}, so there is nowhere to start a route from.`;
      return { verdict: { status: "unknown", text } };
    }
    // An entrance the person or the file names wins; otherwise every door to the outside is
    // tried (a wheelchair user uses whichever works) and each room gets its best.
    const named = entrance !== undefined ||
      choice.candidates.filter((o) => o.main_entrance).length === 1;
    const starts = (named || choice.candidates.length < 2) && choice.entrance
      ? [choice.entrance]
      : choice.candidates;
    const start = starts[0];
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
    // Where the limit came from, in the step log: the chair, or the width the person gave.
    const needWhy = governs === "chair"
      ? `your ${fmtM(inputs.chair_width_m)} chair plus ${fmtM(inputs.side_margin_m)} beside it`
      : `the door clear width you gave`;
    ctx.step(
      starts.length > 1
        ? `Building the route graph from each of the ${starts.length} doors to the outside (none is marked as the main entrance); doors need ${
          fmtM(need_m, 3)
        } (${needWhy})`
        : `Building the route graph from ${start.id} (${choice.basis}); doors need ${
          fmtM(need_m, 3)
        } (${needWhy})`,
    );
    // One room: its own route drawn; every room: the tree of routes, one overlay per floor.
    const legs = { legs: to !== undefined };
    const graph = buildRouteGraph(plan, needs);
    const trees = starts.map((o) => {
      const node = graph.outsideNode.get(o.id);
      if (node === undefined) throw new Error(`opening ${o.id} does not lead outside`);
      return { start: o, tree: shortestRoutes(graph, node) };
    });
    // Each room's best route over the entrances: reachable, then too close, then unknown, then
    // blocked; the shorter walk among equals.
    const RANK: Record<string, number> = { pass: 0, warn: 1, unknown: 2, fail: 3, error: 4 };
    const routes = new Map<string, Route>();
    const fromStart = new Map<string, Opening>();
    for (const room of ownRooms) {
      if (to !== undefined && room.id !== to) continue;
      let best: { r: Route; start: Opening } | undefined;
      for (const t of trees) {
        const r = routeToRoom(graph, t.tree, room.id, legs);
        // No way at all from this door says nothing about the room: it ranks last.
        const rank = (x: Route) => (x.why ? 9 : RANK[x.status]);
        const better = !best || rank(r) < rank(best.r) ||
          (rank(r) === rank(best.r) &&
            (r.length_m ?? Infinity) < (best.r.length_m ?? Infinity));
        if (better) best = { r, start: t.start };
      }
      routes.set(room.id, best!.r);
      fromStart.set(room.id, best!.start);
    }
    ctx.step(`Routing to ${to ?? `${ownRooms.length} rooms`}`);
    const targets = ownRooms.filter((r) => to === undefined || r.id === to);

    const checks: Check[] = [];
    const elementChecks = new Map<string, Check>();
    const findings: Finding[] = [];
    const overlays: Overlay[] = [];
    const markers = new Set<string>();
    const blockerCount = new Map<string, { c: Constraint; n: number }>();
    let longest: { len: number; name: string } | undefined;
    const addElement = (c: Constraint) => {
      if (elementChecks.has(c.id)) return;
      const section = RULES[c.kind];
      const rule = section && (c.kind !== "clear_width" || governs === "minimum")
        ? { rule: { pack: "ada-2010", section } }
        : {};
      const check: Check = {
        id: c.id,
        label: c.text,
        status: c.status,
        ...(c.measured !== undefined ? { measured: c.measured } : {}),
        ...(c.limit !== undefined ? { limit: c.limit } : {}),
        ...(c.unit ? { unit: c.unit } : {}),
        ...rule,
        subject: c.element,
        ...(c.status === "warn" ? { note: TOO_CLOSE } : {}),
      };
      elementChecks.set(c.id, check);
      if (c.at && c.floor && c.status !== "pass" && !markers.has(c.id)) {
        markers.add(c.id);
        overlays.push({
          id: `element:${c.id}`,
          kind: "point",
          floor: c.floor,
          geometry: pointGeometry(c.at),
          status: c.status,
          label: c.element,
        });
      }
    };
    const counts: Record<Status, number> = { pass: 0, fail: 0, warn: 0, unknown: 0, error: 0 };
    const tick = ticker(64);
    for (const room of targets) {
      tick();
      const r: Route = routes.get(room.id)!;
      const name = room.name ?? room.id;
      counts[r.status]++;
      // Most routes judge nothing on the way: no lists to join for them.
      const judged = r.blocking.length + r.close.length + r.unknown.length > 0;
      if (judged) { for (const c of [...r.blocking, ...r.close, ...r.unknown]) addElement(c); }
      for (const c of r.blocking) {
        const e = blockerCount.get(c.id) ?? { c, n: 0 };
        e.n++;
        blockerCount.set(c.id, e);
      }
      const ids: string[] = [];
      r.legs.forEach((leg, i) => {
        const id = `route:${room.id}:${i}`;
        ids.push(id);
        overlays.push({
          id,
          kind: "route",
          floor: leg.floor,
          geometry: { type: "LineString", coordinates: leg.points.map(([x, y]) => [x, y]) },
          status: r.status,
          ...(i === r.legs.length - 1 ? { label: name } : {}),
        });
      });
      if ((r.status === "pass" || r.status === "warn") && r.length_m !== undefined) {
        if (!longest || r.length_m > longest.len) longest = { len: r.length_m, name };
      }
      // Within uncertainty is warn, everywhere: beside what blocks a route (or is not known),
      // an element within the scan's uncertainty is said to be too close to call, so no
      // sentence of a failed room reads as if "0.84 m clear; 0.71 m needed" had failed.
      const closeText = (c: Constraint) =>
        r.status === "warn" || /too close to call/.test(c.text)
          ? c.text
          : `${c.text} (too close to call)`;
      const how = r.why ??
        (judged
          ? [
            ...r.blocking.map((c) => c.text),
            ...r.unknown.map((c) => c.text),
            ...r.close.map(closeText),
          ]
            .join("; ")
          : "");
      // Each room shaded by whether it can be reached (pass), not (fail) or is not known.
      overlays.push({
        id: `room:${room.id}`,
        kind: "room",
        floor: room.floor,
        geometry: polygonGeometry(room.polygon),
        status: r.status,
        label: name,
      });
      checks.push({
        id: `reach:${room.id}`,
        label: `${name}: the way from ${fromStart.get(room.id)!.id}`,
        status: r.status,
        ...(r.length_m !== undefined && r.status !== "unknown"
          ? { measured: r.length_m, unit: "m" }
          : {}),
        subject: room.id,
        ...(how ? { note: r.status === "warn" ? `${TOO_CLOSE}: ${how}` : how } : {}),
      });
      if (r.status !== "pass") {
        const title = r.status === "fail"
          ? `${name} cannot be reached ${inputs.step_free ? "step-free" : "in a chair"}`
          : r.status === "warn"
          ? `The route to ${name} is too close to call`
          : `Whether ${name} can be reached is unknown`;
        const len = r.length_m !== undefined && !r.why
          ? ` The best route is ${fmtM(r.length_m, 1)} long.`
          : "";
        findings.push(openFinding({
          tool: "step_free_route",
          kind: "room",
          id: room.id,
          status: r.status,
          title,
          detail: `${capitalise(how)}.${len}`,
          subject: room.id,
          overlays: [
            ...ids,
            // An element's point overlay exists exactly when addElement marked it.
            ...[...r.blocking, ...r.close, ...r.unknown].filter((c) => markers.has(c.id))
              .map((c) => `element:${c.id}`),
          ],
        }));
      }
    }
    // The tree of each entrance that some room's best route starts from.
    const used = trees.filter((t) => [...fromStart.values()].includes(t.start));
    if (to === undefined) {
      for (const [k, u] of used.entries()) {
        // Only the edges some room's best route walks from this entrance: one readable tree,
        // without the branches that lead nowhere a room is reached from.
        const walked = new Set<number>();
        for (const [rid, start] of fromStart) {
          if (start === u.start) { for (const w of routes.get(rid)!.walk) walked.add(w.edge); }
        }
        const pruned = {
          ...u.tree,
          via: Int32Array.from(u.tree.via, (e) => (walked.has(e) ? e : -1)),
        };
        for (const t of routeTreeLines(graph, pruned)) {
          overlays.push({
            id: `routes:${t.floor}:${t.status}${k ? `:${u.start.id}` : ""}`,
            kind: "route",
            floor: t.floor,
            geometry: {
              type: "MultiLineString",
              coordinates: t.lines.map((l) => l.map((p) => [p[0], p[1]])),
            },
            status: t.status,
          });
        }
      }
    }
    const allChecks = [...elementChecks.values(), ...checks];
    const metrics: Metric[] = [
      { id: "rooms_reachable", label: "Rooms reachable", value: counts.pass },
      { id: "rooms_blocked", label: "Rooms blocked", value: counts.fail },
      { id: "rooms_too_close", label: "Too close to call", value: counts.warn },
      { id: "rooms_unknown", label: "Rooms not known", value: counts.unknown },
      { id: "clear_width_needed_m", label: "Door clear width needed", value: need_m, unit: "m" },
      {
        id: "longest_route_m",
        label: "Longest open route",
        value: longest ? round(longest.len) : null,
        unit: "m",
      },
    ];
    if (to !== undefined) {
      const r = routes.get(to)!;
      metrics.push({
        id: "route_length_m",
        label: `Route to ${to}`,
        value: r.length_m !== undefined && !r.why ? round(r.length_m) : null,
        unit: "m",
      });
    }
    const noThreshold = plan.openings.filter((o) =>
      o.kind === "door" && o.threshold_m === undefined
    )
      .map((o) => o.id);
    const assumptions: Assumption[] = [
      starts.length > 1
        ? {
          text:
            `No door to the outside is marked as the main entrance, so routes start from whichever of the ${starts.length} (${
              starts.map((o) => o.id).join(", ")
            }) serves each room best; ${
              used.map((u) =>
                `${u.start.id} for ${[...fromStart.values()].filter((o) => o === u.start).length}`
              ).join(", ")
            } room(s). Name one with entrance to start from it alone.`,
        }
        : { text: `Routes start outside ${start.id}: ${choice.basis}.` },
      {
        text: `Inside rooms the route keeps ${
          fmtM(needs.body_width_m / 2, 3)
        } (half of your chair and margin) from walls and scanned furniture, and ends at the room's door; lengths are metres walked.`,
      },
      ...(noThreshold.length && inputs.step_free
        ? [{
          text: `${noThreshold.length} door(s) record no threshold and are taken as flush: ${
            noThreshold.join(", ")
          }.`,
        }]
        : []),
      ...graph.notes.map((text) => ({ text: `${capitalise(text)}.` })),
      ...(to === undefined ? derivedAssumptions(derived) : []),
    ];
    const n = targets.length;
    const top = [...blockerCount.values()].sort((a, b) => b.n - a.n)[0];
    let status: Status;
    let text: string;
    const what = inputs.step_free ? "step-free" : "in a chair";
    const from = starts.length > 1
      ? `the best of ${starts.length} doors to the outside (${
        used.map((u) => u.start.id).join(", ")
      })`
      : start.id;
    if (counts.fail) {
      status = "fail";
      text =
        `${counts.fail} of ${n} rooms cannot be reached ${what} from ${from}; the most common barrier: ${top.c.text}` +
        (counts.warn ? `. ${counts.warn} more are too close to call` : "") + ".";
    } else if (counts.warn) {
      status = "warn";
      text =
        `${counts.warn} of ${n} rooms are reachable only within the scan's uncertainty (${TOO_CLOSE}).`;
    } else if (counts.pass) {
      status = "pass";
      text = n === 1
        ? `${targets[0].name ?? targets[0].id} can be reached ${what} from ${
          fromStart.get(targets[0].id)!.id
        }: ${fmtM(longest!.len, 1)}.`
        : `${
          counts.pass === n ? `All ${n}` : `${counts.pass} of ${n}`
        } rooms can be reached ${what} from ${from}; the longest route is ${
          fmtM(longest!.len, 1)
        } (to ${longest!.name}).`;
    } else {
      status = "unknown";
      text = `No room's route from ${from} could be judged.`;
    }
    if (counts.unknown && status !== "unknown") {
      // The truthful-verdict rule: what could not be judged comes first.
      text = `${counts.unknown} of ${n} rooms could not be judged. ${text}`;
    }
    ctx.step(
      `Done: ${counts.pass} reachable, ${counts.fail} blocked, ${counts.warn} too close, ${counts.unknown} unknown`,
    );
    return {
      verdict: { status, text },
      metrics,
      checks: allChecks,
      findings,
      overlays,
      assumptions,
    };
  },
}));
