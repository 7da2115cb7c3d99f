/**
 * Ctx: what a tool's handler may reach. Plans by scan id, sites by place, live steps and a
 * cancel signal. Handlers do no I/O of their own.
 */
import { DEFAULT_SMALL_FILE_MAX_MB, readRegularTextSync } from "./files.ts";
import { CancelledError, InputError } from "../ground/errors.ts";
import type { LoadedPlan, Plan } from "../ground/plan.ts";
import type {
  OpenedElevation,
  OpenedImagery,
  RasterEntry,
  RasterKind,
  RasterSource,
} from "../ground/rasters.ts";
import { rastersOf } from "../ground/rasters.ts";
import type { JudgedScope, Store } from "./store.ts";
import type { SiteInfo, SiteRecord } from "../ground/site.ts";
import { type DetectionCache, detectionCache } from "./detections.ts";
import type { PanoramaRef } from "../ground/image.ts";
import type { Detector } from "../ground/detector.ts";
import { checkpoint } from "../ground/budget.ts";
import { type CodeData, type Said, UNCODED_STEP } from "./result.ts";

/** One step as a listener receives it. */
export interface StepEvent {
  text: string;
  /** The step's code and data (`step.uncoded` with no data for a bare sentence). */
  code: string;
  data: CodeData;
  elapsed_ms: number;
  index: number;
}

/** The handler's context. */
export interface Ctx {
  /** The plan of a scan; an unknown scan is an InputError naming the input "scan". */
  plan(sid: string): Plan;
  /** A place: a scan id, "lat,lon", a stored site id, name or address. Undefined when a scan has no site. */
  site(place: string): SiteInfo | undefined;
  /** The rasters of one kind attached to a site, newest first (their entries, not the files). */
  rasters(site: SiteInfo | undefined, kind: RasterKind): RasterEntry[];
  /**
   * The site's newest usable elevation raster over plan-frame points (grown by `pad_m`), or
   * the sentences saying why none can be used. The runner supplies it from layers/rasters.ts.
   */
  elevation(
    site: SiteInfo,
    points_plan: [number, number][],
    pad_m?: number,
  ): Promise<OpenedElevation | { reasons: string[] }>;
  /** The site's newest orthophoto over a plan-frame box, or the sentence saying why not. */
  imagery(
    site: SiteInfo,
    box_plan: [number, number, number, number],
  ): Promise<OpenedImagery | { reason: string }>;
  /**
   * The text of a file a person named in an input (their own rule pack): read by the runner,
   * never by the tool. An unreadable file is an InputError naming the input and `what` it is
   * ("cannot read pack file …").
   */
  readText(path: string, input: string, what?: string): string;
  /** Tells the person what the tool is doing now: a step made by `say.step(code, data)`. */
  step(step: Said | string): void;
  /** Aborts the run when triggered; long handlers call `throwIfCancelled`. */
  signal: AbortSignal;
  /** Throws a CancelledError when the signal has fired. */
  throwIfCancelled(): void;
  /** A sweep's panorama: its content hash, and its RGB pixels on demand; or why there is none. */
  panorama(scan: string, sweepId: string): Promise<PanoramaRef>;
  /** Detections stored per panorama content hash (the store, or this process without one). */
  detections: DetectionCache;
  /** The object detector, loaded once per process; a DetectorUnavailableError when not installed. */
  detector(): Promise<Detector>;
}

/**
 * What a run reads from outside core, handed in by its caller (layers/io.ts `RUN_IO` on every
 * surface; tests hand their own): core imports no raster reader, image decoder or detector.
 */
export interface RunIo {
  /** Where `ctx.elevation`/`ctx.imagery` read rasters. */
  rasters?: RasterSource;
  /** Finds a sweep's panorama: its content hash, and its pixels on demand; or why there is none. */
  panoramas?: (plan: Plan, sweepId: string) => Promise<PanoramaRef>;
  /** The object detector for vision tools, loaded once per process. */
  detector?: () => Promise<Detector>;
  /**
   * After a run's findings are saved: matches them to the findings of the scan this one
   * re-scans, the way a batch does (layers/rescan.ts: a rejection there stays a rejection
   * here, what is no longer found there is resolved). Core matches no plans itself.
   */
  rescan?: (
    store: Store,
    scan: string,
    tool: string,
    result: RescanResult,
    judged?: JudgedScope,
  ) => void;
}

