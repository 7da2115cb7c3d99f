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
  const preposition = "2 in the hall";
  assert.deepEqual(lengths(preposition), []);
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
  // [question, year, month, day]
  const cases: [string, number | undefined, number, number | undefined][] = [
    ["on 21 June", undefined, 6, 21],
    ["June 21st, 2024", 2024, 6, 21],
    ["2025-12-21", 2025, 12, 21],
    ["in December", undefined, 12, undefined],
    ["on the winter solstice", undefined, 12, 21],
  ];
  for (const [q, year, month, day] of cases) {
    const got = d(q);
    assert.deepEqual([got.year, got.month, got.day], [year, month, day], q);
  }
  // "may" is a month only where it reads as one.
  const notMonth = "may I get to the kitchen";
  assert.equal(extract(notMonth).find((m) => m.kind === "date"), undefined);
});

Deno.test("extract: named items with their typical sizes", () => {
  const item = (q: string) =>
    extract(q).find((m) => m.kind === "item") as Extract<Mention, { kind: "item" }>;
  // [question, the item's kind, its size (undefined: the tool's own preset)]
  const cases: [string, string, Record<string, number> | undefined][] = [
    ["a king-size mattress", "mattress", { width_m: 2.032, depth_m: 1.93, height_m: 0.305 }],
    ["an upright piano", "piano", undefined],
    ["our fridge freezer", "fridge", undefined],
    ["the couch", "sofa", undefined],
  ];
  for (const [q, kind, size] of cases) {
    assert.equal(item(q).item.kind, kind, q);
    if (size || kind === "piano") assert.deepEqual(item(q).item.size, size, q);
  }
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
  // [question, the room ids each mention could be]; two offices: the study is upstairs. A
  // misspelt room within one edit ("dinning room"); not a word that merely looks alike.
  const cases: [string, string[][]][] = [
    ["to the bathroom", [["u_bath"]]],
    ["the main bedroom", [["u_bed1"]]],
    ["the lounge", [["g_living"]]],
    ["the loo", [["g_wc"]]],
    ["a bedroom", [["u_bed1", "u_bed2"]]],
    ["the upstairs office", [["u_study"]]],
    ["the downstairs office", [["g_office"]]],
    ["into the dinning room", [["g_dining"]]],
    ["into the dinner", []],
  ];
  for (const [q, want] of cases) assert.deepEqual(ids(q).map((x) => x.sort()), want, q);
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
  // A room the question starts from is not the target.
  const fromOnly = "from the kitchen";
  assert.deepEqual(bindInputs(c, fromOnly, [], { plan }).values, {});
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
  const cases: [string, Record<string, string>][] = [
    ["Is it ADA compliant?", { pack: "ada-2010" }],
    ["against the fair housing act", { pack: "fha" }],
    ["does it meet M4(2)", { pack: "uk-adm", level: "M4(2)" }],
    ["irc 2021", { pack: "irc-2021" }],
    ["is the building ok", {}],
  ];
  for (const [q, want] of cases) assert.deepEqual(b(q), want, q);
});

Deno.test("bind: a door to the outside other than the main one, by name; the front door is left to the tool", async () => {
  const { outsideDoorMention } = await import("../../agent/bind.ts");
  const plan = BUILTIN_SCANS.demo().plan;
  const cases: [string, string | undefined][] = [
    ["through the back door", "d_back"],
    ["in by the kitchen door", "d_back"],
    ["from the front door", undefined],
    ["the bathroom door", undefined],
    ["the office door", undefined], // no door outside there
  ];
  for (const [q, want] of cases) assert.equal(outsideDoorMention(q, plan), want, q);
});
