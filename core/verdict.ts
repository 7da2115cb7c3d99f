/**
 * The truthful-verdict rule of design.md ("Truthful results"): a verdict is `pass` only when
 * every subject it speaks about passed. Subjects it could not judge make its status and its
 * first words say how many — never a silent pass. The runner applies it to every tool's
 * result, so no tool can forget it.
 */
import type { Check, Status } from "./result.ts";

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

/** Words that already say, at the start of a verdict, that some subjects were not judged. */
const SAYS_UNJUDGED =
  /(could not|cannot|can't) be (judged|checked|measured)|not judged|unmeasured|no height/i;

/**
 * Applies the rule to a verdict given the result's checks:
 * - a `pass` (or `warn`) that its checks contradict becomes the worst status among them;
 * - a `pass` with subjects that could not be judged becomes `unknown`;
 * - whenever subjects could not be judged, the text starts with how many
 *   ("3 of 8 checked items could not be judged. …"), unless its first sentence already says so.
 * `error` and `unknown` verdicts and results without checks are left as they are; checks
 * marked `aside` (reported beside the verdict) do not count.
 */
export function honestVerdict(
  verdict: { status: Status; text: string },
  allChecks: Pick<Check, "id" | "status" | "subject" | "aside">[],
): { status: Status; text: string } {
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
  if (!unjudged) return { status, text: verdict.text };
  // An unknown verdict about subjects none of which could be judged already says so.
  if (verdict.status === "unknown" && unjudged === subjects.length) return verdict;
  const first = verdict.text.split(/(?<=\.)\s/)[0];
  if (SAYS_UNJUDGED.test(first)) return { status, text: verdict.text };
  const total = subjects.length;
  const lead = `${unjudged} of ${total} checked ${
    total === 1 ? "item" : "items"
  } could not be judged`;
  const judged = total - unjudged;
  const rest = status === "unknown" && verdict.status === "pass"
    ? ` (the ${judged} judged pass)`
    : "";
  return { status, text: `${lead}${rest}. ${verdict.text}` };
}