/** What {@link RunIo.rescan} reads and may change of a result: its findings and steps. */
export interface RescanResult {
  findings: { id: string; subject?: string }[];
  steps: string[];
}

/** Where plans come from, in order: given plans, the store, built-in scans. */
export interface PlanSources {
  plans?: Record<string, LoadedPlan>;
  store?: Store;
  builtins?: Record<string, () => LoadedPlan>;
  /**
   * The store's plans read so far, by scan id (a run's own: core/run.ts), so that a run
   * reads and parses each plan once, not at each `ctx.plan` (issue 29: three times a row).
   */
  read?: Map<string, LoadedPlan | undefined>;
}

/** Known scan ids, for error messages and listings. */
export function knownScanIds(src: PlanSources): string[] {
  const ids = new Set<string>([
    ...Object.keys(src.plans ?? {}),
    ...(src.store?.listScans().map((s) => s.id) ?? []),
    ...Object.keys(src.builtins ?? {}),
  ]);
  return [...ids].sort();
}

/** Resolves a scan id to its loaded plan, or undefined. */
export function findPlan(src: PlanSources, sid: string): LoadedPlan | undefined {
  return src.plans?.[sid] ?? storedPlan(src, sid) ?? src.builtins?.[sid]?.();
}

/** The store's plan of `sid`, read once per {@link PlanSources.read}. */
function storedPlan(src: PlanSources, sid: string): LoadedPlan | undefined {
  if (!src.store) return undefined;
  if (!src.read) return src.store.getScan(sid);
  if (src.read.has(sid)) return src.read.get(sid);
  const loaded = src.store.getScan(sid);
  src.read.set(sid, loaded);
  return loaded;
}

/** Resolves a scan id or throws an InputError listing the known scans. */
export function requirePlan(src: PlanSources, sid: string, input = "scan"): LoadedPlan {
  const p = findPlan(src, sid);
  if (!p) {
    throw new InputError(
      input,
      `no scan ${JSON.stringify(sid)}; known scans: ${knownScanIds(src).join(", ") || "none"}`,
      { code: "scan.unknown", data: { got: sid, allowed: knownScanIds(src) } },
    );
  }
  return p;
}

const LATLON = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/** Resolves a place (scan id, "lat,lon", stored site) or throws an InputError. */
export function resolveSite(
  src: PlanSources,
  place: string,
  input = "place",
): SiteInfo | undefined {
  const m = LATLON.exec(place);
  if (m) {
    const lat = Number(m[1]), lon = Number(m[2]);
    if (lat < -90 || lat > 90 || lon < -180 || lon > 180) {
      throw new InputError(
        input,
        `"${place}" is out of range; latitude must be -90..90 and longitude -180..180`,
        { code: "place.out_of_range", data: { got: place, lat, lon } },
      );
    }
    const stored = src.store?.listSites().find((x) => samePlace(x, { lat, lon }));
    if (stored) return { ...fromRecord(stored), from: "store" };
    return { lat, lon, record: {}, from: "coordinates" };
  }
  const loaded = findPlan(src, place);
  if (loaded) {
    const stored = src.store?.listSites().find((s) => s.scan === place);
    const s = loaded.plan.site;
    if (!s && !stored) return undefined;
    // A site a person stored for the scan (`threshold sites add --scan`) says where the
    // building is, over what the importer found; a record made only to hold rasters copied
    // the plan's location (located_by "plan") and follows the plan.
    const personal = stored && stored.record.located_by !== "plan" ? stored : undefined;
    const first = <T>(a: T | undefined, b: T | undefined) => a !== undefined ? a : b;
    return {
      ...(stored ? fromRecord(stored) : {}),
      lat: personal ? personal.lat : s?.lat ?? stored!.lat,
      lon: personal ? personal.lon : s?.lon ?? stored!.lon,
      address: personal ? first(personal.address, s?.address) : first(s?.address, stored?.address),
      // The plan's ground elevation belongs to the plan's coordinates.
      elevation_m: personal
        ? first(personal.elevation_m, samePlace(personal, s) ? s?.elevation_m : undefined)
        : first(s?.elevation_m, stored?.elevation_m),
      north_deg: personal
        ? first(personal.north_deg, s?.north_deg)
        : first(s?.north_deg, stored?.north_deg),
      scan: place,
      record: stored?.record ?? {},
      from: "scan",
    } as SiteInfo;
  }
  const rec = src.store?.findSite(place);
  if (rec) return { ...fromRecord(rec), from: "store" };
  throw new InputError(
    input,
    `no place ${
      JSON.stringify(place)
    }; give a scan id, "lat,lon" (e.g. "52.52,13.40"), or a stored site's id, name or address`,
    {
      code: "place.unknown",
      data: {
        got: place,
        allowed: ["a scan id", "lat,lon", "a stored site's id, name or address"],
      },
    },
  );
}

