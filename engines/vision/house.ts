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
 */
import munkres from "npm:munkres@2.0.4";
import type { RoomLabel } from "../../ground/plan.ts";
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
export function assignHouse(rooms: HouseRoom[], needs = houseNeeds(rooms)): HouseLabel[] {
  const n = rooms.length;
  if (!n) return [];
  const used = needs.slice(0, n);
  const cost = (p: number) => -Math.log(Math.max(p, 1e-12));
  const idx = (l: RoomLabel) => CANDIDATE_LABELS.indexOf(l);
  const best = rooms.map((r) => r.scores.indexOf(Math.max(...r.scores)));
  const matrix = rooms.map((r, i) =>
    Array.from(
      { length: n },
      (_, j) => j < used.length ? cost(r.scores[idx(used[j].label)]) : cost(r.scores[best[i]]),
    )
  );
  const out: HouseLabel[] = rooms.map((r, i) => ({
    id: r.id,
    label: CANDIDATE_LABELS[best[i]],
  }));
  for (const [i, j] of munkres(matrix)) {
    if (j >= used.length) continue;
    const l = used[j].label, p = rooms[i].scores[idx(l)];
    const others = rooms.filter((_, k) => k !== i).map((r) => r.scores[idx(l)]);
    out[i] = {
      id: rooms[i].id,
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
