/**
 * sun_hours' sentences: the assumptions about windows, shading, clock times and the sun-position
 * method, the room findings and the clear-sky verdict. Numbers come from
 * engines/geometry/sun_count.ts; this only words them. Only tools/sun_hours/mod.ts imports it.
 */
import type { Plan } from "../../ground/plan.ts";
import {
  type Assumption,
  type Check,
  type Finding,
  findingId,
  fmtM,
  type Status,
  type Verdict,
  worstStatus,
} from "../../core/result.ts";
import { compassPoint } from "../../engines/geometry/footprint.ts";
import type { RoomSun, WindowSun } from "../../engines/geometry/sun_count.ts";
import type { WindowSite } from "../../engines/geometry/sun_exposure.ts";
import { ticker } from "../../ground/budget.ts";
import { fmtH } from "./report.ts";
import { wording } from "../../core/wording.ts";

const TOOL = "sun_hours";

/** sun_hours' steps, made from codes and data (core/wording.ts). */
export const steps = wording<{
  "step.day": { date: string; lat: number; lon: number };
  "step.year": { year: number; step_min: number };
  "step.counting": { windows: number };
  "step.horizon": Record<string, never>;
  "step.done": { windows: number; rooms: number };
}>({
  "step.day": (d) => `Sun positions for ${d.date} at ${d.lat.toFixed(4)}, ${d.lon.toFixed(4)}`,
  "step.year": (d) => `Sun positions over ${d.year} every ${d.step_min} min`,
  "step.counting": (d) => `Counting sun on ${d.windows} windows`,
  "step.horizon": () => "Tracing the terrain skyline on the site's elevation raster",
  "step.done": (d) => `Done: ${d.windows} windows, ${d.rooms} rooms`,
});

/** Windows whose sill or height was defaulted, and windows moved onto their room's wall. */
export function windowAssumptions(
  sites: { w: { id: string }; s: WindowSite }[],
  WINDOW_DEFAULTS: { sill_m: number; height_m: number },
): Assumption[] {
  const out: Assumption[] = [];
  const defaulted = sites.filter(({ s }) => s.defaulted.length).map(({ w }) => w.id);
  if (defaulted.length) {
    out.push({
      code: "assumption.window_defaults",
      data: { windows: defaulted, ...WINDOW_DEFAULTS },
      text:
        `${defaulted.length} window(s) have no sill or height in the scan; their centre was put at ${
          fmtM(WINDOW_DEFAULTS.sill_m + WINDOW_DEFAULTS.height_m / 2)
        } above the floor (sill ${fmtM(WINDOW_DEFAULTS.sill_m)}, height ${
          fmtM(WINDOW_DEFAULTS.height_m)
        }): ${defaulted.join(", ")}.`,
    });
  }
  const offWall = sites.filter(({ s }) => s.off_wall_m > 0.3).map(({ w }) => w.id);
  if (offWall.length) {
    out.push({
      code: "assumption.window_moved",
      data: { windows: offWall, off_wall_m: 0.3 },
      text: `${offWall.length} window(s) lie more than ${
        fmtM(0.3, 1)
      } from their room's wall and were moved onto it: ${offWall.join(", ")}.`,
    });
  }
  return out;
}

/** How the building's own rooms shade its windows. */
export function shadingAssumption(
  plan: Plan,
  prisms: number,
  DEFAULT_ROOM_HEIGHT_M: number,
): Assumption {
  const noHeight = plan.rooms.filter((r) => r.height_m === undefined).length;
  return {
    code: "assumption.self_shading",
    data: { rooms: prisms, no_height: noHeight, default_height_m: DEFAULT_ROOM_HEIGHT_M },
    text: `The building's own rooms shade its windows as flat-topped blocks (${prisms} rooms${
      noHeight ? `, ${noHeight} without a height taken as ${fmtM(DEFAULT_ROOM_HEIGHT_M)}` : ""
    }); pitched roofs, eaves, balconies and wall thickness are not in the plan and are ignored.`,
  };
}

/**
 * Every room's own answer, as a finding title the model reads (its best window's facing, the
 * day's hours with local clock times, the year's hours), sunniest first.
 */
export function roomFindings(
  rooms: RoomSun[],
  results: WindowSun[],
  spans: Map<string, { from: string; to: string } | undefined>,
  date: string,
  year: number,
): Finding[] {
  const inputs = { date };
  const out: Finding[] = [];
  const tick = ticker(16);
  for (const r of [...rooms].sort((a, b) => b.day_h - a.day_h)) {
    tick();
    const bw = results.find((w) => w.id === r.best_window)!;
    const faces = `${compassPoint(bw.facing_deg)} (${Math.round(bw.facing_deg)}°)`;
    const span = spans.get(r.id);
    const when = span ? `, ${span.from}–${span.to} local time` : "";
    out.push({
      id: findingId(TOOL, "room", r.id),
      code: "room.sun",
      data: {
        room: r.name,
        date,
        day_h: r.day_h,
        year_h: r.year_h,
        year,
        best_window: r.best_window,
        facing_deg: bw.facing_deg,
        ...(span ? { from_local: span.from, to_local: span.to } : {}),
      },
      status: "open",
      severity: "info",
      title: `${r.name}: ${fmtH(r.day_h)} of direct sun on ${inputs.date}${when}; ${
        Math.round(r.year_h)
      } h over ${year}; its best window faces ${faces}`,
      detail:
        `${r.name} has ${r.windows.length} window(s); the best, ${r.best_window}, faces ${faces} and gets ${
          fmtH(bw.day_h)
        } on ${inputs.date}. Clear-sky hours: weather is ignored.`,
      subject: r.id,
      overlays: [`room:${r.id}`],
    });
  }
  return out;
}

