/**
 * The tools' own sentences follow display.units (issue 27 §2): the demo run in metric,
 * imperial and both. Codes and data are the same in every mode (SI); the sentences are made
 * from them in the chosen system, where they are made (core/result.ts fmtM, ground/units.ts),
 * and each mode's sentences are a golden file (`UPDATE_GOLDEN=1` rewrites them).
 */
import { assert, assertEquals, assertOk } from "../_assert.ts";
import { assertGolden } from "../_golden.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import type { ToolResult } from "../../core/result.ts";
import { feetInches, squareFeet, UNIT_SYSTEMS, type UnitSystem } from "../../ground/units.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { openStore, type Store } from "../../core/store.ts";

const registry = await loadRegistry();
/** The demo's tools whose sentences state lengths or areas. */
const TOOLS = [
  "door_clearance",
  "ceiling_height",
  "takeoff",
  "turning_space",
  "code_check",
  "will_it_fit",
  "step_free_route",
];
/** What the demo does not answer by itself: the tool's first example, else these. */
const EXTRA: Record<string, Record<string, unknown>> = {
  turning_space: { turning_diameter_m: 1.525 },
  code_check: { pack: "ada-2010" },
  step_free_route: { chair_width_m: 0.7 },
};

/** Data without the sentences some of it carries (will_it_fit's `step_text`, made in the run). */
const withoutText = (d: unknown) =>
  d && typeof d === "object"
    ? Object.fromEntries(Object.entries(d).filter(([k]) => !k.endsWith("_text")))
    : d;

async function run(
  tool: string,
  units?: UnitSystem,
  store?: Store,
) {
  const o = await runTool(registry.require(tool), {
    builtins: BUILTIN_SCANS,
    set: { scan: "demo", ...(registry.require(tool).examples?.[0] ?? {}), ...EXTRA[tool] },
    persist: false,
    ...(units ? { units } : {}),
    ...(store ? { store } : {}),
  });
  if (o.status !== "done") throw new Error(JSON.stringify(o));
  return o.result;
}

/** Every sentence a result carries, by where it is. */
function sentences(r: ToolResult) {
  return {
    verdict: r.verdict.text,
    checks: r.checks.map((c) => [c.label, c.note ?? ""]),
    findings: r.findings.map((f) => [f.title, f.detail ?? ""]),
    assumptions: r.assumptions.map((a) => a.text),
    overlays: r.overlays.map((o) => o.label ?? ""),
  };
}

/** What does not change with the unit system: statuses, codes, data, values. */
function facts(r: ToolResult) {
  return {
    verdict: [r.verdict.status, r.verdict.code, withoutText(r.verdict.data)],
    metrics: r.metrics.map((m) => [m.id, m.value, m.unit]),
    checks: r.checks.map((c) => [
      c.id,
      c.status,
      c.code,
      withoutText(c.data),
      c.measured,
      c.limit,
      c.unit,
    ]),
    findings: r.findings.map((f) => [f.id, f.status, f.code, withoutText(f.data)]),
  };
}

for (const units of UNIT_SYSTEMS) {
  Deno.test(`the demo's sentences in ${units}: golden, codes and data as in metric`, async () => {
    const all: Record<string, unknown> = {};
    for (const tool of TOOLS) {
      const r = await run(tool, units);
      const metric = await run(tool, "metric");
      assertEquals(facts(r), facts(metric), `${tool}: codes and data do not follow the units`);
      all[tool] = sentences(r);
    }
    await assertGolden(`units_sentences.${units}`, all);
  });
}

Deno.test("door_clearance's verdict states its data's lengths in the chosen system", async () => {
  const m = await run("door_clearance", "metric");
  const imp = await run("door_clearance", "imperial");
  const both = await run("door_clearance", "both");
  assertEquals(imp.verdict.code, "verdict.too_narrow");
  const d = imp.verdict.data as { need_m: number; narrowest_m: number };
  // The same data, said three ways: 0.815 m is 2′ 8⅛″ (32.09 in), 0.639675 m is 2′ 1⅛″.
  assertEquals(feetInches(d.need_m), "2′\u00a08⅛″");
  assertOk(imp.verdict.text.includes(feetInches(d.narrowest_m)), imp.verdict.text);
  assertOk(!imp.verdict.text.includes("0.64 m"), imp.verdict.text);
  assertOk(m.verdict.text.includes("0.64 m"), m.verdict.text);
  assertOk(
    both.verdict.text.includes(`${feetInches(d.narrowest_m)} (0.64\u00a0m)`),
    both.verdict.text,
  );
});

Deno.test("takeoff's verdict states its floor area in ft² when imperial", async () => {
  const imp = await run("takeoff", "imperial");
  const d = imp.verdict.data as { floor_area_m2: number };
  assert.ok(d.floor_area_m2 > 0);
  assertOk(
    imp.verdict.text.startsWith(`${squareFeet(d.floor_area_m2)} ft² of floor`),
    imp.verdict.text,
  );
});

Deno.test("a run without a units option follows the display.units preference", async () => {
  const home = await Deno.makeTempDir();
  const store = openStore(home);
  try {
    store.setPref("display.units", "imperial");
    const viaPref = await run("door_clearance", undefined, store);
    const given = await run("door_clearance", "imperial");
    assertEquals(viaPref.verdict.text, given.verdict.text);
    // An explicit option wins over the preference (the CLI's --json asks for metric).
    const metric = await run("door_clearance", "metric", store);
    assertOk(metric.verdict.text !== viaPref.verdict.text);
  } finally {
    store.close();
    await Deno.remove(home, { recursive: true });
  }
});
