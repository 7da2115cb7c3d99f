/**
 * engines/vision/counters.ts counterEdges as it was before issue 30's speed work (commit ff1924c),
 * when each yaw's column gradients were sorted as an array of numbers with a comparator; today's
 * sorts a Float64Array. bench/vision_counters_figures.ts checks both give the same result and
 * times them alternated.
 */
import type { Point } from "../ground/plan.ts";
import type { RgbImage } from "../ground/image.ts";
import { anglesToPanoPixel } from "../engines/vision/equirect.ts";
import { planDirection_deg } from "../engines/vision/place.ts";
import {
  COUNTER_DEPTH_M,
  COUNTER_HEIGHT_M,
  COUNTER_RUN_M,
  type CounterEdges,
  EDGE_MIN,
  EDGE_RATIO,
  EDGE_WINDOW_DEG,
  wallDistance_m,
} from "../engines/vision/counters.ts";

/** counterEdges as it was before issue 30 (each column's gradients sorted as an array of numbers). */
export function counterEdgesBefore(
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
    const grads: number[] = [];
    for (let v = Math.ceil(v0) + 1; v < H - 2; v++) {
      grads.push(Math.abs(lum(u, v + 1) - lum(u, v - 1)) / 2);
    }
    grads.sort((a, b) => a - b);
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
