/**
 * engines/geometry/sun/ (spa.ts, batch.ts, meeus.ts, time.ts) against published vectors: NREL/TP-560-34302 Table A4.1 (Julian Day),
 * Table A5.1 (the SPA example, intermediates included), Table A2.1 (sunrise/sunset), pvlib's
 * second-day vector and ΔT values, SunCalc's test vector (conventions only), and the fast
 * method against SPA over a year. Values and sources: shared/reference/rules-and-sun.md §2.
 */
import {
  deltaT_s,
  incidence_deg,
  julianDay,
  julianDayFromUnixMs,
  spa,
  spaAt,
  type SpaSite,
  sunPositionMeeus,
  sunRiseTransitSet,
  sunSeriesMeeus,
  sunSeriesSpa,
  unixMsFromJulianDay,
} from "../../../engines/geometry/sun/mod.ts";
import { assert, assertEquals, assertOk } from "../../_assert.ts";

/**
 * Asserts `actual` equals a value printed with a given number of decimals: within half a unit
 * of the last printed digit (what "matches the printed table" means), times `slack`.
 */
function printed(actual: number, text: string, what: string, slack = 1) {
  const decimals = text.includes(".") ? text.split(".")[1].replace(/e.*$/i, "").length : 0;
  const tol = 0.5 * 10 ** -decimals * slack * (1 + 1e-9);
  const expected = Number(text);
  assertOk(
    Math.abs(actual - expected) <= tol,
    `${what}: ${actual} differs from the printed ${text} by ${
      Math.abs(actual - expected)
    } (tolerance ${tol})`,
  );
}

function near(actual: number, expected: number, tol: number, what: string) {
  assertOk(
    Math.abs(actual - expected) <= tol,
    `${what}: ${actual} vs ${expected} (|Δ| = ${Math.abs(actual - expected)} > ${tol})`,
  );
}

/** Seconds of a day fraction, for rise/set comparisons. */
const sec = (h: number) => h * 3600;
const hms = (h: number, m: number, s: number) => h + m / 60 + s / 3600;

Deno.test("julianDay reproduces Table A4.1 (Gregorian, Julian and negative years)", () => {
  const rows: [number, number, number, number, number, number][] = [
    [2000, 1, 1, 12, 0, 2451545.0],
    [1999, 1, 1, 0, 0, 2451179.5],
    [1987, 1, 27, 0, 0, 2446822.5],
    [1987, 6, 19, 12, 0, 2446966.0],
    [1988, 1, 27, 0, 0, 2447187.5],
    [1988, 6, 19, 12, 0, 2447332.0],
    [1900, 1, 1, 0, 0, 2415020.5],
    [1600, 1, 1, 0, 0, 2305447.5],
    [1600, 12, 31, 0, 0, 2305812.5],
    [837, 4, 10, 7, 12, 2026871.8],
    [-123, 12, 31, 0, 0, 1676496.5],
    [-122, 1, 1, 0, 0, 1676497.5],
    [-1000, 7, 12, 12, 0, 1356001.0],
    [-1000, 2, 29, 0, 0, 1355866.5],
    [-1001, 8, 17, 21, 36, 1355671.4],
    [-4712, 1, 1, 12, 0, 0.0],
  ];
  for (const [y, m, d, h, min, jd] of rows) {
    near(julianDay(y, m, d, h, min), jd, 1e-6, `JD of ${y}-${m}-${d} ${h}:${min}`);
  }
  // Unix epoch round trip.
  assertEquals(julianDayFromUnixMs(0), 2440587.5);
  near(unixMsFromJulianDay(julianDay(2024, 2, 29, 6)), Date.UTC(2024, 1, 29, 6), 1e-3, "unix");
});

const EXAMPLE = {
  year: 2003,
  month: 10,
  day: 17,
  hour: 12,
  minute: 30,
  second: 30,
  timezone_h: -7,
  delta_ut1_s: 0,
  delta_t_s: 67,
  longitude_deg: -105.1786,
  latitude_deg: 39.742476,
  elevation_m: 1830.14,
  pressure_mbar: 820,
  temperature_c: 11,
  slope_deg: 30,
  azm_rotation_deg: -10,
  atmos_refract_deg: 0.5667,
};

