/**
 * A synthetic panorama with coloured patches at known bearings, and a stand-in detector that
 * "sees" them (red = toilet, blue = sink) in whatever view it is given: the real pipeline (decode,
 * views, angles, placement, cache) runs, only the network is replaced.
 */
import sharp from "sharp";
import { join } from "node:path";
import type { Detector, ViewDetection } from "../../engines/vision/centernet.ts";
import type { RgbImage } from "../../engines/vision/equirect.ts";
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
