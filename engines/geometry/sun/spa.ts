/**
 * The NREL Solar Position Algorithm (SPA), the reference implementation from the paper:
 * Reda, I. & Andreas, A., "Solar position algorithm for solar radiation applications",
 * Solar Energy 76(5):577–589 (2004), corrigendum 81(6):838 (2007); NREL/TP-560-34302 (rev. 2008).
 * Equation numbers below are the report's. Stated accuracy ±0.0003° for years −2000…6000.
 * Also sunrise / transit / sunset (appendix A.2), the equation of time (A.1), refraction
 * (eq. 42) and the standard-atmosphere pressure SPA's refraction takes. As pvlib keeps
 * `spa.solar_position` apart from its numba batch, the batch kernel is ./batch.ts.
 *
 * Conventions: angles in degrees; azimuth_deg east of north (0 = N, 90 = E); `azimuth_astro_deg`
 * (Γ) westward from south; elevation/zenith topocentric; `apparent` values include refraction.
 */
// The nutation helpers below are exported for the batch kernel (./batch.ts), which advances
// the same terms; they are not part of the engine's API (./mod.ts names what is).
import { B_TERMS, type EarthTerm, L_TERMS, NUTATION_TERMS, R_TERMS } from "../spa_tables.ts";
import { D2R, deltaT_s, julianDay, limit01, limit360_deg, R2D } from "./time.ts";

/** A row of Table A4.2 flattened to [A0, B0, C0, A1, B1, C1, …] for a tight loop. */
const flat = (rows: readonly (readonly EarthTerm[])[]) =>
  rows.map((terms) => Float64Array.from(terms.flatMap((t) => [t[0], t[1], t[2]])));
const L_FLAT = flat(L_TERMS), B_FLAT = flat(B_TERMS), R_FLAT = flat(R_TERMS);
/** Table A4.3 flattened: 9 numbers a term (Y0…Y4, a, b, c, d). */
const NUT_FLAT = Float64Array.from(NUTATION_TERMS.flatMap((t) => [...t]));
/** The number of nutation terms in Table A4.3 (63). */
export const NUT_COUNT = NUTATION_TERMS.length;
/** Table A4.3's coefficients a, b (of Δψ, eq. 20) and c, d (of Δε, eq. 21), one array each. */
const NUT_A = Float64Array.from(NUTATION_TERMS, (t) => t[5]);
const NUT_B = Float64Array.from(NUTATION_TERMS, (t) => t[6]);
const NUT_C = Float64Array.from(NUTATION_TERMS, (t) => t[7]);
const NUT_D = Float64Array.from(NUTATION_TERMS, (t) => t[8]);
/** Scratch for e^{ikX_j}, k = −3…3, j = 0…4 (nutation). */
const NUT_POW = new Float64Array(5 * 14);

/**
 * The nutation arguments X0…X4 (report eqs. 15–19) as [c0, c1, c2, d3]: X = c0 + c1·JCE +
 * c2·JCE² + JCE³/d3 degrees (mean elongation of the moon from the sun, mean anomaly of the sun,
 * of the moon, the moon's argument of latitude, longitude of its ascending node).
 */
export const NUT_ARG_POLY: readonly (readonly [number, number, number, number])[] = [
  [297.85036, 445267.11148, -0.0019142, 189474], // X0 (15)
  [357.52772, 35999.05034, -0.0001603, -300000], // X1 (16)
  [134.96298, 477198.867398, 0.0086972, 56250], // X2 (17)
  [93.27191, 483202.017538, -0.0036825, 327270], // X3 (18)
  [125.04452, -1934.136261, 0.0020708, 450000], // X4 (19)
];

/** One nutation argument X_j at Julian Ephemeris Century `jce`, degrees (report eqs. 15–19). */
export function nutationArgument_deg(p: readonly number[], jce: number): number {
  const j2 = jce * jce, j3 = j2 * jce;
  return p[0] + p[1] * jce + p[2] * j2 + j3 / p[3];
}

