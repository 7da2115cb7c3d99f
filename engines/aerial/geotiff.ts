/**
 * GeoTIFF bytes -> Grid. Decoding (strips and tiles, uncompressed, LZW, Deflate, PackBits)
 * is npm:geotiff; the georeferencing follows the GeoTIFF 1.1 standard (OGC 19-008r4):
 * ModelTiepoint + ModelPixelScale or ModelTransformation, RasterPixelIsArea/IsPoint, and the
 * CRS from the GeoKey directory. Nodata is GDAL's GDAL_NODATA tag. Pure: takes bytes, no I/O.
 */
import { fromArrayBuffer, type GeoTIFFImage } from "npm:geotiff@3.0.5";
import type { GeoTransform, Grid } from "../../ground/grid.ts";

/**
 * Bytes that are no GeoTIFF threshold can read: `code` `geotiff.unreadable`,
 * `geotiff.no_georeferencing` or `geotiff.no_band`, and its `data`; the message says it.
 */
export class GeoTiffError extends Error {
  constructor(
    message: string,
    readonly code: "geotiff.unreadable" | "geotiff.no_georeferencing" | "geotiff.no_band",
    readonly data: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "GeoTiffError";
  }
}

/** What a GeoTIFF's first image says about itself, without its pixels. */
export interface GeoTiffInfo {
  width: number;
  height: number;
  /** Samples (bands) per pixel: 1 for a DEM, 3 or 4 for an RGB(A) orthophoto. */
  bands: number;
  /** "int16", "uint8", "float32" … from SampleFormat and BitsPerSample. */
  sample_type: string;
  tiled: boolean;
  /** TIFF Compression tag: 1 none, 5 LZW, 8 Deflate, 32773 PackBits … */
  compression: number;
  transform: GeoTransform;
  /** "EPSG:<code>", or "unknown" when the GeoKeys name no EPSG code. */
  crs: string;
  /** Pixel size |t[1]|, |t[5]| in CRS units (degrees or metres). */
  resolution: [number, number];
  nodata?: number;
}

// A GeoTIFF must be read from an ArrayBuffer whose bytes are exactly the file.
function toArrayBuffer(bytes: ArrayBuffer | Uint8Array): ArrayBuffer {
  if (bytes instanceof ArrayBuffer) return bytes;
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) {
    return bytes.buffer as ArrayBuffer;
  }
  return bytes.slice().buffer as ArrayBuffer;
}

/**
 * The CRS a GeoKey directory names (GeoTIFF 1.1 §7): ProjectedCSTypeGeoKey for projected
 * models, GeographicTypeGeoKey for geographic ones. User-defined (32767) or absent codes give
 * "unknown": no EPSG code means no safe reprojection.
 */
export function crsFromGeoKeys(keys: Record<string, unknown> | null | undefined): string {
  if (!keys) return "unknown";
  const proj = Number(keys.ProjectedCSTypeGeoKey);
  if (Number.isInteger(proj) && proj > 0 && proj !== 32767) return `EPSG:${proj}`;
  const model = Number(keys.GTModelTypeGeoKey);
  const geog = Number(keys.GeographicTypeGeoKey);
  if (model !== 1 && Number.isInteger(geog) && geog > 0 && geog !== 32767) return `EPSG:${geog}`;
  return "unknown";
}

function sampleType(image: GeoTIFFImage): string {
  const fmt = Number(image.getSampleFormat(0) ?? 1);
  const bits = Number(image.getBitsPerSample(0));
  const kind = fmt === 3 ? "float" : fmt === 2 ? "int" : "uint";
  return `${kind}${bits}`;
}

function tag(image: GeoTIFFImage, name: string): unknown {
  // deno-lint-ignore no-explicit-any
  const fd: any = image.getFileDirectory();
  return typeof fd.getValue === "function" ? fd.getValue(name) : fd[name];
}

/**
 * GDAL geotransform of an image: ModelTransformation when present, else the first tiepoint
 * and the pixel scale. RasterPixelIsPoint files are shifted half a pixel to the corner
 * convention, as GDAL does.
 */
function transformOf(image: GeoTIFFImage, keys: Record<string, unknown> | null): GeoTransform {
  const mt = tag(image, "ModelTransformation") as ArrayLike<number> | undefined;
  let t: GeoTransform;
  if (mt && mt.length >= 16) {
    t = [mt[3], mt[0], mt[1], mt[7], mt[4], mt[5]];
  } else {
    const [ox, oy] = image.getOrigin();
    const [rx, ry] = image.getResolution();
    t = [ox, rx, 0, oy, 0, ry];
  }
  if (Number(keys?.GTRasterTypeGeoKey) === 2) {
    t = [t[0] - (t[1] + t[2]) / 2, t[1], t[2], t[3] - (t[4] + t[5]) / 2, t[4], t[5]];
  }
  return t;
}

