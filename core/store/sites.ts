/**
 * The `sites` table: places (a scan's own site, or an address / lat,lon a person stored) with
 * a free record. Deleting a site deletes the runs and findings kept under its id.
 * @module
 */
import type { SiteRecord } from "../../ground/site.ts";
import type { Store } from "./types.ts";
import { clean, J, now, opt, type PgOps, type PgRow, type Row, type SqliteDb } from "./db.ts";

type SiteOps = Pick<Store, "putSite" | "getSite" | "findSite" | "listSites" | "deleteSite">;

const siteFrom = (r: Row): SiteRecord => ({
  id: r.id as string,
  name: opt(r.name),
  lat: r.lat as number,
  lon: r.lon as number,
  address: opt(r.address),
  elevation_m: opt(r.elevation_m),
  north_deg: opt(r.north_deg),
  scan: opt(r.scan),
  record: JSON.parse(r.record_json as string),
});

export function sitesSqlite({ q, write }: SqliteDb): SiteOps {
  return {
    deleteSite(id) {
      return write(`deleting site ${id}`, () => {
        const gone = Number(q("DELETE FROM sites WHERE id = ?").run(id).changes) > 0;
        if (!gone) return false;
        q("DELETE FROM runs WHERE scan = ?").run(id);
        q("DELETE FROM findings WHERE scan = ?").run(id);
        return true;
      });
    },
    putSite(s) {
      write(
        `saving site ${s.id}`,
        () =>
          q(`INSERT INTO sites (id, name, lat, lon, address, elevation_m, north_deg, scan, record_json, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET name=excluded.name, lat=excluded.lat, lon=excluded.lon,
             address=excluded.address, elevation_m=excluded.elevation_m, north_deg=excluded.north_deg,
             scan=excluded.scan, record_json=excluded.record_json, updated_at=excluded.updated_at`)
            .run(
              s.id,
              s.name ?? null,
              s.lat,
              s.lon,
              s.address ?? null,
              s.elevation_m ?? null,
              s.north_deg ?? null,
              s.scan ?? null,
              JSON.stringify(s.record ?? {}),
              now(),
            ),
      );
    },
    getSite(id) {
      const r = q("SELECT * FROM sites WHERE id = ?").get(id) as Row | undefined;
      return r ? siteFrom(r) : undefined;
    },
    findSite(text) {
      const r = q(
        "SELECT * FROM sites WHERE id = ? OR lower(address) = lower(?) OR lower(name) = lower(?) OR scan = ? LIMIT 1",
      ).get(text, text, text, text) as Row | undefined;
      return r ? siteFrom(r) : undefined;
    },
    listSites() {
      return (q("SELECT * FROM sites ORDER BY id").all() as Row[]).map(siteFrom);
    },
  };
}

const pgSiteFrom = (r: PgRow) => ({
  id: r.id,
  name: opt(r.name),
  lat: r.lat,
  lon: r.lon,
  address: opt(r.address),
  elevation_m: opt(r.elevation_m),
  north_deg: opt(r.north_deg),
  scan: opt(r.scan),
  record: r.record_json,
});

export const sitesPg: PgOps = {
  async deleteSite(s, id: string) {
    return await s.begin(async (tx: any) => {
      const gone = (await tx`DELETE FROM sites WHERE id = ${id}`).count > 0;
      if (!gone) return false;
      await tx`DELETE FROM runs WHERE scan = ${id}`;
      await tx`DELETE FROM findings WHERE scan = ${id}`;
      return true;
    });
  },
  async putSite(s, x: PgRow) {
    await s`INSERT INTO sites (id, name, lat, lon, address, elevation_m, north_deg, scan, record_json, updated_at)
      VALUES (${x.id}, ${x.name ?? null}, ${x.lat}, ${x.lon}, ${x.address ?? null},
        ${x.elevation_m ?? null}, ${x.north_deg ?? null}, ${x.scan ?? null}, ${
      J(s, x.record ?? {})
    }, ${now()})
      ON CONFLICT (id) DO UPDATE SET name=excluded.name, lat=excluded.lat, lon=excluded.lon,
        address=excluded.address, elevation_m=excluded.elevation_m, north_deg=excluded.north_deg,
        scan=excluded.scan, record_json=excluded.record_json, updated_at=excluded.updated_at`;
  },
  async getSite(s, id: string) {
    const [r] = await s`SELECT * FROM sites WHERE id = ${id}`;
    return r ? clean(pgSiteFrom(r)) : undefined;
  },
  async findSite(s, t: string) {
    const [r] = await s`SELECT * FROM sites WHERE id = ${t} OR lower(address) = lower(${t})
      OR lower(name) = lower(${t}) OR scan = ${t} LIMIT 1`;
    return r ? clean(pgSiteFrom(r)) : undefined;
  },
  async listSites(s) {
    return (await s`SELECT * FROM sites ORDER BY id COLLATE "C"`).map((r: PgRow) =>
      clean(pgSiteFrom(r))
    );
  },
};