/** The rate dX_j/dJCE of one nutation argument, degrees a Julian century (eqs. 15–19 differentiated). */
export function nutationArgumentRate_degPerJc(p: readonly number[], jce: number): number {
  return p[1] + 2 * p[2] * jce + 3 * jce * jce / p[3];
}

/**
 * cos and sin of every Table A4.3 term's argument Σ Y_j·x_j (the angle of report eqs. 20–21),
 * written into `cosOut` and `sinOut`, for five angles `x_rad` in radians. The sums come
 * from e^{ix_j} raised to the small integer powers Y_j (−2…3) of the table: 10 trigonometric
 * calls instead of 126. Used with the arguments X0…X4 themselves, and with their increments
 * over one step of a batch (the per-step rotation of each term).
 */
export function nutationPhasors(
  x_rad: ArrayLike<number>,
  cosOut: Float64Array,
  sinOut: Float64Array,
): void {
  const pw = NUT_POW;
  for (let j = 0; j < 5; j++) {
    const a = x_rad[j], c = Math.cos(a), sn = Math.sin(a), o = j * 14;
    // Slots k = −3…3 at o + 2(k + 3): [re, im].
    pw[o + 6] = 1;
    pw[o + 7] = 0;
    let re = 1, im = 0;
    for (let k = 1; k <= 3; k++) {
      const r2 = re * c - im * sn;
      im = re * sn + im * c;
      re = r2;
      pw[o + 6 + 2 * k] = re;
      pw[o + 7 + 2 * k] = im;
      pw[o + 6 - 2 * k] = re;
      pw[o + 7 - 2 * k] = -im;
    }
  }
  const t = NUT_FLAT;
  for (let i = 0, n = 0; i < t.length; i += 9, n++) {
    let re = 1, im = 0;
    for (let j = 0; j < 5; j++) {
      const y = t[i + j];
      if (y === 0) continue;
      const o = j * 14 + 6 + 2 * y, pr = pw[o], pi = pw[o + 1];
      const r2 = re * pr - im * pi;
      im = re * pi + im * pr;
      re = r2;
    }
    cosOut[n] = re;
    sinOut[n] = im;
  }
}

/**
 * Δψ and Δε in degrees (report eqs. 20–23) from the cos and sin of the terms' arguments
 * ({@link nutationPhasors}), written into out[0], out[1].
 */
export function nutationSums_deg(
  cos: Float64Array,
  sin: Float64Array,
  jce: number,
  out: Float64Array,
): void {
  let dpsi = 0, deps = 0;
  for (let n = 0; n < NUT_COUNT; n++) {
    dpsi += (NUT_A[n] + NUT_B[n] * jce) * sin[n]; // (20)
    deps += (NUT_C[n] + NUT_D[n] * jce) * cos[n]; // (21)
  }
  out[0] = dpsi / 36000000; // (22)
  out[1] = deps / 36000000; // (23)
}

/** Sum of one row of Table A4.2 terms, Σ A·cos(B + C·JME) (report eqs. 9–10). */
function termSum(t: Float64Array, jme: number): number {
  let s = 0;
  for (let i = 0; i < t.length; i += 3) s += t[i] * Math.cos(t[i + 1] + t[i + 2] * jme);
  return s;
}

/** Σ X_i·JMEⁱ / 10⁸ (report eq. 11), in radians. */
function polyTerms(sums: number[], jme: number): number {
  let s = 0;
  for (let i = sums.length - 1; i >= 0; i--) s = s * jme + sums[i];
  return s / 1e8;
}

/** The Earth's heliocentric position (report §3.2): the row sums and L, B in degrees, R in AU. */
export interface EarthHeliocentric {
  /** L0…L5 row sums (Table A5.1 prints them). */
  l_sums: number[];
  b_sums: number[];
  r_sums: number[];
  l_deg: number;
  b_deg: number;
  r_au: number;
}

