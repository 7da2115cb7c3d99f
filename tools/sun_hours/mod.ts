/**
 * sun_hours: hours of direct sun on each window and room, on a chosen day (1-minute steps) and
 * month by month over that day's year (`step_min` steps), from the sun's position (the fast
 * Meeus method, within 0.02° of NREL SPA; SPA for sunrise/transit/sunset), the window's facing
 * (its wall's outward normal turned by the site's north_deg), an optional horizon profile and
 * the building's own rooms as obstructions. Optional checks: EN 17037:2018 sunlight exposure
 * (1.5 / 3 / 4 h on a day between 1 February and 21 March; shared/reference/rules-and-sun.md
 * §1.6: hours unverified) or BRE BR 209 (2011) annual probable sunlight hours (25 % a year, 5 %
 * in winter, for windows within 90° of due south), approximated without sunshine-probability
 * data and marked unverified.
 */
import { InputError } from "../../core/errors.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import type { Opening } from "../../core/plan.ts";
import {
  type Check,
  type Finding,
  findingId,
  judge,
  type Metric,
  type Overlay,
  type Status,
  TOO_CLOSE,
  worstStatus,
} from "../../core/result.ts";
import { lineGeometry, polygonGeometry } from "../../engines/geometry/geojson.ts";
import {
  deltaT_s,
  julianDay,
  pressureAtElevation_mbar,
  sunRiseTransitSet,
  sunSeriesFast,
} from "../../engines/geometry/sun.ts";
import {
  buildingPrisms,
  daySamples,
  type HorizonPoint,
  lostHours,
  makeHorizon,
  sunCodes,
  sunlitHours,
  sunlitHoursByGroup,
  sunPathCurves,
  unionSunlit,
  type WindowSite,
  windowSite,
  yearSamples,
} from "../../engines/geometry/sun_exposure.ts";
import { sunPathSvg } from "../../render/sunpath.ts";
import { terrainHorizon } from "../../engines/aerial/horizon.ts";
import { applyAffine, gridNorthAzimuth_deg } from "../../engines/aerial/reproject.ts";
import { cellSize_m } from "../../engines/aerial/sample.ts";
import { buildingReach_m, compassPoint } from "../../engines/geometry/footprint.ts";
import type { SiteInfo } from "../../core/context.ts";
import type { Plan } from "../../core/plan.ts";
import { describeRaster, openElevationFor, rastersOf } from "../../layers/rasters.ts";
import { named } from "../_shared/refs.ts";
import { sunlitSpan, timeZoneAt } from "../../engines/geometry/timezone.ts";

const TOOL = "sun_hours";

