/**
 * A sweep's panorama as a run gets it (handed in by the run's caller, layers/io.ts): its
 * content hash first, its pixels decoded by sharp only when asked. Tools never read the image
 * files themselves; this module is the one that does.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import type { Plan } from "../ground/plan.ts";
import type { PanoramaMissing, PanoramaRef, RgbImage } from "../ground/image.ts";

/** Finds a sweep's image, hashes its bytes (SHA-256) and returns a lazy decoder. */
export async function openPanorama(plan: Plan, sweepId: string): Promise<PanoramaRef> {
  const sweep = plan.sweeps.find((s) => s.id === sweepId);
  if (!sweep) return missing(sweepId, "panorama.no_sweep");
  if (!sweep.image) return missing(sweepId, "panorama.no_image");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(sweep.image) && !sweep.image.startsWith("file://")) {
    return missing(sweepId, "panorama.url", sweep.image);
  }
  const file = panoramaFile(sweep.image);
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(file);
  } catch (e) {
    // A confined process (threshold web and mcp read only what confinedFlags grants).
    const confined = e instanceof Deno.errors.PermissionDenied ||
      e instanceof Deno.errors.NotCapable;
    const code = confined
      ? "panorama.not_permitted"
      : e instanceof Deno.errors.NotFound
      ? "panorama.not_found"
      : "panorama.unreadable";
    return missing(sweepId, code, file, (e as Error).name);
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

/** The file a sweep's image names: a file:// URL, an absolute path, or one from here. */
export function panoramaFile(image: string): string {
  return image.startsWith("file://")
    ? new URL(image).pathname
    : isAbsolute(image)
    ? image
    : resolve(image);
}

/** A missing panorama: its code, the file, and the sentence said of them. */
function missing(
  sweep: string,
  code: PanoramaMissing,
  file?: string,
  error?: string,
): PanoramaRef {
  return { sweep, code, ...(file ? { file } : {}), missing: missingText(sweep, code, file, error) };
}

/** How a missing panorama is said, from its code (one place). */
export function missingText(
  sweep: string,
  code: PanoramaMissing,
  file = "",
  error = "",
): string {
  switch (code) {
    case "panorama.no_sweep":
      return `the plan has no sweep ${sweep}`;
    case "panorama.no_image":
      return `sweep ${sweep} has no image`;
    case "panorama.url":
      return `the image of sweep ${sweep} is a URL (${file}); threshold reads no network`;
    case "panorama.not_permitted":
      return `the image ${file} of sweep ${sweep} may not be read by this server: a served threshold (threshold web, threshold mcp) reads only its store, the images of the scans stored when it started and the folders given with --root, so restart it to read a scan imported since (threshold mcp: or add --root ${
        dirname(file)
      })`;
    case "panorama.not_found":
      return `the image ${file} of sweep ${sweep} cannot be read: it is not there (moved or deleted since the import?)`;
    case "panorama.unreadable":
      return `the image ${file} of sweep ${sweep} cannot be read (${error})`;
  }
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
