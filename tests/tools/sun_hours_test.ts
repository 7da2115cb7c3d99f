/**
 * sun_hours on hand-made plans (fixtures/sun/) with answers worked by hand, on the demo building,
 * and on a plan without a site. The hand answers use the spherical triangle of the sun at
 * declination δ ≈ 0 (the March equinox, 2025-03-20 09:01 UT: δ ≈ +0.05° at noon on 20 March):
 * the sun is due east or west when cos H = tan δ / tan φ (H = ±89.95° at 45°N), apparent sunrise
 * when the centre is ~0.57° below the geometric horizon: cos H0 = (sin(−0.57°) − sin φ sin δ) /
 * (cos φ cos δ), H0 = 90.86° at 45°N, i.e. 6.057 h from sunrise to noon.
 */
import { InputError } from "../../ground/errors.ts";
import { manifestJson } from "../../core/manifest.ts";
import { openStore } from "../../core/store.ts";
import { parsePlanText } from "../../ground/plan.ts";
import type { ToolResult } from "../../core/result.ts";
import { runTool } from "../../core/run.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { sunPathPng } from "../../render/sunpath.ts";
import { chartSvg } from "../../render/charts.ts";
import sunHours from "../../tools/sun_hours/mod.ts";
import { assertEquals, assertOk, assertRejects } from "../_assert.ts";
import { fixture } from "../_data.ts";
import { join } from "node:path";
import { addRaster } from "../../layers/rasters.ts";
import { gridAroundSite, gridToTiff } from "../../fixtures/site/dems.ts";
import { RUN_IO } from "../../layers/io.ts";

const near = (a: number, e: number, tol: number, what: string) =>
  assertOk(Math.abs(a - e) <= tol, `${what}: ${a} vs ${e} (±${tol})`);

function load(name: string) {
  const loaded = parsePlanText(Deno.readTextFileSync(fixture(`sun/${name}.json`)), name);
  return { [loaded.plan.id]: loaded };
}

async function run(name: string, set: Record<string, unknown> = {}): Promise<ToolResult> {
  const plans = load(name);
  const out = await runTool(sunHours, {
    ...RUN_IO,
    plans,
    set: { scan: Object.keys(plans)[0], ...set },
  });
  if (out.status !== "done") throw new Error(`sun_hours asked: ${JSON.stringify(out)}`);
  return out.result;
}

interface WindowData {
  id: string;
  facing_deg: number;
  day_h: number;
  year_h: number;
  monthly_h: number[];
  lost_year_h: { behind_wall: number; horizon: number; building: number };
}
const windows = (r: ToolResult) => r.data!.windows as WindowData[];
const win = (r: ToolResult, id: string) => windows(r).find((w) => w.id === id)!;
const metric = (r: ToolResult, id: string) => r.metrics.find((m) => m.id === id)!.value as number;

Deno.test("a square room at 45°N on the March equinox: the hours each facing gets, by hand", async () => {
  const r = await run("box45", { date: "2025-03-20" });
  assertEquals(r.verdict.status, "pass");
  const s = win(r, "w_s"), e = win(r, "w_e"), n = win(r, "w_n"), w = win(r, "w_w");
  assertEquals([s.facing_deg, e.facing_deg, n.facing_deg, w.facing_deg], [180, 90, 0, 270]);
  // South: in front while the sun is south of the east–west line, |H| < 89.95°: 11.99 h.
  near(s.day_h, 11.99, 0.05, "south window");
  // East: apparent sunrise to noon, H0/15 = 90.86/15 = 6.06 h; west: noon to sunset.
  near(e.day_h, 6.06, 0.05, "east window");
  near(w.day_h, 6.06, 0.05, "west window");
  // North: only between apparent sunrise (H = −90.86°) and due east (H = −89.95°), and the
  // mirror at sunset: 2 × 0.91° / 15 = 0.12 h.
  near(n.day_h, 0.12, 0.05, "north window");
  // The room sees sun whenever it is up: the day length, 2 × 90.86° / 15 = 12.11 h.
  const room = (r.data!.rooms as { id: string; day_h: number; best_window: string }[])[0];
  near(room.day_h, 12.11, 0.05, "room (any window)");
  assertEquals(room.best_window, "w_s");
  near(metric(r, "sun_up_day_h"), 12.11, 0.05, "sun above the horizon");
  // Opposite facings split the sun-up hours between them with nothing lost to the building.
  for (const x of windows(r)) assertEquals(x.lost_year_h.building, 0);
  near(e.day_h + w.day_h, room.day_h, 0.02, "east + west = the whole day");
  // EN 17037 (default): the living room passes the 1.5 h minimum by far.
  assertEquals(r.checks[0].status, "pass");
  assertEquals(r.checks[0].rule?.unverified, true);
});

