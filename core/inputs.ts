/**
 * Fills a tool's inputs. Order: an explicit value wins; then the selected building (for a
 * selection input), a saved preference, the active persona's preset, the schema default.
 * Only an input that nothing fills becomes a question. Every value records where it came
 * from, and each default or persona value becomes an assumption sentence.
 */
import { lengthAsk, type UnitSystem } from "../ground/units.ts";
import { withUnits } from "../ground/units_now.ts";
import type { z } from "npm:zod@4.6.7";
import { readLength } from "../ground/lengths.ts";
import { InputError } from "../ground/errors.ts";
import {
  inputDefault,
  inputIsOptional,
  inputJsonSchema,
  type InputMeta,
  inputMeta,
  type Manifest,
} from "./manifest.ts";
import type { Assumption, InputSource } from "./result.ts";
import { inputWords } from "../ground/text.ts";
import { sayRun } from "./run_wording.ts";

/** A question for the person: only for an input nothing fills. */
export interface Question {
  input: string;
  ask: string;
  unit?: string;
  /**
   * For a length asked in feet and inches (display.units imperial or both): the unit system
   * its sentence and hint are in. Absent: metres.
   */
  units?: UnitSystem;
  schema: Record<string, unknown>;
}

/** A persona as the filler needs it. */
export interface PersonaPresets {
  id: string;
  title: string;
  preset: Record<string, { value: unknown; source?: string; unverified?: boolean }>;
}

/** What the filler may draw on. */
export interface FillSources {
  /** Values the person gave explicitly (`--set`, MCP arguments). */
  explicit?: Record<string, unknown>;
  /** Values the person answered to questions in this run. */
  answered?: Record<string, unknown>;
  /** The selected scan id. */
  selection?: string;
  /**
   * Reads the selected scan id when `selection` is not given, only if an input is filled
   * from it: a run given its scan reads no selection (issue 29: one store read a call).
   */
  selectionOf?: () => string | undefined;
  /** Saved preferences by dotted key. */
  preference?: (key: string) => unknown;
  /** The active persona. */
  persona?: PersonaPresets;
  /** The unit system the assumptions' lengths and areas are said in (display.units). */
  units?: UnitSystem;
}

export interface Filled {
  values: Record<string, unknown>;
  from: Record<string, InputSource>;
  questions: Question[];
  assumptions: Assumption[];
}

/**
 * Fills every input of `m`. Explicit values are validated first: an unknown name or a bad
 * value is an InputError naming the input, what is allowed and what was given.
 */
export function fillInputs(m: Manifest, src: FillSources): Filled {
  // Its assumptions are sentences: made in the run's unit system (ground/units.ts).
  return src.units ? withUnits(src.units, () => fill(m, src)) : fill(m, src);
}

function fill(m: Manifest, src: FillSources): Filled {
  const shape = m.inputs.shape as Record<string, z.ZodType>;
  const names = Object.keys(shape);
  for (const k of [...Object.keys(src.explicit ?? {}), ...Object.keys(src.answered ?? {})]) {
    if (!(k in shape)) {
      throw new InputError(
        k,
        `not an input of ${m.id}; its inputs are: ${names.join(", ") || "none"}`,
        { code: "input.unknown", data: { got: k, tool: m.id, allowed: names } },
      );
    }
  }
  const out: Filled = { values: {}, from: {}, questions: [], assumptions: [] };
  let read: { id: string | undefined } | undefined;
  const selected = () => src.selection ?? (read ??= { id: src.selectionOf?.() }).id;
  for (const name of names) {
    const schema = shape[name];
    const meta = inputMeta(schema);
    const put = (value: unknown, from: InputSource, what: string) => {
      out.values[name] = checkValue(m, name, schema, value, what);
      out.from[name] = from;
    };
    if (src.explicit && name in src.explicit && src.explicit[name] !== undefined) {
      put(src.explicit[name], "explicit", "given");
      continue;
    }
    if (src.answered && name in src.answered && src.answered[name] !== undefined) {
      put(src.answered[name], "asked", "answered");
      continue;
    }
    const fill = meta.fill;
    const selection = fill?.from === "selection" ? selected() : undefined;
    if (selection !== undefined) {
      put(selection, "selection", "the selected scan");
      continue;
    }
    if (fill?.from === "preference") {
      const v = src.preference?.(fill.key);
      if (v !== undefined) {
        put(v, "preference", `saved preference ${fill.key}`);
        continue;
      }
    }
    if (fill && fill.from !== "selection" && src.persona) {
      const p = src.persona.preset[fill.key];
      if (p !== undefined) {
        put(p.value, "persona", `persona ${src.persona.id} preset ${fill.key}`);
        out.assumptions.push(sayRun.assumption("assumption.persona_preset", {
          input: name,
          ...(meta.label !== undefined ? { label: meta.label } : {}),
          value: p.value,
          ...(meta.unit !== undefined ? { unit: meta.unit } : {}),
          persona: src.persona.id,
          persona_title: src.persona.title,
          ...(p.source ? { source: p.source } : {}),
          ...(p.unverified ? { unverified: true } : {}),
        }, { input: name, from: "persona" }));
        continue;
      }
    }
    const def = inputDefault(schema);
    if (def !== undefined) {
      put(def, "default", "default");
      out.assumptions.push(sayRun.assumption("assumption.input_default", {
        input: name,
        ...(meta.label !== undefined ? { label: meta.label } : {}),
        value: def,
        ...(meta.unit !== undefined ? { unit: meta.unit } : {}),
      }, { input: name, from: "default" }));
      continue;
    }
    if (inputIsOptional(schema)) continue;
    out.questions.push({
      ...askOf(name, meta, src.units ?? "metric"),
      schema: questionSchema(m, name),
    });
  }
  return out;
}

