/**
 * IFC room numbers are kept (issue 24 §4): two rooms of one name are told apart by their
 * numbers ("Foyer (A101)"), and a person may give the number as the room.
 */
import assert from "node:assert/strict";
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

Deno.test("room numbers tell rooms of one name apart and are accepted as input", () => {
  const names = planNames(plan);
  assert.deepEqual([...names.room.values()], ["Foyer (A101)", "Foyer (B101)", "Kitchen"]);
  assert.deepEqual(resolveRef(plan, "room", "A101"), { ok: true, id: "g1", name: "Foyer (A101)" });
  assert.deepEqual(resolveRef(plan, "room", "foyer (b101)"), {
    ok: true,
    id: "g2",
    name: "Foyer (B101)",
  });
  const r = resolveRef(plan, "room", "foyer");
  assert.equal(r.ok, false);
  assert.equal(!r.ok && r.reason, "ambiguous");
});

Deno.test("IFC placeholders are not building names", () => {
  for (const n of ["Undefined", "Project Number", "  default ", "Unnamed", "$", "Projekt"]) {
    assert.equal(isPlaceholderName(n), n !== "$", n);
  }
  for (const n of ["Projekt-FZK-Haus", "IfcOpenHouse", "Duplex Apartment"]) {
    assert.equal(isPlaceholderName(n), false, n);
  }
});
