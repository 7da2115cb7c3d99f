/**
 * The tool listing as plain JSON, and its cache. tools/list needs every manifest, and
 * loading every tool module (with its engines and their npm packages) is most of a cold
 * start. The listing made from the manifests is kept in the store folder under a
 * fingerprint of every source file of the project (path, size, modification time); while
 * the fingerprint matches, a fresh server lists tools from it at once and loads the tool
 * modules in the background for the first call. Any changed, added or removed source file
 * changes the fingerprint, and the listing is made again from the manifests.
 */
import { join, relative } from "node:path";
import type { Manifest } from "../core/manifest.ts";
import {
  mcpAnnotations,
  mcpDescription,
  mcpInputSchema,
  mcpToolMeta,
  OUTPUT_JSON_SCHEMA,
} from "./tools.ts";

/** One tool as tools/list gives it. */
export interface ToolDef {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: ReturnType<typeof mcpAnnotations>;
  _meta: Record<string, unknown>;
}

/** A manifest's MCP tool definition. */
export function toolDef(m: Manifest): ToolDef {
  return {
    name: m.id,
    title: m.title,
    description: mcpDescription(m),
    inputSchema: mcpInputSchema(m),
    outputSchema: OUTPUT_JSON_SCHEMA,
    annotations: mcpAnnotations(m),
    _meta: mcpToolMeta(m),
  };
}

/** Folders whose files never shape a manifest. */
const SKIP = new Set(["tests", "docs", "bench", "node_modules", "coverage"]);
const SOURCE = /\.(ts|tsx|js|mjs|json|jsonc)$/;

/**
 * A fingerprint (SHA-256, hex) of the source files under `dirs`: every `.ts`, `.js` and
 * `.json` file's path, size and modification time, skipping tests, docs, benchmarks and
 * hidden folders; with the Deno version, since it shapes the JSON Schemas too.
 */
export async function sourceFingerprint(
  dirs: string[],
  exclude: string[] = [],
): Promise<string> {
  const lines: string[] = [Deno.version.deno];
  // Synchronous on purpose: a few hundred stats at start-up, without a promise each.
  const walk = (root: string, dir: string) => {
    const entries = [...Deno.readDirSync(dir)].sort((a, b) => a.name < b.name ? -1 : 1);
    for (const e of entries) {
      if (e.name.startsWith(".") || (e.isDirectory && SKIP.has(e.name) && dir === root)) continue;
      const path = join(dir, e.name);
      if (exclude.includes(path)) continue;
      if (e.isDirectory) walk(root, path);
      else if (e.isFile && SOURCE.test(e.name)) {
        const st = Deno.statSync(path);
        lines.push(`${relative(root, path)}\t${st.size}\t${st.mtime?.getTime() ?? 0}`);
      }
    }
  };
  for (const root of dirs) {
    lines.push(`# ${root}`);
    walk(root, root);
  }
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(lines.join("\n")));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The cache file for one project and tools folder, in the store folder. */
export async function listingFile(home: string, key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  const short = [...new Uint8Array(digest)].slice(0, 8).map((b) => b.toString(16).padStart(2, "0"))
    .join("");
  return join(home, "cache", `mcp-tools-${short}.json`);
}

/** The cached listing when its fingerprint matches, else undefined. */
export async function readListing(
  file: string,
  fingerprint: string,
): Promise<ToolDef[] | undefined> {
  try {
    const data = JSON.parse(await Deno.readTextFile(file));
    if (data?.fingerprint === fingerprint && Array.isArray(data.tools)) return data.tools;
  } catch { /* no cache yet, or unreadable: make the listing */ }
  return undefined;
}

/** Saves the listing (atomically: a temporary file renamed over the old one). */
export async function writeListing(file: string, fingerprint: string, tools: ToolDef[]) {
  try {
    await Deno.mkdir(join(file, ".."), { recursive: true });
    const tmp = `${file}.${Deno.pid}.tmp`;
    await Deno.writeTextFile(tmp, JSON.stringify({ fingerprint, tools }));
    await Deno.rename(tmp, file);
  } catch (e) {
    console.error(`threshold mcp: could not save the tool listing cache: ${(e as Error).message}`);
  }
}