/** Earth heliocentric longitude, latitude and radius vector at Julian Ephemeris Millennium `jme` (report §3.2, eqs. 9–12). */
export function earthHeliocentric(jme: number): EarthHeliocentric {
  return earthFromSums(
    L_FLAT.map((t) => termSum(t, jme)),
    B_FLAT.map((t) => termSum(t, jme)),
    R_FLAT.map((t) => termSum(t, jme)),
    jme,
  );
}

function earthFromSums(
  l_sums: number[],
  b_sums: number[],
  r_sums: number[],
  jme: number,
): EarthHeliocentric {
  return {
    l_sums,
    b_sums,
    r_sums,
    l_deg: limit360_deg(polyTerms(l_sums, jme) * R2D),
    b_deg: polyTerms(b_sums, jme) * R2D,
    r_au: polyTerms(r_sums, jme),
  };
}

/** Nutation (report §3.4): the arguments X0…X4 (degrees) and Δψ, Δε (degrees). */
export interface Nutation {
  x_deg: [number, number, number, number, number];
  delta_psi_deg: number;
  delta_epsilon_deg: number;
}

/** Nutation in longitude and obliquity at Julian Ephemeris Century `jce` (report eqs. 15–23, Table A4.3). */
export function nutation(jce: number): Nutation {
  const x_deg = NUT_ARG_POLY.map((p) => nutationArgument_deg(p, jce)) as Nutation["x_deg"];
  const cos = new Float64Array(NUT_COUNT), sin = new Float64Array(NUT_COUNT);
  nutationPhasors(x_deg.map((x) => x * D2R), cos, sin);
  const sums = new Float64Array(2);
  nutationSums_deg(cos, sin, jce, sums);
  return { x_deg, delta_psi_deg: sums[0], delta_epsilon_deg: sums[1] };
}

/** Mean obliquity of the ecliptic ε0 in arc seconds (report eq. 24, U = JME/10). */
export function meanObliquity_arcsec(jme: number): number {
  const u = jme / 10;
  return 84381.448 +
    u * (-4680.93 +
        u * (-1.55 +
            u * (1999.25 +
                u *
                  (-51.38 +
                    u *
                      (-249.67 +
                        u * (-39.05 + u * (7.12 + u * (27.87 + u * (5.79 + u * 2.45)))))))));
}

/** Everything SPA computes before the observer's place: time scales, Earth, nutation, α, δ, ν. */
export interface SpaGeocentric {
  jd: number;
  jde: number;
  jc: number;
  jce: number;
  jme: number;
  earth: EarthHeliocentric;
  /** Geocentric longitude Θ and latitude β (eqs. 13–14), degrees. */
  theta_deg: number;
  beta_deg: number;
  nutation: Nutation;
  epsilon0_arcsec: number;
  /** True obliquity ε (eq. 25), degrees. */
  epsilon_deg: number;
  /** Aberration correction Δτ (eq. 26), degrees. */
  delta_tau_deg: number;
  /** Apparent sun longitude λ (eq. 27), degrees. */
  lambda_deg: number;
  /** Mean and apparent sidereal time at Greenwich ν0, ν (eqs. 28–29), degrees. */
  nu0_deg: number;
  nu_deg: number;
  /** Geocentric right ascension α and declination δ (eqs. 30–31), degrees. */
  alpha_deg: number;
  delta_deg: number;
}

