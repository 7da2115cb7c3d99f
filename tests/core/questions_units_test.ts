/**
 * A length question is asked in the person's units (display.units, issue 27 §2): the demo's
 * questions in metric, imperial and both, as every surface gets them — the session's
 * questions (CLI, agent), the web form's described inputs, MCP's elicitation schema — with
 * their data asserted and each mode's words a golden file (`UPDATE_GOLDEN=1` rewrites them).
 * Metric is the sentence the manifests held before the unit moved out of them.
 */
import { assertEquals, assertOk } from "../_assert.ts";
import { assertGolden } from "../_golden.ts";
import { loadRegistry } from "../../core/registry.ts";
import { createSession, describeInputs, unitHint } from "../../core/session.ts";
import { lengthAsk, lengthHint, UNIT_SYSTEMS, type UnitSystem } from "../../ground/units.ts";
import { inputMeta } from "../../core/manifest.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { questionsText } from "../../cli/render.ts";
import { elicitationMessage, elicitationSchema } from "../../mcp/call.ts";
import { readLength } from "../../ground/lengths.ts";

const registry = await loadRegistry();
/** The demo's tools that ask for a person's own length (nothing fills it by default). */
const ASKS = { step_free_route: "chair_width_m", turning_space: "turning_diameter_m" } as const;

/** `fn` with the terminal 80 columns wide (the CLI's text wraps to COLUMNS). */
function at80<T>(fn: () => T): T {
  const was = Deno.env.get("COLUMNS");
  Deno.env.set("COLUMNS", "80");
  try {
    return fn();
  } finally {
    if (was === undefined) Deno.env.delete("COLUMNS");
    else Deno.env.set("COLUMNS", was);
  }
}

function questions(tool: keyof typeof ASKS, units: UnitSystem) {
  const m = registry.require(tool);
  const s = createSession(m, { builtins: BUILTIN_SCANS, set: { scan: "demo" }, units });
  return { m, qs: s.preview().questions };
}

for (const units of UNIT_SYSTEMS) {
  Deno.test(`the demo's length questions in ${units}: data, and the words on each surface`, async () => {
    const said: Record<string, unknown> = {};
    for (const [tool, input] of Object.entries(ASKS) as [keyof typeof ASKS, string][]) {
      const { m, qs } = questions(tool, units);
      const q = qs.find((x) => x.input === input);
      assertOk(q, `${tool} asks ${input}`);
      // The data: the same input and SI unit in every mode; the unit system named when not metres.
      assertEquals([q!.input, q!.unit, q!.kind], [input, "m", "number"]);
      assertEquals(q!.units, units === "metric" ? undefined : units);
      // The sentence is made in one place from the manifest's ask without its unit.
      const l = inputMeta(m.inputs.shape[input] as never).ask_length!;
      assertEquals(q!.ask, lengthAsk(l.ask, units, l.example));
      assertEquals(unitHint(q!), lengthHint(units));
      // The web form's input is the same question (describeInputs, web/routes/tool.tsx).
      const field = describeInputs(m, { sources: { builtins: BUILTIN_SCANS }, units })
        .find((d) => d.input === input)!;
      assertEquals([field.ask, field.units], [q!.ask, q!.units]);
      // MCP: the elicitation's field says the same, with its hint.
      const schema = elicitationSchema([q!]) as {
        properties: Record<string, { description: string }>;
      };
      assertEquals(schema.properties[input].description, `${q!.ask} ${unitHint(q!)}`);
      said[tool] = {
        ask: q!.ask,
        hint: unitHint(q!),
        cli: at80(() => questionsText(tool, [q!])),
        mcp: elicitationMessage(m, [q!]),
      };
    }
    await assertGolden(`questions_units.${units}`, said);
  });
}

Deno.test("metric length questions say what the manifests said before (byte for byte)", () => {
  const { qs } = questions("step_free_route", "metric");
  assertEquals(
    qs.find((q) => q.input === "chair_width_m")!.ask,
    "How wide is your wheelchair or mobility aid, in metres?",
  );
  const t = questions("turning_space", "metric").qs.find((q) => q.input === "turning_diameter_m")!;
  assertEquals(
    t.ask,
    "How wide a circle do you need to turn around in, in metres (ADA §304.3.1: 1.525)?",
  );
});

Deno.test("an answer written as the imperial question shows it reads as that length", () => {
  // The example the imperial question gives (2′ 3″) is read by the one length reader.
  const { m, qs } = questions("step_free_route", "imperial");
  const q = qs.find((x) => x.input === "chair_width_m")!;
  assertOk(q.ask.includes("2′\u00a03″"), q.ask);
  const l = readLength("2′ 3″");
  assertOk(l, "the question's example is a length the reader reads");
  assertEquals(Math.round(l!.value_m * 1e4) / 1e4, 0.6858); // 27 in × 0.0254 m
  assertEquals(m.id, "step_free_route");
});
