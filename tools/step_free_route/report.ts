/**
 * step_free_route's wording and drawing: a check and a marker per judged element (with its
 * ADA 2010 section), a room's route lines, its reach check and finding, the route trees, the
 * assumptions and the verdict sentence. Only tools/step_free_route/mod.ts imports it.
 */
import type { Opening, Point, Room } from "../../ground/plan.ts";
import {
  type Assumption,
  type Check,
  type Finding,
  fmtM,
  type Metric,
  openFinding,
  type Overlay,
  type Said,
  type Status,
  TOO_CLOSE,
  type Verdict,
} from "../../core/result.ts";
import { pointGeometry, polygonGeometry } from "../../engines/geometry/geojson.ts";
import type { Constraint, Route, RouteStatus } from "../../engines/geometry/routes/mod.ts";
import { constraintSentence, saysTooClose } from "../../engines/geometry/routes/wording.ts";
import { capitalise, round } from "../../ground/text.ts";
import { ticker } from "../../ground/budget.ts";
import { unjudgedLead } from "../../core/verdict.ts";
import { wording } from "../../core/wording.ts";

/** The ADA 2010 section behind each kind of element check. */
const RULES: Partial<Record<Constraint["kind"], string>> = {
  clear_width: "404.2.3",
  threshold: "404.2.5",
  stair: "303.4",
  step: "303.4",
  ramp_slope: "405.2",
  passage: "403.5.1",
};

/** A constraint's sentence, made once however many routes name it (a run's constraints are fixed by then). */
export type Words = (c: Constraint) => string;

/**
 * Words for the constraints a result shows, each worded once (engines/geometry/routes/wording.ts,
 * in the run's unit system): the engine gives codes and data only.
 */
export function constraintWords(): Words {
  const said = new Map<Constraint, string>();
  return (c) => {
    let t = said.get(c);
    if (t === undefined) said.set(c, t = constraintSentence(c));
    return t;
  };
}

/** An element judged on the way (a door, step, stair, ramp, passage) as a check. */
export function elementCheck(c: Constraint, governs: string, words: Words): Check {
  const section = RULES[c.kind];
  const rule = section && (c.kind !== "clear_width" || governs === "minimum")
    ? { rule: { pack: "ada-2010", section } }
    : {};
  return {
    id: c.id,
    code: `element.${c.message}`,
    data: c.data as Record<string, unknown>,
    label: words(c),
    status: c.status,
    ...(c.measured !== undefined ? { measured: c.measured } : {}),
    ...(c.limit !== undefined ? { limit: c.limit } : {}),
    ...(c.unit ? { unit: c.unit } : {}),
    ...rule,
    subject: c.element,
    ...(c.status === "warn" ? { note: TOO_CLOSE } : {}),
  };
}

/**
 * Each room's route as results: the elements judged on the way as checks (each once, in the
 * order met, before the rooms' own) with a point for each that does not plainly pass, the
 * route's lines, the room shaded, its reach check, and a finding when it is not plainly
 * reachable.
 */
export function routeResults(
  targets: Room[],
  routes: Map<string, Route>,
  fromStart: Map<string, Opening>,
  governs: string,
  step_free: boolean,
  words: Words,
): { checks: Check[]; findings: Finding[]; overlays: Overlay[] } {
  const checks: Check[] = [];
  const elementChecks = new Map<string, Check>();
  const findings: Finding[] = [];
  const overlays: Overlay[] = [];
  const markers = new Set<string>();
  const addElement = (c: Constraint) => {
    if (elementChecks.has(c.id)) return;
    elementChecks.set(c.id, elementCheck(c, governs, words));
    if (c.at && c.floor && c.status !== "pass" && !markers.has(c.id)) {
      markers.add(c.id);
      overlays.push(elementMarker({ ...c, at: c.at, floor: c.floor }));
    }
  };
  const tick = ticker(64);
  for (const room of targets) {
    tick();
    const r = routes.get(room.id)!;
    const name = room.name ?? room.id;
    // Most routes judge nothing on the way: no lists to join for them.
    const judged = r.blocking.length + r.close.length + r.unknown.length > 0;
    if (judged) { for (const c of [...r.blocking, ...r.close, ...r.unknown]) addElement(c); }
    const legLines = legOverlays(room.id, r, name);
    overlays.push(...legLines);
    const how = routeHow(r, judged, words);
    overlays.push(roomOverlay(room, r, name));
    checks.push(reachCheck(room, name, r, fromStart.get(room.id)!.id, how));
    if (r.status !== "pass") {
      findings.push(
        roomFinding(room, name, r, how, step_free, legLines.map((o) => o.id), markers),
      );
    }
  }
  return { checks: [...elementChecks.values(), ...checks], findings, overlays };
}

