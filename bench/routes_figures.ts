/**
 * step_free_route on the 1,000-room, 3,000-door grid (bench/_grid_building.ts) against its
 * own Dijkstra (shortestRoutes over the built graph, the baseline of issue 29's goal: the
 * whole run ≤ 10× it), cases alternated round by round in one process, medians and ratios:
 * the Dijkstra alone, buildRouteGraph alone, the routes engine (graph + Dijkstra + 1,000
 * routes) and the tool's whole run (checked complete by bench/_done.ts), on a fresh plan
 * object and on the same one again (names are made once per plan object). Each case is also
 * timed in the process's CPU time (node:process cpuUsage, all threads: the collector's too),
 * steadier than the wall clock on a loaded machine. Since the graph's edges became columns its
 * Dijkstra is faster; the one before (bench/_routes_dijkstra_before.ts, over the same graph as
 * objects, checked to give the same tree) is timed too, and both ratios are printed.
 *
 * ```sh
 * deno run -A bench/routes_figures.ts [rounds=30]
 * ```
 */
import { runTool } from "../core/run.ts";
import { loadRegistry } from "../core/registry.ts";
import { buildRouteGraph, routesFrom, shortestRoutes } from "../engines/geometry/routes/mod.ts";
import { GRID_TRAVELLER, gridPlan } from "./_grid_building.ts";
import { ran } from "./_done.ts";
import { alternate, printRatios } from "./_alternate.ts";
import { objectGraph, shortestRoutesBefore } from "./_routes_dijkstra_before.ts";
import { assertEquals } from "../tests/_assert.ts";

const rounds = Number(Deno.args[0] ?? 30);
const loaded = gridPlan();
const plan = loaded.plan;
const needs = GRID_TRAVELLER;
const built = buildRouteGraph(plan, needs);
const start = built.outsideNode.get("d_entrance")!;
const asObjects = objectGraph(built);
assertEquals(shortestRoutesBefore(asObjects, start), shortestRoutes(built, start));
const tool = (await loadRegistry()).require("step_free_route");

// A plan's names and display names are made once per plan object (ground/names.ts): the
// "fresh plan" cases get a plan object parsed anew before each round (outside the timing),
// what a one-off run (the command line) pays; the others reuse one.
let freshA = loaded, freshB = loaded, freshC = loaded;
const whole = (l: typeof loaded) =>
  ran(
    runTool(tool, {
      plans: { grid: l },
      set: { scan: "grid", chair_width_m: 0.71, min_clear_width_m: 0.815 },
    }),
    "step_free_route on 1,000 rooms",
  );
const cases: Record<string, () => unknown> = {
  "shortestRoutes (its own Dijkstra)": () => shortestRoutes(built, start),
  "shortestRoutes before the columns (29af8eb)": () => shortestRoutesBefore(asObjects, start),
  "buildRouteGraph (fresh plan)": () => buildRouteGraph(freshA.plan, needs),
  "routes engine (fresh plan: graph + Dijkstra + 1,000 routes)": () =>
    routesFrom(freshC.plan, needs, "d_entrance", { legs: false }),
  "step_free_route whole run (fresh plan)": () => whole(freshB),
  "step_free_route whole run (same plan again)": () => whole(loaded),
};
console.log(`${rounds} rounds; load ${Deno.loadavg().join(" ")}`);
const t = await alternate(cases, rounds, {
  beforeRound: () => {
    freshA = gridPlan(), freshB = gridPlan(), freshC = gridPlan();
  },
});
printRatios(t, "shortestRoutes (its own Dijkstra)", {
  header: "case | median wall ms | × its Dijkstra | median CPU ms | × its Dijkstra (CPU)",
  digits: 1,
});
printRatios(t, "shortestRoutes before the columns (29af8eb)", {
  header: "case | median wall ms | × the Dijkstra before | median CPU ms | × before (CPU)",
  digits: 1,
});
console.log(`load after: ${Deno.loadavg().join(" ")}`);
