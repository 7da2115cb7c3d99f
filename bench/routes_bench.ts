/**
 * step_free_route on a synthetic 1,000-room, 3,000-door building (target: under 100 ms),
 * against a plain Dijkstra over the same room graph with graphology + graphology-shortest-path
 * (the baseline). `deno bench -A bench/routes_bench.ts` prints each case's ratio to it.
 * The group "vs its own Dijkstra" is issue 29's goal (the whole run ≤ 10× shortestRoutes over
 * the built graph); bench/routes_figures.ts alternates those cases and reports CPU time too.
 */
import { MultiUndirectedGraph } from "graphology";
import { dijkstra } from "graphology-shortest-path";
import { runTool } from "../core/run.ts";
import { loadRegistry } from "../core/registry.ts";
import { buildRouteGraph, routesFrom, shortestRoutes } from "../engines/geometry/routes/mod.ts";
import { GRID_TRAVELLER, gridPlan } from "./_grid_building.ts";
import { ran } from "./_done.ts";

const loaded = gridPlan();
const plan = loaded.plan;
if (plan.rooms.length !== 1000 || plan.openings.length !== 3000) throw new Error("bad synthetic");
const needs = GRID_TRAVELLER;

// The baseline's room graph: rooms as nodes, doors as edges weighted by centre distance.
const centre = new Map(plan.rooms.map((r) => [r.id, [
  r.polygon.reduce((s, p) => s + p[0], 0) / r.polygon.length,
  r.polygon.reduce((s, p) => s + p[1], 0) / r.polygon.length,
]]));
function roomGraph() {
  const g = new MultiUndirectedGraph();
  for (const r of plan.rooms) g.addNode(r.id);
  for (const o of plan.openings) {
    const [a, b] = o.between;
    if (a === null || b === null) continue;
    const ca = centre.get(a)!, cb = centre.get(b)!;
    g.addEdge(a, b, { weight: Math.hypot(ca[0] - cb[0], ca[1] - cb[1]) });
  }
  return g;
}
const g0 = roomGraph();
const built = buildRouteGraph(plan, needs);
const start = built.outsideNode.get("d_entrance")!;
const tool = (await loadRegistry()).require("step_free_route");

Deno.bench({
  name: "graphology dijkstra.singleSource over the room graph (1,000 rooms, 2,999 doors)",
  group: "step_free_route",
  baseline: true,
  fn() {
    dijkstra.singleSource(g0, "r0_0");
  },
});

Deno.bench({
  name: "routes engine: graph (exact in-room paths) + Dijkstra + 1,000 routes (no polylines)",
  group: "step_free_route",
  fn() {
    routesFrom(plan, needs, "d_entrance", { legs: false });
  },
});

Deno.bench({
  name: "step_free_route tool, whole run (inputs, routes, 1,000 findings, result validation)",
  group: "step_free_route",
  async fn() {
    await ran(
      runTool(tool, {
        plans: { grid: loaded },
        // The same traveller as the engine cases: a 0.71 m chair with the default 0.05 m margin
        // each side (body 0.81 m) and a 0.815 m door.
        set: { scan: "grid", chair_width_m: 0.71, min_clear_width_m: 0.815 },
      }),
      "step_free_route on 1,000 rooms",
    );
  },
});

Deno.bench({
  name: "graphology: build the room graph, then dijkstra.singleSource",
  group: "dijkstra",
  baseline: true,
  fn() {
    dijkstra.singleSource(roomGraph(), "r0_0");
  },
});

Deno.bench({
  name: "routes engine: lexicographic Dijkstra alone over the built graph (door-side nodes)",
  group: "dijkstra",
  fn() {
    shortestRoutes(built, start);
  },
});

Deno.bench({
  name: "routes engine: shortestRoutes over the built graph (its own Dijkstra)",
  group: "vs its own Dijkstra",
  baseline: true,
  fn() {
    shortestRoutes(built, start);
  },
});

Deno.bench({
  name: "buildRouteGraph alone",
  group: "vs its own Dijkstra",
  fn() {
    buildRouteGraph(plan, needs);
  },
});

Deno.bench({
  name: "step_free_route tool, whole run (issue 29 goal: ≤ 10×)",
  group: "vs its own Dijkstra",
  async fn() {
    await ran(
      runTool(tool, {
        plans: { grid: loaded },
        set: { scan: "grid", chair_width_m: 0.71, min_clear_width_m: 0.815 },
      }),
      "step_free_route on 1,000 rooms",
    );
  },
});
