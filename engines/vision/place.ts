/**
 * Panorama bearings → plan positions. A sweep stands at plan (x, y) with its camera `h` metres
 * above the floor and its panorama's centre column looking along `heading_deg` (counter-clockwise
 * from plan +x; columns to the right turn clockwise). An object standing on the floor touches it
 * where its box's bottom edge is seen: at pitch φ < 0 the floor is d = h / tan(−φ) away (the
 * flat-floor ground-plane model of single-view metrology: Hoiem, Efros, Hebert 2008, "Putting
 * Objects in Perspective", IJCV 80, § 3). Its width follows from the box's yaw span at that
 * distance. The pitch of a box edge is uncertain by a few degrees, which makes d uncertain by
 * h / sin²φ · δφ; that spread is the position's uncertainty.
 */
import { wrapDeg } from "./equirect.ts";
import type { PanoDetection } from "./detect.ts";
import { ticker } from "../../ground/budget.ts";

const RAD = Math.PI / 180;

/** The plan direction (deg, counter-clockwise from +x) of a panorama yaw. */
export function planDirection_deg(heading_deg: number, yaw_deg: number): number {
  return wrapDeg(heading_deg - yaw_deg);
}

/** The panorama yaw at which a sweep at `from` sees the plan point `to`. */
export function panoYawOfPlanPoint(
  heading_deg: number,
  from: [number, number],
  to: [number, number],
): number {
  const a = Math.atan2(to[1] - from[1], to[0] - from[0]) / RAD;
  return wrapDeg(heading_deg - a);
}

/** An object placed on the plan from one sweep. */
export interface PlacedObject {
  label: string;
  score: number;
  /** Plan position of the footprint centre (metres). */
  center: [number, number];
  /** Footprint estimate [width, depth] (metres); depth is taken equal to width (unseen). */
  size: [number, number];
  /** Radius within which the centre lies, from the pitch uncertainty (metres). */
  uncertainty_m: number;
  /** Distance from the camera to the object's front on the floor (metres). */
  distance_m: number;
  /** Sweeps whose detections were merged into this object. */
  sweeps: string[];
  /** Put at a wall's near side because its floor estimate fell beyond the wall. */
  at_wall?: boolean;
}

/** The pitch error assumed for a detector's box edge (degrees). */
export const EDGE_PITCH_ERROR_DEG = 2;
/** Bottom edges higher than this pitch are too close to the horizon to put on the floor. */
export const MIN_FLOOR_PITCH_DEG = -3;

/**
 * Places a detection on the floor plan, or returns undefined when its bottom edge is not below
 * the horizon by at least 3° (it does not stand on the floor in view, or is too far to place).
 */
export function placeOnFloor(
  d: PanoDetection,
  sweep: { id: string; at: [number, number]; camera_height_m: number; heading_deg: number },
  pitchError_deg = EDGE_PITCH_ERROR_DEG,
): PlacedObject | undefined {
  const phi = -d.box.pitch_min_deg; // depression of the bottom edge, degrees
  if (!(phi >= -MIN_FLOOR_PITCH_DEG)) return undefined;
  const h = sweep.camera_height_m;
  const dist = h / Math.tan(phi * RAD);
  const near = h / Math.tan(Math.min(89, phi + pitchError_deg) * RAD);
  const far = h / Math.tan(Math.max(0.5, phi - pitchError_deg) * RAD);
  const span = Math.min(179, d.box.yaw_max_deg - d.box.yaw_min_deg);
  const width = Math.max(0.05, 2 * dist * Math.tan((span / 2) * RAD));
  const yawMid = (d.box.yaw_min_deg + d.box.yaw_max_deg) / 2;
  // The footprint's centre lies half a depth beyond its front edge.
  const r = dist + width / 2;
  const a = planDirection_deg(sweep.heading_deg, yawMid) * RAD;
  return {
    label: d.label,
    score: d.score,
    center: [sweep.at[0] + r * Math.cos(a), sweep.at[1] + r * Math.sin(a)],
    size: [width, width],
    uncertainty_m: Math.max((far - near) / 2, width / 2),
    distance_m: dist,
    sweeps: [sweep.id],
  };
}

/**
 * Merges objects of one room seen from several sweeps: same class and centres closer than the
 * sum of their uncertainties (at least 0.3 m) are one object, at the inverse-variance weighted
 * mean (Gauss). Its uncertainty is √(1/Σwᵢ + Σwᵢdᵢ²/Σwᵢ): the combined error of independent
 * sightings plus the weighted scatter of the sightings about the mean (dᵢ their distances to
 * it), since the footprint's errors are partly systematic and do not average away.
 */
export function mergeObjects(objects: PlacedObject[]): PlacedObject[] {
  const groups: PlacedObject[][] = [];
  const tick = ticker(16);
  for (const o of [...objects].sort((a, b) => a.uncertainty_m - b.uncertainty_m)) {
    tick();
    const g = groups.find((g) => {
      const m = combine(g);
      return g[0].label === o.label &&
        g.every((k) => k.sweeps.every((s) => !o.sweeps.includes(s))) &&
        Math.hypot(m.center[0] - o.center[0], m.center[1] - o.center[1]) <=
          Math.max(0.3, m.uncertainty_m + o.uncertainty_m);
    });
    if (g) g.push(o);
    else groups.push([o]);
  }
  return groups.map((g) =>
    g.length === 1
      ? { ...g[0], center: [...g[0].center], size: [...g[0].size], sweeps: [...g[0].sweeps] }
      : {
        label: g[0].label,
        score: Math.max(...g.map((o) => o.score)),
        ...combine(g),
        distance_m: Math.min(...g.map((o) => o.distance_m)),
        sweeps: g.flatMap((o) => o.sweeps),
        ...(g.some((o) => o.at_wall) ? { at_wall: true } : {}),
      }
  );
}

/** The weighted mean place and size of sightings, with the uncertainty of mergeObjects. */
function combine(g: PlacedObject[]): Pick<PlacedObject, "center" | "size" | "uncertainty_m"> {
  const w = g.map((o) => 1 / o.uncertainty_m ** 2), W = w.reduce((a, b) => a + b, 0);
  const avg = (f: (o: PlacedObject) => number) => g.reduce((a, o, i) => a + f(o) * w[i], 0) / W;
  const center: [number, number] = [avg((o) => o.center[0]), avg((o) => o.center[1])];
  const scatter = avg((o) => (o.center[0] - center[0]) ** 2 + (o.center[1] - center[1]) ** 2);
  return {
    center,
    size: [avg((o) => o.size[0]), avg((o) => o.size[1])],
    uncertainty_m: Math.sqrt(1 / W + scatter),
  };
}
