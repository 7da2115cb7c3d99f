/**
 * A raster grid as engines take it: plain data, row-major, row 0 at the top (north-up for
 * geographic and projected CRSs), with a GDAL-style geotransform.
 */

/**
 * GDAL geotransform [originX, pixelWidth, rowRotation, originY, colRotation, pixelHeight]:
 * x = t[0] + col·t[1] + row·t[2]; y = t[3] + col·t[4] + row·t[5] (pixel corner convention).
 */
export type GeoTransform = [number, number, number, number, number, number];

/** One band of a raster. */
export interface Grid {
  width: number;
  height: number;
  /** Row-major values, length width × height. NaN marks no data after reading. */
  data: Float64Array;
  transform: GeoTransform;
  /** "EPSG:4326", "EPSG:32632", or "local" for a plan-frame grid in metres. */
  crs: string;
  /** The file's nodata value, when it had one (already replaced by NaN in data). */
  nodata?: number;
}

/** A coordinate pair in a CRS's own axis order: [x, y] = [easting, northing] or [lon, lat]. */
export type XY = [number, number];

/** A 2D affine map: [x', y'] = [a·x + b·y + c, d·x + e·y + f]. */
export type Affine = [number, number, number, number, number, number];

/** Applies an affine map to a point. */
export function applyAffine(m: Affine, [x, y]: XY): XY {
  return [m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]];
}

/**
 * Fractional pixel position (col, row) of a world point, corner convention: the centre of
 * cell (c, r) is at (c + 0.5, r + 0.5). Inverts the geotransform (GDAL InvGeoTransform).
 */
export function worldToPixel(t: GeoTransform, [x, y]: XY): XY {
  const det = t[1] * t[5] - t[2] * t[4];
  const dx = x - t[0], dy = y - t[3];
  return [(t[5] * dx - t[2] * dy) / det, (-t[4] * dx + t[1] * dy) / det];
}

/** World position of a fractional pixel position (GDAL ApplyGeoTransform). */
export function pixelToWorld(t: GeoTransform, [col, row]: XY): XY {
  return [t[0] + col * t[1] + row * t[2], t[3] + col * t[4] + row * t[5]];
}

/** World position of cell (col, row)'s centre. */
export function cellCentre(grid: Grid, col: number, row: number): XY {
  return pixelToWorld(grid.transform, [col + 0.5, row + 0.5]);
}

/** Whether a world point lies inside the grid's extent. */
export function covers(grid: Grid, p: XY): boolean {
  const [c, r] = worldToPixel(grid.transform, p);
  return c >= 0 && r >= 0 && c <= grid.width && r <= grid.height;
}

/** The value of the cell that contains a world point (nearest neighbour); NaN outside. */
export function cellValue(grid: Grid, p: XY): number {
  const [c, r] = worldToPixel(grid.transform, p);
  const ci = Math.floor(c), ri = Math.floor(r);
  if (ci < 0 || ri < 0 || ci >= grid.width || ri >= grid.height) return NaN;
  return grid.data[ri * grid.width + ci];
}

/**
 * Bilinear interpolation between the four surrounding cell centres; within half a cell of
 * the edge the nearest edge centres are used (clamped). NaN outside the grid or when any of
 * the four is nodata: a value is never made up across a hole.
 */
export function bilinear(grid: Grid, p: XY): number {
  const [c, r] = worldToPixel(grid.transform, p);
  if (!(c >= 0 && r >= 0 && c <= grid.width && r <= grid.height)) return NaN;
  const u = Math.min(Math.max(c - 0.5, 0), grid.width - 1);
  const v = Math.min(Math.max(r - 0.5, 0), grid.height - 1);
  const c0 = Math.min(Math.floor(u), grid.width - 2 < 0 ? 0 : grid.width - 2);
  const r0 = Math.min(Math.floor(v), grid.height - 2 < 0 ? 0 : grid.height - 2);
  const c1 = Math.min(c0 + 1, grid.width - 1), r1 = Math.min(r0 + 1, grid.height - 1);
  const fu = u - c0, fv = v - r0;
  const w = grid.width, d = grid.data;
  const z00 = d[r0 * w + c0], z10 = d[r0 * w + c1], z01 = d[r1 * w + c0], z11 = d[r1 * w + c1];
  return (z00 * (1 - fu) + z10 * fu) * (1 - fv) + (z01 * (1 - fu) + z11 * fu) * fv;
}
