import { goldenEntries } from "../_golden.ts";
import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertOk } from "../_assert.ts";
import { parsePlan } from "../../ground/plan.ts";
import { openStore, type Store } from "../../core/store.ts";
import { runTool } from "../../core/run.ts";
import type { ToolResult } from "../../core/result.ts";
import { forModel } from "../../core/result.ts";
import { addRaster } from "../../layers/rasters.ts";
import siteDrainage from "../../tools/site_drainage/mod.ts";
import { gridToTiff, houseDem, housePlan, NORTH_PIT } from "../../fixtures/site/dems.ts";
import type { Grid } from "../../ground/grid.ts";
import { RUN_IO } from "../../layers/io.ts";

async function setup(
  opts: { north_deg?: number; dem?: Grid; epsg?: number; geographic?: boolean } = {},
): Promise<{ store: Store; dir: string; plans: Record<string, ReturnType<typeof parsePlan>> }> {
  const dir = await Deno.makeTempDir({ prefix: "drainage_" });
  const store = openStore(":memory:");
  const plans = { house: parsePlan(housePlan(opts.north_deg ?? 0)) };
  const dem = opts.dem ?? houseDem({ north_deg: opts.north_deg ?? 0 });
  const file = join(dir, "dem.tif");
  await Deno.writeFile(
    file,
    await gridToTiff(dem, opts.epsg ?? 32633, { geographic: opts.geographic }),
  );
  await addRaster(store, "house", file, "elevation", { plans });
  return { store, dir, plans };
}

async function run(
  s: Awaited<ReturnType<typeof setup>>,
  set: Record<string, unknown> = {},
): Promise<ToolResult> {
  const out = await runTool(siteDrainage, {
    ...RUN_IO,
    store: s.store,
    plans: s.plans,
    set: { scan: "house", ...set },
  });
  if (out.status !== "done") throw new Error("expected a result");
  return out.result;
}

Deno.test("site_drainage: the side that slopes towards the house fails, the other three pass", async () => {
  const s = await setup();
  const r = await run(s);
  assertEquals(r.verdict.status, "fail", r.verdict.text);
  const by = Object.fromEntries(r.checks.map((c) => [c.subject, c]));
  assertEquals(Object.keys(by).sort(), ["east", "north", "south", "west"]);
  for (const side of ["east", "south", "west"]) {
    assertEquals(by[side].status, "pass", `${side}: ${by[side].note}`);
    // 10 % over 3.048 m = 0.3048 m; bilinear reading at the kink under the wall loses up to
    // slope × cell / 4 = 0.025 m.
    assert.ok(Math.abs(by[side].measured! - 0.3048) < 0.03, `${side} fall ${by[side].measured}`);
    assertEquals(by[side].rule?.section, "R401.3");
  }
  assertEquals(by.north.status, "fail");
  // Beside the pit the ground rises 0.15 m towards the wall. Through the pit the wall line
  // reads 99.85 m (bilinear between the house ground, 100, and the pit floor, 99.7) against
  // 100.152 m at 3.048 m out: a rise of about 0.30 m.
  assert.ok(by.north.measured! < -0.28 && by.north.measured! > -0.36, `north ${by.north.measured}`);
  assertEquals([r.verdict.code, r.verdict.data?.failing], ["verdict.drainage", ["north"]]);
  assertEquals(by.north.code, "side.fall");
  r.steps.forEach((t) => assertOk(t.length > 0));
  s.store.close();
});

Deno.test("site_drainage: the hollow against the north wall is one pond about 0.3 m deep", async (gt) => {
  const said = goldenEntries("site_drainage_test", gt);
  const s = await setup();
  const r = await run(s);
  const ponds = r.findings.filter((f) => f.id.startsWith("site_drainage:pond:"));
  assertEquals(ponds.length, 1, JSON.stringify(r.findings));
  assertEquals(ponds[0].id, "site_drainage:pond:north_1");
  assertEquals(ponds[0].severity, "fail");
  const depth = r.metrics.find((m) => m.id === "deepest_pond_m")!.value as number;
  assert.ok(Math.abs(depth - NORTH_PIT.depth_m) < 0.05, `depth ${depth}`);
  const area = r.overlays.find((o) => o.id === ponds[0].overlays![0])!;
  assertEquals(area.kind, "area");
  // Ground that drains towards the building: the strip north of it, 10 m wide and 30 m
  // deep (the analysis margin), whose 5 % slope runs south onto the north wall; the ground
  // beyond its ends falls east and west, away. D8 sends each end column of the strip
  // diagonally off it (0.1 m over √2 m beats 0.05 m over 1 m), so 8–10 columns of 30 m.
  const up = r.metrics.find((m) => m.id === "upslope_area_m2")!.value as number;
  assert.ok(up >= 230 && up <= 310, `upslope ${up}`);
  // All of it arrives on the north side; the sides that fall away receive only the cells
  // right against them.
  const north = r.metrics.find((m) => m.id === "upslope_north_m2")!.value as number;
  assert.ok(north >= 0.9 * up, `north ${north} of ${up}`);
  for (const side of ["east", "south", "west"]) {
    const v = r.metrics.find((m) => m.id === `upslope_${side}_m2`)!.value as number;
    assert.ok(v <= 12, `${side} ${v}`);
  }
  said.add(r.checks.find((c) => c.subject === "north")!.note!);
  // Arrows exist and some of them point at the house.
  const arrows = r.overlays.filter((o) => o.kind === "arrow");
  assertOk(arrows.length > 20);
  assertOk(arrows.some((a) => a.status === "fail") && arrows.some((a) => a.status === "pass"));
  // The model sees only verdict and finding titles.
  assertEquals(Object.keys(forModel(r)).sort(), ["findings", "scan", "status", "tool", "verdict"]);
  s.store.close();
  await said.check();
});

