/**
 * Tool manifests: `tool({...})` declares a tool once; every surface (command line, MCP, web,
 * agent) reads the same manifest. Input fill metadata rides on zod's `.meta()` and so reaches
 * the generated JSON Schema.
 */
import { z } from "npm:zod@4.6.7";
import type { Ctx } from "./context.ts";
import type { Block, HandlerResult } from "./result.ts";
import { lengthAsk } from "../ground/units.ts";

export { z };

/** Data layers a tool may require; the runner checks them before the handler runs. */
export const LAYERS = [
  "plan.rooms",
  "plan.heights",
  "plan.openings",
  "plan.doors",
  "plan.windows",
  "plan.verticals",
  "plan.objects",
  "plan.sweeps",
  "plan.nav",
  "vision.objects",
  "vision.rooms",
  "site.location",
  "site.elevation",
  "site.imagery",
] as const;
export type Layer = typeof LAYERS[number];

/** Overlay kinds a tool may draw on the PlanView. */
export const DRAWS = [
  "room",
  "opening",
  "object",
  "route",
  "circle",
  "point",
  "arrow",
  "area",
  "line",
] as const;
export type Draw = typeof DRAWS[number];

/** Who a tool is for. */
export const AUDIENCES = [
  "buyer",
  "renter",
  "wheelchair-user",
  "mobility-aid-user",
  "parent",
  "tall-person",
  "mover",
  "architect",
  "inspector",
  "contractor",
  "agent",
] as const;
export type Audience = typeof AUDIENCES[number];

/**
 * Kinds of subject a question may name and a tool may take, for the agent's routing
 * (agent/router.ts): an item and a room point to a tool that takes both, a rule pack or a
 * section to one that takes a rule pack. Each kind has the words that show it in a question
 * (agent/subjects.ts), so a tool only says which kinds it takes.
 */
export const SUBJECTS = [
  "building",
  "room",
  "door",
  "window",
  "stair",
  "item",
  "person",
  "rule pack",
  "the ground",
  "place",
  "panoramas",
  "sun",
] as const;
export type QuestionSubject = typeof SUBJECTS[number];

/** Where an input's value may come from, besides an explicit value and the schema default. */
export type FillFrom =
  | { from: "selection" }
  | { from: "preference"; key: string }
  | { from: "persona"; key: string };

/** The metadata `.meta()` carries for an input. */
export interface InputMeta {
  [key: string]: unknown;
  fill?: FillFrom;
  /** The question put to a person when nothing fills this input (a length's: in metres). */
  ask?: string;
  /** A length's question without its unit, and a typical value: see ground/units.ts lengthAsk. */
  ask_length?: { ask: string; example?: { value_m: number; source: string } };
  unit?: string;
  /** A short noun phrase for sentences ("minimum ceiling height"). */
  label?: string;
  description?: string;
  /**
   * This input decides which rules a run judges by (a rule pack, its level, an item, a date):
   * findings remember it, and a run under another value never resolves them.
   */
  scope?: boolean;
}

interface FillOptions {
  /** The question; for a length (unit "m"), without its unit: the unit is added where asked. */
  ask?: string;
  unit?: string;
  label?: string;
  /** A length question's typical value and its source, said in the question's units. */
  example?: { value_m: number; source: string };
}

function meta(fill: FillFrom, o: FillOptions = {}): InputMeta {
  const m: InputMeta = { fill };
  if (o.ask && o.unit === "m") {
    // A length's question is made in the person's units where it is asked (core/inputs.ts
    // askOf); the schema keeps it in metres, and the question without its unit beside it.
    m.ask_length = o.example ? { ask: o.ask, example: o.example } : { ask: o.ask };
    m.ask = lengthAsk(o.ask, "metric", o.example);
  } else if (o.ask) m.ask = o.ask;
  if (o.unit) m.unit = o.unit;
  if (o.label) m.label = o.label;
  const desc = [o.label, o.ask, o.unit ? `(${o.unit})` : ""].filter(Boolean).join(" — ");
  if (desc) m.description = desc;
  return m;
}

/** Fill sources for `.meta()`. */
export const fill = {
  /** The selected building: the current selection or `--scan`. */
  selection(o: FillOptions = {}): InputMeta {
    return meta({ from: "selection" }, {
      ask: o.ask ?? "Which scan (building) should this run on?",
      label: o.label ?? "scan",
      ...o,
    });
  },
  /** A saved preference under a dotted key; the active persona's preset for the key next. */
  preference(key: string, o: FillOptions = {}): InputMeta {
    return meta({ from: "preference", key }, o);
  },
  /** Only the active persona's preset fills this input. */
  persona(key: string, o: FillOptions = {}): InputMeta {
    return meta({ from: "persona", key }, o);
  },
};

/** A required layer; `optional` layers are used when present and never block a run. */
export interface Requirement {
  layer: Layer;
  optional?: boolean;
  why?: string;
}

// deno-lint-ignore no-explicit-any
export type InputsSchema = z.ZodObject<any>;

