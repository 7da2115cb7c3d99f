/**
 * engines/geometry/sun/batch.ts as it was before issue 29 (commit ccd22ed): SPA over evenly
 * spaced instants with every term stepped at every instant. Kept as the "before" case of
 * bench/sun_bench.ts. Not library code.
 */
import { B_TERMS, L_TERMS, R_TERMS } from "../engines/geometry/spa_tables.ts";
import { D2R, limit360_deg, R2D } from "../engines/geometry/sun/time.ts";
import {
  meanObliquity_arcsec,
  NUT_ARG_POLY,
  NUT_COUNT,
  nutationArgument_deg,
  nutationArgumentRate_degPerJc,
  nutationPhasors,
  nutationSums_deg,
  refraction_deg,
  spaAt,
  type SpaSite,
  SUN_RADIUS_DEG,
} from "../engines/geometry/sun/spa.ts";
import type { SunSeries } from "../engines/geometry/sun/meeus.ts";
import { ticker } from "../ground/budget.ts";

/**
 * SPA over many Julian Days (UT) at one place, into the same parallel arrays as
 * {@link sunSeriesMeeus}. Evenly spaced instants (a year of hourly steps) take the batch kernel
 * `spaSeriesEven`: the periodic terms advance by angle addition instead of cosines and the
 * observer's constants are computed once; the result equals {@link spaAt} to rounding (tested
 * to 1e-9°). Other instants are computed one by one with {@link spaAt}.
 */
export function sunSeriesSpaReference(
  jds: Float64Array,
  site: SpaSite,
  delta_t_s: number,
): SunSeries {
  const n = jds.length;
  const elevation_deg = new Float64Array(n), azimuth_deg = new Float64Array(n);
  const step_day = n > 2 ? (jds[n - 1] - jds[0]) / (n - 1) : 0;
  let even = n > 2 && step_day > 0;
  for (let i = 1; even && i < n; i++) {
    if (Math.abs(jds[i] - jds[i - 1] - step_day) > 1e-9) even = false;
  }
  if (even) {
    spaSeriesEven(jds, step_day, site, delta_t_s, elevation_deg, azimuth_deg);
  } else {
    for (let i = 0; i < n; i++) {
      const r = spaAt(jds[i], delta_t_s, site);
      elevation_deg[i] = r.e_deg;
      azimuth_deg[i] = r.azimuth_deg;
    }
  }
  return { jd: jds, elevation_deg, azimuth_deg };
}

/**
 * The most samples between exact re-seeds of the recurrences in the batch path of
 * {@link sunSeriesSpa}. Each angle addition rounds by an ulp or two, so a term's phasor drifts by
 * at most ~10⁻¹³ (relative) over a block: far below what moves a result by 10⁻¹²°.
 */
const RESEED = 1024;

/**
 * The longest span of one recurrence block in the batch path of {@link sunSeriesSpa}, days (a
 * year of hourly samples is re-seeded every 768 samples; 0.7-day steps every 45). It bounds the
 * error of stepping the nutation terms at a constant rate: their arguments Σ Y_j·X_j have small
 * JCE² terms (eqs. 15–19, |Σ Y_j·c2_j| ≤ 0.025° a century²), so with the rate taken at the
 * block's middle the phase is off by at most 0.025°·(span/2)², under 5·10⁻⁹° at 32 days, which
 * moves Δψ and Δε (Σ|a| ≈ 0.0054°) by under 10⁻¹²°.
 */
const RESEED_SPAN_DAYS = 32;

/** Table A4.2's rows in order, L0…L5 then B0…B1 then R0…R4 (195 terms). */
const EARTH_ROWS = [...L_TERMS, ...B_TERMS, ...R_TERMS];
/** One column of Table A4.2 (0: A, 1: B, 2: C) over all rows, for the batch kernel. */
const earthColumn = (c: 0 | 1 | 2) => Float64Array.from(EARTH_ROWS.flat(), (t) => t[c]);
const EARTH_A = earthColumn(0), EARTH_B = earthColumn(1), EARTH_C = earthColumn(2);
/** Where each row ends in EARTH_A/B/C, in terms (13 rows: 6 L, 2 B, 5 R). */
const EARTH_ROW_END = Int32Array.from(
  EARTH_ROWS.map((_, r) => EARTH_ROWS.slice(0, r + 1).reduce((sum, row) => sum + row.length, 0)),
);

