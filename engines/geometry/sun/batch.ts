/**
 * SPA over many instants at one place (./spa.ts's equations, batched): evenly spaced instants
 * advance every periodic term by angle addition (a complex multiplication a step) instead of
 * a cosine each, reseeded exactly every RESEED steps, with the observer's constants computed
 * once; equal to ./spa.ts `spaAt` to rounding (tests/engines/sun_test.ts: 1e-9°). The speed is
 * bench/sun_bench.ts's "SPA series" group, against spaAt one instant at a time.
 */
import { B_TERMS, L_TERMS, R_TERMS } from "../spa_tables.ts";
import { D2R, limit360_deg, R2D } from "./time.ts";
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
} from "./spa.ts";
import type { SunSeries } from "./meeus.ts";
import { ticker } from "../../../ground/budget.ts";

/**
 * SPA over many Julian Days (UT) at one place, into the same parallel arrays as
 * {@link sunSeriesMeeus}. Evenly spaced instants (a year of hourly steps) take the batch kernel
 * `spaSeriesEven`: the periodic terms advance by angle addition instead of cosines and the
 * observer's constants are computed once; the result equals {@link spaAt} to rounding (tested
 * to 1e-9°). Other instants are computed one by one with {@link spaAt}.
 */
export function sunSeriesSpa(jds: Float64Array, site: SpaSite, delta_t_s: number): SunSeries {
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
export const RESEED = 1024;

/**
 * The longest span of one recurrence block in the batch path of {@link sunSeriesSpa}, days (a
 * year of hourly samples is re-seeded every 768 samples; 0.7-day steps every 45). It bounds the
 * error of stepping the nutation terms at a constant rate: their arguments Σ Y_j·X_j have small
 * JCE² terms (eqs. 15–19, |Σ Y_j·c2_j| ≤ 0.025° a century²), so with the rate taken at the
 * block's middle the phase is off by at most 0.025°·(span/2)², under 5·10⁻⁹° at 32 days, which
 * moves Δψ and Δε (Σ|a| ≈ 0.0054°) by under 10⁻¹²°.
 */
export const RESEED_SPAN_DAYS = 32;

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
 * The longest spacing of the nodes the batch path of {@link sunSeriesSpa} computes the slowly
 * varying terms at, days (issue 29). Between nodes those terms are interpolated with six-point
 * (quintic) Lagrange polynomials; the error of that is at most max|w(t)|/6!·(ωH)⁶ of a term's
 * amplitude A, max|w| ≈ 3.5 over the middle interval: with H = ¼ day the fastest Earth term
 * (L0/R0, C = 161,000 rad a millennium, ω = 0.44 rad/day, A = 86·10⁻⁸ rad) is off by under
 * 10⁻¹³°, the largest short nutation terms (13.7 days, 0.23″; 9.1 days, 0.03″; 5.6 days,
 * 0.004″) by under 10⁻¹¹°: far below the 10⁻⁹° the path is tested to. Measured: a year hourly
 * at Berlin is within 2.5·10⁻¹¹° of spaAt, as the path was before (tests/engines/geometry/
 * sun_test.ts checks five sites over a year to 10⁻⁹°; bench/sun_figures.ts prints it).
 */
export const NODE_SPACING_DAYS = 0.25;

/** The geocentric terms of SPA that depend on JDE alone, at the nodes of {@link slowTerms}. */
interface SlowTerms {
  /** Geocentric apparent right ascension α (eq. 30), degrees, unwrapped: continuous in time. */
  alpha_deg: Float64Array;
  /** sin δ, the geocentric declination's sine (eq. 31). */
  sinDelta: Float64Array;
  /** The equation of the equinoxes Δψ·cos ε (eq. 29: ν − ν0), degrees. */
  eqeq_deg: Float64Array;
  /** The Earth's radius vector R (eq. 12), au. */
  r_au: Float64Array;
}

/**
 * SPA's terms that depend on JDE alone (report §3.2–3.10 but the sidereal time) at `count`
 * instants `step_day` apart from `u0` (JDE − 2451545, days: small numbers, so the nodes'
 * times round at 10⁻¹² days, not 10⁻¹⁰): the Earth's L, B, R (eqs. 9–12) and the nutation
 * (eqs. 15–23) by the recurrences described at {@link spaSeriesEven}, then eqs. 13–14 and
 * 24–27, 30–31 exactly, into {@link SlowTerms}.
 */
function slowTerms(u0: number, step_day: number, count: number): SlowTerms {
  const alpha_deg = new Float64Array(count), sinDelta = new Float64Array(count);
  const eqeq_deg = new Float64Array(count), r_au = new Float64Array(count);
  const dJme = step_day / 365250, dJce = step_day / 36525;
  const earth = phasors(EARTH_A.length);
  for (let k = 0; k < EARTH_A.length; k++) {
    earth.stepCos[k] = Math.cos(EARTH_C[k] * dJme);
    earth.stepSin[k] = Math.sin(EARTH_C[k] * dJme);
  }
  const nut = phasors(NUT_COUNT);
  const nutArg_rad = new Float64Array(5), nutSums = new Float64Array(2);
  const rowSums = new Float64Array(EARTH_ROW_END.length);
  const block = Math.max(1, Math.min(RESEED, Math.floor(RESEED_SPAN_DAYS / step_day)));
  const tick = ticker(1024);
  for (let i = 0; i < count; i++) {
    tick();
    const jce = (u0 + i * step_day) / 36525; // (5, 7)
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
      const jceMid = jce + (Math.min(block, count - i) - 1) / 2 * dJce;
      for (let j = 0; j < 5; j++) {
        nutArg_rad[j] = nutationArgumentRate_degPerJc(NUT_ARG_POLY[j], jceMid) * dJce * D2R;
      }
      nutationPhasors(nutArg_rad, nut.stepCos, nut.stepSin);
    }
    // §3.2: the row sums Σ A·cos(B + C·JME) (eq. 10), then L, B, R (eqs. 11–12).
    earthRowSums(earth, !seed, rowSums);
    // L unlimited (continuous), B, R (eqs. 11–12); θ, β (13–14).
    const theta_deg = earthPolynomial(rowSums, 0, 6, jme) * R2D + 180;
    const beta_rad = -earthPolynomial(rowSums, 6, 8, jme);
    const r = earthPolynomial(rowSums, 8, 13, jme);
    if (!seed) advance(nut);
    nutationSums_deg(nut.cos, nut.sin, jce, nutSums); // (20–23)
    const eps = (meanObliquity_arcsec(jme) / 3600 + nutSums[1]) * D2R; // (24–25)
    const lambda_deg = theta_deg + nutSums[0] - 20.4898 / (3600 * r); // (26–27)
    const lam = lambda_deg * D2R, sinLam = Math.sin(lam);
    const cosEps = Math.cos(eps), sinEps = Math.sin(eps);
    const a_deg = Math.atan2(sinLam * cosEps - Math.tan(beta_rad) * sinEps, Math.cos(lam)) *
      R2D; // (30)
    // α within ±3° of λ: unwrapped next to λ, which is continuous.
    const da = a_deg - lambda_deg;
    alpha_deg[i] = lambda_deg + (da - 360 * Math.round(da / 360));
    sinDelta[i] = Math.sin(beta_rad) * cosEps + Math.cos(beta_rad) * sinEps * sinLam; // (31)
    eqeq_deg[i] = nutSums[0] * cosEps; // (29)
    r_au[i] = r;
  }
  return { alpha_deg, sinDelta, eqeq_deg, r_au };
}

