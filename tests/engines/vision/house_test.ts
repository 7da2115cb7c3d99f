/** House-level labels as an assignment problem (engines/vision/house.ts), by hand. */
import assert from "node:assert/strict";
import {
  assignHouse,
  BEDROOM_OFF_KITCHEN_COST,
  doorGraph,
  houseNeeds,
  type HouseRoom,
  nestLabels,
} from "../../../engines/vision/house.ts";
import { CANDIDATE_LABELS } from "../../../engines/vision/labels.ts";
import { parsePlanText, type RoomLabel } from "../../../ground/plan.ts";
import { fixture } from "../../_data.ts";

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

// The door graph of a hand-made plan (fixtures/vision/door_graph.json): B1 opens only into the
// kitchen (two doors, and a window that is no door), B2 only into the hall; the kitchen into the
// hall and the outside (left out).
const doorPlan = parsePlanText(Deno.readTextFileSync(fixture("vision/door_graph.json"))).plan;

Deno.test("house: the door graph of a plan, a door an edge, windows and the outside left out", () => {
  const g = doorGraph(doorPlan.openings);
  const into = Object.fromEntries([...g].map(([id, e]) => [id, e.map((x) => x.into)]));
  assert.deepEqual(into, { K: ["H", "B1", "B1"], H: ["K", "B2"], B1: ["K", "K"], B2: ["H"] });
  assert.deepEqual(g.get("B2"), [{ into: "H", at: [6, 4.05] }]);
});

Deno.test("house: a bedroom-like room off the kitchen and no hallway pays the door cost; off the hall it does not", () => {
  // Both rooms score bedroom 0.5, dining 0.3. B1 opens only into K, which the oven makes the
  // kitchen: its bedroom score becomes 0.5 / 4 = 0.125 against dining 0.3, so dining is its best;
  // renormalised over 1 − 0.5 + 0.125 = 0.625: dining 0.3 / 0.625 = 0.48, bedroom 0.2.
  const rooms = [
    room("K", { kitchen: 0.5, laundry: 0.3 }, { objects: [{ label: "oven", score: 0.6 }] }),
    room("H", { hallway: 0.8 }),
    room("B1", { bedroom: 0.5, dining: 0.3 }),
    room("B2", { bedroom: 0.5, dining: 0.3 }),
  ];
  const doors = doorGraph(doorPlan.openings);
  const h = assignHouse(rooms, undefined, doors);
  assert.deepEqual(h.map((x) => x.label), ["kitchen", "hallway", "dining", "bedroom"]);
  const rule = h[2].door!;
  assert.equal(rule.code, "house.bedroom_off_kitchen");
  assert.deepEqual(rule.kitchens, ["K"]);
  assert.equal(rule.cost, BEDROOM_OFF_KITCHEN_COST);
  assert.equal(rule.best, "dining");
  assert.ok(Math.abs(rule.score - 0.48) < 1e-12, `${rule.score}`);
  const bed = CANDIDATE_LABELS.indexOf("bedroom");
  assert.ok(Math.abs(rule.scores[bed] - 0.2) < 1e-12);
  assert.equal(h[3].door, undefined, "B2 opens into the hall");
  // Without the door graph both stay bedrooms: the rule is what moved B1.
  assert.deepEqual(assignHouse(rooms).map((x) => x.label), [
    "kitchen",
    "hallway",
    "bedroom",
    "bedroom",
  ]);
  // A room far surer of bedroom keeps it under the cost: 0.8 / 4 = 0.2 > 0.1 dining.
  const sure = [rooms[0], rooms[1], room("B1", { bedroom: 0.8, dining: 0.1 }), rooms[3]];
  const hs = assignHouse(sure, undefined, doors);
  assert.equal(hs[2].label, "bedroom");
  assert.equal(hs[2].door?.best, "bedroom");
});

Deno.test("house: a door into the hallway as well lifts the rule; no kitchen in the home, no rule", () => {
  const rooms = [
    room("K", { kitchen: 0.5, laundry: 0.3 }, { objects: [{ label: "oven", score: 0.6 }] }),
    room("H", { hallway: 0.8 }),
    room("B1", { bedroom: 0.5, dining: 0.3 }),
  ];
  const e = (into: string) => ({ into, at: [0, 0] as [number, number] });
  const both = new Map([["K", [e("H"), e("B1")]], ["H", [e("K"), e("B1")]], [
    "B1",
    [e("K"), e("H")],
  ]]);
  const h = assignHouse(rooms, undefined, both);
  assert.equal(h[2].label, "bedroom");
  assert.equal(h[2].door, undefined);
  // The room K is no kitchen when nothing needs one and its best is laundry.
  const noOven = [room("K", { laundry: 0.5, kitchen: 0.3 }), rooms[1], rooms[2]];
  const hn = assignHouse(noOven, undefined, doorGraph(doorPlan.openings));
  assert.deepEqual(hn.map((x) => x.label), ["laundry", "hallway", "bedroom"]);
  assert.equal(hn[2].door, undefined);
});

Deno.test("house: a door into an open plan opens into the part its nearest panorama shows", () => {
  // O is one open space (kitchen + hall) that the house labels kitchen; B's door opens at its
  // hall end, where the nearest panorama says hallway: no rule. At the kitchen end: the rule.
  const rooms = [
    room("O", { kitchen: 0.5, living: 0.3 }, { objects: [{ label: "oven", score: 0.6 }] }),
    room("B", { bedroom: 0.5, dining: 0.3 }),
  ];
  const at: [number, number] = [1, 1];
  const hall = new Map([["B", [{ into: "O", at, seen: "hallway" as const }]]]);
  assert.deepEqual(assignHouse(rooms, undefined, hall).map((x) => [x.label, !!x.door]), [
    ["kitchen", false],
    ["bedroom", false],
  ]);
  const unseen = new Map([["B", [{ into: "O", at, seen: "unknown" as const }]]]);
  assert.equal(assignHouse(rooms, undefined, unseen)[1].door, undefined, "not seen: no rule");
  const kit = new Map([["B", [{ into: "O", at, seen: "kitchen" as const }]]]);
  const h = assignHouse(rooms, undefined, kit);
  assert.deepEqual([h[1].label, h[1].door?.kitchens], ["dining", ["O"]]);
});
