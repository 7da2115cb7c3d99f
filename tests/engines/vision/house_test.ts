/** House-level labels as an assignment problem (engines/vision/house.ts), by hand. */
import assert from "node:assert/strict";
import {
  assignHouse,
  houseNeeds,
  type HouseRoom,
  nestLabels,
} from "../../../engines/vision/house.ts";
import { CANDIDATE_LABELS } from "../../../engines/vision/labels.ts";
import type { RoomLabel } from "../../../ground/plan.ts";

/** Scores over the candidates: the given ones, the rest sharing what is left evenly. */
function scores(given: Partial<Record<RoomLabel, number>>): number[] {
  const left = 1 - Object.values(given).reduce((s, v) => s + v!, 0);
  const rest = CANDIDATE_LABELS.length - Object.keys(given).length;
  return CANDIDATE_LABELS.map((l) => given[l] ?? left / rest);
}
const room = (id: string, s: Partial<Record<RoomLabel, number>>, o: Partial<HouseRoom> = {}) => ({
  id,
  scores: scores(s),
  objects: [],
  widest_door_m: 0.8,
  ...o,
});

Deno.test("house: an oven seen makes the room that loses least a kitchen", () => {
  // A: laundry 0.40, kitchen 0.30 → taking the kitchen costs ln(0.40/0.30) = 0.29.
  // B: bedroom 0.70, kitchen 0.05 → ln(0.70/0.05) = 2.64. A is the kitchen; B keeps bedroom.
  const rooms = [
    room("A", { laundry: 0.4, kitchen: 0.3 }, { objects: [{ label: "oven", score: 0.4 }] }),
    room("B", { bedroom: 0.7, kitchen: 0.05 }),
  ];
  const needs = houseNeeds(rooms);
  assert.deepEqual(needs, [{ label: "kitchen", code: "need.kitchen", because: ["A"] }]);
  assert.deepEqual(assignHouse(rooms, needs), [
    { id: "A", label: "kitchen", need: "need.kitchen", clear: true },
    { id: "B", label: "bedroom" },
  ]);
});

Deno.test("house: the need goes to the cheaper room even when the evidence was seen elsewhere", () => {
  // The sink is seen from B (through a door), but A is the more kitchen-like room:
  // A: ln(0.35/0.35) = 0 to take the kitchen; B: ln(0.6/0.1) = 1.79.
  const rooms = [
    room("A", { kitchen: 0.35, dining: 0.3 }),
    room("B", { hallway: 0.6, kitchen: 0.1 }, { objects: [{ label: "sink", score: 0.4 }] }),
  ];
  const h = assignHouse(rooms);
  assert.deepEqual(h.map((x) => x.label), ["kitchen", "hallway"]);
  assert.equal(h[0].clear, true, "0.35 ≥ 2 × 0.10");
});

Deno.test("house: two near candidates fill the need but the house does not decide it", () => {
  const rooms = [
    room("A", { kitchen: 0.3, laundry: 0.32 }, { objects: [{ label: "microwave", score: 0.5 }] }),
    room("B", { kitchen: 0.25, dining: 0.3 }),
  ];
  const h = assignHouse(rooms);
  // A: ln(0.32/0.30) = 0.065; B: ln(0.30/0.25) = 0.18 → A is the kitchen, but 0.30 < 2 × 0.25.
  assert.deepEqual(h.map((x) => [x.label, x.clear]), [["kitchen", false], ["dining", undefined]]);
});

Deno.test("house: a toilet needs a bathroom, a vehicle door a garage; no needs, each room its best", () => {
  const rooms = [
    room("bath", { toilet: 0.5, bathroom: 0.4 }, { objects: [{ label: "toilet", score: 0.6 }] }),
    room("gar", { living: 0.5, garage: 0.45 }, { widest_door_m: 4.6 }),
    room("bed", { bedroom: 0.6 }),
  ];
  const needs = houseNeeds(rooms);
  assert.deepEqual(needs.map((x) => x.code), ["need.bathroom", "need.garage"]);
  assert.deepEqual(assignHouse(rooms).map((x) => x.label), ["bathroom", "garage", "bedroom"]);
  // A sink in the room with the toilet is a bathroom sink, not a kitchen.
  const sinkWc = [room("wc", { bathroom: 0.6 }, {
    objects: [{ label: "toilet", score: 0.6 }, { label: "sink", score: 0.5 }],
  })];
  assert.deepEqual(houseNeeds(sinkWc).map((x) => x.code), ["need.bathroom"]);
  const plain = [room("x", { bedroom: 0.4 }), room("y", { closet: 0.7 })];
  assert.deepEqual(houseNeeds(plain), []);
  assert.deepEqual(assignHouse(plain), [{ id: "x", label: "bedroom" }, {
    id: "y",
    label: "closet",
  }]);
  assert.deepEqual(assignHouse([]), []);
});

Deno.test("house: a closet-or-storage room is a closet off a bedroom, storage off a kitchen", () => {
  const rooms = [
    room("c1", { closet: 0.42, storage: 0.42 }),
    room("c2", { closet: 0.4, storage: 0.45 }),
    room("c3", { closet: 0.5, hallway: 0.4 }),
    room("bed", { bedroom: 0.7 }),
    room("kit", { kitchen: 0.7 }),
  ];
  const house = assignHouse(rooms);
  const nest = nestLabels(rooms, house, [
    { id: "c1", into: "bed" },
    { id: "c2", into: "kit" },
    { id: "c3", into: "bed" },
  ]);
  assert.deepEqual(nest.get("c1"), {
    label: "closet",
    code: "house.closet_in_bedroom",
    into: "bed",
    into_label: "bedroom",
    score: 0.84,
  });
  assert.equal(nest.get("c2")?.label, "storage");
  assert.ok(Math.abs(nest.get("c2")!.score - 0.85) < 1e-12);
  assert.equal(nest.has("c3"), false, "its second label is hallway: not the rule's to split");
  // A door into a bathroom decides nothing.
  const bath = [room("c", { closet: 0.42, storage: 0.42 }), room("b", { bathroom: 0.8 })];
  assert.equal(nestLabels(bath, assignHouse(bath), [{ id: "c", into: "b" }]).size, 0);
});
