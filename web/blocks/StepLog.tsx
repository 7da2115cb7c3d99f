/** StepLog: the steps the tool took, in order (live steps stream into the run form's log). */
import type { JSX } from "preact";
import type { BlockProps } from "./types.ts";
import { PageNav, pageSlice } from "./paging.tsx";

export function StepLog({ result, page }: BlockProps): JSX.Element | null {
  if (!result.steps.length) return null;
  const s = pageSlice(result.steps, page);
  return (
    <section class="block steps" aria-labelledby="h-steps">
      <h3 id="h-steps">Steps</h3>
      <PageNav s={s} what="steps" page={page} />
      <ol class="step-log" start={s.from + 1}>
        {s.items.map((t, i) => <li key={i}>{t}</li>)}
      </ol>
    </section>
  );
}