/** SPA steps 3.1–3.10 at Julian Day `jd` (UT) with ΔT in seconds. */
export function spaGeocentric(
  jd: number,
  delta_t_s: number,
  earthAt: (jme: number) => EarthHeliocentric = earthHeliocentric,
): SpaGeocentric {
  const jde = jd + delta_t_s / 86400; // (5)
  const jc = (jd - 2451545) / 36525; // (6)
  const jce = (jde - 2451545) / 36525; // (7)
  const jme = jce / 10; // (8)
  const earth = earthAt(jme);
  const theta_deg = limit360_deg(earth.l_deg + 180); // (13)
  const beta_deg = -earth.b_deg; // (14)
  const nut = nutation(jce);
  const epsilon0_arcsec = meanObliquity_arcsec(jme);
  const epsilon_deg = epsilon0_arcsec / 3600 + nut.delta_epsilon_deg; // (25)
  const delta_tau_deg = -20.4898 / (3600 * earth.r_au); // (26)
  const lambda_deg = theta_deg + nut.delta_psi_deg + delta_tau_deg; // (27)
  const nu0_deg = limit360_deg(
    280.46061837 + 360.98564736629 * (jd - 2451545) + 0.000387933 * jc * jc -
      jc * jc * jc / 38710000,
  ); // (28)
  const eps = epsilon_deg * D2R, lam = lambda_deg * D2R, bet = beta_deg * D2R;
  const nu_deg = nu0_deg + nut.delta_psi_deg * Math.cos(eps); // (29)
  const alpha_deg = limit360_deg(
    Math.atan2(Math.sin(lam) * Math.cos(eps) - Math.tan(bet) * Math.sin(eps), Math.cos(lam)) *
      R2D,
  ); // (30)
  const delta_deg = Math.asin(
    Math.sin(bet) * Math.cos(eps) + Math.cos(bet) * Math.sin(eps) * Math.sin(lam),
  ) * R2D; // (31)
  return {
    jd,
    jde,
    jc,
    jce,
    jme,
    earth,
    theta_deg,
    beta_deg,
    nutation: nut,
    epsilon0_arcsec,
    epsilon_deg,
    delta_tau_deg,
    lambda_deg,
    nu0_deg,
    nu_deg,
    alpha_deg,
    delta_deg,
  };
}

/** The observer and the surface for SPA. Defaults: sea level, 1010 mbar, 10 °C, horizontal surface. */
export interface SpaSite {
  latitude_deg: number;
  /** Positive east of Greenwich. */
  longitude_deg: number;
  elevation_m?: number;
  /** Annual average local pressure, millibars (eq. 42). */
  pressure_mbar?: number;
  /** Annual average local temperature, °C (eq. 42). */
  temperature_c?: number;
  /** Surface slope from the horizontal, degrees (eq. 47). */
  slope_deg?: number;
  /** Surface azimuth rotation, from south, positive toward west, degrees (eq. 47). */
  azm_rotation_deg?: number;
  /** Atmospheric refraction at sunrise and sunset, degrees (default 0.5667, App. A.2). */
  atmos_refract_deg?: number;
}

/** A full SPA result with the intermediate values of Table A5.1. */
export interface SpaResult extends SpaGeocentric {
  /** Observer local hour angle H (eq. 32), degrees, westward from south. */
  h_deg: number;
  /** Equatorial horizontal parallax ξ (eq. 33), degrees. */
  xi_deg: number;
  delta_alpha_deg: number;
  /** Topocentric α′, δ′, H′ (eqs. 38–40), degrees. */
  alpha_prime_deg: number;
  delta_prime_deg: number;
  h_prime_deg: number;
  /** Topocentric elevation without refraction e0 (eq. 41), refraction Δe (42), e (43). */
  e0_deg: number;
  delta_e_deg: number;
  e_deg: number;
  /** Topocentric zenith θ (eq. 44), refracted. */
  zenith_deg: number;
  /** Astronomers' azimuth Γ (eq. 45), westward from south. */
  azimuth_astro_deg: number;
  /** Azimuth Φ (eq. 46), eastward from north. */
  azimuth_deg: number;
  /** Incidence angle on the surface (eq. 47). */
  incidence_deg: number;
  /** Sun mean longitude M (eq. A2), degrees, and the equation of time E (eq. A1), minutes. */
  sun_mean_longitude_deg: number;
  eot_min: number;
}

/** Refraction correction Δe in degrees for a true elevation e0 (report eq. 42, Bennett's formula). */
export function refraction_deg(e0_deg: number, pressure_mbar = 1010, temperature_c = 10): number {
  return (pressure_mbar / 1010) * (283 / (273 + temperature_c)) * 1.02 /
    (60 * Math.tan((e0_deg + 10.3 / (e0_deg + 5.11)) * D2R));
}

