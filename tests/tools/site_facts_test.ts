import { goldenEntries } from "../_golden.ts";
import { join } from "node:path";
import { assert, assertEquals } from "../_assert.ts";
import { type LoadedPlan, parsePlan } from "../../ground/plan.ts";
import { openStore, type Store } from "../../core/store.ts";
import { runTool } from "../../core/run.ts";
import type { ToolResult } from "../../core/result.ts";
import { addRaster } from "../../layers/rasters.ts";
import siteFacts from "../../tools/site_facts/mod.ts";
import { gridAroundSite, gridToTiff, housePlan, orthophotoTiff } from "../../fixtures/site/dems.ts";
import { sharedData } from "../_data.ts";
import { metresPerDegree } from "../../engines/aerial/sample.ts";
import { RUN_IO } from "../../layers/io.ts";

const metric = (r: ToolResult, id: string) => r.metrics.find((m) => m.id === id)?.value as number;

async function withSite(
  ground: (p: [number, number]) => number,
  opts: { imagery?: Uint8Array; cell_m?: number; half_m?: number } = {},
): Promise<{ store: Store; plans: Record<string, LoadedPlan> }> {
  const dir = await Deno.makeTempDir({ prefix: "facts_" });
  const store = openStore(":memory:");
  const plans = { house: parsePlan(housePlan()) };
  const dem = join(dir, "dem.tif");
  await Deno.writeFile(
    dem,
    await gridToTiff(
      gridAroundSite(ground, { half_m: opts.half_m ?? 150, cell_m: opts.cell_m }).grid,
      32633,
    ),
  );
  await addRaster(store, "house", dem, "elevation", { plans });
  if (opts.imagery) {
    const img = join(dir, "ortho.tif");
    await Deno.writeFile(img, opts.imagery);
    await addRaster(store, "house", img, "imagery", { plans });
  }
  return { store, plans };
}

async function facts(
  s: { store: Store; plans: Record<string, LoadedPlan> },
  place = "house",
): Promise<ToolResult> {
  const out = await runTool(siteFacts, {
    ...RUN_IO,
    store: s.store,
    plans: s.plans,
    set: { place },
  });
  if (out.status !== "done") throw new Error("expected a result");
  return out.result;
}

