/**
 * Text rendering of a ToolResult's panel blocks for the terminal: VerdictHeader, MetricGrid,
 * CheckList, FindingList, AssumptionList, StepLog (tables through cli-table3). Renders only;
 * every number comes from the result.
 */
import Table from "cli-table3";
import type { Block, Manifest } from "../core/manifest.ts";
import { resultBlocks, type ResultTable, type Status, type ToolResult } from "../core/result.ts";

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

/** A number for a table: up to 3 decimals, no trailing zeros. */
export function fmtNum(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return String(Math.round(v * 1000) / 1000);
}

/** Box characters without a rule between rows. */
export const COMPACT = { "mid": "", "left-mid": "", "mid-mid": "", "right-mid": "" };

function table(head: string[]): Table.Table {
  return new Table({
    head,
    style: { head: [], border: [] },
    chars: COMPACT,
    wordWrap: true,
  }) as Table.Table;
}

const ICON: Record<Status, string> = {
  pass: "PASS",
  fail: "FAIL",
  warn: "WARN",
  unknown: "UNKNOWN",
  error: "ERROR",
};

/** One block as text; blocks without a text form (PlanView, Chart) give a pointer line. */
export function renderBlock(block: Block, r: ToolResult, color: boolean): string {
  switch (block) {
    case "VerdictHeader":
      return `${paint(ICON[r.verdict.status], r.verdict.status, color)}  ${
        paint(r.tool, "bold", color)
      }${r.scan ? ` on ${r.scan}` : ""}\n${r.verdict.text}`;
    case "MetricGrid": {
      if (!r.metrics.length) return "";
      const t = table(["Metric", "Value", "Unit"]);
      for (const m of r.metrics) {
        t.push([
          m.label,
          m.value === null ? "—" : typeof m.value === "number" ? fmtNum(m.value) : m.value,
          m.unit ?? "",
        ]);
      }
      return t.toString();
    }
    case "CheckList": {
      if (!r.checks.length) return "";
      const t = table(["Check", "Status", "Measured", "Limit", "Unit", "Rule / note"]);
      for (const c of r.checks) {
        t.push([
          c.label,
          paint(c.status, c.status, color),
          c.measured === undefined ? "—" : fmtNum(c.measured),
          c.limit === undefined ? "—" : fmtNum(c.limit),
          c.unit ?? "",
          [
            c.rule
              ? `${c.rule.pack} ${c.rule.section}${c.rule.unverified ? " (unverified)" : ""}`
              : "",
            c.note ?? "",
          ]
            .filter(Boolean).join("; "),
        ]);
      }
      return t.toString();
    }
    case "FindingList": {
      if (!r.findings.length) return "Findings: none";
      return "Findings:\n" +
        r.findings.map((f) =>
          `  - ${
            paint(
              f.title,
              f.severity === "fail" ? "fail" : f.severity === "warn" ? "warn" : "bold",
              color,
            )
          } ${paint(`[${f.id}]`, "dim", color)}${f.detail ? `\n    ${f.detail}` : ""}`
        ).join("\n");
    }
    case "AssumptionList":
      if (!r.assumptions.length) return "";
      return "Assumptions:\n" + r.assumptions.map((a) => `  - ${a.text}`).join("\n");
    case "StepLog":
      if (!r.steps.length) return "";
      return "Steps:\n" + r.steps.map((s, i) => `  ${i + 1}. ${s}`).join("\n");
    case "Table": {
      const t0 = resultTable(r);
      if (!t0 || !t0.rows.length) return "";
      const t = table(t0.columns);
      for (const row of t0.rows.slice(0, 60)) {
        t.push(
          row.map((v) =>
            typeof v === "number" ? fmtNum(v) : v === undefined || v === null ? "" : String(v)
          ),
        );
      }
      return t.toString() +
        (t0.rows.length > 60 ? `\n(${t0.rows.length - 60} more rows: use --csv)` : "");
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
export function renderResult(m: Manifest, r: ToolResult, color: boolean): string {
  return resultBlocks(m.blocks, r).map((b) => renderBlock(b, r, color)).filter(Boolean).join(
    "\n\n",
  );
}

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
