/**
 * The `import_scan` MCP tool: brings a building in from a file under one of the server's
 * `--root` folders (the only folders a confined server may read), so an agent can act on
 * "check this IFC file". The scan is stored like `threshold import` stores it. The result is
 * the same forModel view every tool gives (its output schema), with the import's numbers in
 * its verdict.
 */
import { isAbsolute, relative, resolve } from "node:path";
import type { CallToolResult } from "npm:@modelcontextprotocol/server@2.4.0";
import { BusyError, CancelledError, InputError } from "../ground/errors.ts";
import type { Store } from "../core/store.ts";
import type { WorkerEnv } from "../host/tool_worker.ts";
import type { ToolPool } from "../host/worker.ts";

/** What an import in a worker answers: the stored scan's counts. */
export interface Imported {
  id: string;
  name?: string;
  format: string;
  floors: number;
  rooms: number;
  doors: number;
  windows: number;
  warnings: number;
  /** The report's headline warnings' sentences (layers/headlines.ts): said first. */
  headlines?: string[];
}

/**
 * Imports `path` and stores it (in a pool worker, with the worker's store, or here without
 * a pool): the same importers and limits as `threshold import`.
 */
export async function importJob(
  env: Pick<WorkerEnv, "store"> & { home?: string },
  args: { path: string; id?: string; replace?: boolean },
): Promise<Imported> {
  const { importLimits, importSource } = await import("../layers/mod.ts");
  const { loaded, report } = await importSource(args.path, {
    ...(args.id ? { id: args.id } : {}),
    ...importLimits(env.store),
  });
  // A replaced web tour upload's images go once no stored scan reads them (as `threshold
  // import --replace`); without the store's folder (no pool) they are kept.
  const { storeScanReleasing } = await import("../layers/store_scan.ts");
  await storeScanReleasing(env.store, env.home, loaded, report, {
    replace: args.replace === true,
    input: "id",
  });
  const p = loaded.plan;
  return {
    id: p.id,
    ...(p.name ? { name: p.name } : {}),
    format: report.format,
    floors: p.floors.length,
    rooms: p.rooms.length,
    doors: p.openings.filter((o) => o.kind !== "window").length,
    windows: p.openings.filter((o) => o.kind === "window").length,
    warnings: report.warnings.length,
    ...(report.headlines?.length ? { headlines: report.headlines.map((h) => h.text) } : {}),
  };
}

/** The tool's name. */
export const IMPORT_SCAN = "import_scan";

/** Its input JSON Schema. */
export const IMPORT_SCAN_INPUT = {
  type: "object",
  properties: {
    path: {
      type: "string",
      minLength: 1,
      description:
        "The file to import (IFC, ZInD JSON, Apple RoomPlan JSON or USDZ, Matterport, Matterport3D, plan JSON): absolute, or relative to the first --root folder. It must lie under a folder the server was started with --root.",
    },
    id: {
      type: "string",
      pattern: "^[A-Za-z0-9_.-]{1,64}$",
      description: "The scan id to store it under; the file's own id when left out.",
    },
    replace: {
      type: "boolean",
      description:
        "Replace the building already stored under that id (its findings are kept where their subject is still there, closed as gone where not). Without it, importing over a stored id is refused.",
    },
  },
  required: ["path"],
  additionalProperties: false,
} as const;

/** Its description for the model. */
export const IMPORT_SCAN_DESCRIPTION =
  "Import a building from a file under the server's --root folders (IFC, ZInD, Apple RoomPlan JSON or USDZ, Matterport, Matterport3D or plan JSON) and store it as a scan that every other tool can then run on (pass its id as `scan`). Returns the scan id and what the file held.";

/** The view a result carries (the advertised output schema). */
function view(status: "pass" | "unknown" | "error", verdict: string, scan?: string) {
  return { tool: IMPORT_SCAN, ...(scan ? { scan } : {}), status, verdict, findings: [] };
}

function result(v: ReturnType<typeof view>, isError = false): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(v) }],
    structuredContent: v,
    ...(isError ? { isError: true } : {}),
  };
}

/** Whether `path` lies inside `root` (both absolute). */
function inside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

const IMPORT_MODULE = new URL("./import.ts", import.meta.url).href;
/**
 * Seconds the worker may take before it is stopped: past the longest import time limit a
 * person may set (import.time_limit_s), the importer's own limit speaks first.
 */
const IMPORT_JOB_LIMIT_S = 3600;

/** Runs one import_scan call. Never throws: problems are `isError` results naming the input. */
export async function importScan(
  args: Record<string, unknown>,
  roots: string[],
  store: Store,
  pool?: ToolPool,
  signal?: AbortSignal,
): Promise<CallToolResult> {
  const fail = (text: string) => result(view("unknown", `Not imported: ${text}`), true);
  const path = args.path;
  if (typeof path !== "string" || !path.trim()) {
    return fail("path: give the file to import, under one of the server's --root folders.");
  }
  if (
    args.id !== undefined &&
    (typeof args.id !== "string" || !/^[A-Za-z0-9_.-]{1,64}$/.test(args.id))
  ) {
    return fail("id: use 1 to 64 letters, digits, '_', '.' or '-'.");
  }
  if (!roots.length) {
    return fail(
      "this server was started without --root, so it may read no file. Start it with --root <folder> (threshold mcp --root ~/scans) and put the file there.",
    );
  }
  const full = isAbsolute(path) ? resolve(path) : resolve(roots[0], path);
  let real: string;
  try {
    real = await Deno.realPath(full);
  } catch {
    return fail(`path: ${full} does not exist (relative paths are taken from ${roots[0]}).`);
  }
  const realRoots = await Promise.all(roots.map((r) => Deno.realPath(r).catch(() => r)));
  if (!realRoots.some((r) => inside(real, r))) {
    return fail(
      `path: ${full} is outside the server's --root folders (${
        roots.join(", ")
      }); only files under them can be imported.`,
    );
  }
  try {
    const a = {
      path: real,
      ...(typeof args.id === "string" ? { id: args.id } : {}),
      ...(args.replace === true ? { replace: true } : {}),
    };
    // In a worker: a large file is parsed and checked off the protocol thread (ping answers).
    const p = pool
      ? await pool.job<Imported>(IMPORT_MODULE, "importJob", a, signal, IMPORT_JOB_LIMIT_S)
      : await importJob({ store }, a);
    return result(
      view(
        "pass",
        (p.headlines ?? []).map((h) => `Warning: ${h} `).join("") +
          `Imported ${
            p.name ?? p.id
          } as scan ${p.id} (${p.format}): ${p.floors} floor(s), ${p.rooms} room(s), ${p.doors} door(s) and opening(s), ${p.windows} window(s)` +
          (p.warnings ? `; ${p.warnings} warning(s) in the import report` : "") +
          `. Run any tool with scan "${p.id}".`,
        p.id,
      ),
    );
  } catch (e) {
    if (e instanceof InputError) return fail(e.message);
    if (e instanceof BusyError) return fail(e.message);
    if (e instanceof CancelledError) return fail("the import was cancelled; nothing was stored.");
    return result(view("error", `Not imported: ${(e as Error).message}`), true);
  }
}
