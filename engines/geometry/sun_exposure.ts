/**
 * Direct sun on a window: sampling instants over a day or a year, and for each instant whether
 * the sun is up, in front of the window's wall, above a horizon profile and not hidden by the
 * building's own mass. Plain vector geometry in plan metres (x right, y up) with `north_deg` the
 * azimuth of +y (design.md Site.north_deg). The building is a set of flat-topped prisms (each
 * room's polygon extruded from its floor's elevation by its height); a sun ray is a 2D ray in
 * plan that rises by tan(elevation) per metre: the 2.5D shadow test of e.g. Ratti & Richens
 * (2004, "Raster analysis of urban form") done exactly per ray instead of on a raster.
 * Counting is the midpoint rule: each sample stands for `step_h` hours, so a daily total is
 * within one step of the continuous value (two sunrise/sunset edges, half a step each).
 */
import { ticker } from "../../ground/budget.ts";
import type { Opening, Plan, Point } from "../../ground/plan.ts";
import { julianDay } from "./sun/mod.ts";
import { nearestWall, planAzimuth_deg } from "./walls.ts";
import type { SunSeries } from "./sun/mod.ts";

const D2R = Math.PI / 180;

/** A point of a horizon profile: true azimuth (east of north) and the elevation of the skyline. */
export interface HorizonPoint {
  azimuth_deg: number;
  elevation_deg: number;
}

/** A horizon profile ready for lookups: sorted by azimuth in [0, 360). */
export interface Horizon {
  azimuth_deg: Float64Array;
  elevation_deg: Float64Array;
}

/**
 * Sorts a horizon profile (skyline elevation by azimuth, degrees) for {@link horizonElevation_deg}.
 * Azimuths are taken modulo 360; at equal azimuths the higher elevation wins. An empty profile
 * gives undefined (a flat horizon).
 */
export function makeHorizon(points: readonly HorizonPoint[]): Horizon | undefined {
  if (!points.length) return undefined;
  const byAz = new Map<number, number>();
  for (const p of points) {
    const a = ((p.azimuth_deg % 360) + 360) % 360;
    byAz.set(a, Math.max(byAz.get(a) ?? -90, p.elevation_deg));
  }
  const az = [...byAz.keys()].sort((a, b) => a - b);
  return {
    azimuth_deg: Float64Array.from(az),
    elevation_deg: Float64Array.from(az.map((a) => byAz.get(a)!)),
  };
}

/**
 * Skyline elevation at a true azimuth, degrees: linear interpolation between the profile's points,
 * wrapping through north. A flat horizon (undefined) is 0°.
 */
export function horizonElevation_deg(h: Horizon | undefined, azimuth_deg: number): number {
  if (!h) return 0;
  const az = h.azimuth_deg, el = h.elevation_deg, n = az.length;
  if (n === 1) return el[0];
  const a = ((azimuth_deg % 360) + 360) % 360;
  // First index with az[i] > a.
  let lo = 0, hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (az[mid] <= a) lo = mid + 1;
    else hi = mid;
  }
  const i1 = lo % n, i0 = (lo - 1 + n) % n;
  let span = az[i1] - az[i0];
  if (span <= 0) span += 360;
  let off = a - az[i0];
  if (off < 0) off += 360;
  return el[i0] + (el[i1] - el[i0]) * (off / span);
}

/** A block of the building: a polygon (plan metres) extruded between two heights (metres). */
export interface Prism {
  id: string;
  polygon: Point[];
  zmin_m: number;
  zmax_m: number;
}

/** A window as the sun sees it. */
export interface Aperture {
  id: string;
  /** Where it sits, plan metres. */
  at: Point;
  /** Height of its reference point above the plan's datum, metres. */
  z_m: number;
  /** Unit outward normal of its wall, plan frame. */
  normal: Point;
}

/**
 * The distance intervals [d_in, d_out] (metres, d ≥ 0) along the ray `origin + d·dir` that lie
 * inside a simple polygon. Crossings are found edge by edge with the half-open side rule (an
 * endpoint on the ray's line counts on the left side), so a ray through a vertex is counted once;
 * the parity of the forward crossings says whether the origin itself is inside (Jordan curve
 * theorem, as in the ray-casting point-in-polygon test).
 */
