/**
 * The terrain skyline around a point of an elevation grid: for each azimuth, the highest
 * apparent elevation angle of the ground along a ray out to a distance, as GRASS GIS's
 * r.horizon traces it (Hofierka & Šúri 2002, "The solar radiation model for Open source GIS:
 * implementation and applications"). A point at horizontal distance d and height difference
 * Δz is seen at atan((Δz − (1 − k)·d²/2R) / d): the earth's curvature with the survey
 * correction for terrestrial refraction, R = 6,371,000 m and Gauss's coefficient k = 0.13.
 */
import type { Grid } from "../../ground/grid.ts";
import { cellSize_m, metresPerDegree } from "./sample.ts";
import { bilinear, covers } from "../../ground/grid.ts";
import { gridNorthAzimuth_deg } from "./reproject.ts";
import { type Affine, applyAffine, type XY } from "../../ground/grid.ts";
import { ticker } from "../../ground/budget.ts";

/** Mean earth radius, metres (IUGG). */
export const EARTH_RADIUS_M = 6_371_000;
/** Coefficient of terrestrial refraction (Gauss), the value surveyors' tables use. */
export const REFRACTION_K = 0.13;

export interface TerrainHorizonOptions {
  /** The eye's height above the ground at the point, metres. */
  observerHeight_m: number;
  /** Ground nearer than this is not part of the skyline (the building itself, its plot). */
  minDistance_m: number;
  /** Farthest ground looked at, metres. */
  maxDistance_m: number;
  /** Spacing of the profile's azimuths, degrees (default 1). */
  azimuthStep_deg?: number;
  /** The grid is in degrees of longitude and latitude (EPSG:4326). */
  geographic: boolean;
  /** Latitude of the point, for degree lengths on a geographic grid. */
  lat_deg: number;
  /** Azimuth of the grid's +y from true north at the point (grid convergence), degrees. */
  gridNorth_deg?: number;
}

export interface TerrainHorizon {
  /** Skyline elevation by true azimuth, degrees (east of north); negative where the ground falls away. */
  points: { azimuth_deg: number; elevation_deg: number }[];
  /** How far each ray found data before leaving the grid or reaching maxDistance_m, metres. */
  reach_m: number[];
  /** Ground elevation at the point, metres (bilinear). */
  ground_m: number;
  /** Distance between samples along a ray, metres. */
  step_m: number;
}

/**
 * Traces the skyline from `p` (in the grid's CRS). Each ray is sampled bilinearly every half
 * cell (fewer, evenly spaced, beyond 4,000 samples), from `minDistance_m` until it leaves the
 * grid or reaches `maxDistance_m`; nodata samples are skipped. A ray with no data gives
 * −90°. Returns undefined when the ground at `p` is nodata or outside the grid.
 */
export function terrainHorizon(
  grid: Grid,
  p: XY,
  opts: TerrainHorizonOptions,
): TerrainHorizon | undefined {
  const ground_m = bilinear(grid, p);
  if (!Number.isFinite(ground_m)) return undefined;
  const eye = ground_m + opts.observerHeight_m;
  const [cx, cy] = cellSize_m(grid, opts.geographic, opts.lat_deg);
  const span = opts.maxDistance_m - opts.minDistance_m;
  const step_m = Math.max(Math.min(cx, cy) / 2, span / 4000);
  const n = Math.max(1, Math.floor(span / step_m) + 1);
  // Metres east/north -> CRS units: degrees on a geographic grid, metres otherwise.
  const m = metresPerDegree(opts.lat_deg);
  const ux = opts.geographic ? 1 / m.lon_m : 1, uy = opts.geographic ? 1 / m.lat_m : 1;
  const gamma = (opts.gridNorth_deg ?? 0) * Math.PI / 180;
  const drop = (1 - REFRACTION_K) / (2 * EARTH_RADIUS_M);
  const azStep = opts.azimuthStep_deg ?? 1;
  const points: TerrainHorizon["points"] = [], reach_m: number[] = [];
  const tick = ticker(1);
  for (let az = 0; az < 360 - 1e-9; az += azStep) {
    tick();
    // A true azimuth is az − γ from grid north.
    const a = az * Math.PI / 180 - gamma;
    const sx = Math.sin(a) * ux, sy = Math.cos(a) * uy;
    let best = -Infinity, reach = 0;
    for (let i = 0; i < n; i++) {
      const d = opts.minDistance_m + i * step_m;
      const z = bilinear(grid, [p[0] + sx * d, p[1] + sy * d]);
      if (z !== z) {
        // Outside the grid: the ray ends; a nodata hole inside it is skipped.
        if (!covers(grid, [p[0] + sx * d, p[1] + sy * d])) break;
        continue;
      }
      reach = d;
      const t = (z - eye - drop * d * d) / d;
      if (t > best) best = t;
    }
    points.push({
      azimuth_deg: +az.toFixed(9),
      elevation_deg: best === -Infinity ? -90 : Math.atan(best) * 180 / Math.PI,
    });
    reach_m.push(reach);
  }
  return { points, reach_m, ground_m, step_m };
}

/** The skyline at a site, or why there is none (codes with data; the caller words them). */
export type SiteSkyline =
  | { code: "skyline.too_short"; minDistance_m: number; maxDistance_m: number }
  | { code: "skyline.no_ground" }
  | {
    code: "skyline.traced";
    horizon: TerrainHorizon;
    minDistance_m: number;
    maxDistance_m: number;
    /** The highest point of the skyline (the first of equals). */
    highest: { azimuth_deg: number; elevation_deg: number };
    reachMin_m: number;
    reachMax_m: number;
  };

/**
 * The terrain skyline at the plan's origin (the site's position) on an elevation grid opened
 * for it: rays start past the building (`buildingReach_m` + `clear_m`) and the grid's first
 * cell, from an eye `eye_m` above the ground, out to `maxDistance_m`; grid north from the
 * CRS's convergence at the point.
 */
export function skylineAtSite(
  g: { grid: Grid; planToGrid: Affine; crs: string; geographic: boolean },
  opts: {
    lat_deg: number;
    buildingReach_m: number;
    clear_m: number;
    eye_m: number;
    maxDistance_m: number;
  },
): SiteSkyline {
  const p = applyAffine(g.planToGrid, [0, 0]);
  const cell = Math.max(...cellSize_m(g.grid, g.geographic, opts.lat_deg));
  const minDistance_m = Math.max(cell, opts.buildingReach_m + opts.clear_m);
  const maxDistance_m = opts.maxDistance_m;
  if (minDistance_m >= maxDistance_m) {
    return { code: "skyline.too_short", minDistance_m, maxDistance_m };
  }
  const sky = terrainHorizon(g.grid, p, {
    observerHeight_m: opts.eye_m,
    minDistance_m,
    maxDistance_m,
    geographic: g.geographic,
    lat_deg: opts.lat_deg,
    gridNorth_deg: gridNorthAzimuth_deg(g.crs, p),
  });
  if (!sky) return { code: "skyline.no_ground" };
  let highest = sky.points[0];
  for (const q of sky.points) if (q.elevation_deg > highest.elevation_deg) highest = q;
  return {
    code: "skyline.traced",
    horizon: sky,
    minDistance_m,
    maxDistance_m,
    highest,
    reachMin_m: Math.min(...sky.reach_m),
    reachMax_m: Math.max(...sky.reach_m),
  };
}
