/**
 * The `import_scan` MCP tool: brings a building in from a file under one of the server's
 * `--root` folders (the only folders a confined server may read), so an agent can act on
 * "check this IFC file". The scan is stored like `threshold import` stores it. The result is
 * the same forModel view every tool gives (its output schema), with the import's numbers in
 * its verdict.
 */
import { isAbsolute, relative, resolve } from "node:path";
import type { CallToolResult } from "npm:@modelcontextprotocol/server@2.4.0";
import { InputError } from "../ground/errors.ts";
import type { Store } from "../core/store.ts";

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

/** Runs one import_scan call. Never throws: problems are `isError` results naming the input. */
export async function importScan(
  args: Record<string, unknown>,
  roots: string[],
  store: Store,
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
    const { importLimits, importSource } = await import("../layers/mod.ts");
    const { loaded, report } = await importSource(real, {
      ...(typeof args.id === "string" ? { id: args.id } : {}),
      ...importLimits(store),
    });
    const { storeScan } = await import("../layers/store_scan.ts");
    storeScan(store, loaded, report, { replace: args.replace === true, input: "id" });
    const p = loaded.plan;
    const doors = p.openings.filter((o) => o.kind !== "window").length;
    const windows = p.openings.filter((o) => o.kind === "window").length;
    return result(
      view(
        "pass",
        `Imported ${
          p.name ?? p.id
        } as scan ${p.id} (${report.format}): ${p.floors.length} floor(s), ${p.rooms.length} room(s), ${doors} door(s) and opening(s), ${windows} window(s)` +
          (report.warnings.length
            ? `; ${report.warnings.length} warning(s) in the import report`
            : "") +
          `. Run any tool with scan "${p.id}".`,
        p.id,
      ),
    );
  } catch (e) {
    if (e instanceof InputError) return fail(e.message);
    return result(view("error", `Not imported: ${(e as Error).message}`), true);
  }
}
