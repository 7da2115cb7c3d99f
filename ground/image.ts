/**
 * The image types engines and the runner hand each other: plain pixels, no decoder.
 */
import type { GeoTransform } from "./grid.ts";

/** An RGB image, 3 bytes a pixel, rows top to bottom. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** An RGB image window with its georeferencing: interleaved 8-bit samples. */
export interface GeoRgbImage {
  width: number;
  height: number;
  /** Samples per pixel in `data` (3, or 4 with alpha). */
  channels: number;
  data: Uint8Array;
  transform: GeoTransform;
  crs: string;
}

/** Why a sweep's panorama is missing (the code beside the sentence). */
export type PanoramaMissing =
  | "panorama.no_sweep"
  | "panorama.no_image"
  | "panorama.url"
  /** The file exists, but this (confined) process may not read it. */
  | "panorama.not_permitted"
  | "panorama.not_found"
  | "panorama.unreadable";

/** A sweep's panorama: found (hash now, pixels on demand) or missing with a code and sentence. */
export type PanoramaRef =
  | { sweep: string; image: string; hash: string; pixels(): Promise<RgbImage> }
  | { sweep: string; missing: string; code?: PanoramaMissing; file?: string };
