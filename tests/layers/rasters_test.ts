import { createHash } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { assert, assertEquals, assertMatch, rejectedBy } from "../_assert.ts";
import { sharedData } from "../_data.ts";
import { InputError } from "../../ground/errors.ts";
import { resolveSite } from "../../core/context.ts";
import { hasLayer } from "../../core/layers.ts";
import { parsePlan } from "../../ground/plan.ts";
import { openStore } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { addRaster, loadElevation, loadRaster, RasterFileError } from "../../layers/rasters.ts";
import { describeRaster, rastersOf } from "../../ground/rasters.ts";
import { gridToTiff, housePlan, orthophotoTiff, tiltedPlane } from "../../fixtures/site/dems.ts";

const DEM = sharedData("dem/terra_elev_vinschgau.tif");

Deno.test("addRaster: attaches by reference to a scan's own site, with a checksum", async () => {
  const store = openStore(":memory:");
  const { site, entry, warnings } = await addRaster(store, "demo", DEM, "elevation", {
    builtins: BUILTIN_SCANS,
  });
  // The Vinschgau DEM does not reach Berlin: attached, with a warning.
  assertEquals(warnings.length, 1);
  assertMatch(warnings[0], /does not cover the site's position \(52\.52, 13\.405\)/);
  assertEquals([site.id, site.scan, site.lat, site.lon, site.north_deg], [
    "scan-demo",
    "demo",
    52.52,
    13.405,
    15,
  ]);
  const sha = createHash("sha256").update(await Deno.readFile(DEM)).digest("hex");
  assertEquals(entry.sha256, sha);
  assertEquals([entry.path, entry.crs, entry.width, entry.height], [DEM, "EPSG:32632", 252, 194]);
  assertEquals([entry.resolution, entry.resolution_unit], [[250, 250], "m"]);
  // The scan's site now has the elevation layer; attaching again replaces, not duplicates.
  const info = resolveSite({ store, builtins: BUILTIN_SCANS }, "demo")!;
  assert.ok(hasLayer("site.elevation", undefined, info));
  assert.ok(!hasLayer("site.imagery", undefined, info));
  await addRaster(store, "demo", DEM, "elevation", { builtins: BUILTIN_SCANS });
  assertEquals(rastersOf(store.getSite("scan-demo"), "elevation").length, 1);
  assertMatch(
    describeRaster(entry),
    /elevation raster terra_elev_vinschgau\.tif \(EPSG:32632, 250 m × 250 m cells, 252 × 194/,
  );
  const grid = await loadElevation(entry);
  assertEquals([grid.width, grid.height], [252, 194]);
  store.close();
});

Deno.test("addRaster: a scan's stored site keeps the location a person gave it", async () => {
  const store = openStore(":memory:");
  store.putSite({ id: "mine", lat: 46.63, lon: 10.65, north_deg: 5, scan: "demo", record: {} });
  const { site, warnings } = await addRaster(store, "demo", DEM, "elevation", {
    builtins: BUILTIN_SCANS,
  });
  // Attached to that record, which still says where the building is: the DEM covers it.
  assertEquals([site.id, site.lat, site.lon, site.north_deg], ["mine", 46.63, 10.65, 5]);
  assertEquals(warnings, []);
  assertEquals(store.listSites().map((s) => s.id), ["mine"]);
  const info = resolveSite({ store, builtins: BUILTIN_SCANS }, "demo")!;
  assertEquals([info.lat, info.lon, rastersOf(info, "elevation").length], [46.63, 10.65, 1]);
  // A scan without a stored site gets one that follows its plan.
  const other = openStore(":memory:");
  const made = await addRaster(other, "demo", DEM, "elevation", { builtins: BUILTIN_SCANS });
  assertEquals([made.site.id, made.site.record.located_by], ["scan-demo", "plan"]);
  store.close();
  other.close();
});

Deno.test("addRaster: coordinates make a stored site; a relative path is made absolute", async () => {
  const store = openStore(":memory:");
  const dir = await Deno.makeTempDir({ prefix: "rasters_" });
  const img = join(dir, "ortho.tif");
  await Deno.writeFile(img, await orthophotoTiff(() => true, { half_m: 10 }));
  const cwd = Deno.cwd();
  Deno.chdir(dir);
  try {
    const a = await addRaster(store, "52.52, 13.405", "ortho.tif", "imagery");
    assertEquals(a.site.id, "site-52.52000_13.40500");
    assertEquals(a.entry.path, img);
    assertEquals([a.entry.bands, a.entry.sample_type], [3, "uint8"]);
    const b = await addRaster(store, "52.52,13.405", DEM, "elevation");
    assertEquals(b.site.id, a.site.id, "the same coordinates reuse the site");
    const rec = store.getSite(a.site.id)!;
    assertEquals(rastersOf(rec, "imagery").length, 1);
    assertEquals(rastersOf(rec, "elevation").length, 1);
  } finally {
    Deno.chdir(cwd);
  }
  store.close();
});

Deno.test("addRaster: bad input names the input", async () => {
  const store = openStore(":memory:");
  const dir = await Deno.makeTempDir({ prefix: "rasters_" });
  const notTiff = join(dir, "x.tif");
  await Deno.writeTextFile(notTiff, "hello");
  // Each case runs only when awaited: a rejection made early would be unhandled meanwhile.
  const cases: [() => Promise<unknown>, string, string][] = [
    [
      () => addRaster(store, "demo", DEM, "lidar", { builtins: BUILTIN_SCANS }),
      "kind",
      "raster.unknown_kind",
    ],
    [
      () =>
        addRaster(store, "demo", join(dir, "nope.tif"), "elevation", { builtins: BUILTIN_SCANS }),
      "file",
      "file.unreadable",
    ],
    [
      () => addRaster(store, "demo", notTiff, "elevation", { builtins: BUILTIN_SCANS }),
      "file",
      "raster.not_geotiff",
    ],
    [
      () => addRaster(store, "demo", DEM, "imagery", { builtins: BUILTIN_SCANS }),
      "file",
      "raster.too_few_bands",
    ],
    [() => addRaster(store, "nowhere", DEM, "elevation"), "place", "place.unknown"],
  ];
  const bare = housePlan();
  delete bare.site;
  cases.push([
    () => addRaster(store, "bare", DEM, "elevation", { plans: { bare: parsePlan(bare) } }),
    "place",
    "place.no_site",
  ]);
  for (const [p, input, code] of cases) {
    const e = await rejectedBy(p, InputError);
    assertEquals([e.input, e.code], [input, code]);
  }
  // An unknown projection is accepted with a warning (tools then say why they cannot use it).
  const odd = join(dir, "odd.tif");
  await Deno.writeFile(odd, await gridToTiff(tiltedPlane(4, 4, 0.1), 32767));
  const { warnings, entry } = await addRaster(store, "1,1", odd, "elevation");
  assertEquals(entry.crs, "unknown");
  assertMatch(warnings[0], /unknown projection/);
  store.close();
});

Deno.test("loadRaster: a changed or missing file is an error naming it", async () => {
  const store = openStore(":memory:");
  const dir = await Deno.makeTempDir({ prefix: "rasters_" });
  const file = join(dir, "dem.tif");
  await Deno.writeFile(file, await gridToTiff(tiltedPlane(4, 4, 0.1), 32633));
  const { entry } = await addRaster(store, "52.5,13.4", file, "elevation");
  assertEquals((await loadRaster(entry)).length, (await Deno.stat(file)).size);
  await Deno.writeFile(file, await gridToTiff(tiltedPlane(4, 4, 0.2), 32633));
  const changed = await rejectedBy(loadRaster(entry), RasterFileError);
  assertEquals([changed.code, changed.file, changed.data.attached_sha256], [
    "raster.changed",
    file,
    entry.sha256,
  ]);
  assertEquals(
    changed.data.sha256,
    createHash("sha256").update(await Deno.readFile(file)).digest("hex"),
  );
  await Deno.remove(file);
  const gone = await rejectedBy(loadRaster(entry), RasterFileError);
  assertEquals([gone.code, gone.file, gone.data.denied], ["raster.unreadable", file, false]);
  store.close();
});

Deno.test("loadRaster: a process that may not read the raster's folder says which --root to add", async () => {
  const dir = await Deno.makeTempDir({ prefix: "rasters_" });
  const file = join(dir, "dem.tif");
  await Deno.writeFile(file, await gridToTiff(tiltedPlane(4, 4, 0.1), 32633));
  // A Deno that may read the project only, as the confined MCP server reads its own folders
  // (the script comes on stdin: `deno eval` would have every permission).
  const root = fileURLToPath(new URL("../../", import.meta.url)).replace(/[\\/]$/, "");
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      `--allow-read=${root}`,
      "--no-prompt",
      `--config=${join(root, "deno.json")}`,
      "-",
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(
    `import { loadRaster } from ${
      JSON.stringify(pathToFileURL(join(root, "layers/rasters.ts")).href)
    };
    try { await loadRaster({ path: ${JSON.stringify(file)}, sha256: "x" } as any); }
    catch (e) { const { code, data } = e as { code: string; data: unknown };
      console.log(JSON.stringify({ code, data })); }`,
  ));
  await w.close();
  const out = await child.output();
  const text = new TextDecoder().decode(out.stdout);
  assertEquals(JSON.parse(text), {
    code: "raster.unreadable",
    data: { file, denied: true, folder: dir },
  });
});
