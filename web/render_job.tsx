/**
 * The web view's drawing of results, run in the tool pool's workers (host/worker.ts `after`
 * and `job`), never on the serving thread: a result about 100,000 rooms is parsed, sorted,
 * paged and drawn there, and only the page's HTML (capped at {@link MAX_RESULT_HTML_CHARS})
 * crosses back. Each export is called as `fn(env, args)` by host/tool_worker.ts.
 */
import { renderToString } from "preact-render-to-string";
import { loadTool } from "../core/catalog.ts";
import { findPlan, type PlanSources } from "../core/context.ts";
import type { Manifest } from "../core/manifest.ts";
import { emptyResult, type ToolResult } from "../core/result.ts";
import type { RunOutcome } from "../core/run.ts";
import { csvTable, toCsv } from "../render/table.ts";
import type { WorkerEnv } from "../host/tool_worker.ts";
import { VerdictHeader } from "./blocks/VerdictHeader.tsx";
import { fmtBytes } from "./http.ts";
import { ResultView } from "./result.tsx";
import { scanContent } from "./routes/scan.tsx";
import { unitsOf } from "./words.ts";

/** The most characters of HTML one result may add to a page (the page's size cap). */
export const MAX_RESULT_HTML_CHARS = 2_000_000;

/** A result's HTML (its blocks), page `page` of its long lists, at most the cap. */
export function resultHtml(
  src: PlanSources,
  m: Manifest,
  r: ToolResult,
  runId: string,
  page = 1,
): string {
  const plan = r.scan ? findPlan(src, r.scan)?.plan : undefined;
  const base = `/runs/${encodeURIComponent(runId)}`;
  const out = renderToString(
    <ResultView
      blocks={m.blocks}
      result={r}
      plan={plan}
      runId={runId}
      back={page > 1 ? `${base}?page=${page}` : base}
      page={{ n: page, base }}
      units={src.store ? unitsOf({ store: src.store }) : "metric"}
    />,
  );
  if (out.length <= MAX_RESULT_HTML_CHARS) return out;
  // Even paged, too much for one page (a block with huge rows): the verdict, and where the
  // rest is.
  return renderToString(
    <article class="result-view" aria-label="Result">
      <VerdictHeader result={r} />
      <p class="note" role="status">
        This result's page would be {fmtBytes(out.length)}, more than a page may be (
        {fmtBytes(MAX_RESULT_HTML_CHARS)}). Its table is{" "}
        <a href={`${base}/table.csv`} download>a CSV download</a>;{" "}
        <code>threshold run … --json</code> gives all of it.
      </p>
    </article>,
  );
}

/** The outcome as the serving thread needs it: the verdict and ids, not the long lists. */
function slim(outcome: RunOutcome): RunOutcome {
  if (outcome.status !== "done") return outcome;
  const r = outcome.result;
  return {
    ...outcome,
    result: emptyResult(
      { tool: r.tool, ...(r.scan ? { scan: r.scan } : {}), inputs: {} },
      r.verdict,
    ),
  };
}

/** After a web run, in its worker: page 1 of the result drawn, the outcome slimmed. */
export function afterWebRun(
  env: WorkerEnv,
  args: { outcome: RunOutcome },
): { outcome: RunOutcome; extra: { html: string } } {
  const o = args.outcome;
  if (o.status !== "done" || !env.manifest) return { outcome: o, extra: { html: "" } };
  const html = resultHtml(env, env.manifest, o.result, o.run_id, 1);
  return { outcome: slim(o), extra: { html } };
}

/** A stored run's page, as GET /runs/:id shows it (findings rejected since are hidden). */
export interface StoredRunPage {
  tool: string;
  title: string;
  started_at: string;
  scan?: string;
  hidden: number;
  html: string;
}

/** Draws a stored run (page `page`), or undefined when there is no such run. */
export async function storedRunPage(
  env: WorkerEnv,
  args: { runId: string; page: number },
): Promise<StoredRunPage | undefined> {
  const run = env.store.getRun(args.runId);
  if (!run) return undefined;
  const m = await loadTool(run.tool, env.toolsDir);
  const r = run.result;
  let hidden = 0;
  if (r.scan) {
    const rejected = new Set(
      env.store.listFindings({ scan: r.scan, all: true, tool: run.tool })
        .filter((f) => f.status === "rejected").map((f) => f.id),
    );
    const before = r.findings.length;
    r.findings = r.findings.filter((f) => !rejected.has(f.id));
    hidden = before - r.findings.length;
  }
  return {
    tool: m.id,
    title: m.title,
    started_at: run.started_at,
    ...(r.scan ? { scan: r.scan } : {}),
    hidden,
    html: resultHtml(env, m, r, args.runId, args.page),
  };
}

/** A stored run's table as CSV (as `--csv` writes it): the text, or why there is none. */
export function storedRunCsv(
  env: WorkerEnv,
  args: { runId: string },
): { tool: string; csv?: string } | undefined {
  const run = env.store.getRun(args.runId);
  if (!run) return undefined;
  // The tool's own table, else its checks (as `--csv` writes them).
  const t = csvTable(run.result);
  return t ? { tool: run.tool, csv: toCsv(t) } : { tool: run.tool };
}

/** A scan's page content (web/routes/scan.tsx), drawn here. */
export function scanPageJob(
  env: WorkerEnv,
  args: { sid: string; page: number },
): { title: string; html: string } | undefined {
  return scanContent(env, args.sid, args.page);
}
