/**
 * What keeps a language model honest about the building: numbers in its text must come from
 * the results (a number no result contains is removed and the removal reported), and names
 * from a building file reach it quoted and length-capped, as data, never as instructions.
 */
import { NUMBER_WORD_TENS, NUMBER_WORD_UNITS } from "../../ground/text.ts";
import type { ModelView } from "../../core/result.ts";
import { printable } from "../../core/printable.ts";
import type { ModelTurn } from "./types.ts";

/** Tool calls run from one model turn; the rest are answered "not run" (a model may loop). */
export const MAX_TOOL_CALLS_PER_TURN = 8;
/** Characters of a model's text kept; the rest is cut, and the cut said. */
export const MAX_REPLY_CHARS = 20_000;

/** What {@link cleanTurn} took out of a turn. */
export interface TurnCuts {
  /** Tool calls past {@link MAX_TOOL_CALLS_PER_TURN}, not run. */
  calls: number;
  /** Characters of text past {@link MAX_REPLY_CHARS}. */
  chars: number;
}

/** Every string in a JSON value passed through `fn` (iteratively: any depth). */
function mapStrings(value: unknown, fn: (s: string) => string): unknown {
  const root = { v: value };
  const stack: [Record<string, unknown> | unknown[], string | number][] = [[root, "v"]];
  while (stack.length) {
    const [holder, key] = stack.pop()!;
    const v = (holder as Record<string, unknown>)[key as string];
    if (typeof v === "string") (holder as Record<string, unknown>)[key as string] = fn(v);
    else if (Array.isArray(v)) v.forEach((_, i) => stack.push([v, i]));
    else if (v && typeof v === "object") {
      for (const k of Object.keys(v)) stack.push([v as Record<string, unknown>, k]);
    }
  }
  return root.v;
}

/**
 * A model's turn made safe to show and act on: its text, tool names and arguments without
 * control characters (escape sequences, BEL, C0/C1, bidi overrides and isolates:
 * core/printable.ts) and with the key taken out wherever the server echoed it (`redact`);
 * the text cut at {@link MAX_REPLY_CHARS} and the tool calls at
 * {@link MAX_TOOL_CALLS_PER_TURN}; what was cut is returned.
 */
export function cleanTurn(
  turn: ModelTurn,
  redact: (s: string) => string = (s) => s,
): { turn: ModelTurn; cut: TurnCuts; dropped: ModelTurn["tool_calls"] } {
  const clean = (t: string) => printable(redact(t));
  let text = clean(turn.text);
  const chars = Math.max(0, text.length - MAX_REPLY_CHARS);
  if (chars) {
    text = `${
      text.slice(0, MAX_REPLY_CHARS)
    }… [the model's reply was cut here: ${chars} more characters]`;
  }
  const calls = turn.tool_calls.map((c) => ({
    id: clean(c.id),
    name: clean(c.name),
    raw: clean(c.raw),
    args: c.args === undefined
      ? undefined
      : mapStrings(structuredClone(c.args), clean) as Record<string, unknown>,
  }));
  return {
    turn: { text, tool_calls: calls.slice(0, MAX_TOOL_CALLS_PER_TURN), stop: clean(turn.stop) },
    cut: { calls: Math.max(0, calls.length - MAX_TOOL_CALLS_PER_TURN), chars },
    dropped: calls.slice(MAX_TOOL_CALLS_PER_TURN),
  };
}

/** Longest name, in characters, a model is shown. */
export const NAME_CAP = 48;

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** A name from a file as a model sees it: control characters stripped, capped, in «». */
export function quoteName(name: string): string {
  const clean = name.replace(CONTROL, " ").replace(/\s+/g, " ").trim();
  const capped = clean.length > NAME_CAP ? `${clean.slice(0, NAME_CAP - 1).trimEnd()}…` : clean;
  return `«${capped.replace(/[«»]/g, "")}»`;
}

/** Replaces every occurrence of each name in `text` with its quoted, capped form. */
export function quoteNames(text: string, names: string[]): string {
  const list = [...new Set(names.map((n) => n.trim()).filter((n) => n.length >= 2))]
    .sort((a, b) => b.length - a.length);
  if (!list.length) return text.replace(CONTROL, " ");
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(list.map(esc).join("|"), "g");
  return text.replace(re, (m) => quoteName(m)).replace(CONTROL, " ");
}

/** The model view with every file-derived name quoted and capped. */
export function guardView(view: ModelView, names: string[]): ModelView {
  return {
    ...view,
    verdict: quoteNames(view.verdict, names),
    findings: view.findings.map((f) => ({ ...f, title: quoteNames(f.title, names) })),
  };
}

const NUMBER = /(?<![\w.])-?\d+(?:[.,]\d+)*(?:\.\d+)?/g;

/** Eighths of an inch as ground/units.ts writes them. */
const FRACTION: Record<string, number> = {
  "⅛": 1 / 8,
  "¼": 1 / 4,
  "⅜": 3 / 8,
  "½": 1 / 2,
  "⅝": 5 / 8,
  "¾": 3 / 4,
  "⅞": 7 / 8,
};
/** A length in feet and inches as ground/units.ts writes it: `2′ 8⅛″`, `9⅝″`, `3′ 0″`. */
const FEET_INCHES = /(?:(\d+)′[\s\u00a0]*)?(\d+)?([⅛¼⅜½⅝¾⅞])?″/g;

