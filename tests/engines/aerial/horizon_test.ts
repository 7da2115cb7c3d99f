/**
 * The terrain skyline (engines/aerial/horizon.ts): a hand-made ridge with its angle worked by
 * hand, the grid's convergence turning it, nodata and the grid's edge, and the real Vinschgau
 * DEM against an independent computation over every cell.
 */
import { assert, assertEquals } from "../../_assert.ts";
import { sharedData } from "../../_data.ts";
import type { Grid } from "../../../ground/grid.ts";
import { readGeoTiff } from "../../../engines/aerial/geotiff.ts";
import { EARTH_RADIUS_M, REFRACTION_K, terrainHorizon } from "../../../engines/aerial/horizon.ts";
import { gridNorthAzimuth_deg, transformPoints } from "../../../engines/aerial/reproject.ts";
import { bilinear } from "../../../ground/grid.ts";

const DEG = 180 / Math.PI;

/**
 * 10 m cells, 401 × 401 (±2,005 m around the centre cell's centre at (0, 0)), ground 100 m,
 * and a ridge 100 m high in the rows 1,000–1,200 m north of the centre.
 */
function ridgeGrid(): Grid {
  const w = 401, h = 401, cell = 10;
  const data = new Float64Array(w * h).fill(100);
  for (let r = 0; r < h; r++) {
    const y = (200 - r) * cell; // the centre's row is 200
    if (y >= 1000 && y <= 1200) data.fill(200, r * w, r * w + w);
  }
  return { width: w, height: h, data, transform: [-2005, cell, 0, 2005, 0, -cell], crs: "local" };
}

const OPTS = {
  observerHeight_m: 1.5,
  minDistance_m: 20,
  maxDistance_m: 5000,
  geographic: false,
  lat_deg: 45,
};

Deno.test("terrain skyline: a ridge 1 km north, 98.5 m above the eye, by hand", () => {
  const sky = terrainHorizon(ridgeGrid(), [0, 0], OPTS)!;
  assertEquals(sky.points.length, 360);
  assertEquals(sky.ground_m, 100);
  assertEquals(sky.step_m, 5);
  // Its nearest full-height point is the row at 1,000 m (sampled exactly: 20 + 196 × 5 m).
  // Curvature with refraction there: (1 − 0.13) · 1000² / (2 · 6,371,000) = 0.0683 m, so
  // atan((200 − 101.5 − 0.0683) / 1000) = 5.6216°.
  const north = sky.points[0].elevation_deg;
  assert.ok(Math.abs(north - 5.6216) < 5e-4, `north ${north}`);
  // Straight along the ridge's normal the ridge looks the same 1° either side, a little lower.
  assert.ok(sky.points[1].elevation_deg < north && sky.points[359].elevation_deg < north);
  assert.ok(Math.abs(sky.points[1].elevation_deg - sky.points[359].elevation_deg) < 1e-9);
  // South over flat ground: the skyline dips below level, lowest seen farthest. The grid's
  // edge is 2,005 m away, the ray's last sample (20 + 397 × 5 m): atan((−1.5 − 0.2745) / 2005).
  const south = sky.points[180].elevation_deg;
  const hand = Math.atan((-1.5 - (1 - REFRACTION_K) * 2005 ** 2 / (2 * EARTH_RADIUS_M)) / 2005) *
    DEG;
  assert.ok(Math.abs(south - hand) < 1e-9, `south ${south} vs ${hand}`);
  assertEquals(sky.reach_m[180], 2005);
});

Deno.test("terrain skyline: grid convergence turns the profile; nodata is skipped; off-grid is undefined", () => {
  const g = ridgeGrid();
  const plain = terrainHorizon(g, [0, 0], OPTS)!;
  // Grid north 10° east of true north: the ridge's normal lies at true azimuth 10°.
  const turned = terrainHorizon(g, [0, 0], { ...OPTS, gridNorth_deg: 10 })!;
  assert.ok(Math.abs(turned.points[10].elevation_deg - plain.points[0].elevation_deg) < 1e-9);
  // A nodata band across the way north (rows 500–600 m) changes nothing there.
  const holed = { ...g, data: g.data.slice() };
  for (let r = 140; r <= 150; r++) holed.data.fill(NaN, r * g.width, r * g.width + g.width);
  const h = terrainHorizon(holed, [0, 0], OPTS)!;
  assert.ok(Math.abs(h.points[0].elevation_deg - plain.points[0].elevation_deg) < 1e-12);
  // A ray with no data at all gives −90°: the ground around the point is one hole.
  const island = { ...g, data: new Float64Array(g.data.length).fill(NaN) };
  island.data[200 * g.width + 200] = 100;
  assertEquals(terrainHorizon(island, [-5, 5], OPTS), undefined);
  const c = 200 * g.width + 200;
  for (const i of [c, c + 1, c + g.width, c + g.width + 1]) island.data[i] = 100;
  const lone = terrainHorizon(island, [5, -5], OPTS)!;
  assert.ok(lone.points.every((p) => p.elevation_deg === -90));
  assertEquals(terrainHorizon(g, [5000, 0], OPTS), undefined);
});

