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
