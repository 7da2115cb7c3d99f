/**
 * Where sun_hours' horizon comes from, in order: the `horizon` input, a profile stored with
 * the site, the terrain skyline traced on the site's elevation raster (through ctx; the
 * tracing is engines/aerial/horizon.ts), else flat; and the day it counts, read from its input.
 */
import type { Ctx } from "../../core/context.ts";
import type { SiteInfo } from "../../ground/site.ts";
import { InputError } from "../../ground/errors.ts";
import type { Assumption } from "../../core/result.ts";
import { fmtM } from "../../core/result.ts";
import type { Plan } from "../../ground/plan.ts";
import { describeRaster } from "../../ground/rasters.ts";
import { skylineAtSite } from "../../engines/aerial/horizon.ts";
import { buildingReach_m, compassPoint } from "../../engines/geometry/footprint.ts";
import type { HorizonPoint } from "../../engines/geometry/sun_exposure.ts";
import { steps } from "./wording.ts";

/** Window sill and height when the scan has none, m. */
export const WINDOW_DEFAULTS = { sill_m: 0.9, height_m: 1.2 };
/** Eye height for the terrain skyline: a ground-floor window's centre (sill + half height). */
const SKYLINE_EYE_M = WINDOW_DEFAULTS.sill_m + WINDOW_DEFAULTS.height_m / 2;
/** Ground this far beyond the building's farthest corner is the nearest the skyline looks. */
const SKYLINE_CLEAR_M = 5;

/** "YYYY-MM-DD" to its parts, or an InputError naming `date`. */
export function parseDate(text: string): { year: number; month: number; day: number } {
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

/**
 * The horizon a run counts with and the assumption that says where it came from; with the
 * ground's elevation when the skyline was traced (for the air's pressure).
 */
export async function chooseHorizon(
  ctx: Ctx,
  site: SiteInfo,
  plan: Plan,
  inputs: { horizon?: HorizonPoint[]; terrain_horizon_m: number },
  assumptions: Assumption[],
): Promise<{ points?: HorizonPoint[]; ground_m?: number }> {
  // Horizon: the input, else one stored with the site, else the terrain skyline on the
  // site's elevation raster, else flat.
  const FLAT =
    "The horizon is taken as flat: hills, trees and neighbouring buildings are not counted.";
  let horizonPts = inputs.horizon ?? recordHorizon(site.record);
  let groundFromRaster_m: number | undefined;
  if (horizonPts) {
    assumptions.push({
      code: "assumption.horizon_profile",
      data: { points: horizonPts.length, given: inputs.horizon !== undefined },
      text: `A horizon profile of ${horizonPts.length} points ${
        inputs.horizon ? "(given)" : "(from the site record)"
      } hides the sun below it; trees and neighbours not in it are ignored.`,
      ...(inputs.horizon ? { input: "horizon" } : {}),
    });
  } else if (inputs.terrain_horizon_m > 0 && ctx.rasters(site, "elevation").length) {
    ctx.step(steps.step("step.horizon", {}));
    const sky = await terrainSkyline(ctx, site, plan, inputs.terrain_horizon_m);
    if ("reasons" in sky) {
      assumptions.push({
        code: "assumption.flat_horizon",
        data: { reasons: sky.reasons },
        text: `${sky.reasons.join(" ")} ${FLAT}`,
      });
    } else {
      horizonPts = sky.points;
      groundFromRaster_m = sky.ground_m;
      assumptions.push({
        code: "assumption.terrain_horizon",
        data: { ground_m: sky.ground_m, points: sky.points.length },
        text: sky.text,
        input: "terrain_horizon_m",
      });
    }
  } else assumptions.push({ code: "assumption.flat_horizon", data: { reasons: [] }, text: FLAT });
  return { points: horizonPts, ground_m: groundFromRaster_m };
}

/**
 * The terrain skyline at the site (the plan's origin) on its newest usable elevation raster,
 * with the sentence that says how it was made; or why there is none.
 */
async function terrainSkyline(
  ctx: Ctx,
  site: SiteInfo,
  plan: Plan,
  maxDistance_m: number,
): Promise<{ points: HorizonPoint[]; text: string; ground_m: number } | { reasons: string[] }> {
  const opened = await ctx.elevation(site, [[0, 0]], maxDistance_m);
  if ("reasons" in opened) return { reasons: opened.reasons };
  const { entry } = opened;
  const sk = skylineAtSite({ ...opened, crs: entry.crs }, {
    lat_deg: site.lat,
    buildingReach_m: buildingReach_m(plan),
    clear_m: SKYLINE_CLEAR_M,
    eye_m: SKYLINE_EYE_M,
    maxDistance_m,
  });
  if (sk.code === "skyline.too_short") {
    return {
      reasons: [
        `The terrain skyline was not traced: ${
          fmtM(Math.round(maxDistance_m), 0)
        } does not reach past the building and the raster's first cell (${
          fmtM(Math.round(sk.minDistance_m), 0)
        }).`,
      ],
    };
  }
  if (sk.code === "skyline.no_ground") {
    return { reasons: [`The elevation raster has no ground at the site.`] };
  }
  const { horizon: sky, minDistance_m, highest: top } = sk;
  const reachMin = sk.reachMin_m, reachMax = sk.reachMax_m;
  const km = (m: number) => `${+(m / 1000).toFixed(1)} km`;
  const text = `The horizon is the terrain skyline traced on the ${
    describeRaster(entry)
  }: every 1° of azimuth, ground from ${fmtM(Math.round(minDistance_m), 0)} to ${
    km(maxDistance_m)
  } away (the raster reaches ${km(reachMin)}–${km(reachMax)} of it), seen from ${
    fmtM(SKYLINE_EYE_M, 1)
  } above the ground at ${
    fmtM(sky.ground_m, 1)
  }, with the earth's curvature and refraction (k = 0.13). Highest: ${
    top.elevation_deg.toFixed(1)
  }° towards the ${
    compassPoint(top.azimuth_deg)
  } (${top.azimuth_deg}°). Trees and buildings count only where the raster holds them (a surface model does, a terrain model does not).`;
  return { points: sky.points, text, ground_m: sky.ground_m };
}
