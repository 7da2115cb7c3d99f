/**
 * The truthful-verdict rule of design.md ("Truthful results"): a verdict is `pass` only when
 * every subject it speaks about passed. Subjects it could not judge make its status and its
 * first words say how many — never a silent pass. The runner applies it to every tool's
 * result, so no tool can forget it.
 */
import type { Check, Status, Verdict } from "./result.ts";

/** Subjects of a result's checks, each with its worst status (checks without a subject count alone). */
export function subjectStatuses(checks: Pick<Check, "id" | "status" | "subject">[]): Status[] {
  const rank: Record<Status, number> = { error: 5, fail: 4, warn: 3, unknown: 2, pass: 1 };
  const by = new Map<string, Status>();
  for (const c of checks) {
    const key = c.subject !== undefined ? `s:${c.subject}` : `c:${c.id}`;
    const prev = by.get(key);
    // A subject is unjudged when any of its checks is unknown and none failed or warned.
    if (!prev || rank[c.status] > rank[prev]) by.set(key, c.status);
  }
  return [...by.values()];
}

/**
 * Whether a verdict's own sentence already starts with how many subjects were not judged: its
 * data carries `unjudged` (the count its words were made from). Read from data, not words.
 */
export function saysUnjudged(verdict: Pick<Verdict, "data">): boolean {
  return typeof verdict.data?.unjudged === "number";
}

/**
 * The lead of a verdict some of whose subjects were not judged, said first (design.md
 * "Truthful results"): "2 of 5 rooms could not be judged (no height)". `noun` is singular;
 * an "s" is added when `total` is not 1. The one wording of the rule: tools that say it
 * themselves use it, and mark their verdict's data with `unjudged` (see saysUnjudged).
 */
export function unjudgedLead(unjudged: number, total: number, noun: string, why?: string): string {
  return `${unjudged} of ${total} ${noun}${total === 1 ? "" : "s"} could not be judged${
    why ? ` (${why})` : ""
  }`;
}

/**
 * Applies the rule to a verdict given the result's checks:
 * - a `pass` (or `warn`) that its checks contradict becomes the worst status among them;
 * - a `pass` with subjects that could not be judged becomes `unknown`;
 * - whenever subjects could not be judged, the text starts with how many
 *   ("3 of 8 checked items could not be judged. …"), unless its data says its sentence already
 *   does (`data.unjudged`, see saysUnjudged); the lead's counts join the verdict's data.
 * `error` and `unknown` verdicts and results without checks are left as they are; checks
 * marked `aside` (reported beside the verdict) do not count.
 */
export function honestVerdict(
  verdict: Verdict,
  allChecks: Pick<Check, "id" | "status" | "subject" | "aside">[],
): Verdict {
  const checks = allChecks.filter((c) => !c.aside);
  if (!checks.length || verdict.status === "error") return verdict;
  const subjects = subjectStatuses(checks);
  const n = (s: Status) => subjects.filter((x) => x === s).length;
  const unjudged = n("unknown");
  let status = verdict.status;
  if (status === "pass" || status === "warn") {
    if (n("fail")) status = "fail";
    else if (n("warn")) status = "warn";
    else if (unjudged) status = "unknown";
  }
  if (!unjudged) return { ...verdict, status };
  // An unknown verdict about subjects none of which could be judged already says so.
  if (verdict.status === "unknown" && unjudged === subjects.length) return verdict;
  if (saysUnjudged(verdict)) return { ...verdict, status };
  const total = subjects.length;
  const lead = unjudgedLead(unjudged, total, "checked item");
  const judged = total - unjudged;
  const rest = status === "unknown" && verdict.status === "pass"
    ? ` (the ${judged} judged pass)`
    : "";
  return {
    ...verdict,
    status,
    data: { ...verdict.data, unjudged, subjects: total },
    text: `${lead}${rest}. ${verdict.text}`,
  };
}
