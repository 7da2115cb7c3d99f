/**
 * IfcSite -> the plan's site: RefLatitude/RefLongitude (IfcCompoundPlaneAngleMeasure),
 * RefElevation, and true north from the context's TrueNorth.
 * @module
 */
import { round4 } from "../../engines/geometry/polygon.ts";
import { ids, numv, ref, refs, v } from "./attrs.ts";
import type { IfcModel, IfcPlanInput } from "./storeys.ts";

import * as W from "npm:web-ifc@0.0.78";
import { round } from "../../ground/text.ts";

/** Azimuth of the plan's +y axis, clockwise from true north, from a TrueNorth direction (x, y). */
export function northFromTrueNorth(x: number, y: number): number {
  let deg = -Math.atan2(x, y) * 180 / Math.PI;
  if (deg < 0) deg += 360;
  return round4(deg % 360);
}

/** IfcCompoundPlaneAngleMeasure [deg, min, sec, millionths of a second] -> decimal degrees. */
export function compoundAngle_deg(parts: number[]): number {
  const [d = 0, m = 0, s = 0, u = 0] = parts;
  return d + m / 60 + (s + u / 1e6) / 3600;
}

/** The site, with true north, from IfcSite and the project's representation contexts. */
export function readSite(m: IfcModel, plan: IfcPlanInput, projectId: number | undefined): void {
  const { api, model, L, report } = m;
  const siteId = ids(api, model, W.IFCSITE)[0];
  let north: number | undefined;
  if (projectId !== undefined) {
    const p = api.GetLine(model, projectId);
    for (const cid of refs(p.RepresentationContexts)) {
      const c = api.GetLine(model, cid);
      const tn = ref(c.TrueNorth);
      if (tn === undefined) continue;
      const dir = (api.GetLine(model, tn).DirectionRatios ?? []).map(numv);
      if (typeof dir[0] === "number" && typeof dir[1] === "number" && (dir[0] || dir[1])) {
        north = northFromTrueNorth(dir[0], dir[1]);
        break;
      }
    }
  }
  if (siteId !== undefined) {
    const s = api.GetLine(model, siteId);
    const lat = v(s.RefLatitude), lon = v(s.RefLongitude);
    if (Array.isArray(lat) && Array.isArray(lon)) {
      const elev = numv(s.RefElevation);
      plan.site = {
        lat: round(compoundAngle_deg(lat.map(Number)), 6),
        lon: round(compoundAngle_deg(lon.map(Number)), 6),
        ...(elev !== undefined ? { elevation_m: round4(elev * L) } : {}),
        ...(north !== undefined ? { north_deg: north } : {}),
      };
      report.mapped.push(
        `site ${plan.site.lat}, ${plan.site.lon} from IfcSite RefLatitude/RefLongitude` +
          (north !== undefined
            ? `; true north from the context's TrueNorth (plan +y at ${north}°)`
            : ""),
      );
      if (elev === undefined) report.lacking.push("no site elevation (IfcSite.RefElevation)");
    } else report.lacking.push("no site location (IfcSite RefLatitude/RefLongitude)");
  } else report.lacking.push("no IfcSite: no location");
}
