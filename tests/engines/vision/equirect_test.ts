/** Gnomonic views of equirectangular panoramas (engines/vision/equirect.ts) on synthetic panoramas. */
import assert from "node:assert/strict";
import {
  anglesToPanoPixel,
  anglesToViewPixel,
  hasViewSampling,
  keepViewSampling,
  panoPixelToAngles,
  perspectiveView,
  viewPixelToAngles,
  viewRing,
  viewSampling,
  type ViewSpec,
  wrapDeg,
} from "../../../engines/vision/equirect.ts";
import type { RgbImage } from "../../../ground/image.ts";

function pano(
  W: number,
  H: number,
  f: (u: number, v: number) => [number, number, number],
): RgbImage {
  const data = new Uint8Array(W * H * 3);
  for (let v = 0; v < H; v++) {
    for (let u = 0; u < W; u++) data.set(f(u, v), (v * W + u) * 3);
  }
  return { width: W, height: H, data };
}

Deno.test("equirect: the centre pixel of a view is the panorama pixel at its yaw and pitch", () => {
  // A panorama of pseudo-random pixels: any resampling error shows.
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 256;
  const p = pano(360, 180, () => [rnd(), rnd(), rnd()]);
  for (const [u, v] of [[37, 60], [180, 90], [0, 100], [359, 45]]) {
    const [yaw_deg, pitch_deg] = panoPixelToAngles(360, 180, u, v);
    const view = perspectiveView(p, { yaw_deg, pitch_deg, fov_deg: 60, size_px: 101 });
    const c = (50 * 101 + 50) * 3, src = (v * 360 + u) * 3;
    assert.deepEqual(
      [...view.data.subarray(c, c + 3)],
      [...p.data.subarray(src, src + 3)],
      `u=${u} v=${v}`,
    );
  }
});

Deno.test("equirect: angle ↔ pixel maps invert each other", () => {
  const spec = { yaw_deg: 170, pitch_deg: -15, fov_deg: 90, size_px: 512 };
  for (const [i, j] of [[0, 0], [255.5, 300], [511, 511], [100, 400]]) {
    const [yaw, pitch] = viewPixelToAngles(spec, i, j);
    const back = anglesToViewPixel(spec, yaw, pitch)!;
    assert.ok(Math.abs(back[0] - i) < 1e-6 && Math.abs(back[1] - j) < 1e-6, `${i},${j} -> ${back}`);
  }
  const [u, v] = anglesToPanoPixel(2048, 1024, -179.9, 10);
  const [y2, p2] = panoPixelToAngles(2048, 1024, u, v);
  assert.ok(Math.abs(y2 + 179.9) < 1e-9 && Math.abs(p2 - 10) < 1e-9);
  assert.equal(anglesToViewPixel(spec, wrapDeg(170 + 180), 0), undefined, "behind the view");
});

