/**
 * A person's stored sites and their rules, for every surface (the command line's
 * `sites add`, and the web view's and agent's forms to come):
 * - coordinates are in range (latitude -90..90, longitude -180..180), north is finite degrees;
 * - one stored site per scan: a second would leave which one counts to chance;
 * - coordinates a person gives are theirs: the site no longer follows the plan's location
 *   (`record.located_by` is dropped);
 * - a ground elevation belongs to the coordinates it was stored with: a moved site drops it.
 */
import { knownScanIds, type PlanSources, requirePlan, resolveSite } from "./context.ts";
import { InputError } from "../ground/errors.ts";
import type { Store } from "./store.ts";
import type { SiteRecord } from "../ground/site.ts";

/** What a person gives for a site; what is left out keeps its stored value. */
export interface SiteInput {
  id: string;
  lat: number;
  lon: number;
  address?: string;
  name?: string;
  /** The scan this site belongs to. */
  scan?: string;
  north_deg?: number;
  /** Free facts merged over the stored ones (year_built, parcel …). */
  record?: Record<string, unknown>;
}

/** Input names for error messages, as the surface calls them (default: the field names). */
export type SiteInputNames = Partial<Record<"lat" | "lon" | "north_deg" | "scan", string>>;

/**
 * Stores (adds or changes) a person's site under the rules above and returns the stored
 * record. Bad input is an InputError naming the input as `names` calls it.
 */
export function putPersonSite(
  sources: PlanSources & { store: Store },
  given: SiteInput,
  names: SiteInputNames = {},
): SiteRecord {
  const n = { lat: "lat", lon: "lon", north_deg: "north_deg", scan: "scan", ...names };
  const { store } = sources;
  if (!Number.isFinite(given.lat) || given.lat < -90 || given.lat > 90) {
    throw new InputError(n.lat, `must be a number in -90..90, got ${given.lat}`);
  }
  if (!Number.isFinite(given.lon) || given.lon < -180 || given.lon > 180) {
    throw new InputError(n.lon, `must be a number in -180..180, got ${given.lon}`);
  }
  if (given.north_deg !== undefined && !Number.isFinite(given.north_deg)) {
    throw new InputError(n.north_deg, `must be degrees, got ${given.north_deg}`);
  }
  const old = store.getSite(given.id);
  const scan = given.scan ?? old?.scan;
  if (given.scan) requirePlan(sources, given.scan, n.scan);
  const other = scan && store.listSites().find((x) => x.scan === scan && x.id !== given.id);
  if (other) {
    throw new InputError(
      n.scan,
      `scan ${scan} already has a stored site, ${
        JSON.stringify(other.id)
      }; change that one with \`threshold sites add ${other.id} --lat … --lon …\``,
      { code: "site.scan_has_site", data: { scan, site: other.id, got: given.id } },
    );
  }
  const { located_by: _, ...kept } = old?.record ?? {};
  const site: SiteRecord = {
    id: given.id,
    lat: given.lat,
    lon: given.lon,
    address: given.address ?? old?.address,
    name: given.name ?? old?.name,
    scan,
    north_deg: given.north_deg ?? old?.north_deg,
    elevation_m: old && old.lat === given.lat && old.lon === given.lon
      ? old.elevation_m
      : undefined,
    record: { ...kept, ...(given.record ?? {}) },
  };
  store.putSite(site);
  return site;
}

/**
 * Every place a person can name: the stored sites, then the sites of scans that have none
 * stored (from their plans), as records.
 */
export function listSiteEntries(sources: PlanSources & { store: Store }): SiteRecord[] {
  const stored = sources.store.listSites();
  const fromScans = knownScanIds(sources)
    .filter((id) => !stored.some((x) => x.scan === id))
    .map((id) => ({ id, info: resolveSite(sources, id) }))
    .filter((x) => x.info)
    .map((x): SiteRecord => ({
      id: x.id,
      lat: x.info!.lat,
      lon: x.info!.lon,
      address: x.info!.address,
      scan: x.id,
      record: {},
    }));
  return [...stored, ...fromScans];
}