/** The sun's apparent radius used at rise and set, degrees (report App. A.2). */
export const SUN_RADIUS_DEG = 0.26667;

/**
 * Incidence angle on a surface (report eq. 47, after Iqbal 1983): zenith θ, astronomers'
 * azimuth Γ (from south, westward), surface slope ω and azimuth rotation γ (from south,
 * westward), all in degrees.
 */
export function incidence_deg(
  zenith_deg: number,
  azimuth_astro_deg: number,
  slope_deg: number,
  azm_rotation_deg: number,
): number {
  const th = zenith_deg * D2R, om = slope_deg * D2R;
  const c = Math.cos(th) * Math.cos(om) +
    Math.sin(om) * Math.sin(th) * Math.cos((azimuth_astro_deg - azm_rotation_deg) * D2R);
  return Math.acos(Math.max(-1, Math.min(1, c))) * R2D;
}

/**
 * Equation of time in minutes (report App. A.1, eqs. A1–A2) from JME, α, Δψ and ε (degrees);
 * also the sun's mean longitude M in degrees.
 */
export function equationOfTime(
  jme: number,
  alpha_deg: number,
  delta_psi_deg: number,
  epsilon_deg: number,
): { eot_min: number; sun_mean_longitude_deg: number } {
  const m = limit360_deg(
    280.4664567 + 360007.6982779 * jme + 0.03032028 * jme ** 2 + jme ** 3 / 49931 -
      jme ** 4 / 15300 - jme ** 5 / 2000000,
  );
  let e = 4 * (m - 0.0057183 - alpha_deg + delta_psi_deg * Math.cos(epsilon_deg * D2R));
  if (e > 20) e -= 1440 * Math.ceil((e - 20) / 1440);
  if (e < -20) e += 1440 * Math.ceil((-20 - e) / 1440);
  return { eot_min: e, sun_mean_longitude_deg: m };
}

/** SPA steps 3.11–3.16 and A.1 for an observer, at Julian Day `jd` (UT) with ΔT in seconds. */
export function spaAt(jd: number, delta_t_s: number, site: SpaSite): SpaResult {
  const g = spaGeocentric(jd, delta_t_s);
  return spaTopocentric(g, site);
}

/** SPA steps 3.11–3.16 and A.1 from a geocentric result. */
export function spaTopocentric(g: SpaGeocentric, site: SpaSite): SpaResult {
  const phi = site.latitude_deg * D2R;
  const elev = site.elevation_m ?? 0;
  const pressure = site.pressure_mbar ?? 1010;
  const temperature = site.temperature_c ?? 10;
  const refract = site.atmos_refract_deg ?? 0.5667;
  const h_deg = limit360_deg(g.nu_deg + site.longitude_deg - g.alpha_deg); // (32)
  const xi_deg = 8.794 / (3600 * g.earth.r_au); // (33)
  const u = Math.atan(0.99664719 * Math.tan(phi)); // (34)
  const x = Math.cos(u) + (elev / 6378140) * Math.cos(phi); // (35)
  const y = 0.99664719 * Math.sin(u) + (elev / 6378140) * Math.sin(phi); // (36)
  const xi = xi_deg * D2R, h = h_deg * D2R, dl = g.delta_deg * D2R;
  const denom = Math.cos(dl) - x * Math.sin(xi) * Math.cos(h);
  const dAlpha = Math.atan2(-x * Math.sin(xi) * Math.sin(h), denom); // (37)
  const delta_alpha_deg = dAlpha * R2D;
  const alpha_prime_deg = g.alpha_deg + delta_alpha_deg; // (38)
  const dPrime = Math.atan2((Math.sin(dl) - y * Math.sin(xi)) * Math.cos(dAlpha), denom); // (39)
  const delta_prime_deg = dPrime * R2D;
  const h_prime_deg = h_deg - delta_alpha_deg; // (40)
  const hp = h_prime_deg * D2R;
  const e0_deg = Math.asin(
    Math.sin(phi) * Math.sin(dPrime) + Math.cos(phi) * Math.cos(dPrime) * Math.cos(hp),
  ) * R2D; // (41)
  // (42): no refraction once the sun's upper limb is below the refracted horizon.
  const delta_e_deg = e0_deg >= -(SUN_RADIUS_DEG + refract)
    ? refraction_deg(e0_deg, pressure, temperature)
    : 0;
  const e_deg = e0_deg + delta_e_deg; // (43)
  const zenith_deg = 90 - e_deg; // (44)
  const azimuth_astro_deg = limit360_deg(
    Math.atan2(Math.sin(hp), Math.cos(hp) * Math.sin(phi) - Math.tan(dPrime) * Math.cos(phi)) *
      R2D,
  ); // (45)
  const azimuth_deg = limit360_deg(azimuth_astro_deg + 180); // (46)
  // (47); on a horizontal surface it reduces to the zenith angle.
  const incidence = site.slope_deg
    ? incidence_deg(zenith_deg, azimuth_astro_deg, site.slope_deg, site.azm_rotation_deg ?? 0)
    : zenith_deg;
  const eot = equationOfTime(g.jme, g.alpha_deg, g.nutation.delta_psi_deg, g.epsilon_deg);
  return {
    ...g,
    h_deg,
    xi_deg,
    delta_alpha_deg,
    alpha_prime_deg,
    delta_prime_deg,
    h_prime_deg,
    e0_deg,
    delta_e_deg,
    e_deg,
    zenith_deg,
    azimuth_astro_deg,
    azimuth_deg,
    incidence_deg: incidence,
    sun_mean_longitude_deg: eot.sun_mean_longitude_deg,
    eot_min: eot.eot_min,
  };
}

