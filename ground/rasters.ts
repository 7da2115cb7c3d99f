/**
 * Rasters as a tool sees them (design.md § "Nevers": rasters reach a tool through `ctx`):
 * the entries attached to a site's record, their description for assumptions, and the
 * windows a raster source opens over the plan frame. The files are read in layers/rasters.ts
 * (the one module that reads them); the runner hands that source to `ctx`.
 */
import type { Affine, Grid } from "./grid.ts";
import type { GeoRgbImage } from "./image.ts";
import type { SiteInfo } from "./site.ts";

/** The kinds of raster a site can hold. */
export const RASTER_KINDS = ["elevation", "imagery"] as const;
export type RasterKind = typeof RASTER_KINDS[number];

/** One attached raster, as stored in a site's `record.rasters`. */
export interface RasterEntry {
  kind: RasterKind;
  /** Absolute path of the file. */
  path: string;
  /** Hex SHA-256 of the file's bytes when it was attached. */
  sha256: string;
  /** "EPSG:<code>" or "unknown". */
  crs: string;
  width: number;
  height: number;
  /** Pixel size [x, y] in the CRS's unit. */
  resolution: [number, number];
  /** "deg" for geographic CRSs, "m" for projected ones, "unknown" otherwise. */
  resolution_unit: "m" | "deg" | "unknown";
  bands: number;
  sample_type: string;
  added_at: string;
}

/** The rasters of one kind attached to a site, newest first. */
export function rastersOf(
  site: Pick<SiteInfo, "record"> | undefined,
  kind: RasterKind,
): RasterEntry[] {
  const list = site?.record?.rasters;
  if (!Array.isArray(list)) return [];
  return (list as RasterEntry[]).filter((r) => r && r.kind === kind).reverse();
}

/** A short description for assumptions: "elevation raster dem.tif (EPSG:32633, 1 m cells)". */
export function describeRaster(entry: RasterEntry): string {
  const name = entry.path.split(/[\\/]/).pop();
  const [rx, ry] = entry.resolution;
  const res = entry.resolution_unit === "deg"
    ? `${+(rx * 3600).toFixed(2)}″ × ${+(ry * 3600).toFixed(2)}″ cells`
    : entry.resolution_unit === "m"
    ? `${+rx.toPrecision(4)} m × ${+ry.toPrecision(4)} m cells`
    : `${rx} × ${ry} cells in an unknown unit`;
  return `${entry.kind} raster ${name} (${entry.crs}, ${res}, ${entry.width} × ${entry.height}, ${entry.path})`;
}

/** An elevation raster opened for a site, with the maps between it and the plan frame. */
export interface OpenedElevation {
  entry: RasterEntry;
  grid: Grid;
  geographic: boolean;
  /** Plan metres -> the raster's CRS (first-order, exact to millimetres across a site). */
  planToGrid: Affine;
}

/** An orthophoto window opened over a plan-frame box. */
export interface OpenedImagery {
  entry: RasterEntry;
  image: GeoRgbImage;
  /** Plan metres -> the raster's CRS. */
  planToGrid: Affine;
}

/** Where rasters come from: layers/rasters.ts reads the files; tests may hand their own. */
export interface RasterSource {
  /**
   * The newest elevation raster of a site usable at the given plan-frame points (readable,
   * unchanged, reprojectable, covering them with data), decoded over their box grown by
   * `pad_m`; otherwise the sentences saying why each raster could not be used.
   */
  elevation(
    site: SiteInfo,
    points_plan: [number, number][],
    pad_m?: number,
  ): Promise<OpenedElevation | { reasons: string[] }>;
  /**
   * The newest orthophoto of a site, decoded over a plan-frame box [minX, minY, maxX, maxY];
   * otherwise the sentence saying why not (no full stop, so a tool can go on).
   */
  imagery(
    site: SiteInfo,
    box_plan: [number, number, number, number],
  ): Promise<OpenedImagery | { reason: string }>;
}
