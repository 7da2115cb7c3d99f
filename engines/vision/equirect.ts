/**
 * Equirectangular panorama → perspective views by gnomonic projection (Snyder 1987, "Map
 * Projections — A Working Manual", USGS PP 1395, § 22: the gnomonic projection maps great
 * circles to straight lines) with bilinear sampling, on typed arrays.
 *
 * Angles: yaw_deg 0 is the panorama's centre column and grows to the right (−180 at the left
 * edge, +180 at the right edge); pitch_deg 0 is the horizon, +90 straight up. Pixel centres:
 * column u covers yaw ((u + 0.5) / W − 0.5) · 360, row v covers pitch 90 − (v + 0.5) / H · 180.
 * Camera frame: x right, y up, z forward at yaw 0.
 */
import { ticker } from "../../ground/budget.ts";
import type { RgbImage } from "../../ground/image.ts";

/** Where a perspective view looks and how large it is. */
export interface ViewSpec {
  yaw_deg: number;
  pitch_deg: number;
  /** Horizontal (and vertical: views are square) field of view. */
  fov_deg: number;
  size_px: number;
}

const RAD = Math.PI / 180;

/** Wraps an angle into [−180, 180). */
export function wrapDeg(a: number): number {
  const w = ((a + 180) % 360 + 360) % 360 - 180;
  return w;
}

/** The panorama pixel position (fractional, pixel centres at .0) of a yaw and pitch. */
export function anglesToPanoPixel(
  width: number,
  height: number,
  yaw_deg: number,
  pitch_deg: number,
): [number, number] {
  const u = (wrapDeg(yaw_deg) / 360 + 0.5) * width - 0.5;
  const v = (0.5 - pitch_deg / 180) * height - 0.5;
  return [u, v];
}

/** The yaw and pitch of a panorama pixel position (pixel centres at .0). */
export function panoPixelToAngles(
  width: number,
  height: number,
  u: number,
  v: number,
): [number, number] {
  return [((u + 0.5) / width - 0.5) * 360, 90 - ((v + 0.5) / height) * 180];
}

/** Focal length of a view, in view pixels. */
export function focal_px(spec: ViewSpec): number {
  return (spec.size_px / 2) / Math.tan((spec.fov_deg / 2) * RAD);
}

/** The yaw and pitch (degrees) seen at a view pixel position (pixel centres at .0). */
export function viewPixelToAngles(spec: ViewSpec, i: number, j: number): [number, number] {
  const f = focal_px(spec), c = spec.size_px / 2;
  const [x, y, z] = rotate(spec, (i + 0.5 - c) / f, -(j + 0.5 - c) / f, 1);
  return [Math.atan2(x, z) / RAD, Math.atan2(y, Math.hypot(x, z)) / RAD];
}

/** The view pixel position of a yaw and pitch, or undefined when it is behind the view. */
export function anglesToViewPixel(
  spec: ViewSpec,
  yaw_deg: number,
  pitch_deg: number,
): [number, number] | undefined {
  const cp = Math.cos(pitch_deg * RAD);
  const d: [number, number, number] = [
    cp * Math.sin(yaw_deg * RAD),
    Math.sin(pitch_deg * RAD),
    cp * Math.cos(yaw_deg * RAD),
  ];
  // Inverse rotation: undo yaw, then pitch.
  const sy = Math.sin(spec.yaw_deg * RAD), cy = Math.cos(spec.yaw_deg * RAD);
  const x1 = d[0] * cy - d[2] * sy, z1 = d[0] * sy + d[2] * cy, y1 = d[1];
  const sp = Math.sin(spec.pitch_deg * RAD), cpp = Math.cos(spec.pitch_deg * RAD);
  const y0 = y1 * cpp - z1 * sp, z0 = y1 * sp + z1 * cpp;
  if (z0 <= 1e-9) return undefined;
  const f = focal_px(spec), c = spec.size_px / 2;
  return [(x1 / z0) * f + c - 0.5, -(y0 / z0) * f + c - 0.5];
}

/** Camera ray (x right, y up, z forward) → panorama frame: pitch about x, then yaw about y. */
function rotate(spec: ViewSpec, x: number, y: number, z: number): [number, number, number] {
  const sp = Math.sin(spec.pitch_deg * RAD), cp = Math.cos(spec.pitch_deg * RAD);
  const y1 = y * cp + z * sp, z1 = -y * sp + z * cp;
  const sy = Math.sin(spec.yaw_deg * RAD), cy = Math.cos(spec.yaw_deg * RAD);
  return [x * cy + z1 * sy, y1, -x * sy + z1 * cy];
}

/**
 * Where each pixel of a view samples the panorama: the four source offsets (bytes) of its
 * bilinear neighbours and the two weights. It depends only on the panorama's size and the view,
 * so it is made once ({@link viewSampling}) and every panorama of that size is cut with it.
 */
export interface ViewSampling {
  a: Int32Array;
  b: Int32Array;
  d: Int32Array;
  e: Int32Array;
  fu: Float64Array;
  fv: Float64Array;
}

/** Sampling tables by panorama size and view, the most recent first (at most 32: ~270 MB). */
const samplings = new Map<string, ViewSampling>();
const MAX_SAMPLINGS = 32;

/**
 * The sampling table of a view of a W × H panorama: the gnomonic ray of every view pixel
 * (rotated by pitch, then yaw), its yaw and pitch, and the panorama position they fall on.
 * Columns wrap around (the seam at yaw ±180° is continuous), rows clamp at the poles.
 */