/**
 * Every number written in a text (thousands separators read, "1,234.5" is 1234.5); a length
 * in feet and inches (`2′ 8⅛″`, the display.units sentences) also as the inches, feet and
 * metres it is, so a model may say it as "32 in", "2.7 ft" or "0.82 m".
 */
export function numbersIn(text: string): number[] {
  const out = [...text.matchAll(NUMBER)].map((m) => Number(m[0].replace(/,/g, "")))
    .filter(Number.isFinite);
  for (const m of text.matchAll(FEET_INCHES)) {
    if (m[2] === undefined && m[3] === undefined) continue;
    const inches = Number(m[1] ?? 0) * 12 + Number(m[2] ?? 0) + (FRACTION[m[3] ?? ""] ?? 0);
    out.push(inches, inches / 12, inches * 0.0254);
  }
  return out;
}

/** Every number anywhere in a JSON value (numbers, and numbers written in its strings). */
export function numbersOf(value: unknown, out: number[] = []): number[] {
  if (typeof value === "number") out.push(value);
  else if (typeof value === "string") out.push(...numbersIn(value));
  else if (Array.isArray(value)) { for (const v of value) numbersOf(v, out); }
  else if (value && typeof value === "object") {
    for (const v of Object.values(value)) numbersOf(v, out);
  }
  return out;
}

/** True when `written` is `source` as a person would write it (rounded to written's decimals). */
function writtenAs(written: string, source: number): boolean {
  const w = Number(written.replace(/,/g, ""));
  const decimals = /\.(\d+)$/.exec(written)?.[1].length ?? 0;
  const tol = 0.5 * 10 ** -decimals + 1e-9;
  // Also the same value in another common scale (0.76 m written as 76 cm or 760 mm).
  return [1, 100, 1000].some((k) => Math.abs(w - source * k) <= tol);
}

/** A number removed from model text. */
export interface Removed {
  number: string;
  /** The words around it, for the report. */
  near: string;
}

const UNITS = NUMBER_WORD_UNITS;
const TENS = NUMBER_WORD_TENS;
const SCALES: Record<string, number> = { hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9 };
const WORD = `(?:${
  [...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES)].join("|")
})`;
/** A run of English number words ("twenty-three", "one hundred and five", "two point five"). */
const NUMBER_WORDS = new RegExp(
  `\\b${WORD}(?:(?:[\\s-]+|\\s+and\\s+)${WORD})*(?:\\s+point(?:\\s+${WORD})+)?\\b`,
  "gi",
);

/** The value of a run of English number words, or undefined when it does not read as one. */
export function wordsValue(words: string): number | undefined {
  const [whole, frac] = words.toLowerCase().split(/\s+point\s+/);
  let total = 0, group = 0, any = false;
  for (const w of whole.split(/[\s-]+/).filter((x) => x && x !== "and")) {
    any = true;
    if (w in UNITS) group += UNITS[w];
    else if (w in TENS) group += TENS[w];
    else if (w === "hundred") group = (group || 1) * 100;
    else if (w in SCALES) {
      total += (group || 1) * SCALES[w];
      group = 0;
    } else return undefined;
  }
  if (!any) return undefined;
  let v = total + group;
  if (frac) {
    const digits = frac.split(/\s+/).map((d) => UNITS[d]);
    if (digits.some((d) => d === undefined || d > 9)) return undefined;
    v = Number(`${v}.${digits.join("")}`);
  }
  return v;
}

/**
 * Digits of other scripts as ASCII: full-width (U+FF10–FF19) and the other compatibility
 * forms Unicode NFKC folds to 0–9; decimal digits of other scripts are mapped by their place
 * in their block of ten, so "١٢" reads 12.
 */
export function asciiDigits(text: string): string {
  return text.replace(/[^ -~\s]/gu, (c) => {
    const k = c.normalize("NFKC");
    if (/^[0-9]$/.test(k)) return k;
    if (/^\p{Nd}$/u.test(c)) {
      // Every Unicode decimal digit block is ten code points from a zero.
      let zero = c.codePointAt(0)!;
      while (/^\p{Nd}$/u.test(String.fromCodePoint(zero - 1)) && c.codePointAt(0)! - zero < 9) {
        zero--;
      }
      return String(c.codePointAt(0)! - zero);
    }
    return c;
  });
}

/**
 * Removes from `text` every number that no allowed number accounts for (the results' and the
 * person's question's): numbers in digits of any script (full-width "２３" is read as 23)
 * and numbers written in English words ("twenty-three"; a lone "one" is left, as in "no
 * one"); returns the text and what was removed.
 */
export function scrubNumbers(
  text: string,
  allowed: number[],
): { text: string; removed: Removed[] } {
  const removed: Removed[] = [];
  text = asciiDigits(text);
  text = text.replace(NUMBER_WORDS, (m, offset: number) => {
    const v = wordsValue(m);
    if (v === undefined || /^(one|zero)$/i.test(m.trim())) return m;
    if (allowed.some((a) => writtenAs(String(v), a))) return m;
    removed.push({
      number: m,
      near: text.slice(Math.max(0, offset - 30), offset + m.length + 30).trim(),
    });
    return "[number removed]";
  });
  const out = text.replace(NUMBER, (m, offset: number) => {
    if (allowed.some((a) => writtenAs(m, a))) return m;
    removed.push({
      number: m,
      near: text.slice(Math.max(0, offset - 30), offset + m.length + 30).trim(),
    });
    return "[number removed]";
  });
  return { text: out, removed };
}
