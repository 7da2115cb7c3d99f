/** Plan parts as GeoJSON geometries in plan metres (RFC 7946 shapes, local frame). */
import type { Point } from "../../ground/plan.ts";
import type { Geometry } from "../../ground/plan.ts";

/** A closed GeoJSON Polygon from a plan polygon (the ring is closed if it is not). */
export function polygonGeometry(polygon: Point[]): Geometry {
  // Indexed, not destructured (no array iterator per corner; see polygon.ts signedArea_m2).
  const ring = polygon.map((p) => [p[0], p[1]]);
  const [fx, fy] = ring[0], [lx, ly] = ring[ring.length - 1];
  if (fx !== lx || fy !== ly) ring.push([fx, fy]);
  return { type: "Polygon", coordinates: [ring] };
}

/** A GeoJSON Point. */
export function pointGeometry(p: Point): Geometry {
  return { type: "Point", coordinates: [p[0], p[1]] };
}

/** A GeoJSON LineString. */
export function lineGeometry(points: Point[]): Geometry {
  return { type: "LineString", coordinates: points.map(([x, y]) => [x, y]) };
}

/** Every point of a GeoJSON geometry, in order (for bounds and framing). */
export function geometryPoints(g: Geometry): Point[] {
  const out: Point[] = [];
  const walk = (c: unknown) => {
    if (Array.isArray(c) && typeof c[0] === "number" && typeof c[1] === "number") {
      out.push([c[0], c[1]]);
    } else if (Array.isArray(c)) c.forEach(walk);
  };
  walk(g.coordinates);
  return out;
}