/** The point marking an element that does not plainly pass. */
export function elementMarker(c: Constraint & { at: Point; floor: string }): Overlay {
  return {
    id: `element:${c.id}`,
    kind: "point",
    floor: c.floor,
    geometry: pointGeometry(c.at),
    status: c.status,
    label: c.element,
  };
}

/** A room's route as one line per leg, the last labelled with the room's name. */
export function legOverlays(roomId: string, r: Route, name: string): Overlay[] {
  return r.legs.map((leg, i) => ({
    id: `route:${roomId}:${i}`,
    kind: "route",
    floor: leg.floor,
    geometry: { type: "LineString", coordinates: leg.points.map(([x, y]) => [x, y]) },
    status: r.status,
    ...(i === r.legs.length - 1 ? { label: name } : {}),
  }));
}

/**
 * How a route went, in words: why there is none, or its blocking, unknown and too-close
 * elements. Within uncertainty is warn, everywhere: beside what blocks a route (or is not
 * known), an element within the scan's uncertainty is said to be too close to call, so no
 * sentence of a failed room reads as if "0.84 m clear; 0.71 m needed" had failed.
 */
export function routeHow(r: Route, judged: boolean, words: Words): string {
  const closeText = (c: Constraint) =>
    r.status === "warn" || saysTooClose(c) ? words(c) : `${words(c)} (too close to call)`;
  return r.why ??
    (judged
      ? [
        ...r.blocking.map(words),
        ...r.unknown.map(words),
        ...r.close.map(closeText),
      ]
        .join("; ")
      : "");
}

/** The room shaded by whether it can be reached (pass), not (fail) or is not known. */
export function roomOverlay(room: Room, r: Route, name: string): Overlay {
  return {
    id: `room:${room.id}`,
    kind: "room",
    floor: room.floor,
    geometry: polygonGeometry(room.polygon),
    status: r.status,
    label: name,
  };
}

/** Whether a room can be reached, as a check. */
export function reachCheck(room: Room, name: string, r: Route, fromId: string, how: string): Check {
  // Keys set in the order the spreads of optional parts gave, without an object per part.
  // Performance (issue 29): a 1,000-room run makes 1,000 of these.
  const data: Record<string, unknown> = { room: name, from: fromId };
  if (r.length_m !== undefined) data.length_m = r.length_m;
  if (r.why) data.why = r.why;
  data.blocking = ids(r.blocking), data.close = ids(r.close), data.unknown = ids(r.unknown);
  const check: Check = {
    id: `reach:${room.id}`,
    code: "room.reach",
    data,
    label: `${name}: the way from ${fromId}`,
    status: r.status,
  };
  if (r.length_m !== undefined && r.status !== "unknown") {
    check.measured = r.length_m, check.unit = "m";
  }
  check.subject = room.id;
  if (how) check.note = r.status === "warn" ? `${TOO_CLOSE}: ${how}` : how;
  return check;
}

/** The constraints' ids (a new empty list for none, without a callback). */
function ids(cs: Constraint[]): string[] {
  const out = new Array<string>(cs.length);
  for (let i = 0; i < cs.length; i++) out[i] = cs[i].id;
  return out;
}

/** A room's finding when it is not plainly reachable: its route lines and marked elements. */
export function roomFinding(
  room: Room,
  name: string,
  r: Route,
  how: string,
  step_free: boolean,
  legIds: string[],
  markers: Set<string>,
): Finding {
  // The title names the room and what stops the way to it, by name (ids here become names,
  // tools/_shared/refs.ts); its numbers stay in the detail.
  const at = (cs: Constraint[]) => {
    const els = [...new Set(cs.map((c) => c.element))];
    return els.length ? `${els.slice(0, 3).join(", ")}${els.length > 3 ? " and more" : ""}` : "";
  };
  const blocked = at(r.blocking), close = at(r.close), unknown = at(r.unknown);
  const title = r.status === "fail"
    ? `${name} cannot be reached ${step_free ? "step-free" : "in a chair"}${
      blocked ? `: blocked at ${blocked}` : ""
    }`
    : r.status === "warn"
    ? `The route to ${name} is too close to call${close ? ` at ${close}` : ""}`
    : `Whether ${name} can be reached is unknown${unknown ? `: not known at ${unknown}` : ""}`;
  const len = r.length_m !== undefined && !r.why
    ? ` The best route is ${fmtM(r.length_m, 1)} long.`
    : "";
  return openFinding({
    tool: "step_free_route",
    kind: "room",
    id: room.id,
    code: r.status === "fail"
      ? "room.unreachable"
      : r.status === "warn"
      ? "room.too_close"
      : "room.unknown",
    data: {
      room: name,
      step_free,
      ...(r.length_m !== undefined && !r.why ? { length_m: r.length_m } : {}),
      ...(r.why ? { why: r.why } : {}),
      elements: [...r.blocking, ...r.unknown, ...r.close].map((c) => ({
        id: c.id,
        code: c.message,
        status: c.status,
      })),
    },
    status: r.status,
    title,
    detail: `${capitalise(how)}.${len}`,
    subject: room.id,
    overlays: [
      ...legIds,
      // An element's point overlay exists exactly when it was marked.
      ...[...r.blocking, ...r.close, ...r.unknown].filter((c) => markers.has(c.id))
        .map((c) => `element:${c.id}`),
    ],
  });
}

