/**
 * House-level labels: the rooms of a home labelled at once, as a linear assignment problem
 * (Kuhn 1955, "The Hungarian method for the assignment problem", Naval Research Logistics
 * Quarterly 2; Munkres 1957, "Algorithms for the assignment and transportation problems", J. SIAM
 * 5(1)), solved by `npm:munkres`. Rows are the rooms; columns are one slot per label the home is
 * known to need — a kitchen when a stove, microwave or a sink away from any toilet is seen, a
 * bathroom when a toilet is seen, a garage when a vehicle door exists — and one free slot per
 * remaining room. A room's cost for a needed slot is −ln of its score for that label; for a free
 * slot, −ln of its best score. The square matrix makes every needed slot filled by a different
 * room at the least total cost, so a need goes to the room that loses least by taking it.
 * A room that fills a need is decided by the house ({@link HouseLabel.clear}) only when its score
 * for the label is at least {@link HOUSE_MARGIN} times every other room's: the home's clear
 * candidate, not a toss-up.
 *
 * The door graph (which rooms each room's doors and openings open into, {@link doorGraph}) adds
 * one pairwise rule: bedrooms open off a hallway rather than off the kitchen. A door into an open
 * plan opens into the part its nearest panorama shows ({@link DoorEdge.seen}), not the whole
 * room's label (a bedroom off the hall end of "living + dining + kitchen + hallway" is not off the
 * kitchen). A room whose doors open into a room the house labels kitchen and into no hallway pays {@link BEDROOM_OFF_KITCHEN_COST}
 * more for the label bedroom (for a free slot, its cost is the least over labels of −ln score +
 * door cost). Since the cost depends on the neighbours' labels, the assignment is solved again
 * with the costs of the last labels until no label changes (iterated conditional modes, Besag
 * 1986, "On the statistical analysis of dirty pictures", J. R. Stat. Soc. B 48(3)), at most
 * {@link DOOR_ROUNDS} times.
 */
import munkres from "npm:munkres@2.0.4";
import type { Opening, Point, RoomLabel } from "../../ground/plan.ts";
import { CANDIDATE_LABELS, isEvidence } from "./labels.ts";

/** A room as the house sees it: its scores over {@link CANDIDATE_LABELS} and what was seen. */
export interface HouseRoom {
  id: string;
  /** Scores in CANDIDATE_LABELS order (a softmax: they sum to 1). */
  scores: number[];
  objects: { label: string; score: number }[];
  widest_door_m: number;
}

/** A label the home needs, and the rooms whose evidence says so. */
export interface HouseNeed {
  label: RoomLabel;
  code: "need.kitchen" | "need.bathroom" | "need.garage";
  because: string[];
}

/** The house's label for one room. */
export interface HouseLabel {
  id: string;
  label: RoomLabel;
  /** The need this room fills, when it fills one. */
  need?: HouseNeed["code"];
  /** For a room filling a need: its score is ≥ HOUSE_MARGIN × every other room's for it. */
  clear?: boolean;
  /** Set when the door rule weighed on this room's label (see {@link DoorRule}). */
  door?: DoorRule;
}

/** The door rule as it weighed on one room: its doors open into a kitchen and no hallway. */
export interface DoorRule {
  code: "house.bedroom_off_kitchen";
  /** The rooms its doors open into that the house labels kitchen. */
  kitchens: string[];
  /** The nats added to the label bedroom's cost ({@link BEDROOM_OFF_KITCHEN_COST}). */
  cost: number;
  /** Its scores with the door cost applied (exp(−cost) on bedroom, renormalised), in
   * CANDIDATE_LABELS order, and the best of them: what the house says the room is. */
  scores: number[];
  best: RoomLabel;
  score: number;
}

/**
 * The extra cost (nats) of the label bedroom for a room opening into a kitchen and no hallway:
 * ln 4, a bedroom off the kitchen taken as a quarter as likely. Set by hand from what the rule
 * means, not fitted: the one sample house has no such room to fit it on.
 */
export const BEDROOM_OFF_KITCHEN_COST = Math.log(4);
/** The most times the assignment is solved again for the door rule. */
export const DOOR_ROUNDS = 5;

