/** Table: the result's table (as `--csv` writes it), with a CSV download of the stored run. */
import type { JSX } from "preact";
import { columnHeading, readableTable, resultTable } from "../../render/table.ts";
import { fmtNumber } from "../../ground/text.ts";
import type { BlockProps } from "./types.ts";
import { PageNav, pageSlice } from "./paging.tsx";

export function Table({ result, runId, page }: BlockProps): JSX.Element | null {
  const full = resultTable(result);
  if (!full) return null;
  // Rows by name; the ids stay in the CSV download.
  const t = readableTable(full);
  const cell = (v: unknown) =>
    v === null || v === undefined
      ? "—"
      : typeof v === "number"
      ? fmtNumber(v)
      : typeof v === "object"
      ? JSON.stringify(v)
      : String(v);
  const s = pageSlice(t.rows, page);
  const csv = runId ? `/runs/${encodeURIComponent(runId)}/table.csv` : undefined;
  return (
    <section class="block table" aria-labelledby="h-table">
      <h3 id="h-table">Table ({fmtNumber(t.rows.length)} rows)</h3>
      <PageNav s={s} what="rows" page={page} csv={csv} />
      {runId
        ? (
          <p>
            <a href={`/runs/${encodeURIComponent(runId)}/table.csv`} download>
              Download the table as CSV
            </a>
          </p>
        )
        : null}
      <div class="scroll" tabIndex={0} role="region" aria-label="Result table, scrolls sideways">
        <table>
          <thead>
            <tr>{t.columns.map((c) => <th scope="col" key={c}>{columnHeading(c)}</th>)}</tr>
          </thead>
          <tbody>
            {s.items.map((r, i) => <tr key={i}>{r.map((v, j) => <td key={j}>{cell(v)}</td>)}</tr>)}
          </tbody>
        </table>
      </div>
    </section>
  );
}
