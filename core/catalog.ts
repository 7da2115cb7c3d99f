/**
 * The tool catalog: every manifest as JSON (`tools/_catalog.json`), so that listing tools
 * (`threshold tools`, `show`, `docs`, MCP tools/list) does not import every tool and its
 * engines. It is generated, never edited: `deno task docs` rewrites it, a test fails when it
 * is stale, and a catalog whose folders or `mod.ts` hashes differ from the tree is ignored in
 * favour of loading the registry, so a stale catalog is slower, never wrong.
 */
import { RegistryError } from "./errors.ts";
import { type Manifest, manifestJson } from "./manifest.ts";
import { loadRegistry, TOOLS_DIR, validateManifest } from "./registry.ts";

/** One tool as the catalog holds it: the manifest JSON plus its folder's `mod.ts` hash. */
export interface CatalogEntry {
  folder: string;
  sha256: string;
  manifest: ReturnType<typeof manifestJson>;
}
export interface Catalog {
  version: 1;
  tools: CatalogEntry[];
}

/** Where the generated catalog lives. */
export const CATALOG_FILE = new URL("_catalog.json", TOOLS_DIR);

async function toolFolders(dir: URL): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory && !e.name.startsWith("_") && !e.name.startsWith(".")) out.push(e.name);
  }
  return out.sort();
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function folderHash(dir: URL, folder: string): Promise<string> {
  try {
    return await sha256(await Deno.readFile(new URL(`${folder}/mod.ts`, dir)));
  } catch {
    return "missing";
  }
}

/** Builds the catalog by loading every tool (the registry). */
export async function buildCatalog(dir: URL = TOOLS_DIR): Promise<Catalog> {
  const reg = await loadRegistry(dir);
  const tools: CatalogEntry[] = [];
  for (const m of reg.tools) {
    tools.push({ folder: m.id, sha256: await folderHash(dir, m.id), manifest: manifestJson(m) });
  }
  return { version: 1, tools };
}

/** The catalog as its file holds it (stable key order, trailing newline). */
export function catalogText(c: Catalog): string {
  return JSON.stringify(c, null, 2) + "\n";
}

/** Rewrites `tools/_catalog.json` from the registry. */
export async function writeCatalog(dir: URL = TOOLS_DIR): Promise<Catalog> {
  const c = await buildCatalog(dir);
  await Deno.writeTextFile(new URL("_catalog.json", dir), catalogText(c));
  return c;
}

/** Whether a catalog matches the tree: same folders, same `mod.ts` hashes. */
export async function catalogIsFresh(c: Catalog, dir: URL = TOOLS_DIR): Promise<boolean> {
  const folders = await toolFolders(dir);
  if (c.version !== 1 || folders.join("\n") !== c.tools.map((t) => t.folder).join("\n")) {
    return false;
  }
  const hashes = await Promise.all(folders.map((f) => folderHash(dir, f)));
  return hashes.every((h, i) => h === c.tools[i].sha256);
}

/**
 * Every tool's manifest JSON, from the catalog when it is fresh, else from the registry.
 * Fast path for listings; runs load the tool itself with {@link loadTool}.
 */
export async function listManifests(
  dir: URL = TOOLS_DIR,
): Promise<CatalogEntry["manifest"][]> {
  try {
    const c = JSON.parse(await Deno.readTextFile(new URL("_catalog.json", dir))) as Catalog;
    if (await catalogIsFresh(c, dir)) return c.tools.map((t) => t.manifest);
  } catch {
    // no catalog, or unreadable: fall through to the registry
  }
  return (await buildCatalog(dir)).tools.map((t) => t.manifest);
}

/**
 * Loads one tool by id without importing the others. An unknown id is a RegistryError
 * listing the tools there are.
 */
export async function loadTool(id: string, dir: URL = TOOLS_DIR): Promise<Manifest> {
  const folders = await toolFolders(dir);
  if (!folders.includes(id)) {
    throw new RegistryError(id, `no tool ${JSON.stringify(id)}; tools: ${folders.join(", ")}`);
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
  return validateManifest(id, mod.default);
}
