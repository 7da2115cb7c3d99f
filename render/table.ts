/**
 * A tool's table (`data.table`) for every surface: the command line's `--csv` and the web
 * view's Table block and CSV download take it from here, so neither imports the other.
 */
import type { ResultTable, ToolResult } from "../core/result.ts";

/** A result's table (`data.table`, typed in core/result.ts), if it gives one. */
export function resultTable(r: ToolResult): ResultTable | undefined {
  return r.data?.table;
}

/** A table as CSV (RFC 4180 quoting). */
export function toCsv(t: ResultTable): string {
  const cell = (v: unknown) => {
    const s = v === undefined || v === null ? "" : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [t.columns.map(cell).join(","), ...t.rows.map((r) => r.map(cell).join(","))].join("\n") +
    "\n";
}