/** 1 / Π_{c≠a} (a − c) over the nodes −2…3: the six-point Lagrange denominators. */
const LAGRANGE_INV_DEN = Float64Array.from([-2, -1, 0, 1, 2, 3], (a) => {
  let d = 1;
  for (let c = -2; c <= 3; c++) if (c !== a) d *= a - c;
  return 1 / d;
});

/**
 * Six-point Lagrange weights at t (in node spacings from the third of nodes at −2…3) into
 * `w`: Π_{c≠a} (t − c) / Π_{c≠a} (a − c), by prefix and suffix products.
 */
function lagrangeWeights(t: number, w: Float64Array): void {
  const d0 = t + 2, d1 = t + 1, d2 = t, d3 = t - 1, d4 = t - 2, d5 = t - 3;
  const p01 = d0 * d1, p012 = p01 * d2, p0123 = p012 * d3;
  const s45 = d4 * d5, s345 = d3 * s45, s2345 = d2 * s345;
  w[0] = d1 * s2345 * LAGRANGE_INV_DEN[0];
  w[1] = d0 * s2345 * LAGRANGE_INV_DEN[1];
  w[2] = p01 * s345 * LAGRANGE_INV_DEN[2];
  w[3] = p012 * s45 * LAGRANGE_INV_DEN[3];
  w[4] = p0123 * d5 * LAGRANGE_INV_DEN[4];
  w[5] = p0123 * d4 * LAGRANGE_INV_DEN[5];
}

