/**
 * Values the plausibility pass after import marked (`plan.implausible`, see
 * layers/plausibility.ts): an engine judging such an element says `unknown` with the reason,
 * never pass or fail (design.md § "Truthful results").
 */
import type { Plan } from "../../ground/plan.ts";

/** The reasons an element (room, opening, vertical id) was marked implausible; empty if none. */
export function implausibleReasons(
  plan: Partial<Pick<Plan, "implausible">>,
  element: string,
): string[] {
  return (plan.implausible ?? []).filter((m) => m.subject === element).map((m) => m.reason);
}

/**
 * Judged items about `element`, turned `unknown` with the reasons (`not_judged`, for their
 * wording to say) when it is implausible.
 */
export function unknownIfImplausible<T extends { status: string; not_judged?: string[] }>(
  plan: Partial<Pick<Plan, "implausible">>,
  element: string,
  items: T[],
): T[] {
  // Most plans mark nothing: no list made per element (a 3,000-door plan asks 3,000 times).
  if (!plan.implausible?.length) return items;
  const why = implausibleReasons(plan, element);
  if (!why.length) return items;
  return items.map((c) => ({ ...c, status: "unknown", not_judged: why }));
}
