/**
 * Listing tools without importing them. Loading every tool module (with its engines and their
 * npm packages) is most of a cold start, so listings (`threshold tools`, `show`, `docs`, MCP
 * tools/list) are cached in the store folder under a fingerprint of every source file of the
 * project (path, size, modification time, and the Deno version). Any changed, added or
 * removed source file changes the fingerprint and the listing is made again from the
 * manifests: a cache is never stale, only missing. Runs load just their tool ({@link loadTool}).
 */
// No `node:path` / `node:url` here: a Node-compatibility import costs `threshold tools` 10–20 ms.
import { joinPath as join } from "../ground/path_join.ts";
import { RegistryError } from "../ground/errors.ts";
import type { Manifest, manifestJson } from "./manifest.ts";
import { TOOLS_DIR } from "./paths.ts";
import { later } from "./later.ts";
import { defaultHome } from "./store/location.ts";

/** The project's root folder (the one holding core/, tools/, engines/ …). */
export const PROJECT_DIR = join(import.meta.dirname!, "..").replace(/[\\/]$/, "");

/** Folders whose files never shape a manifest. */
const SKIP = new Set(["tests", "docs", "bench", "node_modules", "coverage", "fixtures"]);
const SOURCE = /\.(ts|tsx|js|mjs|json|jsonc)$/;

/**
 * A fingerprint (SHA-256, hex) of the source files under `dirs`: every `.ts`, `.js` and
 * `.json` file's path, size and modification time, skipping tests, docs, benchmarks,
 * fixtures and hidden folders at the top of each folder walked (a tools folder elsewhere is
 * walked as a folder of its own); with the Deno version, since it shapes the JSON Schemas too.
 */
export async function sourceFingerprint(
  dirs: string[],
  exclude: string[] = [],
): Promise<string> {
  const lines: string[] = [Deno.version.deno];
  // Synchronous on purpose: a few hundred stats at start-up, without a promise each.
  // `rel` is the folder's path relative to `root` (Node's `relative`, for names from readDir).
  const walk = (root: string, dir: string, rel: string) => {
    const entries = [...Deno.readDirSync(dir)].sort((a, b) => a.name < b.name ? -1 : 1);
    for (const e of entries) {
      if (e.name.startsWith(".") || (e.isDirectory && SKIP.has(e.name) && dir === root)) continue;
      const path = join(dir, e.name);
      if (exclude.includes(path)) continue;
      const relPath = rel ? join(rel, e.name) : e.name;
      if (e.isDirectory) walk(root, path, relPath);
      else if (e.isFile && SOURCE.test(e.name)) {
        const st = Deno.statSync(path);
        lines.push(`${relPath}\t${st.size}\t${st.mtime?.getTime() ?? 0}`);
      }
    }
  };
  for (const root of dirs) {
    lines.push(`# ${root}`);
    walk(root, root, "");
  }
  return await sha256Hex(new TextEncoder().encode(lines.join("\n")));
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The cache file for one listing (`name`) of one project and tools folder (`key`). */
export async function listingFile(home: string, key: string, name = "mcp-tools"): Promise<string> {
  const short = (await sha256Hex(new TextEncoder().encode(key))).slice(0, 16);
  return join(home, "cache", `${name}-${short}.json`);
}

/** The cached listing when its fingerprint matches, else undefined. */
export async function readListing<T = unknown>(
  file: string,
  fingerprint: string,
): Promise<T[] | undefined> {
  try {
    const data = JSON.parse(await Deno.readTextFile(file));
    if (data?.fingerprint === fingerprint && Array.isArray(data.tools)) return data.tools;
  } catch { /* no cache yet, or unreadable: make the listing */ }
  return undefined;
}

/** Saves a listing (atomically: a temporary file renamed over the old one); never throws. */
export async function writeListing(file: string, fingerprint: string, tools: unknown[]) {
  try {
    await Deno.mkdir(join(file, ".."), { recursive: true });
    const tmp = `${file}.${Deno.pid}.tmp`;
    await Deno.writeTextFile(tmp, JSON.stringify({ fingerprint, tools }));
    await Deno.rename(tmp, file);
  } catch (e) {
    console.error(`threshold: could not save the tool listing cache: ${(e as Error).message}`);
  }
}

/** A manifest as JSON (what listings show). */
export type ManifestJson = ReturnType<typeof manifestJson>;

/**
 * Every tool's manifest JSON, in id order: from the cache in `home` when the sources have
 * not changed, else from the registry (and the cache is rewritten).
 */
export async function listManifests(
  opts: { home?: string; dir?: URL } = {},
): Promise<ManifestJson[]> {
  const dir = opts.dir ?? TOOLS_DIR;
  const home = opts.home ?? defaultHome();
  const dirs = dir.href === TOOLS_DIR.href
    ? [PROJECT_DIR]
    : [PROJECT_DIR, (await import("node:url")).fileURLToPath(dir).replace(/[\\/]$/, "")];
  const fingerprint = await sourceFingerprint(dirs, [home]);
  const file = await listingFile(home, `${PROJECT_DIR}\n${dir.href}`, "manifests");
  const cached = await readListing<ManifestJson>(file, fingerprint);
  if (cached) return cached;
  // Only a cache miss loads zod, the registry and every tool.
  const [{ loadRegistry }, { manifestJson }] = await Promise.all([
    later<typeof import("./registry.ts")>(new URL("./registry.ts", import.meta.url)),
    later<typeof import("./manifest.ts")>(new URL("./manifest.ts", import.meta.url)),
  ]);
  const fresh = (await loadRegistry(dir)).tools.map(manifestJson);
  await writeListing(file, fingerprint, fresh);
  return fresh;
}

/** Tool folder names under `dir` (folders starting with `_` or `.` are not tools). */
export async function toolFolders(dir: URL = TOOLS_DIR): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory && !e.name.startsWith("_") && !e.name.startsWith(".")) out.push(e.name);
  }
  return out.sort();
}

/**
 * Loads one tool by id without importing the others. An unknown id is a RegistryError
 * listing the tools there are.
 */
export async function loadTool(id: string, dir: URL = TOOLS_DIR): Promise<Manifest> {
  const folders = await toolFolders(dir);
  if (!folders.includes(id)) {
    throw new RegistryError(id, `no tool ${JSON.stringify(id)}; tools: ${folders.join(", ")}`, {
      code: "registry.unknown_tool",
      data: { got: id, allowed: folders },
    });
  }
  let mod: { default?: unknown };
  try {
    mod = await import(new URL(`${id}/mod.ts`, dir).href);
  } catch (e) {
    throw new RegistryError(
      id,
      `mod.ts could not be loaded: ${(e as Error).message.split("\n")[0]}`,
    );
  }
  const { validateManifest } = await later<typeof import("./registry.ts")>(
    new URL("./registry.ts", import.meta.url),
  );
  return validateManifest(id, mod.default);
}
