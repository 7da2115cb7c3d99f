import assert from "node:assert/strict";
import { extract, type Mention } from "../../agent/extract.ts";
import { bindInputs, roomMentions } from "../../agent/bind.ts";
import type { ToolCard } from "../../agent/router.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-6, `${a} ≠ ${b}`);
const lengths = (q: string) => extract(q).flatMap((m) => m.kind === "length" ? [m.value_m] : []);

Deno.test("extract: lengths in m, cm, mm, ft, in, feet and inches (hand-converted)", () => {
  const cases: [string, number][] = [
    ["my chair is 70 cm wide", 0.7],
    ["2300 mm", 2.3],
    ["2.4m ceilings", 2.4],
    ["7 feet", 2.1336], // 7 × 0.3048
    ["seven feet", 2.1336],
    ["32 inches", 0.8128], // 32 × 0.0254
    ['a 25" chair', 0.635],
    [`door 2' 10" wide`, 0.8636], // 34 in
    ["I'm 5 ft 6", 1.6764], // 66 in
    ["6 foot 2 in", 1.8796], // 74 in
    ["5 and a half feet", 1.6764],
    ["30 1/2 inches", 0.7747],
  ];
  for (const [q, v] of cases) {
    const got = lengths(q);
    assert.equal(got.length, 1, `${q}: ${JSON.stringify(got)}`);
    close(got[0], v);
  }
  // "in" as a preposition is not inches.
  assert.deepEqual(lengths("2 in the hall"), []);
});

Deno.test("extract: sizes, shares, ratios, counts, minutes, angles, coordinates", () => {
  const m = (q: string) => extract(q);
  const size = m("an 84 x 37 x 33 in couch")[0] as Extract<Mention, { kind: "size" }>;
  assert.equal(size.kind, "size");
  size.values_m.forEach((v, i) => close(v, [2.1336, 0.9398, 0.8382][i]));
  const mixed = m("2m x 90cm x 80 cm")[0] as Extract<Mention, { kind: "size" }>;
  assert.deepEqual(mixed.values_m, [2, 0.9, 0.8]);
  const pct = m("10% waste")[0];
  assert.ok(pct.kind === "fraction" && pct.value === 0.1);
  const ratio = m("a 1:12 ramp")[0];
  assert.ok(ratio.kind === "fraction" && Math.abs(ratio.value - 1 / 12) < 1e-5);
  const coats = m("3 coats")[0];
  assert.ok(coats.kind === "count" && coats.value === 3);
  const mins = m("every 30 minutes")[0];
  assert.ok(mins.kind === "minutes" && mins.value === 30);
  const ang = m("above 10 degrees")[0];
  assert.ok(ang.kind === "angle" && ang.value_deg === 10);
  const c = m("at 52.52, 13.40")[0];
  assert.ok(c.kind === "coordinates" && c.lat === 52.52 && c.lon === 13.4);
});

Deno.test("extract: dates and months", () => {
  const d = (q: string) =>
    extract(q).find((m) => m.kind === "date") as Extract<Mention, { kind: "date" }>;
  assert.deepEqual([d("on 21 June").month, d("on 21 June").day], [6, 21]);
  assert.deepEqual([
    d("June 21st, 2024").month,
    d("June 21st, 2024").day,
    d("June 21st, 2024").year,
  ], [6, 21, 2024]);
  assert.deepEqual([d("2025-12-21").year, d("2025-12-21").month, d("2025-12-21").day], [
    2025,
    12,
    21,
  ]);
  assert.deepEqual([d("in December").month, d("in December").day], [12, undefined]);
  assert.deepEqual([d("on the winter solstice").month, d("on the winter solstice").day], [12, 21]);
  // "may" is a month only where it reads as one.
  assert.equal(extract("may I get to the kitchen").find((m) => m.kind === "date"), undefined);
});

Deno.test("extract: named items with their typical sizes", () => {
  const item = (q: string) =>
    extract(q).find((m) => m.kind === "item") as Extract<Mention, { kind: "item" }>;
  assert.equal(item("a king-size mattress").item.kind, "mattress");
  assert.deepEqual(item("a king-size mattress").item.size, {
    width_m: 2.032,
    depth_m: 1.93,
    height_m: 0.305,
  });
  assert.equal(item("an upright piano").item.kind, "piano");
  assert.equal(item("an upright piano").item.size, undefined); // the tool's own preset
  assert.equal(item("our fridge freezer").item.kind, "fridge");
  assert.equal(item("the couch").item.kind, "sofa");
});

const card = (props: Record<string, Record<string, unknown>>): ToolCard => ({
  id: "probe",
  title: "Probe",
  summary: "",
  model_description: "",
  audience: [],
  inputs: { properties: props },
});

