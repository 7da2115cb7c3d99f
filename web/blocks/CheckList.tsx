/** CheckList: every check with its status in words, measured value, limit and rule. */
import type { JSX } from "preact";
import { StatusBadge } from "../layout.tsx";
import { fmtNumber } from "../../ground/text.ts";
import type { BlockProps } from "./types.ts";

export function CheckList({ result }: BlockProps): JSX.Element | null {
  if (!result.checks.length) return null;
  const num = (v: number | undefined, unit?: string) =>
    v === undefined ? "—" : `${fmtNumber(v)}${unit ? ` ${unit}` : ""}`;
  return (
    <section class="block checks" aria-labelledby="h-checks">
      <h3 id="h-checks">Checks ({result.checks.length})</h3>
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
            {result.checks.map((c) => (
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
