/**
 * IFC room numbers are kept (issue 24 §4): two rooms of one name are told apart by their
 * numbers ("Foyer (A101)"), and a person may give the number as the room.
 */
import assert from "node:assert/strict";
import { goldenEntries } from "../_golden.ts";
import { planNames, resolveRef } from "../../ground/names.ts";
import type { Plan } from "../../ground/plan.ts";
import { isPlaceholderName } from "../../layers/ifc/storeys.ts";

const sq = (x: number): [number, number][] => [[x, 0], [x + 4, 0], [x + 4, 4], [x, 4]];
const plan = {
  floors: [{ id: "f0", name: "Level 1", index: 0, elevation_m: 0 }],
  rooms: [
    { id: "g1", floor: "f0", label: "entrance", name: "Foyer", number: "A101", polygon: sq(0) },
    { id: "g2", floor: "f0", label: "entrance", name: "Foyer", number: "B101", polygon: sq(4) },
    { id: "g3", floor: "f0", label: "kitchen", name: "Kitchen", polygon: sq(8) },
  ],
  openings: [],
  verticals: [],
} as unknown as Pick<Plan, "floors" | "rooms" | "openings" | "verticals">;

Deno.test("room numbers tell rooms of one name apart and are accepted as input", async (t) => {
  const said = goldenEntries("room_numbers_test", t);
  const names = planNames(plan);
  // Three rooms, three names: the two foyers told apart (the words: the golden file).
  assert.deepEqual([...names.room.keys()], ["g1", "g2", "g3"]);
  assert.equal(new Set(names.room.values()).size, 3);
  for (const n of names.room.values()) said.add(n);
  // The number alone, or the display name in any case, is the room.
  assert.deepEqual(resolveRef(plan, "room", "A101"), {
    ok: true,
    id: "g1",
    name: names.room.get("g1"),
  });
  const typed = names.room.get("g2")!.toLowerCase();
  assert.deepEqual(resolveRef(plan, "room", typed), {
    ok: true,
    id: "g2",
    name: names.room.get("g2"),
  });
  const r = resolveRef(plan, "room", "foyer");
  assert.equal(r.ok, false);
  assert.equal(!r.ok && r.reason, "ambiguous");
  await said.check();
});

Deno.test("IFC placeholders are not building names", () => {
  for (const n of ["Undefined", "Project Number", "  default ", "Unnamed", "$", "Projekt"]) {
    assert.equal(isPlaceholderName(n), n !== "$", n);
  }
  for (const n of ["Projekt-FZK-Haus", "IfcOpenHouse", "Duplex Apartment"]) {
    assert.equal(isPlaceholderName(n), false, n);
  }
});
