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
 * mean (Gauss) with uncertainty 1/√(Σ 1/σ²).
 */
export function mergeObjects(objects: PlacedObject[]): PlacedObject[] {
  const out: PlacedObject[] = [];
  for (const o of [...objects].sort((a, b) => a.uncertainty_m - b.uncertainty_m)) {
    const m = out.find((k) =>
      k.label === o.label &&
      k.sweeps.every((s) => !o.sweeps.includes(s)) &&
      Math.hypot(k.center[0] - o.center[0], k.center[1] - o.center[1]) <=
        Math.max(0.3, k.uncertainty_m + o.uncertainty_m)
    );
    if (!m) {
      out.push({ ...o, center: [...o.center], size: [...o.size], sweeps: [...o.sweeps] });
      continue;
    }
    const wa = 1 / m.uncertainty_m ** 2, wb = 1 / o.uncertainty_m ** 2, w = wa + wb;
    m.center = [
      (m.center[0] * wa + o.center[0] * wb) / w,
      (m.center[1] * wa + o.center[1] * wb) / w,
    ];
    m.size = [(m.size[0] * wa + o.size[0] * wb) / w, (m.size[1] * wa + o.size[1] * wb) / w];
    m.uncertainty_m = 1 / Math.sqrt(w);
    m.score = Math.max(m.score, o.score);
    m.distance_m = Math.min(m.distance_m, o.distance_m);
    m.sweeps.push(...o.sweeps);
  }
  return out;
}
