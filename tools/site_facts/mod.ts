/**
 * site_facts: what the site's rasters say about a place — elevation, slope and aspect (Horn
 * 1981), height above the lowest ground within a radius (a flood-prone hint), and, where an
 * orthophoto is attached, the vegetated (excess green, Woebbecke et al. 1995) and hard
 * shares of the ground around the building. Each fact names its raster and resolution.
 */
import { tool, z } from "../../core/manifest.ts";
import { judge } from "../../core/result.ts";
import { pointFacts } from "../../engines/aerial/facts.ts";
import { gridNorthAzimuth_deg, transformPoints } from "../../engines/aerial/reproject.ts";
import { describeRaster } from "../../ground/rasters.ts";
import { imageryCover } from "./cover.ts";
import {
  type Cover,
  coverAssumption,
  coverMetrics,
  coverText,
  factAssumptions,
  factMetrics,
  factsText,
  lowGroundCheck,
  lowGroundFinding,
  NO_IMAGERY,
  say,
} from "./report.ts";

const TOOL = "site_facts";

export default tool({
  id: TOOL,
  title: "Site facts",
  summary: "Elevation, slope, low ground and greenery at a place, from its rasters.",
  model_description:
    "Report what the elevation and aerial rasters attached to a place say: elevation, slope and aspect, height above the lowest ground within a radius (a flood-prone hint), and the vegetated and hard-surfaced shares of the ground around the building where imagery exists. The place is a scan id, 'lat,lon' or a stored site.",
  audience: ["buyer", "renter", "inspector", "architect"],
  subjects: ["place", "the ground"],
  questions: [
    "What is the elevation and slope at this place?",
    "Is the house on low ground, at risk of flooding?",
    "How green is the area, trees and greenery around the property?",
    "How much of the ground around the building is paved?",
    "Altitude above sea level of the site",
    "Is the plot hilly, which way does the terrain face?",
    "How high above the surrounding ground is the property?",
    "What share of the surroundings is vegetated?",
  ],
  examples: [{ place: "demo" }],
  inputs: z.object({
    place: z.string().min(1).meta({
      ask: 'Which place? A scan id, "lat,lon" or a stored site',
      label: "place",
      description: 'A scan id, "lat,lon" (e.g. "52.52,13.40") or a stored site\'s id or address.',
    }),
    radius_m: z.number().min(10).max(2000).default(100).meta({
      label: "radius searched for the lowest ground",
      unit: "m",
    }),
    low_ground_m: z.number().min(0).max(50).default(1).meta({
      label: "height above the lowest ground below which the place is flagged as low",
      unit: "m",
    }),
    imagery_buffer_m: z.number().min(1).max(200).default(20).meta({
      label: "band around the building whose cover is measured",
      unit: "m",
    }),
  }),
  requires: [
    { layer: "site.location" },
    { layer: "site.elevation", why: "elevation, slope and low ground" },
    { layer: "site.imagery", optional: true, why: "vegetation and hard surfaces" },
  ],
  blocks: ["VerdictHeader", "MetricGrid", "CheckList", "FindingList", "AssumptionList", "StepLog"],
  draws: [],
  read_only: true,
  async run(ctx, { place, radius_m, low_ground_m, imagery_buffer_m }) {
    const site = ctx.site(place);
    if (!site) {
      return {
        verdict: {
          status: "unknown",
          code: "verdict.no_site",
          data: { place },
          text:
            `${place} has no site location (latitude and longitude), so no raster can be read for it.`,
        },
      };
    }
    const where = `${+site.lat.toFixed(6)}, ${+site.lon.toFixed(6)}`;
    ctx.step(say.step("step.opening_raster", {}));
    const opened = await ctx.elevation(site, [[0, 0]], radius_m * 1.1);
    if ("reasons" in opened) {
      return {
        verdict: {
          status: "unknown",
          code: "verdict.no_raster",
          data: { reasons: opened.reasons },
          text: opened.reasons.join(" "),
        },
      };
    }
    const { grid, entry, geographic } = opened;
    const [p] = transformPoints("EPSG:4326", entry.crs, [[site.lon, site.lat]]);
    const f = pointFacts(grid, p, {
      geographic,
      radius_m,
      gridNorth_deg: gridNorthAzimuth_deg(entry.crs, p),
    });
    if ("missing" in f) {
      return {
        verdict: {
          status: "unknown",
          code: "verdict.no_ground",
          data: { where, why: f.reason },
          text: `At ${where} ${f.reason}.`,
        },
      };
    }
    const cell = Math.max(...f.cell_m);
    // The circle must reach past the place's own cell for "the lowest ground around it" to
    // mean anything: with cells wider than the radius (or a single cell in it) the place is
    // compared with itself, so the low-ground check is left unknown rather than flagged.
    const tooCoarse = cell > radius_m || f.cells_in_radius < 2;
    const assumptions = factAssumptions(f, describeRaster(entry), cell, radius_m, tooCoarse);
    const metrics = factMetrics(f, cell, radius_m, tooCoarse);
    const lowStatus = tooCoarse ? "unknown" : judge(f.height_above_lowest_m, ">=", low_ground_m, 0);
    const status = lowStatus === "fail" ? "warn" : lowStatus;
    const checks = [lowGroundCheck(f, status, cell, radius_m, low_ground_m, tooCoarse)];
    const findings = status === "warn"
      ? [
        lowGroundFinding(
          f,
          site.scan ?? site.id ?? where.replace(/\s/g, ""),
          radius_m,
          low_ground_m,
        ),
      ]
      : [];

    // Imagery, when attached.
    let cover = "";
    let coverData: Cover | undefined;
    const images = ctx.rasters(site, "imagery");
    if (images.length) {
      ctx.step(say.step("step.measuring_cover", {}));
      const res = await imageryCover(ctx, site, images[0], imagery_buffer_m);
      if ("reason" in res) {
        assumptions.push(say.assumption("assumption.cover_unmeasured", { reason: res.reason }));
      } else {
        metrics.push(...coverMetrics(res));
        assumptions.push(coverAssumption(describeRaster(images[0]), res));
        cover = coverText(res);
        coverData = res;
      }
    } else {
      assumptions.push(NO_IMAGERY);
    }

    const text = factsText(f, where, cell, radius_m, tooCoarse, status) + cover;
    ctx.step(say.step("step.done", {}));
    const data = {
      where,
      elevation_m: f.elevation_m,
      slope_pct: f.slope_pct,
      ...(Number.isNaN(f.aspect_deg) ? {} : { aspect_deg: f.aspect_deg }),
      radius_m,
      ...(tooCoarse ? { cell_m: cell } : { height_above_lowest_m: f.height_above_lowest_m }),
      low_ground: status === "warn",
      ...(coverData
        ? {
          vegetation_fraction: coverData.vegetation_fraction,
          hard_fraction: coverData.hard_fraction,
        }
        : {}),
    };
    return {
      verdict: { status, code: tooCoarse ? "verdict.facts_coarse" : "verdict.facts", data, text },
      metrics,
      checks,
      findings,
      assumptions,
    };
  },
});
