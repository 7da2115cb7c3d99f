/**
 * Batch output: rows as JSON Lines or CSV (one row per scan × tool), and the summary a person
 * reads at the end — verdicts by tool, the slowest runs, the failures with their reasons.
 */
import type { BatchRow } from "../core/store.ts";
import { round } from "../ground/text.ts";
import { InputError } from "../ground/errors.ts";

/** The CSV columns, in order. Metrics go in one `metrics` column as `id=value unit; …`. */
export const CSV_COLUMNS = [
  "scan",
  "tool",
  "status",
  "verdict",
  "checks_pass",
  "checks_fail",
  "checks_warn",
  "checks_unknown",
  "findings_open",
  "metrics",
  "run_id",
  "duration_ms",
  "key",
] as const;

function csvCell(v: unknown): string {
  const s = v === undefined || v === null ? "" : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One row as a JSON line (the row's fields, plus batch and key). */
export function jsonLine(r: BatchRow): string {
  return JSON.stringify({ batch: r.batch, key: r.key, ...r.row });
}

/** One row as a CSV line (no newline). */
export function csvLine(r: BatchRow): string {
  const row = r.row as Record<string, any>;
  const metrics = Object.entries((row.metrics ?? {}) as Record<string, any>)
    .map(([id, m]) => `${id}=${m.value}${m.unit ? ` ${m.unit}` : ""}`).join("; ");
  const cells: Record<(typeof CSV_COLUMNS)[number], unknown> = {
    scan: r.scan,
    tool: r.tool,
    status: r.status,
    verdict: row.verdict,
    checks_pass: row.checks?.pass,
    checks_fail: row.checks?.fail,
    checks_warn: row.checks?.warn,
    checks_unknown: row.checks?.unknown,
    findings_open: row.findings?.open,
    metrics,
    run_id: r.run_id,
    duration_ms: row.duration_ms,
    key: r.key,
  };
  return CSV_COLUMNS.map((c) => csvCell(cells[c])).join(",");
}

/** The output format a file name asks for (.jsonl / .ndjson, or .csv). */
/** The endings an output file may have. */
export const OUT_EXTENSIONS = [".jsonl", ".ndjson", ".csv"] as const;

export function outFormat(file: string): "jsonl" | "csv" {
  if (/\.csv$/i.test(file)) return "csv";
  if (/\.(jsonl|ndjson)$/i.test(file)) return "jsonl";
  throw new InputError("--out", `${JSON.stringify(file)} must end in .jsonl, .ndjson or .csv`, {
    code: "batch.out_format",
    data: { got: file, allowed: OUT_EXTENSIONS },
  });
}

/** The whole output file's text for these rows. */
export function outText(file: string, rows: BatchRow[]): string {
  const f = outFormat(file);
  const lines = f === "csv" ? [CSV_COLUMNS.join(","), ...rows.map(csvLine)] : rows.map(jsonLine);
  return lines.join("\n") + (lines.length ? "\n" : "");
}

/** What the summary says, as data (the CLI renders it as tables; --json prints it). */
export interface BatchSummary {
  batch: string;
  rows: number;
  /** Rows done by this invocation (the rest were already done: --resume). */
  ran: number;
  skipped: number;
  elapsed_s: number;
  rows_per_s: number;
  by_tool: { tool: string; counts: Record<string, number> }[];
  slowest: { scan: string; tool: string; duration_ms: number; status: string }[];
  failures: { scan: string; tool: string; reason: string }[];
}

/** Summarises a batch's rows. */
export function summarize(
  batch: string,
  rows: BatchRow[],
  ran: number,
  elapsed_s: number,
  slowest = 5,
): BatchSummary {
  const byTool = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const c = byTool.get(r.tool) ?? {};
    c[r.status] = (c[r.status] ?? 0) + 1;
    byTool.set(r.tool, c);
  }
  const dur = (r: BatchRow) => Number((r.row as Record<string, unknown>).duration_ms ?? 0);
  return {
    batch,
    rows: rows.length,
    ran,
    skipped: rows.length - ran,
    elapsed_s: round(elapsed_s, 2),
    rows_per_s: elapsed_s > 0 ? round(ran / elapsed_s, 1) : 0,
    by_tool: [...byTool].map(([tool, counts]) => ({ tool, counts })),
    slowest: [...rows].filter((r) => r.status !== "failed").sort((a, b) => dur(b) - dur(a))
      .slice(0, slowest).map((r) => ({
        scan: r.scan,
        tool: r.tool,
        duration_ms: dur(r),
        status: r.status,
      })),
    failures: rows.filter((r) => r.status === "failed" || r.status === "error").map((r) => ({
      scan: r.scan,
      tool: r.tool,
      reason: String(
        (r.row as Record<string, unknown>).reason ??
          (r.row as Record<string, unknown>).verdict ?? "",
      ),
    })),
  };
}