/** Which clock the times are in. */
export function timeZoneAssumption(timeZone: string | undefined): Assumption {
  return {
    code: timeZone ? "assumption.time_zone" : "assumption.no_time_zone",
    data: timeZone ? { time_zone: timeZone } : {},
    text: timeZone
      ? `Clock times are local time in ${timeZone} (the site's time zone, looked up offline from its latitude and longitude), daylight saving included.`
      : "The site's time zone could not be looked up: clock times are not given.",
  };
}

/** What counts as direct sun, and how the sun's position was found. */
export function methodAssumptions(
  elevation_m: number,
  min_altitude_deg: number,
  step_min: number,
  dt: number,
): Assumption[] {
  return [
    {
      code: "assumption.direct_sun",
      data: { elevation_m, min_altitude_deg, step_min },
      text: `Direct sun counts while the sun's centre (refracted, standard atmosphere at ${
        fmtM(Math.round(elevation_m), 0)
      }) is above ${
        Math.max(0, min_altitude_deg)
      }° and within 90° of the window's outward normal, at the window's centre. The day is counted every minute, the year every ${step_min} min (each sample stands for its step), in local mean solar time.`,
      input: "step_min",
    },
    {
      code: "assumption.sun_positions",
      data: { delta_t_s: dt },
      text:
        `Sun positions from Meeus's low-precision solar coordinates (within 0.02° of NREL SPA over a year, tested); sunrise, noon and sunset from NREL SPA; ΔT ${
          dt.toFixed(1)
        } s.`,
    },
  ];
}

/** The verdict: the standard's sentence, else the sunniest room; always clear-sky. */
export function clearSkyVerdict(
  judged: string,
  bestRoom: RoomSun,
  date: string,
  anyWindowYear_h: number,
  year: number,
): string {
  const inputs = { date };
  let verdictText = judged;
  if (!verdictText) {
    verdictText = `${bestRoom.name} is the sunniest room on ${inputs.date} with ${
      fmtH(bestRoom.day_h)
    } of direct sun; the building's windows see sun for ${fmtH(anyWindowYear_h)} over ${year}.`;
  }
  verdictText += " Hours are clear-sky: weather (clouds) is ignored.";
  return verdictText;
}

/**
 * The verdict: the chosen standard's status over its checks (a pass when none was chosen or
 * none applies), its code and data, else the sunniest room's; the sentence always clear-sky.
 */
export function sunVerdict(
  judged: {
    verdictText: string;
    verdictCode?: { code: string; data: Record<string, unknown> };
  },
  checks: Pick<Check, "status">[],
  standard: string,
  bestRoom: RoomSun,
  p: { date: string; year: number; any_window_year_h: number },
): Verdict {
  const status: Status = standard === "none" || !checks.length
    ? "pass"
    : worstStatus(checks.map((c) => c.status));
  return {
    status,
    ...(judged.verdictCode ?? {
      code: "verdict.sunniest_room",
      data: { room: bestRoom.name, day_h: bestRoom.day_h, year_h: p.any_window_year_h },
    }),
    text: clearSkyVerdict(judged.verdictText, bestRoom, p.date, p.any_window_year_h, p.year),
  };
}

export const NOTHING_JUDGED: Assumption = {
  code: "assumption.no_standard",
  data: {},
  text: "No sunlight standard was chosen, so nothing was judged; the verdict only reports hours.",
};

export const NO_NORTH: Assumption = {
  code: "assumption.no_north",
  data: {},
  text:
    "The site has no north_deg, so the plan's +y axis was taken as true north; every window's facing depends on this.",
};

/** Windows that do not open to the outside from a room. */
export function skippedAssumption(skipped: string[]): Assumption {
  return {
    code: "assumption.windows_skipped",
    data: { windows: skipped },
    text:
      `${skipped.length} window(s) were not counted because they do not open to the outside from a room: ${
        skipped.join(", ")
      }.`,
  };
}

/** Windows not counted because the import marked their values implausible. */
export function implausibleAssumption(names: string[]): Assumption {
  return {
    code: "assumption.windows_implausible",
    data: { windows: names },
    text:
      `${names.length} window(s) not counted, their values being implausible (see the import warnings): ${
        names.join(", ")
      }.`,
    from: "plan",
  };
}

/** An unknown check's label and note for a window the import marked implausible. */
export function implausibleCheck(name: string, reasons: string[]) {
  return { label: `Sun on ${name}`, note: `Not judged: the scan's ${reasons.join("; ")}` };
}

/** The verdict when no window is left to count: all marked implausible, or none faces out. */
export function noSitesVerdict(scan: string, marked: number, someDerived: boolean) {
  return marked
    ? {
      status: "unknown" as const,
      code: "verdict.windows_implausible",
      data: { scan, windows: marked },
      text: allImplausibleText(scan, marked),
    }
    : {
      status: "unknown" as const,
      code: "verdict.no_windows",
      data: { scan, some_derived: someDerived },
      text: noWindowsText(scan, someDerived),
    };
}

/** The verdict when every window that faces outside was marked implausible. */
export function allImplausibleText(scan: string, n: number): string {
  return `${n} window(s) of ${scan} could not be judged: their scanned values are implausible (see the import warnings), and no other window faces outside.`;
}

/** The verdict when no window opens from a room (of the file, where some were derived) outside. */
export function noWindowsText(scan: string, someDerived: boolean): string {
  return `No window in scan ${scan} opens from a room ${
    someDerived ? "of the file " : ""
  }to the outside, so no sun hours could be counted.`;
}
