/**
 * site_facts: what the site's rasters say about a place — elevation, slope and aspect (Horn
 * 1981), height above the lowest ground within a radius (a flood-prone hint), and, where an
 * orthophoto is attached, the vegetated (excess green, Woebbecke et al. 1995) and hard
 * shares of the ground around the building. Each fact names its raster and resolution.
 */
import { tool, z } from "../../core/manifest.ts";
import {
  type Assumption,
  type Check,
  type Finding,
  findingId,
  fmtM,
  judge,
  type Metric,
} from "../../core/result.ts";
import type { Room } from "../../core/plan.ts";
import { pointFacts } from "../../engines/aerial/facts.ts";
import {
  gridNorthAzimuth_deg,
  invertAffine,
  transformPoints,
} from "../../engines/aerial/reproject.ts";
import { ringMask, surfaceFractions } from "../../engines/aerial/imagery.ts";
import {
  compassPoint,
  groundFloorRooms,
  type OutsideWall,
  outsideWalls,
} from "../../engines/geometry/footprint.ts";
import { describeRaster, type RasterEntry } from "../../core/rasters.ts";
import type { Ctx, SiteInfo } from "../../core/context.ts";
import { round } from "../../core/text.ts";

const TOOL = "site_facts";

export default tool({
  id: TOOL,
  title: "Site facts",
  summary: "Elevation, slope, low ground and greenery at a place, from its rasters.",
  model_description:
    "Report what the elevation and aerial rasters attached to a place say: elevation, slope and aspect, height above the lowest ground within a radius (a flood-prone hint), and the vegetated and hard-surfaced shares of the ground around the building where imagery exists. The place is a scan id, 'lat,lon' or a stored site.",
  audience: ["buyer", "renter", "inspector", "architect"],
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
          text:
            `${place} has no site location (latitude and longitude), so no raster can be read for it.`,
        },
      };
    }
    const where = `${+site.lat.toFixed(6)}, ${+site.lon.toFixed(6)}`;
    ctx.step("Opening the site's elevation raster");
    const opened = await ctx.elevation(site, [[0, 0]], radius_m * 1.1);
    if ("reasons" in opened) {
      return { verdict: { status: "unknown", text: opened.reasons.join(" ") } };
    }
    const { grid, entry, geographic } = opened;
    const [p] = transformPoints("EPSG:4326", entry.crs, [[site.lon, site.lat]]);
    const f = pointFacts(grid, p, {
      geographic,
      radius_m,
      gridNorth_deg: gridNorthAzimuth_deg(entry.crs, p),
    });
    if ("missing" in f) {
      return { verdict: { status: "unknown", text: `At ${where} ${f.reason}.` } };
    }
    const cell = Math.max(...f.cell_m);
    const src = describeRaster(entry);
    const assumptions: Assumption[] = [
      {
        text:
          `Elevation, slope and aspect from the ${src}: bilinear between cell centres, slope and aspect by Horn's method over cells ${
            fmtM(cell, 1)
          } apart — a slope over that distance, not the slope of the plot.`,
      },
      {
        text: `Lowest ground: the lowest of ${f.cells_in_radius} cells of the same raster within ${
          fmtM(radius_m, 0)
        } (${
          Math.round(f.coverage * 100)
        } % of the circle has data). Elevations are in the raster's own vertical datum.`,
        input: "radius_m",
      },
    ];
    // The circle must reach past the place's own cell for "the lowest ground around it" to
    // mean anything: with cells wider than the radius (or a single cell in it) the place is
    // compared with itself, so the low-ground check is left unknown rather than flagged.
    const tooCoarse = cell > radius_m || f.cells_in_radius < 2;
    const radiusNeeded_m = Math.ceil(2 * cell / 10) * 10;
    if (tooCoarse) {
      assumptions.push({
        text: `The raster's ${fmtM(cell, 0)} cells are too coarse for a ${
          fmtM(radius_m, 0)
        } radius (${f.cells_in_radius} cell${
          f.cells_in_radius === 1 ? "" : "s"
        } with data in it): low ground was not judged. A finer DEM, or a radius of at least ${
          fmtM(radiusNeeded_m, 0)
        }, would let it be.`,
        input: "radius_m",
      });
    } else if (cell > radius_m / 3) {
      assumptions.push({
        text: `The raster's ${fmtM(cell, 0)} cells are coarse for a ${
          fmtM(radius_m, 0)
        } radius: the low-ground figure compares only a handful of cells.`,
      });
    }
    const metrics: Metric[] = [
      { id: "elevation_m", label: "Elevation", value: round(f.elevation_m, 2), unit: "m" },
      { id: "slope_deg", label: "Slope", value: round(f.slope_deg, 2), unit: "°" },
      { id: "slope_pct", label: "Slope", value: round(f.slope_pct, 2), unit: "%" },
      {
        id: "aspect_deg",
        label: "Aspect (downslope, from true north)",
        value: Number.isNaN(f.aspect_deg) ? null : round(f.aspect_deg, 1),
        unit: "°",
      },
      {
        id: "height_above_lowest_m",
        label: `Height above the lowest ground within ${fmtM(radius_m, 0)}`,
        value: tooCoarse ? null : round(f.height_above_lowest_m, 2),
        unit: "m",
      },
      {
        id: "lowest_elevation_m",
        label: `Lowest ground within ${fmtM(radius_m, 0)}`,
        value: tooCoarse ? null : round(f.lowest_elevation_m, 2),
        unit: "m",
      },
      {
        id: "raster_cell_m",
        label: "Elevation raster cell size",
        value: round(cell, 3),
        unit: "m",
      },
    ];
    const lowStatus = tooCoarse ? "unknown" : judge(f.height_above_lowest_m, ">=", low_ground_m, 0);
    const status = lowStatus === "fail" ? "warn" : lowStatus;
    const checks: Check[] = [{
      id: "low_ground",
      label: `Height above the lowest ground within ${fmtM(radius_m, 0)}`,
      status,
      measured: tooCoarse ? undefined : round(f.height_above_lowest_m, 2),
      limit: low_ground_m,
      unit: "m",
      note: status === "warn"
        ? "A hint, not a flood map: water gathering nearby would reach this place first."
        : tooCoarse
        ? `Not judged: the raster's ${fmtM(cell, 0)} cells are wider than the ${
          fmtM(radius_m, 0)
        } radius.`
        : undefined,
    }];
    const findings: Finding[] = status === "warn"
      ? [{
        id: findingId(TOOL, "low_ground", site.scan ?? site.id ?? where.replace(/\s/g, "")),
        status: "open",
        severity: "warn",
        title: "The place lies at or near the lowest ground around it",
        detail: `It stands ${fmtM(f.height_above_lowest_m)} above the lowest ground within ${
          fmtM(radius_m, 0)
        }, less than ${
          fmtM(low_ground_m)
        }: a flood-prone hint worth checking against the official flood maps.`,
      }]
      : [];

    // Imagery, when attached.
    let cover = "";
    const images = ctx.rasters(site, "imagery");
    if (images.length) {
      ctx.step("Measuring vegetation and hard surfaces on the orthophoto");
      const res = await imageryCover(ctx, site, images[0], imagery_buffer_m);
      if ("reason" in res) assumptions.push({ text: res.reason });
      else {
        metrics.push(
          {
            id: "vegetation_fraction",
            label: "Vegetated share around the building",
            value: round(res.vegetation_fraction, 3),
          },
          {
            id: "hard_surface_fraction",
            label: "Hard-surfaced share around the building",
            value: round(res.hard_fraction, 3),
          },
        );
        assumptions.push({
          text: `Cover from the ${
            describeRaster(images[0])
          }: ${res.pixels} pixels ${res.around}; vegetation where excess green 2g − r − b > 0.1, hard surface where the rest is grey (saturation < 0.2) — a colour rule, not a survey.`,
          input: "imagery_buffer_m",
        });
        cover = ` ${
          Math.round(res.vegetation_fraction * 100)
        } % of the ground ${res.around} is vegetated and ${
          Math.round(res.hard_fraction * 100)
        } % hard-surfaced.`;
      }
    } else {
      assumptions.push({
        text: "No aerial imagery is attached to the site, so vegetation was not measured.",
      });
    }

    const aspect = Number.isNaN(f.aspect_deg)
      ? "flat"
      : `sloping ${f.slope_pct.toFixed(1)} % towards the ${compassPoint(f.aspect_deg)}`;
    const text = `At ${where} the ground is at ${f.elevation_m.toFixed(1)} m, ${aspect}; ` +
      (tooCoarse
        ? `the raster's ${
          fmtM(cell, 0)
        } cells are too coarse to say whether it is low ground within ${fmtM(radius_m, 0)}.`
        : `it stands ${fmtM(f.height_above_lowest_m, 1)} above the lowest ground within ${
          fmtM(radius_m, 0)
        }` + (status === "warn" ? " (low ground: a flood-prone hint)." : ".")) +
      cover;
    ctx.step("Done");
    return { verdict: { status, text }, metrics, checks, findings, assumptions };
  },
});

