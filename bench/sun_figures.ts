/**
 * SPA over 8,760 hourly positions (Berlin, 2025) against npm:suncalc 1.9.0 (the baseline of
 * issue 29's goal, ≤ 1.0×) and against the batch path from before issue 29
 * (bench/_sun_batch_reference.ts), cases alternated round by round in one process, medians of
 * the wall clock and of the process's CPU time, and the largest difference of each SPA path
 * from SPA instant by instant (spaAt), degrees.
 *
 * ```sh
 * deno run -A bench/sun_figures.ts [rounds=41]
 * ```
 */
import SunCalc from "suncalc";
import { cpuUsage } from "node:process";
import {
  deltaT_s,
  julianDay,
  spaAt,
  sunSeriesSpa,
  unixMsFromJulianDay,
} from "../engines/geometry/sun/mod.ts";
import { sunSeriesSpaReference } from "./_sun_batch_reference.ts";

const rounds = Number(Deno.args[0] ?? 41);
const LAT = 52.52, LON = 13.405, DT = deltaT_s(2025, 6);
const SITE = { latitude_deg: LAT, longitude_deg: LON };
const jd0 = julianDay(2025, 1, 1);
const JDS = Float64Array.from({ length: 8760 }, (_, i) => jd0 + (i + 0.5) / 24);
const DATES = Array.from(JDS, (jd) => new Date(unixMsFromJulianDay(jd)));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function worstVsSpaAt(s: { elevation_deg: Float64Array; azimuth_deg: Float64Array }): number {
  let worst = 0;
  JDS.forEach((jd, i) => {
    const r = spaAt(jd, DT, SITE);
    const dAz = Math.abs(s.azimuth_deg[i] - r.azimuth_deg);
    worst = Math.max(worst, Math.abs(s.elevation_deg[i] - r.e_deg), Math.min(dAz, 360 - dAz));
  });
  return worst;
}
console.log(
  `largest difference from spaAt: SPA batch ${
    worstVsSpaAt(sunSeriesSpa(JDS, SITE, DT)).toExponential(1)
  }°, before issue 29 ${worstVsSpaAt(sunSeriesSpaReference(JDS, SITE, DT)).toExponential(1)}°`,
);

let sink = 0;
const cases: Record<string, () => void> = {
  "suncalc 1.9.0": () => {
    for (const d of DATES) sink += SunCalc.getPosition(d, LAT, LON).altitude;
  },
  "SPA (sunSeriesSpa)": () => void sunSeriesSpa(JDS, SITE, DT),
  "SPA before issue 29": () => void sunSeriesSpaReference(JDS, SITE, DT),
};
const ms: Record<string, number[]> = {}, cpu: Record<string, number[]> = {};
for (let r = 0; r < 5; r++) for (const k in cases) cases[k]();
console.log(`${rounds} rounds; load ${Deno.loadavg().join(" ")}`);
for (let r = 0; r < rounds; r++) {
  for (const k in cases) {
    const c0 = cpuUsage(), t0 = performance.now();
    cases[k]();
    (ms[k] ??= []).push(performance.now() - t0);
    const c1 = cpuUsage(c0);
    (cpu[k] ??= []).push((c1.user + c1.system) / 1000);
  }
}
const base = median(ms["suncalc 1.9.0"]), baseCpu = median(cpu["suncalc 1.9.0"]);
console.log("case | median wall ms | × suncalc | median CPU ms | × suncalc (CPU)");
for (const k in ms) {
  const m = median(ms[k]), c = median(cpu[k]);
  console.log(
    `${k} | ${m.toFixed(2)} | ${(m / base).toFixed(2)}× | ${c.toFixed(2)} | ${
      (c / baseCpu).toFixed(2)
    }×`,
  );
}
console.log(`load after: ${Deno.loadavg().join(" ")}${sink ? "" : " "}`);