/** Σ w[a]·v[q + a] over a = 0…5: the interpolated value (see {@link lagrangeWeights}). */
function lagrange6(v: Float64Array, q: number, w: Float64Array): number {
  return w[0] * v[q] + w[1] * v[q + 1] + w[2] * v[q + 2] + w[3] * v[q + 3] + w[4] * v[q + 4] +
    w[5] * v[q + 5];
}

/**
 * The batch kernel of {@link sunSeriesSpa} for instants `step_day` apart: report §3 steps
 * 3.1–3.14 per instant (topocentric refracted elevation, eq. 43, and azimuth, eq. 46), written
 * into `elevation_deg` and `azimuth_deg`, allocation-free in the loop.
 *
 * - The slowly varying terms — the Earth's heliocentric L, B, R (§3.2) and the nutation Δψ,
 *   Δε (§3.4) — are computed at nodes every m-th instant (m·step_day ≤
 *   {@link NODE_SPACING_DAYS}; every instant for longer steps) by {@link slowTerms}, and
 *   interpolated between them by six-point Lagrange polynomials (issue 29: a year hourly
 *   computes them 1,465 times, not 8,760). The mean obliquity, the sidereal time and all that
 *   depends on the hour are computed at each instant.
 * - At the nodes, the Earth periodic terms (eqs. 9–10) advance by a fixed rotation by
 *   C·ΔJME (one complex multiplication a term instead of a cosine); each of the 63 nutation
 *   terms' argument Σ Y_j·X_j by a rotation by Σ Y_j·X_j′·ΔJCE, with the rates X_j′ taken at
 *   the middle of the block (the JCE² and JCE³ terms make them drift slowly; see
 *   {@link RESEED_SPAN_DAYS}); both re-seeded with exact cos/sin every block of
 *   {@link RESEED} nodes (at most {@link RESEED_SPAN_DAYS} days).
 * - Angles that stay tiny (β, ξ, the change of ε within a block) take short exact series
 *   instead of Math.sin/cos; δ, Δα, δ′ (eqs. 31, 37, 39) are used through their sines and
 *   cosines only, which come from the arcsine's and the arctangents' arguments.
 * - The observer's terms (§3.12, eqs. 34–36; refraction constants of eq. 42) are per site.
 * The remaining steps are eqs. 5–8, 13–14, 24–33 and 38–46 as in {@link spaGeocentric} and
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

  // The slow terms at nodes every m-th instant, from two nodes before the first instant to
  // three after the last, and the interpolation weights at each instant between two nodes.
  // Times are JDE − 2451545 as spaAt rounds them (jd + ΔT first), so that each instant is
  // interpolated at the very time spaAt computes it at; the nodes' own times are exact offsets.
  const m = Math.max(1, Math.floor(NODE_SPACING_DAYS / step_day));
  const nodeStep = m * step_day, nodes = Math.floor((n - 1) / m) + 6;
  const u0 = jds[0] + delta_t_s / 86400 - 2451545;
  const slow = slowTerms(u0 - 2 * nodeStep, nodeStep, nodes);
  const weights = new Float64Array(6);

  const tick = ticker(1024);
  for (let i = 0; i < n; i++) {
    tick();
    const jd = jds[i];
    const jde = jd + delta_t_s / 86400; // (5)
    const jc = (jd - 2451545) / 36525; // (6)

    // §3.2–3.10 but the sidereal time, by interpolation: nodes q…q+5 around this instant.
    const q = Math.floor(i / m);
    lagrangeWeights((jde - 2451545 - (u0 + q * nodeStep)) / nodeStep, weights);
    const alpha_deg = lagrange6(slow.alpha_deg, q, weights);
    const sinDelta = lagrange6(slow.sinDelta, q, weights);
    const cosDelta = Math.sqrt(1 - sinDelta * sinDelta);
    const r_au = lagrange6(slow.r_au, q, weights);
    const nu0_deg = limit360_deg(
      280.46061837 + 360.98564736629 * (jd - 2451545) + 0.000387933 * jc * jc -
        jc * jc * jc / 38710000,
    ); // (28)
    const nu_deg = nu0_deg + lagrange6(slow.eqeq_deg, q, weights); // (29)

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
