/**
 * Orthophotos (RGB GeoTIFF): pixels decoded by sharp (libvips, any TIFF compression it
 * reads, JPEG-in-TIFF included), georeferencing from the GeoTIFF tags (npm:geotiff). Cover
 * classes from colour: vegetation by the excess-green index ExG = 2g − r − b on chromatic
 * coordinates (Woebbecke et al. 1995, "Color indices for weed identification under various
 * soil, residue, and lighting conditions", Trans. ASAE 38(1)); hard surface (roofs, paving,
 * asphalt) as the non-vegetated pixels of low saturation — a colour heuristic, not a trained
 * classifier. Takes bytes; no I/O.
 */
import {
  type Affine,
  applyAffine,
  pixelToWorld,
  worldToPixel,
  type XY,
} from "../../ground/grid.ts";
import type { GeoRgbImage } from "../../ground/image.ts";
import { readGeoTiffInfo } from "./geotiff.ts";
import { inAnyRoom, type OutsideWall } from "../geometry/footprint.ts";
import { segmentDistance_m } from "../geometry/polygon.ts";
import type { Room } from "../../ground/plan.ts";

/**
 * Decodes an RGB(A) GeoTIFF, or the window of it that covers `box` [minX, minY, maxX, maxY]
 * in the image's CRS (undefined when the box misses the image).
 */
export async function readOrthophoto(
  bytes: Uint8Array,
  box?: [number, number, number, number],
): Promise<GeoRgbImage | undefined> {
  const info = await readGeoTiffInfo(bytes);
  if (info.bands < 3) {
    throw new Error(`an orthophoto needs 3 colour bands (RGB); this file has ${info.bands}`);
  }
  let left = 0, top = 0, width = info.width, height = info.height;
  if (box) {
    const px = [[box[0], box[1]], [box[2], box[1]], [box[0], box[3]], [box[2], box[3]]]
      .map((p) => worldToPixel(info.transform, p as XY));
    left = Math.max(0, Math.floor(Math.min(...px.map((p) => p[0]))));
    top = Math.max(0, Math.floor(Math.min(...px.map((p) => p[1]))));
    const right = Math.min(info.width, Math.ceil(Math.max(...px.map((p) => p[0]))));
    const bottom = Math.min(info.height, Math.ceil(Math.max(...px.map((p) => p[1]))));
    if (right <= left || bottom <= top) return undefined;
    width = right - left;
    height = bottom - top;
  }
  // toColourspace("srgb") brings 16-bit (RGB16) orthophotos to 8-bit sRGB, scaled.
  const { default: sharp } = await import("npm:sharp@0.35.5"); // loaded on use: a native add-on
  const { data, info: out } = await sharp(bytes)
    .extract({ left, top, width, height })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const t = info.transform;
  const [ox, oy] = pixelToWorld(t, [left, top]);
  return {
    width: out.width,
    height: out.height,
    channels: out.channels,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    transform: [ox, t[1], t[2], oy, t[4], t[5]],
    crs: info.crs,
  };
}

/** Excess green ExG = 2g − r − b on chromatic coordinates (Woebbecke et al. 1995); 0 for black. */
export function excessGreen(R: number, G: number, B: number): number {
  const s = R + G + B;
  if (s === 0) return 0;
  return (2 * G - R - B) / s;
}

/** HSV saturation (max − min) / max of an 8-bit colour; 0 for black. */
export function saturation(R: number, G: number, B: number): number {
  const mx = Math.max(R, G, B), mn = Math.min(R, G, B);
  return mx === 0 ? 0 : (mx - mn) / mx;
}

/** Cover fractions over the selected pixels. */
export interface SurfaceFractions {
  pixels: number;
  vegetation_fraction: number;
  hard_fraction: number;
}

/**
 * Shares of the selected pixels (mask 1) that are vegetation (ExG > `exg_min`, default 0.1)
 * and hard surface (not vegetation, saturation < `saturation_max`, default 0.2). Fully
 * transparent pixels (alpha 0) are skipped.
 */
export function surfaceFractions(
  img: GeoRgbImage,
  mask: Uint8Array,
  opts: { exg_min?: number; saturation_max?: number } = {},
): SurfaceFractions {
  const exgMin = opts.exg_min ?? 0.1, satMax = opts.saturation_max ?? 0.2;
  let n = 0, veg = 0, hard = 0;
  const ch = img.channels, d = img.data;
  for (let i = 0; i < img.width * img.height; i++) {
    if (!mask[i]) continue;
    const o = i * ch;
    if (ch === 4 && d[o + 3] === 0) continue;
    const R = d[o], G = d[o + 1], B = d[o + 2];
    n++;
    if (excessGreen(R, G, B) > exgMin) veg++;
    else if (saturation(R, G, B) < satMax) hard++;
  }
  return {
    pixels: n,
    vegetation_fraction: n ? veg / n : NaN,
    hard_fraction: n ? hard / n : NaN,
  };
}

/**
 * The pixels whose centres lie in a band around a footprint: outside every room and within
 * `buffer_m` of an outside wall; with no rooms, within `buffer_m` of the plan origin.
 * `imageToPlan` maps the image's CRS to plan metres (invert planToCrsAffine).
 */
export function ringMask(
  img: GeoRgbImage,
  imageToPlan: Affine,
  rooms: Room[],
  walls: OutsideWall[],
  buffer_m: number,
): Uint8Array {
  const mask = new Uint8Array(img.width * img.height);
  for (let r = 0; r < img.height; r++) {
    for (let c = 0; c < img.width; c++) {
      const p = applyAffine(imageToPlan, pixelToWorld(img.transform, [c + 0.5, r + 0.5]));
      let keep: boolean;
      if (!rooms.length) keep = Math.hypot(p[0], p[1]) <= buffer_m;
      else {
        keep = walls.some((w) => segmentDistance_m(p, w.a, w.b) <= buffer_m) &&
          !inAnyRoom(p, rooms);
      }
      if (keep) mask[r * img.width + c] = 1;
    }
  }
  return mask;
}
