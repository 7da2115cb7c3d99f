/**
 * The engines' long loops check the run's budget (ground/budget.ts): under a budget whose
 * deadline has passed, each of these engines stops with BudgetExceeded naming the limit; with
 * no budget (a library call) the same call returns its result.
 */
import assert from "node:assert/strict";
import { thrownBy } from "../_assert.ts";
import { BudgetExceeded, withBudget } from "../../ground/budget.ts";
import { terrainHorizon } from "../../engines/aerial/horizon.ts";
import { resampleToPlan } from "../../engines/aerial/sample.ts";
import type { Grid } from "../../ground/grid.ts";
import { footprintMask, outsideWalls } from "../../engines/geometry/footprint.ts";
import { internalWallFootprint_m2, planTakeoff } from "../../engines/geometry/takeoff.ts";
import { gridPlan } from "../_big_plan.ts";

const grid: Grid = {
  width: 400,
  height: 400,
  data: new Float64Array(160_000).map((_, i) => (i % 400) * 0.01),
  transform: [0, 1, 0, 400, 0, -1],
  crs: "local",
};
const plan = gridPlan(30).plan;
const small = gridPlan(3).plan;

const CASES: [string, () => unknown][] = [
  ["terrainHorizon", () =>
    terrainHorizon(grid, [200, 200], {
      observerHeight_m: 1.6,
      minDistance_m: 1,
      maxDistance_m: 300,
      geographic: false,
      lat_deg: 50,
    })],
  ["resampleToPlan", () => resampleToPlan(grid, [1, 0, 0, 0, 1, 0], [0, 0, 400, 400], 1)],
  [
    "footprintMask",
    () =>
      footprintMask(small.rooms, {
        ...grid,
        width: 40,
        height: 40,
        transform: [-2, 0.5, 0, 18, 0, -0.5],
      }),
  ],
  ["outsideWalls", () => outsideWalls(small.rooms)],
  ["internalWallFootprint_m2", () => internalWallFootprint_m2(plan.rooms)],
  ["planTakeoff", () => planTakeoff(plan, { convention: "gross" } as never)],
];

for (const [name, call] of CASES) {
  Deno.test(`budget: ${name} stops at a spent budget and runs without one`, () => {
    const spent = { deadline_ms: performance.now() - 1, limit_text: "the time limit of 0 s" };
    const e = thrownBy(() => withBudget(spent, call), BudgetExceeded);
    assert.deepEqual([e.code, e.data], ["budget.spent", { limit_text: spent.limit_text }]);
    assert.ok(call() !== undefined);
  });
}