/** A calendar instant for SPA: local standard time with its zone, ΔUT1 and ΔT. */
export interface SpaTime {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  /** Hours east of UT (−7 for MST). */
  timezone_h?: number;
  delta_ut1_s?: number;
  /** TT − UT in seconds; default {@link deltaT_s} for the year and month. */
  delta_t_s?: number;
}

/** The NREL SPA for a calendar time and an observer (report §3, all steps). */
export function spa(input: SpaTime & SpaSite): SpaResult {
  const jd = julianDay(
    input.year,
    input.month,
    input.day,
    input.hour ?? 0,
    input.minute ?? 0,
    input.second ?? 0,
    input.delta_ut1_s ?? 0,
    input.timezone_h ?? 0,
  );
  return spaAt(jd, input.delta_t_s ?? deltaT_s(input.year, input.month), input);
}

/** Sun transit, sunrise and sunset of one day (report App. A.2). */
export interface RiseTransitSet {
  /** Fractions of the UT day (0…1) as eqs. A13–A15 give them. */
  transit_frac: number;
  sunrise_frac: number | null;
  sunset_frac: number | null;
  /** Local standard time in hours (UT + timezone_h, limited to 0…24). */
  transit_h: number;
  sunrise_h: number | null;
  sunset_h: number | null;
  /** Set when the sun stays above ("day") or below ("night") h′0 all day: no rise or set. */
  polar?: "day" | "night";
  /** Sun elevation at transit, degrees (eq. A12, i = 0). */
  transit_elevation_deg: number;
}

/** Limits H′ to (−180°, 180°] keeping its sign (report step A.2.11). */
function limitPm180(h: number): number {
  let r = h % 360;
  if (r <= -180) r += 360;
  if (r >= 180) r -= 360;
  return r;
}

/**
 * Sunrise, sun transit and sunset for the UT date year-month-day at an observer (report App.
 * A.2, eqs. A3–A15): sidereal time at 0 UT, α and δ at 0 TT of the day before, the day and the
 * day after, interpolated; sunrise/sunset when the sun's centre is at h′0 = −(0.26667° +
 * atmos_refract_deg), default −0.8333°. Results are fractions of the UT day as the report
 * defines them, so an event may belong to the neighbouring local day.
 */
