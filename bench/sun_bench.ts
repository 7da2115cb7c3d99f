/**
 * Sun benchmarks, each group against a named baseline in the same run (deno bench reports the
 * ratios):
 * - 8,760 hourly positions at Berlin over 2025: NREL SPA (baseline) vs SPA's batch path from
 *   before issue 29 (bench/_sun_batch_reference.ts) vs the fast Meeus method vs npm:suncalc
 *   1.9.0 (issue 29's goal: SPA ≤ 1.0× suncalc; bench/sun_figures.ts alternates the two). The accuracy of the fast method and of SunCalc against SPA over the same
 *   instants is printed once at load (angular distance on the sky, degrees), with the largest
 *   difference between SPA's batch path and SPA instant by instant.
 * - The same 8,760 SPA positions: the batch path (baseline) vs SPA instant by instant (spaAt).
 * - sun_hours for 100 windows over a year at 1 h: without self-shading (baseline) vs with the
 *   building's 50 rooms as obstructions, through runTool on a generated saw-tooth terrace; and
 *   the same terrace in the Vinschgau with the terrain skyline traced on the real 250 m DEM
 *   out to 30 km (reading and checking the GeoTIFF included).
 * Run: deno bench -A bench/sun_bench.ts
 */
import SunCalc from "suncalc";
import { parsePlan } from "../ground/plan.ts";
import { runTool } from "../core/run.ts";
import { openStore } from "../core/store.ts";
import { addRaster } from "../layers/rasters.ts";
import { fileURLToPath } from "node:url";
import {
  deltaT_s,
  julianDay,
  spaAt,
  sunSeriesMeeus,
  sunSeriesSpa,
  unixMsFromJulianDay,
} from "../engines/geometry/sun/mod.ts";
import sunHours from "../tools/sun_hours/mod.ts";
import { RUN_IO } from "../layers/io.ts";
import { ran } from "./_done.ts";
import { sunSeriesSpaReference } from "./_sun_batch_reference.ts";

const LAT = 52.52, LON = 13.405;
const DT = deltaT_s(2025, 6);
const jd0 = julianDay(2025, 1, 1);
const JDS = new Float64Array(8760);
for (let i = 0; i < JDS.length; i++) JDS[i] = jd0 + (i + 0.5) / 24;
const DATES = Array.from(JDS, (jd) => new Date(unixMsFromJulianDay(jd)));
const SITE = { latitude_deg: LAT, longitude_deg: LON };

/** Angle between two sky directions (azimuth east of north, elevation), degrees. */
function skyAngle(az1: number, el1: number, az2: number, el2: number): number {
  const r = Math.PI / 180;
  const c = Math.sin(el1 * r) * Math.sin(el2 * r) +
    Math.cos(el1 * r) * Math.cos(el2 * r) * Math.cos((az1 - az2) * r);
  return Math.acos(Math.min(1, c)) / r;
}

{
  let fastMax = 0, calcMax = 0, calcSum = 0, batchMax = 0;
  const fast = sunSeriesMeeus(JDS, LAT, LON, { delta_t_s: DT });
  const batch = sunSeriesSpa(JDS, SITE, DT);
  for (let i = 0; i < JDS.length; i++) {
    const s = spaAt(JDS[i], DT, SITE);
    batchMax = Math.max(
      batchMax,
      Math.abs(batch.elevation_deg[i] - s.e_deg),
      Math.abs(batch.azimuth_deg[i] - s.azimuth_deg),
    );
    const f = fast;
    // Compare refracted positions for the fast method (same refraction model) ...
    fastMax = Math.max(
      fastMax,
      skyAngle(s.azimuth_deg, s.e_deg, f.azimuth_deg[i], f.elevation_deg[i]),
    );
    // ... and SunCalc's unrefracted altitude with SPA's e0 (SunCalc azimuth: from south, west +).
    const p = SunCalc.getPosition(DATES[i], LAT, LON);
    const d = skyAngle(
      s.azimuth_deg,
      s.e0_deg,
      p.azimuth * 180 / Math.PI + 180,
      p.altitude * 180 / Math.PI,
    );
    calcMax = Math.max(calcMax, d);
    calcSum += d;
  }
  console.log(
    `sun accuracy vs SPA over 8,760 hourly instants at ${LAT}, ${LON} (2025): fast method max ${
      fastMax.toFixed(4)
    }°, suncalc 1.9.0 max ${calcMax.toFixed(3)}° (mean ${
      (calcSum / JDS.length).toFixed(3)
    }°); SPA batch path vs SPA instant by instant: max ${batchMax.toExponential(1)}°`,
  );
}

Deno.bench({
  name: "SPA, 8,760 hourly positions",
  group: "sun positions (a year, hourly)",
  baseline: true,
  fn() {
    sunSeriesSpa(JDS, SITE, DT);
  },
});

