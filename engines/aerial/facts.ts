/**
 * Facts about one point of an elevation grid: elevation (bilinear), slope and aspect (Horn
 * 1981 on a 3×3 stencil of bilinear samples one cell apart, centred on the point), and the
 * height above the lowest ground within a radius — a relative-elevation flood hint in the
 * spirit of HAND (Rennó et al. 2008), without the drainage network.
 */
import type { Grid } from "../../ground/grid.ts";
import { cellSize_m } from "./sample.ts";
import { bilinear, cellCentre, covers, worldToPixel } from "../../ground/grid.ts";
import type { XY } from "../../ground/grid.ts";
import { slopeAspectHorn } from "../geometry/water/mod.ts";

/** What the grid says about a point. */
export interface PointFacts {
  elevation_m: number;
  slope_deg: number;
  /** rise/run × 100. */
  slope_pct: number;
  /** Downslope direction, degrees clockwise from true north; NaN on flat ground. */
  aspect_deg: number;
  /** The lowest ground within `radius_m`, metres, and where it is (grid CRS). */
  lowest_elevation_m: number;
  lowest_at: XY;
  /** Elevation minus the lowest ground within `radius_m`, metres (≥ 0 up to interpolation). */
  height_above_lowest_m: number;
  radius_m: number;
  /** Cells whose centres lie within the radius and hold data. */
  cells_in_radius: number;
  /** Share of the circle's cells that lie on the grid and hold data (0–1). */
  coverage: number;
  /** Cell size in metres [dx, dy]. */
  cell_m: [number, number];
}

/** Why facts could not be had. */
export interface NoFacts {
  missing: "outside" | "nodata";
  reason: string;
}

/**
 * Facts at point `p` (in the grid's CRS). `geographic` says the grid is in degrees (cell
 * sizes then come from the WGS 84 degree lengths at the point's latitude, and distances use
 * them); `gridNorth_deg` is the grid convergence (azimuth of grid north from true north) to
 * turn the grid aspect into a true one.
 */
export function pointFacts(
  grid: Grid,
  p: XY,
  opts: { geographic: boolean; radius_m?: number; gridNorth_deg?: number },
): PointFacts | NoFacts {
  const radius_m = opts.radius_m ?? 100;
  if (!covers(grid, p)) {
    return { missing: "outside", reason: `the raster does not cover the point (${fmtXY(p)})` };
  }
  const elevation_m = bilinear(grid, p);
  if (Number.isNaN(elevation_m)) {
    return { missing: "nodata", reason: `the raster has no data at the point (${fmtXY(p)})` };
  }
  const lat = opts.geographic ? p[1] : undefined;
  const cell_m = cellSize_m(grid, opts.geographic, lat);
  const t = grid.transform;
  // 3×3 stencil one cell apart along the grid's axes, bilinear at each node.
  const stencil = new Float64Array(9);
  for (let r = -1; r <= 1; r++) {
    for (let c = -1; c <= 1; c++) {
      const q: XY = [p[0] + c * t[1] + r * t[2], p[1] + c * t[4] + r * t[5]];
      stencil[(r + 1) * 3 + c + 1] = bilinear(grid, q);
    }
  }
  const sa = slopeAspectHorn(
    { width: 3, height: 3, data: stencil, transform: [0, 1, 0, 0, 0, -1], crs: "local" },
    cell_m,
  );
  const slope_deg = sa.slope_deg[4];
  const aspect = sa.aspect_deg[4];
  const aspect_deg = Number.isNaN(aspect)
    ? NaN
    : (((aspect + (opts.gridNorth_deg ?? 0)) % 360) + 360) % 360;

  // Lowest ground within the radius: every cell whose centre is within radius_m.
  const [pc, pr] = worldToPixel(t, p);
  const rc = Math.ceil(radius_m / cell_m[0]) + 1, rr = Math.ceil(radius_m / cell_m[1]) + 1;
  let lowest = elevation_m, lowestAt: XY = p, inRadius = 0, total = 0;
  for (let r = Math.floor(pr) - rr; r <= Math.floor(pr) + rr; r++) {
    for (let c = Math.floor(pc) - rc; c <= Math.floor(pc) + rc; c++) {
      const dxm = (c + 0.5 - pc) * cell_m[0], dym = (r + 0.5 - pr) * cell_m[1];
      if (dxm * dxm + dym * dym > radius_m * radius_m) continue;
      total++;
      if (r < 0 || c < 0 || r >= grid.height || c >= grid.width) continue;
      const v = grid.data[r * grid.width + c];
      if (Number.isNaN(v)) continue;
      inRadius++;
      if (v < lowest) {
        lowest = v;
        lowestAt = cellCentre(grid, c, r);
      }
    }
  }
  return {
    elevation_m,
    slope_deg,
    slope_pct: Math.tan(slope_deg * Math.PI / 180) * 100,
    aspect_deg,
    lowest_elevation_m: lowest,
    lowest_at: lowestAt,
    height_above_lowest_m: elevation_m - lowest,
    radius_m,
    cells_in_radius: inRadius,
    coverage: total ? inRadius / total : 0,
    cell_m,
  };
}

function fmtXY([x, y]: XY): string {
  return `${+x.toFixed(6)}, ${+y.toFixed(6)}`;
}