Deno.test("equirect: a straight edge in the room stays straight in the view", () => {
  // A white line where the wall z = 2 m meets the floor y = −1 m (camera at 1 m): a curve in the
  // panorama, a straight line in any gnomonic view.
  const W = 2048, H = 1024;
  const p = pano(W, H, (u, v) => {
    const [yaw, pitch] = panoPixelToAngles(W, H, u, v).map((a) => (a * Math.PI) / 180);
    const dx = Math.cos(pitch) * Math.sin(yaw),
      dy = Math.sin(pitch),
      dz = Math.cos(pitch) * Math.cos(yaw);
    if (dz <= 0.05) return [0, 0, 0];
    const t = 2 / dz, y = t * dy;
    void dx;
    return Math.abs(y + 1) < 0.004 * t ? [255, 255, 255] : [0, 0, 0];
  });
  const n = 256;
  const view = perspectiveView(p, { yaw_deg: 20, pitch_deg: -15, fov_deg: 90, size_px: n });
  const pts: [number, number][] = [];
  for (let i = 8; i < n - 8; i += 4) {
    let s = 0, w = 0;
    for (let j = 0; j < n; j++) {
      const b = view.data[(j * n + i) * 3];
      s += b * j, w += b;
    }
    if (w > 0) pts.push([i, s / w]);
  }
  assert.ok(pts.length > 40, `the edge is visible across the view (${pts.length} columns)`);
  // Least-squares line; every column within 1 px of it.
  const m = pts.length,
    sx = pts.reduce((a, q) => a + q[0], 0),
    sy = pts.reduce((a, q) => a + q[1], 0);
  const sxx = pts.reduce((a, q) => a + q[0] * q[0], 0),
    sxy = pts.reduce((a, q) => a + q[0] * q[1], 0);
  const k = (m * sxy - sx * sy) / (m * sxx - sx * sx), c = (sy - k * sx) / m;
  const worst = Math.max(...pts.map(([x, y]) => Math.abs(y - (k * x + c))));
  assert.ok(worst < 1, `largest distance from a straight line ${worst.toFixed(2)} px`);
  assert.ok(Math.abs(k) > 0.05, "the edge is slanted in this view, so straightness is a real test");
});

Deno.test("equirect: the seam at yaw 180° has no gap", () => {
  // Brightness falls steadily with yaw through the seam (128 + 100 sin yaw): a gap shows as a
  // jump, a clamped or mirrored wrap as a flat or rising stretch.
  const W = 720, H = 360;
  const p = pano(W, H, (u) => {
    const yaw = panoPixelToAngles(W, H, u, 0)[0] * Math.PI / 180;
    const g = Math.round(128 + 100 * Math.sin(yaw));
    return [g, g, g];
  });
  const n = 128;
  const view = perspectiveView(p, { yaw_deg: 180, pitch_deg: 0, fov_deg: 60, size_px: n });
  const row = 64;
  const line = Array.from({ length: n }, (_, i) => view.data[(row * n + i) * 3]);
  for (let i = 1; i < n; i++) {
    const step = line[i] - line[i - 1];
    assert.ok(step <= 0 && step >= -3, `column ${i}: step ${step} (no gap, no flat wrap)`);
  }
  // From yaw 150° (128 + 50) to 210° (128 − 50): a fall of about 100 across the seam.
  assert.ok(line[0] - line[n - 1] >= 90, `fall ${line[0] - line[n - 1]}`);
  assert.ok(Math.abs(line[64] - 128) <= 2, `seam brightness ${line[64]}`);
  const other = perspectiveView(p, { yaw_deg: -180, pitch_deg: 0, fov_deg: 60, size_px: n });
  assert.deepEqual(other.data, view.data, "yaw −180 and +180 are the same view");
});

Deno.test("equirect: the view ring covers the circle with overlap", () => {
  const ring = viewRing(6);
  assert.deepEqual(ring.map((s) => s.yaw_deg), [0, 60, 120, -180, -120, -60]);
  assert.ok(ring.every((s) => s.fov_deg > 60), "neighbouring views overlap");
});

