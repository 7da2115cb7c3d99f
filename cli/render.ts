/**
 * Text rendering of a ToolResult's panel blocks for the terminal: VerdictHeader, MetricGrid,
 * CheckList, FindingList, AssumptionList, StepLog, Table, in three formats (`table`: boxes;
 * `plain`: headings, then one line or a short list per row, no box characters, for screen
 * readers; `markdown`: headings and pipe tables to paste) and three unit systems (lengths and
 * areas in metres, feet and inches, or both; ground/units.ts). Renders only; every number
 * comes from the result.
 */
import {
  COMPACT,
  fitTable,
  type Format,
  FORMATS,
  newNotes,
  type Notes,
  termWidth,
  wrapIndented,
} from "./layout.ts";
import {
  convertible,
  formatQuantity,
  questionUnit,
  UNIT_SYSTEMS,
  type UnitSystem,
} from "../ground/units.ts";
import type { Manifest } from "../core/manifest.ts";
import { type Block, resultBlocks, type Status, type ToolResult } from "../core/result.ts";
import { columnHeading, readableTable, resultTable } from "../render/table.ts";
import type { SessionQuestion } from "../core/session.ts";
import { fmtNumber } from "../ground/text.ts";

const CODES: Record<Status | "dim" | "bold", [number, number]> = {
  pass: [32, 39],
  fail: [31, 39],
  warn: [33, 39],
  unknown: [90, 39],
  error: [35, 39],
  dim: [2, 22],
  bold: [1, 22],
};

/** Whether to colour: a terminal on stdout and no NO_COLOR. */
export function useColor(): boolean {
  try {
    return Deno.stdout.isTerminal() && !Deno.env.get("NO_COLOR");
  } catch {
    return false;
  }
}

/** Wraps text in an ANSI colour when `on`. */
export function paint(text: string, code: keyof typeof CODES, on: boolean): string {
  if (!on) return text;
  const [a, b] = CODES[code];
  return `\x1b[${a}m${text}\x1b[${b}m`;
}

export { COMPACT, type Format, FORMATS, UNIT_SYSTEMS, type UnitSystem };

/** How results are shown: the format and the unit system. */
export interface Display {
  format: Format;
  units: UnitSystem;
}
/** Boxes and metres: what the terminal shows when nothing else is chosen. */
export const DEFAULT_DISPLAY: Display = { format: "table", units: "metric" };

/**
 * A value and its unit as two cells: as they are in metric (or for units that are not
 * lengths or areas), else the converted text in the value cell and an empty unit cell.
 */
function valueCells(v: number, unit: string | undefined, units: UnitSystem): [string, string] {
  if (units === "metric" || !convertible(unit)) return [fmtNumber(v), unit ?? ""];
  return [formatQuantity(v, unit, units, fmtNumber(v)), ""];
}

/** A value with its unit in one piece of text (`0.84 m`, `2′ 9⅛″`, `17`). */
function quantity(v: number, unit: string | undefined, units: UnitSystem): string {
  return formatQuantity(v, unit, units === "metric" ? "metric" : units, fmtNumber(v));
}

/** A table column's SI unit from its name (`height_m`, `floor_area_m2`), if it has one. */
function columnUnit(column: string): "m" | "m²" | undefined {
  return /_m2$/.test(column) ? "m²" : /_m$/.test(column) ? "m" : undefined;
}

/**
 * A tool's table as text cells, its first `limit` rows, under headings a person reads
 * (render/table.ts `columnHeading`: "Floor area (m²)"). In metric, as it is; otherwise the
 * length and area columns (named `…_m`, `…_m2`) are converted and headed without the unit.
 */
function tableCells(
  t: NonNullable<ReturnType<typeof resultTable>>,
  limit: number,
  units: UnitSystem,
): { columns: string[]; rows: string[][] } {
  const unit = t.columns.map((c) => (units === "metric" ? undefined : columnUnit(c)));
  return {
    columns: t.columns.map((c, i) => columnHeading(c, !unit[i])),
    rows: t.rows.slice(0, limit).map((row) =>
      row.map((v, i) =>
        typeof v === "number"
          ? unit[i] ? formatQuantity(v, unit[i], units, fmtNumber(v)) : fmtNumber(v)
          : v === undefined || v === null
          ? ""
          : String(v)
      )
    ),
  };
}