Deno.bench({
  name: "SPA before issue 29 (every term stepped at every instant), 8,760 hourly positions",
  group: "sun positions (a year, hourly)",
  fn() {
    sunSeriesSpaReference(JDS, SITE, DT);
  },
});

Deno.bench({
  name: "fast (Meeus low precision), 8,760 hourly positions",
  group: "sun positions (a year, hourly)",
  fn() {
    sunSeriesMeeus(JDS, LAT, LON, { delta_t_s: DT });
  },
});

let sink = 0;
Deno.bench({
  name: "suncalc 1.9.0, 8,760 hourly positions",
  group: "sun positions (a year, hourly)",
  fn() {
    for (const d of DATES) sink += SunCalc.getPosition(d, LAT, LON).altitude;
  },
});

// A machine-speed yardstick: SPA's batch path costs about 8 trigonometric calls and 260 complex
// multiplications (the Earth and nutation terms by recurrence) a position, so its ratio to this
// entry carries across machines.
Deno.bench({
  name: "yardstick: 8,760 × 40 Math.cos",
  group: "sun positions (a year, hourly)",
  fn() {
    for (let i = 0; i < JDS.length; i++) {
      for (let k = 0; k < 40; k++) sink += Math.cos(JDS[i] * k);
    }
  },
});

Deno.bench({
  name: "SPA batch path (sunSeriesSpa), 8,760 hourly positions",
  group: "SPA batch vs instant by instant (a year, hourly)",
  baseline: true,
  fn() {
    sunSeriesSpa(JDS, SITE, DT);
  },
});

Deno.bench({
  name: "SPA instant by instant (spaAt), 8,760 hourly positions",
  group: "SPA batch vs instant by instant (a year, hourly)",
  fn() {
    for (let i = 0; i < JDS.length; i++) sink += spaAt(JDS[i], DT, SITE).e_deg;
  },
});

/**
 * A saw-tooth terrace of 50 rooms (4 m × 6 m) in a row, every other one stepped 2 m forward, a
 * window front and back: 100 windows, each recessed one flanked by its neighbours.
 */
function terrace(lat = LAT, lon = LON) {
  const rooms = [], openings = [];
  for (let i = 0; i < 50; i++) {
    const x = i * 4, off = (i % 2) * 2;
    rooms.push({
      id: `r${i}`,
      floor: "f0",
      label: "living",
      polygon: [[x, off], [x + 4, off], [x + 4, 6 + off], [x, 6 + off]],
      height_m: 2.6,
    });
    openings.push(
      {
        id: `w${i}s`,
        kind: "window",
        floor: "f0",
        between: [`r${i}`, null],
        at: [x + 2, off],
        width_m: 1.2,
      },
      {
        id: `w${i}n`,
        kind: "window",
        floor: "f0",
        between: [`r${i}`, null],
        at: [x + 2, 6 + off],
        width_m: 1.2,
      },
    );
  }
  return parsePlan({
    id: "terrace",
    site: { lat, lon, north_deg: 20 },
    floors: [{ id: "f0", index: 0, elevation_m: 0 }],
    rooms,
    openings,
  });
}
const PLANS = { terrace: terrace() };
// The terrace on the Vinschgau valley floor, its site holding the real DEM.
const ALPS = { terrace: terrace(46.63, 10.65) };
const STORE = openStore(":memory:");
await addRaster(
  STORE,
  "terrace",
  fileURLToPath(new URL("../../shared/data/dem/terra_elev_vinschgau.tif", import.meta.url)),
  "elevation",
  { plans: ALPS },
);

Deno.bench({
  name: "sun_hours, 100 windows, a year at 1 h, no self-shading",
  group: "sun_hours (100 windows, a year at 1 h)",
  baseline: true,
  async fn() {
    await ran(
      runTool(sunHours, { ...RUN_IO, plans: PLANS, set: { scan: "terrace", self_shading: false } }),
      "sun_hours without self-shading",
    );
  },
});

Deno.bench({
  name: "sun_hours, 100 windows, a year at 1 h, 50 rooms as obstructions",
  group: "sun_hours (100 windows, a year at 1 h)",
  async fn() {
    await ran(
      runTool(sunHours, { ...RUN_IO, plans: PLANS, set: { scan: "terrace" } }),
      "sun_hours",
    );
  },
});

Deno.bench({
  name: "sun_hours, 100 windows, a year at 1 h, 50 rooms, terrain skyline on a DEM",
  group: "sun_hours (100 windows, a year at 1 h)",
  async fn() {
    await runTool(sunHours, { ...RUN_IO, store: STORE, plans: ALPS, set: { scan: "terrace" } });
  },
});
