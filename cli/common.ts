/**
 * What every command of `threshold` shares: the heavy library loaded on demand (`L`), the
 * store opened once per invocation, output, tables for people, flag parsing, exit codes and
 * the `act` / `listing` wrappers each command's action runs in.
 * @module
 */
import type { Command } from "npm:commander@15.1.0";
import { fitTable, type Format, FORMATS } from "./layout.ts";
import { UNIT_SYSTEMS, type UnitSystem } from "../ground/units.ts";
import { InputError } from "../ground/errors.ts";
import type { Manifest } from "../core/manifest.ts";
import type { Registry } from "../core/registry.ts";
import { isPostgresLocation, openStoreAt, type Store, storeLocation } from "../core/store.ts";
import { printableLine } from "../core/printable.ts";
import type * as Lib from "./lib.ts";
import { fmtNumber } from "../ground/text.ts";
import { later } from "../core/later.ts";

/** The heavy part of the command line, loaded by every command but the listings. */
export let L: typeof Lib;
export async function loadLib(): Promise<typeof Lib> {
  return (L ??= await later<typeof Lib>(new URL("./lib.ts", import.meta.url)));
}

/** Exit codes, documented in the README. */
export const EXIT = { ok: 0, error: 1, usage: 2, needsInput: 3 } as const;

/** Ends a command with an exit code (and a message for stderr). */
export class Exit extends Error {
  constructor(readonly code: number, message = "") {
    super(message);
  }
}

export const out = (s: string) => console.log(s);
export const err = (s: string) => console.error(s);

let storeCache: Store | undefined;
/** The store, opened on first use and closed by `closeStore` when the command ends. */
export function store(): Store {
  return (storeCache ??= openStoreAt(storeLocation()));
}
/** The store's folder, where the web view keeps uploaded images; none for a PostgreSQL store. */
export function storeHome(): string | undefined {
  const at = storeLocation();
  return isPostgresLocation(at) ? undefined : at;
}
export function closeStore(): void {
  storeCache?.close();
  storeCache = undefined;
}

/** How this command shows results: `--format` / `--units`, else the saved preferences. */
export interface DisplayChoice {
  format: Format;
  units: UnitSystem;
}
let displayCache: DisplayChoice | undefined;

/**
 * The format and unit system: a flag when given (checked: an InputError names the flag and
 * the allowed values), else the `display.format` / `display.units` preferences, else boxes
 * and metres. Remembered for the command's other tables ({@link tableOf}).
 */
export function display(flags: { format?: string; units?: string } = {}): DisplayChoice {
  const pick = <T extends string>(
    flag: string,
    given: string | undefined,
    key: string,
    allowed: readonly T[],
    fallback: T,
  ): T => {
    if (given !== undefined) {
      if (!(allowed as readonly string[]).includes(given)) {
        throw new InputError(
          flag,
          `must be one of ${allowed.join(", ")}, got ${JSON.stringify(given)}`,
        );
      }
      return given as T;
    }
    let saved: unknown;
    try {
      saved = store().getPref(key);
    } catch {
      saved = undefined; // no readable store: the defaults
    }
    return (allowed as readonly unknown[]).includes(saved) ? saved as T : fallback;
  };
  displayCache = {
    format: pick("--format", flags.format, "display.format", FORMATS, "table"),
    units: pick("--units", flags.units, "display.units", UNIT_SYSTEMS, "metric"),
  };
  return displayCache;
}

/** `--format`, shared by the commands that print results. */
export const FORMAT_OPTION = [
  "--format <format>",
  "table, plain (one line per row, for screen readers) or markdown (default: display.format)",
] as const;
/** `--units`, shared by the commands that print results. */
export const UNITS_OPTION = [
  "--units <units>",
  "metric, imperial (feet and inches, ft²) or both (default: display.units); --json stays SI",
] as const;

/** A table for people, in the command's format (boxes, plain lines or markdown). */
export function tableOf(
  head: string[],
  rows: (string | number)[][],
  noteColumns?: number[],
  whole?: number[],
): string {
  return fitTable(
    head,
    rows.map((r) =>
      r.map((c) => (typeof c === "number" ? fmtNumber(c) : printableLine(String(c))))
    ),
    { noteColumns, whole, format: (displayCache ?? display()).format },
  );
}

/** `key=value`: the value is JSON when it parses, else the plain string (a plain number too). */
export function parseKv(kv: string, flag = "--set"): [string, unknown] {
  const i = kv.indexOf("=");
  if (i <= 0) throw new InputError(flag, `expected key=value, got ${JSON.stringify(kv)}`);
  const k = kv.slice(0, i).trim(), raw = kv.slice(i + 1);
  // For a tool's input (--set) a plain number stays text: the filler reads it for the input it
  // is given to (a number input as a number, a length in metres with the hint for a unit; a
  // text input as typed). Elsewhere (--record) it is a number.
  const plain = flag === "--set" && /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(raw);
  const v = plain ? raw.trim() : parseValue(raw);
  if (typeof v === "number" && !Number.isFinite(v)) {
    throw new InputError(
      `${flag} ${k}`,
      `${raw} is too large to be a number (the largest is about 1.8e308)`,
    );
  }
  return [k, v];
}
/**
 * `key=value` for one tool: a value for a text input stays the text typed (`--set to=101`
 * names room "101", not the number 101); other inputs as {@link parseKv}.
 */
export function parseKvFor(m: Manifest, kv: string): [string, unknown] {
  const [k, v] = parseKv(kv);
  if (typeof v === "string") return [k, v];
  const shape = m.inputs.shape as Record<string, { _zod?: { def?: Record<string, any> } }>;
  let def = shape[k]?._zod?.def;
  // Through optional, default and nullable wrappers to the input's own type.
  while (def && ["optional", "default", "nullable", "prefault"].includes(def.type)) {
    def = def.innerType?._zod?.def;
  }
  return def?.type === "string" ? [k, kv.slice(kv.indexOf("=") + 1)] : [k, v];
}
export function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
export const collect = (v: string, prev: string[]) => [...prev, v];
/** A number flag's value, or an InputError naming the flag (core says which range is allowed). */
export function numberFlag(flag: string, v: string): number {
  const n = v.trim() === "" ? NaN : Number(v);
  if (!Number.isFinite(n)) throw new InputError(flag, `must be a number, got ${JSON.stringify(v)}`);
  return n;
}

export async function registry(): Promise<Registry> {
  return await L.loadRegistry();
}

/** A command's action: its exit code, or nothing for 0. */
export type Action<A extends unknown[]> = (...a: A) => Promise<number | void> | number | void;

/**
 * How an action is wrapped: `act` loads the heavy part first; `listing` (tools, show, ask,
 * web) runs from the catalog alone. Both record the action's exit code for the program.
 */
export interface Actions {
  act<A extends unknown[]>(fn: Action<A>): (...a: A) => Promise<void>;
  listing<A extends unknown[]>(fn: Action<A>): (...a: A) => Promise<void>;
}

/** Adds one command (or one group of subcommands) to the program. */
export type Register = (p: Command, a: Actions) => void;
