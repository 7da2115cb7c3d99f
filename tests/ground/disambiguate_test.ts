/**
 * Display names told apart (ground/names.ts disambiguate) are the same as before issue 29's
 * path for groups without qualifiers (tests/ground/_disambiguate_reference.ts): on the
 * 1,000-room grid, the demo, and hand-made repeats (a name that collides with a numbered one,
 * mixed case, a final sigma, qualifiers given to some of a group only).
 */
import { assert, assertEquals } from "../_assert.ts";
import { disambiguate, planNames } from "../../ground/names.ts";
import { parsePlan } from "../../ground/plan.ts";
import { disambiguateReference } from "./_disambiguate_reference.ts";
import { gridBuilding, rng } from "../../bench/_grid_building.ts";

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

Deno.test("disambiguate: random repeats, numbered-looking bases and qualifiers, as before", () => {
  // Bases drawn from a few words, some already "(n)" or primed, some with a qualifier: the
  // plain numbering (no set of names given) and the general case both meet the reference.
  const rand = rng(11);
  const words = [
    "Room",
    "room",
    "Room (1)",
    "Room (2)",
    "ROOM (1)",
    "Hall",
    "Hall (3)",
    "Σ",
    "Room (1)′",
  ];
  let plain = 0;
  for (let trial = 0; trial < 300; trial++) {
    const n = 1 + Math.floor(rand() * 8), qualified = trial % 3 === 0;
    const its = Array.from({ length: n }, (_, i) => ({
      id: `x${i}`,
      base: words[Math.floor(rand() * (trial % 2 ? 2 : words.length))],
      ...(qualified && rand() < 0.5 ? { qualifier: rand() < 0.5 ? "A1" : "B2" } : {}),
    }));
    const got = disambiguate(its);
    assertEquals(got, disambiguateReference(its), `trial ${trial}`);
    if ([...got.values()].some((v) => / \(\d\)$/.test(v))) plain++;
  }
  assert(plain > 50, `${plain} trials numbered names`);
});
