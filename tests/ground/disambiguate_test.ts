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

Deno.test("planNames: openings' names without case made from their sides' are the whole's", () => {
  // Sides whose lowering depends on context (a final sigma, case-ignorable marks and quotes at
  // either end) or changes length (İ, ẞ): each door's name is that of the plain path.
  const names = [
    "ΟΔΟΣ",
    "'Σ",
    "ΑΣ'",
    "Σ",
    "İstanbul",
    "STRAẞE",
    "e\u0301Σ",
    "Hall",
    "hall",
    "ΟΔΟΣ",
  ];
  const rooms = names.map((name, i) => ({
    id: `r${i}`,
    floor: "f0",
    label: "other",
    name,
    polygon: [[i, 0], [i + 1, 0], [i + 1, 1], [i, 1]],
  }));
  const openings = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = 0; j < names.length; j++) {
      if (i === j) continue;
      openings.push({ id: `d${i}_${j}`, kind: "door", floor: "f0", between: [`r${i}`, `r${j}`] });
    }
    openings.push({ id: `w${i}`, kind: "window", floor: "f0", between: [`r${i}`, null] });
    openings.push({ id: `o${i}`, kind: "opening", floor: "f0", between: [null, `r${i}`] });
  }
  // Only what planNames reads (a plan's names need no geometry).
  const plan = { floors: [{ id: "f0", index: 0 }], rooms, openings, verticals: [] } as unknown as (
    Parameters<typeof planNames>[0]
  );
  const got = planNames(plan);
  const side = (id: string | null) => id === null ? "outside" : got.room.get(id) ?? id;
  const plain = plan.openings.map((o) => {
    const [a, b] = o.between[0] === null ? [o.between[1], null] : o.between;
    return {
      id: o.id,
      base: o.kind === "window"
        ? `window (${side(a)})`
        : `${o.kind === "door" ? "door" : "opening"} (${side(a)} ↔ ${side(b)})`,
    };
  });
  assertEquals(got.opening, disambiguateReference(plain));
});