/** The cut as written before its sampling tables (issue 30): every pixel's ray, then its sample. */
function perPixelView(pano: RgbImage, spec: ViewSpec): Uint8Array {
  const { width: W, height: H, data: src } = pano;
  const n = spec.size_px, out = new Uint8Array(n * n * 3), RAD = Math.PI / 180;
  const f = (n / 2) / Math.tan((spec.fov_deg / 2) * RAD), c = n / 2;
  const sp = Math.sin(spec.pitch_deg * RAD), cp = Math.cos(spec.pitch_deg * RAD);
  const sy = Math.sin(spec.yaw_deg * RAD), cy = Math.cos(spec.yaw_deg * RAD);
  const uScale = W / (2 * Math.PI), vScale = H / Math.PI;
  for (let j = 0; j < n; j++) {
    const y = -(j + 0.5 - c) / f, y1 = y * cp + sp, zy = -y * sp + cp;
    for (let i = 0; i < n; i++) {
      const x = (i + 0.5 - c) / f;
      const X = x * cy + zy * sy, Z = -x * sy + zy * cy;
      const yaw = Math.atan2(X, Z), pitch = Math.atan2(y1, Math.hypot(X, Z));
      const u = (yaw + Math.PI) * uScale - 0.5;
      const v = Math.min(H - 1, Math.max(0, (Math.PI / 2 - pitch) * vScale - 0.5));
      const u0f = Math.floor(u), v0 = Math.floor(v), fu = u - u0f, fv = v - v0;
      const u0 = ((u0f % W) + W) % W, u1 = (u0 + 1) % W, v1 = v0 + 1 < H ? v0 + 1 : v0;
      const a = (v0 * W + u0) * 3, b = (v0 * W + u1) * 3;
      const d = (v1 * W + u0) * 3, e = (v1 * W + u1) * 3;
      for (let k = 0; k < 3; k++) {
        const top = src[a + k] + (src[b + k] - src[a + k]) * fu;
        const bot = src[d + k] + (src[e + k] - src[d + k]) * fu;
        out[(j * n + i) * 3 + k] = Math.round(top + (bot - top) * fv);
      }
    }
  }
  return out;
}

Deno.test("equirect: the cut from sampling tables is byte for byte the per-pixel cut, twice over", () => {
  const W = 512, H = 256, data = new Uint8Array(W * H * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7919 + (i >> 9) * 31) % 256;
  const pano = { width: W, height: H, data };
  const specs: ViewSpec[] = [
    ...viewRing(6, { pitch_deg: -15, fov_deg: 90, size_px: 64 }),
    { yaw_deg: 180, pitch_deg: 80, fov_deg: 120, size_px: 48 }, // the seam and a pole
    { yaw_deg: -135, pitch_deg: -60, fov_deg: 30, size_px: 32 },
  ];
  for (let round = 0; round < 2; round++) { // the second from the tables kept
    for (const s of specs) {
      const want = perPixelView(pano, s), got = perspectiveView(pano, s).data;
      assert.ok(want.every((v, i) => v === got[i]), `view ${JSON.stringify(s)}, round ${round}`);
    }
  }
  // Another panorama of the same size through the same tables.
  const other = { width: W, height: H, data: data.map((v) => 255 - v) };
  for (const s of specs) {
    assert.deepEqual(perspectiveView(other, s).data, perPixelView(other, s));
  }
});

Deno.test("equirect: a sampling table made elsewhere (a copy, as a worker sends it) is kept and cuts the same; one at hand stays", () => {
  const W = 256, H = 128, data = new Uint8Array(W * H * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 131 + (i >> 7)) % 256;
  const pano = { width: W, height: H, data };
  const made: ViewSpec = { yaw_deg: 33, pitch_deg: -20, fov_deg: 70, size_px: 40 };
  const kept: ViewSpec = { yaw_deg: 34, pitch_deg: -20, fov_deg: 70, size_px: 40 };
  assert.equal(hasViewSampling(W, H, made), false);
  const want = perspectiveView(pano, made).data;
  assert.equal(hasViewSampling(W, H, made), true);
  // The table of `made`, copied as postMessage copies it, kept as that of `kept`: cuts from it.
  assert.equal(hasViewSampling(W, H, kept), false);
  keepViewSampling(W, H, kept, structuredClone(viewSampling(W, H, made)));
  assert.equal(hasViewSampling(W, H, kept), true);
  assert.deepEqual(perspectiveView(pano, kept).data, want);
  // Keeping another table for a view at hand changes nothing.
  const zero = structuredClone(viewSampling(W, H, made));
  zero.a.fill(0), zero.b.fill(0), zero.d.fill(0), zero.e.fill(0);
  keepViewSampling(W, H, made, zero);
  assert.deepEqual(perspectiveView(pano, made).data, want);
  assert.deepEqual(perspectiveView(pano, made).data, perPixelView(pano, made));
});
