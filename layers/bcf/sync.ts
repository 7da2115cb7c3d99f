/**
 * What a BCF file coming back from a BIM tool changes here: a topic closed there rejects its
 * finding (the newest comment is the reason), one open there restores a rejected finding.
 * Topics are matched to findings by the ReferenceLink threshold wrote, else by the topic GUID
 * (BIM tools keep GUIDs). Topics of another scan, topics that are no finding of this scan,
 * and components the plan does not have are reported, never dropped. Pure: the caller applies
 * the changes.
 */
import type { Plan } from "../../ground/plan.ts";
import { type FindingStatus, shellSafeId } from "../../core/result.ts";
import { findingGuids, parseFindingReference } from "./guid.ts";
import type { BcfFile, BcfTopic } from "./model.ts";
import { planElementIds } from "./topics.ts";

/** TopicStatus values that mean closed (reject here) or resolved (reported only). */
export const CLOSED_STATUS = /^\s*closed\s*$/i;
export const RESOLVED_STATUS = /^\s*(resolved|done|fixed)\s*$/i;

/** A finding as the store holds it (the fields the sync reads). */
export interface SyncFinding {
  id: string;
  status: FindingStatus;
  title: string;
  reason?: string;
}

export interface BcfSyncChange {
  id: string;
  title: string;
  topic: string;
  from: FindingStatus;
  to: "rejected" | "open";
  reason?: string;
}

export interface BcfSyncPlan {
  changes: BcfSyncChange[];
  /** Matched topics whose status already agrees. */
  unchanged: { id: string; status: FindingStatus; topic_status: string }[];
  /** Marked resolved there: threshold resolves a finding only when a re-run no longer finds it. */
  resolved_there: { id: string; title: string; topic_status: string }[];
  /** Topics made for another scan. */
  other_scan: { title: string; scan: string; id: string }[];
  /** Topics that are no finding of this scan. */
  unmatched: { title: string; guid: string; status: string }[];
  /** Topics naming components (IFC GlobalIds) the scan's plan does not have. */
  unknown_elements: { title: string; guids: string[] }[];
}

/**
 * The components a topic is about: those its viewpoints select, and those a viewpoint shows
 * alone (the exceptions of a hidden-by-default view). IFC GlobalIds, each once.
 */
export function topicComponents(t: BcfTopic): string[] {
  return [
    ...new Set(t.viewpoints.flatMap((v) => [
      ...v.selection,
      ...(v.default_visibility === false ? v.visibility_exceptions ?? [] : []),
    ])),
  ];
}

/** The longest reason kept from a comment, characters. */
export const MAX_REASON_CHARS = 2000;

/** The newest comment with text (by date, the last in the file when dates tie), capped. */
export function newestComment(t: BcfTopic): string | undefined {
  const withText = t.comments.map((c, i) => ({ c, i })).filter(({ c }) => c.text?.trim());
  withText.sort((a, b) => (a.c.date < b.c.date ? -1 : a.c.date > b.c.date ? 1 : a.i - b.i));
  const text = withText.at(-1)?.c.text?.trim();
  return text && text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS - 1)}…` : text;
}

/** Plans the import of `bcf` into scan `scan`, whose findings and plan are given. */
export function planBcfSync(
  bcf: BcfFile,
  scan: string,
  findings: SyncFinding[],
  plan: Plan,
): BcfSyncPlan {
  const out: BcfSyncPlan = {
    changes: [],
    unchanged: [],
    resolved_there: [],
    other_scan: [],
    unmatched: [],
    unknown_elements: [],
  };
  const byId = new Map(findings.map((f) => [f.id, f]));
  const byGuid = new Map(findings.map((f) => [findingGuids(scan, f).topic, f]));
  const elements = planElementIds(plan);
  for (const t of bcf.topics) {
    const unknown = topicComponents(t).filter((g) => !elements.has(g));
    if (unknown.length) out.unknown_elements.push({ title: t.title, guids: unknown });
    const ref = t.reference_links.map(parseFindingReference).find((r) => r !== undefined);
    if (ref && ref.scan !== scan && !byGuid.has(t.guid)) {
      out.other_scan.push({ title: t.title, scan: ref.scan, id: ref.id });
      continue;
    }
    // A topic exported before finding ids were made shell-safe names the id with `$`.
    const f = (ref && ref.scan === scan ? byId.get(shellSafeId(ref.id)) : undefined) ??
      byGuid.get(t.guid);
    if (!f) {
      out.unmatched.push({ title: t.title, guid: t.guid, status: t.status });
      continue;
    }
    if (CLOSED_STATUS.test(t.status)) {
      const reason = newestComment(t) ??
        `closed in a BIM tool (BCF topic "${t.title}") without a comment`;
      if (f.status !== "rejected" || (f.reason ?? "") !== reason) {
        out.changes.push({
          id: f.id,
          title: f.title,
          topic: t.guid,
          from: f.status,
          to: "rejected",
          reason,
        });
      } else out.unchanged.push({ id: f.id, status: f.status, topic_status: t.status });
    } else if (RESOLVED_STATUS.test(t.status)) {
      out.resolved_there.push({ id: f.id, title: f.title, topic_status: t.status });
    } else if (f.status === "rejected") {
      out.changes.push({ id: f.id, title: f.title, topic: t.guid, from: f.status, to: "open" });
    } else out.unchanged.push({ id: f.id, status: f.status, topic_status: t.status });
  }
  return out;
}
