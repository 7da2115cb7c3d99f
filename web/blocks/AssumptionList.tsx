/** AssumptionList: every assumption the result rests on (defaults, persona presets, estimates). */
import type { JSX } from "preact";
import type { BlockProps } from "./types.ts";

export function AssumptionList({ result }: BlockProps): JSX.Element | null {
  if (!result.assumptions.length) return null;
  return (
    <section class="block assumptions" aria-labelledby="h-assumptions">
      <h3 id="h-assumptions">Assumptions ({result.assumptions.length})</h3>
      <ul>
        {result.assumptions.map((a, i) => <li key={i}>{a.text}</li>)}
      </ul>
    </section>
  );
}
