/**
 * What the runner gives tools for vision: a sweep's panorama (content hash first, pixels decoded
 * by sharp only when asked), a cache of detections keyed by image content hash (the store's
 * `vision_detections` table, or process memory without a store), and the object detector,
 * loaded once per process from its npm package. Tools never read the image files themselves.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import type { Plan } from "../ground/plan.ts";
import type { Store } from "./store.ts";
import type { RgbImage } from "../ground/image.ts";
import type { Detector } from "../ground/detector.ts";

/** A sweep's panorama: found (hash now, pixels on demand) or missing with a sentence. */
export type PanoramaRef =
  | { sweep: string; image: string; hash: string; pixels(): Promise<RgbImage> }
  | { sweep: string; missing: string };

/** Detections stored per image content hash and detector key. */
export interface DetectionCache {
  get(imageHash: string, model: string): unknown;
  put(imageHash: string, model: string, value: unknown): void;
}

/** Finds a sweep's image, hashes its bytes (SHA-256) and returns a lazy decoder. */
export async function openPanorama(plan: Plan, sweepId: string): Promise<PanoramaRef> {
  const sweep = plan.sweeps.find((s) => s.id === sweepId);
  if (!sweep) return { sweep: sweepId, missing: `the plan has no sweep ${sweepId}` };
  if (!sweep.image) return { sweep: sweepId, missing: `sweep ${sweepId} has no panorama image` };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(sweep.image) && !sweep.image.startsWith("file://")) {
    return {
      sweep: sweepId,
      missing: `sweep ${sweepId}'s panorama is a URL (${sweep.image}); threshold reads no network`,
    };
  }
  const file = sweep.image.startsWith("file://")
    ? new URL(sweep.image).pathname
    : isAbsolute(sweep.image)
    ? sweep.image
    : resolve(sweep.image);
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(file);
  } catch (e) {
    // A confined process (the MCP server reads only the store and its --root folders).
    const confined = e instanceof Deno.errors.PermissionDenied ||
      e instanceof Deno.errors.NotCapable;
    return {
      sweep: sweepId,
      missing: confined
        ? `sweep ${sweepId}'s panorama ${file} cannot be read by this process, which may not read its folder (the MCP server reads only the store and the folders given with --root: add --root ${
          dirname(file)
        })`
        : `sweep ${sweepId}'s panorama ${file} cannot be read (${(e as Error).name})`,
    };
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  const hash = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  return {
    sweep: sweepId,
    image: file,
    hash,
    pixels: () => decodeRgb(bytes, file),
  };
}

/** Decodes an image to 8-bit RGB with sharp; a file that is not an image names itself. */
export async function decodeRgb(bytes: Uint8Array, name: string): Promise<RgbImage> {
  const { default: sharp } = await import("npm:sharp@0.35.5");
  // libvips' operation cache (up to 50 MB by default) only grows with panoramas decoded once.
  sharp.cache(false);
  try {
    const { data, info } = await sharp(bytes).removeAlpha().toColourspace("srgb").raw()
      .toBuffer({ resolveWithObject: true });
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  } catch (e) {
    throw new Error(`panorama ${name} cannot be decoded as an image: ${(e as Error).message}`);
  }
}

const memory = new Map<string, unknown>();

/** The store's detections table, or process memory when there is no store. */
export function detectionCache(store?: Store): DetectionCache {
  if (store) {
    return {
      get: (h, m) => store.getDetections(h, m),
      put: (h, m, v) => store.putDetections(h, m, v),
    };
  }
  return {
    get: (h, m) => memory.get(`${m}\u0000${h}`),
    put: (h, m, v) => void memory.set(`${m}\u0000${h}`, v),
  };
}

/** The default detector: CenterNet on the wasm backend, loaded on first use. */
export async function defaultDetector(): Promise<Detector> {
  const m = await import("../engines/vision/centernet.ts");
  return await m.loadCenterNet();
}
