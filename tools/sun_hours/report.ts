/**
 * sun_hours' report, worded: the findings about windows without sun or shaded by the
 * building, the plan overlays, the sun-path chart (as data: render/ draws it), the metrics and
 * the tool's own data (windows, rooms, the year, the table). Numbers come from the counts of
 * engines/geometry/sun_count.ts; this only lays them out.
 */
import type {
  Finding,
  Metric,
  Overlay,
  ResultData,
  Status,
  SunPathChart,
} from "../../core/result.ts";
import { findingId } from "../../core/result.ts";
import { capitalise, round } from "../../ground/text.ts";
import { lineGeometry, polygonGeometry } from "../../engines/geometry/geojson.ts";
import type {
  buildingSun,
  DaySun,
  RoomSun,
  SunPositions,
  WindowSun,
  YearSun,
} from "../../engines/geometry/sun_count.ts";
import { type HorizonPoint, sunPathCurves } from "../../engines/geometry/sun_exposure.ts";

const TOOL = "sun_hours";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Hours for sentences: one decimal. */
export const fmtH = (h: number) => `${h.toFixed(1)} h`;
const hhmm = (h: number) => {
  const m = Math.round(h * 60) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

/** Findings (info) for windows with no sun on the day and windows the building shades. */
export function windowFindings(
  results: WindowSun[],
  rooms: RoomSun[],
  date: string,
  year: number,
  windowName: (id: string) => string,
): Finding[] {
  const findings: Finding[] = [];
  for (const w of results) {
    const room = rooms.find((r) => r.id === w.room)!;
    const name = windowName(w.id);
    if (w.day_h === 0) {
      findings.push({
        id: findingId(TOOL, "window", w.id),
        code: "window.no_sun",
        data: {
          window: w.id,
          window_name: name,
          room: room.name,
          date,
          facing_deg: w.facing_deg,
          year_h: w.year_h,
        },
        status: "open",
        severity: "info",
        title: `${capitalise(name)} gets no direct sun on ${date}`,
        detail: `${capitalise(name)} faces ${Math.round(w.facing_deg)}° and gets ${
          fmtH(w.year_h)
        } of direct sun over ${year}.`,
        subject: w.id,
        overlays: [`window:${w.id}`],
      });
    }
    if (w.lost_year_h.building >= 1) {
      findings.push({
        id: findingId(TOOL, "shade", w.id),
        code: "window.shaded_by_building",
        data: {
          window: w.id,
          window_name: name,
          room: room.name,
          year,
          lost_h: w.lost_year_h.building,
        },
        status: "open",
        severity: "info",
        title: `The building itself shades ${name}`,
        detail: `Other parts of the building hide the sun from ${name} for ${
          fmtH(w.lost_year_h.building)
        } over ${year} while it is in front of the window.`,
        subject: w.id,
        overlays: [`window:${w.id}`],
      });
    }
  }

  return findings;
}

/** Rooms by their day hours (passing rooms marked), windows' facings as arrows. */
export function sunOverlays(
  rooms: RoomSun[],
  results: WindowSun[],
  roomStatus: Map<string, Status>,
  windowStatus: Map<string, Status>,
  windowName: (id: string) => string,
): Overlay[] {
  const overlays: Overlay[] = [];
  for (const r of rooms) {
    const st = roomStatus.get(r.id);
    overlays.push({
      id: `room:${r.id}`,
      kind: "room",
      floor: r.floor,
      geometry: polygonGeometry(r.polygon),
      ...(st === "pass" ? { status: st } : {}),
      label: `${r.name} ${fmtH(r.day_h)}`,
    });
  }
  for (const w of results) {
    const [x, y] = w.site.aperture.at, [nx, ny] = w.site.aperture.normal;
    const len = 0.6 + Math.min(1.4, w.day_h / 6);
    const st = windowStatus.get(w.id);
    overlays.push({
      id: `window:${w.id}`,
      kind: "arrow",
      floor: w.floor,
      geometry: lineGeometry([[x, y], [x + nx * len, y + ny * len]]),
      ...(st ? { status: st } : {}),
      label: `${windowName(w.id)} ${fmtH(w.day_h)} (${Math.round(w.facing_deg)}°)`,
    });
  }

  return overlays;
}

/** The sun-path chart: the 21st of December to June, the chosen day in bold. */
export function sunPath(
  p: { year: number; month: number; day: number; date: string; scan: string },
  site: { lat: number; lon: number },
  position: SunPositions,
  horizonPts: HorizonPoint[] | undefined,
  results: WindowSun[],
): SunPathChart {
  const { year, month, day, scan } = p;
  const date = p.date;
  const dates: [number, number, string][] = [
    [12, 21, "21 Dec"],
    [1, 21, "21 Jan/Nov"],
    [2, 21, "21 Feb/Oct"],
    [3, 21, "21 Mar/Sep"],
    [4, 21, "21 Apr/Aug"],
    [5, 21, "21 May/Jul"],
    [6, 21, "21 Jun"],
  ];
  const curves = sunPathCurves(year, dates, site.lon, position, 10);
  const chosen = sunPathCurves(year, [[month, day, date]], site.lon, position, 10).days[0];
  const sunpath: SunPathChart = {
    kind: "sunpath",
    title: `Sun path at ${site.lat.toFixed(3)}°, ${site.lon.toFixed(3)}° (scan ${scan})`,
    subtitle: `Local mean solar time; windows' facings marked on the rim; ${date} in bold`,
    days: [...curves.days.map((d) => ({ label: d.label, points: d.points })), {
      label: date,
      points: chosen.points,
      highlight: true,
    }],
    hours: curves.hours,
    ...(horizonPts
      ? { horizon: horizonPts.map((p) => [p.azimuth_deg, p.elevation_deg] as [number, number]) }
      : {}),
    windows: results.map((w) => ({ id: w.id, facing_deg: w.facing_deg, hours: w.day_h })),
  };

  return sunpath;
}

/** The metrics: the building's and the best window's and room's sun, the sun's day and year. */
export function sunMetrics(
  p: { date: string; year: number },
  results: WindowSun[],
  bestRoom: RoomSun,
  dayS: DaySun,
  yearS: YearSun,
  building: ReturnType<typeof buildingSun>,
  windowName: (id: string) => string,
): Metric[] {
  const { year } = p;
  const date = p.date;
  const { rts, sun_up_h: daySunUp_h } = dayS;
  const { possible_h: possibleYear_h } = yearS;
  const bestWindow = building.best_window;
  const metrics: Metric[] = [
    { id: "windows_counted", label: "Windows counted", value: results.length },
    {
      id: "best_window_day_h",
      label: `Best window on ${date} (${windowName(bestWindow.id)})`,
      value: round(bestWindow.day_h),
      unit: "h",
    },
    {
      id: "best_room_day_h",
      label: `Best room on ${date} (${bestRoom.name})`,
      value: round(bestRoom.day_h),
      unit: "h",
    },
    {
      id: "any_window_day_h",
      label: `Sun on any window on ${date}`,
      value: round(building.any_window_day_h),
      unit: "h",
    },
    {
      id: "any_window_year_h",
      label: `Sun on any window over ${year}`,
      value: round(building.any_window_year_h, 1),
      unit: "h",
    },
    {
      id: "sun_up_day_h",
      label: `Sun above the horizon on ${date}`,
      value: round(daySunUp_h),
      unit: "h",
    },
    {
      id: "sun_up_year_h",
      label: `Sun above the horizon over ${year}`,
      value: round(possibleYear_h, 1),
      unit: "h",
    },
    {
      id: "sunrise_lmt",
      label: "Sunrise (local mean solar time)",
      value: rts.sunrise_h === null ? null : hhmm(rts.sunrise_h),
    },
    {
      id: "solar_noon_lmt",
      label: "Solar noon (local mean solar time)",
      value: hhmm(rts.transit_h),
    },
    {
      id: "sunset_lmt",
      label: "Sunset (local mean solar time)",
      value: rts.sunset_h === null ? null : hhmm(rts.sunset_h),
    },
  ];
  return metrics;
}

/** The tool's own data: the day, each window and room, the year, and the table. */
export function sunData(
  p: { date: string; step_min: number; year: number },
  results: WindowSun[],
  rooms: RoomSun[],
  dayS: DaySun,
  yearS: YearSun,
  sunpath: SunPathChart,
  windowName: (id: string) => string,
): ResultData {
  const { step_min, year } = p;
  const date = p.date;
  const { rts, sun_up_h: daySunUp_h } = dayS;
  const { possible_h: possibleYear_h, possible_winter_h: possibleWinter_h } = yearS;
  return {
    date: date,
    step_min,
    day: {
      sunrise_lmt_h: rts.sunrise_h,
      solar_noon_lmt_h: rts.transit_h,
      sunset_lmt_h: rts.sunset_h,
      ...(rts.polar ? { polar: rts.polar } : {}),
      sun_up_h: round(daySunUp_h, 3),
    },
    months: MONTHS,
    windows: results.map((w) => ({
      id: w.id,
      room: w.room,
      floor: w.floor,
      facing_deg: round(w.facing_deg, 1),
      day_h: round(w.day_h, 3),
      year_h: round(w.year_h, 1),
      winter_h: round(w.winter_h, 1),
      monthly_h: w.monthly_h.map((h) => round(h, 1)),
      lost_year_h: {
        behind_wall: round(w.lost_year_h.behind, 1),
        horizon: round(w.lost_year_h.horizon, 1),
        building: round(w.lost_year_h.building, 1),
      },
    })),
    rooms: rooms.map((r) => ({
      id: r.id,
      name: r.name,
      habitable: r.habitable,
      windows: r.windows,
      best_window: r.best_window,
      day_h: round(r.day_h, 3),
      year_h: round(r.year_h, 1),
      winter_h: round(r.winter_h, 1),
      monthly_h: r.monthly_h.map((h) => round(h, 1)),
    })),
    year: {
      possible_h: round(possibleYear_h, 1),
      possible_winter_h: round(possibleWinter_h, 1),
    },
    table: {
      columns: ["Window", "Room", "Facing", `${date} (h)`, `${year} (h)`, ...MONTHS],
      rows: results.map((w) => [
        windowName(w.id),
        rooms.find((r) => r.id === w.room)!.name,
        `${Math.round(w.facing_deg)}°`,
        round(w.day_h, 2),
        round(w.year_h, 0),
        ...w.monthly_h.map((h) => round(h, 0)),
      ]),
    },
    charts: { sunpath },
  };
}

/** The chart names windows by their room (people read names, not ids). */
export function nameChartWindows(
  sunpath: SunPathChart,
  rooms: RoomSun[],
  results: WindowSun[],
): void {
  if (sunpath.windows) {
    sunpath.windows = sunpath.windows.map((w, i) => ({
      ...w,
      id: rooms.find((r) => r.id === results[i].room)?.name ?? w.id,
    }));
  }
}

/** The result data with the site's time zone and each room's first and last sunlit minute. */
export function withLocalTimes(
  data: Record<string, unknown>,
  timeZone: string | undefined,
  spans: Map<string, { from: string; to: string } | undefined>,
): Record<string, unknown> {
  if (!timeZone) return data;
  const rooms = (data.rooms as Record<string, unknown>[] | undefined)?.map((r) => {
    const span = spans.get(String(r.id));
    return span ? { ...r, sun_from_local: span.from, sun_to_local: span.to } : r;
  });
  return { ...data, time_zone: timeZone, ...(rooms ? { rooms } : {}) };
}
