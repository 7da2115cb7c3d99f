/**
 * Counting hours of direct sun on a plan's windows and rooms: the chosen day at one-minute
 * steps and the year at a coarser step, each sample judged by ./sun_exposure.ts (sun above
 * the horizon and the minimum altitude, in front of the window, not behind the building),
 * summed by the midpoint rule (each sample stands for its step). A room's hours are the union
 * of its windows' sunny samples; its best window has the most sun on the day (then the year).
 * Winter is 21 September to 21 March (BRE BR 209). Sun positions come in as a function, so the
 * caller picks the model (./sun/meeus.ts for counting).
 */
import type { Opening, Plan, Point, RoomLabel } from "../../ground/plan.ts";
import {
  deltaT_s,
  julianDay,
  pressureAtElevation_mbar,
  sunRiseTransitSet,
  type SunSeries,
  sunSeriesMeeus,
} from "./sun/mod.ts";
import type { RiseTransitSet } from "./sun/mod.ts";
import {
  daySamples,
  lostHours,
  type Samples,
  type Scene,
  sunCodes,
  sunlitHours,
  sunlitHoursByGroup,
  unionSunlit,
  type WindowSite,
  windowSite,
  yearSamples,
} from "./sun_exposure.ts";
import { HABITABLE_LABELS } from "./sunlight_rules.ts";
import { ticker } from "../../ground/budget.ts";
import { sunlitSpan } from "./timezone.ts";

/** Sun positions (degrees) at Julian Days (UT). */
export type SunPositions = (jd: Float64Array) => SunSeries;

/** The windows that open to the outside from a room, placed on their walls; the rest skipped. */
export function outsideWindows(
  plan: Plan,
  north_deg: number,
  defaults: { sill_m: number; height_m: number },
): { sites: { w: Opening; s: WindowSite }[]; skipped: string[] } {
  const skipped: string[] = [];
  const sites: { w: Opening; s: WindowSite }[] = [];
  const tick = ticker(16);
  for (const w of plan.openings.filter((o) => o.kind === "window")) {
    tick();
    const outside = w.between.includes(null);
    const s = outside ? windowSite(plan, w, north_deg, defaults) : undefined;
    if (!s) skipped.push(w.id);
    else sites.push({ w, s });
  }
  return { sites, skipped };
}

/** The chosen day: one-minute samples, sun positions, rise/transit/set, hours the sun is up. */
export interface DaySun {
  samples: Samples;
  series: SunSeries;
  rts: RiseTransitSet;
  sun_up_h: number;
}

/**
 * The chosen day at one-minute steps in local mean solar time, with sunrise, transit and
 * sunset from NREL SPA (appendix A.2) and the hours the sun is above `min_altitude_deg`.
 */
export function daySun(
  p: { year: number; month: number; day: number; lat: number; lon: number; delta_t_s: number },
  min_altitude_deg: number,
  position: SunPositions,
): DaySun {
  const samples = daySamples(p.year, p.month, p.day, 1, p.lon);
  const series = position(samples.jd);
  const rts = sunRiseTransitSet({
    year: p.year,
    month: p.month,
    day: p.day,
    latitude_deg: p.lat,
    longitude_deg: p.lon,
    delta_t_s: p.delta_t_s,
    timezone_h: p.lon / 15,
  });
  let up = 0;
  for (let i = 0; i < series.elevation_deg.length; i++) {
    if (series.elevation_deg[i] > Math.max(0, min_altitude_deg)) up++;
  }
  return { samples, series, rts, sun_up_h: up * samples.step_h };
}

/** The year: samples, positions, the winter group, and the possible (sun-up) hours. */
export interface YearSun {
  samples: Samples;
  series: SunSeries;
  /** 1 for samples from 21 September to 21 March, 0 otherwise. */
  winter: Uint8Array;
  possible_h: number;
  possible_winter_h: number;
}

/** The year at `step_min` steps, with the hours the sun is above `min_altitude_deg`. */
export function yearSun(
  p: { year: number; lon: number; step_min: number },
  min_altitude_deg: number,
  position: SunPositions,
): YearSun {
  const samples = yearSamples(p.year, p.step_min, p.lon);
  const series = position(samples.jd);
  const winterEnd = julianDay(p.year, 3, 21) - p.lon / 360;
  const winterStart = julianDay(p.year, 9, 21) - p.lon / 360;
  const winter = Uint8Array.from(samples.jd, (jd) => (jd < winterEnd || jd >= winterStart ? 1 : 0));
  const possible = new Uint8Array(series.elevation_deg.length);
  for (let i = 0; i < possible.length; i++) {
    possible[i] = series.elevation_deg[i] > Math.max(0, min_altitude_deg) ? 0 : 1;
  }
  return {
    samples,
    series,
    winter,
    possible_h: sunlitHours(possible, samples.step_h),
    possible_winter_h: sunlitHoursByGroup(possible, winter, 2, samples.step_h)[1],
  };
}

/** One window's hours of direct sun. */
export interface WindowSun {
  id: string;
  room: string;
  floor: string;
  facing_deg: number;
  day_h: number;
  year_h: number;
  monthly_h: number[];
  winter_h: number;
  /** Hours over the year the sun was up but behind the wall, below the horizon, or behind the building. */
  lost_year_h: { behind: number; horizon: number; building: number };
  site: WindowSite;
  /** The per-sample codes (./sun_exposure.ts SUN_CODES) of the day and the year. */
  day_codes: Uint8Array;
  year_codes: Uint8Array;
}