export function viewSampling(W: number, H: number, spec: ViewSpec): ViewSampling {
  const key = samplingKey(W, H, spec);
  const hit = samplings.get(key);
  if (hit) {
    samplings.delete(key);
    samplings.set(key, hit);
    return hit;
  }
  const n = spec.size_px, px = n * n;
  const t: ViewSampling = {
    a: new Int32Array(px),
    b: new Int32Array(px),
    d: new Int32Array(px),
    e: new Int32Array(px),
    fu: new Float64Array(px),
    fv: new Float64Array(px),
  };
  const f = focal_px(spec), c = n / 2;
  const sp = Math.sin(spec.pitch_deg * RAD), cp = Math.cos(spec.pitch_deg * RAD);
  const sy = Math.sin(spec.yaw_deg * RAD), cy = Math.cos(spec.yaw_deg * RAD);
  const uScale = W / (2 * Math.PI), vScale = H / Math.PI;
  const tick = ticker(16);
  for (let j = 0; j < n; j++) {
    tick();
    const y = -(j + 0.5 - c) / f;
    const y1 = y * cp + sp, zy = -y * sp + cp;
    for (let i = 0; i < n; i++) {
      const x = (i + 0.5 - c) / f;
      const X = x * cy + zy * sy, Z = -x * sy + zy * cy;
      const yaw = Math.atan2(X, Z), pitch = Math.atan2(y1, Math.hypot(X, Z));
      let u = (yaw + Math.PI) * uScale - 0.5;
      let v = (Math.PI / 2 - pitch) * vScale - 0.5;
      if (v < 0) v = 0;
      else if (v > H - 1) v = H - 1;
      const u0f = Math.floor(u), v0 = Math.floor(v);
      const p = j * n + i;
      t.fu[p] = u - u0f;
      t.fv[p] = v - v0;
      u = ((u0f % W) + W) % W;
      const u0 = u, u1 = (u0 + 1) % W, v1 = v0 + 1 < H ? v0 + 1 : v0;
      t.a[p] = (v0 * W + u0) * 3;
      t.b[p] = (v0 * W + u1) * 3;
      t.d[p] = (v1 * W + u0) * 3;
      t.e[p] = (v1 * W + u1) * 3;
    }
  }
  samplings.set(key, t);
  if (samplings.size > MAX_SAMPLINGS) samplings.delete(samplings.keys().next().value!);
  return t;
}

function samplingKey(W: number, H: number, spec: ViewSpec): string {
  return `${W}x${H}/${spec.yaw_deg}/${spec.pitch_deg}/${spec.fov_deg}/${spec.size_px}`;
}

/** Whether the sampling table of that view of a W × H panorama is at hand (made or kept). */
export function hasViewSampling(W: number, H: number, spec: ViewSpec): boolean {
  return samplings.has(samplingKey(W, H, spec));
}

/**
 * Keeps a sampling table made elsewhere (by {@link viewSampling} in another worker, so each
 * table is made once, not once a worker) unless one is at hand already.
 */
export function keepViewSampling(W: number, H: number, spec: ViewSpec, t: ViewSampling): void {
  const key = samplingKey(W, H, spec);
  if (samplings.has(key)) return;
  samplings.set(key, t);
  if (samplings.size > MAX_SAMPLINGS) samplings.delete(samplings.keys().next().value!);
}

/**
 * Cuts one perspective view out of an equirectangular panorama: bilinear samples at the
 * positions of {@link viewSampling} (computed once per panorama size and view, so a second
 * panorama of the same size costs only the samples).
 */
export function perspectiveView(pano: RgbImage, spec: ViewSpec): RgbImage {
  const { width: W, height: H, data: src } = pano;
  if (src.length < W * H * 3) {
    throw new Error(`panorama data has ${src.length} bytes; ${W} × ${H} RGB needs ${W * H * 3}`);
  }
  const n = spec.size_px;
  const { a, b, d, e, fu, fv } = viewSampling(W, H, spec);
  const out = new Uint8Array(n * n * 3);
  const tick = ticker(16);
  for (let j = 0; j < n; j++) {
    tick();
    for (let p = j * n, end = p + n; p < end; p++) {
      const pa = a[p], pb = b[p], pd = d[p], pe = e[p], wu = fu[p], wv = fv[p], o = p * 3;
      for (let k = 0; k < 3; k++) {
        const top = src[pa + k] + (src[pb + k] - src[pa + k]) * wu;
        const bot = src[pd + k] + (src[pe + k] - src[pd + k]) * wu;
        out[o + k] = Math.round(top + (bot - top) * wv);
      }
    }
  }
  return { width: n, height: n, data: out };
}

/**
 * The views a panorama is cut into for detection: `count` views evenly around (yaw 0, 360/count
 * …), at one pitch, each `fov_deg` wide, so neighbours overlap by fov − 360/count degrees.
 */
export function viewRing(
  count = 6,
  opts: { pitch_deg?: number; fov_deg?: number; size_px?: number } = {},
): ViewSpec[] {
  const { pitch_deg = -15, fov_deg = 90, size_px = 512 } = opts;
  return Array.from({ length: count }, (_, k) => ({
    yaw_deg: wrapDeg((360 / count) * k),
    pitch_deg,
    fov_deg,
    size_px,
  }));
}
