/**
 * Sampling a Grid: world <-> pixel through the GDAL geotransform, bilinear interpolation
 * between cell centres, clipping a window, resampling onto a plan-frame grid, and cell sizes
 * in metres (WGS 84 meridian and parallel arc lengths for geographic grids).
 */
import { type Anchor, planToCrs } from "./reproject.ts";
import {
  type Affine,
  applyAffine,
  bilinear,
  type Grid,
  pixelToWorld,
  worldToPixel,
  type XY,
} from "../../ground/grid.ts";
import { ticker } from "../../ground/budget.ts";

/**
 * The sub-grid whose cells overlap a world box [minX, minY, maxX, maxY] (in the grid's
 * CRS), with its own geotransform; undefined when the box misses the grid. Rotation-free
 * grids only keep exact extents; rotated ones get the pixel box of the four corners.
 */
export function clipWindow(grid: Grid, box: [number, number, number, number]): Grid | undefined {
  const corners: XY[] = [[box[0], box[1]], [box[2], box[1]], [box[0], box[3]], [box[2], box[3]]];
  const px = corners.map((p) => worldToPixel(grid.transform, p));
  const c0 = Math.max(0, Math.floor(Math.min(...px.map((p) => p[0]))));
  const c1 = Math.min(grid.width, Math.ceil(Math.max(...px.map((p) => p[0]))));
  const r0 = Math.max(0, Math.floor(Math.min(...px.map((p) => p[1]))));
  const r1 = Math.min(grid.height, Math.ceil(Math.max(...px.map((p) => p[1]))));
  if (c1 <= c0 || r1 <= r0) return undefined;
  const width = c1 - c0, height = r1 - r0;
  const data = new Float64Array(width * height);
  for (let r = 0; r < height; r++) {
    const src = (r0 + r) * grid.width + c0;
    data.set(grid.data.subarray(src, src + width), r * width);
  }
  const [ox, oy] = pixelToWorld(grid.transform, [c0, r0]);
  const t = grid.transform;
  return {
    width,
    height,
    data,
    transform: [ox, t[1], t[2], oy, t[4], t[5]],
    crs: grid.crs,
    ...(grid.nodata !== undefined ? { nodata: grid.nodata } : {}),
  };
}

/**
 * The sub-grid covering `radius_m` metres around a site (a square in the plan frame, its
 * corners reprojected into the grid's CRS with proj4); undefined when it misses the grid.
 */
export function clipAroundSite(grid: Grid, site: Anchor, radius_m: number): Grid | undefined {
  const r = radius_m;
  const corners = planToCrs(site, grid.crs, [[-r, -r], [r, -r], [-r, r], [r, r]]);
  const xs = corners.map((c) => c[0]), ys = corners.map((c) => c[1]);
  return clipWindow(grid, [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
}

/**
 * Resamples a grid onto a north-up grid in the plan frame ("local", metres): cells of
 * `cell_m` covering plan box [minX, minY, maxX, maxY], each the bilinear value at its centre.
 * `planToGrid` maps plan metres to the source grid's CRS (see planToCrsAffine).
 */
export function resampleToPlan(
  grid: Grid,
  planToGrid: Affine,
  box: [number, number, number, number],
  cell_m: number,
): Grid {
  const width = Math.max(1, Math.ceil((box[2] - box[0]) / cell_m));
  const height = Math.max(1, Math.ceil((box[3] - box[1]) / cell_m));
  const data = new Float64Array(width * height);
  const tick = ticker(4);
  for (let r = 0; r < height; r++) {
    tick();
    const y = box[3] - (r + 0.5) * cell_m;
    for (let c = 0; c < width; c++) {
      const x = box[0] + (c + 0.5) * cell_m;
      data[r * width + c] = bilinear(grid, applyAffine(planToGrid, [x, y]));
    }
  }
  return { width, height, data, transform: [box[0], cell_m, 0, box[3], 0, -cell_m], crs: "local" };
}

const A_WGS84 = 6378137, F_WGS84 = 1 / 298.257223563, E2 = F_WGS84 * (2 - F_WGS84);

/**
 * Lengths of one degree of latitude and longitude at a latitude on the WGS 84 ellipsoid,
 * metres: the meridian radius M = a(1−e²)/(1−e² sin²φ)^1.5 and the parallel radius
 * N cos φ, N = a/√(1−e² sin²φ), times π/180.
 */
export function metresPerDegree(lat_deg: number): { lat_m: number; lon_m: number } {
  const phi = lat_deg * Math.PI / 180, s2 = Math.sin(phi) ** 2;
  const w = Math.sqrt(1 - E2 * s2);
  const M = A_WGS84 * (1 - E2) / (w * w * w), N = A_WGS84 / w;
  return { lat_m: M * Math.PI / 180, lon_m: N * Math.cos(phi) * Math.PI / 180 };
}

/**
 * Cell size of a grid in metres [dx, dy]: the geotransform's pixel size for projected and
 * local grids; for geographic grids (`geographic` true) the degree lengths at `lat_deg`
 * (default: the grid's centre latitude).
 */
export function cellSize_m(grid: Grid, geographic: boolean, lat_deg?: number): [number, number] {
  const t = grid.transform;
  const px = Math.hypot(t[1], t[4]), py = Math.hypot(t[2], t[5]);
  if (!geographic) return [px, py];
  const lat = lat_deg ?? (t[3] + t[5] * grid.height / 2);
  const m = metresPerDegree(lat);
  return [px * m.lon_m, py * m.lat_m];
}