Deno.test("a north-facing window at 52°N gets no sun in winter, and the plan's north_deg turns it", async () => {
  const dec = await run("north52", { date: "2025-12-21" });
  const w = win(dec, "w_north");
  assertEquals(w.facing_deg, 0); // plan west wall, north_deg 90
  assertEquals(w.day_h, 0);
  // With δ < 0 the whole month (November to February) the sun rises and sets south of the
  // east–west line, so a north window gets no direct sun at all.
  for (const m of [0, 1, 10, 11]) assertEquals(w.monthly_h[m], 0, `month ${m + 1}`);
  assertOk(w.monthly_h[5] > 0, "June mornings and evenings reach a north window");
  // EN 17037: the only habitable room has no sun on the day: fail, with a finding.
  assertEquals(dec.verdict.status, "fail");
  assertOk(dec.findings.some((f) => f.id === "sun_hours:dwelling:sun-north52:en17037"));
  assertOk(dec.findings.some((f) => f.id === "sun_hours:window:w_north"));
});

Deno.test("the building's own tower wing shades a window in a re-entrant corner", async () => {
  const r = await run("lcorner45", { date: "2025-03-20" });
  const w = win(r, "w_corner");
  // The tower's west face is 0.5 m east of the window and reaches 6 m south: every sun ray with
  // azimuth between 90° and 180° − atan(0.5 / 6) = 175.24° hits it (it is 20 m high, the window
  // centre 1.5 m). At δ ≈ 0 and 45°N the sun is at 175.24° when tan H = sin φ · tan 4.76°,
  // H = −3.37° (0.22 h before noon); it leaves the front of the wall when it crosses due west,
  // H = +89.95° (5.997 h after noon): 6.22 h in all.
  near(w.day_h, 6.22, 0.05, "shaded corner window");
  assertOk(w.lost_year_h.building > 500, "the tower takes hundreds of hours a year");
  assertOk(r.findings.some((f) => f.id === "sun_hours:shade:w_corner"));
  // Without self-shading it is a plain south window: 11.99 h as in the square room.
  const open = await run("lcorner45", { date: "2025-03-20", self_shading: false });
  near(win(open, "w_corner").day_h, 11.99, 0.05, "unshaded");
});

Deno.test("a horizon profile hides the sun below it", async () => {
  // A 60° skyline all round: the equinox sun at 45°N culminates at 45°, so no hour counts.
  const ring = [0, 90, 180, 270].map((a) => ({ azimuth_deg: a, elevation_deg: 60 }));
  const r = await run("box45", { date: "2025-03-20", horizon: ring });
  for (const w of windows(r)) assertEquals(w.day_h, 0, w.id);
  assertEquals(r.verdict.status, "fail");
  // A 20° skyline: the sun is above 20° while sin e > sin 20°, i.e. cos H > sin20/cos45 (δ ≈ 0):
  // |H| < 61.05°, 8.14 h; the south window sees all of it.
  const low = await run("box45", {
    date: "2025-03-20",
    horizon: [0, 120, 240].map((a) => ({ azimuth_deg: a, elevation_deg: 20 })),
  });
  near(win(low, "w_s").day_h, 8.14, 0.05, "south window above a 20° skyline");
  assertOk(win(low, "w_s").lost_year_h.horizon > 0);
});

