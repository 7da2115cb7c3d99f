/**
 * Time scales for solar position: Julian Day (Reda & Andreas 2004, NREL/TP-560-34302, eq. 4),
 * Unix time, and ΔT = TT − UT (Espenak & Meeus, NASA/TP-2006-214141), with the angle helpers
 * the report's steps share (limit to [0, 360), INT). Pure functions.
 */
/** Degrees to radians and back. */
export const D2R = Math.PI / 180;
export const R2D = 180 / Math.PI;

/** Limits an angle to [0, 360) degrees (report step 3.2.6). */
export function limit360_deg(a: number): number {
  const r = a - 360 * Math.floor(a / 360);
  return r >= 360 ? 0 : r;
}

/** Limits a fraction to [0, 1) (report step A.2.7: step 3.2.6 with 360 replaced by 1). */
export function limit01(x: number): number {
  return x - Math.floor(x);
}

/** Truncation toward zero, the report's INT (eq. 4: "−8.7 = −8"). */
const INT = Math.trunc;

/**
 * Julian Day (report eq. 4) of a calendar date and time. `timezone_h` is the local zone
 * (hours east of UT, e.g. −7 for MST); `delta_ut1_s` is UT1 − UTC (eq. 3). Gregorian calendar
 * from 1582-10-15 (JD > 2299160), Julian before, year 0 exists (astronomical numbering).
 */
export function julianDay(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  delta_ut1_s = 0,
  timezone_h = 0,
): number {
  let y = year, m = month;
  if (m < 3) {
    y -= 1;
    m += 12;
  }
  const dayDecimal = day + (hour - timezone_h + (minute + (second + delta_ut1_s) / 60) / 60) / 24;
  let jd = INT(365.25 * (y + 4716)) + INT(30.6001 * (m + 1)) + dayDecimal - 1524.5;
  if (jd > 2299160) {
    const a = INT(y / 100);
    jd += 2 - a + INT(a / 4);
  }
  return jd;
}

/** Julian Day (UT) of a Unix time in milliseconds (JD 2440587.5 is 1970-01-01 00:00 UT). */
export function julianDayFromUnixMs(ms: number): number {
  return ms / 86400000 + 2440587.5;
}

/** Unix time in milliseconds of a Julian Day (UT). */
export function unixMsFromJulianDay(jd: number): number {
  return (jd - 2440587.5) * 86400000;
}

/**
 * ΔT = TT − UT in seconds for a year and month, from the polynomials of Espenak & Meeus
 * (NASA/TP-2006-214141, as used by pvlib `spa.calculate_deltat`), with y = year + (month − 0.5)/12.
 * Reliable from about −1999 to 3000; outside, the long-term parabola −20 + 32u².
 */
export function deltaT_s(year: number, month = 6): number {
  const y = year + (month - 0.5) / 12;
  if (y < -500) {
    const u = (y - 1820) / 100;
    return -20 + 32 * u * u;
  }
  if (y < 500) {
    const u = y / 100;
    return 10583.6 - 1014.41 * u + 33.78311 * u ** 2 - 5.952053 * u ** 3 - 0.1798452 * u ** 4 +
      0.022174192 * u ** 5 + 0.0090316521 * u ** 6;
  }
  if (y < 1600) {
    const u = (y - 1000) / 100;
    return 1574.2 - 556.01 * u + 71.23472 * u ** 2 + 0.319781 * u ** 3 - 0.8503463 * u ** 4 -
      0.005050998 * u ** 5 + 0.0083572073 * u ** 6;
  }
  if (y < 1700) {
    const t = y - 1600;
    return 120 - 0.9808 * t - 0.01532 * t ** 2 + t ** 3 / 7129;
  }
  if (y < 1800) {
    const t = y - 1700;
    return 8.83 + 0.1603 * t - 0.0059285 * t ** 2 + 0.00013336 * t ** 3 - t ** 4 / 1174000;
  }
  if (y < 1860) {
    const t = y - 1800;
    return 13.72 - 0.332447 * t + 0.0068612 * t ** 2 + 0.0041116 * t ** 3 -
      0.00037436 * t ** 4 + 0.0000121272 * t ** 5 - 0.0000001699 * t ** 6 +
      0.000000000875 * t ** 7;
  }
  if (y < 1900) {
    const t = y - 1860;
    return 7.62 + 0.5737 * t - 0.251754 * t ** 2 + 0.01680668 * t ** 3 -
      0.0004473624 * t ** 4 + t ** 5 / 233174;
  }
  if (y < 1920) {
    const t = y - 1900;
    return -2.79 + 1.494119 * t - 0.0598939 * t ** 2 + 0.0061966 * t ** 3 - 0.000197 * t ** 4;
  }
  if (y < 1941) {
    const t = y - 1920;
    return 21.2 + 0.84493 * t - 0.0761 * t ** 2 + 0.0020936 * t ** 3;
  }
  if (y < 1961) {
    const t = y - 1950;
    return 29.07 + 0.407 * t - t ** 2 / 233 + t ** 3 / 2547;
  }
  if (y < 1986) {
    const t = y - 1975;
    return 45.45 + 1.067 * t - t ** 2 / 260 - t ** 3 / 718;
  }
  if (y < 2005) {
    const t = y - 2000;
    return 63.86 + 0.3345 * t - 0.060374 * t ** 2 + 0.0017275 * t ** 3 + 0.000651814 * t ** 4 +
      0.00002373599 * t ** 5;
  }
  if (y < 2050) {
    const t = y - 2000;
    return 62.92 + 0.32217 * t + 0.005589 * t ** 2;
  }
  if (y < 2150) {
    const u = (y - 1820) / 100;
    return -20 + 32 * u * u - 0.5628 * (2150 - y);
  }
  const u = (y - 1820) / 100;
  return -20 + 32 * u * u;
}