/** A start's route tree as one multi-line per floor and status. */
export function treeOverlays(
  lines: { floor: string; status: RouteStatus; lines: Point[][] }[],
  suffix: string,
): Overlay[] {
  return lines.map((t) => ({
    id: `routes:${t.floor}:${t.status}${suffix}`,
    kind: "route",
    floor: t.floor,
    geometry: {
      type: "MultiLineString",
      coordinates: t.lines.map((l) => l.map((p) => [p[0], p[1]])),
    },
    status: t.status,
  }));
}

/** The door width a route needs, and where it came from (the chair, or the width given). */
interface Need {
  need_m: number;
  governs: string;
  chair_width_m: number;
  side_margin_m: number;
}

/** Where the limit came from, in the step log: the chair, or the width the person gave. */
const needWhy = (d: Need) =>
  d.governs === "chair"
    ? `your ${fmtM(d.chair_width_m)} chair plus ${fmtM(d.side_margin_m)} beside it`
    : `the door clear width you gave`;

/** step_free_route's steps and assumptions, made from codes and data (core/wording.ts). */
export const say = wording<{
  "step.graph_each": Need & { doors: number };
  "step.graph_from": Need & { from: string; basis: string };
  "step.routing": { to?: string; rooms: number };
  "step.done": Record<RouteStatus, number>;
  "assumption.each_entrance": { doors: string[]; used: { door: string; rooms: number }[] };
  "assumption.entrance": { from: string; basis: string };
  "assumption.clearance": { keep_m: number };
  "assumption.flush_doors": { doors: string[] };
  /** A note of the route graph (engines/geometry/routes), as it says it. */
  "assumption.graph_note": { note: string };
}>({
  "step.graph_each": (d) =>
    `Building the route graph from each of the ${d.doors} doors to the outside (none is marked as the main entrance); doors need ${
      fmtM(d.need_m, 3)
    } (${needWhy(d)})`,
  "step.graph_from": (d) =>
    `Building the route graph from ${d.from} (${d.basis}); doors need ${fmtM(d.need_m, 3)} (${
      needWhy(d)
    })`,
  "step.routing": (d) => `Routing to ${d.to ?? `${d.rooms} rooms`}`,
  "step.done": (d) =>
    `Done: ${d.pass} reachable, ${d.fail} blocked, ${d.warn} too close, ${d.unknown} unknown`,
  "assumption.each_entrance": (d) =>
    `No door to the outside is marked as the main entrance, so routes start from whichever of the ${d.doors.length} (${
      d.doors.join(", ")
    }) serves each room best; ${
      d.used.map((u) => `${u.door} for ${u.rooms}`).join(", ")
    } room(s). Name one with entrance to start from it alone.`,
  "assumption.entrance": (d) => `Routes start outside ${d.from}: ${d.basis}.`,
  "assumption.clearance": (d) =>
    `Inside rooms the route keeps ${
      fmtM(d.keep_m, 3)
    } (half of your chair and margin) from walls and scanned furniture, and ends at the room's door; lengths are metres walked.`,
  "assumption.flush_doors": (d) =>
    `${d.doors.length} door(s) record no threshold and are taken as flush: ${d.doors.join(", ")}.`,
  "assumption.graph_note": (d) => `${capitalise(d.note)}.`,
});

/** The step-log step for building the graph: from where, and the door width needed. */
export function graphStep(
  starts: Opening[],
  basis: string,
  need_m: number,
  governs: string,
  { chair_width_m, side_margin_m }: { chair_width_m: number; side_margin_m: number },
): Said {
  const need = { need_m, governs, chair_width_m, side_margin_m };
  return starts.length > 1
    ? say.step("step.graph_each", { ...need, doors: starts.length })
    : say.step("step.graph_from", { ...need, from: starts[0].id, basis });
}