Deno.test("SPA reproduces the published example (Table A5.1), intermediates included", () => {
  const r = spa(EXAMPLE);
  printed(r.jd, "2452930.312847", "JD");
  // Earth periodic-term sums (Table A5.1).
  printed(r.earth.l_sums[0], "172067561.526586", "L0");
  printed(r.earth.l_sums[1], "628332010650.051147", "L1", 1e3); // 18 significant digits exceed a double (ulp 1.2e-4)
  printed(r.earth.l_sums[2], "61368.682493", "L2");
  printed(r.earth.l_sums[3], "-26.902819", "L3");
  printed(r.earth.l_sums[4], "-121.279536", "L4");
  printed(r.earth.l_sums[5], "-0.999999", "L5", 4); // printed truncated: −0.9999987
  printed(r.earth.b_sums[0], "-176.502688", "B0");
  printed(r.earth.b_sums[1], "3.067582", "B1");
  printed(r.earth.r_sums[0], "99653849.037796", "R0");
  printed(r.earth.r_sums[1], "100378.567146", "R1");
  printed(r.earth.r_sums[2], "-1140.953507", "R2");
  printed(r.earth.r_sums[3], "-141.115419", "R3");
  printed(r.earth.r_sums[4], "1.232361", "R4");
  printed(r.earth.l_deg, "24.0182616917", "L");
  printed(r.earth.b_deg, "-0.0001011219", "B");
  printed(r.earth.r_au, "0.9965422974", "R");
  printed(r.theta_deg, "204.0182616917", "Θ");
  printed(r.beta_deg, "0.0001011219", "β");
  printed(r.nutation.delta_psi_deg, "-0.00399840", "Δψ");
  printed(r.nutation.delta_epsilon_deg, "0.00166657", "Δε");
  printed(r.epsilon_deg, "23.440465", "ε");
  printed(r.lambda_deg, "204.0085519281", "λ");
  printed(r.alpha_deg, "202.22741", "α");
  printed(r.delta_deg, "-9.31434", "δ");
  printed(r.h_deg, "11.105900", "H", 5); // report prints 11.105900, spa_tester.c 11.105902
  printed(r.h_deg, "11.105902", "H (spa_tester.c)");
  // H′: the report prints 11.10629, pvlib and the eqs. give 11.10627 (a typo in the table).
  printed(r.h_prime_deg, "11.10627", "H′ (pvlib)");
  near(r.h_prime_deg, 11.10629, 3e-5, "H′ (report)");
  printed(r.alpha_prime_deg, "202.22704", "α′");
  printed(r.delta_prime_deg, "-9.316179", "δ′");
  printed(r.zenith_deg, "50.11162", "θ");
  printed(r.zenith_deg, "50.111622", "θ (spa_tester.c)");
  printed(r.azimuth_deg, "194.34024", "Φ");
  printed(r.azimuth_deg, "194.340241", "Φ (spa_tester.c)");
  printed(r.incidence_deg, "25.18700", "I");
  printed(r.sun_mean_longitude_deg, "205.8971722516", "M");
  // E: the report prints 14.641503 min; eq. A1 with the report's own M, α, Δψ, ε gives
  // 14.6415108 (the 8e-6 min, 0.5 ms, gap is in the printed value), so to 1e-5 min.
  near(r.eot_min, 14.641503, 1e-5, "E (minutes)");
  // pvlib tests/test_spa.py constants for the same example.
  printed(r.jde, "2452930.313623", "JDE");
  printed(r.jc, "0.0379277986858", "JC", 1e4); // pvlib's constant is from float JD
  printed(r.jce, "0.037927819916852", "JCE", 1e5);
  printed(r.jme, "0.003792781991685", "JME", 1e4);
  printed(r.epsilon0_arcsec, "84379.672625", "ε0 (″)");
  printed(r.nu0_deg, "318.515579", "ν0", 2); // pvlib's JD comes from a Unix time: ±2e-9 d
  printed(r.nu_deg, "318.511910", "ν");
  printed(r.xi_deg, "0.002451", "ξ");
  printed(r.delta_alpha_deg, "-0.000369", "Δα");
  printed(r.e0_deg, "39.872046", "e0");
  printed(r.delta_e_deg, "0.016332", "Δe");
  printed(r.e_deg, "39.888378", "e");
  printed(r.azimuth_astro_deg, "14.340241", "Γ");
  // And the stated accuracy of the method, ±0.0003°, on the three headline outputs.
  near(r.zenith_deg, 50.11162, 0.0003, "θ within the SPA uncertainty");
  near(r.azimuth_deg, 194.34024, 0.0003, "Φ within the SPA uncertainty");
  near(r.incidence_deg, 25.187, 0.0003, "I within the SPA uncertainty");
});

