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
import { derivedAssumptions, splitDerived } from "../_shared/derived.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import { buildingPrisms, makeHorizon } from "../../engines/geometry/sun_exposure.ts";
import {
  buildingSun,
  daySun,
  outsideWindows,
  roomsSun,
  roomSunlitSpans,
  sitePositionsMeeus,
  windowsSun,
  yearSun,
} from "../../engines/geometry/sun_count.ts";
import { standardChecks } from "./standards.ts";
import * as report from "./report.ts";
import * as say from "./wording.ts";
import { chooseHorizon, parseDate, WINDOW_DEFAULTS } from "./horizon.ts";
import { named } from "../_shared/refs.ts";
import { implausibleReasons } from "../../engines/geometry/implausible.ts";
import { planNames } from "../../ground/names.ts";
import type { Plan } from "../../ground/plan.ts";
import { timeZoneAt } from "../../engines/geometry/timezone.ts";

const TOOL = "sun_hours";

const DEFAULT_ROOM_HEIGHT_M = 2.5;

export default named(tool({
  id: TOOL,
  title: "Sun hours",
  summary: "How many hours of direct sun each window and room gets.",
  model_description:
    "Count the hours of direct sun on every window and room of one scan on a chosen date and month by month over that year, from the sun's position, each window's facing, an optional horizon profile and the building's own walls; optionally check EN 17037 (hours on a day between 1 Feb and 21 Mar) or BRE BR 209 (share of annual sunlight hours). Needs the site's latitude and longitude.",
  audience: ["buyer", "renter", "architect", "inspector"],
  subjects: ["sun", "window", "room"],
  questions: [
    "How much sun does each room get?",
    "Hours of direct sunlight in the kitchen on 21 December?",
    "Is the living room sunny in winter?",
    "Which windows get direct sun in March?",
    "Check sunlight against BRE 209 or EN 17037",
    "Is the house bright or dark, south facing?",
    "Which side of the house gets the afternoon sun?",
    "Is the bedroom in shade all winter?",
  ],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    date: z.string().regex(/^-?\d{1,4}-\d{2}-\d{2}$/, { error: "give the date as YYYY-MM-DD" })
      .default("2025-03-21").meta({
        ...fill.preference("sun.date", {
          ask: "Which day should the sun be counted on (YYYY-MM-DD)?",
          label: "the day to count sun hours on",
        }),
        scope: true,
      }),
    step_min: z.number().int().min(1).max(240).default(60).meta(
      fill.preference("sun.step_min", {
        ask: "How many minutes between sun positions over the year?",
        unit: "min",
        label: "the time step of the yearly profile",
      }),
    ),
    standard: z.enum(["en17037", "bre209", "none"]).default("en17037").meta({
      ...fill.preference("sun.standard", {
        ask: "Which sunlight standard should the hours be checked against?",
        label: "a sunlight standard",
      }),
      scope: true,
    }),
    en17037_level: z.enum(["minimum", "medium", "high"]).default("minimum").meta({
      scope: true,
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
    if (site.north_deg === undefined) assumptions.push(say.NO_NORTH);
    // Horizon: the input, else one stored with the site, else the terrain skyline on the
    // site's elevation raster, else flat (tools/sun_hours/horizon.ts).
    const sky = await chooseHorizon(ctx, site, plan, inputs, assumptions);
    const horizonPts = sky.points;
    const groundFromRaster_m = sky.ground_m;
    const horizon = horizonPts ? makeHorizon(horizonPts) : undefined;
    // The air's pressure (for refraction) from the site's elevation, else the raster's ground.
    const elevation_m = site.elevation_m ?? groundFromRaster_m ?? 0;
    const sun = sitePositionsMeeus(site, elevation_m, year, month);
    const { delta_t_s: dt, position } = sun;

    // Windows: to the outside, on a room's wall.
    const found = outsideWindows(plan, north_deg, WINDOW_DEFAULTS);
    const { skipped } = found;
    // A room the importer derived (not in the file) gets no answer; its windows are said.
    const { derived } = splitDerived(plan);
    const derivedIds = new Set(derived.map((r) => r.id));
    const inRooms = found.sites.filter(({ w }) =>
      !w.between.some((b) => b !== null && derivedIds.has(b))
    );
    const { sites, marked, notJudged } = withoutMarked(plan, inRooms);
    if (marked.length) assumptions.push(say.implausibleAssumption(marked));
    if (derived.length) assumptions.push(...derivedAssumptions(derived));
    if (skipped.length) assumptions.push(say.skippedAssumption(skipped));
    if (!sites.length) {
      return {
        verdict: say.noSitesVerdict(scan, marked.length, derived.length > 0),
        checks: notJudged,
        assumptions,
      };
    }
    const prisms = self_shading ? buildingPrisms(plan, DEFAULT_ROOM_HEIGHT_M) : [];
    assumptions.push(
      ...say.windowAssumptions(sites, WINDOW_DEFAULTS),
      ...(self_shading ? [say.shadingAssumption(plan, prisms.length, DEFAULT_ROOM_HEIGHT_M)] : []),
    );
    const scene = { north_deg, prisms, horizon, min_altitude_deg };

    // The chosen day at 1-minute steps, then the year at step_min.
    ctx.step(say.steps.step("step.day", { date: inputs.date, lat: site.lat, lon: site.lon }));
    const place = { year, month, day, lat: site.lat, lon: site.lon, delta_t_s: dt };
    const dayS = daySun(place, min_altitude_deg, position);
    ctx.step(say.steps.step("step.year", { year, step_min }));
    const yearS = yearSun({ year, lon: site.lon, step_min }, min_altitude_deg, position);

    ctx.step(say.steps.step("step.counting", { windows: sites.length }));
    const results = windowsSun(sites, dayS, yearS, scene, () => ctx.throwIfCancelled());
    // Rooms: the best window and the union of all of them.
    // Rooms and windows by their display names (ground/names.ts), disambiguated when they repeat.
    const names = planNames(plan);
    const rooms = roomsSun(plan, results, dayS, yearS).map((r) => ({
      ...r,
      name: names.room.get(r.id) ?? r.name,
    }));
    const windowName = (id: string) => names.opening.get(id) ?? id;

    // Checks against the chosen standard (tools/sun_hours/standards.ts words them).
    const judged = standardChecks({
      standard,
      en17037_level,
      date: inputs.date,
      month,
      day,
      scan,
      rooms,
      results,
      windowName,
      dayStep_h: dayS.samples.step_h,
      yearStep_h: yearS.samples.step_h,
      possibleYear_h: yearS.possible_h,
      possibleWinter_h: yearS.possible_winter_h,
    });
    assumptions.push(...judged.assumptions);
    const { findings, windowStatus, roomStatus } = judged;
    const checks = [...judged.checks, ...notJudged];
    const bestRoom = rooms.reduce((a, b) => (b.day_h > a.day_h ? b : a));

    // Windows that get no sun at all on the day, and sun lost to the building itself.
    findings.push(...report.windowFindings(results, rooms, inputs.date, year, windowName));

    // Every room's own answer, as a finding title the model reads (its best window's facing,
    // the day's hours with local clock times, the year's hours), sunniest first; local time is
    // the site's IANA time zone, looked up offline from its coordinates.
    const timeZone = timeZoneAt(site.lat, site.lon);
    const spans = roomSunlitSpans(rooms, results, dayS.samples.jd, timeZone);
    findings.push(...say.roomFindings(rooms, results, spans, inputs.date, year));
    assumptions.push(say.timeZoneAssumption(timeZone));
    const overlays = report.sunOverlays(rooms, results, roomStatus, windowStatus, windowName);
    const sunpath = report.sunPath(
      { year, month, day, date: inputs.date, scan },
      site,
      position,
      horizonPts,
      results,
    );
    // The chart names windows by their room (people read names, not ids).
    report.nameChartWindows(sunpath, rooms, results);
    const building = buildingSun(results, dayS, yearS);
    const metrics = report.sunMetrics(
      { date: inputs.date, year },
      results,
      bestRoom,
      dayS,
      yearS,
      building,
      windowName,
    );
    assumptions.push(...say.methodAssumptions(elevation_m, min_altitude_deg, step_min, dt));

    const verdict = say.sunVerdict(judged, checks, standard, bestRoom, {
      date: inputs.date,
      year,
      any_window_year_h: building.any_window_year_h,
    });
    if (standard === "none") assumptions.push(say.NOTHING_JUDGED);
    ctx.step(say.steps.step("step.done", { windows: results.length, rooms: rooms.length }));

    return {
      verdict,
      metrics,
      checks,
      findings,
      overlays,
      assumptions,
      data: report.withLocalTimes(
        report.sunData(
          { date: inputs.date, step_min, year },
          results,
          rooms,
          dayS,
          yearS,
          sunpath,
          windowName,
        ),
        timeZone,
        spans,
      ),
    };
  },
}));

/**
 * The windows to count, and those the import marked implausible (20 m from its wall, a 50 m
 * width): not counted, like SQL's NULL; their sun is unknown, said as an unknown check on
 * each. `marked` are their names.
 */
function withoutMarked<T extends { w: { id: string } }>(plan: Plan, found: T[]) {
  const bad = found.filter(({ w }) => implausibleReasons(plan, w.id).length > 0);
  if (!bad.length) return { sites: found, marked: [] as string[], notJudged: [] };
  const names = planNames(plan);
  return {
    sites: found.filter((x) => !bad.includes(x)),
    marked: bad.map(({ w }) => names.of(w.id)),
    notJudged: bad.map(({ w }) => ({
      id: `implausible:${w.id}`,
      status: "unknown" as const,
      subject: w.id,
      ...say.implausibleCheck(names.of(w.id), implausibleReasons(plan, w.id)),
    })),
  };
}