/** What the assumptions are worded from. */
export interface RouteAssumptionParts {
  starts: Opening[];
  used: Opening[];
  fromStart: Map<string, Opening>;
  basis: string;
  body_width_m: number;
  noThreshold: string[];
  step_free: boolean;
  graphNotes: string[];
}

/** The run's assumptions: where routes start, the clearance kept, flush doors, the graph's notes. */
export function routeAssumptions(p: RouteAssumptionParts): Assumption[] {
  const { starts, used, fromStart, noThreshold } = p;
  return [
    starts.length > 1
      ? say.assumption("assumption.each_entrance", {
        doors: starts.map((o) => o.id),
        used: used.map((u) => ({
          door: u.id,
          rooms: [...fromStart.values()].filter((o) => o === u).length,
        })),
      })
      : say.assumption("assumption.entrance", { from: starts[0].id, basis: p.basis }),
    say.assumption("assumption.clearance", { keep_m: p.body_width_m / 2 }),
    ...(noThreshold.length && p.step_free
      ? [say.assumption("assumption.flush_doors", { doors: noThreshold })]
      : []),
    ...p.graphNotes.map((note) => say.assumption("assumption.graph_note", { note })),
  ];
}

/** What the verdict is worded from. */
export interface RouteVerdictParts {
  counts: Record<RouteStatus, number>;
  targets: Room[];
  starts: Opening[];
  used: Opening[];
  fromStart: Map<string, Opening>;
  longest?: { len: number; name: string };
  top?: { c: Constraint; n: number };
  step_free: boolean;
  /** The rooms reachable only within the uncertainty, and where (element ids, named later). */
  close?: { rooms: string[]; at: string[] };
  words: Words;
}

/** The verdict: blocked rooms first, then too close, then reachable; what is unknown leads. */
export function routeVerdict(p: RouteVerdictParts): Verdict {
  const { counts, targets, starts, used, longest, top } = p;
  const n = targets.length;
  let status: Status;
  let text: string;
  const what = p.step_free ? "step-free" : "in a chair";
  const from = starts.length > 1
    ? `the best of ${starts.length} doors to the outside (${used.map((u) => u.id).join(", ")})`
    : starts[0].id;
  if (counts.fail) {
    status = "fail";
    text =
      `${counts.fail} of ${n} rooms cannot be reached ${what} from ${from}; the most common barrier: ${
        p.words(top!.c)
      }` +
      (counts.warn ? `. ${counts.warn} more are too close to call` : "") + ".";
  } else if (counts.warn) {
    status = "warn";
    const list = (xs: string[]) =>
      `${xs.slice(0, 3).join(", ")}${xs.length > 3 ? ` and ${xs.length - 3} more` : ""}`;
    const which = p.close?.rooms.length
      ? `: ${list(p.close.rooms)}${p.close.at.length ? `, at ${list(p.close.at)}` : ""}`
      : "";
    text =
      `${counts.warn} of ${n} rooms are reachable only within the scan's uncertainty (${TOO_CLOSE})${which}.`;
  } else if (counts.pass) {
    status = "pass";
    text = n === 1
      ? `${targets[0].name ?? targets[0].id} can be reached ${what} from ${
        p.fromStart.get(targets[0].id)!.id
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
    text = `${unjudgedLead(counts.unknown, n, "room")}. ${text}`;
  }
  const code = counts.fail
    ? "verdict.unreachable"
    : counts.warn
    ? "verdict.too_close"
    : counts.pass
    ? "verdict.reachable"
    : "verdict.none_judged";
  return {
    status,
    code,
    data: {
      rooms: n,
      ...counts,
      step_free: p.step_free,
      starts: starts.map((o) => o.id),
      used: used.map((o) => o.id),
      ...(top ? { barrier: { id: top.c.id, code: top.c.message, rooms: top.n } } : {}),
      ...(longest ? { longest_m: longest.len, longest_room: longest.name } : {}),
      ...(counts.unknown && status !== "unknown" ? { unjudged: counts.unknown } : {}),
    },
    text,
  };
}

/** The run's metrics: rooms by status, the door width needed, the longest open route. */
export function routeMetrics(
  counts: Record<RouteStatus, number>,
  need_m: number,
  longest: { len: number; name: string } | undefined,
  one?: { to: string; route: Route },
): Metric[] {
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
  if (one) {
    const r = one.route;
    metrics.push({
      id: "route_length_m",
      label: `Route to ${one.to}`,
      value: r.length_m !== undefined && !r.why ? round(r.length_m) : null,
      unit: "m",
    });
  }
  return metrics;
}
