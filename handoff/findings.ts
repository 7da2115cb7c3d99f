import type { FindingStatus } from "../core/result.ts";
/**
 * A scan's findings with what handing them on needs: the stored status and reason, the run
 * that last saw each one (its severity, the check it reports, its overlays), the tool's title.
 * Shared by the BCF export and the printable report.
 */
import { InputError } from "../ground/errors.ts";
import type { Check, Finding, Overlay, ToolResult } from "../core/result.ts";
import type { FindingRow, Store } from "../core/store.ts";
import type { BcfFindingInput } from "../layers/bcf/topics.ts";

/** Which findings to hand on: by status and by severity ("too-close" is warn). */
export interface FindingFilter {
  tools?: string[];
  statuses?: FindingStatus[];
  severities?: ("fail" | "warn" | "info")[];
}

const STATUS_WORDS = ["open", "resolved", "rejected", "gone"] as const;
const SEVERITY_WORDS: Record<string, "fail" | "warn" | "info"> = {
  fail: "fail",
  failing: "fail",
  "too-close": "warn",
  warn: "warn",
  info: "info",
};

/**
 * `--status open,too-close` as a filter: finding statuses (open, resolved, rejected) and
 * severities (fail, too-close, info); a finding passes when it matches one of each kind
 * given. "all" (or nothing) takes every finding. Unknown words are an InputError.
 */
export function parseStatusFilter(words: string[] | undefined, input = "--status"): FindingFilter {
  const f: FindingFilter = {};
  for (const w0 of words ?? []) {
    const w = w0.trim().toLowerCase();
    if (!w || w === "all") continue;
    if ((STATUS_WORDS as readonly string[]).includes(w)) {
      (f.statuses ??= []).push(w as typeof STATUS_WORDS[number]);
    } else if (w in SEVERITY_WORDS) (f.severities ??= []).push(SEVERITY_WORDS[w]);
    else {
      throw new InputError(
        input,
        `unknown status ${
          JSON.stringify(w0)
        }; allowed: open, resolved, rejected (the finding's status), fail, too-close, info (its severity), all`,
      );
    }
  }
  return f;
}

/** The check a finding reports: same subject, and the rule its id ends with when it names one. */
export function checkOf(result: ToolResult, f: Pick<Finding, "id" | "subject">): Check | undefined {
  if (!f.subject) return undefined;
  const same = result.checks.filter((c) => c.subject === f.subject && !c.aside);
  return same.find((c) => c.rule?.id && f.id.endsWith(`:${c.rule.id}`)) ??
    same.find((c) => c.status !== "pass") ?? (same.length === 1 ? same[0] : undefined);
}

/** A finding's overlays: those it names, else those whose id ends with its subject. */
export function overlaysOf(
  result: ToolResult,
  f: Pick<Finding, "overlays" | "subject">,
): Overlay[] {
  if (f.overlays?.length) return result.overlays.filter((o) => f.overlays!.includes(o.id));
  if (!f.subject) return [];
  return result.overlays.filter((o) => o.id === f.subject || o.id.endsWith(`:${f.subject}`));
}

/** Tool id → title (the manifests' titles; the id itself when a tool is gone). */
export type ToolTitles = Record<string, string>;

/**
 * The scan's findings (every status) that pass `filter`, each with its run's details.
 * Unknown tool names in `filter.tools` are an InputError naming `--tools`.
 */
export function collectFindings(
  store: Store,
  scan: string,
  titles: ToolTitles,
  filter: FindingFilter = {},
): BcfFindingInput[] {
  if (filter.tools) {
    const bad = filter.tools.filter((t) => !(t in titles));
    if (bad.length) {
      throw new InputError(
        "--tools",
        `unknown tool ${bad.map((b) => JSON.stringify(b)).join(", ")}; tools: ${
          Object.keys(titles).join(", ")
        }`,
      );
    }
  }
  const rows = store.listFindings({ scan, all: true })
    .filter((r) => !filter.tools || filter.tools.includes(r.tool))
    .filter((r) => !filter.statuses || filter.statuses.includes(r.status));
  const runs = new Map<string, ToolResult | undefined>();
  const out: BcfFindingInput[] = [];
  for (const r of rows) {
    const input = withRun(r, scan, titles, runs, store);
    if (filter.severities && !filter.severities.includes(input.severity ?? "info")) continue;
    out.push(input);
  }
  return out;
}

function withRun(
  r: FindingRow,
  scan: string,
  titles: ToolTitles,
  runs: Map<string, ToolResult | undefined>,
  store: Store,
): BcfFindingInput {
  const runId = r.last_run;
  if (runId && !runs.has(runId)) runs.set(runId, store.getRun(runId)?.result);
  const result = runId ? runs.get(runId) : undefined;
  const f = result?.findings.find((x) => x.id === r.id);
  return {
    scan,
    id: r.id,
    tool: r.tool,
    tool_title: titles[r.tool] ?? r.tool,
    status: r.status,
    title: r.title,
    ...(r.detail ? { detail: r.detail } : {}),
    ...(r.subject ? { subject: r.subject } : {}),
    ...(r.reason ? { reason: r.reason } : {}),
    first_seen: r.first_seen,
    last_seen: r.last_seen,
    ...(f?.severity ? { severity: f.severity } : {}),
    ...(result && f && checkOf(result, f) ? { check: checkOf(result, f) } : {}),
    overlays: result && f ? overlaysOf(result, f) : [],
  };
}
