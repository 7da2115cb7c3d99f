/**
 * A synthetic panorama with coloured patches at known bearings, and a stand-in detector that
 * "sees" them (red = toilet, blue = sink) in whatever view it is given: the real pipeline (decode,
 * views, angles, placement, cache) runs, only the network is replaced.
 */
import sharp from "sharp";
import { join } from "node:path";
import type { Detector, ViewDetection } from "../../ground/detector.ts";
import type { RgbImage } from "../../ground/image.ts";
import { panoPixelToAngles } from "../../engines/vision/equirect.ts";

/** Patches: [label, colour, yaw min, yaw max, pitch min, pitch max] in degrees. */
export const PATCHES: [string, [number, number, number], number, number, number, number][] = [
  ["toilet", [230, 20, 20], -5, 5, -50, -30],
  ["sink", [20, 20, 230], 55, 65, -40, -20],
];

/** Writes the panorama (1024 × 512 PNG) into `dir` and returns its path. */
export async function writePanorama(dir: string, name = "pano.png"): Promise<string> {
  const W = 1024, H = 512;
  const data = new Uint8Array(W * H * 3).fill(128);
  for (let v = 0; v < H; v++) {
    for (let u = 0; u < W; u++) {
      const [yaw, pitch] = panoPixelToAngles(W, H, u, v);
      for (const [, rgb, y0, y1, p0, p1] of PATCHES) {
        if (yaw >= y0 && yaw <= y1 && pitch >= p0 && pitch <= p1) data.set(rgb, (v * W + u) * 3);
      }
    }
  }
  const file = join(dir, name);
  await sharp(data, { raw: { width: W, height: H, channels: 3 } }).png().toFile(file);
  return file;
}

/** A detector that boxes each coloured patch it finds; counts its calls. */
export function fakeDetector(onCall?: (n: number) => void): Detector & { calls: number } {
  const d = {
    backend: "fake",
    input_px: 512,
    calls: 0,
    detect(view: RgbImage): Promise<ViewDetection[]> {
      d.calls++;
      onCall?.(d.calls);
      const out: ViewDetection[] = [];
      for (const [label, rgb] of PATCHES) {
        let x1 = Infinity, y1 = Infinity, x2 = -1, y2 = -1;
        for (let j = 0; j < view.height; j++) {
          for (let i = 0; i < view.width; i++) {
            const o = (j * view.width + i) * 3;
            const near = Math.abs(view.data[o] - rgb[0]) < 40 &&
              Math.abs(view.data[o + 1] - rgb[1]) < 40 && Math.abs(view.data[o + 2] - rgb[2]) < 40;
            if (near) {
              (x1 = Math.min(x1, i),
                y1 = Math.min(y1, j),
                x2 = Math.max(x2, i),
                y2 = Math.max(y2, j));
            }
          }
        }
        if (x2 >= 0) out.push({ label, score: 0.6, box_px: [x1, y1, x2 + 1, y2 + 1] });
      }
      return Promise.resolve(out);
    },
  };
  return d;
}

/** A box standing on the floor, in plan metres: [x0, y0, x1, y1], its height and colour. */
export interface SceneBox {
  rect: [number, number, number, number];
  height_m: number;
  rgb: [number, number, number];
}

/**
 * Renders what a camera at plan (x, y), `camera_m` above the floor, with the panorama's centre
 * column along `heading_deg` (counter-clockwise from +x; columns to the right turn clockwise),
 * sees of the boxes: each pixel's ray (plan direction heading − yaw) is traced against every
 * box (slab test); the nearest hit gives the pixel its box's colour, else grey.
 */
export async function writeScene(
  dir: string,
  name: string,
  camera: { at: [number, number]; camera_m: number; heading_deg: number },
  boxes: SceneBox[],
): Promise<string> {
  const W = 1024, H = 512, RAD = Math.PI / 180;
  const data = new Uint8Array(W * H * 3).fill(128);
  const o = [camera.at[0], camera.at[1], camera.camera_m];
  for (let v = 0; v < H; v++) {
    for (let u = 0; u < W; u++) {
      const [yaw, pitch] = panoPixelToAngles(W, H, u, v);
      const a = (camera.heading_deg - yaw) * RAD, p = pitch * RAD;
      const d = [Math.cos(a) * Math.cos(p), Math.sin(a) * Math.cos(p), Math.sin(p)];
      let best = Infinity, colour: [number, number, number] | undefined;
      for (const b of boxes) {
        const lo = [b.rect[0], b.rect[1], 0], hi = [b.rect[2], b.rect[3], b.height_m];
        let t0 = 0, t1 = Infinity;
        for (let k = 0; k < 3; k++) {
          if (Math.abs(d[k]) < 1e-12) {
            if (o[k] < lo[k] || o[k] > hi[k]) t0 = Infinity;
            continue;
          }
          const ta = (lo[k] - o[k]) / d[k], tb = (hi[k] - o[k]) / d[k];
          t0 = Math.max(t0, Math.min(ta, tb));
          t1 = Math.min(t1, Math.max(ta, tb));
        }
        if (t0 <= t1 && t0 < best) (best = t0, colour = b.rgb);
      }
      if (colour) data.set(colour, (v * W + u) * 3);
    }
  }
  const file = join(dir, name);
  await sharp(data, { raw: { width: W, height: H, channels: 3 } }).png().toFile(file);
  return file;
}