/**
 * Unit phasors [cos φ_k, sin φ_k] of a set of term arguments φ_k that grow by a fixed angle
 * δ_k a step, with [cos δ_k, sin δ_k]: struct of arrays for the batch kernel's inner loops.
 */
interface Phasors {
  cos: Float64Array;
  sin: Float64Array;
  stepCos: Float64Array;
  stepSin: Float64Array;
}

/** `count` phasors, all zero until seeded. */
function phasors(count: number): Phasors {
  return {
    cos: new Float64Array(count),
    sin: new Float64Array(count),
    stepCos: new Float64Array(count),
    stepSin: new Float64Array(count),
  };
}

/** Advances every phasor one step: φ_k ← φ_k + δ_k by angle addition (a complex multiplication). */
function advance(p: Phasors): void {
  const { cos, sin, stepCos, stepSin } = p;
  for (let k = 0; k < cos.length; k++) {
    const c = cos[k], sn = sin[k], dc = stepCos[k], ds = stepSin[k];
    cos[k] = c * dc - sn * ds;
    sin[k] = sn * dc + c * ds;
  }
}

/**
 * sin of a small angle (radians): for |a| ≤ 10⁻³ the series a − a³/6 + a⁵/120, whose first
 * omitted term (a⁷/5040) is under 10⁻²¹·|a|, far below the rounding of the result; otherwise
 * Math.sin. For the tiny angles of the batch kernel (β, ξ, changes of ε), a cheap exact sine.
 */
function sinSmall(a: number): number {
  if (Math.abs(a) > 1e-3) return Math.sin(a);
  const a2 = a * a;
  return a * (1 - a2 / 6 * (1 - a2 / 20));
}

/** cos of a small angle: for |a| ≤ 10⁻³ the series 1 − a²/2 + a⁴/24 (omitted a⁶/720 < 10⁻²⁰); otherwise Math.cos. */
function cosSmall(a: number): number {
  if (Math.abs(a) > 1e-3) return Math.cos(a);
  const a2 = a * a;
  return 1 - a2 / 2 * (1 - a2 / 12);
}

/**
 * The row sums Σ A·cos(B + C·JME) of Table A4.2 (report eq. 10) into `out`, from the Earth
 * terms' phasors; with `step`, each phasor first advances one step (angle addition).
 */
function earthRowSums(p: Phasors, step: boolean, out: Float64Array): void {
  const { cos, sin, stepCos, stepSin } = p;
  for (let r = 0, k = 0; r < out.length; r++) {
    let sum = 0;
    const end = EARTH_ROW_END[r];
    if (step) {
      for (; k < end; k++) {
        const c = cos[k], sn = sin[k], dc = stepCos[k], ds = stepSin[k];
        const c1 = c * dc - sn * ds;
        sin[k] = sn * dc + c * ds;
        cos[k] = c1;
        sum += EARTH_A[k] * c1;
      }
    } else {
      for (; k < end; k++) sum += EARTH_A[k] * cos[k];
    }
    out[r] = sum;
  }
}

/** Horner sum Σ X_i·JMEⁱ / 10⁸ (report eq. 11) over rows [from, to) of the row sums, radians. */
function earthPolynomial(sums: Float64Array, from: number, to: number, jme: number): number {
  let s = 0;
  for (let i = to - 1; i >= from; i--) s = s * jme + sums[i];
  return s / 1e8;
}

/**
 * The batch kernel of {@link sunSeriesSpa} for instants `step_day` apart: report §3 steps
 * 3.1–3.14 per instant (topocentric refracted elevation, eq. 43, and azimuth, eq. 46), written
 * into `elevation_deg` and `azimuth_deg`, allocation-free in the loop.
 *
 * - Earth periodic terms (§3.2, eqs. 9–10): the argument B + C·JME is linear in time, so
 *   [cos, sin] of each of the 195 terms advances by a fixed rotation by C·ΔJME (one complex
 *   multiplication a term instead of a cosine).
 * - Nutation (§3.4, eqs. 15–23): each of the 63 terms' argument Σ Y_j·X_j advances by a
 *   rotation by Σ Y_j·X_j′·ΔJCE, with the rates X_j′ taken at the middle of the block (the JCE²
 *   and JCE³ terms make them drift slowly; see {@link RESEED_SPAN_DAYS}).
 * - Both recurrences are re-seeded with exact cos/sin every block of {@link RESEED} samples (at
 *   most {@link RESEED_SPAN_DAYS} days), which keeps the rounding from accumulating.
 * - Angles that stay tiny (β, ξ, the change of ε within a block) take short exact series
 *   instead of Math.sin/cos; δ, Δα, δ′ (eqs. 31, 37, 39) are used through their sines and
 *   cosines only, which come from the arcsine's and the arctangents' arguments.
 * - The observer's terms (§3.12, eqs. 34–36; refraction constants of eq. 42) are per site.
 * The remaining steps are eqs. 5–8, 11–14, 24–33 and 38–46 as in {@link spaGeocentric} and
 * {@link spaTopocentric}; the equation of time and the incidence angle are not computed.
 */
