/**
 * routes/wording.ts: every route constraint carries a message id and data, and its sentence
 * is made from them in one place; tests assert ids and data, not prose.
 */
import { assertEquals, assertOk } from "../../_assert.ts";
import { goldenEntries } from "../../_golden.ts";
import { fixture } from "../../_data.ts";
import { parsePlanText, type Plan } from "../../../ground/plan.ts";
import {
  buildRouteGraph,
  constraintSentence,
  constraintText,
  type RouteNeeds,
  routesFrom,
} from "../../../engines/geometry/routes/mod.ts";

const load = (name: string) =>
  parsePlanText(Deno.readTextFileSync(fixture(`geometry/${name}.json`))).plan;
const demo = () => parsePlanText(Deno.readTextFileSync(fixture("demo/plan.json"))).plan;
const ADA: RouteNeeds = {
  body_width_m: 0.81,
  min_clear_width_m: 0.815,
  step_free: true,
  max_step_m: 0.013,
  max_ramp_slope: 1 / 12,
};

Deno.test("wording: every constraint of the demo's graph is its message and data, unworded", () => {
  const g = buildRouteGraph(demo(), ADA);
  const all = g.edges.constraints.flat();
  assertOk(all.length > 10, `${all.length} constraints`);
  // The engine says nothing: no sentence on a constraint; its words come from its data.
  for (const c of all) {
    assertEquals("text" in c, false, c.id);
    assertEquals(constraintSentence(c), constraintText(c.message, c.data), c.id);
  }
  const messages = new Set(all.map((c) => c.message));
  for (const m of ["opening_clear_width", "stair"] as const) assertOk(messages.has(m), m);
});

Deno.test("wording: a ramp too steep and one without a length, by id and data", () => {
  const plan = load("split_level");
  const steep = structuredClone(plan) as Plan;
  steep.verticals[0].going_m = 3.0;
  const [c] = routesFrom(steep, ADA, "d_in").routes.get("upper")!.blocking;
  const rise = steep.verticals[0].rise_m;
  assertEquals([c.message, c.data], ["ramp_slope", {
    element: "v_ramp",
    slope: rise / 3.0, // 0.30 m over 3.0 m
    allowed: 1 / 12,
  }]);
  const unknown = structuredClone(plan) as Plan;
  delete unknown.verticals[0].going_m;
  const [u] = routesFrom(unknown, ADA, "d_in").routes.get("upper")!.unknown;
  assertEquals([u.message, u.data], ["ramp_no_length", { element: "v_ramp" }]);
});

Deno.test("wording: a passage is re-worded with its width when measured", async (t) => {
  const said = goldenEntries("routes_wording_test", t);
  const wide = routesFrom(load("corridor_corner"), { ...ADA, body_width_m: 1.05 }, "d_in");
  const p = wide.routes.get("den")!.blocking.find((c) => c.kind === "passage")!;
  assertEquals(p.message, "passage");
  const d = p.data as {
    room: string;
    from: string;
    to: string;
    needed_m: number;
    measured_m?: number;
  };
  assertEquals([d.room, d.from, d.to, d.needed_m], ["Hall", "d_in", "d_den", 1.05]);
  assertEquals(d.measured_m, p.measured, "the measured width is in the data");
  assertEquals(constraintSentence(p), constraintText("passage", d));
  // With and without the measured width (the second drops it).
  said.add(constraintSentence(p));
  said.add(constraintText("passage", { ...d, measured_m: undefined }));
  await said.check();
});

Deno.test("wording: an element the plausibility pass marked is unknown, and says why", () => {
  const plan = load("narrow_door");
  const reason = "door width 50 m is outside the plausible 0.4–3 m";
  const marked = { ...plan, implausible: [{ subject: "d7", field: "width_m", reason }] };
  const g = buildRouteGraph(marked, ADA);
  const c = g.edges.constraints.flat().find((c) => c.id === "clear_width:d7")!;
  assertEquals([c.status, c.not_judged], ["unknown", [reason]]);
  assertEquals(
    constraintSentence(c),
    `${constraintText(c.message, c.data)}; not judged: the scan's ${reason}`,
  );
  // Unmarked, the same door is judged (a fail: 0.70 m clear) and says nothing more.
  const d = buildRouteGraph(plan, ADA).edges.constraints.flat().find((c) =>
    c.id === "clear_width:d7"
  )!;
  assertEquals([d.status, d.not_judged], ["fail", undefined]);
  assertEquals(constraintSentence(d), constraintText(d.message, d.data));
});
