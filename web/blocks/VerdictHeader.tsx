/** VerdictHeader: the verdict's status in words with an icon, and its sentence. */
import type { JSX } from "preact";
import { StatusBadge } from "../layout.tsx";
import type { BlockProps } from "./types.ts";

export function VerdictHeader({ result }: BlockProps): JSX.Element {
  return (
    <section class={`block verdict status-${result.verdict.status}`} aria-label="Verdict">
      <h2 class="verdict-title">
        <StatusBadge status={result.verdict.status} />
      </h2>
      <p class="verdict-text">{result.verdict.text}</p>
    </section>
  );
}
