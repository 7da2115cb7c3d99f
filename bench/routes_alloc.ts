/**
 * Memory allocated by step_free_route's parts on the 1,000-room, 3,000-door grid
 * (bench/_grid_building.ts), a fresh plan each time: its own Dijkstra (shortestRoutes, the
 * baseline of issue 29's goal), buildRouteGraph and the tool's whole run, in MB, with ratios
 * to the Dijkstra. Unlike time, the bytes a run allocates do not depend on the machine's load
 * (issue 29's shared 2-core machine): the heap in use after a full collection, before and
 * after one call, with a young generation large enough (512 MB, the flags below) that no
 * collection runs during it. A figure beside bench/routes_figures.ts, not instead of it.
 *
 * ```sh
 * deno run -A --v8-flags=--expose-gc,--min-semi-space-size=512,--max-semi-space-size=512 \
 *   bench/routes_alloc.ts [rounds=6]
 * ```
 */
import { runTool } from "../core/run.ts";
import { loadRegistry } from "../core/registry.ts";
import { buildRouteGraph, shortestRoutes } from "../engines/geometry/routes/mod.ts";
import { GRID_TRAVELLER, gridPlan } from "./_grid_building.ts";
import { ran } from "./_done.ts";
import { median } from "./_alternate.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --v8-flags=--expose-gc (see the module doc)");
const rounds = Number(Deno.args[0] ?? 6);
const tool = (await loadRegistry()).require("step_free_route");
const built = buildRouteGraph(gridPlan().plan, GRID_TRAVELLER);
const start = built.outsideNode.get("d_entrance")!;

/** MB the heap grew by over `f` (a full collection first; none during it). */
async function allocated(f: () => unknown): Promise<number> {
  gc!();
  const before = Deno.memoryUsage().heapUsed;
  await f();
  return (Deno.memoryUsage().heapUsed - before) / 1e6;
}

// Each case gets a plan parsed anew before it is measured (the parse is not counted).
const cases: Record<string, (fresh: ReturnType<typeof gridPlan>) => unknown> = {
  "shortestRoutes (its own Dijkstra)": () => shortestRoutes(built, start),
  "buildRouteGraph (fresh plan)": (fresh) => buildRouteGraph(fresh.plan, GRID_TRAVELLER),
  "step_free_route whole run (fresh plan)": (fresh) =>
    ran(
      runTool(tool, {
        plans: { grid: fresh },
        set: { scan: "grid", chair_width_m: 0.71, min_clear_width_m: 0.815 },
      }),
      "step_free_route on 1,000 rooms",
    ),
};
const mb: Record<string, number[]> = {};
// The first round warms up (code compiled, the registry's modules loaded): not counted.
for (let r = 0; r <= rounds; r++) {
  for (const k in cases) {
    const fresh = gridPlan();
    const m = await allocated(() => cases[k](fresh));
    if (r > 0) (mb[k] ??= []).push(m);
  }
}
const base = median(mb["shortestRoutes (its own Dijkstra)"]);
console.log(`${rounds} rounds; MB allocated (load does not change it)`);
console.log("case | median MB allocated | × its Dijkstra");
for (const k in mb) {
  console.log(`${k} | ${median(mb[k]).toFixed(1)} | ${(median(mb[k]) / base).toFixed(1)}×`);
}
