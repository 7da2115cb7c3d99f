/**
 * Every tool whose work grows with the plan stops at the run's time limit, inside its
 * engines' loops (ground/budget.ts checkpoints): on a big synthetic plan (a grid of rooms,
 * joined by doors, with a window on every outside wall) each run with a 0.3 s limit ends as
 * an `error` naming the limit, soon after it. Unlimited, each of these runs takes longer than
 * the limit here (1.4–4.5 s, measured on the development machine), so the error is the
 * limit's doing.
 */
import assert from "node:assert/strict";
import { runTool } from "../../core/run.ts";
import { loadRegistry } from "../../core/registry.ts";
import { gridPlan } from "../_big_plan.ts";

const LIMIT_S = 0.3;

const CASES: [string, number, Record<string, unknown>][] = [
  ["ceiling_height", 300, {}],
  ["door_clearance", 150, { chair_width_m: 0.7 }],
  ["turning_space", 200, { turning_diameter_m: 1.5 }],
  ["takeoff", 150, { convention: "gross" }],
  ["will_it_fit", 100, { item: "sofa", to: "Room 9999" }],
  ["sun_hours", 60, { step_min: 1 }],
  ["code_check", 150, { pack: "uk-adm" }],
];

const reg = await loadRegistry();
const plans = new Map<number, ReturnType<typeof gridPlan>>();

for (const [tool, side, extra] of CASES) {
  Deno.test(`run limit: ${tool} on a ${side} × ${side}-room plan stops at a ${LIMIT_S} s limit`, async () => {
    if (!plans.has(side)) plans.set(side, gridPlan(side));
    const big = plans.get(side)!;
    const m = reg.require(tool);
    const run = (time_limit_s?: number) =>
      runTool(m, { plans: { big }, set: { scan: "big", ...extra }, time_limit_s });
    const t0 = performance.now();
    const out = await run(LIMIT_S);
    const took_s = (performance.now() - t0) / 1000;
    assert.equal(out.status, "done");
    if (out.status !== "done") return;
    assert.equal(out.result.verdict.status, "error", out.result.verdict.text);
    // Stopped by the limit, not by another error (its sentence: run_limit_test.ts's golden).
    assert.deepEqual([out.result.verdict.code, out.result.verdict.data], ["run.time_limit", {
      tool,
    }]);
    // Near the limit: generous, for a shared machine (the plan's parsing is outside the run).
    assert.ok(took_s < LIMIT_S + 5, `stopped after ${took_s.toFixed(2)} s`);
    console.log(`${tool}: stopped after ${took_s.toFixed(2)} s`);
  });
}
