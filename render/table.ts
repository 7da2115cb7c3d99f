/**
 * A tool's table (`data.table`) for every surface: the command line's `--csv` and the web
 * view's Table block and CSV download take it from here, so neither imports the other.
 */
import type { ResultTable, ToolResult } from "../core/result.ts";

/** A result's table (`data.table`, typed in core/result.ts), if it gives one. */
export function resultTable(r: ToolResult): ResultTable | undefined {
  return r.data?.table;
}

/**
 * A text cell a spreadsheet would run as a formula: one starting with `=`, `+`, `-`, `@`, a
 * tab or a carriage return (OWASP, "CSV Injection").
 */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * A table as CSV (RFC 4180 quoting). A text cell a spreadsheet would take for a formula is
 * prefixed with `'` and quoted, as OWASP's "CSV Injection" page advises (a room named
 * `=HYPERLINK(…)` stays a name); numbers are written as they are, so -0.5 stays a number.
 */
export function toCsv(t: ResultTable): string {
  const cell = (v: unknown) => {
    let s = v === undefined || v === null ? "" : String(v);
    const formula = typeof v !== "number" && FORMULA.test(s);
    if (formula) s = `'${s}`;
    return formula || /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [t.columns.map(cell).join(","), ...t.rows.map((r) => r.map(cell).join(","))].join("\n") +
    "\n";
}