/** Counts each window's sun on the day and over the year. `each` runs before every window. */
export function windowsSun(
  sites: { w: Opening; s: WindowSite }[],
  day: DaySun,
  year: YearSun,
  scene: Scene,
  each?: () => void,
): WindowSun[] {
  const out: WindowSun[] = [];
  const tick = ticker(1);
  for (const { w, s } of sites) {
    tick();
    each?.();
    const dc = sunCodes(day.series, s.aperture, scene);
    const yc = sunCodes(year.series, s.aperture, scene);
    const lost = lostHours(yc, year.samples.step_h);
    out.push({
      id: w.id,
      room: s.room,
      floor: s.floor,
      facing_deg: s.facing_deg,
      day_h: sunlitHours(dc, day.samples.step_h),
      year_h: sunlitHours(yc, year.samples.step_h),
      monthly_h: sunlitHoursByGroup(yc, year.samples.month, 12, year.samples.step_h),
      winter_h: sunlitHoursByGroup(yc, year.winter, 2, year.samples.step_h)[1],
      lost_year_h: { behind: lost.behind, horizon: lost.horizon, building: lost.building },
      site: s,
      day_codes: dc,
      year_codes: yc,
    });
  }
  return out;
}

/** One room's hours of direct sun through any of its windows. */
export interface RoomSun {
  id: string;
  name: string;
  label: RoomLabel;
  habitable: boolean;
  windows: string[];
  best_window: string;
  day_h: number;
  year_h: number;
  monthly_h: number[];
  winter_h: number;
  polygon: Point[];
  floor: string;
}

/** The rooms with counted windows, in the order their windows came. */
export function roomsSun(plan: Plan, windows: WindowSun[], day: DaySun, year: YearSun): RoomSun[] {
  const roomIds = [...new Set(windows.map((r) => r.room))];
  return roomIds.map((id) => {
    const room = plan.rooms.find((r) => r.id === id)!;
    const ws = windows.filter((r) => r.room === id);
    const best = ws.reduce((
      a,
      b,
    ) => (b.day_h > a.day_h || (b.day_h === a.day_h && b.year_h > a.year_h) ? b : a));
    const dayU = unionSunlit(ws.map((r) => r.day_codes));
    const yearU = unionSunlit(ws.map((r) => r.year_codes));
    return {
      id,
      name: room.name ?? id,
      label: room.label,
      habitable: HABITABLE_LABELS.includes(room.label),
      windows: ws.map((r) => r.id),
      best_window: best.id,
      day_h: sunlitHours(dayU, day.samples.step_h),
      year_h: sunlitHours(yearU, year.samples.step_h),
      monthly_h: sunlitHoursByGroup(yearU, year.samples.month, 12, year.samples.step_h),
      winter_h: sunlitHoursByGroup(yearU, year.winter, 2, year.samples.step_h)[1],
      polygon: room.polygon,
      floor: room.floor,
    };
  });
}

/**
 * The building's sun as a whole: hours of sun on any window (the union of every window's
 * sunny samples, midpoint rule) on the day and over the year, and the window with the most
 * sun on the day (the first of equals).
 */
export function buildingSun(
  results: WindowSun[],
  day: Pick<DaySun, "samples">,
  year: Pick<YearSun, "samples">,
): { any_window_day_h: number; any_window_year_h: number; best_window: WindowSun } {
  return {
    any_window_day_h: sunlitHours(unionSunlit(results.map((w) => w.day_codes)), day.samples.step_h),
    any_window_year_h: sunlitHours(
      unionSunlit(results.map((w) => w.year_codes)),
      year.samples.step_h,
    ),
    best_window: results.reduce((a, b) => (b.day_h > a.day_h ? b : a)),
  };
}

/**
 * Each room's first and last sunlit minute on the day as local clock times in `timeZone`
 * (IANA), over the union of its windows' day codes (sunlitSpan); undefined where the room
 * gets no sun or no time zone is known.
 */
export function roomSunlitSpans(
  rooms: RoomSun[],
  results: WindowSun[],
  day_jd: Float64Array,
  timeZone: string | undefined,
): Map<string, { from: string; to: string } | undefined> {
  const tick = ticker(16);
  return new Map(rooms.map((r) => {
    tick();
    const codes = unionSunlit(results.filter((w) => w.room === r.id).map((w) => w.day_codes));
    return [r.id, timeZone ? sunlitSpan(codes, day_jd, timeZone) : undefined];
  }));
}

/**
 * The sun's position at a site as a function of Julian Days: Meeus's low-precision solar
 * coordinates (sunSeriesMeeus) with ΔT for the year and month (Espenak & Meeus) and refraction
 * for the standard-atmosphere pressure at the site's elevation, at 10 °C.
 */
export function sitePositionsMeeus(
  { lat, lon }: { lat: number; lon: number },
  elevation_m: number,
  year: number,
  month: number,
): { delta_t_s: number; position: SunPositions } {
  const delta_t_s = deltaT_s(year, month);
  const opts = {
    delta_t_s,
    pressure_mbar: pressureAtElevation_mbar(elevation_m),
    temperature_c: 10,
  };
  return { delta_t_s, position: (jd: Float64Array) => sunSeriesMeeus(jd, lat, lon, opts) };
}
