/**
 * Rasters attached to a site, by reference: the file stays where it is; the site's record
 * keeps its absolute path, SHA-256 (FIPS 180-4, WebCrypto), CRS, size and resolution under
 * `record.rasters`. Every use reads the file again and re-checks the checksum, so a file
 * changed or moved since it was attached is a clear error naming it, never silently other
 * data. This module is the only place that reads raster files; engines take the bytes.
 */
import { readRegularFile } from "../core/files.ts";
import { dirname, resolve } from "node:path";
import { type Coded, InputError } from "../ground/errors.ts";
import { type PlanSources, resolveSite, samePlace } from "../core/context.ts";
import type { SiteInfo, SiteRecord } from "../ground/site.ts";
import type { Store } from "../core/store.ts";
import {
  type OpenedElevation,
  type OpenedImagery,
  RASTER_KINDS,
  type RasterEntry,
  type RasterKind,
  rastersOf,
  type RasterSource,
} from "../ground/rasters.ts";
import { readGeoTiff, readGeoTiffInfo } from "../engines/aerial/geotiff.ts";
import { readOrthophoto } from "../engines/aerial/imagery.ts";
import type { Grid } from "../ground/grid.ts";
import {
  crsIsGeographic,
  crsSupported,
  planToCrs,
  planToCrsAffine,
  transformPoints,
} from "../engines/aerial/reproject.ts";
import { applyAffine, type XY } from "../ground/grid.ts";
import { bilinear, covers, worldToPixel } from "../ground/grid.ts";

/** A raster file that cannot be used: missing, changed since it was attached, or unreadable. */
export class RasterFileError extends Error {
  readonly file: string;
  /** A stable code (`raster.unreadable`, `raster.changed`, `raster.undecodable`). */
  readonly code: string;
  /** `file` and what the thrower knows. */
  readonly data: Readonly<Record<string, unknown>>;
  constructor(file: string, problem: string, coded?: Coded) {
    super(`raster ${file}: ${problem}`);
    this.name = "RasterFileError";
    this.file = file;
    this.code = coded?.code ?? "raster.undecodable";
    this.data = { file, ...coded?.data };
  }
}

/** Hex SHA-256 of bytes (WebCrypto). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Attaches a GeoTIFF to a place's site record and returns the stored site and entry.
 * `place` is what `ctx.site` takes: a scan id (its own site record is created from the
 * plan's site when the store has none), "lat,lon" (a site record `site-<lat>_<lon>` is
 * created or reused), or a stored site's id, name or address. Attaching the same path and
 * kind again replaces the entry. Bad input is an InputError naming `place`, `file` or `kind`.
 * `sources` supplies plans that are not in the store (built-in scans).
 */
export async function addRaster(
  store: Store,
  place: string,
  file: string,
  kind: string,
  sources: Omit<PlanSources, "store"> = {},
): Promise<{ site: SiteRecord; entry: RasterEntry; warnings: string[] }> {
  if (!(RASTER_KINDS as readonly string[]).includes(kind)) {
    throw new InputError(
      "kind",
      `unknown raster kind ${JSON.stringify(kind)}; use ${RASTER_KINDS.join(" or ")}`,
      { code: "raster.unknown_kind", data: { got: kind, allowed: RASTER_KINDS } },
    );
  }
  const path = resolve(file);
  // A regular file under RASTER_MAX_MB: a device or pipe is refused, never read.
  const bytes = await readRegularFile(path, {
    input: "file",
    what: "raster",
    max_bytes: RASTER_MAX_MB * 1e6,
  });
  let info;
  try {
    info = await readGeoTiffInfo(bytes);
  } catch (e) {
    throw new InputError("file", `${path} is not a usable GeoTIFF: ${(e as Error).message}`, {
      code: "raster.not_geotiff",
      data: { path, problem: (e as Error).message },
    });
  }
  if (kind === "imagery" && info.bands < 3) {
    throw new InputError(
      "file",
      `${path} has ${info.bands} band(s); imagery needs an RGB orthophoto (3 or 4 bands)`,
      { code: "raster.too_few_bands", data: { path, got: info.bands, allowed: [3, 4] } },
    );
  }
  const warnings: string[] = [];
  if (!crsSupported(info.crs)) {
    warnings.push(
      `${path} is in ${
        info.crs === "unknown" ? "an unknown projection (no EPSG code in its GeoKeys)" : info.crs
      }, which threshold cannot reproject; tools will say so instead of using it.`,
    );
  }
  const site = resolveSite({ ...sources, store }, place, "place");
  if (!site) {
    throw new InputError(
      "place",
      `scan ${place} has no site (latitude and longitude); give the scan a site or use "lat,lon"`,
      { code: "place.no_site", data: { got: place } },
    );
  }
  if (crsSupported(info.crs)) {
    const [p] = transformPoints("EPSG:4326", info.crs, [[site.lon, site.lat]]);
    const [c, r] = worldToPixel(info.transform, p);
    if (!(c >= 0 && r >= 0 && c <= info.width && r <= info.height)) {
      const record = site.from === "scan" ? siteRecordFor(store, place, site).id : undefined;
      warnings.push(
        `${path} does not cover the site's position (${site.lat}, ${site.lon}); tools will say so.` +
          (record
            ? ` If the building stands elsewhere, place it: threshold sites add ${record} --lat … --lon …`
            : ""),
      );
    }
  }
  const entry: RasterEntry = {
    kind: kind as RasterKind,
    path,
    sha256: await sha256Hex(bytes),
    crs: info.crs,
    width: info.width,
    height: info.height,
    resolution: info.resolution,
    resolution_unit: !crsSupported(info.crs) ? "unknown" : crsIsGeographic(info.crs) ? "deg" : "m",
    bands: info.bands,
    sample_type: info.sample_type,
    added_at: new Date().toISOString(),
  };
  const record = siteRecordFor(store, place, site);
  const old = Array.isArray(record.record.rasters) ? record.record.rasters as RasterEntry[] : [];
  record.record = {
    ...record.record,
    rasters: [...old.filter((r) => !(r.path === path && r.kind === entry.kind)), entry],
  };
  store.putSite(record);
  return { site: record, entry, warnings };
}