Deno.test("incidence on a horizontal surface is the zenith; on a wall facing the sun, its elevation's complement", () => {
  const r = spa({ ...EXAMPLE, slope_deg: 0, azm_rotation_deg: 0 });
  near(r.incidence_deg, r.zenith_deg, 1e-9, "slope 0");
  // A vertical wall whose normal points at the sun's azimuth: incidence = elevation.
  near(
    incidence_deg(r.zenith_deg, r.azimuth_astro_deg, 90, r.azimuth_astro_deg),
    r.e_deg,
    1e-9,
    "wall",
  );
});

Deno.test("sunrise, transit and sunset of the example (Table A5.1, App. A.2)", () => {
  const r = sunRiseTransitSet({
    year: 2003,
    month: 10,
    day: 17,
    latitude_deg: EXAMPLE.latitude_deg,
    longitude_deg: EXAMPLE.longitude_deg,
    delta_t_s: 67,
    timezone_h: -7,
  });
  // Table A5.1: transit 18:46:04.97 UT, sunrise 13:12:43.46 UT, sunset 00:20:19.19 UT; the
  // report prints hundredths of a second, and its own procedure reproduces them to 0.05 s.
  near(sec(r.transit_frac * 24), sec(hms(18, 46, 4.97)), 0.05, "transit (s)");
  near(sec(r.sunrise_frac! * 24), sec(hms(13, 12, 43.46)), 0.05, "sunrise (s)");
  near(sec(r.sunset_frac! * 24), sec(hms(0, 20, 19.19)), 0.05, "sunset (s)");
  // spa_tester.c prints the same in local standard time: 06:12:43, 11:46:05, 17:20:19.
  near(sec(r.sunrise_h!), sec(hms(6, 12, 43.46)), 0.05, "local sunrise (s)");
  near(sec(r.transit_h), sec(hms(11, 46, 4.97)), 0.05, "local transit (s)");
  near(sec(r.sunset_h!), sec(hms(17, 20, 19.19)), 0.05, "local sunset (s)");
  assertEquals(r.polar, undefined);
});

Deno.test("sunrise and sunset at Greenwich reproduce Table A2.1 (SPA column)", () => {
  // The report does not state its ΔT; with the Espenak–Meeus ΔT the times agree to 0.1 s.
  const rows: [number, number, number, number, number, number][] = [
    [1994, 1, 2, 35, hms(7, 8, 12.8), hms(16, 59, 55.9)],
    [1996, 7, 5, -35, hms(7, 8, 15.4), hms(17, 1, 4.5)],
    [2004, 12, 4, -35, hms(4, 38, 57.1), hms(19, 2, 2.5)],
  ];
  for (const [y, m, d, lat, rise, set] of rows) {
    const r = sunRiseTransitSet({ year: y, month: m, day: d, latitude_deg: lat, longitude_deg: 0 });
    near(sec(r.sunrise_h!), sec(rise), 0.15, `sunrise ${y}-${m}-${d}`);
    near(sec(r.sunset_h!), sec(set), 0.15, `sunset ${y}-${m}-${d}`);
  }
});