/** Whether two places are the same coordinates (within 1e-7°, about a centimetre). */
export function samePlace(
  a: { lat: number; lon: number },
  b?: { lat: number; lon: number },
): boolean {
  return !!b && Math.abs(a.lat - b.lat) <= 1e-7 && Math.abs(a.lon - b.lon) <= 1e-7;
}

function fromRecord(r: SiteRecord): SiteInfo {
  return {
    id: r.id,
    lat: r.lat,
    lon: r.lon,
    address: r.address,
    elevation_m: r.elevation_m,
    north_deg: r.north_deg,
    scan: r.scan,
    record: r.record,
    from: "store",
  };
}

/** Builds a Ctx. `onPlan` sees every plan a handler loads (the runner collects warnings). */
export function makeCtx(opts: {
  sources: PlanSources;
  signal: AbortSignal;
  onStep: (step: Said) => void;
  onPlan?: (sid: string, loaded: LoadedPlan) => void;
  /** Where detections are cached (default: the store, else process memory). */
  detections?: DetectionCache;
  /** Rasters, panoramas and the detector, from the run's caller. */
  io?: RunIo;
}): Ctx {
  const { sources, signal } = opts;
  const io = opts.io ?? {};
  const noRasters = (): never => {
    throw new Error("this context was made without a raster source");
  };
  const without = (what: string) => () =>
    Promise.reject(new Error(`this run was given no ${what} (layers/io.ts RUN_IO)`));
  return {
    rasters: (site, kind) => rastersOf(site, kind),
    elevation: (site, points, pad_m) =>
      io.rasters ? io.rasters.elevation(site, points, pad_m) : noRasters(),
    imagery: (site, box) => io.rasters ? io.rasters.imagery(site, box) : noRasters(),
    readText(path, input, what = "file") {
      // A regular file under 10 MB: `/dev/zero`, a FIFO or a folder is refused, never read.
      return readRegularTextSync(path, {
        input,
        what,
        max_bytes: DEFAULT_SMALL_FILE_MAX_MB * 1e6,
      });
    },
    plan(sid) {
      const loaded = requirePlan(sources, sid);
      opts.onPlan?.(sid, loaded);
      return loaded.plan;
    },
    panorama: (scan, sweepId) =>
      io.panoramas
        ? io.panoramas(requirePlan(sources, scan).plan, sweepId)
        : without("panorama reader")(),
    detections: opts.detections ?? detectionCache(sources.store),
    detector: io.detector ?? without("object detector"),
    site: (place) => resolveSite(sources, place),
    step(step) {
      if (signal.aborted) throw new CancelledError();
      opts.onStep(typeof step === "string" ? { code: UNCODED_STEP, data: {}, text: step } : step);
    },
    signal,
    throwIfCancelled() {
      if (signal.aborted) throw new CancelledError();
      // The run's deadline and a worker's cancel flag, seen by a loop that never yields.
      checkpoint();
    },
  };
}
