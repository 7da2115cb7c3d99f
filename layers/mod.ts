/**
 * Importers: detect a source's format from its content and turn it into a validated plan.
 * Each format lives in `layers/<format>/`; add it to IMPORTERS below.
 */
import { InputError } from "../ground/errors.ts";
import { type LoadedPlan, parsePlan } from "../ground/plan.ts";
import { asUtf8, DEFAULT_IMPORT_MAX_MB, readRegularFile } from "../core/files.ts";
import { checkScanId, SCAN_ID } from "../core/store.ts";
import { BUILTIN_SCANS } from "./builtin.ts";
import { stripControls } from "../core/printable.ts";
import { deeperThan } from "../core/depth.ts";

/** The deepest nesting an imported plan may have (a plan nests about 5 levels). */
export const MAX_PLAN_DEPTH = 64;
import { dropImplausibleHeights, plausibilityPass } from "./plausibility.ts";
import { matterport } from "./matterport/mod.ts";
import { mp3dConnectivity, mp3dHouse } from "./mp3d/mod.ts";
import { ifc } from "./ifc/mod.ts";
import { planJson } from "./plan-json/mod.ts";
import { zind } from "./zind/mod.ts";
import { roomplan } from "./roomplan/mod.ts";
import type { Importer, ImportOptions, ImportReport } from "./types.ts";
import { BudgetExceeded, checkpoint, withBudget } from "../ground/budget.ts";

export type { Importer, ImportOptions, ImportReport } from "./types.ts";

/** Every importer, most specific first; detection takes the first that says yes. */
export const IMPORTERS: Importer[] = [
  matterport,
  mp3dHouse,
  mp3dConnectivity,
  zind,
  ifc,
  roomplan,
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
    {
      code: "import.unknown_format",
      data: { file: source, allowed: IMPORTERS.map((i) => i.format) },
    },
  );
}

/**
 * Reads a source's bytes: a regular file of at most `max_mb` MB (default
 * {@link DEFAULT_IMPORT_MAX_MB}, the preference `import.max_mb`), or undefined for URL-like
 * sources (scheme://…).
 */
export async function readSource(
  source: string,
  max_mb = DEFAULT_IMPORT_MAX_MB,
): Promise<Uint8Array | undefined> {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source) && !source.startsWith("file://")) return undefined;
  return await readRegularFile(source.startsWith("file://") ? new URL(source) : source, {
    input: "file",
    max_bytes: max_mb * 1e6,
    raise: `threshold prefs set import.max_mb ${Math.ceil(max_mb * 4)} (the limit is ${max_mb} MB)`,
  });
}

/** A scan id made from an importer's own id: invalid characters become "-", at most 64. */
export function scanIdFrom(raw: string): string {
  let id = raw.normalize("NFKD").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "")
    .slice(0, 64).replace(/[-.]+$/, "");
  if (!SCAN_ID.test(id)) id = "scan";
  return id;
}

/** Default time limit of one import, seconds (preference `import.time_limit_s`). */
export const DEFAULT_IMPORT_TIME_LIMIT_S = 120;

/** Options of {@link importSource}: the importer's, and the size and time limits. */
export type ImportSourceOptions = Partial<ImportOptions> & {
  /** Largest file, MB (preference `import.max_mb`). */
  max_mb?: number;
  /**
   * Longest import, seconds (preference `import.time_limit_s`; default
   * {@link DEFAULT_IMPORT_TIME_LIMIT_S}). Past it the import stops with an InputError naming
   * the limit and nothing is returned (so nothing is stored).
   */
  time_limit_s?: number;
  /** Where the limit came from, for the error ("preference import.time_limit_s"). */
  time_limit_from?: string;
};

/**
 * The import limits a person set as preferences: `import.max_mb` and `import.time_limit_s`
 * (each left out when unset or not a positive number, so the defaults apply).
 */
export function importLimits(
  store: { getPref(key: string): unknown },
): Pick<ImportSourceOptions, "max_mb" | "time_limit_s" | "time_limit_from"> {
  const num = (k: string) => {
    const v = store.getPref(k);
    return typeof v === "number" && Number.isFinite(v) && v > 0 ? v : undefined;
  };
  const max_mb = num("import.max_mb"), time_limit_s = num("import.time_limit_s");
  return {
    ...(max_mb !== undefined ? { max_mb } : {}),
    ...(time_limit_s !== undefined
      ? { time_limit_s, time_limit_from: "preference import.time_limit_s" }
      : {}),
  };
}

/**
 * An import's time limit: its seconds (checked), its words, and the error an import stopped
 * by it gets.
 */
export function importTimeLimit(
  source: string,
  opts: Pick<ImportSourceOptions, "time_limit_s" | "time_limit_from">,
): { seconds: number; limit_text: string; stopped: () => InputError } {
  const seconds = opts.time_limit_s ?? DEFAULT_IMPORT_TIME_LIMIT_S;
  if (!(seconds > 0) || !Number.isFinite(seconds)) {
    throw new InputError(
      "import.time_limit_s",
      `must be a number of seconds above 0, got ${seconds}`,
      { code: "import.bad_time_limit", data: { got: seconds } },
    );
  }
  const from = opts.time_limit_from ??
    (opts.time_limit_s === undefined ? "the default" : undefined);
  const limit_text = `the import time limit of ${seconds} s${from ? ` (${from})` : ""}`;
  const stopped = () =>
    new InputError(
      "file",
      `${source}: the import stopped at ${limit_text}; nothing was stored. Raise it with threshold prefs set import.time_limit_s ${
        Math.ceil(seconds * 4)
      }`,
      {
        code: "import.time_limit",
        data: { file: source, limit_s: seconds, raise_to_s: Math.ceil(seconds * 4) },
      },
    );
  return { seconds, limit_text, stopped };
}

