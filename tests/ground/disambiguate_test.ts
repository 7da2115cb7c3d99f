/**
 * Display names told apart (ground/names.ts disambiguate) are the same as before issue 29's
 * path for groups without qualifiers (tests/ground/_disambiguate_reference.ts): on the
 * 1,000-room grid, the demo, and hand-made repeats (a name that collides with a numbered one,
 * mixed case, a final sigma, qualifiers given to some of a group only).
 */
import { assertEquals } from "../_assert.ts";
import { disambiguate, planNames } from "../../ground/names.ts";
import { parsePlan } from "../../ground/plan.ts";
import { disambiguateReference } from "./_disambiguate_reference.ts";
import { gridBuilding } from "../../bench/_grid_building.ts";

type Item = { id: string; base: string; qualifier?: string };
const items = (bases: (string | [string, string])[]): Item[] =>
  bases.map((b, i) =>
    typeof b === "string" ? { id: `x${i}`, base: b } : { id: `x${i}`, base: b[0], qualifier: b[1] }
  );

Deno.test("disambiguate: the names of before, for hand-made repeats", () => {
  const cases: Item[][] = [
    items(["Room", "room", "Room (2)", "ROOM", "Room (2)′", "Hall"]),
    items(["ΟΔΟΣ", "οδος", "ΟΔΟΣ", "Kitchen", "Kitchen"]),
    items([["Bed", "A1"], "Bed", ["Bed", "A1"], "Bed (A1)", "Bath", "Bath"]),
    items(["door (Hall ↔ Kitchen)", "door (Hall ↔ Kitchen)", "door (hall ↔ kitchen) (1)"]),
  ];
  for (const c of cases) assertEquals(disambiguate(c), disambiguateReference(c));
});

Deno.test("disambiguate: the names of before, on the grid and the demo (every kind)", () => {
  const plans = [
    parsePlan(gridBuilding(40, 25, 3000)).plan,
    parsePlan(
      JSON.parse(Deno.readTextFileSync(new URL("../../fixtures/demo/plan.json", import.meta.url))),
    ).plan,
  ];
  for (const plan of plans) {
    const names = planNames(plan);
    const rooms = plan.rooms.map((r) => ({ id: r.id, base: r.name?.trim() || r.label }));
    assertEquals(disambiguate(rooms), disambiguateReference(rooms));
    const doors = plan.openings.map((o) => ({ id: o.id, base: `door ${o.between.join("-")}` }));
    assertEquals(disambiguate(doors), disambiguateReference(doors));
    for (const [id, name] of names.opening) assertEquals(names.of(id), name);
  }
});
