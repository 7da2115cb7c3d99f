/** CheckList: every check with its status in words, measured value, limit and rule. */
import type { JSX } from "preact";
import { StatusBadge } from "../layout.tsx";
import { fmtNumber } from "../words.ts";
import type { BlockProps } from "./types.ts";
import { mattersFirst, PageNav, pageSlice } from "./paging.tsx";

export function CheckList({ result, page }: BlockProps): JSX.Element | null {
  if (!result.checks.length) return null;
  const num = (v: number | undefined, unit?: string) =>
    v === undefined ? "—" : `${fmtNumber(v)}${unit ? ` ${unit}` : ""}`;
  const s = pageSlice(mattersFirst(result.checks, (c) => c.status), page);
  return (
    <section class="block checks" aria-labelledby="h-checks">
      <h3 id="h-checks">Checks ({fmtNumber(result.checks.length)})</h3>
      <PageNav s={s} what="checks" page={page} />
      <div class="scroll" tabIndex={0} role="region" aria-label="Checks table, scrolls sideways">
        <table>
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Status</th>
              <th scope="col">Measured</th>
              <th scope="col">Limit</th>
              <th scope="col">Rule</th>
            </tr>
          </thead>
          <tbody>
            {s.items.map((c) => (
              <tr key={c.id}>
                <th scope="row">{c.label}{c.note ? <small class="note">{c.note}</small> : null}</th>
                <td>
                  <StatusBadge status={c.status} />
                </td>
                <td>{num(c.measured, c.unit)}</td>
                <td>{num(c.limit, c.unit)}</td>
                <td>
                  {c.rule
                    ? `${c.rule.pack} ${c.rule.section}${c.rule.unverified ? " (unverified)" : ""}`
                    : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