Deno.test("bind: lengths go to the input whose words match theirs; out-of-range values are not bound", () => {
  const c = card({
    chair_width_m: {
      type: "number",
      unit: "m",
      minimum: 0.3,
      maximum: 2,
      ask: "How wide is your wheelchair?",
      label: "a chair width",
    },
    min_clear_width_m: {
      type: "number",
      unit: "m",
      minimum: 0.5,
      maximum: 2,
      ask: "What is the narrowest clear door width you can get through?",
    },
  });
  const q1 = "my chair is 70 cm wide; doors need 32 inches clear";
  assert.deepEqual(bindInputs(c, q1, extract(q1)).values, {
    chair_width_m: 0.7,
    min_clear_width_m: 0.8128,
  });
  const q2 = "my chair is 3 m wide"; // beyond the 2 m maximum
  assert.deepEqual(bindInputs(c, q2, extract(q2)).values, {});
  // At the limit is allowed; 1 mm beyond is not.
  const q3 = "my chair is 2000 mm wide", q4 = "my chair is 2001 mm wide";
  assert.deepEqual(bindInputs(c, q3, extract(q3)).values, { chair_width_m: 2 });
  assert.deepEqual(bindInputs(c, q4, extract(q4)).values, {});
});

Deno.test("bind: rooms by name or label against the plan; the upstairs one; several or none asked about by name", () => {
  const plan = BUILTIN_SCANS.demo().plan;
  const ids = (q: string) => roomMentions(q, plan).map((m) => m.ids);
  assert.deepEqual(ids("to the bathroom"), [["u_bath"]]);
  assert.deepEqual(ids("the main bedroom"), [["u_bed1"]]);
  assert.deepEqual(ids("the lounge"), [["g_living"]]);
  assert.deepEqual(ids("the loo"), [["g_wc"]]);
  assert.deepEqual(ids("a bedroom").map((x) => x.sort()), [["u_bed1", "u_bed2"]]);
  // Two offices: the study is upstairs.
  assert.deepEqual(ids("the upstairs office"), [["u_study"]]);
  assert.deepEqual(ids("the downstairs office"), [["g_office"]]);
  const c = card({ to: { type: "string", ask: "Which room should it go to (its id)?" } });
  const q = "from the kitchen to the second bedroom";
  assert.deepEqual(bindInputs(c, q, extract(q), { plan }).values, { to: "u_bed2" });
  const amb = bindInputs(c, "to a bedroom", extract("to a bedroom"), { plan });
  assert.deepEqual(amb.values, {});
  assert.deepEqual(amb.asks.map((a) => ({ ...a, ids: a.ids.sort() })), [
    { input: "to", named: "bedroom", ids: ["u_bed1", "u_bed2"] },
  ]);
  // A kind of room the plan has none of is asked about too (no ids: said so, all offered).
  const none = bindInputs(c, "to the garage", extract("to the garage"), { plan });
  assert.deepEqual(none.values, {});
  assert.deepEqual(none.asks, [{ input: "to", named: "garage", ids: [] }]);
  // A misspelt room within one edit ("dinning room"); not a word that merely looks alike.
  assert.deepEqual(ids("into the dinning room"), [["g_dining"]]);
  assert.deepEqual(ids("into the dinner"), []);
  // A room the question starts from is not the target.
  assert.deepEqual(bindInputs(c, "from the kitchen", [], { plan }).values, {});
});

Deno.test("bind: packs and levels the input's text lists, by name and by the names people use", () => {
  const c = card({
    pack: {
      type: "string",
      ask: "Which rule pack (ada-2010, irc-2021, uk-adm, fha, or the path of a pack file)?",
    },
    level: { type: "string", description: "For packs with levels (uk-adm: M4(1), M4(2), M4(3))." },
  });
  const b = (q: string) => bindInputs(c, q, extract(q)).values;
  assert.deepEqual(b("Is it ADA compliant?"), { pack: "ada-2010" });
  assert.deepEqual(b("against the fair housing act"), { pack: "fha" });
  assert.deepEqual(b("does it meet M4(2)"), { pack: "uk-adm", level: "M4(2)" });
  assert.deepEqual(b("irc 2021"), { pack: "irc-2021" });
  assert.deepEqual(b("is the building ok"), {});
});

Deno.test("bind: a door to the outside other than the main one, by name; the front door is left to the tool", async () => {
  const { outsideDoorMention } = await import("../../agent/bind.ts");
  const plan = BUILTIN_SCANS.demo().plan;
  assert.equal(outsideDoorMention("through the back door", plan), "d_back");
  assert.equal(outsideDoorMention("in by the kitchen door", plan), "d_back");
  assert.equal(outsideDoorMention("from the front door", plan), undefined);
  assert.equal(outsideDoorMention("the bathroom door", plan), undefined);
  assert.equal(outsideDoorMention("the office door", plan), undefined); // no door outside there
});