export function rayPolygonIntervals(
  origin: Point,
  dir: Point,
  polygon: readonly Point[],
): [number, number][] {
  const [ox, oy] = origin, [dx, dy] = dir;
  const ds: number[] = [];
  const n = polygon.length;
  for (let i = 0; i < n; i++) {
    const a = polygon[i], b = polygon[(i + 1) % n];
    const ax = a[0] - ox, ay = a[1] - oy, bx = b[0] - ox, by = b[1] - oy;
    const ca = dx * ay - dy * ax, cb = dx * by - dy * bx; // side of a, b w.r.t. the ray's line
    if ((ca >= 0) === (cb >= 0)) continue;
    // Intersection parameter along the ray: solve a + s(b−a) on the line, project on dir.
    const s = ca / (ca - cb);
    const px = ax + s * (bx - ax), py = ay + s * (by - ay);
    const d = px * dx + py * dy;
    if (d > 0) ds.push(d);
  }
  ds.sort((p, q) => p - q);
  const out: [number, number][] = [];
  let k = 0;
  if (ds.length % 2 === 1) {
    out.push([0, ds[0]]);
    k = 1;
  }
  for (; k + 1 < ds.length; k += 2) out.push([ds[k], ds[k + 1]]);
  return out;
}

/** Why a sample has no direct sun on a window. */
export const SUN_CODES = {
  sunlit: 0,
  /** The sun is below the horizon or the minimum altitude. */
  down: 1,
  /** The sun is behind the window's wall. */
  behind: 2,
  /** The sun is below the horizon profile (terrain, neighbours). */
  horizon: 3,
  /** The building's own mass is in the way. */
  building: 4,
} as const;
export type SunCode = typeof SUN_CODES[keyof typeof SUN_CODES];

/** What surrounds the windows: the building's prisms, a horizon, the plan's north. */
export interface Scene {
  /** Azimuth of the plan's +y axis, degrees clockwise from true north. */
  north_deg: number;
  prisms: readonly Prism[];
  horizon?: Horizon;
  /** The sun counts only above this refracted elevation, degrees (default 0). */
  min_altitude_deg?: number;
}

/** A prism seen from one window: the sector of plan directions it covers and its nearest point. */
interface NearPrism {
  prism: Prism;
  /** Plan angle (clockwise from +y, radians) of the prism's centroid as seen from the window. */
  theta: number;
  /** Its vertices' angles relative to `theta`: the sector [lo, hi]; full when it surrounds the window. */
  lo: number;
  hi: number;
  full: boolean;
  /** Distance from the window to the nearest point of the polygon, metres. */
  dmin: number;
}

/** Moves the ray's origin this far out of the window's own wall, metres. */
export const WALL_OFFSET_M = 0.01;

const wrapPi = (a: number) => a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));

/** The sector and nearest distance of a polygon seen from (ox, oy); exact for a simple polygon. */
function seen(prism: Prism, ox: number, oy: number): NearPrism {
  const poly = prism.polygon;
  let cx = 0, cy = 0;
  for (const [x, y] of poly) {
    cx += x;
    cy += y;
  }
  cx = cx / poly.length - ox;
  cy = cy / poly.length - oy;
  const theta = Math.atan2(cx, cy);
  let lo = Infinity, hi = -Infinity, dmin = Infinity, crossings = 0;
  for (let i = 0; i < poly.length; i++) {
    const ax = poly[i][0] - ox, ay = poly[i][1] - oy;
    const b = poly[(i + 1) % poly.length];
    const bx = b[0] - ox, by = b[1] - oy;
    const rel = wrapPi(Math.atan2(ax, ay) - theta);
    lo = Math.min(lo, rel);
    hi = Math.max(hi, rel);
    // Nearest point of edge a-b to the origin.
    const ex = bx - ax, ey = by - ay, len2 = ex * ex + ey * ey;
    const t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * ex + ay * ey) / len2)) : 0;
    dmin = Math.min(dmin, Math.hypot(ax + t * ex, ay + t * ey));
    // Ray-casting parity along +x for "is the origin inside".
    if ((ay > 0) !== (by > 0) && ax + (0 - ay) * ex / ey > 0) crossings++;
  }
  const inside = crossings % 2 === 1;
  // An edge may bulge beyond its vertices' angles only if it passes behind the origin, which a
  // polygon not surrounding it and seen within less than a half-turn cannot do.
  const full = inside || hi - lo >= Math.PI;
  return { prism, theta, lo, hi, full, dmin: inside ? 0 : dmin };
}

/**
 * For each sample of `series`, why the window gets no direct sun (a {@link SUN_CODES} value; 0 =
 * sunlit). In front of the wall means the sun's horizontal direction is within 90° of the outward
 * normal (incidence on the vertical wall below 90°, report eq. 47 with slope 90°). Prisms wholly
 * behind the wall's plane, lower than the window, outside the sun's direction sector, or too near
 * the horizon for the ray to reach are skipped before the exact ray test.
 */