/**
 * A question's words for one input, made here once for every surface: the manifest's ask (a
 * length's in the person's unit system, ground/units.ts lengthAsk), else one made from the
 * input's name; its unit, and for a length the unit system it is said in.
 */
export function askOf(
  name: string,
  meta: InputMeta,
  units: UnitSystem,
): Pick<Question, "input" | "ask" | "unit" | "units"> {
  const l = meta.ask_length;
  return {
    input: name,
    ask: l
      ? lengthAsk(l.ask, units, l.example)
      : meta.ask ?? `What value should ${inputWords(name)} have?`,
    ...(meta.unit !== undefined ? { unit: meta.unit } : {}),
    ...(l && units !== "metric" ? { units } : {}),
  };
}

/** The prose an input's JSON Schema carries from its metadata; a question says it once itself. */
const PROSE_KEYS = ["ask", "ask_length", "unit", "label", "description", "fill", "refers"];

/**
 * One input's JSON Schema as a question carries it: its type, bounds and allowed values,
 * without the sentence, unit and label the question already holds (printed three times over,
 * they made a needs-input answer too wide to read).
 */
export function questionSchema(m: Manifest, name: string): Record<string, unknown> {
  const s = { ...inputJsonSchema(m, name) };
  for (const k of PROSE_KEYS) delete s[k];
  return s;
}

/** True when an input takes a length in metres (its unit is "m", or its name ends in `_m`). */
export function isLengthInput(name: string, schema: z.ZodType): boolean {
  const unit = inputMeta(schema).unit;
  return unit === "m" || (unit === undefined && /_m$/.test(name));
}

/**
 * Text given for a number input, read as a person means it: a length with its unit by the
 * one length reader ("66 cm", "2' 10\"", "26 in"; a bare number is metres), any other number
 * as a number. Values of other types, and text that reads as neither, pass through (the schema
 * then says what is wrong).
 */
export function readText(name: string, schema: z.ZodType, value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (!isNumberSchema(schema)) return value;
  if (isLengthInput(name, schema)) {
    const l = readLength(value);
    if (l) return l.value_m;
  }
  const t = value.trim();
  const n = Number(t);
  return t !== "" && Number.isFinite(n) ? n : value;
}

/** True when the schema takes a number (through optional, default and nullable wrappers). */
function isNumberSchema(schema: z.ZodType): boolean {
  // deno-lint-ignore no-explicit-any
  let def: any = (schema as any)._zod?.def;
  for (let depth = 0; def && depth < 8; depth++) {
    if (def.type === "number") return true;
    def = def.innerType?._zod?.def;
  }
  return false;
}

/** Validates one value against its input schema; returns the parsed value. */
export function checkValue(
  m: Manifest,
  name: string,
  schema: z.ZodType,
  value: unknown,
  what = "given",
): unknown {
  const read = readText(name, schema, value);
  const r = schema.safeParse(read);
  if (r.success) return r.data;
  const problem = r.error.issues.map((i) => i.message).join("; ");
  // A bare number for a length is metres: say how to give another unit.
  const bare = typeof value === "string" && /^\s*\d+(?:\.\d+)?\s*$/.test(value)
    ? value.trim()
    : undefined;
  const hint = isLengthInput(name, schema) && bare !== undefined
    ? `; ${bare} is read as metres: give the unit, e.g. "${bare} cm" or "${bare} in"`
    : "";
  // What was given, as read: a number typed as text is that number; a length with a unit
  // says both ("300 cm" (3 m)).
  const shown = typeof value === "string" && typeof read === "number"
    ? /^\s*-?[\d.]+\s*$/.test(value) ? String(read) : `${JSON.stringify(value.trim())} (${read} m)`
    : shownValue(value);
  throw new InputError(
    name,
    `${problem}; allowed: ${allowed(m, name)}; ${what}: ${shown}${hint}`,
    {
      code: "input.not_allowed",
      data: {
        got: value,
        allowed: allowed(m, name),
        from: what,
        ...(hint ? { read_as_metres: true } : {}),
      },
    },
  );
}

/** A given value as a person would write it: JSON, but NaN and ±Infinity by name (JSON says null). */
function shownValue(value: unknown): string {
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value) ?? String(value);
}

/** A short description of what an input accepts, from its JSON Schema. */
export function allowed(m: Manifest, name: string): string {
  const s = inputJsonSchema(m, name) as Record<string, unknown>;
  const unit = inputMeta((m.inputs.shape as Record<string, z.ZodType>)[name]).unit;
  const u = unit ? ` ${unit}` : "";
  if (Array.isArray(s.enum)) return `one of ${(s.enum as unknown[]).join(", ")}`;
  const parts: string[] = [];
  const t = s.type === "integer" ? "an integer" : s.type ? `a ${s.type}` : "a value";
  parts.push(t);
  if (s.minimum !== undefined) parts.push(`≥ ${s.minimum}${u}`);
  if (s.exclusiveMinimum !== undefined) parts.push(`> ${s.exclusiveMinimum}${u}`);
  if (s.maximum !== undefined) parts.push(`≤ ${s.maximum}${u}`);
  if (s.exclusiveMaximum !== undefined) parts.push(`< ${s.exclusiveMaximum}${u}`);
  if (s.minLength !== undefined) parts.push(`at least ${s.minLength} character(s)`);
  return parts.join(", ");
}