function siteRecordFor(store: Store, place: string, site: SiteInfo): SiteRecord {
  if (site.from === "store" && site.id) {
    const rec = store.getSite(site.id);
    if (rec) return rec;
  }
  if (site.from === "scan") {
    // The scan's stored site keeps what it holds (a location a person gave stays theirs);
    // a new one copies the plan's location and is marked to follow the plan (see
    // resolveSite), so a re-imported plan's site is not shadowed by a stale copy.
    const rec = store.listSites().find((s) => s.scan === place);
    if (rec) return rec;
    return {
      id: `scan-${place}`,
      name: `site of scan ${place}`,
      lat: site.lat,
      lon: site.lon,
      ...(site.address !== undefined ? { address: site.address } : {}),
      ...(site.elevation_m !== undefined ? { elevation_m: site.elevation_m } : {}),
      ...(site.north_deg !== undefined ? { north_deg: site.north_deg } : {}),
      scan: place,
      record: { located_by: "plan" },
    };
  }
  const near = store.listSites().find((s) => samePlace(s, site));
  if (near) return near;
  return {
    id: `site-${site.lat.toFixed(5)}_${site.lon.toFixed(5)}`,
    name: place.trim(),
    lat: site.lat,
    lon: site.lon,
    record: {},
  };
}

/** The largest raster `add-raster` reads, MB (a 1 m DEM of 10 km × 10 km as float32 is 400 MB). */
export const RASTER_MAX_MB = 2000;

/**
 * Reads an attached raster's bytes and re-checks its SHA-256; a missing or changed file is
 * a {@link RasterFileError} naming the file and what to do.
 */
export async function loadRaster(entry: RasterEntry): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(entry.path);
  } catch (e) {
    // A confined process (the MCP server reads only the store and its --root folders) is
    // told which folder to allow, not to put back a file that is there.
    const denied = e instanceof Deno.errors.NotCapable || e instanceof Deno.errors.PermissionDenied;
    throw new RasterFileError(
      entry.path,
      denied
        ? `cannot be read by this process, which may not read its folder (the MCP server reads only the store, the folders given with --root and the rasters attached before it started: restart it, or add --root ${
          dirname(entry.path)
        })`
        : `cannot be read (${
          (e as Error).message
        }); it was attached by reference — put it back or attach it again with threshold site add-raster`,
      {
        code: "raster.unreadable",
        data: denied ? { denied, folder: dirname(entry.path) } : { denied },
      },
    );
  }
  const sum = await sha256Hex(bytes);
  if (sum !== entry.sha256) {
    throw new RasterFileError(
      entry.path,
      `has changed since it was attached (SHA-256 ${sum.slice(0, 12)}… ≠ ${
        entry.sha256.slice(0, 12)
      }…); attach it again with threshold site add-raster if the new file is right`,
      { code: "raster.changed", data: { sha256: sum, attached_sha256: entry.sha256 } },
    );
  }
  return bytes;
}

/**
 * {@link loadRaster} then decodes band 0 as an elevation Grid — only the window over `box`
 * [minX, minY, maxX, maxY] (the raster's CRS) when given, undefined when the box misses it.
 */
export async function loadElevation(entry: RasterEntry): Promise<Grid>;
export async function loadElevation(
  entry: RasterEntry,
  box: [number, number, number, number],
): Promise<Grid | undefined>;
export async function loadElevation(
  entry: RasterEntry,
  box?: [number, number, number, number],
): Promise<Grid | undefined> {
  const bytes = await loadRaster(entry);
  try {
    return box ? await readGeoTiff(bytes, 0, box) : await readGeoTiff(bytes);
  } catch (e) {
    throw new RasterFileError(entry.path, (e as Error).message);
  }
}

