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
import {
  deltaT_s,
  julianDay,
  spaAt,
  sunSeriesSpa,
  unixMsFromJulianDay,
} from "../engines/geometry/sun/mod.ts";
import { sunSeriesSpaReference } from "./_sun_batch_reference.ts";
import { alternate, printRatios } from "./_alternate.ts";

const rounds = Number(Deno.args[0] ?? 41);
const LAT = 52.52, LON = 13.405, DT = deltaT_s(2025, 6);
const SITE = { latitude_deg: LAT, longitude_deg: LON };
const jd0 = julianDay(2025, 1, 1);
const JDS = Float64Array.from({ length: 8760 }, (_, i) => jd0 + (i + 0.5) / 24);
const DATES = Array.from(JDS, (jd) => new Date(unixMsFromJulianDay(jd)));

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
console.log(`${rounds} rounds; load ${Deno.loadavg().join(" ")}`);
const t = await alternate(cases, rounds, { warmup: 5 });
printRatios(t, "suncalc 1.9.0", {
  header: "case | median wall ms | × suncalc | median CPU ms | × suncalc (CPU)",
});
console.log(`load after: ${Deno.loadavg().join(" ")}${sink ? "" : " "}`);
