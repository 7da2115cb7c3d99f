/** StepLog: the steps the tool took, in order (live steps stream into the run form's log). */
import type { JSX } from "preact";
import type { BlockProps } from "./types.ts";

export function StepLog({ result }: BlockProps): JSX.Element | null {
  if (!result.steps.length) return null;
  return (
    <section class="block steps" aria-labelledby="h-steps">
      <h3 id="h-steps">Steps</h3>
      <ol class="step-log">
        {result.steps.map((s, i) => <li key={i}>{s}</li>)}
      </ol>
    </section>
  );
}
