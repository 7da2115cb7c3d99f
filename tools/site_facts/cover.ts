/**
 * site_facts' cover step: opens the site's orthophoto around the ground-floor footprint (or the
 * place) through the run's context and measures its vegetated and hard shares
 * (engines/aerial/imagery.ts). Only tools/site_facts/mod.ts imports it.
 */
import { fmtM } from "../../core/result.ts";
import type { Room } from "../../ground/plan.ts";
import { invertAffine } from "../../engines/aerial/reproject.ts";
import { ringMask, surfaceFractions } from "../../engines/aerial/imagery.ts";
import {
  groundFloorRooms,
  type OutsideWall,
  outsideWalls,
} from "../../engines/geometry/footprint.ts";
import type { RasterEntry } from "../../ground/rasters.ts";
import type { Ctx } from "../../core/context.ts";
import type { SiteInfo } from "../../ground/site.ts";

export async function imageryCover(
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