/** A heading for a block: a markdown heading, or a line ending in ":" in plain text. */
function heading(text: string, format: Format): string {
  return format === "markdown" ? `### ${text}\n` : `${text}:`;
}

/** A check's rule and note, joined (the note as a reference when it went below). */
function ruleNote(c: ToolResult["checks"][number], notes: Notes | undefined): string {
  return [
    c.rule ? `${c.rule.pack} ${c.rule.section}${c.rule.unverified ? " (unverified)" : ""}` : "",
    c.note ? (notes && c.note.length > 40 ? notes.ref(c.note) : c.note) : "",
  ].filter(Boolean).join("; ");
}

const ICON: Record<Status, string> = {
  pass: "PASS",
  fail: "FAIL",
  warn: "WARN",
  unknown: "UNKNOWN",
  error: "ERROR",
};

/** Rows a long check list or table shows unless every row is asked for (`run --all`). */
export const ROW_LIMIT = 60;

/**
 * The checks a long list shows: every one not passing first (up to {@link ROW_LIMIT}), then
 * passing ones to fill it, in the result's order; with a line saying what was left out.
 */
function checksShown(r: ToolResult, all: boolean): { checks: ToolResult["checks"]; tail: string } {
  const total = r.checks.length;
  if (all || total <= ROW_LIMIT) return { checks: r.checks, tail: "" };
  const failing = r.checks.filter((c) => c.status !== "pass");
  const keep = new Set(failing.slice(0, ROW_LIMIT));
  for (const c of r.checks) {
    if (keep.size >= ROW_LIMIT) break;
    keep.add(c);
  }
  const checks = r.checks.filter((c) => keep.has(c));
  const n = (v: number) => v.toLocaleString("en");
  const what = failing.length > ROW_LIMIT
    ? `${n(ROW_LIMIT)} of the ${n(failing.length)} not passing; ${
      n(total - ROW_LIMIT)
    } more are not listed`
    : failing.length
    ? `all ${n(failing.length)} not passing, then passing ones`
    : "all pass";
  return {
    checks,
    tail: `(${n(ROW_LIMIT)} of ${n(total)} checks shown: ${what}. --all lists every check.)`,
  };
}

/** Columns of a tool's own table that hold notes (moved below the table when long). */
const NOTE_COLUMN = /note|basis|source|why|reason|method|comment/i;

/**
 * One block as text, fitted to `width` columns; blocks without a text form (PlanView, Chart)
 * give "". Long check notes go to `notes` (numbered, each distinct note once) when given,
 * else below the block's own table.
 */