export function sunRiseTransitSet(
  input: {
    year: number;
    month: number;
    day: number;
    latitude_deg: number;
    longitude_deg: number;
    delta_t_s?: number;
    timezone_h?: number;
    atmos_refract_deg?: number;
  },
): RiseTransitSet {
  const dt = input.delta_t_s ?? deltaT_s(input.year, input.month);
  const tz = input.timezone_h ?? 0;
  const h0p = -(SUN_RADIUS_DEG + (input.atmos_refract_deg ?? 0.5667));
  const jd0 = julianDay(input.year, input.month, input.day);
  const nu = spaGeocentric(jd0, dt).nu_deg; // A.2.1
  const ad = [-1, 0, 1].map((k) => spaGeocentric(jd0 + k, 0)); // A.2.2: 0 TT
  const alpha = ad.map((g) => g.alpha_deg), delta = ad.map((g) => g.delta_deg);
  const sigma = input.longitude_deg, phi = input.latitude_deg * D2R;
  const m0raw = (alpha[1] - sigma - nu) / 360; // (A3)
  const arg = (Math.sin(h0p * D2R) - Math.sin(phi) * Math.sin(delta[1] * D2R)) /
    (Math.cos(phi) * Math.cos(delta[1] * D2R)); // (A4)
  const limitAbs = (v: number) => (Math.abs(v) > 2 ? limit01(v) : v);
  const a = limitAbs(alpha[1] - alpha[0]), b = limitAbs(alpha[2] - alpha[1]);
  const ap = limitAbs(delta[1] - delta[0]), bp = limitAbs(delta[2] - delta[1]);
  const c = b - a, cp = bp - ap;
  const at = (m: number) => {
    const nui = nu + 360.985647 * m; // (A7)
    const n = m + dt / 86400; // (A8)
    const alphaI = alpha[1] + n * (a + b + c * n) / 2; // (A9)
    const deltaI = delta[1] + n * (ap + bp + cp * n) / 2; // (A10)
    const hI = limitPm180(nui + sigma - alphaI); // (A11)
    const dI = deltaI * D2R;
    const elev = Math.asin(
      Math.sin(phi) * Math.sin(dI) + Math.cos(phi) * Math.cos(dI) * Math.cos(hI * D2R),
    ) * R2D; // (A12)
    return { hI, dI, elev };
  };
  const m0 = limit01(m0raw);
  const tr = at(m0);
  const transit_frac = m0 - tr.hI / 360; // (A13)
  const local = (f: number) => 24 * limit01(f + tz / 24);
  if (Math.abs(arg) > 1) {
    return {
      transit_frac,
      sunrise_frac: null,
      sunset_frac: null,
      transit_h: local(transit_frac),
      sunrise_h: null,
      sunset_h: null,
      polar: arg < -1 ? "day" : "night",
      transit_elevation_deg: tr.elev,
    };
  }
  const H0 = Math.acos(arg) * R2D; // already in 0…180
  const m1 = limit01(m0raw - H0 / 360), m2 = limit01(m0raw + H0 / 360); // (A5, A6, A.2.7)
  const event = (m: number) => {
    const e = at(m);
    return m + (e.elev - h0p) / (360 * Math.cos(e.dI) * Math.cos(phi) * Math.sin(e.hI * D2R)); // (A14)
  };
  const sunrise_frac = event(m1), sunset_frac = event(m2);
  return {
    transit_frac,
    sunrise_frac,
    sunset_frac,
    transit_h: local(transit_frac),
    sunrise_h: local(sunrise_frac),
    sunset_h: local(sunset_frac),
    transit_elevation_deg: tr.elev,
  };
}

/**
 * Standard-atmosphere pressure at an elevation, millibars (ICAO ISA 1993 troposphere:
 * 1013.25·(1 − 2.25577·10⁻⁵·h)^5.25588), for SPA's refraction when no measured mean is given.
 */
export function pressureAtElevation_mbar(elevation_m: number): number {
  return 1013.25 * Math.pow(1 - 2.25577e-5 * elevation_m, 5.25588);
}
