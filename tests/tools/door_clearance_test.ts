/**
 * door_clearance: the demo building by hand, a chair wider than the minimum, estimates as
 * assumptions, the real samples, bad input.
 */
import { goldenEntries } from "../_golden.ts";
import { assert, assertEquals, assertOk } from "../_assert.ts";
import { fixture, sharedData } from "../_data.ts";
import { InputError } from "../../ground/errors.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import { type LoadedPlan, parsePlanText } from "../../ground/plan.ts";
import { ToolResult } from "../../core/result.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { importSource } from "../../layers/mod.ts";

const tool = (await loadRegistry()).require("door_clearance");
async function run(opts: Parameters<typeof runTool>[1]) {
  const o = await runTool(tool, { builtins: BUILTIN_SCANS, ...opts });
  if (o.status !== "done") throw new Error(JSON.stringify(o));
  assertOk(ToolResult.safeParse(o.result).success);
  assert.notEqual(o.result.verdict.status, "error", o.result.verdict.text);
  return o.result;
}

Deno.test("door_clearance on the demo, by hand", async (t) => {
  const said = goldenEntries("door_clearance_test", t);
  const r = await run({ set: { scan: "demo" } });
  const by = Object.fromEntries(r.checks.map((c) => [c.subject, c]));
  // d_front states 0.84 clear: 0.025 over 0.815, beyond the 0.02 tolerance -> pass.
  assertEquals([by.d_front.status, by.d_front.measured], ["pass", 0.84]);
  // Leaf less 2 3/8 in (0.060325 m, FHA Design Manual): d_bath 0.70 → 0.639675 (estimated)
  // -> fail; d_kitchen 0.86 → 0.799675, within 0.02 of 0.815 -> warn; d_wc 0.80 → 0.739675
  // -> fail.
  assertEquals(by.d_bath.status, "fail");
  assertOk(Math.abs(by.d_bath.measured! - 0.639675) < 1e-9);
  assertEquals(by.d_kitchen.status, "warn");
  assertEquals(by.d_wc.status, "fail");
  assertEquals(by.o_living_kitchen.status, "pass");
  assertEquals(by.d_bath.rule, { pack: "ada-2010", section: "404.2.3" });
  assertOk(!("w_living_s" in by), "windows are not doors");
  assertEquals(r.verdict.status, "fail");
  assertEquals(r.verdict.code, "verdict.too_narrow");
  assertEquals(r.verdict.data, {
    need_m: 0.815,
    margin_m: 0.05,
    standard: "ADA 2010 §404.2.3",
    min_m: 0.815,
    doors: 17,
    fails: 4,
    // 8: the six within the scan's 0.02 m, and two 0.90 m leaves (0.8397 m estimated, 25 mm
    // over 0.815) within the estimate's bound on top (0.02 + 0.015 m, issue 24 §3).
    warns: 8,
    narrowest: "door (Landing ↔ Bathroom)",
    narrowest_m: 0.639675,
    below_standard: 0,
  });
  // The golden sentence of the wording (tools/door_clearance/wording.ts).
  said.add(r.verdict.text);
  assertEquals(
    r.findings.filter((f) => f.severity === "fail").map((f) => f.id),
    [
      "door_clearance:door:d_wc",
      "door_clearance:door:d_utility",
      "door_clearance:door:d_bath",
      "door_clearance:door:d_attic",
    ],
  );
  assertEquals(r.findings.find((f) => f.subject === "d_bath")!.code, "door.too_narrow");
  assertEquals(r.findings.find((f) => f.subject === "d_kitchen")!.code, "door.too_close");
  assertEquals(
    r.checks.filter((c) => c.code === "door.clear_width" && c.data?.estimated).length,
    12,
    "12 doors state only their leaf width",
  );
  assertEquals(r.overlays.find((o) => o.id === "opening:d_bath")!.geometry, {
    type: "LineString",
    coordinates: [[4, 6.85], [4, 6.15]],
  });
  await said.check();
});

Deno.test("door_clearance: a stated chair is the need; the minimum is a separate check", async (t) => {
  const said = goldenEntries("door_clearance_test", t);
  // 0.80 m chair + 0.05 m = 0.85 m. d_front 0.84 is within 0.02 -> warn for the chair; against
  // ADA's 0.815 m it passes (0.025 > 0.02), as a check aside.
  const r = await run({ set: { scan: "demo", chair_width_m: 0.8 } });
  assertEquals(r.metrics.find((m) => m.id === "needed_clear_width_m")!.value, 0.85);
  const front = r.checks.filter((c) => c.subject === "d_front");
  assertEquals(front.map((c) => [c.code, c.status, c.rule?.section, c.aside]), [
    ["door.clear_width", "warn", undefined, undefined],
    ["door.meets_standard", "pass", "404.2.3", true],
  ]);
  assertEquals(r.verdict.data?.chair_m, 0.8);
  const kitchen = r.findings.find((f) => f.subject === "d_kitchen")!;
  assertEquals([kitchen.code, kitchen.data?.standard_status], ["door.too_narrow", "warn"]);
  // The golden sentences of a finding with the standard beside the chair.
  said.add(kitchen.title);
  said.add(kitchen.detail!);
  await said.check();
});

Deno.test("door_clearance on a hand-made plan and the real samples", async () => {
  const nd = parsePlanText(Deno.readTextFileSync(fixture("geometry/narrow_door.json")));
  const r = await run({ plans: { nd }, set: { scan: "nd" } });
  assertEquals(r.checks.map((c) => [c.subject, c.status]), [["d_in", "pass"], ["d7", "fail"]]);
  assertEquals(r.assumptions.filter((a) => !a.input).length, 0, "nothing estimated");
  const samples: Record<string, LoadedPlan> = {};
  for (const [id, rel] of [["fzk", "ifc/AC20-FZK-Haus.ifc"], ["zind", "zind/zind_data.json"]]) {
    samples[id] = (await importSource(sharedData(rel))).loaded;
    const s = await run({ plans: samples, set: { scan: id } });
    assertOk(s.checks.length > 0 && s.checks.every((c) => c.measured !== undefined));
  }
});

Deno.test("door_clearance bad input", async () => {
  await assert.rejects(
    run({ set: { scan: "demo", min_clear_width_m: 9 } }),
    (e: unknown) => e instanceof InputError && e.input === "min_clear_width_m",
  );
  await assert.rejects(
    run({ set: { scan: "nope" } }),
    (e: unknown) => e instanceof InputError && e.input === "scan",
  );
});
