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

/**
 * One line per stored row, run and finding of the store in `home`; counts of each. With
 * `byScanAndTool`, each row key and run id is written as the row's scan and tool instead:
 * keys hash the tools' code (core/ and engines/ included: batch/jobs.ts toolVersion), so two
 * checkouts that differ there key the same rows differently (one batch per store only).
 */
export function storeDump(home: string, o: { byScanAndTool?: boolean } = {}): {
  rows: string[];
  runs: string[];
  findings: string[];
  nums: number[];
} {
  const db = new DatabaseSync(join(home, "threshold.db"), { readOnly: true });
  try {
    const all = (sql: string) => db.prepare(sql).all() as Record<string, unknown>[];
    const named = new Map<string, string>();
    if (o.byScanAndTool) {
      for (const r of all("SELECT key, scan, tool FROM batch_rows")) {
        named.set(r.key as string, `${r.scan}/${r.tool}`);
        named.set((r.key as string).slice(0, 20), `${r.scan}/${r.tool}`);
      }
    }
    const rename = (text: string) =>
      named.size
        ? text.replace(/\b[0-9a-f]{32}\b/g, (k) => named.get(k) ?? k)
          .replace(/-b([0-9a-f]{20})\b/g, (m, k) => named.has(k) ? `-${named.get(k)}` : m)
        : text;
    const line = (r: Record<string, unknown>) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(r)) {
        out[k] = k.endsWith("_json") && typeof v === "string" ? clean(JSON.parse(v)) : v;
      }
      return rename(JSON.stringify(clean(out)));
    };
    // Renamed, the lines are sorted again (the keys ordered them).
    const sorted = (xs: string[]) => named.size ? xs.sort() : xs;
    return {
      rows: sorted(
        all("SELECT key, scan, tool, status, run_id, row_json FROM batch_rows ORDER BY key")
          .map(line),
      ),
      runs: sorted(
        all("SELECT id, tool, scan, status, inputs_json, result_json FROM runs ORDER BY id")
          .map(line),
      ),
      findings: all("SELECT * FROM findings ORDER BY scan, id").map(line),
      nums: all("SELECT num FROM findings ORDER BY num").map((r) => Number(r.num)),
    };
  } finally {
    db.close();
  }
}
