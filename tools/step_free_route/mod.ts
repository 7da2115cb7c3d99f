/**
 * step_free_route: from the main entrance to every room (or one), can a wheelchair user get
 * there? Routes come from engines/geometry/routes.ts: doors judged against the clear width
 * needed (default ADA 2010 §404.2.3, 815 mm, or the chair plus margin), thresholds against the
 * highest step (default ADA §404.2.5, 13 mm), stairs blocked when step-free (ADA §303),
 * ramps against the steepest slope (default ADA §405.2, 1:12), and rooms crossed keeping half
 * the traveller's width from walls and furniture.
 */
import { InputError } from "../../core/errors.ts";
import { fill, tool, z } from "../../core/manifest.ts";
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
import { pointGeometry } from "../../engines/geometry/geojson.ts";
import {
  type Constraint,
  pickEntrance,
  type Route,
  routesFrom,
  routeTreeLines,
} from "../../engines/geometry/routes/mod.ts";
import {
  chair_width_m,
  max_ramp_slope,
  max_step_m,
  min_clear_width_m,
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

export default tool({
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
    min_clear_width_m,
    max_step_m,
    max_ramp_slope,
    step_free,
    entrance: z.string().min(1).optional().meta({
      ask: "Which door to the outside is the main entrance (its id)?",
      description:
        "The door to start from (an opening id leading outside); the marked main entrance when left out.",
    }),
    to: z.string().min(1).optional().meta({
      ask: "Which room should the route go to (its id)?",
      description: "Only this room (its id); every room when left out.",
      refers: "room",
    }),
  }),
  requires: [{ layer: "plan.rooms" }, { layer: "plan.doors" }],
  blocks: JUDGED_BLOCKS,
  draws: ["route", "point"],
  read_only: true,
  run(ctx, inputs) {
    const { scan, entrance, to } = inputs;
    const plan = ctx.plan(scan);
    const choice = pickEntrance(plan, entrance);
    if (entrance !== undefined && !choice.entrance) {
      throw new InputError(
        "entrance",
        `${choice.basis}; doors to the outside: ${
          choice.candidates.map((o) => o.id).join(", ") || "none"
        }`,
      );
    }
    if (to !== undefined && !plan.rooms.some((r) => r.id === to)) {
      throw new InputError(
        "to",
        `no room ${JSON.stringify(to)} in scan ${scan}; rooms: ${
          plan.rooms.map((r) => r.id).join(", ")
        }`,
      );
    }
    if (!choice.entrance) {
      const text = choice.candidates.length
        ? `${choice.basis}: run again with entrance set to one of them.`
        : `Scan ${scan}: ${choice.basis}, so there is nowhere to start a route from.`;
      return { verdict: { status: "unknown", text } };
    }
    const start = choice.entrance;
    const { need_m, governs } = neededClearWidth(
      inputs.min_clear_width_m,
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
    ctx.step(
      `Building the route graph from ${start.id} (${choice.basis}); doors need ${fmtM(need_m, 3)}`,
    );
    // One room: its own route drawn; every room: the tree of routes, one overlay per floor.
    const { graph, tree, routes } = routesFrom(plan, needs, start.id, { legs: to !== undefined });
    ctx.step(`Routing to ${to ?? `${plan.rooms.length} rooms`}`);
    const targets = plan.rooms.filter((r) => to === undefined || r.id === to);

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
    for (const room of targets) {
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
      const how = r.why ??
        (judged ? [...r.blocking, ...r.unknown, ...r.close].map((c) => c.text).join("; ") : "");
      checks.push({
        id: `reach:${room.id}`,
        label: `${name}: reachable from ${start.id}`,
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
    if (to === undefined) {
      for (const t of routeTreeLines(graph, tree)) {
        overlays.push({
          id: `routes:${t.floor}:${t.status}`,
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
      { text: `Routes start outside ${start.id}: ${choice.basis}.` },
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
    ];
    const n = targets.length;
    const top = [...blockerCount.values()].sort((a, b) => b.n - a.n)[0];
    let status: Status;
    let text: string;
    const what = inputs.step_free ? "step-free" : "in a chair";
    if (counts.fail) {
      status = "fail";
      text =
        `${counts.fail} of ${n} rooms cannot be reached ${what} from ${start.id}; the most common barrier: ${top.c.text}` +
        (counts.warn ? `. ${counts.warn} more are too close to call` : "") + ".";
    } else if (counts.warn) {
      status = "warn";
      text =
        `${counts.warn} of ${n} rooms are reachable only within the scan's uncertainty (${TOO_CLOSE}).`;
    } else if (counts.pass) {
      status = "pass";
      text = n === 1
        ? `${targets[0].name ?? targets[0].id} can be reached ${what} from ${start.id}: ${
          fmtM(longest!.len, 1)
        }.`
        : `${
          counts.pass === n ? `All ${n}` : `${counts.pass} of ${n}`
        } rooms can be reached ${what} from ${start.id}; the longest route is ${
          fmtM(longest!.len, 1)
        } (to ${longest!.name}).`;
    } else {
      status = "unknown";
      text = `No room's route from ${start.id} could be judged.`;
    }
    if (counts.unknown && status !== "unknown") {
      text += ` ${counts.unknown} room(s) could not be judged.`;
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
});
