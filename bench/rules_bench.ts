/**
 * Rule pack and takeoff benchmarks (issue 6) on the synthetic 1,000-room building
 * (bench/_synthetic_building.ts), each against a named baseline in the same run:
 * - code_check with the ADA 2010 pack (target: under 200 ms), and evaluatePack alone,
 *   against a JSON round trip of the same plan;
 * - takeoff (target: under 50 ms), and planTakeoff alone, against one shoelace pass over
 *   every room polygon (the least work any area takeoff does).
 */
import { loadRegistry } from "../core/registry.ts";
import { runTool } from "../core/run.ts";
import { builtinPack } from "../engines/geometry/packs.ts";
import { evaluatePack } from "../engines/geometry/rules/mod.ts";
import { planTakeoff } from "../engines/geometry/takeoff.ts";
import { syntheticBuilding } from "./_synthetic_building.ts";
import { ran } from "./_done.ts";

const synth = syntheticBuilding();
const plan = synth.plan;
const reg = await loadRegistry();
const codeCheck = reg.require("code_check");
const takeoff = reg.require("takeoff");
const ada = builtinPack("ada-2010")!;
const ccOpts = { plans: { synthetic: synth }, set: { scan: "synthetic", pack: "ada-2010" } };
const tkOpts = { plans: { synthetic: synth }, set: { scan: "synthetic" } };
const first = await runTool(codeCheck, ccOpts); // warm up, and check it ran
if (first.status !== "done" || first.result.verdict.status === "error") {
  throw new Error(`code_check did not run: ${JSON.stringify(first).slice(0, 300)}`);
}
await runTool(takeoff, tkOpts);

Deno.bench({
  name: "baseline: JSON round trip of the 1,000-room plan",
  group: "code_check ada-2010, 1,000 rooms",
  baseline: true,
  fn: () => {
    JSON.parse(JSON.stringify(plan));
  },
});
Deno.bench({
  name: "evaluatePack ada-2010 (engine only)",
  group: "code_check ada-2010, 1,000 rooms",
  fn: () => {
    evaluatePack(ada, plan, { occupancy: "public", work: "new" });
  },
});
Deno.bench({
  name: "code_check ada-2010 (runTool, result validated)",
  group: "code_check ada-2010, 1,000 rooms",
  fn: async () => {
    await ran(runTool(codeCheck, ccOpts), "code_check");
  },
});

Deno.bench({
  name: "baseline: shoelace area of every room polygon",
  group: "takeoff, 1,000 rooms",
  baseline: true,
  fn: () => {
    let total = 0;
    for (const r of plan.rooms) {
      const p = r.polygon;
      let a = 0;
      for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
        a += (p[j][0] - p[i][0]) * (p[j][1] + p[i][1]);
      }
      total += Math.abs(a / 2);
    }
    if (!(total > 0)) throw new Error("no area");
  },
});
Deno.bench({
  name: "planTakeoff net (engine only)",
  group: "takeoff, 1,000 rooms",
  fn: () => {
    planTakeoff(plan, {
      convention: "net",
      paint_coverage_m2_per_l: 10,
      paint_coats: 2,
      flooring_waste: 0.1,
    });
  },
});
Deno.bench({
  name: "planTakeoff gross (engine only, wall footprint sweep)",
  group: "takeoff, 1,000 rooms",
  fn: () => {
    planTakeoff(plan, {
      convention: "gross",
      paint_coverage_m2_per_l: 10,
      paint_coats: 2,
      flooring_waste: 0.1,
    });
  },
});
Deno.bench({
  name: "takeoff (runTool, result validated)",
  group: "takeoff, 1,000 rooms",
  fn: async () => {
    await ran(runTool(takeoff, tkOpts), "takeoff");
  },
});
