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
  return stripControls(value).value;
}

/**
 * {@link printableDeep} that also counts the strings it changed (for an import report).
 * Iterative: a value nested any depth is walked without growing the call stack.
 */
export function stripControls<T>(value: T): { value: T; changed: number } {
  let changed = 0;
  const clean = (s: string) => {
    const p = printable(s);
    if (p !== s) changed++;
    return p;
  };
  if (typeof value === "string") return { value: clean(value) as T, changed };
  if (!value || typeof value !== "object") return { value, changed };
  const copy = (v: object): unknown[] | Record<string, unknown> => Array.isArray(v) ? [] : {};
  const root = copy(value);
  // Each entry: a source container and the copy its cleaned members go into.
  const stack: [object, unknown[] | Record<string, unknown>][] = [[value, root]];
  while (stack.length) {
    const [src, dst] = stack.pop()!;
    const entries: [string | number, unknown][] = Array.isArray(src)
      ? src.map((x, i) => [i, x])
      : Object.entries(src);
    for (const [k, x] of entries) {
      const key = typeof k === "string" ? clean(k) : k;
      let out: unknown = x;
      if (typeof x === "string") out = clean(x);
      else if (x && typeof x === "object") {
        out = copy(x);
        stack.push([x, out as unknown[] | Record<string, unknown>]);
      }
      (dst as Record<string | number, unknown>)[key] = out;
    }
  }
  return { value: root as T, changed };
}
