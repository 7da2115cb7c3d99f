/**
 * What the run budget's checkpoints (ground/budget.ts) cost the engines that check them:
 * the route engine on the 1,000-room, 3,000-door grid building and findPlacement's grid
 * search, each outside a run (no budget: the baseline) against inside one (a deadline and a
 * cancel flag checked in their loops). `deno bench -A bench/budget_bench.ts`; read the ratio.
 */
import { parsePlan } from "../ground/plan.ts";
import { withBudget } from "../ground/budget.ts";
import { routesFrom } from "../engines/geometry/routes/mod.ts";
import { findPlacement } from "../engines/geometry/clearance.ts";
import { gridBuilding } from "./_grid_building.ts";

const plan = parsePlan(gridBuilding(40, 25, 3000)).plan;
const entrance = plan.openings.find((o) => o.between.includes(null))!.id;
const needs = {
  body_width_m: 0.75,
  min_clear_width_m: 0.815,
  step_free: true,
  max_step_m: 0.013,
  max_ramp_slope: 1 / 12,
};
const budget = () => ({
  deadline_ms: performance.now() + 3_600_000,
  limit_text: "an hour",
  cancel: new Int32Array(new SharedArrayBuffer(4)),
});

Deno.bench({
  name: "routes 1,000 rooms: no budget",
  group: "routes",
  baseline: true,
  fn: () => void routesFrom(plan, needs, entrance),
});
Deno.bench({
  name: "routes 1,000 rooms: inside a run's budget",
  group: "routes",
  fn: () => void withBudget(budget(), () => routesFrom(plan, needs, entrance)),
});

// A 12 × 12 m room and a 13 m bar that never fits: every grid point and angle is tried.
const room: [number, number][] = [[0, 0], [12, 0], [12, 12], [0, 12]];
const bar = (at: [number, number], a: number) => {
  const c = Math.cos((a * Math.PI) / 180), s = Math.sin((a * Math.PI) / 180);
  return [[-6.5, -0.1], [6.5, -0.1], [6.5, 0.1], [-6.5, 0.1]].map(([x, y]) =>
    [at[0] + x * c - y * s, at[1] + x * s + y * c] as [number, number]
  );
};
Deno.bench({
  name: "findPlacement 12 m room, no fit: no budget",
  group: "placement",
  baseline: true,
  fn: () => void findPlacement(room, [], bar, { step_m: 0.1 }),
});
Deno.bench({
  name: "findPlacement 12 m room, no fit: inside a run's budget",
  group: "placement",
  fn: () => void withBudget(budget(), () => findPlacement(room, [], bar, { step_m: 0.1 })),
});