/**
 * Opens the newest elevation raster of a site that can be used at the given plan-frame
 * points: readable and unchanged, in a CRS threshold can reproject, covering every point
 * with data there. Only the window over the points' box grown by `pad_m` metres is decoded.
 * Otherwise the sentences saying why each raster could not be used.
 */
export async function openElevationFor(
  site: SiteInfo,
  points_plan: XY[],
  pad_m = 0,
): Promise<OpenedElevation | { reasons: string[] }> {
  const reasons: string[] = [];
  const entries = rastersOf(site, "elevation");
  if (!entries.length) reasons.push("The site has no elevation raster attached.");
  const anchor = { lat: site.lat, lon: site.lon, north_deg: site.north_deg ?? 0 };
  for (const entry of entries) {
    const name = entry.path.split(/[\\/]/).pop();
    if (!crsSupported(entry.crs)) {
      reasons.push(
        `The elevation raster ${name} is in ${
          entry.crs === "unknown" ? "an unknown projection" : entry.crs
        }, which threshold cannot reproject.`,
      );
      continue;
    }
    const planToGrid = planToCrsAffine(anchor, entry.crs);
    const xs = points_plan.map((p) => p[0]), ys = points_plan.map((p) => p[1]);
    const corners = planToCrs(anchor, entry.crs, [
      [Math.min(...xs) - pad_m, Math.min(...ys) - pad_m],
      [Math.max(...xs) + pad_m, Math.min(...ys) - pad_m],
      [Math.min(...xs) - pad_m, Math.max(...ys) + pad_m],
      [Math.max(...xs) + pad_m, Math.max(...ys) + pad_m],
    ]);
    const box: [number, number, number, number] = [
      Math.min(...corners.map((c) => c[0])),
      Math.min(...corners.map((c) => c[1])),
      Math.max(...corners.map((c) => c[0])),
      Math.max(...corners.map((c) => c[1])),
    ];
    let grid: Grid | undefined;
    try {
      grid = await loadElevation(entry, box);
    } catch (e) {
      if (e instanceof RasterFileError) {
        reasons.push(`The elevation ${e.message}.`);
        continue;
      }
      throw e;
    }
    const inGrid = points_plan.map((p) => applyAffine(planToGrid, p));
    if (!grid || !inGrid.every((p) => covers(grid, p))) {
      reasons.push(`The elevation raster ${name} does not cover the site.`);
      continue;
    }
    if (inGrid.some((p) => Number.isNaN(bilinear(grid, p)))) {
      reasons.push(`The elevation raster ${name} has a nodata hole at the building.`);
      continue;
    }
    return { entry, grid, geographic: crsIsGeographic(entry.crs), planToGrid };
  }
  return { reasons };
}

/**
 * Opens the newest orthophoto of a site over a plan-frame box [minX, minY, maxX, maxY]:
 * in a CRS threshold can reproject, readable and unchanged, covering the box. Otherwise the
 * sentence saying why (without a full stop).
 */
export async function openImageryFor(
  site: SiteInfo,
  box_plan: [number, number, number, number],
): Promise<OpenedImagery | { reason: string }> {
  const entry = rastersOf(site, "imagery")[0];
  if (!entry) return { reason: "The site has no aerial imagery attached" };
  const name = entry.path.split(/[\\/]/).pop();
  if (!crsSupported(entry.crs)) {
    return { reason: `The imagery ${name} is in an unknown projection (${entry.crs})` };
  }
  const anchor = { lat: site.lat, lon: site.lon, north_deg: site.north_deg ?? 0 };
  const [x0, y0, x1, y1] = box_plan;
  const corners = planToCrs(anchor, entry.crs, [[x0, y0], [x1, y0], [x0, y1], [x1, y1]]);
  const cbox: [number, number, number, number] = [
    Math.min(...corners.map((c) => c[0])),
    Math.min(...corners.map((c) => c[1])),
    Math.max(...corners.map((c) => c[0])),
    Math.max(...corners.map((c) => c[1])),
  ];
  let bytes: Uint8Array;
  try {
    bytes = await loadRaster(entry);
  } catch (e) {
    if (e instanceof RasterFileError) return { reason: `The imagery ${e.message}` };
    throw e;
  }
  const image = await readOrthophoto(bytes, cbox);
  if (!image) return { reason: `The imagery ${name} does not cover the site` };
  return { entry, image, planToGrid: planToCrsAffine(anchor, entry.crs) };
}

/** The raster source the runner hands to `ctx` (ground/rasters.ts RasterSource). */
export const RASTERS: RasterSource = {
  elevation: openElevationFor,
  imagery: openImageryFor,
};