/** A tool, as its folder's `mod.ts` exports it by default. */
export interface Manifest<S extends InputsSchema = InputsSchema> {
  id: string;
  title: string;
  summary: string;
  model_description: string;
  audience: Audience[];
  inputs: S;
  requires: Requirement[];
  blocks: Block[];
  draws: Draw[];
  /** Read-only tools change nothing outside the store (MCP annotation). */
  read_only?: boolean;
  /**
   * Example inputs, besides the scan (e.g. `{ item: "sofa", to: "u_bed1" }` on the demo
   * building): `threshold demo` runs the first, the tool reference shows them.
   */
  examples?: Record<string, unknown>[];
  /**
   * A few questions in people's words that this tool answers (the agent's router reads them
   * with the rest of the manifest's text; a new tool is found by them with no code).
   */
  questions?: string[];
  /** The kinds of subject the tool takes (a room, an item, a window, the ground, a rule pack …). */
  subjects?: QuestionSubject[];
  run(ctx: Ctx, inputs: z.output<S>): Promise<HandlerResult> | HandlerResult;
}

/** Declares a tool. Checked again by the registry at load. */
export function tool<S extends InputsSchema>(m: Manifest<S>): Manifest<S> {
  return m;
}

/** Tool id rule: snake_case, `[a-z0-9_]`, at most 64 characters (MCP, OpenAI, Anthropic). */
export const TOOL_ID = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Each schema's merged metadata, made once: zod's `.meta()` looks the schema up in its global
 * registry and merges in its parents' entries, and the fill, the session and the runner ask for
 * every input's metadata several times a run (issue 29: 0.1–0.2 ms of a tools/call). A zod
 * schema is immutable (`.meta(…)` makes a new one), so its metadata never changes.
 */
const META = new WeakMap<z.ZodType, Readonly<InputMeta>>();

/** Finds the input metadata through optional/default/nullable wrappers (made once, frozen). */
export function inputMeta(schema: z.ZodType): Readonly<InputMeta> {
  let known = META.get(schema);
  if (!known) META.set(schema, known = Object.freeze(mergedMeta(schema)));
  return known;
}

function mergedMeta(schema: z.ZodType): InputMeta {
  let s: z.ZodType | undefined = schema;
  const merged: InputMeta = {};
  for (let depth = 0; s && depth < 8; depth++) {
    const m = s.meta() as InputMeta | undefined;
    if (m) {
      for (const [k, v] of Object.entries(m)) {
        if ((merged as Record<string, unknown>)[k] === undefined) {
          (merged as Record<string, unknown>)[k] = v;
        }
      }
    }
    // deno-lint-ignore no-explicit-any
    s = (s as any)._zod?.def?.innerType;
  }
  return merged;
}

/** The schema default of an input, or undefined when it has none. */
export function inputDefault(schema: z.ZodType): unknown {
  let s: z.ZodType | undefined = schema;
  for (let depth = 0; s && depth < 8; depth++) {
    // deno-lint-ignore no-explicit-any
    const def: any = (s as any)._zod?.def;
    if (def?.type === "default") {
      return typeof def.defaultValue === "function" ? def.defaultValue() : def.defaultValue;
    }
    s = def?.innerType;
  }
  return undefined;
}

/** True when the input may be left out (optional, or has a default). */
export function inputIsOptional(schema: z.ZodType): boolean {
  // deno-lint-ignore no-explicit-any
  return (schema as any)._zod?.optin === "optional";
}

/** The inputs' JSON Schema (input side: defaults make a field optional), with fill metadata. */
export function inputsJsonSchema(m: Manifest): Record<string, unknown> {
  return z.toJSONSchema(m.inputs, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
}

/** One input's JSON Schema. */
export function inputJsonSchema(m: Manifest, name: string): Record<string, unknown> {
  const all = inputsJsonSchema(m) as { properties?: Record<string, Record<string, unknown>> };
  return all.properties?.[name] ?? {};
}

/** The manifest as plain JSON (for `tools --json`, docs, MCP). */
export function manifestJson(m: Manifest): Record<string, unknown> {
  return {
    id: m.id,
    title: m.title,
    summary: m.summary,
    model_description: m.model_description,
    audience: m.audience,
    requires: m.requires,
    blocks: m.blocks,
    draws: m.draws,
    read_only: m.read_only ?? true,
    ...(m.examples?.length ? { examples: m.examples } : {}),
    ...(m.questions?.length ? { questions: m.questions } : {}),
    ...(m.subjects?.length ? { subjects: m.subjects } : {}),
    inputs: inputsJsonSchema(m),
  };
}

/**
 * The inputs a tool fills from the selected scan (its scan inputs), in schema order. The one
 * place that says which inputs name a scan: the runner checks them, the session asks for
 * them by name, the surfaces map `--scan` onto the first.
 */
/** The inputs marked `scope` (see {@link InputMeta.scope}), in manifest order. */
export function scopeInputNames(m: Manifest): string[] {
  return Object.entries(m.inputs.shape).filter(([, s]) => inputMeta(s as z.ZodType).scope)
    .map(([k]) => k);
}

export function scanInputNames(m: Manifest): string[] {
  let names = SCAN_INPUTS.get(m);
  if (!names) {
    names = Object.entries(m.inputs.shape).filter(([, s]) =>
      inputMeta(s as z.ZodType).fill?.from === "selection"
    ).map(([k]) => k);
    SCAN_INPUTS.set(m, names);
  }
  return [...names];
}

/**
 * {@link scanInputNames} by manifest, read once: a batch asks it of every row, and reading zod's
 * metadata of each input took a tenth of planning 6,000 rows (issue 29). A manifest's inputs
 * do not change once it is declared.
 */
const SCAN_INPUTS = new WeakMap<Manifest, string[]>();
