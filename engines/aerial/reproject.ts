/**
 * Reprojection between EPSG:4326, UTM zones (WGS 84, ETRS89, NAD83), Web Mercator and the
 * plan's local frame, through proj4js (the PROJ.4 formulas: Krüger-series transverse
 * Mercator for UTM).
 *
 * The plan's local frame: metres, x right, y up, its origin (0, 0) at the site's lat/lon and
 * its +y axis at azimuth `north_deg` clockwise from true north (design.md § The plan). It is
 * realised as a transverse Mercator projection centred on the site (scale 1, so true north is
 * grid north there and distances are true to < 1 ppm within a few km), rotated by north_deg.
 */
import proj4 from "npm:proj4@2.22.0";
import type { Affine, XY } from "../../ground/grid.ts";

/** Where the plan's local frame sits on the earth. */
export interface Anchor {
  lat: number;
  lon: number;
  /** Azimuth of the plan's +y axis, degrees clockwise from true north; 0 when absent. */
  north_deg?: number;
}

const WGS84 = "+proj=longlat +datum=WGS84 +no_defs";

/**
 * The proj4 definition of an EPSG code this module supports, or undefined: 4326 (WGS 84),
 * 4258 (ETRS89), 4269 (NAD83), 3857 (Web Mercator), 32601–32660 / 32701–32760 (WGS 84 UTM),
 * 25828–25838 (ETRS89 UTM), 26901–26923 (NAD83 UTM).
 */
export function projDefinition(crs: string): string | undefined {
  const m = /^EPSG:(\d+)$/i.exec(crs.trim());
  if (!m) return undefined;
  const code = Number(m[1]);
  if (code === 4326) return WGS84;
  if (code === 4258) return "+proj=longlat +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +no_defs";
  if (code === 4269) return "+proj=longlat +datum=NAD83 +no_defs";
  if (code === 3857) {
    return "+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs";
  }
  if (code >= 32601 && code <= 32660) {
    return `+proj=utm +zone=${code - 32600} +datum=WGS84 +units=m +no_defs`;
  }
  if (code >= 32701 && code <= 32760) {
    return `+proj=utm +zone=${code - 32700} +south +datum=WGS84 +units=m +no_defs`;
  }
  if (code >= 25828 && code <= 25838) {
    return `+proj=utm +zone=${code - 25800} +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`;
  }
  if (code >= 26901 && code <= 26923) {
    return `+proj=utm +zone=${code - 26900} +datum=NAD83 +units=m +no_defs`;
  }
  return undefined;
}

/** Whether a CRS string can be reprojected here. */
export function crsSupported(crs: string): boolean {
  return projDefinition(crs) !== undefined;
}

/** Whether a supported CRS is geographic (degrees) rather than projected (metres). */
export function crsIsGeographic(crs: string): boolean {
  return /\+proj=longlat/.test(projDefinition(crs) ?? "");
}

function defOrThrow(crs: string): string {
  const d = projDefinition(crs);
  if (!d) {
    throw new Error(
      `CRS ${crs} is not supported; supported: EPSG:4326, 4258, 4269, 3857 and UTM zones (326xx, 327xx, 258xx, 269xx)`,
    );
  }
  return d;
}

/** UTM zone number 1–60 of a longitude (6° zones from 180° W; no Norway/Svalbard exceptions). */
export function utmZone(lon: number): number {
  const z = Math.floor((((lon + 180) % 360) + 360) % 360 / 6) + 1;
  return Math.min(60, Math.max(1, z));
}

/** The WGS 84 UTM CRS of a point: "EPSG:326zz" north of the equator, "EPSG:327zz" south. */
export function utmCrs(lat: number, lon: number): string {
  return `EPSG:${(lat >= 0 ? 32600 : 32700) + utmZone(lon)}`;
}