export function renderBlock(
  block: Block,
  r: ToolResult,
  color: boolean,
  width = termWidth(),
  notes?: Notes,
  all = false,
  display: Display = DEFAULT_DISPLAY,
): string {
  const { format, units } = display;
  if (format !== "table") return renderFlat(block, r, color, width, notes, all, display);
  switch (block) {
    case "VerdictHeader":
      return `${paint(ICON[r.verdict.status], r.verdict.status, color)}  ${
        paint(r.tool, "bold", color)
      }${r.scan ? ` on ${r.scan}` : ""}\n${wrapIndented(r.verdict.text, width, "")}`;
    case "MetricGrid": {
      if (!r.metrics.length) return "";
      return fitTable(
        ["Metric", "Value", "Unit"],
        r.metrics.map((m) => [
          m.label,
          ...(typeof m.value === "number"
            ? valueCells(m.value, m.unit, units)
            : [m.value === null ? "—" : m.value, m.unit ?? ""]),
        ]),
        { width },
      );
    }
    case "CheckList": {
      if (!r.checks.length) return "";
      const { checks, tail } = checksShown(r, all);
      return fitTable(
        ["Check", "Status", "Measured", "Limit", "Unit", "Rule / note"],
        checks.map((c) => [
          c.label,
          paint(c.status, c.status, color),
          c.measured === undefined ? "—" : valueCells(c.measured, c.unit, units)[0],
          c.limit === undefined ? "—" : valueCells(c.limit, c.unit, units)[0],
          units === "metric" || !convertible(c.unit) ? c.unit ?? "" : "",
          ruleNote(c, notes),
        ]),
        { width, noteColumns: [5], noteOver: 40, notes },
      ) + (tail ? `\n${wrapIndented(tail, width, "")}` : "");
    }
    case "FindingList": {
      if (!r.findings.length) return "Findings: none";
      const shown = all ? r.findings : r.findings.slice(0, ROW_LIMIT);
      const more = r.findings.length - shown.length;
      return "Findings:\n" +
        shown.map((f) =>
          wrapIndented(
            `${
              paint(
                f.title,
                f.severity === "fail" ? "fail" : f.severity === "warn" ? "warn" : "bold",
                color,
              )
            } ${paint(`[${f.id}]`, "dim", color)}`,
            width,
            "  - ",
            "    ",
          ) + (f.detail ? `\n${wrapIndented(f.detail, width, "    ")}` : "")
        ).join("\n") +
        (more > 0
          ? `\n${
            wrapIndented(
              `(${more.toLocaleString("en")} more findings: --all lists every one.)`,
              width,
              "  ",
            )
          }`
          : "");
    }
    case "AssumptionList":
      if (!r.assumptions.length) return "";
      return "Assumptions:\n" +
        r.assumptions.map((a) => wrapIndented(a.text, width, "  - ")).join("\n");
    case "StepLog":
      if (!r.steps.length) return "";
      return "Steps:\n" +
        r.steps.map((s, i) => wrapIndented(s, width, `  ${i + 1}. `)).join("\n");
    case "Table": {
      const t1 = resultTable(r);
      const t0 = t1 && readableTable(t1);
      if (!t0 || !t0.rows.length) return "";
      const noteColumns = t0.columns.flatMap((c, i) => (NOTE_COLUMN.test(c) ? [i] : []));
      const limit = all ? t0.rows.length : ROW_LIMIT;
      const t = tableCells(t0, limit, units);
      return fitTable(
        t.columns,
        t.rows,
        { width, noteColumns, notes, key: Math.max(0, t0.columns.indexOf("name")) },
      ) + (t0.rows.length > limit
        ? `\n${wrapIndented(`(${t0.rows.length - limit} more rows: --all or --csv)`, width, "")}`
        : "");
    }
    case "PlanView":
    case "Chart":
      return "";
  }
}

/**
 * Every block the tool names, in manifest order, as terminal text. An `unknown` or `error`
 * result shows only what it has (an unknown verdict can still carry measured facts); it
 * prints no "Findings: none", which would read as a clean bill.
 */
export function renderResult(
  m: Manifest,
  r: ToolResult,
  color: boolean,
  o: { all?: boolean; format?: Format; units?: UnitSystem } = {},
): string {
  const width = termWidth();
  const display: Display = {
    format: o.format ?? DEFAULT_DISPLAY.format,
    units: o.units ?? DEFAULT_DISPLAY.units,
  };
  // Markdown keeps notes in their cells (a pasted table stands alone); plain refers to them
  // in words.
  const notes = display.format === "markdown"
    ? undefined
    : newNotes(display.format === "plain" ? "words" : "brackets");
  const paintOn = color && display.format !== "markdown";
  const text = resultBlocks(m.blocks, r)
    .map((b) => renderBlock(b, r, paintOn, width, notes, o.all ?? false, display))
    .filter(Boolean);
  const below = notes?.render(width);
  return [...text, ...(below ? [below] : [])].join("\n\n");
}

/**
 * One block in plain text or markdown: headings, then one line (or a short list) per row in
 * plain text, pipe tables in markdown. Long lists are cut as the boxed tables are.
 */
