import { assertEquals, assertOk, thrownBy } from "../_assert.ts";
import { assertGolden, goldenSentences } from "../_golden.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import { fillInputs } from "../../core/inputs.ts";
import { lengthAsk } from "../../ground/units.ts";
import { InputError } from "../../ground/errors.ts";

const t = tool({
  id: "fill_probe",
  title: "Fill probe",
  summary: "Probe.",
  model_description: "Probe.",
  audience: ["buyer"],
  inputs: z.object({
    scan: z.string().meta(fill.selection()),
    width_m: z.number().positive().max(2).default(0.9).meta(
      fill.preference("access.chair_width_m", {
        ask: "How wide is your chair?",
        unit: "m",
        label: "a chair width",
      }),
    ),
    turn_m: z.number().positive().meta(
      fill.persona("access.turning_diameter_m", {
        ask: "What turning circle do you need?",
        unit: "m",
      }),
    ),
    note: z.string().optional(),
  }),
  requires: [],
  blocks: ["VerdictHeader"],
  draws: [],
  run: () => ({ verdict: { status: "pass", text: "ok" } }),
});

const persona = {
  id: "p",
  title: "manual wheelchair user",
  preset: {
    "access.chair_width_m": { value: 0.76, source: "ADA 305.3" },
    "access.turning_diameter_m": { value: 1.525, source: "ADA 304.3.1" },
  },
};

Deno.test("inputs: explicit beats selection, preference, persona and default", () => {
  const f = fillInputs(t, {
    explicit: { scan: "x", width_m: 0.8, turn_m: 1.6 },
    selection: "sel",
    preference: () => 0.7,
    persona,
  });
  assertEquals(f.values, { scan: "x", width_m: 0.8, turn_m: 1.6 });
  assertEquals(f.from, { scan: "explicit", width_m: "explicit", turn_m: "explicit" });
  assertEquals(f.assumptions, []);
});

Deno.test("inputs: selection, then preference, then persona, then default", async () => {
  const a = fillInputs(t, {
    selection: "sel",
    preference: (k) => (k === "access.chair_width_m" ? 0.7 : undefined),
    persona,
  });
  assertEquals(a.values, { scan: "sel", width_m: 0.7, turn_m: 1.525 });
  assertEquals(a.from, { scan: "selection", width_m: "preference", turn_m: "persona" });
  const b = fillInputs(t, { selection: "sel", persona });
  assertEquals(b.from.width_m, "persona");
  assertEquals(b.values.width_m, 0.76);
  const fromPersona = b.assumptions.find((x) => x.input === "width_m")!;
  assertEquals([fromPersona.code, fromPersona.data], [
    "assumption.persona_preset",
    {
      input: "width_m",
      label: "a chair width",
      value: 0.76,
      unit: "m",
      persona: persona.id,
      persona_title: "manual wheelchair user",
      source: "ADA 305.3",
    },
  ]);
  const c = fillInputs(t, { selection: "sel", explicit: { turn_m: 1.5 } });
  assertEquals(c.from.width_m, "default");
  assertEquals(c.assumptions.map((x) => [x.code, x.data]), [
    ["assumption.input_default", {
      input: "width_m",
      label: "a chair width",
      value: 0.9,
      unit: "m",
    }],
  ]);
  // The two sentences made from them (core/run_wording.ts).
  await assertGolden("sentences/inputs_assumptions", [fromPersona.text, c.assumptions[0].text]);
});

Deno.test("inputs: only an input nothing fills becomes a question", () => {
  const f = fillInputs(t, {});
  assertEquals(f.questions.map((q) => q.input), ["scan", "turn_m"]);
  const turn = f.questions[1];
  // A length's ask is the manifest's, its unit said where it is asked (ground/units.ts).
  assertEquals(turn.ask, lengthAsk("What turning circle do you need?", "metric"));
  assertEquals(turn.unit, "m");
  assertOk(!("units" in turn), "a question in metres names no other unit system");
  assertEquals((turn.schema as any).exclusiveMinimum, 0);
  assertOk(!("note" in f.values), "optional inputs are not asked");
});

Deno.test("inputs: a bad value names the input, what is allowed and what was given", async () => {
  const said = goldenSentences("inputs_errors");
  const err = (fn: () => unknown) => {
    const e = thrownBy(fn, InputError);
    said.add(e.message);
    return e;
  };
  const five = err(() => fillInputs(t, { explicit: { scan: "s", width_m: 5, turn_m: 1 } }));
  assertEquals([five.code, five.data], ["input.not_allowed", {
    input: "width_m",
    got: 5,
    allowed: "a number, > 0 m, ≤ 2 m",
    from: "given",
  }]);
  const wide = err(() => fillInputs(t, { explicit: { scan: "s", width_m: "wide", turn_m: 1 } }));
  assertEquals([wide.code, wide.data.input, wide.data.got], [
    "input.not_allowed",
    "width_m",
    "wide",
  ]);
  const nan = err(() => fillInputs(t, { explicit: { scan: "s", width_m: NaN, turn_m: 1 } }));
  assertEquals([nan.code, nan.data.input, Number.isNaN(nan.data.got)], [
    "input.not_allowed",
    "width_m",
    true,
  ]);
  const colour = err(() => fillInputs(t, { explicit: { colour: "red" } }));
  assertEquals([colour.code, colour.data], ["input.unknown", {
    input: "colour",
    got: "colour",
    tool: "fill_probe",
    allowed: ["scan", "width_m", "turn_m", "note"],
  }]);
  const saved = err(() =>
    fillInputs(t, { selection: "s", preference: () => -1, explicit: { turn_m: 1 } })
  );
  assertEquals([saved.code, saved.data.got, saved.data.from], [
    "input.not_allowed",
    -1,
    "saved preference access.chair_width_m",
  ]);
  await said.check();
});

Deno.test("inputs: JSON Schema carries fill metadata and defaults make inputs optional", () => {
  const s = z.toJSONSchema(t.inputs, { io: "input" }) as any;
  assertEquals(s.properties.width_m.fill, { from: "preference", key: "access.chair_width_m" });
  assertEquals(s.properties.width_m.unit, "m");
  assertEquals(s.required, ["scan", "turn_m"]);
});
