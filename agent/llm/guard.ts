/**
 * What keeps a language model honest about the building: numbers in its text must come from
 * the results (a number no result contains is removed and the removal reported), and names
 * from a building file reach it quoted and length-capped, as data, never as instructions.
 */
import type { ModelView } from "../../core/result.ts";

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

/** Every number written in a text (thousands separators read, "1,234.5" is 1234.5). */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(NUMBER)].map((m) => Number(m[0].replace(/,/g, "")))
    .filter(Number.isFinite);
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

/**
 * Removes from `text` every number that no allowed number accounts for (the results' and the
 * person's question's); returns the text and what was removed.
 */
export function scrubNumbers(
  text: string,
  allowed: number[],
): { text: string; removed: Removed[] } {
  const removed: Removed[] = [];
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
