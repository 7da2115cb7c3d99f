/** A result drawn by the blocks its manifest names, in that order (design.md § "Surfaces"). */
import type { JSX } from "preact";
import type { Block } from "../core/manifest.ts";
import type { Plan } from "../ground/plan.ts";
import { resultBlocks, type ToolResult } from "../core/result.ts";
import { BLOCK_COMPONENTS } from "./blocks/mod.ts";
import type { PageOpts } from "./blocks/paging.tsx";

export function ResultView(
  { blocks, result, plan, runId, back, page }: {
    blocks: Block[];
    result: ToolResult;
    plan?: Plan;
    runId?: string;
    back?: string;
    /** Which page of long lists (default the first). */
    page?: PageOpts;
  },
): JSX.Element {
  // The blocks with something to show (core's rule for every surface); the verdict leads,
  // even for a tool that forgot to name it.
  const shown = resultBlocks(blocks, result);
  const order: Block[] = shown.includes("VerdictHeader") ? shown : ["VerdictHeader", ...shown];
  return (
    <article class="result-view" aria-label="Result">
      {order.map((b) => {
        const C = BLOCK_COMPONENTS[b];
        return C
          ? <C key={b} result={result} plan={plan} runId={runId} back={back} page={page} />
          : null;
      })}
      {runId
        ? (
          <p class="muted run-link">
            Run <a href={`/runs/${encodeURIComponent(runId)}`}>{runId}</a>
          </p>
        )
        : null}
    </article>
  );
}
