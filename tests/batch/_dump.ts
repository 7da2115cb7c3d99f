/**
 * A batch store's contents as text, for comparing two ways of running the same batch: its
 * batch rows (by key), runs (by id) and findings (by scan and id), with what differs between
 * any two runs left out — the batch id, times and durations — and JSON keys sorted. A
 * finding's number (`num`) is left out too: the store numbers findings in the order they are
 * first written, store-wide, so two worker threads interleave them differently from run to
 * run (`nums` gives them, to check they stay 1…n, each once).
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";

const LEFT_OUT = new Set([
  "duration_ms",
  "done_at",
  "started_at",
  "first_seen",
  "last_seen",
  "num",
]);

/** JSON text with keys sorted and times left out. */
function clean(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(clean);
  if (v && typeof v === "object") {
    return Object.fromEntries(
      Object.keys(v).filter((k) => !LEFT_OUT.has(k)).sort().map((k) => [
        k,
        clean((v as Record<string, unknown>)[k]),
      ]),
    );
  }
  return v;
}

/** One line per stored row, run and finding of the store in `home`; counts of each. */
export function storeDump(home: string): {
  rows: string[];
  runs: string[];
  findings: string[];
  nums: number[];
} {
  const db = new DatabaseSync(join(home, "threshold.db"), { readOnly: true });
  try {
    const all = (sql: string) => db.prepare(sql).all() as Record<string, unknown>[];
    const line = (r: Record<string, unknown>) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(r)) {
        o[k] = k.endsWith("_json") && typeof v === "string" ? clean(JSON.parse(v)) : v;
      }
      return JSON.stringify(clean(o));
    };
    return {
      rows: all("SELECT key, scan, tool, status, run_id, row_json FROM batch_rows ORDER BY key")
        .map(line),
      runs: all("SELECT id, tool, scan, status, inputs_json, result_json FROM runs ORDER BY id")
        .map(line),
      findings: all("SELECT * FROM findings ORDER BY scan, id").map(line),
      nums: all("SELECT num FROM findings ORDER BY num").map((r) => Number(r.num)),
    };
  } finally {
    db.close();
  }
}