/** One door or opening of a room in the door graph: the room it opens into, and where. */
export interface DoorEdge {
  into: string;
  at: Point;
  /**
   * When the room it opens into is an open plan of several parts: the label its part at this door
   * shows (the label of that room's panorama nearest the door; "unknown" when that panorama was not
   * seen or commits to none). Used instead of the whole room's label.
   */
  seen?: RoomLabel | "unknown";
}

/**
 * The plan's door graph: for each room, its doors and openings (not windows) and the room each
 * opens into; doors to the outside (null) are left out.
 */
export function doorGraph(
  openings: readonly Pick<Opening, "kind" | "between" | "at">[],
): Map<string, DoorEdge[]> {
  const out = new Map<string, DoorEdge[]>();
  const link = (a: string, b: string, at: Point) =>
    out.set(a, [...out.get(a) ?? [], { into: b, at }]);
  for (const o of openings) {
    if (o.kind === "window") continue;
    const [a, b] = o.between;
    if (a === null || b === null || a === b) continue;
    link(a, b, o.at), link(b, a, o.at);
  }
  return out;
}

/** How many times another room's score the filler's must be for the house to decide it. */
export const HOUSE_MARGIN = 2;

const KITCHEN_ONLY = new Set(["oven", "microwave"]);

/** What the home needs, from the evidence of its rooms. */
export function houseNeeds(rooms: HouseRoom[]): HouseNeed[] {
  const has = (r: HouseRoom, cls: string) =>
    r.objects.some((o) => o.label === cls && isEvidence(o));
  const kitchen = rooms.filter((r) =>
    [...KITCHEN_ONLY].some((c) => has(r, c)) || (has(r, "sink") && !has(r, "toilet"))
  );
  const bath = rooms.filter((r) => has(r, "toilet"));
  const garage = rooms.filter((r) => r.widest_door_m >= 2.2);
  const needs: HouseNeed[] = [];
  if (kitchen.length) {
    needs.push({ label: "kitchen", code: "need.kitchen", because: kitchen.map((r) => r.id) });
  }
  if (bath.length) {
    needs.push({ label: "bathroom", code: "need.bathroom", because: bath.map((r) => r.id) });
  }
  if (garage.length) {
    needs.push({ label: "garage", code: "need.garage", because: garage.map((r) => r.id) });
  }
  return needs;
}

/** Every room's label, chosen for the whole home at once (see the module comment). */
export function assignHouse(
  rooms: HouseRoom[],
  needs = houseNeeds(rooms),
  doors: Map<string, DoorEdge[]> = new Map(),
): HouseLabel[] {
  let out = assignOnce(rooms, needs, new Map());
  for (let round = 0; round < DOOR_ROUNDS; round++) {
    const rules = doorRules(rooms, out, doors);
    const next = assignOnce(rooms, needs, rules);
    const same = next.every((h, i) => h.label === out[i].label);
    out = next;
    if (same) break;
  }
  return out;
}

/** The door rule for each room its doors open into a kitchen and no hallway, given labels. */
function doorRules(
  rooms: HouseRoom[],
  labels: HouseLabel[],
  doors: Map<string, DoorEdge[]>,
): Map<string, DoorRule> {
  const labelOf = new Map(labels.map((h) => [h.id, h.label]));
  const bed = CANDIDATE_LABELS.indexOf("bedroom");
  const out = new Map<string, DoorRule>();
  for (const r of rooms) {
    const into = (doors.get(r.id) ?? []).map((e) => ({
      id: e.into,
      label: e.seen ?? labelOf.get(e.into),
    }));
    const kitchens = [...new Set(into.filter((e) => e.label === "kitchen").map((e) => e.id))];
    if (!kitchens.length || into.some((e) => e.label === "hallway")) continue;
    const cost = BEDROOM_OFF_KITCHEN_COST;
    const w = r.scores.map((p, i) => i === bed ? p * Math.exp(-cost) : p);
    const sum = w.reduce((a, b) => a + b, 0);
    const scores = w.map((p) => p / sum);
    const k = scores.indexOf(Math.max(...scores));
    out.set(r.id, {
      code: "house.bedroom_off_kitchen",
      kitchens,
      cost,
      scores,
      best: CANDIDATE_LABELS[k],
      score: scores[k],
    });
  }
  return out;
}

