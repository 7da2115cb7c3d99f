/**
 * Manifest -> MCP tool definition (MCP spec 2025-11-25 and 2026-07-28, "Tools"): name = id,
 * title, description from summary and model_description, the input JSON Schema from the
 * zod inputs with every input the server can fill made optional, annotations, an output
 * schema for the structured content (the `forModel` view), and threshold metadata under
 * `_meta["dev.threshold/…"]`. Nothing here is written per tool.
 */
import { z } from "npm:zod@4.6.7";
import { inputsJsonSchema, type Manifest } from "../core/manifest.ts";
import { fillOrderText, isFillable } from "../core/session.ts";
import { FINDING_STATUSES, STATUSES } from "../core/result.ts";

/** One input nothing filled, as the MCP surface reports it. */
export const MissingInput = z.object({
  input: z.string(),
  ask: z.string(),
  unit: z.string().optional(),
});
export type MissingInput = z.infer<typeof MissingInput>;

/**
 * The structured content of a tools/call result: exactly `forModel(result)` for a run, or,
 * when the person declined to give what was needed, the same shape with `missing`.
 */
export const ModelViewSchema = z.object({
  tool: z.string(),
  scan: z.string().optional(),
  status: z.enum(STATUSES),
  verdict: z.string(),
  findings: z.array(z.object({
    id: z.string(),
    status: z.enum(FINDING_STATUSES),
    title: z.string(),
  })),
  missing: z.array(MissingInput).optional(),
});

/** The output schema's JSON Schema (2020-12), built once. */
export const OUTPUT_JSON_SCHEMA = z.toJSONSchema(ModelViewSchema) as Record<string, unknown>;

/** How an input is filled when a call leaves it out, in words for the model. */
export function fillNote(schema: z.ZodType): string | undefined {
  const order = fillOrderText(schema);
  if (!order) return undefined;
  return `If omitted: ${order}; the person is asked only when none applies.`;
}

/**
 * The tool's input JSON Schema: the zod inputs' JSON Schema with `required` keeping only the
 * inputs nothing can fill, a fill note appended to each fillable input's description, and
 * no `default` (a default is the last resort, not the value a call will get).
 */
export function mcpInputSchema(m: Manifest): Record<string, unknown> {
  const json = structuredClone(inputsJsonSchema(m)) as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
    [k: string]: unknown;
  };
  const shape = m.inputs.shape as Record<string, z.ZodType>;
  const required: string[] = [];
  for (const [name, schema] of Object.entries(shape)) {
    const prop = json.properties?.[name];
    if (!isFillable(schema)) {
      required.push(name);
      continue;
    }
    if (!prop) continue;
    delete prop.default;
    const note = fillNote(schema);
    if (note) {
      prop.description = prop.description ? `${sentence(String(prop.description))} ${note}` : note;
    }
  }
  if (required.length) json.required = required;
  else delete json.required;
  json.type = "object";
  json.properties ??= {};
  return json;
}

/** The tool's description: what it answers, then how a model should use it. */
export function mcpDescription(m: Manifest): string {
  return `${m.summary}\n\n${m.model_description}`;
}

/** MCP tool annotations: read-only tools change nothing but threshold's own store. */
export function mcpAnnotations(m: Manifest) {
  const readOnly = m.read_only ?? true;
  return {
    title: m.title,
    readOnlyHint: readOnly,
    destructiveHint: false,
    idempotentHint: readOnly,
    // Tools read only the local store: no network, no outside world.
    openWorldHint: false,
  };
}

/** threshold's own metadata on a listed tool. */
export function mcpToolMeta(m: Manifest): Record<string, unknown> {
  return {
    "dev.threshold/audience": m.audience,
    "dev.threshold/requires": m.requires.map((r) => r.layer),
    "dev.threshold/blocks": m.blocks,
    "dev.threshold/draws": m.draws,
  };
}

/** Ends a phrase with a full stop unless it already ends with punctuation. */
export function sentence(s: string): string {
  const t = s.trim();
  return /[.?!]$/.test(t) ? t : `${t}.`;
}
