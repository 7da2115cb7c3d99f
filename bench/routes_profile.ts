/**
 * step_free_route's whole run on the 1,000-room, 3,000-door grid (bench/_grid_building.ts),
 * a fresh plan each time (parsed outside the run), for a CPU profile of where issue 29's run
 * goes. Not a figure: bench/routes_figures.ts times it against its Dijkstra.
 *
 * ```sh
 * deno run -A --cpu-prof --cpu-prof-dir=/tmp/prof bench/routes_profile.ts [runs=40]
 * ```
 */
import { parsePlan } from "../ground/plan.ts";
import { runTool } from "../core/run.ts";
import { loadRegistry } from "../core/registry.ts";
import { gridBuilding } from "./_grid_building.ts";
import { ran } from "./_done.ts";

const runs = Number(Deno.args[0] ?? 40);
const tool = (await loadRegistry()).require("step_free_route");
for (let i = 0; i < runs; i++) {
  const loaded = parsePlan(gridBuilding(40, 25, 3000));
  await ran(
    runTool(tool, {
      plans: { grid: loaded },
      set: { scan: "grid", chair_width_m: 0.71, min_clear_width_m: 0.815 },
    }),
    "step_free_route on 1,000 rooms",
  );
}