export function sunCodes(series: SunSeries, aperture: Aperture, scene: Scene): Uint8Array {
  const n = series.jd.length;
  const codes = new Uint8Array(n);
  const minAlt = Math.max(0, scene.min_altitude_deg ?? 0);
  const [nx, ny] = aperture.normal;
  const ox = aperture.at[0] + nx * WALL_OFFSET_M, oy = aperture.at[1] + ny * WALL_OFFSET_M;
  const z0 = aperture.z_m;
  const near: NearPrism[] = scene.prisms
    // A rising ray clears anything lower than its start, and a ray into the half-plane in front
    // of the wall never meets a polygon wholly behind it.
    .filter((p) =>
      p.zmax_m > z0 && p.polygon.some(([x, y]) => (x - ox) * nx + (y - oy) * ny > 1e-9)
    )
    .map((p) => seen(p, ox, oy));
  const origin: Point = [ox, oy];
  const dir: Point = [0, 0];
  const tick = ticker(1024);
  for (let i = 0; i < n; i++) {
    tick();
    const el = series.elevation_deg[i];
    if (!(el > minAlt)) {
      codes[i] = SUN_CODES.down;
      continue;
    }
    const az = series.azimuth_deg[i];
    const phi = (az - scene.north_deg) * D2R;
    const dx = Math.sin(phi), dy = Math.cos(phi);
    if (dx * nx + dy * ny <= 0) {
      codes[i] = SUN_CODES.behind;
      continue;
    }
    if (scene.horizon && el <= horizonElevation_deg(scene.horizon, az)) {
      codes[i] = SUN_CODES.horizon;
      continue;
    }
    const tanE = Math.tan(el * D2R);
    let blocked = false;
    dir[0] = dx;
    dir[1] = dy;
    for (let k = 0; k < near.length && !blocked; k++) {
      const p = near[k];
      if (z0 + p.dmin * tanE >= p.prism.zmax_m) continue; // passes over it
      if (!p.full) {
        const rel = wrapPi(phi - p.theta);
        if (rel < p.lo - 1e-12 || rel > p.hi + 1e-12) continue; // another direction
      }
      blocked = rayHitsPrism(origin, dir, z0, tanE, p.prism);
    }
    codes[i] = blocked ? SUN_CODES.building : SUN_CODES.sunlit;
  }
  return codes;
}

const SCRATCH = { d: new Float64Array(64) };

/**
 * Whether a rising ray (2D origin and unit direction in plan, start height z0_m, rise tanE per
 * metre) passes through a flat-topped prism: for each interval [d1, d2] inside its polygon (the
 * crossings of {@link rayPolygonIntervals}) the ray's height spans [z0 + d1·tanE, z0 + d2·tanE],
 * which must overlap [zmin, zmax].
 */
export function rayHitsPrism(
  origin: Point,
  dir: Point,
  z0_m: number,
  tanE: number,
  prism: Prism,
): boolean {
  const poly = prism.polygon, n = poly.length;
  if (SCRATCH.d.length < n) SCRATCH.d = new Float64Array(2 * n);
  const ds = SCRATCH.d;
  const [ox, oy] = origin, [dx, dy] = dir;
  let m = 0;
  for (let i = 0; i < n; i++) {
    const a = poly[i], b = poly[(i + 1) % n];
    const ax = a[0] - ox, ay = a[1] - oy, bx = b[0] - ox, by = b[1] - oy;
    const ca = dx * ay - dy * ax, cb = dx * by - dy * bx;
    if ((ca >= 0) === (cb >= 0)) continue;
    const s = ca / (ca - cb);
    const d = (ax + s * (bx - ax)) * dx + (ay + s * (by - ay)) * dy;
    if (d <= 0) continue;
    // Insertion sort: polygons have few crossings.
    let j = m++;
    while (j > 0 && ds[j - 1] > d) {
      ds[j] = ds[j - 1];
      j--;
    }
    ds[j] = d;
  }
  let k = 0;
  if (m % 2 === 1) {
    if (z0_m < prism.zmax_m && z0_m + ds[0] * tanE > prism.zmin_m) return true;
    k = 1;
  }
  for (; k + 1 < m; k += 2) {
    if (z0_m + ds[k] * tanE < prism.zmax_m && z0_m + ds[k + 1] * tanE > prism.zmin_m) return true;
  }
  return false;
}

/** Hours of direct sun: samples with code 0, times the step. */
export function sunlitHours(codes: Uint8Array, step_h: number): number {
  let n = 0;
  for (let i = 0; i < codes.length; i++) if (codes[i] === 0) n++;
  return n * step_h;
}