function renderFlat(
  block: Block,
  r: ToolResult,
  color: boolean,
  width: number,
  notes: Notes | undefined,
  all: boolean,
  display: Display,
): string {
  const { format, units } = display;
  const md = format === "markdown";
  const para = (text: string, first = "", rest = "") => wrapIndented(text, width, first, rest);
  switch (block) {
    case "VerdictHeader": {
      const head = `${paint(ICON[r.verdict.status], r.verdict.status, color)}: ${r.tool}${
        r.scan ? ` on ${r.scan}` : ""
      }`;
      return md ? `## ${head}\n\n${para(r.verdict.text)}` : `${head}\n${para(r.verdict.text)}`;
    }
    case "MetricGrid": {
      if (!r.metrics.length) return "";
      const value = (m: ToolResult["metrics"][number]) =>
        m.value === null
          ? "not known"
          : typeof m.value === "number"
          ? quantity(m.value, m.unit, units)
          : `${m.value}${m.unit ? ` ${m.unit}` : ""}`;
      if (md) {
        return `${heading("Metrics", format)}\n${
          fitTable(["Metric", "Value"], r.metrics.map((m) => [m.label, value(m)]), {
            format,
          })
        }`;
      }
      return `${heading("Metrics", format)}\n` +
        r.metrics.map((m) => para(`${m.label}: ${value(m)}`, "  ", "    ")).join("\n");
    }
    case "CheckList": {
      if (!r.checks.length) return "";
      const { checks, tail } = checksShown(r, all);
      const withUnit = (v: number | undefined, c: ToolResult["checks"][number]) =>
        v === undefined ? undefined : quantity(v, c.unit, units);
      let body: string;
      if (md) {
        body = fitTable(
          ["Check", "Status", "Measured", "Limit", "Rule / note"],
          checks.map((c) => [
            c.label,
            c.status,
            withUnit(c.measured, c) ?? "—",
            withUnit(c.limit, c) ?? "—",
            ruleNote(c, undefined),
          ]),
          { format },
        );
      } else {
        body = checks.map((c) => {
          const parts = [
            paint(c.status, c.status, color),
            c.measured === undefined ? "" : `measured ${withUnit(c.measured, c)}`,
            c.limit === undefined ? "" : `limit ${withUnit(c.limit, c)}`,
          ].filter(Boolean).join(", ");
          const rn = ruleNote(c, notes);
          return para(`${c.label}: ${parts}${rn ? `; ${rn}` : ""}`, "  - ", "    ");
        }).join("\n");
      }
      return `${heading("Checks", format)}\n${body}` +
        (tail ? `\n${md ? "\n" : ""}${para(tail)}` : "");
    }
    case "FindingList": {
      if (!r.findings.length) return md ? "### Findings\n\nNone" : "Findings: none";
      const shown = all ? r.findings : r.findings.slice(0, ROW_LIMIT);
      const more = r.findings.length - shown.length;
      const items = shown.map((f) => {
        const title = md ? `**${f.title}** (\`${f.id}\`)` : `${
          paint(
            f.title,
            f.severity === "fail" ? "fail" : f.severity === "warn" ? "warn" : "bold",
            color,
          )
        } (${f.id})`;
        return para(title, "- ", "  ") + (f.detail ? `\n${para(f.detail, "  ")}` : "");
      });
      return `${heading("Findings", format)}\n${items.join("\n")}` +
        (more > 0
          ? `\n${para(`(${more.toLocaleString("en")} more findings: --all lists every one.)`)}`
          : "");
    }
    case "AssumptionList":
      if (!r.assumptions.length) return "";
      return `${heading("Assumptions", format)}\n` +
        r.assumptions.map((a) => para(a.text, "- ", "  ")).join("\n");
    case "StepLog":
      if (!r.steps.length) return "";
      return `${heading("Steps", format)}\n` +
        r.steps.map((s, i) => para(s, `${i + 1}. `)).join("\n");
    case "Table": {
      const t1 = resultTable(r);
      const t0 = t1 && readableTable(t1);
      if (!t0 || !t0.rows.length) return "";
      const limit = all ? t0.rows.length : ROW_LIMIT;
      const noteColumns = t0.columns.flatMap((c, i) => (NOTE_COLUMN.test(c) ? [i] : []));
      const t = tableCells(t0, limit, units);
      return `${heading("Table", format)}\n` + fitTable(
        t.columns,
        t.rows,
        { width, noteColumns, notes, format, key: Math.max(0, t0.columns.indexOf("name")) },
      ) +
        (t0.rows.length > limit
          ? `\n${para(`(${t0.rows.length - limit} more rows: --all or --csv)`)}`
          : "");
    }
    case "PlanView":
    case "Chart":
      return "";
  }
}

/**
 * The questions a run stopped on, in words that fit the terminal (stderr, beside the JSON on
 * stdout that programs read): each question with its unit, and how to give the answer.
 */
export function questionsText(tool: string, questions: SessionQuestion[]): string {
  const width = termWidth();
  return [
    wrapIndented(
      `${tool} needs ${questions.length === 1 ? "an answer" : `${questions.length} answers`}:`,
      width,
      "",
    ),
    ...questions.map((q) =>
      wrapIndented(
        `${q.ask}${
          q.unit ? ` ${questionUnit(q.unit, q.units)}` : ""
        } Answer with --set ${q.input}=…`,
        width,
        "  - ",
        "    ",
      )
    ),
  ].join("\n");
}
