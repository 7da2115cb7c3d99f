/**
 * Scans available without importing: the hand-made demo building (`fixtures/demo/plan.json`,
 * not from any real scan).
 */
import demo from "../fixtures/demo/plan.json" with { type: "json" };
import { type LoadedPlan, parsePlan } from "../ground/plan.ts";

let demoLoaded: LoadedPlan | undefined;

/** Built-in scans by id. Each is parsed once and then shared (treat it as read-only). */
export const BUILTIN_SCANS: Record<string, () => LoadedPlan> = {
  demo: () => (demoLoaded ??= parsePlan(structuredClone(demo), "fixtures/demo/plan.json")),
};
