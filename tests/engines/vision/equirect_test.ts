/** Gnomonic views of equirectangular panoramas (engines/vision/equirect.ts) on synthetic panoramas. */
import assert from "node:assert/strict";
import {
  anglesToPanoPixel,
  anglesToViewPixel,
  panoPixelToAngles,
  perspectiveView,
  viewPixelToAngles,
  viewRing,
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
