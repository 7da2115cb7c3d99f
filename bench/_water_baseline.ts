/**
 * The baseline bench/water_bench.ts measures priority-flood against: a benchmark's baseline
 * lives here, not in the library's exports. tests/engines/geometry/water_test.ts also checks
 * the fill against it.
 */
import type { Grid } from "../ground/grid.ts";
import { D8_DCOL, D8_DROW } from "../engines/geometry/water/mod.ts";

/**
 * Naive depression filling by Planchon & Darboux (2001), "A fast, simple and versatile
 * algorithm to fill the depressions of digital elevation models", Catena 46 — the direct
 * iterative version (sweep until nothing changes), kept as the baseline the benchmarks
 * measure priority-flood against. Same result as fillDepressionsBarnes (engines/geometry/water/fill.ts) without ε.
 */
export function fillDepressionsIterative(grid: Grid): Grid {
  const { width: w, height: h, data: z } = grid;
  const n = w * h;
  const W = new Float64Array(n);
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const i = r * w + c;
      if (Number.isNaN(z[i])) {
        W[i] = NaN;
        continue;
      }
      let edge = r === 0 || c === 0 || r === h - 1 || c === w - 1;
      if (!edge) {
        for (let k = 0; k < 8; k++) {
          if (Number.isNaN(z[i + D8_DROW[k] * w + D8_DCOL[k]])) edge = true;
        }
      }
      W[i] = edge ? z[i] : Infinity;
    }
  }
  let changed = true;
  while (changed) {
    changed = false;
    for (let r = 1; r < h - 1; r++) {
      for (let c = 1; c < w - 1; c++) {
        const i = r * w + c;
        if (!(W[i] > z[i])) continue;
        for (let k = 0; k < 8; k++) {
          const wn = W[i + D8_DROW[k] * w + D8_DCOL[k]];
          if (z[i] >= wn) {
            W[i] = z[i];
            changed = true;
            break;
          }
          if (W[i] > wn) {
            W[i] = wn;
            changed = true;
          }
        }
      }
    }
  }
  return { ...grid, data: W };
}
