/** A result drawn by the blocks its manifest names, in that order (design.md § "Surfaces"). */
import type { JSX } from "preact";
import type { Block } from "../core/manifest.ts";
import type { Plan } from "../core/plan.ts";
import type { ToolResult } from "../core/result.ts";
import { BLOCK_COMPONENTS } from "./blocks/mod.ts";

export function ResultView(
  { blocks, result, plan, runId, back }: {
    blocks: Block[];
    result: ToolResult;
    plan?: Plan;
    runId?: string;
    back?: string;
  },
): JSX.Element {
  // The verdict always leads, even for a tool that forgot to name it; then the blocks that have
  // something to show: an unknown or error result shows no empty finding list (it would read as
  // a clean bill), and every result ends with its assumptions.
  const judged = result.verdict.status !== "error" && result.verdict.status !== "unknown";
  const named = blocks.filter((b) => b !== "FindingList" || judged || result.findings.length > 0);
  const withAssumptions: Block[] = named.includes("AssumptionList")
    ? named
    : [...named, "AssumptionList"];
  const order: Block[] = withAssumptions.includes("VerdictHeader")
    ? withAssumptions
    : ["VerdictHeader", ...withAssumptions];
  return (
    <article class="result-view" aria-label="Result">
      {order.map((b) => {
        const C = BLOCK_COMPONENTS[b];
        return C ? <C key={b} result={result} plan={plan} runId={runId} back={back} /> : null;
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
