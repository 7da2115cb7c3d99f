/**
 * The elevation grids of the water benchmarks: the pysheds DEM (../shared/data), with fixed
 * pseudo-random noise, or mirrored into a larger grid. Generated the same way every run.
 */
import { readGeoTiff } from "../engines/aerial/geotiff.ts";
import type { Grid } from "../ground/grid.ts";

export const dem = await readGeoTiff(
  await Deno.readFile(new URL("../../shared/data/dem/pysheds_dem.tif", import.meta.url)),
);

/** A linear congruential generator (Numerical Recipes constants): fixed noise, no seed drift. */
export function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** The grid plus ±amp_m of fixed noise. */
export function noisy(g: Grid, amp_m: number): Grid {
  const rnd = lcg(42);
  return { ...g, data: Float64Array.from(g.data, (v) => v + (rnd() * 2 - 1) * amp_m) };
}

/** The real DEM mirrored into a w × h grid (reflections keep it continuous), plus noise. */
export function tiled(g: Grid, w: number, h: number, amp_m: number): Grid {
  const data = new Float64Array(w * h);
  const rnd = lcg(7);
  for (let r = 0; r < h; r++) {
    const tr = Math.floor(r / g.height), rr0 = r % g.height;
    const rr = tr % 2 ? g.height - 1 - rr0 : rr0;
    for (let c = 0; c < w; c++) {
      const tc = Math.floor(c / g.width), cc0 = c % g.width;
      const cc = tc % 2 ? g.width - 1 - cc0 : cc0;
      data[r * w + c] = g.data[rr * g.width + cc] + (rnd() * 2 - 1) * amp_m;
    }
  }
  return { ...g, width: w, height: h, data };
}
