/**
 * Text from a file is data: before a terminal (or any surface) shows it, control characters
 * are taken out so a crafted name cannot clear the screen, recolour it or move the cursor
 * (ECMA-48 escape and control sequences), and bidirectional overrides cannot reorder what a
 * person reads (Unicode TR #9; CVE-2021-42574 "Trojan Source").
 */

// C0 controls but tab and newline, DEL, C1 controls (0x80–0x9f), bidi embeddings/overrides
// and isolates, and the line/paragraph separators.
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
// A whole escape sequence (CSI … final byte, OSC … BEL/ST) goes, not just its ESC.
const SEQUENCE =
  // deno-lint-ignore no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]/g;

/** Text safe to print: escape sequences and control characters removed; tab and newline kept. */
export function printable(text: string): string {
  return text.replace(SEQUENCE, "").replace(CONTROL, "");
}

/** {@link printable} on one line: newlines and tabs become spaces too. */
export function printableLine(text: string): string {
  return printable(text).replace(/[\n\t]/g, " ");
}

/** Whether text holds anything {@link printable} would take out. */
export function hasControl(text: string): boolean {
  return printable(text) !== text;
}

/** Deeply applies {@link printable} to every string in a JSON-like value (keys too). */
export function printableDeep<T>(value: T): T {
  if (typeof value === "string") return printable(value) as T;
  if (Array.isArray(value)) return value.map(printableDeep) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        printable(k),
        printableDeep(v),
      ]),
    ) as T;
  }
  return value;
}

/**
 * {@link printableDeep} that also counts the strings it changed (for an import report).
 */
export function stripControls<T>(value: T): { value: T; changed: number } {
  let changed = 0;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const p = printable(v);
      if (p !== v) changed++;
      return p;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        out[walk(k) as string] = walk(x);
      }
      return out;
    }
    return v;
  };
  return { value: walk(value) as T, changed };
}
