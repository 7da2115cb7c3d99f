import { assertEquals, assertOk } from "../_assert.ts";
import { assertGolden, goldenEntries, withoutCodes } from "../_golden.ts";
import { fixture } from "../_data.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import { parsePlan, parsePlanText } from "../../ground/plan.ts";
import { openStore } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { getPersona } from "../../presets/personas.ts";

const tool = (await loadRegistry()).require("ceiling_height");
const heights = parsePlanText(Deno.readTextFileSync(fixture("plans/heights.json")));
async function run(opts: Parameters<typeof runTool>[1]) {
  const o = await runTool(tool, opts);
  if (o.status !== "done") throw new Error(JSON.stringify(o));
  return o.result;
}

Deno.test("ceiling_height: hand-computed answers on fixtures/plans/heights.json", async (t) => {
  const said = goldenEntries("ceiling_height_test", t);
  // A 2.40 pass; B 2.15 vs 2.13: |Δ| 0.02 ≤ max(0.02, 0.0215) → warn; C 2.05: 0.08 > 0.0205 → fail; D no height.
  const r = await run({ plans: { heights }, set: { scan: "heights" } });
  assertEquals(r.checks.map((c) => [c.subject, c.status]), [["a", "pass"], ["b", "warn"], [
    "c",
    "fail",
  ], ["d", "unknown"]]);
  assertEquals(r.verdict.status, "fail");
  assertEquals(r.metrics.find((m) => m.id === "lowest_height_m")!.value, 2.05);
  assertEquals(r.metrics.find((m) => m.id === "rooms_checked")!.value, 3);
  assertEquals(r.findings.map((f) => f.id), ["ceiling_height:room:b", "ceiling_height:room:c"]);
  assertEquals(r.findings.map((f) => [f.code, f.data]), [
    ["room.too_close", { room: "B", height_m: 2.15, min_m: 2.13 }],
    ["room.too_low", { room: "C", height_m: 2.05, min_m: 2.13 }],
  ]);
  assertEquals(r.checks.map((c) => c.code), [
    "room.height",
    "room.height",
    "room.height",
    "room.no_height",
  ]);
  assertEquals(r.verdict.code, "verdict.too_low");
  assertEquals(r.verdict.data, {
    min_m: 2.13,
    measured: 3,
    low: 1,
    close: 1,
    unjudged: 1,
    rooms: 4,
    lowest_room: "C",
    lowest_m: 2.05,
  });
  assertEquals(r.assumptions.length, 2);
  assertEquals(r.overlays.length, 4);
  const lower = await run({ plans: { heights }, set: { scan: "heights", min_height_m: 2.0 } });
  // 2.05 vs 2.00: |Δ| 0.05 > 0.0205 → pass; all pass apart from D, which has no height:
  // the truthful-verdict rule makes that unknown, and the first words say how many.
  assertEquals(lower.verdict.status, "unknown");
  assertEquals([lower.verdict.code, lower.verdict.data?.unjudged], ["verdict.all_reach", 1]);
  // The golden sentence of the wording (tools/ceiling_height/wording.ts).
  said.add(lower.verdict.text);
  await said.check();
});

Deno.test("ceiling_height: no room with a height is an unknown verdict with a sentence", async () => {
  const bare = parsePlan({
    id: "bare",
    floors: [{ id: "f0", index: 0 }],
    rooms: [{ id: "r", floor: "f0", label: "living", polygon: [[0, 0], [1, 0], [1, 1]] }],
  });
  const r = await run({ plans: { bare }, set: { scan: "bare" } });
  assertEquals(r.verdict.status, "unknown");
  assertEquals([r.verdict.code, r.verdict.data], ["verdict.none_measured", { scan: "bare" }]);
});

Deno.test("ceiling_height: the preference and the persona fill the minimum", async () => {
  const store = openStore(":memory:");
  const persona = getPersona("building-inspector");
  const viaPersona = await run({ store, builtins: BUILTIN_SCANS, set: { scan: "demo" }, persona });
  assertEquals(viaPersona.inputs.min_height_m, { value: 2.1336, from: "persona" });
  assertOk(viaPersona.assumptions.some((a) => /persona: building inspector; IRC/.test(a.text)));
  store.setPref("space.min_ceiling_m", 2.5);
  const viaPref = await run({ store, builtins: BUILTIN_SCANS, set: { scan: "demo" }, persona });
  assertEquals(viaPref.inputs.min_height_m, { value: 2.5, from: "preference" });
  assertOk(
    !viaPref.assumptions.some((a) => a.input === "min_height_m"),
    "a saved preference is no assumption",
  );
  store.close();
});

Deno.test("ceiling_height: golden result on the demo building", async () => {
  const r = await run({ builtins: BUILTIN_SCANS, set: { scan: "demo" } });
  await assertGolden("ceiling_height.demo", withoutCodes(r));
  assertEquals(r.verdict.code, "verdict.too_low");
  assertOk(r.checks.every((c) => c.code) && r.findings.every((f) => f.code));
});

Deno.test("ceiling_height: a 100,000-room plan runs", async () => {
  const rooms = Array.from({ length: 100_000 }, (_, i) => ({
    id: `r${i}`,
    floor: "f0",
    label: "bedroom",
    polygon: [[i * 4, 0], [i * 4 + 3, 0], [i * 4 + 3, 3], [i * 4, 3]],
    height_m: i === 77_777 ? 1.8 : 2.5,
  }));
  const big = parsePlan({ id: "big", floors: [{ id: "f0", index: 0 }], rooms });
  const r = await run({ plans: { big }, set: { scan: "big" } });
  assertEquals(r.verdict.status, "fail");
  assertEquals(r.findings.map((f) => f.subject), ["r77777"]);
});