function spaSeriesEven(
  jds: Float64Array,
  step_day: number,
  site: SpaSite,
  delta_t_s: number,
  elevation_deg: Float64Array,
  azimuth_deg: Float64Array,
): void {
  const n = jds.length;
  // Per site (§3.12, eqs. 34–36, and eq. 42's constants).
  const phi = site.latitude_deg * D2R, sinPhi = Math.sin(phi), cosPhi = Math.cos(phi);
  const elevation_m = site.elevation_m ?? 0;
  const pressure_mbar = site.pressure_mbar ?? 1010;
  const temperature_c = site.temperature_c ?? 10;
  const refractLimit_deg = -(SUN_RADIUS_DEG + (site.atmos_refract_deg ?? 0.5667));
  const u = Math.atan(0.99664719 * Math.tan(phi)); // (34)
  const x = Math.cos(u) + (elevation_m / 6378140) * cosPhi; // (35)
  const y = 0.99664719 * Math.sin(u) + (elevation_m / 6378140) * sinPhi; // (36)

  // Per batch: the step in JME and JCE, the Earth terms' rotations, the block length.
  const dJme = step_day / 365250, dJce = step_day / 36525;
  const earth = phasors(EARTH_A.length);
  for (let k = 0; k < EARTH_A.length; k++) {
    earth.stepCos[k] = Math.cos(EARTH_C[k] * dJme);
    earth.stepSin[k] = Math.sin(EARTH_C[k] * dJme);
  }
  const nut = phasors(NUT_COUNT);
  const nutArg_rad = new Float64Array(5), nutSums = new Float64Array(2);
  // The true obliquity at the block's seed, the base of the angle addition for ε.
  let epsSeed_rad = 0, cosEpsSeed = 1, sinEpsSeed = 0;
  const rowSums = new Float64Array(EARTH_ROW_END.length);
  const block = Math.max(1, Math.min(RESEED, Math.floor(RESEED_SPAN_DAYS / step_day)));

  const tick = ticker(1024);
  for (let i = 0; i < n; i++) {
    tick();
    const jd = jds[i];
    const jde = jd + delta_t_s / 86400; // (5)
    const jc = (jd - 2451545) / 36525; // (6)
    const jce = (jde - 2451545) / 36525; // (7)
    const jme = jce / 10; // (8)

    const seed = i % block === 0;
    if (seed) {
      // Exact seed: cos/sin of every Earth term (9) and nutation term (20–21) ...
      for (let k = 0; k < EARTH_A.length; k++) {
        const a = EARTH_B[k] + EARTH_C[k] * jme;
        earth.cos[k] = Math.cos(a);
        earth.sin[k] = Math.sin(a);
      }
      for (let j = 0; j < 5; j++) nutArg_rad[j] = nutationArgument_deg(NUT_ARG_POLY[j], jce) * D2R;
      nutationPhasors(nutArg_rad, nut.cos, nut.sin);
      // ... and the nutation terms' rotation for this block, at the rates of its middle.
      const jceMid = jce + (Math.min(block, n - i) - 1) / 2 * dJce;
      for (let j = 0; j < 5; j++) {
        nutArg_rad[j] = nutationArgumentRate_degPerJc(NUT_ARG_POLY[j], jceMid) * dJce * D2R;
      }
      nutationPhasors(nutArg_rad, nut.stepCos, nut.stepSin);
    }

    // §3.2: the row sums Σ A·cos(B + C·JME) (eq. 10), then L, B, R (eqs. 11–12).
    earthRowSums(earth, !seed, rowSums);
    const l_deg = limit360_deg(earthPolynomial(rowSums, 0, 6, jme) * R2D);
    const b_deg = earthPolynomial(rowSums, 6, 8, jme) * R2D;
    const r_au = earthPolynomial(rowSums, 8, 13, jme);

    // §3.3–3.10: geocentric position, nutation, obliquity, aberration, sidereal time, α, δ.
    const theta_deg = limit360_deg(l_deg + 180); // (13)
    const beta_deg = -b_deg; // (14)
    if (!seed) advance(nut);
    nutationSums_deg(nut.cos, nut.sin, jce, nutSums); // (20–23)
    const delta_psi_deg = nutSums[0];
    const epsilon_deg = meanObliquity_arcsec(jme) / 3600 + nutSums[1]; // (24–25)
    const delta_tau_deg = -20.4898 / (3600 * r_au); // (26)
    const lambda_deg = theta_deg + delta_psi_deg + delta_tau_deg; // (27)
    const nu0_deg = limit360_deg(
      280.46061837 + 360.98564736629 * (jd - 2451545) + 0.000387933 * jc * jc -
        jc * jc * jc / 38710000,
    ); // (28)
    const eps = epsilon_deg * D2R, lam = lambda_deg * D2R, bet = beta_deg * D2R;
    if (seed) {
      epsSeed_rad = eps;
      cosEpsSeed = Math.cos(eps);
      sinEpsSeed = Math.sin(eps);
    }
    // ε moves by arc seconds within a block: cos ε, sin ε by angle addition to the seed's.
    const dEps = eps - epsSeed_rad, cosDEps = cosSmall(dEps), sinDEps = sinSmall(dEps);
    const cosEps = cosEpsSeed * cosDEps - sinEpsSeed * sinDEps;
    const sinEps = sinEpsSeed * cosDEps + cosEpsSeed * sinDEps;
    const sinLam = Math.sin(lam);
    const sinBet = sinSmall(bet), cosBet = cosSmall(bet); // |β| < 10⁻⁵ rad
    const nu_deg = nu0_deg + delta_psi_deg * cosEps; // (29)
    const alpha_deg = limit360_deg(
      Math.atan2(sinLam * cosEps - (sinBet / cosBet) * sinEps, Math.cos(lam)) * R2D,
    ); // (30)
    // (31): δ itself is not needed, only its sine (the argument of the arcsine) and cosine.
    const sinDelta = sinBet * cosEps + cosBet * sinEps * sinLam;
    const cosDelta = Math.sqrt(1 - sinDelta * sinDelta);

    // §3.11–3.14: hour angle, parallax, topocentric position, elevation and azimuth. The
    // angles Δα (37) and δ′ (39) come from atan2(num, den) with den > 0 (cos δ ≥ cos 23.5° far
    // exceeds x·sin ξ ≤ 5·10⁻⁵), so their sine and cosine are num/ρ and den/ρ, ρ = √(num² +
    // den²); H′ = H − Δα (40) follows by angle subtraction. The same values as the arctangents
    // and their sines give, without them.
    const h = limit360_deg(nu_deg + site.longitude_deg - alpha_deg) * D2R; // (32)
    const sinXi = sinSmall((8.794 / (3600 * r_au)) * D2R); // (33): ξ ≈ 4·10⁻⁵ rad
    const cosH = Math.cos(h), sinH = Math.sin(h);
    const den = cosDelta - x * sinXi * cosH;
    const numAlpha = -x * sinXi * sinH, rhoAlpha = Math.sqrt(numAlpha * numAlpha + den * den);
    const cosDAlpha = den / rhoAlpha, sinDAlpha = numAlpha / rhoAlpha; // (37)
    const numDelta = (sinDelta - y * sinXi) * cosDAlpha;
    const rhoDelta = Math.sqrt(numDelta * numDelta + den * den);
    const sinDPrime = numDelta / rhoDelta, cosDPrime = den / rhoDelta; // (39)
    const cosHp = cosH * cosDAlpha + sinH * sinDAlpha; // (40)
    const sinHp = sinH * cosDAlpha - cosH * sinDAlpha;
    const e0_deg = Math.asin(sinPhi * sinDPrime + cosPhi * cosDPrime * cosHp) * R2D; // (41)
    const delta_e_deg = e0_deg >= refractLimit_deg
      ? refraction_deg(e0_deg, pressure_mbar, temperature_c)
      : 0; // (42)
    elevation_deg[i] = e0_deg + delta_e_deg; // (43)
    const azimuthAstro_deg = limit360_deg(
      Math.atan2(sinHp, cosHp * sinPhi - (numDelta / den) * cosPhi) * R2D,
    ); // (45)
    azimuth_deg[i] = limit360_deg(azimuthAstro_deg + 180); // (46)
  }
}
