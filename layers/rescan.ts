/**
 * Findings matched across re-scans of one building (issue 24 §1): the scans of a building
 * (`plan.building`) follow each other in the order they were imported, and a run on a later
 * one matches its findings to the earlier one's (engines/geometry/rescan.ts: by kind, floor
 * and place). `threshold run`, the web view and MCP get this through `RUN_IO.rescan`; a batch
 * calls it for its rows.
 */
import type { RescanResult } from "../core/context.ts";
import type { JudgedScope, Store } from "../core/store.ts";
import { counterpart, matchFindings } from "../engines/geometry/rescan.ts";

/** The scan of the same building imported right before `scan`, if any. */
export function previousScanOf(store: Store, scan: string): string | undefined {
  let before: string | undefined;
  const last = new Map<string, string>();
  for (const b of store.scanBuildings()) {
    if (b.id === scan) before = last.get(b.building);
    last.set(b.building, b.id);
  }
  return before;
}

/** What carrying findings over did. */
export interface RescanSummary {
  previous: string;
  matched: number;
  rejected: number;
  resolved: number;
}

/**
 * Carries findings over from the scan `previous` that `scan` re-scans: a finding rejected
 * there is rejected here too (and hidden from `result`); one open there with no match here is
 * marked resolved there — only when this run judged it (`judged`, core/findings.ts
 * judgedScope: the same scope, and its subject's counterpart among the subjects judged, or no
 * counterpart at all: the element is gone), so a run to one room resolves nothing about the
 * others. Idempotent. Undefined when either plan
 * is not stored.
 */
export function carryFindings(
  store: Store,
  job: { scan: string; tool: string; previous: string },
  result: RescanResult,
  judged?: JudgedScope,
): RescanSummary | undefined {
  const prevPlan = store.getScan(job.previous)?.plan;
  const plan = store.getScan(job.scan)?.plan;
  if (!prevPlan || !plan) return undefined;
  const before = store.listFindings({ scan: job.previous, tool: job.tool, all: true });
  const pairs = matchFindings(before, prevPlan, result.findings, plan);
  const byId = new Map(before.map((f) => [f.id, f]));
  const hidden = new Set<string>();
  for (const [a, b] of pairs) {
    const f = byId.get(a)!;
    if (f.status !== "rejected") continue;
    store.setFindingStatus(
      job.scan,
      b,
      "rejected",
      `rejected on scan ${job.previous}${f.reason ? `: ${f.reason}` : ""}`,
    );
    hidden.add(b);
  }
  const matchedPrev = new Set(pairs.map(([a]) => a));
  const subjects = judged?.subjects ? new Set(judged.subjects) : undefined;
  const rejudged = (f: (typeof before)[number]) => {
    if (judged && (f.scope ?? "") !== judged.scope) return false;
    if (!subjects || !f.subject) return true;
    const now = counterpart(prevPlan, plan, f.subject);
    // An element the re-scan no longer has: nothing is left to judge, so it is resolved.
    return now === undefined || subjects.has(now);
  };
  let resolved = 0;
  for (const f of before) {
    if (f.status === "open" && !matchedPrev.has(f.id) && rejudged(f)) {
      store.setFindingStatus(job.previous, f.id, "resolved", `not found in re-scan ${job.scan}`);
      resolved++;
    }
  }
  if (hidden.size) {
    result.findings = result.findings.filter((f) => !hidden.has(f.id));
    result.steps.push(
      `${hidden.size} finding(s) rejected on the earlier scan ${job.previous} stay rejected here.`,
    );
  }
  if (resolved) {
    result.steps.push(`${resolved} finding(s) of the earlier scan ${job.previous} are resolved.`);
  }
  return { previous: job.previous, matched: pairs.length, rejected: hidden.size, resolved };
}

/**
 * `RunIo.rescan`: after a run's findings on `scan` are saved, carries them over from the scan
 * of the same building imported before it, when there is one.
 */
export function rescanAfterRun(
  store: Store,
  scan: string,
  tool: string,
  result: RescanResult,
  judged?: JudgedScope,
): void {
  const previous = previousScanOf(store, scan);
  if (previous) carryFindings(store, { scan, tool, previous }, result, judged);
}