async function openFirstImage(bytes: ArrayBuffer | Uint8Array): Promise<GeoTIFFImage> {
  try {
    const tiff = await fromArrayBuffer(toArrayBuffer(bytes));
    return await tiff.getImage(0);
  } catch (e) {
    throw new GeoTiffError(
      `not a readable GeoTIFF: ${(e as Error).message}`,
      "geotiff.unreadable",
      {
        problem: (e as Error).message,
      },
    );
  }
}

function infoOf(image: GeoTIFFImage): GeoTiffInfo {
  let keys: Record<string, unknown> | null = null;
  try {
    keys = image.getGeoKeys() as Record<string, unknown> | null;
  } catch {
    keys = null;
  }
  let transform: GeoTransform;
  try {
    transform = transformOf(image, keys);
  } catch {
    throw new GeoTiffError(
      "the TIFF has no georeferencing (no tiepoint, pixel scale or transformation)",
      "geotiff.no_georeferencing",
    );
  }
  const nd = image.getGDALNoData();
  return {
    width: image.getWidth(),
    height: image.getHeight(),
    bands: image.getSamplesPerPixel(),
    sample_type: sampleType(image),
    tiled: !!tag(image, "TileWidth"),
    compression: Number(tag(image, "Compression") ?? 1),
    transform,
    crs: crsFromGeoKeys(keys),
    resolution: [Math.hypot(transform[1], transform[4]), Math.hypot(transform[2], transform[5])],
    ...(nd !== null && nd !== undefined && Number.isFinite(Number(nd))
      ? { nodata: Number(nd) }
      : {}),
  };
}

/** Reads a GeoTIFF's header: size, bands, sample type, geotransform, CRS, nodata (GeoTIFF 1.1). */
export async function readGeoTiffInfo(bytes: ArrayBuffer | Uint8Array): Promise<GeoTiffInfo> {
  return infoOf(await openFirstImage(bytes));
}

/**
 * Reads one band of a GeoTIFF's first image into a Grid (row-major, row 0 at the top).
 * Int and float samples become float64; the GDAL_NODATA value (compared at the sample's own
 * precision, so float32 -3.4e38 matches) and non-finite samples become NaN. With `box`
 * [minX, minY, maxX, maxY] in the file's CRS, only the pixels overlapping it are decoded
 * (plus one cell of margin) and the Grid's geotransform is that window's; undefined is
 * returned when the box misses the image.
 */
export async function readGeoTiff(
  bytes: ArrayBuffer | Uint8Array,
  band?: number,
): Promise<Grid>;
export async function readGeoTiff(
  bytes: ArrayBuffer | Uint8Array,
  band: number,
  box: [number, number, number, number],
): Promise<Grid | undefined>;
export async function readGeoTiff(
  bytes: ArrayBuffer | Uint8Array,
  band = 0,
  box?: [number, number, number, number],
): Promise<Grid | undefined> {
  const image = await openFirstImage(bytes);
  const info = infoOf(image);
  if (band < 0 || band >= info.bands) {
    throw new GeoTiffError(
      `band ${band} does not exist; the file has ${info.bands} band(s)`,
      "geotiff.no_band",
      { got: band, bands: info.bands },
    );
  }
  let left = 0, top = 0, right = info.width, bottom = info.height;
  if (box) {
    const t = info.transform, det = t[1] * t[5] - t[2] * t[4];
    const px = [[box[0], box[1]], [box[2], box[1]], [box[0], box[3]], [box[2], box[3]]].map((
      [x, y],
    ) => [
      (t[5] * (x - t[0]) - t[2] * (y - t[3])) / det,
      (-t[4] * (x - t[0]) + t[1] * (y - t[3])) / det,
    ]);
    left = Math.max(0, Math.floor(Math.min(...px.map((p) => p[0]))) - 1);
    top = Math.max(0, Math.floor(Math.min(...px.map((p) => p[1]))) - 1);
    right = Math.min(info.width, Math.ceil(Math.max(...px.map((p) => p[0]))) + 1);
    bottom = Math.min(info.height, Math.ceil(Math.max(...px.map((p) => p[1]))) + 1);
    if (right <= left || bottom <= top) return undefined;
  }
  const width = right - left, height = bottom - top;
  const rasters = await image.readRasters({
    samples: [band],
    ...(box ? { window: [left, top, right, bottom] } : {}),
  });
  const src = (rasters as unknown as ArrayLike<number>[])[0];
  const n = width * height;
  const data = new Float64Array(n);
  const nd = info.nodata;
  const nd32 = nd === undefined ? undefined : Math.fround(nd);
  for (let i = 0; i < n; i++) {
    const v = src[i];
    data[i] = !Number.isFinite(v) || (nd !== undefined && (v === nd || v === nd32)) ? NaN : v;
  }
  const t = info.transform;
  return {
    width,
    height,
    data,
    transform: [
      t[0] + left * t[1] + top * t[2],
      t[1],
      t[2],
      t[3] + left * t[4] + top * t[5],
      t[4],
      t[5],
    ],
    crs: info.crs,
    ...(nd !== undefined ? { nodata: nd } : {}),
  };
}