/** One solve of the assignment with the given door rules' costs. */
function assignOnce(
  rooms: HouseRoom[],
  needs: HouseNeed[],
  rules: Map<string, DoorRule>,
): HouseLabel[] {
  const n = rooms.length;
  if (!n) return [];
  const used = needs.slice(0, n);
  const cost = (p: number) => -Math.log(Math.max(p, 1e-12));
  const idx = (l: RoomLabel) => CANDIDATE_LABELS.indexOf(l);
  // A room's scores with its door rule's cost applied (the same order; renormalising changes
  // every cost of a row by one constant, which moves no assignment).
  const sc = rooms.map((r) => rules.get(r.id)?.scores ?? r.scores);
  const best = sc.map((s) => s.indexOf(Math.max(...s)));
  const matrix = rooms.map((_, i) =>
    Array.from(
      { length: n },
      (_, j) => j < used.length ? cost(sc[i][idx(used[j].label)]) : cost(sc[i][best[i]]),
    )
  );
  const out: HouseLabel[] = rooms.map((r, i) => ({
    id: r.id,
    label: CANDIDATE_LABELS[best[i]],
    ...(rules.has(r.id) ? { door: rules.get(r.id)! } : {}),
  }));
  for (const [i, j] of munkres(matrix)) {
    if (j >= used.length) continue;
    const l = used[j].label, p = sc[i][idx(l)];
    const others = sc.filter((_, k) => k !== i).map((s) => s[idx(l)]);
    out[i] = {
      ...out[i],
      label: l,
      need: used[j].code,
      clear: others.every((q) => p >= HOUSE_MARGIN * q),
    };
  }
  return out;
}

/** A room with a single door, and the room that door opens into. */
export interface OneDoor {
  id: string;
  into: string;
}

/** How a nested small room was decided: a closet in a bedroom, or storage off a living space. */
export interface NestLabel {
  label: "closet" | "storage";
  code: "house.closet_in_bedroom" | "house.storage_off_room";
  into: string;
  into_label: RoomLabel;
  /** The room's closet and storage scores together: what the rule splits. */
  score: number;
}

/** Labels whose small rooms are storage (a pantry, a linen or coat cupboard) rather than closets. */
const STORAGE_OFF: RoomLabel[] = ["kitchen", "dining", "hallway", "living", "entrance", "garage"];

/**
 * Closets inside bedrooms: a room whose two best labels are closet and storage, and whose only
 * door opens into a room the house labels bedroom, is a closet; opening into a kitchen, dining
 * room, hallway, living room, entrance or garage, it is storage (a pantry, a linen or coat
 * cupboard). Its score is the two labels' together — what the room is sure of; the door decides
 * between them. Rooms with other top labels, or more than one door, are left as they are.
 */
export function nestLabels(
  rooms: HouseRoom[],
  house: HouseLabel[],
  oneDoor: OneDoor[],
): Map<string, NestLabel> {
  const out = new Map<string, NestLabel>();
  const ci = CANDIDATE_LABELS.indexOf("closet"), si = CANDIDATE_LABELS.indexOf("storage");
  for (const d of oneDoor) {
    const r = rooms.find((x) => x.id === d.id);
    const into = house.find((h) => h.id === d.into);
    if (!r || !into) continue;
    const top2 = r.scores.map((s, i) => [s, i]).sort((a, b) => b[0] - a[0]).slice(0, 2)
      .map(([, i]) => i).sort((a, b) => a - b);
    if (top2[0] !== Math.min(ci, si) || top2[1] !== Math.max(ci, si)) continue;
    const score = r.scores[ci] + r.scores[si];
    if (into.label === "bedroom") {
      out.set(d.id, {
        label: "closet",
        code: "house.closet_in_bedroom",
        into: d.into,
        into_label: into.label,
        score,
      });
    } else if (STORAGE_OFF.includes(into.label)) {
      out.set(d.id, {
        label: "storage",
        code: "house.storage_off_room",
        into: d.into,
        into_label: into.label,
        score,
      });
    }
  }
  return out;
}