Deno.test("at the computed sunrise and sunset SPA puts the sun's centre at h′0 = −0.8333°", () => {
  for (const [lat, lon, m] of [[52.52, 13.405, 3], [39.74, -105.18, 6], [-33.9, 18.4, 12]]) {
    const r = sunRiseTransitSet({
      year: 2025,
      month: m,
      day: 21,
      latitude_deg: lat,
      longitude_deg: lon,
    });
    const jd0 = julianDay(2025, m, 21);
    for (const f of [r.sunrise_frac!, r.sunset_frac!]) {
      const p = spaAt(jd0 + f, deltaT_s(2025, m), { latitude_deg: lat, longitude_deg: lon });
      near(p.e0_deg, -0.8333, 0.01, `elevation at rise/set, lat ${lat} month ${m}`);
    }
    const t = spaAt(jd0 + r.transit_frac, deltaT_s(2025, m), {
      latitude_deg: lat,
      longitude_deg: lon,
    });
    const h = ((t.h_prime_deg + 180) % 360 + 360) % 360 - 180;
    near(h, 0, 0.003, `hour angle at transit, lat ${lat}`); // 0.003° of hour angle = 0.7 s
  }
});

Deno.test("polar day and polar night have no sunrise or sunset", () => {
  const summer = sunRiseTransitSet({
    year: 2025,
    month: 6,
    day: 21,
    latitude_deg: 78.2,
    longitude_deg: 15.6,
  });
  assertEquals(summer.polar, "day");
  assertEquals(summer.sunrise_h, null);
  const winter = sunRiseTransitSet({
    year: 2025,
    month: 12,
    day: 21,
    latitude_deg: 78.2,
    longitude_deg: 15.6,
  });
  assertEquals(winter.polar, "night");
  assertOk(winter.transit_elevation_deg < 0, "the sun stays down at transit in polar night");
});

Deno.test("SPA reproduces pvlib's second-day vector (2003-10-18 12:30:30 MST)", () => {
  const r = spa({ ...EXAMPLE, day: 18 });
  // pvlib's expected_solpos_multi, compared as pvlib does (relative 1e-5).
  const rel = (a: number, e: number, what: string) => near(a, e, 1e-5 * Math.abs(e), what);
  rel(r.zenith_deg, 50.47826, "apparent zenith");
  rel(r.azimuth_deg, 194.311132, "azimuth");
  rel(r.e0_deg, 39.505196, "elevation");
  rel(r.e_deg, 39.52174, "apparent elevation");
});

Deno.test("ΔT follows the Espenak–Meeus polynomials (pvlib test values)", () => {
  near(deltaT_s(1985, 2), 54.413442486, 1e-8, "1985-02");
  const years = [
    -499,
    500,
    1000,
    1500,
    1800,
    1860,
    1900,
    1950,
    1970,
    1985,
    1990,
    2000,
    2005,
    2050,
    2150,
  ];
  const months = [1, 2, 3, 4, 5, 6, 6, 7, 8, 9, 10, 11, 12, 12, 12];
  const want = [
    17184.831,
    5708.8051,
    1573.0419,
    198.0182,
    13.596506,
    7.8316585,
    -2.1171894,
    29.289261,
    40.824887,
    54.724581,
    57.426651,
    64.108015,
    65.038015,
    94.952955,
    330.50693,
  ];
  years.forEach((y, i) =>
    near(deltaT_s(y, months[i]), want[i], 1e-6 * Math.max(1, Math.abs(want[i])), `ΔT ${y}`)
  );
});

Deno.test("SPA agrees with SunCalc's test vector in convention (low-precision library: 0.5°, 2 min)", () => {
  // mourner/suncalc test.js: 2013-03-05 00:00 UTC, lat 50.5, lon 30.5. SunCalc's azimuth is from
  // south, positive west (rad); SPA's Φ is from north, positive east: Φ = deg(az) + 180.
  const jd = julianDay(2013, 3, 5);
  const r = spaAt(jd, deltaT_s(2013, 3), { latitude_deg: 50.5, longitude_deg: 30.5 });
  near(r.azimuth_deg, -2.5003175907168385 * 180 / Math.PI + 180, 0.5, "azimuth");
  near(r.e0_deg, -0.7000406838781611 * 180 / Math.PI, 0.5, "altitude");
  const t = sunRiseTransitSet({
    year: 2013,
    month: 3,
    day: 5,
    latitude_deg: 50.5,
    longitude_deg: 30.5,
  });
  near(sec(t.sunrise_h!), sec(hms(4, 34, 56)), 120, "sunrise");
  near(sec(t.transit_h), sec(hms(10, 10, 57)), 120, "solar noon");
  near(sec(t.sunset_h!), sec(hms(15, 46, 57)), 120, "sunset");
});