Deno.test("terrain skyline: the real Vinschgau DEM agrees with a cell-by-cell computation", async () => {
  const g = await readGeoTiff(
    await Deno.readFile(sharedData("dem/terra_elev_vinschgau.tif")),
  );
  // A point on the valley floor of the Vinschgau (Val Venosta), the DEM's own CRS UTM 32N.
  const [p] = transformPoints("EPSG:4326", g.crs, [[10.65, 46.63]]);
  const gamma = gridNorthAzimuth_deg(g.crs, p);
  const opts = {
    observerHeight_m: 1.5,
    minDistance_m: 1000,
    maxDistance_m: 30000,
    geographic: false,
    lat_deg: 46.63,
    gridNorth_deg: gamma,
  };
  const sky = terrainHorizon(g, p, opts)!;
  // Independently, from every cell with its own value. `low`: each cell 1–30 km away at its
  // centre, in the degree nearest its azimuth. `high`: a bound the ray can never pass — a
  // bilinear sample is at most the highest of the four cell centres around it, each within
  // one cell diagonal of it, so each cell counts at every distance and azimuth within a
  // diagonal of its centre.
  const eye = bilinear(g, p) + 1.5;
  const low = new Array(360).fill(-Infinity), high = new Array(360).fill(-Infinity);
  const t = g.transform, diag = Math.hypot(t[1], t[5]);
  const angle = (z: number, d: number) =>
    Math.atan((z - eye - (1 - REFRACTION_K) * d * d / (2 * EARTH_RADIUS_M)) / d) * DEG;
  const bin = (a: number) => ((a % 360) + 360) % 360;
  for (let r = 0; r < g.height; r++) {
    for (let c = 0; c < g.width; c++) {
      const z = g.data[r * g.width + c];
      if (Number.isNaN(z)) continue;
      const x = t[0] + (c + 0.5) * t[1], y = t[3] + (r + 0.5) * t[5];
      const d = Math.hypot(x - p[0], y - p[1]);
      if (d < 1000 - diag || d > 30000 + diag) continue;
      const az = Math.atan2(x - p[0], y - p[1]) * DEG + gamma;
      if (d >= 1000 && d <= 30000) {
        const e = angle(z, d), k = bin(Math.round(az));
        if (e > low[k]) low[k] = e;
      }
      const e = Math.max(angle(z, Math.max(1000, d - diag)), angle(z, Math.min(30000, d + diag)));
      const spread = Math.asin(Math.min(1, diag / d)) * DEG;
      for (let a = Math.ceil(az - spread); a <= Math.floor(az + spread); a++) {
        if (e > high[bin(a)]) high[bin(a)] = e;
      }
    }
  }
  let below = 0, above = -Infinity;
  for (let a = 0; a < 360; a++) {
    const e = sky.points[a].elevation_deg;
    below = Math.max(below, low[a] - e);
    above = Math.max(above, e - high[a]);
  }
  // The ray samples every 125 m, so it may pass just beside a peak that `low` holds whole.
  assert.ok(below < 0.5, `the skyline misses ground by up to ${below}°`);
  assert.ok(above <= 1e-9, `the skyline passes the bound by ${above}°`);
  // An east–west alpine valley: mountains to the north and the south rise well above it.
  const max = (a0: number, a1: number) =>
    Math.max(...sky.points.slice(a0, a1).map((q) => q.elevation_deg));
  assert.ok(max(315, 360) > 10 && max(135, 225) > 10, `${max(315, 360)}, ${max(135, 225)}`);
});
