/**
 * The confinement every served surface runs under (`threshold mcp`, `threshold web`): the
 * Deno permission flags of the server process, and the files it may read besides the project.
 * Shared by mcp.ts and web/confine.ts, so neither surface imports the other.
 */
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openStore, type Store } from "../core/store.ts";
import { panoramaFile } from "../layers/panoramas.ts";
import { detectorReadDirs } from "../layers/detector.ts";

/** The project folder (where mcp.ts, tools/ and deno.json live). */
const PROJECT_DIR = fileURLToPath(new URL("..", import.meta.url));

/** Deno's cache folder (DENO_DIR, else the platform default Deno documents). */
export function denoCacheDir(): string {
  const env = (k: string) => Deno.env.get(k);
  const dir = env("DENO_DIR");
  if (dir) return resolve(dir);
  if (Deno.build.os === "windows") return join(env("LOCALAPPDATA") ?? ".", "deno");
  if (Deno.build.os === "darwin") return join(env("HOME") ?? ".", "Library", "Caches", "deno");
  return join(env("XDG_CACHE_HOME") ?? join(env("HOME") ?? ".", ".cache"), "deno");
}

/**
 * The Deno flags the server needs and no more: read the project's code, the store, the
 * roots and the given files (the rasters attached to sites, see {@link attachedFiles}) and the
 * object detector's model and wasm packages;
 * write only the store; environment and system facts (npm packages such as sharp
 * read them); native addons only from the npm package cache (sharp's libvips). No network,
 * no subprocesses. Plus one V8 flag for a small resident heap.
 */
export function confinedFlags(
  home: string,
  roots: string[],
  projectDir = PROJECT_DIR,
  files: string[] = [],
): string[] {
  const project = projectDir.replace(/[\\/]$/, "");
  // import_scan reads files under the roots; an IFC file needs web-ifc's WebAssembly, which
  // Deno keeps in its npm cache (that package's folder only).
  const wasm = roots.length
    ? [
      join(denoCacheDir(), "npm", "registry.npmjs.org", "web-ifc"),
      join(project, "node_modules", "web-ifc"),
    ]
    : [];
  // The object detector's weights and wasm binaries (room_labels, room_objects).
  const read = [project, home, ...roots, ...files, ...wasm, ...detectorReadDirs()];
  const ffi = [join(denoCacheDir(), "npm"), join(project, "node_modules")];
  return [
    `--allow-read=${read.join(",")}`,
    `--allow-write=${home}`,
    "--allow-env",
    "--allow-sys",
    `--allow-ffi=${ffi.join(",")}`,
    "--no-prompt",
    // A long-lived background process: its young generation a fixed 2 MB semi-space and its
    // old generation grown by 1.3x at a time, so resident memory stays flat (bench/
    // mcp_figures.ts, 10,000 calls over 1,000: +3.5-3.7 %; the semi-space alone +7-40 %, V8's
    // defaults +51 %). Performance (issue 29): --optimize-for-size (used before, +1-7 %) keeps
    // the semi-space at 1 MB, and a tools/call loop scavenged every ~3 calls on the serving
    // thread and the tool worker alike: in-process over 1,800 calls, 463 scavenges (247 ms)
    // with it, 233 (130 ms) with these flags, ~65 µs less GC per call. On the wire that is
    // within the machine's noise: bench/mcp_call_ab.ts against the old flag, same run, a
    // call's wall 0.90-1.01x and CPU 0.94-1.06x over four runs.
    "--v8-flags=--min-semi-space-size=2,--max-semi-space-size=2,--heap-growing-percent=30",
  ];
}

/**
 * The files the confined server may read besides its project and store: the rasters a person
 * attached to sites (`threshold site add-raster`) and the panoramas of every stored scan (a
 * ZInD tour imported from the command line keeps its images in its own folder): these files,
 * not the rest of their folders. None when the store does not exist yet or cannot be opened
 * (the server then says why itself); paths with a comma cannot be named in a Deno permission
 * list and are left out.
 */
export function attachedFiles(home: string): string[] {
  try {
    Deno.statSync(join(home, "threshold.db"));
  } catch {
    return [];
  }
  let store;
  try {
    store = openStore(home);
  } catch {
    return [];
  }
  try {
    const paths = store.listSites().flatMap((s) =>
      Array.isArray(s.record.rasters)
        ? (s.record.rasters as { path?: unknown }[]).map((r) => r?.path)
        : []
    );
    return [...new Set([...paths, ...scanImageFiles(store)])].filter((p): p is string =>
      typeof p === "string" && p.length > 0 && !p.includes(",")
    );
  } finally {
    store.close();
  }
}

/** Image files a served process may be let read: a picture's name, a regular file. */
const IMAGE_FILE = /\.(jpe?g|png|webp|tiff?)$/i;

/**
 * The panorama files of every stored scan's sweeps (read-only for the confined server): only
 * files named as images that exist as regular files, so a plan naming some other file (an
 * uploaded plan's `image: "/etc/passwd"`) grants nothing.
 */
export function scanImageFiles(store: Pick<Store, "listScans" | "getScan">): string[] {
  const out = new Set<string>();
  for (const { id } of store.listScans()) {
    let plan;
    try {
      plan = store.getScan(id)?.plan;
    } catch {
      continue; // a scan that does not load is reported by the server when it is used
    }
    for (const sw of plan?.sweeps ?? []) {
      if (
        !sw.image || (/^[a-z][a-z0-9+.-]*:\/\//i.test(sw.image) && !sw.image.startsWith("file://"))
      ) continue;
      const file = panoramaFile(sw.image);
      if (!IMAGE_FILE.test(file) || out.has(file)) continue;
      try {
        if (Deno.statSync(file).isFile) out.add(file);
      } catch { /* not there: the run says so */ }
    }
  }
  return [...out];
}