async function imageryCover(
  ctx: Ctx,
  site: SiteInfo,
  entry: RasterEntry,
  buffer_m: number,
): Promise<
  | { reason: string }
  | { pixels: number; vegetation_fraction: number; hard_fraction: number; around: string }
> {
  const name = entry.path.split(/[\\/]/).pop();
  let rooms: Room[] = [];
  let walls: OutsideWall[] = [];
  if (site.scan) {
    rooms = groundFloorRooms(ctx.plan(site.scan));
    walls = outsideWalls(rooms);
  }
  const xs = rooms.flatMap((r) => r.polygon.map((p) => p[0]));
  const ys = rooms.flatMap((r) => r.polygon.map((p) => p[1]));
  const box: [number, number, number, number] = rooms.length
    ? [
      Math.min(...xs) - buffer_m,
      Math.min(...ys) - buffer_m,
      Math.max(...xs) + buffer_m,
      Math.max(...ys) + buffer_m,
    ]
    : [-buffer_m, -buffer_m, buffer_m, buffer_m];
  const opened = await ctx.imagery(site, box);
  if ("reason" in opened) return { reason: `${opened.reason}; vegetation was not measured.` };
  const img = opened.image;
  const mask = ringMask(img, invertAffine(opened.planToGrid), rooms, walls, buffer_m);
  const fr = surfaceFractions(img, mask);
  if (!fr.pixels) {
    return {
      reason: `The imagery ${name} has no pixels around the building; vegetation was not measured.`,
    };
  }
  return {
    ...fr,
    around: rooms.length
      ? `within ${fmtM(buffer_m, 0)} of the building`
      : `within ${fmtM(buffer_m, 0)} of the place`,
  };
}
