/**
 * A finding's view for BCF: an orthogonal camera looking straight down over the subject's
 * floor, framed on the subject with a margin, and a horizontal clipping plane that hides
 * the storeys above — the way a floor plan is a horizontal section seen from above (the cut
 * is conventionally taken about 1.2 m above the floor; ISO 128-50 leaves the height to the
 * drawing, 1.2–1.5 m is common practice). Plan metres are the model's frame for IFC scans
 * (layers/ifc takes plan x and y from the IFC world coordinates), floor elevations its z.
 */
import type { Plan, Point } from "../../ground/plan.ts";
import type { Overlay } from "../../core/result.ts";
import { geometryPoints } from "../../engines/geometry/geojson.ts";
import type { BcfClippingPlane, BcfOrthogonalCamera } from "./model.ts";

/** Height of the horizontal cut above the floor, m. */
export const CUT_HEIGHT_M = 1.2;
/** Margin around the subject, m, and the least visible height, m. */
export const VIEW_MARGIN_M = 1.5;
export const MIN_VIEW_M = 4;
/** Width / height of the view and of its snapshot. */
export const VIEW_ASPECT = 4 / 3;

/** A region of a floor seen from above: its centre and size in plan metres. */
export interface TopDownView {
  floor: string;
  centre: Point;
  width_m: number;
  height_m: number;
  camera: BcfOrthogonalCamera;
  clipping_plane: BcfClippingPlane;
}

/** The points and floor of a plan element (room, opening, object, vertical), if it has them. */
function elementPlace(plan: Plan, id: string): { floor: string; points: Point[] } | undefined {
  const room = plan.rooms.find((r) => r.id === id);
  if (room) return { floor: room.floor, points: room.polygon };
  const op = plan.openings.find((o) => o.id === id);
  if (op) return { floor: op.floor, points: [op.at] };
  const obj = plan.objects.find((o) => o.id === id);
  if (obj) return { floor: obj.floor, points: [obj.center] };
  const v = plan.verticals.find((x) => x.id === id);
  if (v) {
    const rooms = plan.rooms.filter((r) => v.rooms?.includes(r.id) && r.floor === v.from_floor);
    if (rooms.length) return { floor: v.from_floor, points: rooms.flatMap((r) => r.polygon) };
  }
  return undefined;
}

/**
 * Where a finding is: its subject element and its overlays on the subject's floor (the
 * first overlay's floor when the subject is no element of the plan).
 */
export function subjectPlace(
  plan: Plan,
  subject: string | undefined,
  overlays: Overlay[],
): { floor: string; points: Point[] } | undefined {
  const el = subject ? elementPlace(plan, subject) : undefined;
  const floor = el?.floor ?? overlays.find((o) => geometryPoints(o.geometry).length)?.floor;
  if (floor === undefined) return undefined;
  const points: Point[] = [...(el?.points ?? [])];
  for (const o of overlays.filter((x) => x.floor === floor)) {
    const pts = geometryPoints(o.geometry);
    points.push(...pts);
    if (o.radius_m && pts.length) {
      const [x, y] = pts[0];
      points.push([x - o.radius_m, y - o.radius_m], [x + o.radius_m, y + o.radius_m]);
    }
  }
  return points.length ? { floor, points } : undefined;
}

/**
 * The top-down view of a subject on a floor: the points' bounding box plus
 * {@link VIEW_MARGIN_M} on each side, widened to {@link VIEW_ASPECT} and at least
 * {@link MIN_VIEW_M} high; camera at the cut height looking down (−z), plan +y up.
 */
export function topDownView(plan: Plan, floor: string, points: Point[]): TopDownView | undefined {
  if (!points.length) return undefined;
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  const minx = Math.min(...xs), maxx = Math.max(...xs);
  const miny = Math.min(...ys), maxy = Math.max(...ys);
  const centre: Point = [(minx + maxx) / 2, (miny + maxy) / 2];
  const height_m = Math.max(
    MIN_VIEW_M,
    maxy - miny + 2 * VIEW_MARGIN_M,
    (maxx - minx + 2 * VIEW_MARGIN_M) / VIEW_ASPECT,
  );
  const z = (plan.floors.find((f) => f.id === floor)?.elevation_m ?? 0) + CUT_HEIGHT_M;
  return {
    floor,
    centre,
    width_m: height_m * VIEW_ASPECT,
    height_m,
    camera: {
      kind: "orthogonal",
      viewpoint: [centre[0], centre[1], z],
      direction: [0, 0, -1],
      up: [0, 1, 0],
      view_to_world_scale: height_m,
      aspect_ratio: VIEW_ASPECT,
    },
    clipping_plane: { location: [centre[0], centre[1], z], direction: [0, 0, 1] },
  };
}