/** EN 17037:2018 §5.x sunlight exposure levels, hours on the chosen day (rules-and-sun.md §1.6: U). */
const EN17037_HOURS = { minimum: 1.5, medium: 3, high: 4 } as const;
/** BRE BR 209 (2011): share of annual probable sunlight hours, a year and in winter (§1.6: S). */
const BRE_ANNUAL = 0.25, BRE_WINTER = 0.05;
/** Rooms EN 17037 and BR 209 look at: habitable rooms of a dwelling. */
const HABITABLE = ["living", "dining", "kitchen", "bedroom", "office"];
const DEFAULT_ROOM_HEIGHT_M = 2.5;
const WINDOW_DEFAULTS = { sill_m: 0.9, height_m: 1.2 };
/** Eye height for the terrain skyline: a ground-floor window's centre (sill + half height). */
const SKYLINE_EYE_M = WINDOW_DEFAULTS.sill_m + WINDOW_DEFAULTS.height_m / 2;
/** Ground this far beyond the building's farthest corner is the nearest the skyline looks. */
const SKYLINE_CLEAR_M = 5;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
const fmtH = (h: number) => `${h.toFixed(1)} h`;
const hhmm = (h: number) => {
  const m = Math.round(h * 60) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

/** "YYYY-MM-DD" to its parts, or an InputError naming `date`. */
function parseDate(text: string): { year: number; month: number; day: number } {
  const m = /^(-?\d{1,4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const bad = () =>
    new InputError(
      "date",
      `"${text}" is not a calendar date; give it as YYYY-MM-DD, e.g. 2025-03-21`,
    );
  if (!m) throw bad();
  const year = Number(m[1]), month = Number(m[2]), day = Number(m[3]);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (month < 1 || month > 12 || day < 1 || day > days[month - 1]) throw bad();
  if (year < 1800 || year > 2200) {
    throw new InputError(
      "date",
      `year ${year} is outside 1800–2200, where ΔT and the fast method are checked`,
    );
  }
  return { year, month, day };
}

/** A horizon profile stored in the site's record (`record.horizon`: azimuth and elevation points). */
function recordHorizon(record: Record<string, unknown> | undefined): HorizonPoint[] | undefined {
  const h = record?.horizon;
  if (!Array.isArray(h)) return undefined;
  const pts = h.filter((p): p is HorizonPoint =>
    typeof p === "object" && p !== null && Number.isFinite((p as HorizonPoint).azimuth_deg) &&
    Number.isFinite((p as HorizonPoint).elevation_deg)
  );
  return pts.length ? pts : undefined;
}

interface WindowResult {
  id: string;
  room: string;
  floor: string;
  facing_deg: number;
  day_h: number;
  year_h: number;
  monthly_h: number[];
  winter_h: number;
  lost_year_h: { behind: number; horizon: number; building: number };
  site: WindowSite;
}

export default named(tool({
  id: TOOL,
  title: "Sun hours",
  summary: "How many hours of direct sun each window and room gets.",
  model_description:
    "Count the hours of direct sun on every window and room of one scan on a chosen date and month by month over that year, from the sun's position, each window's facing, an optional horizon profile and the building's own walls; optionally check EN 17037 (hours on a day between 1 Feb and 21 Mar) or BRE BR 209 (share of annual sunlight hours). Needs the site's latitude and longitude.",
  audience: ["buyer", "renter", "architect", "inspector"],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    date: z.string().regex(/^-?\d{1,4}-\d{2}-\d{2}$/, { error: "give the date as YYYY-MM-DD" })
      .default("2025-03-21").meta(
        fill.preference("sun.date", {
          ask: "Which day should the sun be counted on (YYYY-MM-DD)?",
          label: "the day to count sun hours on",
        }),
      ),
    step_min: z.number().int().min(1).max(240).default(60).meta(
      fill.preference("sun.step_min", {
        ask: "How many minutes between sun positions over the year?",
        unit: "min",
        label: "the time step of the yearly profile",
      }),
    ),
    standard: z.enum(["en17037", "bre209", "none"]).default("en17037").meta(
      fill.preference("sun.standard", {
        ask: "Which sunlight standard should the hours be checked against?",
        label: "a sunlight standard",
      }),
    ),
    en17037_level: z.enum(["minimum", "medium", "high"]).default("minimum").meta({
      description: "EN 17037 sunlight exposure level: minimum 1.5 h, medium 3 h, high 4 h.",
    }),
    min_altitude_deg: z.number().min(0).max(45).default(0).meta({
      unit: "deg",
      description:
        "The sun counts only above this elevation (EN 17037 sets a minimum per location).",
    }),
    horizon: z.array(z.object({
      azimuth_deg: z.number().min(-360).max(720),
      elevation_deg: z.number().min(-5).max(90),
    })).optional().meta({
      description:
        "Skyline seen from the site: elevation angles by true azimuth (degrees), linearly interpolated.",
    }),
    terrain_horizon_m: z.number().min(0).max(100_000).default(30_000).meta({
      unit: "m",
      label: "how far to trace the terrain skyline",
      description:
        "When no horizon is given or stored, trace the terrain skyline on the site's elevation raster out to this distance (metres); 0 for a flat horizon.",
    }),
    self_shading: z.boolean().default(true).meta({
      description: "Count the building's own rooms as obstructions (2.5D, flat roofs).",
    }),
  }),
  requires: [
    { layer: "site.location", why: "The sun's position needs the latitude and longitude." },
    { layer: "plan.windows" },
    { layer: "site.elevation", optional: true, why: "a terrain skyline when no horizon is given" },
  ],
  blocks: [
    "VerdictHeader",
    "MetricGrid",
    "CheckList",
    "FindingList",
    "Table",
    "Chart",
    "PlanView",
    "AssumptionList",
    "StepLog",
  ],
  draws: ["opening", "arrow", "room"],
  read_only: true,
  async run(ctx, inputs) {
    const { scan, step_min, standard, en17037_level, min_altitude_deg, self_shading } = inputs;
    const { year, month, day } = parseDate(inputs.date);
    const plan = ctx.plan(scan);
    const site = ctx.site(scan)!; // the runner checked site.location
    const assumptions: { text: string; input?: string; from?: string }[] = [];
    const north_deg = site.north_deg ?? 0;
    if (site.north_deg === undefined) {
      assumptions.push({
        text:
          "The site has no north_deg, so the plan's +y axis was taken as true north; every window's facing depends on this.",
      });
    }
    // Horizon: the input, else one stored with the site, else the terrain skyline on the
    // site's elevation raster, else flat.
    const FLAT =
      "The horizon is taken as flat: hills, trees and neighbouring buildings are not counted.";
    let horizonPts = inputs.horizon ?? recordHorizon(site.record);
    let groundFromRaster_m: number | undefined;
    if (horizonPts) {
      assumptions.push({
        text: `A horizon profile of ${horizonPts.length} points ${
          inputs.horizon ? "(given)" : "(from the site record)"
        } hides the sun below it; trees and neighbours not in it are ignored.`,
        ...(inputs.horizon ? { input: "horizon" } : {}),
      });
    } else if (inputs.terrain_horizon_m > 0 && rastersOf(site, "elevation").length) {
      ctx.step("Tracing the terrain skyline on the site's elevation raster");
      const sky = await terrainSkyline(site, plan, inputs.terrain_horizon_m);
      if ("reasons" in sky) {
        assumptions.push({ text: `${sky.reasons.join(" ")} ${FLAT}` });
      } else {
        horizonPts = sky.points;
        groundFromRaster_m = sky.ground_m;
        assumptions.push({ text: sky.text, input: "terrain_horizon_m" });
      }
    } else assumptions.push({ text: FLAT });
    const horizon = horizonPts ? makeHorizon(horizonPts) : undefined;
    // The air's pressure (for refraction) from the site's elevation, else the raster's ground.
    const elevation_m = site.elevation_m ?? groundFromRaster_m ?? 0;
    const dt = deltaT_s(year, month);
    const pressure = pressureAtElevation_mbar(elevation_m);
    const opts = { delta_t_s: dt, pressure_mbar: pressure, temperature_c: 10 };
    const position = (jd: Float64Array) => sunSeriesFast(jd, site.lat, site.lon, opts);

    // Windows: to the outside, on a room's wall.
    const windows = plan.openings.filter((o) => o.kind === "window");
    const skipped: string[] = [];
    const sites: { w: Opening; s: WindowSite }[] = [];
    for (const w of windows) {
      const outside = w.between.includes(null);
      const s = outside ? windowSite(plan, w, north_deg, WINDOW_DEFAULTS) : undefined;
      if (!s) skipped.push(w.id);
      else sites.push({ w, s });
    }
    if (skipped.length) {
      assumptions.push({
        text:
          `${skipped.length} window(s) were not counted because they do not open to the outside from a room: ${
            skipped.join(", ")
          }.`,
      });
    }
    if (!sites.length) {
      return {
        verdict: {
          status: "unknown",
          text:
            `No window in scan ${scan} opens from a room to the outside, so no sun hours could be counted.`,
        },
        assumptions,
      };
    }
    const defaulted = sites.filter(({ s }) => s.defaulted.length).map(({ w }) => w.id);
    if (defaulted.length) {
      assumptions.push({
        text:
          `${defaulted.length} window(s) have no sill or height in the scan; their centre was put at ${
            WINDOW_DEFAULTS.sill_m + WINDOW_DEFAULTS.height_m / 2
          } m above the floor (sill ${WINDOW_DEFAULTS.sill_m} m, height ${WINDOW_DEFAULTS.height_m} m): ${
            defaulted.join(", ")
          }.`,
      });
    }
    const offWall = sites.filter(({ s }) => s.off_wall_m > 0.3).map(({ w }) => w.id);
    if (offWall.length) {
      assumptions.push({
        text:
          `${offWall.length} window(s) lie more than 0.3 m from their room's wall and were moved onto it: ${
            offWall.join(", ")
          }.`,
      });
    }
    const prisms = self_shading ? buildingPrisms(plan, DEFAULT_ROOM_HEIGHT_M) : [];
    if (self_shading) {
      const noHeight = plan.rooms.filter((r) => r.height_m === undefined).length;
      assumptions.push({
        text:
          `The building's own rooms shade its windows as flat-topped blocks (${prisms.length} rooms${
            noHeight ? `, ${noHeight} without a height taken as ${DEFAULT_ROOM_HEIGHT_M} m` : ""
          }); pitched roofs, eaves, balconies and wall thickness are not in the plan and are ignored.`,
      });
    }
    const scene = { north_deg, prisms, horizon, min_altitude_deg };

    // The chosen day at 1-minute steps.
    ctx.step(`Sun positions for ${inputs.date} at ${site.lat.toFixed(4)}, ${site.lon.toFixed(4)}`);
    const daySmp = daySamples(year, month, day, 1, site.lon);
    const daySeries = position(daySmp.jd);
    const rts = sunRiseTransitSet({
      year,
      month,
      day,
      latitude_deg: site.lat,
      longitude_deg: site.lon,
      delta_t_s: dt,
      timezone_h: site.lon / 15,
    });
    let daySunUp = 0;
    for (let i = 0; i < daySeries.elevation_deg.length; i++) {
      if (daySeries.elevation_deg[i] > Math.max(0, min_altitude_deg)) daySunUp++;
    }
    const daySunUp_h = daySunUp * daySmp.step_h;

    // The year at step_min.
    ctx.step(`Sun positions over ${year} every ${step_min} min`);
    const yearSmp = yearSamples(year, step_min, site.lon);
    const yearSeries = position(yearSmp.jd);
    const winterEnd = julianDay(year, 3, 21) - site.lon / 360;
    const winterStart = julianDay(year, 9, 21) - site.lon / 360;
    const winterGroup = Uint8Array.from(
      yearSmp.jd,
      (jd) => (jd < winterEnd || jd >= winterStart ? 1 : 0),
    );
    const possible = new Uint8Array(yearSeries.elevation_deg.length);
    for (let i = 0; i < possible.length; i++) {
      possible[i] = yearSeries.elevation_deg[i] > Math.max(0, min_altitude_deg) ? 0 : 1;
    }
    const possibleYear_h = sunlitHours(possible, yearSmp.step_h);
    const possibleWinter_h = sunlitHoursByGroup(possible, winterGroup, 2, yearSmp.step_h)[1];

    ctx.step(`Counting sun on ${sites.length} windows`);
    const dayCodes = new Map<string, Uint8Array>();
    const yearCodes = new Map<string, Uint8Array>();
    const results: WindowResult[] = [];
    for (const { w, s } of sites) {
      ctx.throwIfCancelled();
      const dc = sunCodes(daySeries, s.aperture, scene);
      const yc = sunCodes(yearSeries, s.aperture, scene);
      dayCodes.set(w.id, dc);
      yearCodes.set(w.id, yc);
      const lost = lostHours(yc, yearSmp.step_h);
      results.push({
        id: w.id,
        room: s.room,
        floor: s.floor,
        facing_deg: s.facing_deg,
        day_h: sunlitHours(dc, daySmp.step_h),
        year_h: sunlitHours(yc, yearSmp.step_h),
        monthly_h: sunlitHoursByGroup(yc, yearSmp.month, 12, yearSmp.step_h),
        winter_h: sunlitHoursByGroup(yc, winterGroup, 2, yearSmp.step_h)[1],
        lost_year_h: { behind: lost.behind, horizon: lost.horizon, building: lost.building },
        site: s,
      });
    }

    // Local clock time: the site's IANA time zone, looked up offline from its coordinates.
    const timeZone = timeZoneAt(site.lat, site.lon);
    // Rooms: the best window and the union of all of them.
    const roomIds = [...new Set(results.map((r) => r.room))];
    const rooms = roomIds.map((id) => {
      const room = plan.rooms.find((r) => r.id === id)!;
      const ws = results.filter((r) => r.room === id);
      const best = ws.reduce((
        a,
        b,
      ) => (b.day_h > a.day_h || (b.day_h === a.day_h && b.year_h > a.year_h) ? b : a));
      const dayU = unionSunlit(ws.map((r) => dayCodes.get(r.id)!));
      const yearU = unionSunlit(ws.map((r) => yearCodes.get(r.id)!));
      return {
        span: timeZone ? sunlitSpan(dayU, daySmp.jd, timeZone) : undefined,
        id,
        name: room.name ?? id,
        label: room.label,
        habitable: HABITABLE.includes(room.label),
        windows: ws.map((r) => r.id),
        best_window: best.id,
        day_h: sunlitHours(dayU, daySmp.step_h),
        year_h: sunlitHours(yearU, yearSmp.step_h),
        monthly_h: sunlitHoursByGroup(yearU, yearSmp.month, 12, yearSmp.step_h),
        winter_h: sunlitHoursByGroup(yearU, winterGroup, 2, yearSmp.step_h)[1],
        polygon: room.polygon,
        floor: room.floor,
      };
    });

    // Checks against the chosen standard.
    const checks: Check[] = [];
    const findings: Finding[] = [];
    const windowStatus = new Map<string, Status>();
    const roomStatus = new Map<string, Status>();
    const dayTol_h = daySmp.step_h; // midpoint rule: within one step
    let verdictText = "";
    const bestRoom = rooms.reduce((a, b) => (b.day_h > a.day_h ? b : a));
    const habitable = rooms.filter((r) => r.habitable);
    if (standard === "en17037") {
      const limit = EN17037_HOURS[en17037_level];
      const inWindow = (month === 2) || (month === 3 && day <= 21);
      if (!inWindow) {
        assumptions.push({
          text:
            `EN 17037 counts sunlight on a day between 1 February and 21 March; ${inputs.date} is outside it, so the check is indicative.`,
          input: "date",
        });
      }
      assumptions.push({
        text:
          `EN 17037 ${en17037_level} sunlight exposure: at least ${limit} h of direct sun on ${inputs.date} in one habitable room (living, dining, kitchen, bedroom, office), at the window's centre. The hour values come from a secondary summary and are unverified.`,
      });
      if (!habitable.length) {
        checks.push({
          id: "en17037:dwelling",
          label: "EN 17037 sunlight exposure: best habitable room",
          status: "unknown",
          limit,
          unit: "h",
          rule: {
            pack: "en17037",
            section: "§5 sunlight exposure (clause number unverified)",
            unverified: true,
          },
          note: "No room with a window to the outside is a habitable room.",
        });
      } else {
        const best = habitable.reduce((a, b) => (b.day_h > a.day_h ? b : a));
        const status = judge(best.day_h, ">=", limit, dayTol_h);
        checks.push({
          id: "en17037:dwelling",
          label: `EN 17037 sunlight exposure (${en17037_level}): best habitable room, ${best.name}`,
          status,
          measured: round(best.day_h, 3),
          limit,
          unit: "h",
          rule: {
            pack: "en17037",
            section: "§5 sunlight exposure (clause number unverified)",
            unverified: true,
          },
          subject: best.id,
          ...(status === "warn" ? { note: TOO_CLOSE } : {}),
        });
        for (const r of habitable) {
          roomStatus.set(r.id, judge(r.day_h, ">=", limit, dayTol_h));
        }
        if (status !== "pass") {
          findings.push({
            id: findingId(TOOL, "dwelling", scan, "en17037"),
            status: "open",
            severity: status === "fail" ? "fail" : "warn",
            title: status === "fail"
              ? `No habitable room gets ${limit} h of direct sun on ${inputs.date}`
              : `The sunniest habitable room is too close to ${limit} h to call`,
            detail: `${best.name} gets ${
              fmtH(best.day_h)
            } of direct sun on ${inputs.date}; EN 17037 (${en17037_level}) asks for ${limit} h in at least one habitable room.`,
            subject: best.id,
            overlays: [`room:${best.id}`],
          });
        }
        verdictText = status === "pass"
          ? `${best.name} gets ${
            fmtH(best.day_h)
          } of direct sun on ${inputs.date}, meeting EN 17037 ${en17037_level} (${limit} h).`
          : status === "warn"
          ? `${best.name} gets ${
            fmtH(best.day_h)
          } on ${inputs.date}, within the counting step of EN 17037's ${limit} h: too close to call.`
          : `No habitable room reaches EN 17037 ${en17037_level} (${limit} h) on ${inputs.date}; the best, ${best.name}, gets ${
            fmtH(best.day_h)
          }.`;
      }
    } else if (standard === "bre209") {
      assumptions.push({
        text: `BRE BR 209 (2011) asks ${
          BRE_ANNUAL * 100
        } % of annual probable sunlight hours (and ${
          BRE_WINTER * 100
        } % from 21 September to 21 March) for windows facing within 90° of due south. Probable sunlight hours weigh each hour by the local chance of sunshine; without those records this counts the share of possible (clear-sky) sun hours above the horizon instead, so the check is an approximation and its values are unverified.`,
      });
      // Sampling uncertainty of an annual count: each edge (sunrise, sunset, the sun crossing the
      // wall's plane) adds an error within ±step/2; the year's samples shift their phase daily
      // (yearSamples), so the errors are independent, sd step/√12 each: two edges a day, 2 sd.
      const edgeSd_h = yearSmp.step_h * Math.sqrt((2 * 365) / 12);
      const tolYear = 2 * edgeSd_h / possibleYear_h, tolWinter = 2 * edgeSd_h / possibleWinter_h;
      for (const w of results) {
        const southish = Math.cos((w.facing_deg - 180) * Math.PI / 180) > 1e-9;
        if (!southish) continue;
        const room = rooms.find((r) => r.id === w.room)!;
        if (!room.habitable) continue;
        const share = w.year_h / possibleYear_h, shareW = w.winter_h / possibleWinter_h;
        const s1 = judge(share, ">=", BRE_ANNUAL, tolYear);
        const s2 = judge(shareW, ">=", BRE_WINTER, tolWinter);
        const rule = {
          pack: "bre-br209-2011",
          section: "sunlight to windows (section unverified)",
          unverified: true,
        };
        checks.push({
          id: `bre209:annual:${w.id}`,
          label: `${w.id} (${room.name}): share of annual sun hours`,
          status: s1,
          measured: round(share * 100, 2),
          limit: BRE_ANNUAL * 100,
          unit: "%",
          rule,
          subject: w.id,
          ...(s1 === "warn" ? { note: TOO_CLOSE } : {}),
        }, {
          id: `bre209:winter:${w.id}`,
          label: `${w.id} (${room.name}): share of winter sun hours`,
          status: s2,
          measured: round(shareW * 100, 2),
          limit: BRE_WINTER * 100,
          unit: "%",
          rule,
          subject: w.id,
          ...(s2 === "warn" ? { note: TOO_CLOSE } : {}),
        });
        const ws = worstStatus([s1, s2]);
        windowStatus.set(w.id, ws);
        if (ws !== "pass") {
          findings.push({
            id: findingId(TOOL, "window", w.id, "bre209"),
            status: "open",
            severity: ws === "fail" ? "fail" : "warn",
            title: `${w.id} in ${room.name} gets less sun than BRE BR 209 asks`,
            detail: `${w.id} gets ${
              (share * 100).toFixed(1)
            } % of the year's possible sun hours (BR 209: ${BRE_ANNUAL * 100} %) and ${
              (shareW * 100).toFixed(1)
            } % in winter (${BRE_WINTER * 100} %).`,
            subject: w.id,
            overlays: [`window:${w.id}`],
          });
        }
      }
      if (!checks.length) {
        verdictText =
          `No habitable room's window faces within 90° of due south, so BRE BR 209 does not apply.`;
      }
    }

    // Windows that get no sun at all on the day, and sun lost to the building itself.
    for (const w of results) {
      const room = rooms.find((r) => r.id === w.room)!;
      if (w.day_h === 0) {
        findings.push({
          id: findingId(TOOL, "window", w.id),
          status: "open",
          severity: "info",
          title: `${w.id} in ${room.name} gets no direct sun on ${inputs.date}`,
          detail: `${w.id} faces ${Math.round(w.facing_deg)}° and gets ${
            fmtH(w.year_h)
          } of direct sun over ${year}.`,
          subject: w.id,
          overlays: [`window:${w.id}`],
        });
      }
      if (w.lost_year_h.building >= 1) {
        findings.push({
          id: findingId(TOOL, "shade", w.id),
          status: "open",
          severity: "info",
          title: `The building itself shades ${w.id} in ${room.name}`,
          detail: `Other parts of the building hide the sun from ${w.id} for ${
            fmtH(w.lost_year_h.building)
          } over ${year} while it is in front of the window.`,
          subject: w.id,
          overlays: [`window:${w.id}`],
        });
      }
    }

    // Overlays: each window's facing as an arrow, rooms by their day hours.
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
        label: `${w.id} ${fmtH(w.day_h)} (${Math.round(w.facing_deg)}°)`,
      });
    }

    // The sun-path chart: the 21st of December to June, the chosen day in bold.
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
    const chosen = sunPathCurves(year, [[month, day, inputs.date]], site.lon, position, 10).days[0];
    const svg = sunPathSvg({
      title: `Sun path at ${site.lat.toFixed(3)}°, ${site.lon.toFixed(3)}° (scan ${scan})`,
      subtitle: `Local mean solar time; windows' facings marked on the rim; ${inputs.date} in bold`,
      days: [...curves.days.map((d) => ({ label: d.label, points: d.points })), {
        label: inputs.date,
        points: chosen.points,
        highlight: true,
      }],
      hours: curves.hours,
      ...(horizonPts
        ? { horizon: horizonPts.map((p) => [p.azimuth_deg, p.elevation_deg] as [number, number]) }
        : {}),
      // Windows by their room's name (people read names, not ids).
      windows: results.map((w) => ({
        id: rooms.find((r) => r.id === w.room)?.name ?? w.id,
        facing_deg: w.facing_deg,
        hours: w.day_h,
      })),
    });

    // Metrics.
    const allDay = unionSunlit([...dayCodes.values()]);
    const allYear = unionSunlit([...yearCodes.values()]);
    const bestWindow = results.reduce((a, b) => (b.day_h > a.day_h ? b : a));
    const metrics: Metric[] = [
      { id: "windows_counted", label: "Windows counted", value: results.length },
      {
        id: "best_window_day_h",
        label: `Best window on ${inputs.date} (${bestWindow.id})`,
        value: round(bestWindow.day_h),
        unit: "h",
      },
      {
        id: "best_room_day_h",
        label: `Best room on ${inputs.date} (${bestRoom.name})`,
        value: round(bestRoom.day_h),
        unit: "h",
      },
      {
        id: "any_window_day_h",
        label: `Sun on any window on ${inputs.date}`,
        value: round(sunlitHours(allDay, daySmp.step_h)),
        unit: "h",
      },
      {
        id: "any_window_year_h",
        label: `Sun on any window over ${year}`,
        value: round(sunlitHours(allYear, yearSmp.step_h), 1),
        unit: "h",
      },
      {
        id: "sun_up_day_h",
        label: `Sun above the horizon on ${inputs.date}`,
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
    assumptions.push(
      {
        text: `Direct sun counts while the sun's centre (refracted, standard atmosphere at ${
          Math.round(elevation_m)
        } m) is above ${
          Math.max(0, min_altitude_deg)
        }° and within 90° of the window's outward normal, at the window's centre. The day is counted every minute, the year every ${step_min} min (each sample stands for its step), in local mean solar time.`,
        input: "step_min",
      },
      {
        text:
          `Sun positions from Meeus's low-precision solar coordinates (within 0.02° of NREL SPA over a year, tested); sunrise, noon and sunset from NREL SPA; ΔT ${
            dt.toFixed(1)
          } s.`,
      },
    );

    if (!verdictText) {
      verdictText = `${bestRoom.name} is the sunniest room on ${inputs.date} with ${
        fmtH(bestRoom.day_h)
      } of direct sun; the building's windows see sun for ${
        fmtH(sunlitHours(allYear, yearSmp.step_h))
      } over ${year}.`;
    }
    // Every room's own answer, as a finding title the model reads (its best window, the day's
    // hours and local clock times, the year's hours), sunniest first.
    for (const r of [...rooms].sort((a, b) => b.day_h - a.day_h)) {
      const bw = results.find((w) => w.id === r.best_window)!;
      const faces = `${compassPoint(bw.facing_deg)} (${Math.round(bw.facing_deg)}°)`;
      const when = r.span ? `, ${r.span.from}–${r.span.to} local time` : "";
      findings.push({
        id: findingId(TOOL, "room", r.id),
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
    verdictText += " Hours are clear-sky: weather (clouds) is ignored.";
    assumptions.push({
      text: timeZone
        ? `Clock times are local time in ${timeZone} (the site's time zone, looked up offline from its latitude and longitude), daylight saving included.`
        : "The site's time zone could not be looked up: clock times are not given.",
    });
    const status: Status = standard === "none" || !checks.length
      ? "pass"
      : worstStatus(checks.map((c) => c.status));
    if (standard === "none") {
      assumptions.push({
        text:
          "No sunlight standard was chosen, so nothing was judged; the verdict only reports hours.",
      });
    }
    ctx.step(`Done: ${results.length} windows, ${rooms.length} rooms`);

    return {
      verdict: { status, text: verdictText },
      metrics,
      checks,
      findings,
      overlays,
      assumptions,
      data: {
        date: inputs.date,
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
        ...(timeZone ? { time_zone: timeZone } : {}),
        rooms: rooms.map((r) => ({
          id: r.id,
          name: r.name,
          ...(r.span ? { sun_from_local: r.span.from, sun_to_local: r.span.to } : {}),
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
          columns: ["Window", "Room", "Facing", `${inputs.date} (h)`, `${year} (h)`, ...MONTHS],
          rows: results.map((w) => [
            w.id,
            rooms.find((r) => r.id === w.room)!.name,
            `${Math.round(w.facing_deg)}°`,
            round(w.day_h, 2),
            round(w.year_h, 0),
            ...w.monthly_h.map((h) => round(h, 0)),
          ]),
        },
        charts: { sunpath_svg: svg },
      },
    };
  },
}));

/**
 * The terrain skyline at the site (the plan's origin) on its newest usable elevation raster,
 * with the sentence that says how it was made; or why there is none.
 */
async function terrainSkyline(
  site: SiteInfo,
  plan: Plan,
  maxDistance_m: number,
): Promise<{ points: HorizonPoint[]; text: string; ground_m: number } | { reasons: string[] }> {
  const opened = await openElevationFor(site, [[0, 0]], maxDistance_m);
  if ("reasons" in opened) return { reasons: opened.reasons };
  const { grid, entry, geographic, planToGrid } = opened;
  const p = applyAffine(planToGrid, [0, 0]);
  const cell = Math.max(...cellSize_m(grid, geographic, site.lat));
  const minDistance_m = Math.max(cell, buildingReach_m(plan) + SKYLINE_CLEAR_M);
  if (minDistance_m >= maxDistance_m) {
    return {
      reasons: [
        `The terrain skyline was not traced: ${
          Math.round(maxDistance_m)
        } m does not reach past the building and the raster's first cell (${
          Math.round(minDistance_m)
        } m).`,
      ],
    };
  }
  const sky = terrainHorizon(grid, p, {
    observerHeight_m: SKYLINE_EYE_M,
    minDistance_m,
    maxDistance_m,
    geographic,
    lat_deg: site.lat,
    gridNorth_deg: gridNorthAzimuth_deg(entry.crs, p),
  });
  if (!sky) return { reasons: [`The elevation raster has no ground at the site.`] };
  let top = sky.points[0];
  for (const q of sky.points) if (q.elevation_deg > top.elevation_deg) top = q;
  const km = (m: number) => `${+(m / 1000).toFixed(1)} km`;
  const reachMin = Math.min(...sky.reach_m), reachMax = Math.max(...sky.reach_m);
  const text = `The horizon is the terrain skyline traced on the ${
    describeRaster(entry)
  }: every 1° of azimuth, ground from ${Math.round(minDistance_m)} m to ${
    km(maxDistance_m)
  } away (the raster reaches ${km(reachMin)}–${
    km(reachMax)
  } of it), seen from ${SKYLINE_EYE_M} m above the ground at ${
    sky.ground_m.toFixed(1)
  } m, with the earth's curvature and refraction (k = 0.13). Highest: ${
    top.elevation_deg.toFixed(1)
  }° towards the ${
    compassPoint(top.azimuth_deg)
  } (${top.azimuth_deg}°). Trees and buildings count only where the raster holds them (a surface model does, a terrain model does not).`;
  return { points: sky.points, text, ground_m: sky.ground_m };
}
