/**
 * A vertical's display name with the source's own name (ground/names.ts): "stair Wendeltreppe
 * (Erdgeschoss → Dachgeschoss)"; namesInText puts it for the id in an engine's sentence once,
 * without doubling the kind; without a name, the name is as before.
 */
import { assertEquals } from "../_assert.ts";
import { namesInText, planNames } from "../../ground/names.ts";
import type { Plan } from "../../ground/plan.ts";

const plan = (name?: string): Pick<Plan, "floors" | "rooms" | "openings" | "verticals"> => ({
  floors: [
    { id: "f0", name: "Erdgeschoss", index: 0, elevation_m: 0 },
    { id: "f1", name: "Dachgeschoss", index: 1, elevation_m: 2.7 },
  ],
  rooms: [],
  openings: [],
  verticals: [{
    id: "s1",
    kind: "stair",
    ...(name ? { name } : {}),
    from_floor: "f0",
    to_floor: "f1",
    rise_m: 2.7,
    width_m: 0.8,
  }],
});

Deno.test("planNames: a named stair carries its name between its kind and its floors", () => {
  const named = planNames(plan("Wendeltreppe"));
  const bare = planNames(plan());
  const floors = `(${named.floor.get("f0")} → ${named.floor.get("f1")})`;
  assertEquals(named.vertical.get("s1"), `stair Wendeltreppe ${floors}`);
  assertEquals(bare.vertical.get("s1"), `stair ${floors}`);
});

Deno.test("namesInText: the kind before a stair's id is not doubled, named or not", () => {
  for (const p of [plan("Wendeltreppe"), plan(), plan("Stair 1")]) {
    const names = planNames(p);
    assertEquals(namesInText("stair s1 climbs 2.70 m", names), `${names.of("s1")} climbs 2.70 m`);
    assertEquals(namesInText("Stair s1 climbs", names), `S${names.of("s1").slice(1)} climbs`);
    // The id alone: its display name whole, even when the source's name begins with the kind.
    assertEquals(namesInText("at s1.", names), `at ${names.of("s1")}.`);
  }
});
