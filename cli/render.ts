/**
 * Text rendering of a ToolResult's panel blocks for the terminal: VerdictHeader, MetricGrid,
 * CheckList, FindingList, AssumptionList, StepLog (tables through cli-table3). Renders only;
 * every number comes from the result.
 */
import { COMPACT, fitTable, newNotes, type Notes, termWidth, wrapIndented } from "./layout.ts";
import type { Manifest } from "../core/manifest.ts";
import type { Block } from "../core/result.ts";
import { resultBlocks, type Status, type ToolResult } from "../core/result.ts";
import { resultTable } from "../render/table.ts";
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

export { COMPACT };

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
): string {
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
          m.value === null ? "—" : typeof m.value === "number" ? fmtNumber(m.value) : m.value,
          m.unit ?? "",
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
          c.measured === undefined ? "—" : fmtNumber(c.measured),
          c.limit === undefined ? "—" : fmtNumber(c.limit),
          c.unit ?? "",
          [
            c.rule
              ? `${c.rule.pack} ${c.rule.section}${c.rule.unverified ? " (unverified)" : ""}`
              : "",
            c.note ? (notes && c.note.length > 40 ? notes.ref(c.note) : c.note) : "",
          ]
            .filter(Boolean).join("; "),
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
      const t0 = resultTable(r);
      if (!t0 || !t0.rows.length) return "";
      const noteColumns = t0.columns.flatMap((c, i) => (NOTE_COLUMN.test(c) ? [i] : []));
      const limit = all ? t0.rows.length : ROW_LIMIT;
      return fitTable(
        t0.columns,
        t0.rows.slice(0, limit).map((row) =>
          row.map((v) =>
            typeof v === "number" ? fmtNumber(v) : v === undefined || v === null ? "" : String(v)
          )
        ),
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
  o: { all?: boolean } = {},
): string {
  const width = termWidth();
  const notes = newNotes();
  const text = resultBlocks(m.blocks, r)
    .map((b) => renderBlock(b, r, color, width, notes, o.all ?? false))
    .filter(Boolean);
  const below = notes.render(width);
  return [...text, ...(below ? [below] : [])].join("\n\n");
}
