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
