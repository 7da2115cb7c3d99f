/**
 * Terrain measures on an elevation grid: slope and aspect by Horn (1981), "Hill shading and
 * the reflectance map", Proc. IEEE 69(1) (third-order finite difference over the 3×3
 * neighbourhood), and ponding depth (filled minus original).
 */
import type { Grid } from "../../../ground/grid.ts";

/** Slope and aspect per cell. */
export interface SlopeAspect {
  /** Slope angle, degrees (0 flat, 90 vertical). */
  slope_deg: Float64Array;
  /** Aspect: the downslope direction, degrees clockwise from grid north; NaN where flat. */
  aspect_deg: Float64Array;
}

/**
 * Slope and aspect by Horn's (1981) third-order finite difference over the 3×3
 * neighbourhood a b c / d e f / g h i (row 0 north):
 * ∂z/∂x = ((c + 2f + i) − (a + 2d + g)) / 8dx, ∂z/∂y(north) = ((a + 2b + c) − (g + 2h + i)) / 8dy,
 * slope = atan √(∂x² + ∂y²), aspect = atan2(−∂z/∂x, −∂z/∂y) clockwise from north.
 * A neighbour off the grid or nodata takes the centre's value (GDAL's edge rule); a nodata
 * centre gives NaN.
 */
export function slopeAspectHorn(grid: Grid, cell_m: [number, number]): SlopeAspect {
  const { width: w, height: h, data: z } = grid;
  const [dx, dy] = cell_m;
  const slope = new Float64Array(w * h), aspect = new Float64Array(w * h);
  const at = (r: number, c: number, ze: number) => {
    if (r < 0 || r >= h || c < 0 || c >= w) return ze;
    const v = z[r * w + c];
    return Number.isNaN(v) ? ze : v;
  };
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const i = r * w + c, e = z[i];
      if (Number.isNaN(e)) {
        slope[i] = NaN;
        aspect[i] = NaN;
        continue;
      }
      const a = at(r - 1, c - 1, e), b = at(r - 1, c, e), cc = at(r - 1, c + 1, e);
      const d = at(r, c - 1, e), f = at(r, c + 1, e);
      const g = at(r + 1, c - 1, e), hh = at(r + 1, c, e), ii = at(r + 1, c + 1, e);
      const zx = ((cc + 2 * f + ii) - (a + 2 * d + g)) / (8 * dx);
      const zy = ((a + 2 * b + cc) - (g + 2 * hh + ii)) / (8 * dy);
      slope[i] = Math.atan(Math.hypot(zx, zy)) * 180 / Math.PI;
      aspect[i] = zx === 0 && zy === 0
        ? NaN
        : ((Math.atan2(-zx, -zy) * 180 / Math.PI) % 360 + 360) % 360;
    }
  }
  return { slope_deg: slope, aspect_deg: aspect };
}

/**
 * Depth of water each cell would hold: filled − original, metres (0 where nothing ponds,
 * NaN on nodata).
 */
export function pondingDepth_m(original: Grid, filled: Grid): Float64Array {
  const out = new Float64Array(original.data.length);
  for (let i = 0; i < out.length; i++) out[i] = filled.data[i] - original.data[i];
  return out;
}
