/**
 * A fast low-precision solar position for counting hours of sun: Meeus, Astronomical
 * Algorithms 2nd ed., ch. 25 "low accuracy" sun and ch. 12 sidereal time (the method the
 * NOAA Solar Calculator uses), within 0.02° of the reference SPA (./spa.ts) over 1800–2200
 * (tests/engines/sun_test.ts). Conventions as ./spa.ts.
 */
import { D2R, R2D } from "./time.ts";
import { refraction_deg, SUN_RADIUS_DEG } from "./spa.ts";
import { ticker } from "../../../ground/budget.ts";

/** A sun position from the fast method. */
export interface FastPosition {
  /** Topocentric elevation with refraction, degrees. */
  elevation_deg: number;
  /** Topocentric elevation without refraction, degrees. */
  e0_deg: number;
  zenith_deg: number;
  /** East of north, degrees. */
  azimuth_deg: number;
  declination_deg: number;
}

/** Options of the fast method (defaults as SPA's). */
export interface FastOptions {
  delta_t_s?: number;
  pressure_mbar?: number;
  temperature_c?: number;
  atmos_refract_deg?: number;
}

/**
 * Fast solar position for hour counting: Meeus, Astronomical Algorithms (2nd ed. 1998) ch. 25
 * "low accuracy" geometric longitude with the equation of centre, the main nutation and
 * aberration terms (the NOAA Solar Calculator's equations), ch. 12 sidereal time, the solar
 * parallax (8.794″ cos e) and SPA's refraction (eq. 42). About 0.01° in λ; checked against SPA
 * within 0.02° over a year in tests/engines/sun_test.ts. `jd` is UT.
 */
export function sunPositionMeeus(
  jd: number,
  latitude_deg: number,
  longitude_deg: number,
  opts: FastOptions = {},
): FastPosition {
  const out = new Float64Array(4);
  fastInto(
    jd,
    Math.sin(latitude_deg * D2R),
    Math.cos(latitude_deg * D2R),
    longitude_deg,
    opts.delta_t_s ?? 69,
    opts.pressure_mbar ?? 1010,
    opts.temperature_c ?? 10,
    -(SUN_RADIUS_DEG + (opts.atmos_refract_deg ?? 0.5667)),
    out,
  );
  return {
    elevation_deg: out[0],
    e0_deg: out[1],
    zenith_deg: 90 - out[0],
    azimuth_deg: out[2],
    declination_deg: out[3],
  };
}

/** The fast method's kernel; writes [elevation, e0, azimuth, declination] into `out`. */
function fastInto(
  jd: number,
  sinPhi: number,
  cosPhi: number,
  longitude_deg: number,
  delta_t_s: number,
  pressure_mbar: number,
  temperature_c: number,
  refractLimit_deg: number,
  out: Float64Array,
): void {
  const d = jd - 2451545;
  const t = (d + delta_t_s / 86400) / 36525;
  const l0 = 280.46646 + t * (36000.76983 + 0.0003032 * t);
  const m = (357.52911 + t * (35999.05029 - 0.0001537 * t)) * D2R;
  const c = Math.sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * m) * (0.019993 - 0.000101 * t) + Math.sin(3 * m) * 0.000289;
  const omega = (125.04 - 1934.136 * t) * D2R;
  const sinOm = Math.sin(omega);
  const lambda = (l0 + c - 0.00569 - 0.00478 * sinOm) * D2R;
  const eps = (23.439291 - t * (0.0130042 + t * (1.64e-7 - 5.04e-7 * t)) +
    0.00256 * Math.cos(omega)) * D2R;
  const sinL = Math.sin(lambda);
  const alpha = Math.atan2(Math.cos(eps) * sinL, Math.cos(lambda));
  const sinD = Math.sin(eps) * sinL;
  const cosD = Math.sqrt(1 - sinD * sinD);
  // Apparent sidereal time: mean (Meeus 12.4) plus the nutation in right ascension.
  const theta = 280.46061837 + 360.98564736629 * d +
    (-0.00478 * sinOm) * Math.cos(eps);
  const h = (theta + longitude_deg) * D2R - alpha;
  const cosH = Math.cos(h);
  let sinE = sinPhi * sinD + cosPhi * cosD * cosH;
  if (sinE > 1) sinE = 1;
  let e0 = Math.asin(sinE) * R2D;
  e0 -= 0.0024428 * Math.sqrt(1 - sinE * sinE); // parallax 8.794″·cos e
  const de = e0 >= refractLimit_deg ? refraction_deg(e0, pressure_mbar, temperature_c) : 0;
  let az = Math.atan2(Math.sin(h), cosH * sinPhi - (sinD / cosD) * cosPhi) * R2D + 180;
  if (az >= 360) az -= 360;
  if (az < 0) az += 360;
  out[0] = e0 + de;
  out[1] = e0;
  out[2] = az;
  out[3] = Math.asin(sinD) * R2D;
}

/** Sun positions at many instants, as parallel arrays (degrees). */
export interface SunSeries {
  jd: Float64Array;
  /** Refracted topocentric elevation. */
  elevation_deg: Float64Array;
  /** East of north. */
  azimuth_deg: Float64Array;
}

/**
 * The fast method over many Julian Days (UT) at one place, into parallel arrays: the shape the
 * hour counter wants (a year of hourly steps is 8,760 entries).
 */
export function sunSeriesMeeus(
  jds: Float64Array,
  latitude_deg: number,
  longitude_deg: number,
  opts: FastOptions = {},
): SunSeries {
  const n = jds.length;
  const elevation_deg = new Float64Array(n), azimuth_deg = new Float64Array(n);
  const out = new Float64Array(4);
  const sinPhi = Math.sin(latitude_deg * D2R), cosPhi = Math.cos(latitude_deg * D2R);
  const dt = opts.delta_t_s ?? 69, p = opts.pressure_mbar ?? 1010, tc = opts.temperature_c ?? 10;
  const lim = -(SUN_RADIUS_DEG + (opts.atmos_refract_deg ?? 0.5667));
  // Within a run's time limit (a year at 1-minute steps is 527,040 instants).
  const tick = ticker(1024);
  for (let i = 0; i < n; i++) {
    tick();
    fastInto(jds[i], sinPhi, cosPhi, longitude_deg, dt, p, tc, lim, out);
    elevation_deg[i] = out[0];
    azimuth_deg[i] = out[2];
  }
  return { jd: jds, elevation_deg, azimuth_deg };
}
