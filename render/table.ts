/**
 * A tool's table (`data.table`) for every surface: the command line's `--csv` and the web
 * view's Table block and CSV download take it from here, so neither imports the other.
 */
import type { ResultTable, ToolResult } from "../core/result.ts";

/** Unit words of a column key's last part (`floor_area_m2` → m²). */
const KEY_UNITS: Record<string, string> = {
  m: "m",
  m2: "m²",
  m3: "m³",
  l: "L",
  h: "h",
  deg: "°",
  pct: "%",
  s: "s",
};

/**
 * A column's heading as a person reads it: a key in snake case (`floor_area_m2`) becomes
 * words with its unit ("Floor area (m²)"), without the unit when `unit` is false (the cells
 * carry converted units). A heading already in words ("Window", "2025-03-21 (h)") is kept.
 * Keys stay in the table's data and in `--csv` (a file for spreadsheets and scripts).
 */
export function columnHeading(key: string, unit = true): string {
  if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(key)) return key;
  const parts = key.split("_");
  const last = parts.length > 1 ? KEY_UNITS[parts.at(-1)!] : undefined;
  const words = (last ? parts.slice(0, -1) : parts).join(" ");
  const head = words[0].toUpperCase() + words.slice(1);
  return last && unit ? `${head} (${last})` : head;
}

/**
 * The table as a person reads it (the terminal, the web view): without its `id` column when
 * it names each row (a `name` column). Ids stay in `--csv` and `--json`, for a spreadsheet or
 * a script to join on; a person reads the names.
 */
export function readableTable(t: ResultTable): ResultTable {
  const id = t.columns.indexOf("id");
  if (id < 0 || !t.columns.includes("name")) return t;
  return {
    columns: t.columns.filter((_, i) => i !== id),
    rows: t.rows.map((r) => r.filter((_, i) => i !== id)),
  };
}

/** A result's table (`data.table`, typed in core/result.ts), if it gives one. */
export function resultTable(r: ToolResult): ResultTable | undefined {
  return r.data?.table;
}

/**
 * A result's checks as a table (`--csv` for tools whose answer is a list of checks): each
 * check's label (which names its subject), status, measured value, limit, unit, rule and note.
 */
export function checksTable(r: ToolResult): ResultTable | undefined {
  if (!r.checks.length) return undefined;
  return {
    columns: ["check", "status", "measured", "limit", "unit", "rule", "note"],
    rows: r.checks.map((c) => [
      c.label,
      c.status,
      c.measured ?? null,
      c.limit ?? null,
      c.unit ?? null,
      c.rule ? `${c.rule.pack} ${c.rule.section}${c.rule.unverified ? " (unverified)" : ""}` : null,
      c.note ?? null,
    ]),
  };
}

/** What `--csv` and the web's CSV download write: the tool's own table, else its checks. */
export function csvTable(r: ToolResult): ResultTable | undefined {
  return resultTable(r) ?? checksTable(r);
}

/**
 * A text cell a spreadsheet would run as a formula: one starting with `=`, `+`, `-`, `@`, a
 * tab or a carriage return (OWASP, "CSV Injection").
 */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * A table as CSV (RFC 4180 quoting). A text cell a spreadsheet would take for a formula is
 * prefixed with `'` and quoted, as OWASP's "CSV Injection" page advises (a room named
 * `=HYPERLINK(…)` stays a name); numbers are written as they are (to 12 significant digits:
 * 0.7100000000000001 is written 0.71), so -0.5 stays a number.
 */
export function toCsv(t: ResultTable): string {
  const cell = (v: unknown) => {
    let s = v === undefined || v === null
      ? ""
      : typeof v === "number"
      ? String(Number(v.toPrecision(12)))
      : String(v);
    const formula = typeof v !== "number" && FORMULA.test(s);
    if (formula) s = `'${s}`;
    return formula || /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [t.columns.map(cell).join(","), ...t.rows.map((r) => r.map(cell).join(","))].join("\n") +
    "\n";
}
