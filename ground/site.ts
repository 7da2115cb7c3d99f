/**
 * A site: the place a building stands, as the store keeps it (SiteRecord) and as a run
 * resolves it from a scan, "lat,lon" or a stored site (SiteInfo, the same fields plus where
 * they came from).
 */

/** A stored site. */
export interface SiteRecord {
  id: string;
  name?: string;
  /** Latitude, degrees (WGS 84), −90..90. */
  lat: number;
  /** Longitude, degrees (WGS 84), −180..180. */
  lon: number;
  address?: string;
  /** Ground elevation, metres. */
  elevation_m?: number;
  /** Azimuth of the plan's +y axis, degrees clockwise from true north. */
  north_deg?: number;
  /** The scan this site belongs to, when it is a scan's own site. */
  scan?: string;
  /** Free facts: year built, parcel id, rasters … */
  record: Record<string, unknown>;
}

/** A place resolved to coordinates and its stored record (a stored site's fields, id when stored). */
export type SiteInfo = Omit<SiteRecord, "id" | "name"> & {
  /** Stored site id, when the place is stored. */
  id?: string;
  /** How the place was resolved. */
  from: "scan" | "coordinates" | "store";
};