Deno.test("a terrain skyline traced on the site's elevation raster hides the sun like a given one", async () => {
  // A ring of ground 2 km round the 45°N box, high enough to stand 20° above a ground-floor
  // window's centre (1.5 m): 2000·tan 20° + 1.5 + (1 − 0.13)·2000²/2R = 729.71 m. The south
  // window should then see the 8.14 h of the 20° profile above (the ring's inner edge is
  // blurred by a cell, i.e. within 0.15° of 20°: about ±0.03 h).
  const plans = load("box45");
  const sid = Object.keys(plans)[0];
  const site = plans[sid].plan.site!;
  const { grid } = gridAroundSite(([x, y]) => (Math.hypot(x, y) >= 2000 ? 829.71 : 100), {
    site,
    // Degree cells: 15 m along the meridian, 10.6 m along the parallel; ±3 km north–south
    // reaches ±2.1 km east–west, past the ring.
    half_m: 3000,
    cell_m: 15,
    geographic: true,
  });
  const dir = await Deno.makeTempDir({ prefix: "sun_dem_" });
  const dem = join(dir, "ring.tif");
  await Deno.writeFile(dem, await gridToTiff(grid, 4326, { geographic: true }));
  const store = openStore(":memory:");
  await addRaster(store, sid, dem, "elevation", { plans });
  const go = async (set: Record<string, unknown>) => {
    const out = await runTool(sunHours, {
      ...RUN_IO,
      store,
      plans,
      set: { scan: sid, date: "2025-03-20", ...set },
    });
    if (out.status !== "done") throw new Error(JSON.stringify(out));
    return out.result;
  };
  const r = await go({});
  near(win(r, "w_s").day_h, 8.14, 0.06, "south window inside a 20° ring of hills");
  assertOk(win(r, "w_s").lost_year_h.horizon > 0);
  const said = r.assumptions.find((a) => /skyline traced on/.test(a.text))!;
  assertEquals(said.input, "terrain_horizon_m");
  assertOk(/traced on the elevation raster ring\.tif \(EPSG:4326/.test(said.text), said.text);
  // Turned off, or cut short of the ring, the horizon is flat again: the equinox's full day.
  const flat = await go({ terrain_horizon_m: 0 });
  const short = await go({ terrain_horizon_m: 1500 });
  assertOk(win(flat, "w_s").day_h > 11.9, `${win(flat, "w_s").day_h}`);
  assertEquals(win(short, "w_s").day_h, win(flat, "w_s").day_h);
  assertEquals(win(flat, "w_s").lost_year_h.horizon, 0);
  store.close();
});

Deno.test("the year profile: months add up, the step is an input, BRE BR 209 marks its values unverified", async () => {
  const hourly = await run("box45", { standard: "bre209" });
  const s = win(hourly, "w_s");
  near(s.monthly_h.reduce((a, b) => a + b, 0), s.year_h, 0.6, "months sum to the year");
  // BR 209 applies to windows within 90° of due south: only w_s (east and west are at 90°).
  assertEquals(hourly.checks.map((c) => c.id).sort(), ["bre209:annual:w_s", "bre209:winter:w_s"]);
  for (const c of hourly.checks) {
    assertEquals(c.rule?.unverified, true);
    assertEquals(c.status, "pass");
  }
  const half = await run("box45", { standard: "bre209", step_min: 30 });
  near(win(half, "w_s").year_h, s.year_h, 0.01 * s.year_h, "30 min and 60 min agree within 1 %");
  assertEquals(hourly.inputs.step_min, { value: 60, from: "default" });
});

Deno.test("the demo building: every window to the outside gets hours, a chart and overlays", async () => {
  const out = await runTool(sunHours, {
    ...RUN_IO,
    builtins: BUILTIN_SCANS,
    set: { scan: "demo" },
  });
  assertEquals(out.status, "done");
  const r = (out as { result: ToolResult }).result;
  assertEquals(windows(r).length, 11);
  // The plan's +y is 15° east of north, so its south wall faces 195° and its north wall 15°.
  assertEquals(win(r, "w_living_s").facing_deg, 195);
  assertEquals(win(r, "w_kitchen_n").facing_deg, 15);
  assertOk(win(r, "w_living_s").year_h > 2 * win(r, "w_kitchen_n").year_h);
  for (const w of windows(r)) assertOk(w.day_h >= 0 && w.year_h > 0, w.id);
  assertOk(r.overlays.some((o) => o.id === "window:w_living_s" && o.kind === "arrow"));
  // The chart is data (the tool draws nothing); render/ draws it.
  const chart = r.data!.charts!.sunpath;
  assertEquals(chart.kind, "sunpath");
  assertEquals(chart.days.length, 8, "21 Dec … 21 Jun and the chosen day");
  assertEquals(chart.windows?.length, 11);
  const svg = chartSvg(chart);
  assertOk(svg.startsWith("<svg") && svg.includes('class="day"'), "an SVG sun-path chart");
  const png = await sunPathPng(svg);
  assertEquals([...png.slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assertOk(r.verdict.text.length > 0);
});

Deno.test("a plan without a site is unknown with a sentence; a bad date is an error naming it", async () => {
  const r = await run("nosite");
  assertEquals(r.verdict.status, "unknown");
  assertEquals(r.verdict.code, "run.missing_layer");
  await assertRejects(() => run("box45", { date: "2025-02-30" }), (e: Error) => {
    assertOk(e instanceof InputError && e.input === "date", String(e));
    return true;
  });
  await assertRejects(() => run("box45", { date: "21/03/2025" }), InputError);
});

Deno.test("date and step come from saved preferences before the defaults; only the scan is required", async () => {
  const schema = manifestJson(sunHours).inputs as { required: string[] };
  assertEquals(schema.required, ["scan"]);
  const store = openStore(":memory:");
  try {
    store.setPref("sun.date", "2025-12-21");
    store.setPref("sun.step_min", 30);
    const out = await runTool(sunHours, {
      ...RUN_IO,
      store,
      plans: load("north52"),
      set: { scan: "sun-north52" },
      persist: false,
    });
    const r = (out as { result: ToolResult }).result;
    assertEquals(r.inputs.date, { value: "2025-12-21", from: "preference" });
    assertEquals(r.inputs.step_min, { value: 30, from: "preference" });
    assertEquals(win(r, "w_north").day_h, 0);
  } finally {
    store.close();
  }
});
