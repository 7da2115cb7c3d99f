/** mcp/tools.ts and the pure parts of mcp/call.ts: manifest -> MCP shapes. */
import assert from "node:assert/strict";
import { fill, tool, z } from "../../core/manifest.ts";
import { forModel } from "../../core/result.ts";
import { runTool } from "../../core/run.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import ceiling from "../../tools/ceiling_height/mod.ts";
import { elicitationSchema, missingOf } from "../../mcp/call.ts";
import { createSession } from "../../core/session.ts";
import { argumentsSchema } from "../../mcp/server.ts";
import { assertGolden } from "../_golden.ts";
import {
  mcpAnnotations,
  mcpInputSchema,
  ModelViewSchema,
  OUTPUT_JSON_SCHEMA,
} from "../../mcp/tools.ts";

const sample = tool({
  id: "sample_tool",
  title: "Sample",
  summary: "A sample.",
  model_description: "A sample tool for tests.",
  audience: ["buyer"],
  inputs: z.object({
    scan: z.string().meta(fill.selection()),
    width_m: z.number().min(0.5).max(2).meta({ ask: "How wide?", unit: "m" }),
    step_m: z.number().default(0.02).meta(fill.persona("access.max_step_m", { unit: "m" })),
    note: z.string().optional(),
    count: z.number().int(),
  }),
  requires: [],
  blocks: ["VerdictHeader"],
  draws: [],
  read_only: false,
  run: () => ({ verdict: { status: "pass", text: "ok" } }),
});

Deno.test("mcpInputSchema: only inputs nothing can fill are required; no defaults listed", async () => {
  const s = mcpInputSchema(sample) as { required: string[]; properties: Record<string, any> };
  assert.deepEqual(s.required, ["width_m", "count"]);
  assert.equal(s.properties.step_m.default, undefined);
  // Each says what fills it when omitted (words in the golden file).
  await assertGolden("mcp.tools.input_descriptions", {
    step_m: s.properties.step_m.description,
    scan: s.properties.scan.description,
  });
  assert.equal(s.properties.width_m.maximum, 2);
  assert.equal(s.properties.count.type, "integer");
  // The manifest's own schema still requires scan: the MCP view changed only the copy.
  const ch = mcpInputSchema(ceiling) as { required?: string[] };
  assert.equal(ch.required, undefined);
});

Deno.test("mcpAnnotations follow read_only; the world is closed", () => {
  assert.deepEqual(mcpAnnotations(sample), {
    title: "Sample",
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  });
  assert.equal(mcpAnnotations(ceiling).readOnlyHint, true);
});

Deno.test("argumentsSchema lists the MCP schema and leaves validation to runTool", () => {
  const std = argumentsSchema(mcpInputSchema(sample))["~standard"];
  assert.deepEqual(std.jsonSchema.input({ target: "draft-2020-12" }), mcpInputSchema(sample));
  assert.deepEqual(std.validate({ width_m: "wide" }), { value: { width_m: "wide" } });
  assert.ok("issues" in (std.validate([1]) as object));
  assert.deepEqual(std.validate(undefined), { value: {} });
});

Deno.test("ModelViewSchema accepts forModel of a real run and lists nothing more", async () => {
  const out = await runTool(ceiling, { builtins: BUILTIN_SCANS, set: { scan: "demo" } });
  assert.equal(out.status, "done");
  if (out.status !== "done") return;
  const view = forModel(out.result);
  assert.ok(ModelViewSchema.safeParse(view).success);
  // The listed output schema admits nothing beyond the view (no metrics, no overlays).
  assert.equal(OUTPUT_JSON_SCHEMA.additionalProperties, false);
  assert.deepEqual(
    Object.keys(OUTPUT_JSON_SCHEMA.properties as object),
    ["tool", "scan", "status", "verdict", "findings", "missing"],
  );
});

Deno.test("elicitationSchema: flat primitives with ask, unit; scans offered by name", async () => {
  const session = createSession(sample, { builtins: BUILTIN_SCANS });
  const out = await session.run();
  assert.equal(out.status, "needs_input");
  if (out.status !== "needs_input") return;
  assert.deepEqual(out.questions.map((q) => q.input), ["scan", "width_m", "count"]);
  const s = elicitationSchema(out.questions) as any;
  assert.deepEqual(s.required, ["scan", "width_m", "count"]);
  // A titled enum: the host shows the building's name, the answer is its id.
  assert.deepEqual(
    s.properties.scan.oneOf.map((o: any) => o.const),
    Object.keys(BUILTIN_SCANS).sort(),
  );
  // A length is text, read by the one length reader in any unit (issue 23).
  const q = out.questions.find((x) => x.input === "width_m")!;
  assert.equal(s.properties.width_m.type, "string");
  assert.equal(s.properties.count.type, "integer");
  for (const p of Object.values(s.properties) as any[]) {
    assert.ok(["string", "number", "integer", "boolean"].includes(p.type));
  }
  assert.deepEqual(missingOf(out.questions)[1], { input: "width_m", ask: q.ask, unit: "m" });
  // The words: the building by its name and id; the length's question with the units it reads.
  await assertGolden("mcp.tools.width_description", {
    scan_title: s.properties.scan.oneOf[0].title,
    width_m: s.properties.width_m.description,
  });
});