/** Hours of direct sun per group (e.g. month 0…11) given each sample's group index. */
export function sunlitHoursByGroup(
  codes: Uint8Array,
  groups: Uint8Array,
  groupCount: number,
  step_h: number,
): number[] {
  const out = new Array<number>(groupCount).fill(0);
  for (let i = 0; i < codes.length; i++) if (codes[i] === 0) out[groups[i]] += step_h;
  return out;
}

/** Hours lost to each cause ({@link SUN_CODES} index → hours), counting only samples with the sun up. */
export function lostHours(codes: Uint8Array, step_h: number): Record<string, number> {
  const counts = [0, 0, 0, 0, 0];
  for (let i = 0; i < codes.length; i++) counts[codes[i]]++;
  return {
    behind: counts[SUN_CODES.behind] * step_h,
    horizon: counts[SUN_CODES.horizon] * step_h,
    building: counts[SUN_CODES.building] * step_h,
  };
}

/** Sunlit where any of several windows is (code 0 in any): a room's union of its windows. */
export function unionSunlit(codes: readonly Uint8Array[]): Uint8Array {
  const n = codes[0]?.length ?? 0;
  const out = new Uint8Array(n).fill(1);
  for (const c of codes) for (let i = 0; i < n; i++) if (c[i] === 0) out[i] = 0;
  return out;
}

/** Sampling instants: Julian Days (UT) at step midpoints and each sample's month (0–11). */
export interface Samples {
  jd: Float64Array;
  month: Uint8Array;
  step_h: number;
}

/**
 * The midpoints of `step_min` steps over one local mean solar day (starting at UT 0h − lon/15),
 * as Julian Days (UT).
 */
export function daySamples(
  year: number,
  month: number,
  day: number,
  step_min: number,
  longitude_deg: number,
): Samples {
  const n = Math.max(1, Math.round(1440 / step_min));
  const step_d = 1 / n;
  const start = julianDay(year, month, day) - longitude_deg / 360;
  const jd = new Float64Array(n);
  for (let i = 0; i < n; i++) jd[i] = start + (i + 0.5) * step_d;
  return { jd, month: new Uint8Array(n).fill(month - 1), step_h: 24 / n };
}

/**
 * One sample in each `step_min` step over one calendar year in local mean solar time, as Julian
 * Days (UT), with each sample's month; 365 or 366 days. Within a day the samples are evenly
 * spaced; from day to day their phase in the step moves by the golden ratio (Weyl sequence),
 * which turns the slow drift of sunrise/sunset against fixed clock times from a bias into
 * noise that averages out over the year.
 */
export function yearSamples(year: number, step_min: number, longitude_deg: number): Samples {
  const perDay = Math.max(1, Math.round(1440 / step_min));
  const step_d = 1 / perDay;
  const jd0 = julianDay(year, 1, 1) - longitude_deg / 360;
  const jdEnd = julianDay(year + 1, 1, 1) - longitude_deg / 360;
  const days = Math.round(jdEnd - jd0);
  const n = days * perDay;
  const jd = new Float64Array(n);
  const month = new Uint8Array(n);
  // Start of each month as a day offset from 1 January.
  const starts: number[] = [];
  for (let m = 1; m <= 12; m++) {
    starts.push(Math.round(julianDay(year, m, 1) - longitude_deg / 360 - jd0));
  }
  let m = 0;
  const tick = ticker(16);
  for (let d = 0; d < days; d++) {
    tick();
    while (m < 11 && d >= starts[m + 1]) m++;
    // Each day's samples are shifted by a golden-ratio fraction of a step (a rank-1 lattice), so
    // that sunrise, sunset and the moments the sun crosses a wall's plane, which drift slowly
    // through the year, do not alias with a fixed clock time and bias the annual sum.
    const shift = (0.5 + d * 0.6180339887498949) % 1;
    for (let k = 0; k < perDay; k++) {
      const i = d * perDay + k;
      jd[i] = jd0 + d + (k + shift) * step_d;
      month[i] = m;
    }
  }
  return { jd, month, step_h: 24 / perDay };
}

/** Room labels that are open to the sky and cast no shadow of their own. */
export const OPEN_LABELS: readonly string[] = ["outdoor", "balcony"];

/**
 * The building as flat-topped prisms: each room's polygon (labels other than outdoor and balcony)
 * from its floor's elevation up by its height (`default_height_m` where the room has none).
 * Pitched roofs, parapets and wall thickness are not in a plan, so they are not modelled.
 */
