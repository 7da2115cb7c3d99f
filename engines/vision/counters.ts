/**
 * Cabinetry and counters from a panorama and its room: a kitchen or laundry counter top is a
 * long horizontal edge about 0.9 m above the floor (36 in, the usual US counter height; 85–95 cm
 * in Neufert, "Architects' Data") standing about 0.6 m out from the wall (a base cabinet's
 * depth). For each degree of yaw the wall's distance along that direction (a ray cast in the room
 * polygon) says where such an edge would be seen: pitch = atan((0.9 − camera height) / (wall
 * distance − 0.6)). The panorama's vertical luminance gradient there (the edge-strength idea of
 * Canny 1986, IEEE PAMI 8(6), on one image column) is compared with that column's median
 * gradient below the horizon; yaws where it stands out by {@link EDGE_RATIO} and reaches
 * {@link EDGE_MIN} grey levels, in runs at least {@link COUNTER_RUN_M} long, are counter. The
 * figure is the share of the room's walls with such runs.
 */
import type { Point } from "../../ground/plan.ts";
import type { RgbImage } from "../../ground/image.ts";
import { anglesToPanoPixel } from "./equirect.ts";
import { planDirection_deg } from "./place.ts";

export const COUNTER_HEIGHT_M = 0.9;
export const COUNTER_DEPTH_M = 0.6;
/** How far the edge may be from the expected pitch (degrees), for heights 0.85–0.95 m and so on. */
export const EDGE_WINDOW_DEG = 4;
export const EDGE_RATIO = 2.5;
export const EDGE_MIN = 15;
export const COUNTER_RUN_M = 1;
/** The cache key prefix of the measure and its figures: a change in any recomputes. */
export const COUNTERS_KEY =
  `counters/h${COUNTER_HEIGHT_M}d${COUNTER_DEPTH_M}w${EDGE_WINDOW_DEG}r${EDGE_RATIO}m${EDGE_MIN}run${COUNTER_RUN_M}`;

/** The distance (m) from `at` to the ring's boundary along plan direction `deg`; 0 when none. */
export function wallDistance_m(ring: readonly Point[], at: Point, deg: number): number {
  const dx = Math.cos(deg * Math.PI / 180), dy = Math.sin(deg * Math.PI / 180);
  let best = Infinity;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i], b = ring[(i + 1) % ring.length];
    const ex = b[0] - a[0], ey = b[1] - a[1];
    const den = dx * ey - dy * ex;
    if (Math.abs(den) < 1e-12) continue;
    const t = ((a[0] - at[0]) * ey - (a[1] - at[1]) * ex) / den;
    const s = ((a[0] - at[0]) * dy - (a[1] - at[1]) * dx) / den;
    if (t > 1e-9 && s >= 0 && s <= 1) best = Math.min(best, t);
  }
  return Number.isFinite(best) ? best : 0;
}

/** Counter runs seen from one panorama: their share of the walls, and the runs. */
export interface CounterEdges {
  share: number;
  runs: { yaw_from_deg: number; yaw_to_deg: number; length_m: number }[];
}

/** Long horizontal edges at counter height along the room's walls (see the module comment). */
export function counterEdges(
  pano: RgbImage,
  ring: readonly Point[],
  sweep: { at: Point; camera_height_m: number; heading_deg: number },
): CounterEdges {
  const { width: W, height: H, data } = pano;
  const lum = (u: number, v: number) => {
    const uu = ((Math.round(u) % W) + W) % W, vv = Math.max(0, Math.min(H - 1, Math.round(v)));
    const o = (vv * W + uu) * 3;
    return 0.299 * data[o] + 0.587 * data[o + 1] + 0.114 * data[o + 2];
  };
  const strong: boolean[] = [], dist: number[] = [];
  for (let yaw = -180; yaw < 180; yaw++) {
    const d = wallDistance_m(ring, sweep.at, planDirection_deg(sweep.heading_deg, yaw));
    dist.push(d);
    if (d <= COUNTER_DEPTH_M + 0.2) {
      strong.push(false);
      continue;
    }
    const pitch = Math.atan2(COUNTER_HEIGHT_M - sweep.camera_height_m, d - COUNTER_DEPTH_M) *
      180 / Math.PI;
    const [u, v0] = anglesToPanoPixel(W, H, yaw, 0);
    // A typed array's numeric sort: the same order as sorting numbers, a fifth of the time.
    const from = Math.ceil(v0) + 1;
    const grads = new Float64Array(Math.max(0, H - 2 - from));
    for (let v = from; v < H - 2; v++) {
      grads[v - from] = Math.abs(lum(u, v + 1) - lum(u, v - 1)) / 2;
    }
    grads.sort();
    const median = grads[grads.length >> 1] ?? 0;
    const [, vLo] = anglesToPanoPixel(W, H, yaw, pitch + EDGE_WINDOW_DEG);
    const [, vHi] = anglesToPanoPixel(W, H, yaw, pitch - EDGE_WINDOW_DEG);
    let peak = 0;
    for (let v = Math.floor(vLo); v <= Math.ceil(vHi); v++) {
      peak = Math.max(peak, Math.abs(lum(u, v + 1) - lum(u, v - 1)) / 2);
    }
    strong.push(peak >= EDGE_MIN && peak >= EDGE_RATIO * Math.max(1, median));
  }
  // Runs of strong yaws (wrapping at ±180°), measured along the wall.
  const runs: CounterEdges["runs"] = [];
  const n = strong.length;
  const start = strong.indexOf(false);
  if (start < 0) {
    return { share: 1, runs: [{ yaw_from_deg: -180, yaw_to_deg: 180, length_m: Infinity }] };
  }
  let len = 0, from = -1;
  for (let k = 1; k <= n; k++) {
    const i = (start + k) % n;
    if (strong[i]) {
      if (from < 0) (from = i, len = 0);
      len += dist[i] * Math.PI / 180;
    }
    if ((!strong[i] || k === n) && from >= 0) {
      if (len >= COUNTER_RUN_M) {
        runs.push({
          yaw_from_deg: from - 180,
          yaw_to_deg: (strong[i] ? i : i - 1) - 180,
          length_m: len,
        });
      }
      from = -1;
    }
  }
  const perimeter = ring.reduce(
    (s, p, i) =>
      s + Math.hypot(ring[(i + 1) % ring.length][0] - p[0], ring[(i + 1) % ring.length][1] - p[1]),
    0,
  );
  const total = runs.reduce((s, r) => s + r.length_m, 0);
  return { share: perimeter > 0 ? Math.min(1, total / perimeter) : 0, runs };
}
