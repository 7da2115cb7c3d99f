/** AssumptionList: every assumption the result rests on (defaults, persona presets, estimates). */
import type { JSX } from "preact";
import type { BlockProps } from "./types.ts";
import { PageNav, pageSlice } from "./paging.tsx";

export function AssumptionList({ result, page }: BlockProps): JSX.Element | null {
  if (!result.assumptions.length) return null;
  const s = pageSlice(result.assumptions, page);
  return (
    <section class="block assumptions" aria-labelledby="h-assumptions">
      <h3 id="h-assumptions">Assumptions ({result.assumptions.length})</h3>
      <PageNav s={s} what="assumptions" page={page} />
      <ul>
        {s.items.map((a, i) => <li key={i}>{a.text}</li>)}
      </ul>
    </section>
  );
}
