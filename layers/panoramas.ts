/**
 * A sweep's panorama as a run gets it (handed in by the run's caller, layers/io.ts): its
 * content hash first, its pixels decoded by sharp only when asked. Tools never read the image
 * files themselves; this module is the one that does.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import type { Plan } from "../ground/plan.ts";
import type { PanoramaRef, RgbImage } from "../ground/image.ts";

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
