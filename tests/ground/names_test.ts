import { parsePlan } from "../../ground/plan.ts";
import { planNames, refProblem, resolveRef } from "../../ground/names.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { importSource } from "../../layers/mod.ts";
import { sharedData } from "../_data.ts";
import { assert, assertEquals } from "../_assert.ts";
import { assertGolden } from "../_golden.ts";

// Two floors, two bedrooms (one per floor), two unnamed bathrooms on one floor, a front door.
const plan = parsePlan({
  id: "names",
  floors: [{ id: "f0", index: 0, name: "Ground floor" }, { id: "f1", index: 1 }],
  rooms: [
    {
      id: "r_hall",
      floor: "f0",
      label: "hallway",
      name: "Hall",
      polygon: [[0, 0], [2, 0], [2, 2]],
    },
    {
      id: "r_b0",
      floor: "f0",
      label: "bedroom",
      name: "Bedroom",
      polygon: [[0, 0], [2, 0], [2, 2]],
    },
    {
      id: "r_b1",
      floor: "f1",
      label: "bedroom",
      name: "Bedroom",
      polygon: [[0, 0], [2, 0], [2, 2]],
    },
    { id: "r_ba", floor: "f1", label: "bathroom", polygon: [[0, 0], [2, 0], [2, 2]] },
    { id: "r_bb", floor: "f1", label: "bathroom", polygon: [[0, 0], [2, 0], [2, 2]] },
  ],
  openings: [
    {
      id: "d1",
      kind: "door",
      floor: "f0",
      between: ["r_hall", null],
      at: [0, 1],
      width_m: 0.9,
      main_entrance: true,
    },
    { id: "d2", kind: "door", floor: "f0", between: ["r_hall", "r_b0"], at: [1, 1], width_m: 0.8 },
    { id: "w1", kind: "window", floor: "f0", between: ["r_b0", null], at: [2, 1], width_m: 1.2 },
  ],
}).plan;

Deno.test("planNames: names, labels in words, floors by name or Level n, repeats told apart", async () => {
  const n = planNames(plan);
  // The names are the wording itself: every floor, room and opening's name, by id, as one
  // golden file (a bedroom per floor gets its floor; two bathrooms on one floor are numbered;
  // a door names the rooms on its sides).
  await assertGolden("sentences/plan_names", {
    floors: Object.fromEntries(n.floor),
    rooms: Object.fromEntries(n.room),
    openings: Object.fromEntries(n.opening),
    outside: n.of(null),
  });
  // Repeats are told apart: no two rooms share a name.
  assertEquals(new Set(n.room.values()).size, n.room.size);
});

Deno.test("resolveRef: an id, a name, a label or a display name, any case", () => {
  const id = (kind: "room" | "door" | "floor", q: string) => {
    const r = resolveRef(plan, kind, q);
    return r.ok ? r.id : r.reason;
  };
  // [kind, what a person typed, the id it resolves to or why not]
  const cases: ["room" | "door" | "floor", string, string][] = [
    ["room", "r_hall", "r_hall"],
    ["room", "HALL", "r_hall"],
    ["room", "hallway", "r_hall"],
    ["room", "bedroom (level 1)", "r_b1"],
    ["room", "bedroom", "ambiguous"],
    ["room", "bathroom (2)", "r_bb"],
    ["room", "garage", "unknown"],
    ["door", "front door", "d1"],
    ["door", "door (hall ↔ bedroom (ground floor))", "d2"],
    ["floor", "level 1", "f1"],
    ["floor", "ground floor", "f0"],
  ];
  for (const [kind, q, want] of cases) assertEquals(id(kind, q), want, `${kind} ${q}`);
});

Deno.test("refProblem: ambiguous names the candidates; unknown lists every room by name", async () => {
  const r = resolveRef(plan, "room", "bedroom");
  assert(!r.ok);
  assertEquals([r.reason, r.candidates.map((c) => c.id)], ["ambiguous", ["r_b0", "r_b1"]]);
  const u = resolveRef(plan, "room", "garage");
  assert(!u.ok);
  assertEquals([u.reason, u.candidates.length], ["unknown", 5]);
  // The two sentences, as a golden file: the candidates by name; every room by name.
  await assertGolden("sentences/ref_problems", [
    refProblem("room", "bedroom", r),
    refProblem("room", "garage", u, "names"),
  ]);
});

Deno.test("planNames on the real IFC sample: no GUID in any name; German names resolve", async () => {
  const { loaded } = await importSource(sharedData("ifc/AC20-FZK-Haus.ifc"), { id: "fzk" });
  const p = loaded.plan;
  const n = planNames(p);
  const all = [...n.floor.values(), ...n.room.values(), ...n.opening.values()];
  const guid = /[0-9A-Za-z_$]{22}/;
  assertEquals(all.filter((x) => guid.test(x)), []);
  assertEquals(n.floor.get(p.floors[0].id), "Erdgeschoss");
  const bad = resolveRef(p, "room", "bad");
  assert(bad.ok && p.rooms.find((r) => r.id === bad.id)!.name === "Bad");
  const bath = resolveRef(p, "room", "bathroom");
  assert(bath.ok && bath.id === bad.id);
  const kitchen = resolveRef(p, "room", "Kitchen");
  assert(kitchen.ok && p.rooms.find((r) => r.id === kitchen.id)!.name === "Küche");
});

Deno.test("planNames on the demo building: every room and door has a distinct name", () => {
  const p = BUILTIN_SCANS.demo().plan;
  const n = planNames(p);
  assertEquals(new Set(n.room.values()).size, p.rooms.length);
  assertEquals(new Set(n.opening.values()).size, p.openings.length);
});
