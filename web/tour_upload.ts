/**
 * A tour uploaded with its panoramas (issue 27 §3): a zip (read with npm:fflate, the agreed
 * library) or several files (the building file, a ZInD `zind_data.json`, and its images). The
 * files are written to the scan's own image folder under the store, `<home>/images/<random>/`,
 * which the confined server may read (it reads its store); no name from the browser reaches the
 * file system unchecked: a path that leaves its folder (zip-slip: `../x`, `/etc/x`, `C:\x`) is
 * refused with a sentence, and nothing is written. Bounded in count and bytes.
 */
import { dirname, join, resolve, sep } from "node:path";
import { unzipSync } from "fflate";
import { InputError } from "../ground/errors.ts";
import type { LoadedPlan } from "../ground/plan.ts";

/** The most files one tour upload may hold (a large ZInD tour has a few hundred panoramas). */
export const TOUR_MAX_FILES = 2000;

/** One file of a tour: its path inside the tour (checked) and its bytes. */
export interface TourFile {
  path: string;
  bytes: Uint8Array;
}

/** Images a tour's sweeps may show. */
const IMAGE = /\.(jpe?g|png|webp|tiff?)$/i;

/**
 * A path inside an upload, checked: relative, no `..`, no drive or root, no control character;
 * `\` read as `/`. Anything else is an InputError naming the path.
 */
export function tourPath(name: string, where: string): string {
  const p = name.replaceAll("\\", "/");
  // deno-lint-ignore no-control-regex
  const bad = /[\u0000-\u001f\u007f]/.test(p) || p.startsWith("/") || /^[A-Za-z]:/.test(p) ||
    p.split("/").some((part) => part === "..");
  if (bad) {
    throw new InputError(
      "file",
      `${where} holds ${
        JSON.stringify(name.slice(0, 120))
      }, a path that leaves its folder (absolute, or with ".."); it is refused and nothing was stored`,
    );
  }
  const clean = p.split("/").filter((part) => part && part !== ".").join("/");
  if (!clean) throw new InputError("file", `${where} holds a file without a name`);
  return clean;
}

/** The files of a zip, checked and bounded before anything is inflated past the limits. */
export function unzipTour(zip: Uint8Array, name: string, maxBytes: number): TourFile[] {
  let count = 0, total = 0;
  let over: string | undefined;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, {
      filter: (f) => {
        if (f.name.endsWith("/")) return false; // a folder entry
        tourPath(f.name, name); // zip-slip: refused before it is inflated
        count++;
        total += f.originalSize;
        if (count > TOUR_MAX_FILES) over ??= `more than ${TOUR_MAX_FILES} files`;
        if (total > maxBytes) over ??= `more than ${mb(maxBytes)} once unpacked`;
        return !over;
      },
    });
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(
      "file",
      `${name} is not a zip archive threshold can read (${(e as Error).message})`,
    );
  }
  if (over) throw new InputError("file", `${name} holds ${over}; nothing was stored`);
  const files = Object.entries(entries).map(([p, bytes]) => ({ path: tourPath(p, name), bytes }));
  // The sizes a zip declares are checked above; what inflated is checked too.
  const inflated = files.reduce((n, f) => n + f.bytes.length, 0);
  if (inflated > maxBytes) {
    throw new InputError(
      "file",
      `${name} holds more than ${mb(maxBytes)} once unpacked; nothing was stored`,
    );
  }
  return files;
}

/**
 * The building file among a tour's files: the one file that is not an image, else the ZInD
 * file (`zind_data.json`) among several; none or an unclear choice is an InputError.
 */
export function buildingFile(files: TourFile[], where: string): TourFile {
  const plans = files.filter((f) => !IMAGE.test(f.path));
  if (plans.length === 1) return plans[0];
  const zind = plans.filter((f) => f.path.split("/").pop()!.toLowerCase() === "zind_data.json");
  if (zind.length === 1) return zind[0];
  if (!plans.length) {
    throw new InputError(
      "file",
      `${where} holds only images; add the building file (a ZInD tour's zind_data.json)`,
    );
  }
  throw new InputError(
    "file",
    `${where} holds ${plans.length} files that are not images (${
      plans.slice(0, 4).map((f) => f.path).join(", ")
    }${plans.length > 4 ? ", …" : ""}); upload one building at a time, with its images`,
  );
}

/** Writes a tour's files under `dir` (made here), each path checked to stay inside it. */
export async function writeTour(dir: string, files: TourFile[]): Promise<void> {
  const root = resolve(dir);
  await Deno.mkdir(root, { recursive: true });
  for (const f of files) {
    const to = resolve(root, f.path);
    if (!to.startsWith(root + sep)) throw new Error(`unreachable: ${f.path} leaves ${root}`);
    await Deno.mkdir(dirname(to), { recursive: true });
    await Deno.writeFile(to, f.bytes, { createNew: true });
  }
}

/**
 * Sweeps whose image is not where the building file says, found in the tour's folder by name
 * (several files from a browser arrive without their folders: `panos/x.jpg` comes as `x.jpg`).
 * Returns how many were found that way.
 */
export function relinkImages(loaded: LoadedPlan, dir: string, files: TourFile[]): number {
  const byName = new Map<string, string>();
  for (const f of files) {
    if (IMAGE.test(f.path)) byName.set(f.path.split("/").pop()!, join(resolve(dir), f.path));
  }
  let found = 0;
  for (const s of loaded.plan.sweeps) {
    if (!s.image || /^[a-z][a-z0-9+.-]*:\/\//i.test(s.image)) continue;
    if (exists(s.image)) continue;
    const by = byName.get(s.image.replaceAll("\\", "/").split("/").pop()!);
    if (by) {
      s.image = by;
      found++;
    }
  }
  return found;
}

function exists(file: string): boolean {
  try {
    return Deno.statSync(file).isFile;
  } catch {
    return false;
  }
}

function mb(n: number): string {
  return `${Math.round(n / 1e6)} MB`;
}
