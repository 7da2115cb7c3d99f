/**
 * FindingList: the open findings, each with its severity in words, a button that shows its
 * overlay on the plan (and the plan's overlay leads back to it), and a form to reject it with
 * a reason (stored as `threshold reject` stores it).
 */
import type { JSX } from "preact";
import type { Finding } from "../../core/result.ts";
import { StatusBadge } from "../layout.tsx";
import type { BlockProps } from "./types.ts";
import { mattersFirst, PageNav, pageSlice } from "./paging.tsx";
import { fmtNumber } from "../words.ts";

export function FindingList({ result, back, page }: BlockProps): JSX.Element | null {
  const s = pageSlice(mattersFirst(result.findings, (f) => f.severity), page);
  return (
    <section class="block findings" aria-labelledby="h-findings">
      <h3 id="h-findings">Findings ({fmtNumber(result.findings.length)})</h3>
      <PageNav s={s} what="findings" page={page} />
      {result.findings.length
        ? (
          <ul class="finding-list">
            {s.items.map((f) => <FindingItem key={f.id} f={f} scan={result.scan} back={back} />)}
          </ul>
        )
        : <p>No open findings.</p>}
    </section>
  );
}

/** One finding with its actions; also used on the scan page. */
export function FindingItem(
  { f, scan, back, tool }: { f: Finding; scan?: string; back?: string; tool?: string },
): JSX.Element {
  // Without a severity (a stored finding whose run is gone) it is said to be open, no more.
  const sev = f.severity === "info" ? "unknown" : f.severity ?? "open";
  return (
    <li class="finding" id={`finding-${cssId(f.id)}`} data-overlays={(f.overlays ?? []).join(" ")}>
      <div class="finding-head">
        <StatusBadge status={sev} /> <strong>{f.title}</strong>
        {tool ? <span class="muted">{` (${tool})`}</span> : null}
      </div>
      {f.detail ? <p class="detail">{f.detail}</p> : null}
      <div class="finding-actions">
        {f.overlays?.length
          ? (
            <button type="button" class="js-only" data-show-overlays={f.overlays.join(" ")}>
              Show on plan<span class="sr-only">: {f.title}</span>
            </button>
          )
          : null}
        {scan
          ? (
            <details class="reject">
              <summary>
                Reject this finding<span class="sr-only">: {f.title}</span>
              </summary>
              <form method="post" action="/findings/reject">
                <input type="hidden" name="scan" value={scan} />
                <input type="hidden" name="id" value={f.id} />
                {back ? <input type="hidden" name="back" value={back} /> : null}
                <label>
                  Why is it wrong?
                  <input name="reason" required maxLength={500} autocomplete="off" />
                </label>
                <button type="submit">Reject</button>
              </form>
            </details>
          )
          : null}
      </div>
    </li>
  );
}

/** A finding id as an HTML id (ids hold colons). */
export function cssId(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, "-");
}