Deno.test("the fast method stays within 0.02° of SPA over a year of hourly steps", () => {
  // Six places from the equator to 64°N/S-ish, a whole year at hourly steps (offset by 15 min).
  const places: [number, number][] = [
    [52.52, 13.405],
    [39.742476, -105.1786],
    [-33.9, 18.4],
    [0.5, 36.8],
    [64.1, -21.9],
    [23.4, 0],
  ];
  const jd0 = julianDay(2025, 1, 1);
  const jds = new Float64Array(8760);
  for (let i = 0; i < jds.length; i++) jds[i] = jd0 + (i + 0.25) / 24;
  const dt = deltaT_s(2025, 6);
  for (const [lat, lon] of places) {
    let worstSky = 0, worstEl = 0;
    for (let i = 0; i < jds.length; i++) {
      const s = spaAt(jds[i], dt, { latitude_deg: lat, longitude_deg: lon });
      const f = sunPositionMeeus(jds[i], lat, lon, { delta_t_s: dt });
      worstEl = Math.max(worstEl, Math.abs(s.e0_deg - f.e0_deg));
      // Angular distance between the two sun directions (azimuth errors shrink near the zenith).
      const e1 = s.e0_deg * Math.PI / 180, e2 = f.e0_deg * Math.PI / 180;
      const da = (s.azimuth_deg - f.azimuth_deg) * Math.PI / 180;
      const c = Math.sin(e1) * Math.sin(e2) + Math.cos(e1) * Math.cos(e2) * Math.cos(da);
      worstSky = Math.max(worstSky, Math.acos(Math.min(1, c)) * 180 / Math.PI);
      // Refracted elevation away from the refraction cut-off at −0.83°.
      if (s.e0_deg > 0) {
        near(f.elevation_deg, s.e_deg, 0.02, `refracted elevation at ${lat},${lon}`);
      }
      // Azimuth as an arc on the sky (× sin zenith): a raw azimuth difference grows without
      // bound near the zenith for the same sky error.
      if (s.e0_deg > 0) {
        let d = Math.abs(s.azimuth_deg - f.azimuth_deg);
        d = Math.min(d, 360 - d) * Math.sin(s.zenith_deg * Math.PI / 180);
        near(d, 0, 0.02, `azimuth arc at ${lat},${lon}`);
      }
    }
    assertOk(worstEl <= 0.02, `elevation at ${lat},${lon}: worst ${worstEl}°`);
    assertOk(worstSky <= 0.02, `sky position at ${lat},${lon}: worst ${worstSky}°`);
  }
});

Deno.test("the series helpers agree with the single-instant functions", () => {
  const jds = Float64Array.from([2460000.1, 2460000.3, 2460000.6]);
  const fast = sunSeriesMeeus(jds, 52.52, 13.405, { delta_t_s: 69 });
  const full = sunSeriesSpa(jds, { latitude_deg: 52.52, longitude_deg: 13.405 }, 69);
  jds.forEach((jd, i) => {
    const p = sunPositionMeeus(jd, 52.52, 13.405, { delta_t_s: 69 });
    assertEquals(fast.elevation_deg[i], p.elevation_deg);
    assertEquals(fast.azimuth_deg[i], p.azimuth_deg);
    near(
      full.elevation_deg[i],
      spaAt(jd, 69, { latitude_deg: 52.52, longitude_deg: 13.405 }).e_deg,
      0,
      "spa",
    );
  });
  assert.ok(fast.elevation_deg.length === 3);
});

