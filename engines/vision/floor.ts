/**
 * Floor material from the panorama's downward views, as a texture measure: the grey-level
 * co-occurrence contrast of Haralick, Shanmugam & Dinstein 1973 ("Textural Features for Image
 * Classification", IEEE Trans. SMC 3(6), § III, f₂ "contrast": Σ (i − j)² p(i, j) over pairs of
 * pixels one apart). Carpet pile is a fine, high-contrast texture at the pixel scale; vinyl, tile,
 * wood and concrete are smooth between their joints. Each view is quantised to
 * {@link FLOOR_LEVELS} grey levels between its 2nd and 98th percentiles (so sunlight and shade do
 * not set the scale), and the median over the views is the panorama's figure, so a door or a wall
 * in one or two views does not decide it.
 */
import type { RgbImage } from "../../ground/image.ts";
import { perspectiveView, type ViewSpec } from "./equirect.ts";

/** The downward views: 8 yaws at pitch −60°, 30° wide (the floor 0.4–1.5 m from a 1.5 m camera). */
export const FLOOR_VIEWS = { count: 8, pitch_deg: -60, fov_deg: 30, size_px: 128 };
/** Grey levels of the co-occurrence matrix. */
export const FLOOR_LEVELS = 16;
/**
 * Contrast at and above which a floor reads as carpet. Set between the highest hard floor (2.08,
 * a pantry's vinyl) and the lowest carpet (3.07, a closet) of the ZInD sample panoramas
 * (tests/engines/vision/floor_test.ts measures them, and checks the leave-one-out split).
 */
export const CARPET_CONTRAST = 2.5;

/** The floor's texture: the median contrast and each view's. */
export interface FloorTexture {
  contrast: number;
  views: number[];
}

/** Haralick's contrast of one grey image (width × width), horizontal pairs one pixel apart. */
export function glcmContrast(grey: Float32Array, width: number, levels = FLOOR_LEVELS): number {
  const sorted = Float32Array.from(grey).sort();
  const lo = sorted[Math.floor(0.02 * (sorted.length - 1))];
  const hi = sorted[Math.ceil(0.98 * (sorted.length - 1))];
  if (!(hi > lo)) return 0;
  const q = (v: number) =>
    Math.max(0, Math.min(levels - 1, Math.floor(((v - lo) / (hi - lo)) * levels)));
  const height = grey.length / width;
  let sum = 0, pairs = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x + 1 < width; x++) {
      const d = q(grey[y * width + x]) - q(grey[y * width + x + 1]);
      sum += d * d;
      pairs++;
    }
  }
  return pairs ? sum / pairs : 0;
}

/** Luma (ITU-R BT.601 weights) of an RGB image. */
export function grey(img: RgbImage): Float32Array {
  const n = img.width * img.height, out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = 0.299 * img.data[3 * i] + 0.587 * img.data[3 * i + 1] + 0.114 * img.data[3 * i + 2];
  }
  return out;
}

/** The floor texture of an equirectangular panorama. */
export function floorTexture(pano: RgbImage, setup = FLOOR_VIEWS): FloorTexture {
  const views: number[] = [];
  for (let k = 0; k < setup.count; k++) {
    const spec: ViewSpec = {
      yaw_deg: -180 + (360 * k) / setup.count,
      pitch_deg: setup.pitch_deg,
      fov_deg: setup.fov_deg,
      size_px: setup.size_px,
    };
    views.push(glcmContrast(grey(perspectiveView(pano, spec)), setup.size_px));
  }
  const s = [...views].sort((a, b) => a - b), m = s.length >> 1;
  return { contrast: s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2, views };
}

/** Carpet or a hard floor, from the contrast. */
export function floorKind(contrast: number, threshold = CARPET_CONTRAST): "carpet" | "hard" {
  return contrast >= threshold ? "carpet" : "hard";
}

/** The cache key of the floor measure and its views: a change in either recomputes. */
export function floorKey(setup = FLOOR_VIEWS, levels = FLOOR_LEVELS): string {
  return `floor-glcm/${setup.count}x${setup.fov_deg}deg@${setup.pitch_deg}/${setup.size_px}px/${levels}lv`;
}

/** Whether a cached value is a floor texture. */
export function isFloorTexture(v: unknown): v is FloorTexture {
  return !!v && typeof (v as FloorTexture).contrast === "number" &&
    Array.isArray((v as FloorTexture).views);
}
