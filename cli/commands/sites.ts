/**
 * `threshold sites` (list, rm, show, add, add-raster): places, a scan's own or stored.
 * @module
 */
import { resolve } from "node:path";
import { InputError } from "../../ground/errors.ts";
import type { SiteInfo } from "../../ground/site.ts";
import { printable } from "../../core/printable.ts";
import {
  collect,
  err,
  L,
  numberFlag,
  out,
  parseKv,
  type Register,
  store,
  tableOf,
} from "../common.ts";

/** A site as rows for people: place, where it came from, then each stored fact. */
function siteRows(info: SiteInfo): string[][] {
  const from = {
    scan: "the scan's own site",
    coordinates: "coordinates given",
    store: "stored site",
  };
  const rows: string[][] = [
    ["Latitude", `${info.lat}°`],
    ["Longitude", `${info.lon}°`],
  ];
  if (info.address) rows.push(["Address", info.address]);
  if (info.elevation_m !== undefined) rows.push(["Elevation", `${info.elevation_m} m`]);
  if (info.north_deg !== undefined) {
    rows.push(["North", `the plan's +y axis points ${info.north_deg}° clockwise from true north`]);
  }
  if (info.id) rows.push(["Stored as", info.id]);
  if (info.scan) rows.push(["Scan", info.scan]);
  rows.push(["From", from[info.from] ?? info.from]);
  for (const [k, v] of Object.entries(info.record)) {
    rows.push([k, typeof v === "string" ? v : JSON.stringify(v)]);
  }
  return rows;
}

/** `sites`: places, a scan's own site or an address / lat,lon with a free record. */
export const sites: Register = (p, { act }) => {
  const sites = p.command("sites").alias("site").description(
    "Places: a scan's own site, or an address / lat,lon with a free record",
  );
  sites.command("list").option("--json").action(act((o: { json?: boolean }) => {
    const all = L.listSiteEntries({ store: store(), builtins: L.BUILTIN_SCANS });
    if (o.json) return out(JSON.stringify(all, null, 2));
    out(
      tableOf(
        ["Site", "Lat", "Lon", "Address", "Scan", "Record"],
        all.map((
          x,
        ) => [x.id, x.lat, x.lon, x.address ?? "", x.scan ?? "", Object.keys(x.record).join(", ")]),
      ),
    );
  }));
  sites.command("rm <id>").description("Delete a stored site with its runs and findings")
    .action(act((id: string) => {
      const s = store();
      if (!s.deleteSite(id)) {
        throw new InputError(
          "id",
          `no stored site ${JSON.stringify(id)}; stored sites: ${
            s.listSites().map((x) => x.id).join(", ") || "none"
          }`,
        );
      }
      out(`Deleted site ${id} with its runs and findings`);
    }));
  sites.command("show <place>").option("--json", "the site as JSON").action(
    act((place: string, o: { json?: boolean }) => {
      const info = L.resolveSite({ store: store(), builtins: L.BUILTIN_SCANS }, place);
      if (!info) throw new InputError("place", `scan ${place} has no site`);
      if (o.json) return out(JSON.stringify(info, null, 2));
      out(tableOf(["Site", place], siteRows(info)));
    }),
  );
  sites.command("add <id>").description("store a place")
    .requiredOption("--lat <deg>", "latitude, degrees")
    .requiredOption("--lon <deg>", "longitude, degrees")
    .option("--address <text>")
    .option("--name <text>")
    .option("--scan <sid>", "the scan this site belongs to")
    .option("--north <deg>", "azimuth of the plan's +y axis, degrees clockwise from north")
    .option(
      "--record <key=value>",
      "a free fact (repeatable): year_built=1931, parcel=…",
      collect,
      [],
    )
    .action(
      act(
        (
          id: string,
          o: {
            lat: string;
            lon: string;
            address?: string;
            name?: string;
            scan?: string;
            north?: string;
            record: string[];
          },
        ) => {
          // The rules (ranges, one site per scan, a moved site drops its ground elevation)
          // are core/sites.ts's; the flags are parsed here.
          L.putPersonSite({ store: store(), builtins: L.BUILTIN_SCANS }, {
            id,
            lat: numberFlag("--lat", o.lat),
            lon: numberFlag("--lon", o.lon),
            address: o.address,
            name: o.name,
            scan: o.scan,
            north_deg: o.north === undefined ? undefined : numberFlag("--north", o.north),
            record: Object.fromEntries(o.record.map((kv) => parseKv(kv, "--record"))),
          }, { lat: "--lat", lon: "--lon", north_deg: "--north", scan: "--scan" });
          out(`Saved site ${id}`);
        },
      ),
    );

  sites.command("add-raster <place> <file>")
    .description("attach a GeoTIFF to a place, by reference with a checksum checked on use")
    .requiredOption("--kind <kind>", "elevation or imagery")
    .option("--json")
    .action(act(async (place: string, file: string, o: { kind: string; json?: boolean }) => {
      const { addRaster } = await import("../../layers/rasters.ts");
      const r = await addRaster(store(), place, resolve(file), o.kind, {
        builtins: L.BUILTIN_SCANS,
      });
      if (o.json) return out(JSON.stringify(r, null, 2));
      out(`Attached ${r.entry.kind} raster ${file} to site ${r.site.id}`);
      out(JSON.stringify(r.entry, null, 2));
      for (const w of r.warnings) err(`warning: ${printable(w)}`);
    }));
};