Deno.test("site_facts: a plane falling 5 % to the north", async () => {
  const s = await withSite(([, y]) => 100 - 0.05 * y);
  const r = await facts(s);
  assertEquals(r.verdict.status, "pass", r.verdict.text);
  assert.ok(Math.abs(metric(r, "elevation_m") - 100) < 1e-3);
  assert.ok(Math.abs(metric(r, "slope_pct") - 5) < 0.01, `slope ${metric(r, "slope_pct")}`);
  // Downslope points true north (0°/360°), whatever the UTM grid's convergence (≈ −1.3° here).
  const aspect = metric(r, "aspect_deg");
  assert.ok(Math.min(aspect, 360 - aspect) < 0.2, `aspect ${aspect}`);
  // The lowest ground within 100 m is 100 m north: 5 m lower (cell centres: within 0.05 m).
  assert.ok(Math.abs(metric(r, "height_above_lowest_m") - 5) < 0.05);
  assertEquals(r.verdict.code, "verdict.facts");
  assert.ok(Math.abs((r.verdict.data?.aspect_deg as number) - aspect) < 0.01);
  assert.ok(r.assumptions.some((a) => /dem\.tif \(EPSG:32633, 1 m × 1 m cells/.test(a.text)));
  assert.ok(r.assumptions.some((a) => /No aerial imagery/.test(a.text)));
  s.store.close();
});

Deno.test("site_facts: the bottom of a bowl is low ground (a warn hint with a finding)", async () => {
  const s = await withSite(([x, y]) => 100 + 0.001 * (x * x + y * y));
  const r = await facts(s);
  assertEquals(r.verdict.status, "warn");
  assert.ok(metric(r, "height_above_lowest_m") < 0.01);
  assertEquals(r.findings.map((f) => f.id), ["site_facts:low_ground:house"]);
  assertEquals([r.verdict.data?.low_ground, r.findings[0].code], [true, "place.low_ground"]);
  s.store.close();
});

Deno.test("site_facts: cells wider than the radius leave low ground unknown, facts kept", async () => {
  // The same bowl on 150 m cells: within 100 m lies the place's own cell and nothing else,
  // so "the lowest ground around it" would be the place itself (0 m, a false flood hint).
  const s = await withSite(([x, y]) => 100 + 0.001 * (x * x + y * y), {
    cell_m: 150,
    half_m: 900,
  });
  const r = await facts(s);
  assertEquals(r.verdict.status, "unknown", r.verdict.text);
  assertEquals([r.verdict.code, r.verdict.data?.cell_m], ["verdict.facts_coarse", 150]);
  assertEquals(r.checks[0].code, "place.low_ground_coarse");
  assertEquals(r.findings, []);
  assertEquals(r.checks.map((c) => [c.id, c.status, c.measured]), [
    ["low_ground", "unknown", undefined],
  ]);
  assertEquals(metric(r, "height_above_lowest_m"), null);
  // The facts that do not need the neighbourhood are still reported.
  assert.ok(Number.isFinite(metric(r, "elevation_m")));
  assertEquals(metric(r, "raster_cell_m"), 150);
  assert.ok(r.assumptions.some((a) => /a radius of at least 300 m/.test(a.text)));
  // A radius that reaches the neighbouring cells judges it again: the bowl's bottom is low.
  const out = await runTool(siteFacts, {
    ...RUN_IO,
    store: s.store,
    plans: s.plans,
    set: { place: "house", radius_m: 300 },
  });
  assert.ok(out.status === "done");
  assertEquals(out.result.verdict.status, "warn", out.result.verdict.text);
  s.store.close();
});

Deno.test("site_facts: vegetation south of the house, grey elsewhere", async (t) => {
  const said = goldenEntries("site_facts_test", t);
  const imagery = await orthophotoTiff(([, y]) => y < 0, { half_m: 60, cell_m: 0.5 });
  const s = await withSite(([, y]) => 100 - 0.05 * y, { imagery });
  const r = await facts(s);
  // The 20 m band around a 10 × 8 m footprint: 36 m × 20 m + π·20² = 1976.6 m²; south of
  // the south wall: 10 × 20 + π·20²/2 = 828.3 m², a share of 0.419.
  const veg = metric(r, "vegetation_fraction"), hard = metric(r, "hard_surface_fraction");
  assert.ok(Math.abs(veg - 0.419) < 0.015, `vegetation ${veg}`);
  assert.ok(Math.abs(hard - 0.581) < 0.015, `hard ${hard}`);
  assert.ok(r.assumptions.some((a) => /ortho\.tif .*0\.5 m × 0\.5 m cells/.test(a.text)));
  assertEquals(Math.round((r.verdict.data?.vegetation_fraction as number) * 100), 42);
  // The golden sentence of the cover (tools/site_facts/report.ts).
  said.add(r.verdict.text);
  s.store.close();
  await said.check();
});

Deno.test("site_facts: the real 3″ DEM at a stored coordinate site", async () => {
  const store = openStore(":memory:");
  const { site } = await addRaster(
    store,
    "32.75,-97.40",
    sharedData("dem/pysheds_dem.tif"),
    "elevation",
  );
  assertEquals(site.id, "site-32.75000_-97.40000");
  const out = await runTool(siteFacts, { ...RUN_IO, store, set: { place: site.id } });
  assert.ok(out.status === "done");
  const r = out.result;
  assert.ok(r.verdict.status === "pass" || r.verdict.status === "warn", r.verdict.text);
  // 3″ cells at 32.75° N: 0.000833° × the degree lengths.
  const m = metresPerDegree(32.75);
  const cell = Math.max(m.lat_m, m.lon_m) / 1200;
  assert.ok(Math.abs(metric(r, "raster_cell_m") - cell) < 0.01, `${metric(r, "raster_cell_m")}`);
  // The DEM holds 147..298 m; the place's elevation lies within it.
  const z = metric(r, "elevation_m");
  assert.ok(z >= 147 && z <= 298, `elevation ${z}`);
  assert.ok(r.assumptions.some((a) => /pysheds_dem\.tif \(EPSG:4326, 3″ × 3″ cells/.test(a.text)));
  store.close();
});

Deno.test("site_facts: a place the raster does not cover, and a place with no raster", async (t) => {
  const said = goldenEntries("site_facts_test", t);
  const store = openStore(":memory:");
  const { site } = await addRaster(
    store,
    "48.0,11.0",
    sharedData("dem/pysheds_dem.tif"),
    "elevation",
  );
  let out = await runTool(siteFacts, { ...RUN_IO, store, set: { place: site.id } });
  assert.ok(out.status === "done");
  assertEquals(out.result.verdict.status, "unknown");
  said.add(out.result.verdict.text);
  out = await runTool(siteFacts, {
    ...RUN_IO,
    plans: { house: parsePlan(housePlan()) },
    set: { place: "house" },
  });
  assert.ok(out.status === "done");
  assertEquals(out.result.verdict.status, "unknown");
  assertEquals(out.result.verdict.data?.layers, ["site.elevation"]);
  store.close();
  await said.check();
});
