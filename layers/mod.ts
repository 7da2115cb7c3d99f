/**
 * Importers: detect a source's format from its content and turn it into a validated plan.
 * Each format lives in `layers/<format>/`; add it to IMPORTERS below.
 */
import { InputError } from "../core/errors.ts";
import { type LoadedPlan, parsePlan } from "../core/plan.ts";
import { matterport } from "./matterport/mod.ts";
import { mp3dConnectivity, mp3dHouse } from "./mp3d/mod.ts";
import { ifc } from "./ifc/mod.ts";
import { planJson } from "./plan-json/mod.ts";
import { zind } from "./zind/mod.ts";
import type { Importer, ImportOptions, ImportReport } from "./types.ts";

export type { Importer, ImportOptions, ImportReport } from "./types.ts";

/** Every importer, most specific first; detection takes the first that says yes. */
export const IMPORTERS: Importer[] = [
  matterport,
  mp3dHouse,
  mp3dConnectivity,
  zind,
  ifc,
  planJson,
];

/** Finds the importer for a source (file path or URL) from its content. */
export function detectImporter(source: string, bytes: Uint8Array | undefined): Importer {
  for (const imp of IMPORTERS) if (imp.detect(source, bytes)) return imp;
  const head = bytes ? new TextDecoder().decode(bytes.subarray(0, 64)).trimStart() : "";
  if (bytes && (head.startsWith("{") || head.startsWith("["))) {
    try {
      JSON.parse(new TextDecoder().decode(bytes));
    } catch (e) {
      throw new InputError(
        "file",
        `${source} looks like JSON but is not valid: ${(e as Error).message}`,
      );
    }
  }
  throw new InputError(
    "file",
    `could not tell the format of ${source}; threshold reads: ${
      IMPORTERS.map((i) => `${i.format} (${i.description})`).join("; ")
    }`,
  );
}

/** Reads a source's bytes: a file path, or undefined for URL-like sources (scheme://…). */
export async function readSource(source: string): Promise<Uint8Array | undefined> {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source) && !source.startsWith("file://")) return undefined;
  try {
    return await Deno.readFile(source.startsWith("file://") ? new URL(source) : source);
  } catch (e) {
    throw new InputError("file", `cannot read ${source}: ${(e as Error).message}`);
  }
}

/**
 * Imports a source into a validated plan. The plan is validated against the schema; a
 * problem is an InputError naming the JSON path.
 */
export async function importSource(
  source: string,
  opts: Partial<ImportOptions> = {},
): Promise<{ loaded: LoadedPlan; report: ImportReport }> {
  const bytes = await readSource(source);
  const imp = detectImporter(source, bytes);
  const { plan, report } = await imp.run(source, bytes, { ref: source, ...opts });
  if (opts.id) plan.id = opts.id;
  const loaded = parsePlan(plan, source);
  report.warnings.push(...loaded.warnings);
  return { loaded, report };
}

/**
 * Imports a file (a path, or a file: URL) into a validated plan: the same as
 * {@link importSource}, named for programs that bring a building in from disk.
 */
export function importFile(
  path: string | URL,
  opts: Partial<ImportOptions> = {},
): Promise<{ loaded: LoadedPlan; report: ImportReport }> {
  return importSource(path instanceof URL ? path.href : path, opts);
}