Deno.test("SPA over evenly spaced instants (term recurrence) equals SPA instant by instant", () => {
  const jd0 = julianDay(2025, 1, 1);
  const jds = new Float64Array(500);
  for (let i = 0; i < jds.length; i++) jds[i] = jd0 + i * 0.7 + 0.013;
  const site = { latitude_deg: -33.9, longitude_deg: 18.4, elevation_m: 20 };
  const series = sunSeriesSpa(jds, site, 69);
  let worst = 0;
  jds.forEach((jd, i) => {
    const r = spaAt(jd, 69, site);
    worst = Math.max(
      worst,
      Math.abs(series.elevation_deg[i] - r.e_deg),
      Math.abs(series.azimuth_deg[i] - r.azimuth_deg),
    );
  });
  assertOk(worst < 1e-9, `worst difference ${worst}°`);
});

Deno.test("SPA batch path: a year hourly, minutes, and long strides equal SPA instant by instant", () => {
  // Long recurrence blocks (768 hourly samples, 1,024 one-minute samples) and strides where the
  // span cap re-seeds often (weekly, yearly), at sites with elevation, pressure and temperature.
  const cases: [number, number, number, SpaSite][] = [
    [julianDay(2025, 1, 1) + 0.5 / 24, 1 / 24, 8760, {
      latitude_deg: 52.52,
      longitude_deg: 13.405,
    }],
    [julianDay(2031, 3, 20), 1 / 1440, 3000, {
      latitude_deg: 78.2,
      longitude_deg: 15.6,
      elevation_m: 500,
      pressure_mbar: 950,
      temperature_c: -5,
    }],
    [julianDay(1990, 6, 1) + 0.3, 7, 1500, {
      latitude_deg: -45,
      longitude_deg: -70,
      elevation_m: 3000,
    }],
    [julianDay(1900, 1, 1) + 0.61, 365.25, 150, { latitude_deg: 0, longitude_deg: 100 }],
  ];
  for (const [jd0, step, n, site] of cases) {
    const jds = Float64Array.from({ length: n }, (_, i) => jd0 + i * step);
    const series = sunSeriesSpa(jds, site, 69);
    let worst = 0;
    jds.forEach((jd, i) => {
      const r = spaAt(jd, 69, site);
      const dAz = Math.abs(series.azimuth_deg[i] - r.azimuth_deg);
      worst = Math.max(
        worst,
        Math.abs(series.elevation_deg[i] - r.e_deg),
        Math.min(dAz, 360 - dAz),
      );
    });
    assertOk(worst < 1e-9, `step ${step} d × ${n}: worst difference ${worst}°`);
  }
});

Deno.test("SPA batch path (interpolated slow terms, issue 29): a year hourly at five sites within 1e-9° of spaAt", () => {
  // The slow terms come from nodes every 6 h; the instants between them are where an
  // interpolation error would show: every hour of 2026 at each site, refracted elevation and
  // azimuth (the arc, so azimuth near the zenith does not dominate).
  const sites: SpaSite[] = [
    { latitude_deg: 0, longitude_deg: -78.5, elevation_m: 2850 },
    { latitude_deg: -33.9, longitude_deg: 18.4, elevation_m: 20 },
    { latitude_deg: 39.742476, longitude_deg: -105.1786, elevation_m: 1830.14 },
    { latitude_deg: 64.1, longitude_deg: -21.9, pressure_mbar: 990, temperature_c: -2 },
    { latitude_deg: 78.2, longitude_deg: 15.6 },
  ];
  const jd0 = julianDay(2026, 1, 1) + 0.25 / 24;
  const jds = Float64Array.from({ length: 8760 }, (_, i) => jd0 + i / 24);
  for (const site of sites) {
    const series = sunSeriesSpa(jds, site, 70);
    let worstEl = 0, worstAz = 0;
    jds.forEach((jd, i) => {
      const r = spaAt(jd, 70, site);
      worstEl = Math.max(worstEl, Math.abs(series.elevation_deg[i] - r.e_deg));
      let dAz = Math.abs(series.azimuth_deg[i] - r.azimuth_deg);
      dAz = Math.min(dAz, 360 - dAz) * Math.cos(r.e_deg * Math.PI / 180);
      worstAz = Math.max(worstAz, dAz);
    });
    assertOk(worstEl < 1e-9, `${site.latitude_deg}°: elevation off by ${worstEl}°`);
    assertOk(worstAz < 1e-9, `${site.latitude_deg}°: azimuth arc off by ${worstAz}°`);
  }
});