export function buildingPrisms(
  plan: Pick<Plan, "rooms" | "floors">,
  default_height_m = 2.5,
): Prism[] {
  const elevation = new Map(plan.floors.map((f) => [f.id, f.elevation_m]));
  return plan.rooms.filter((r) => !OPEN_LABELS.includes(r.label)).map((r) => {
    const z = elevation.get(r.floor) ?? 0;
    return {
      id: r.id,
      polygon: r.polygon,
      zmin_m: z,
      zmax_m: z + (r.height_m ?? default_height_m),
    };
  });
}

/** Defaults for a window's reference point where the plan does not say. */
export interface WindowDefaults {
  sill_m: number;
  height_m: number;
}

/** A window ready for counting: where it is, what it faces, and what was assumed. */
export interface WindowSite {
  aperture: Aperture;
  /** The room it lights. */
  room: string;
  floor: string;
  /** Azimuth the window faces (outward normal of its wall), degrees east of true north. */
  facing_deg: number;
  /** Distance from the window's `at` to the wall edge it was put on, metres. */
  off_wall_m: number;
  /** Which of sill and height were taken from the defaults. */
  defaulted: ("sill_m" | "height_m")[];
}

/**
 * A window's reference point and facing: the wall is the nearest edge of its room (walls.ts
 * `nearestWall`), the facing is that edge's outward normal turned by `north_deg`, and the point
 * sits at the window's centre height (floor elevation + sill + height / 2). Undefined when the
 * window has no room or its room has no polygon on the floor.
 */
export function windowSite(
  plan: Pick<Plan, "rooms" | "floors">,
  opening: Pick<Opening, "at" | "floor" | "between" | "id" | "sill_m" | "height_m">,
  north_deg: number,
  defaults: WindowDefaults = { sill_m: 0.9, height_m: 1.2 },
): WindowSite | undefined {
  const room = opening.between.find((r): r is string => r !== null);
  if (!room) return undefined;
  const wall = nearestWall(plan, opening);
  if (!wall) return undefined;
  const defaulted: WindowSite["defaulted"] = [];
  if (opening.sill_m === undefined) defaulted.push("sill_m");
  if (opening.height_m === undefined) defaulted.push("height_m");
  const floorZ = plan.floors.find((f) => f.id === opening.floor)?.elevation_m ?? 0;
  const z_m = floorZ + (opening.sill_m ?? defaults.sill_m) +
    (opening.height_m ?? defaults.height_m) / 2;
  return {
    aperture: { id: opening.id, at: wall.foot, z_m, normal: wall.normal },
    room: wall.room,
    floor: opening.floor,
    facing_deg: planAzimuth_deg(wall.normal, north_deg),
    off_wall_m: wall.distance_m,
    defaulted,
  };
}

/** Sun-path curves for a chart: day paths and hour lines as (azimuth, elevation) points, degrees. */
export interface SunPathCurves {
  days: { label: string; month: number; day: number; points: [number, number][] }[];
  /** Lines through the same local mean solar hour on each drawn day (analemma segments). */
  hours: { hour: number; points: [number, number][] }[];
}

/**
 * Day paths (sun above the horizon) at `step_min` for the given dates, and hour lines through
 * whole local-mean-solar hours across them, from a position function (the fast method in the
 * tool). `position(jds)` returns elevation and azimuth arrays for Julian Days (UT).
 */
export function sunPathCurves(
  year: number,
  dates: readonly [month: number, day: number, label: string][],
  longitude_deg: number,
  position: (jd: Float64Array) => Pick<SunSeries, "elevation_deg" | "azimuth_deg">,
  step_min = 10,
): SunPathCurves {
  const days: SunPathCurves["days"] = [];
  const hourPts = new Map<number, [number, number][]>();
  for (const [month, day, label] of dates) {
    const s = daySamples(year, month, day, step_min, longitude_deg);
    // Samples at step starts (not midpoints) so whole hours fall on samples.
    const jd = s.jd.map((v) => v - s.step_h / 48);
    const p = position(jd);
    const points: [number, number][] = [];
    const perHour = Math.round(1 / s.step_h);
    for (let i = 0; i < jd.length; i++) {
      const el = p.elevation_deg[i], az = p.azimuth_deg[i];
      if (el > 0) points.push([az, el]);
      if (perHour > 0 && i % perHour === 0 && el > 0) {
        const h = i / perHour;
        if (!hourPts.has(h)) hourPts.set(h, []);
        hourPts.get(h)!.push([az, el]);
      }
    }
    days.push({ label, month, day, points });
  }
  const hours = [...hourPts.entries()].filter(([, pts]) => pts.length > 0).sort((a, b) =>
    a[0] - b[0]
  ).map(([hour, points]) => ({ hour, points }));
  return { days, hours };
}