/** Transforms points between two supported CRSs (proj4js). */
export function transformPoints(from: string, to: string, points: XY[]): XY[] {
  if (from === to) return points.map(([x, y]) => [x, y]);
  const conv = proj4(defOrThrow(from), defOrThrow(to));
  return points.map((p) => {
    const [x, y] = conv.forward([p[0], p[1]]);
    return [x, y];
  });
}

function tmercAt(a: Anchor): string {
  return `+proj=tmerc +lat_0=${a.lat} +lon_0=${a.lon} +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs`;
}

/** Rotates local-frame metres (x right, y up, +y at north_deg) to east/north metres. */
function planToEN([x, y]: XY, north_deg: number): XY {
  const t = north_deg * Math.PI / 180, c = Math.cos(t), s = Math.sin(t);
  return [x * c + y * s, -x * s + y * c];
}

function enToPlan([e, n]: XY, north_deg: number): XY {
  const t = north_deg * Math.PI / 180, c = Math.cos(t), s = Math.sin(t);
  return [e * c - n * s, e * s + n * c];
}

/**
 * Plan-frame points (metres) to a CRS: rotate by north_deg to east/north on a transverse
 * Mercator centred on the anchor, then inverse-project to WGS 84 and forward to `crs`.
 */
export function planToCrs(anchor: Anchor, crs: string, points: XY[]): XY[] {
  const conv = proj4(tmercAt(anchor), defOrThrow(crs));
  const nd = anchor.north_deg ?? 0;
  return points.map((p) => {
    const [x, y] = conv.forward(planToEN(p, nd));
    return [x, y];
  });
}

/** Points in a CRS to the plan frame (the inverse of {@link planToCrs}). */
export function crsToPlan(anchor: Anchor, crs: string, points: XY[]): XY[] {
  const conv = proj4(defOrThrow(crs), tmercAt(anchor));
  const nd = anchor.north_deg ?? 0;
  return points.map((p) => enToPlan(conv.forward([p[0], p[1]]) as XY, nd));
}

/**
 * The affine map that best stands in for plan -> `crs` near the anchor: the exact transform's
 * first-order Taylor expansion by central differences over ±`span_m` metres. Across a site
 * (a few hundred metres) its error is millimetres, and it is a thousand times cheaper per
 * point than proj4 — for resampling rasters pixel by pixel.
 */
export function planToCrsAffine(anchor: Anchor, crs: string, span_m = 50): Affine {
  const [o, px, mx, py, my] = planToCrs(anchor, crs, [
    [0, 0],
    [span_m, 0],
    [-span_m, 0],
    [0, span_m],
    [0, -span_m],
  ]);
  const a = (px[0] - mx[0]) / (2 * span_m), d = (px[1] - mx[1]) / (2 * span_m);
  const b = (py[0] - my[0]) / (2 * span_m), e = (py[1] - my[1]) / (2 * span_m);
  return [a, b, o[0], d, e, o[1]];
}

/** The inverse of an affine map; throws when it is singular. */
export function invertAffine(m: Affine): Affine {
  const [a, b, c, d, e, f] = m;
  const det = a * e - b * d;
  if (!det) throw new Error("affine map is singular");
  const ia = e / det, ib = -b / det, id = -d / det, ie = a / det;
  return [ia, ib, -(ia * c + ib * f), id, ie, -(id * c + ie * f)];
}

/**
 * Grid convergence at a point of a CRS: the azimuth of the CRS's +y (grid north) measured
 * clockwise from true north, degrees. Found numerically (a step north in the CRS, back to
 * lat/lon); 0 for geographic CRSs. Adding it to a grid-north aspect gives a true-north one.
 */
export function gridNorthAzimuth_deg(crs: string, [x, y]: XY): number {
  if (crsIsGeographic(crs)) return 0;
  const step = 10;
  const [[lon0, lat0], [lon1, lat1]] = transformPoints(crs, "EPSG:4326", [[x, y], [x, y + step]]);
  const east = (lon1 - lon0) * Math.cos(lat0 * Math.PI / 180);
  const north = lat1 - lat0;
  return Math.atan2(east, north) * 180 / Math.PI;
}