/**
 * Imports a source into a validated plan. The plan is validated against the schema; a
 * problem is an InputError naming the JSON path. The import runs under a time limit: the
 * loops of the importers, the schema's cross-reference checks and the plausibility pass
 * check it (ground/budget.ts), and a step that awaits is abandoned when it passes.
 */
export async function importSource(
  source: string,
  opts: ImportSourceOptions = {},
): Promise<{ loaded: LoadedPlan; report: ImportReport }> {
  const { seconds, limit_text, stopped } = importTimeLimit(source, opts);
  const ac = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ac.abort();
      reject(new BudgetExceeded(false, `stopped at ${limit_text}`, limit_text));
    }, seconds * 1000);
  });
  try {
    return await Promise.race([
      withBudget(
        { deadline_ms: performance.now() + seconds * 1000, limit_text, signal: ac.signal },
        () => importUnlimited(source, opts),
      ),
      late,
    ]);
  } catch (e) {
    if (e instanceof BudgetExceeded) throw stopped();
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

async function importUnlimited(
  source: string,
  opts: ImportSourceOptions,
): Promise<{ loaded: LoadedPlan; report: ImportReport }> {
  if (opts.id !== undefined) checkScanId(opts.id, "--id");
  if (opts.id !== undefined && opts.id in BUILTIN_SCANS) throw builtinClash(opts.id, "--id");
  const raw = await readSource(source, opts.max_mb);
  const text = raw && asUtf8(raw);
  const bytes = text?.bytes;
  const imp = detectImporter(source, bytes);
  const { max_mb: _, time_limit_s: _t, time_limit_from: _f, ...importOpts } = opts;
  let plan, report: ImportReport;
  try {
    ({ plan, report } = await imp.run(source, bytes, { ref: source, ...importOpts }));
  } catch (e) {
    if (e instanceof InputError || e instanceof BudgetExceeded) throw e;
    // An importer's own failure (a parser's TypeError on a malformed file) names the file.
    throw new InputError(
      "file",
      `${source} could not be read as ${imp.format}: ${firstLine((e as Error)?.message ?? e)}`,
    );
  }
  checkpoint();
  // A normalized plan nests a few levels (rooms[i].polygon[j][k]); far deeper is not a plan.
  const deep = deeperThan(plan, MAX_PLAN_DEPTH);
  if (deep) {
    throw new InputError(
      source,
      `nests more than ${MAX_PLAN_DEPTH} levels deep (at ${deep.path}); a building plan nests a few levels, so this is not one`,
    );
  }
  if (text?.encoding) report.assumptions.push(`the file was decoded as ${text.encoding}`);
  // Text from a file is data: control characters (terminal escape sequences) are taken out.
  const clean = stripControls(plan);
  if (clean.changed) {
    plan = clean.value;
    report.warnings.push(
      `${clean.changed} text value(s) held control characters (such as terminal escape sequences); they were removed`,
    );
  }
  if (opts.id !== undefined) plan.id = opts.id;
  else if (typeof plan.id === "string" && !SCAN_ID.test(plan.id)) {
    const id = scanIdFrom(plan.id);
    report.assumptions.push(
      `scan id ${JSON.stringify(id)} made from the source's id ${
        JSON.stringify(plan.id).slice(0, 80)
      } (scan ids use letters, digits, '.', '_' and '-')`,
    );
    plan.id = id;
  }
  if (typeof plan.id === "string" && plan.id in BUILTIN_SCANS) {
    throw new InputError(
      source,
      `its scan id ${
        JSON.stringify(plan.id)
      } is the built-in demo building's and cannot be replaced; import it under another id with --id <sid>`,
    );
  }
  dropImplausibleHeights(plan, report);
  checkpoint();
  const parsed = parsePlan(plan, source);
  checkpoint();
  // Two floors with one index have no order between them (which is above?): refused.
  const byIndex = new Map<number, string>();
  for (const f of parsed.plan.floors) {
    const other = byIndex.get(f.index);
    if (other !== undefined) {
      throw new InputError(
        source,
        `floors ${JSON.stringify(other)} and ${
          JSON.stringify(f.id)
        } both have index ${f.index}; each floor needs its own index (its order from the lowest up)`,
        { code: "plan.floor_index_twice", data: { floors: [other, f.id], index: f.index } },
      );
    }
    byIndex.set(f.index, f.id);
  }
  const loaded = plausibilityPass(parsed, report);
  checkpoint();
  report.warnings.push(...parsed.warnings);
  return { loaded, report };
}

function builtinClash(id: string, input: string): InputError {
  return new InputError(
    input,
    `${
      JSON.stringify(id)
    } is the built-in demo building's scan id and cannot be replaced; import under another id with --id <sid>`,
  );
}

function firstLine(s: unknown): string {
  return String(s).split("\n")[0].slice(0, 300);
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