Deno.test("site_drainage: without the hollow no pond, and a 90° north_deg names the failing side east", async () => {
  const s = await setup({ north_deg: 90, dem: houseDem({ north_deg: 90, pit: false }) });
  const r = await run(s);
  const by = Object.fromEntries(r.checks.map((c) => [c.subject, c]));
  // Plan +y now faces east: the rising side is the east side.
  assertEquals(by.east.status, "fail");
  assert.ok(Math.abs(by.east.measured! + 0.1524) < 0.02, `east ${by.east.measured}`);
  assertEquals(by.north.status, "pass");
  assertEquals(r.findings.filter((f) => f.id.includes(":pond:")).length, 0);
  s.store.close();
});

Deno.test("site_drainage: the same ground on a WGS 84 (degrees) raster gives the same answer", async () => {
  const s = await setup({ dem: houseDem({ geographic: true }), epsg: 4326, geographic: true });
  const r = await run(s);
  const by = Object.fromEntries(r.checks.map((c) => [c.subject, c]));
  assertEquals(
    ["north", "east", "south", "west"].map((k) => by[k].status),
    ["fail", "pass", "pass", "pass"],
  );
  assert.ok(Math.abs(by.south.measured! - 0.3048) < 0.03, `south ${by.south.measured}`);
  assertEquals(r.findings.filter((f) => f.id.includes(":pond:")).length, 1);
  assert.ok(r.assumptions.some((a) => /EPSG:4326/.test(a.text)));
  s.store.close();
});

Deno.test("site_drainage: a fall within the raster's uncertainty of 6 in is too close to call", async () => {
  const s = await setup();
  // South/east/west fall 0.305 m; with ±0.2 m uncertainty they are within reach of 0.152.
  const r = await run(s, { vertical_uncertainty_m: 0.2 });
  const south = r.checks.find((c) => c.subject === "south")!;
  assertEquals(south.status, "warn");
  assertOk((r.verdict.data?.close as string[]).includes("south"));
  s.store.close();
});

Deno.test("site_drainage: bad rasters are unknown with a sentence, never a crash", async () => {
  // A nodata hole under the footprint.
  let s = await setup({ dem: houseDem({ hole: true }) });
  let r = await run(s);
  assertEquals(r.verdict.status, "unknown");
  assertMatch(r.verdict.text, /nodata hole/);
  s.store.close();

  // A raster somewhere else (shifted 5 km east).
  const far = houseDem();
  far.transform = [far.transform[0] + 5000, 1, 0, far.transform[3], 0, -1];
  s = await setup({ dem: far });
  r = await run(s);
  assertEquals(r.verdict.status, "unknown");
  assertMatch(r.verdict.text, /does not cover the site/);
  s.store.close();

  // An unknown projection (a user-defined CRS code).
  s = await setup({ epsg: 32767 });
  r = await run(s);
  assertEquals(r.verdict.status, "unknown");
  assertMatch(r.verdict.text, /unknown projection/);
  s.store.close();

  // A raster that changed after it was attached.
  s = await setup();
  await Deno.writeFile(join(s.dir, "dem.tif"), await gridToTiff(houseDem({ pit: false }), 32633));
  r = await run(s);
  assertEquals(r.verdict.status, "unknown");
  assertMatch(r.verdict.text, /dem\.tif: has changed since it was attached/);
  s.store.close();
});

Deno.test("site_drainage: a coarse raster cannot judge a 3 m rule", async () => {
  const s = await setup({ dem: houseDem({ cell_m: 10, half_m: 100 }) });
  const r = await run(s);
  assertEquals(r.verdict.status, "unknown");
  assertEquals(r.verdict.code, "verdict.raster_too_coarse");
  s.store.close();
});

Deno.test("site_drainage: a plan without a site, or without a raster, is unknown", async () => {
  const noSite = housePlan();
  delete noSite.site;
  let out = await runTool(siteDrainage, {
    ...RUN_IO,
    plans: { bare: parsePlan(noSite) },
    set: { scan: "bare" },
  });
  assert.ok(out.status === "done");
  assertEquals(out.result.verdict.status, "unknown");
  assertEquals(out.result.verdict.data?.layers, ["site.location", "site.elevation"]);
  out = await runTool(siteDrainage, {
    ...RUN_IO,
    plans: { house: parsePlan(housePlan()) },
    set: { scan: "house" },
  });
  assert.ok(out.status === "done");
  assertEquals(out.result.verdict.status, "unknown");
  assertEquals(out.result.verdict.data?.layers, ["site.elevation"]);
});
