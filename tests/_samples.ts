/**
 * What the tests that run every tool on the real samples share: FZK-Haus and the ZInD scan
 * imported once per test process (as scans "fzk" and "zind"), and a persona whose chair fills
 * every mobility input, so that no tool stops to ask.
 */
import { importSource } from "../layers/mod.ts";
import type { LoadedPlan } from "../ground/plan.ts";
import { sharedData } from "./_data.ts";
import type { ToolResult } from "../core/result.ts";
import { runTool } from "../core/run.ts";
import { loadRegistry } from "../core/registry.ts";
import { RUN_IO } from "../layers/io.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import { fakeDetector } from "./tools/_vision_fake.ts";

let plans: Record<string, LoadedPlan> | undefined;

/** FZK-Haus and the ZInD scan as scans "fzk" and "zind", imported once. */
export async function samplePlans(): Promise<Record<string, LoadedPlan>> {
  plans ??= {
    fzk: (await importSource(sharedData("ifc/AC20-FZK-Haus.ifc"), { id: "fzk" })).loaded,
    zind: (await importSource(sharedData("zind/zind_data.json"), { id: "zind" })).loaded,
  };
  return plans;
}

/** A persona with a chair's width, length and turning circle. */
export const TEST_CHAIR = {
  id: "test-chair",
  title: "A test chair",
  preset: {
    "access.chair_width_m": { value: 0.66, source: "test" },
    "access.chair_length_m": { value: 1.1, source: "test" },
    "access.turning_diameter_m": { value: 1.5, source: "test" },
  },
};

/**
 * Every registered tool's result on each of `plans` (scan id → plan), with the inputs that make
 * it run: step_free_route also to the plan's last room, code_check on three packs, will_it_fit
 * a sofa to the last room; a stand-in detector for the vision tools. Runs that ask for input
 * are left out.
 */
export async function everyToolResult(
  plans: Record<string, LoadedPlan>,
): Promise<{ name: string; r: ToolResult }[]> {
  const registry = await loadRegistry();
  const out: { name: string; r: ToolResult }[] = [];
  for (const m of registry.tools) {
    for (const [scan, loaded] of Object.entries(plans)) {
      const last = loaded.plan.rooms.filter((r) => !r.derived).at(-1)!.id;
      const extras: Record<string, unknown>[] = m.id === "step_free_route"
        ? [{}, { to: last }]
        : m.id === "code_check"
        ? [{ pack: "uk-adm" }, { pack: "ada-2010" }, { pack: "irc-2021" }]
        : m.id === "will_it_fit"
        ? [{ item: "sofa", to: last }]
        : [{}];
      for (const extra of extras) {
        const key = m.id === "site_facts" ? "place" : "scan";
        const run = await runTool(m, {
          ...RUN_IO,
          detector: () => Promise.resolve(fakeDetector()),
          builtins: BUILTIN_SCANS,
          plans,
          persona: TEST_CHAIR,
          set: { [key]: scan, ...extra },
        });
        if (run.status === "done") out.push({ name: `${m.id} on ${scan}`, r: run.result });
      }
    }
  }
  return out;
}
