/**
 * Water engine benchmarks, each group against a named baseline in the same run:
 *
 * - "fill: pysheds 367×359 + noise": Planchon & Darboux (2001) naive iterative fill (the
 *   baseline) against Barnes et al. (2014) priority-flood, plain and +ε. The real DEM comes
 *   hydrologically conditioned, so ±1.5 m of fixed pseudo-random noise un-conditions it.
 * - "pipeline: 2000×2000" (the real DEM mirrored, ±0.5 m noise): the design target (fill + D8 + accumulation on 2,000 × 2,000
 *   cells under 1.5 s). Baseline: Barnes' Algorithm 1, the original priority-flood with every
 *   cell through the heap (no pit queue, no ε), then the same D8 and accumulation.
 *
 * - "stages: 2000×2000": the three stages of the target pipeline apart (fill+ε the baseline),
 *   on the same grid, so a regression shows where it is.
 * - "D8 vs C++: N×N", "accumulation vs C++: 2000×2000", "pipeline vs C++: N×N" (issue 29):
 *   the same loops in C++ (bench/_water_baseline.cpp, `g++ -O2`, called through Deno's FFI
 *   by bench/_water_cpp.ts) the baseline, with the engine from before issue 29
 *   (bench/_water_reference.ts) beside the engine. Before timing, every output is compared
 *   cell for cell with the C++ one and the bench throws on a difference. Needs g++.
 *
 * Every pipeline iteration fills, routes and accumulates the unfilled DEM from scratch. On
 * this (virtualised) machine a fresh multi-MB typed array costs about 0.75 ms per MB in page
 * faults (32 MB: ~25 ms new, ~3 ms to rewrite), so the engine's allocations show in these
 * figures: the fill keeps its scratch queues small and growable rather than n-sized.
 *
 * `deno bench -A bench/water_bench.ts`. The machine is shared: read the ratios.
 */
import type { Grid } from "../ground/grid.ts";
import { cellSize_m } from "../engines/aerial/sample.ts";
import {
  D8_DCOL,
  D8_DROW,
  fillDepressionsBarnes,
  flowAccumulation,
  flowDirectionsD8,
} from "../engines/geometry/water/mod.ts";
import { fillDepressionsIterative } from "./_water_baseline.ts";
import { dem, noisy, tiled } from "./_water_dems.ts";
import { loadWaterCpp } from "./_water_cpp.ts";
import { flowAccumulationReference, flowDirectionsD8Reference } from "./_water_reference.ts";

/** Barnes et al. (2014) Algorithm 1: the original priority-flood, every cell via the heap. */
function fillPriorityFloodOriginal(g: Grid): Grid {
  const { width: w, height: h } = g;
  const z = Float64Array.from(g.data);
  const n = w * h, closed = new Uint8Array(n);
  let idx = new Int32Array(1024), key = new Float64Array(1024), size = 0;
  const push = (i: number, k: number) => {
    if (size === idx.length) {
      const ni = new Int32Array(size * 2), nk = new Float64Array(size * 2);
      ni.set(idx);
      nk.set(key);
      idx = ni;
      key = nk;
    }
    let p = size++;
    while (p > 0) {
      const q = (p - 1) >> 1;
      if (key[q] <= k) break;
      idx[p] = idx[q];
      key[p] = key[q];
      p = q;
    }
    idx[p] = i;
    key[p] = k;
  };
  const pop = () => {
    const top = idx[0], m = --size, li = idx[m], lk = key[m];
    let p = 0;
    for (;;) {
      let c = 2 * p + 1;
      if (c >= m) break;
      if (c + 1 < m && key[c + 1] < key[c]) c++;
      if (key[c] >= lk) break;
      idx[p] = idx[c];
      key[p] = key[c];
      p = c;
    }
    idx[p] = li;
    key[p] = lk;
    return top;
  };
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      if (r === 0 || c === 0 || r === h - 1 || c === w - 1) {
        closed[r * w + c] = 1;
        push(r * w + c, z[r * w + c]);
      }
    }
  }
  while (size > 0) {
    const c = pop(), rc = (c / w) | 0, cc = c - rc * w;
    for (let k = 0; k < 8; k++) {
      const rr = rc + D8_DROW[k], c2 = cc + D8_DCOL[k];
      if (rr < 0 || rr >= h || c2 < 0 || c2 >= w) continue;
      const nb = rr * w + c2;
      if (closed[nb]) continue;
      closed[nb] = 1;
      if (z[nb] < z[c]) z[nb] = z[c];
      push(nb, z[nb]);
    }
  }
  return { ...g, data: z };
}

const small = noisy(dem, 1.5);
const smallCell = cellSize_m(small, true);

Deno.bench({
  name: "Planchon–Darboux iterative fill (baseline)",
  group: "fill: pysheds 367×359 + noise",
  baseline: true,
  n: 5,
  warmup: 1,
  fn: () => {
    fillDepressionsIterative(small);
  },
});
Deno.bench({
  name: "priority-flood (Barnes 2014, Alg. 2)",
  group: "fill: pysheds 367×359 + noise",
  fn: () => {
    fillDepressionsBarnes(small);
  },
});
Deno.bench({
  name: "priority-flood+ε (Barnes 2014, Alg. 3)",
  group: "fill: pysheds 367×359 + noise",
  fn: () => {
    fillDepressionsBarnes(small, { epsilon: true });
  },
});
Deno.bench({
  name: "priority-flood+ε, D8, accumulation",
  group: "pipeline: pysheds 367×359 + noise",
  fn: () => {
    const dirs = flowDirectionsD8(fillDepressionsBarnes(small, { epsilon: true }), smallCell);
    flowAccumulation(dirs, small.width, small.height);
  },
});

const big = tiled(dem, 2000, 2000, 0.5);
const bigCell = cellSize_m(big, true, 32.7);

Deno.bench({
  name: "original priority-flood (Alg. 1), D8, accumulation (baseline)",
  group: "pipeline: 2000×2000",
  baseline: true,
  n: 3,
  warmup: 1,
  fn: () => {
    const dirs = flowDirectionsD8(fillPriorityFloodOriginal(big), bigCell);
    flowAccumulation(dirs, big.width, big.height);
  },
});
Deno.bench({
  name: "priority-flood+ε, D8, accumulation (target < 1.5 s)",
  group: "pipeline: 2000×2000",
  // Five timed runs (the baseline above has three): the target's mean, not one outlier.
  n: 5,
  warmup: 1,
  fn: () => {
    const dirs = flowDirectionsD8(fillDepressionsBarnes(big, { epsilon: true }), bigCell);
    flowAccumulation(dirs, big.width, big.height);
  },
});

const bigFilled = fillDepressionsBarnes(big, { epsilon: true });
const bigDirs = flowDirectionsD8(bigFilled, bigCell);

Deno.bench({
  name: "priority-flood+ε alone (baseline)",
  group: "stages: 2000×2000",
  baseline: true,
  n: 3,
  warmup: 1,
  fn: () => {
    fillDepressionsBarnes(big, { epsilon: true });
  },
});
Deno.bench({
  name: "D8 alone",
  group: "stages: 2000×2000",
  n: 5,
  warmup: 1,
  fn: () => {
    flowDirectionsD8(bigFilled, bigCell);
  },
});
Deno.bench({
  name: "accumulation alone",
  group: "stages: 2000×2000",
  n: 5,
  warmup: 1,
  fn: () => {
    flowAccumulation(bigDirs, big.width, big.height);
  },
});

// --- against C++ (issue 29) ---------------------------------------------------------------

const cpp = loadWaterCpp();

/** Throws unless a and b hold the same values cell for cell (Object.is). */
function same(a: ArrayLike<number>, b: ArrayLike<number>, what: string) {
  if (a.length !== b.length) throw new Error(`${what}: ${a.length} vs ${b.length} cells`);
  for (let i = 0; i < a.length; i++) {
    if (!Object.is(a[i], b[i])) throw new Error(`${what}: cell ${i} is ${a[i]}, C++ ${b[i]}`);
  }
}

for (const n of [500, 1000, 2000]) {
  const g = n === 2000 ? big : tiled(dem, n, n, 0.5);
  const cell = n === 2000 ? bigCell : cellSize_m(g, true, 32.7);
  const filled = n === 2000 ? bigFilled : fillDepressionsBarnes(g, { epsilon: true });
  const dirs = n === 2000 ? bigDirs : flowDirectionsD8(filled, cell);
  same(filled.data, cpp.fillEps(g.data, n, n), `fill+ε ${n}²`);
  same(dirs, cpp.d8(filled.data, n, n, cell), `D8 ${n}²`);
  same(flowDirectionsD8Reference(filled, cell), dirs, `D8 before issue 29, ${n}²`);
  const acc = flowAccumulation(dirs, n, n);
  same(acc, cpp.accumulate(dirs, n, n), `accumulation ${n}²`);
  same(flowAccumulationReference(dirs, n, n), acc, `accumulation before issue 29, ${n}²`);
  const reps = n === 2000 ? 10 : 30;

  if (n !== 1000) {
    const group = `D8 vs C++: ${n}×${n}`;
    Deno.bench({
      name: "C++ -O2 D8 (baseline)",
      group,
      baseline: true,
      n: reps,
      warmup: 2,
      fn: () => {
        cpp.d8(filled.data, n, n, cell);
      },
    });
    Deno.bench({
      name: "D8 (branch-free)",
      group,
      n: reps,
      warmup: 2,
      fn: () => {
        flowDirectionsD8(filled, cell);
      },
    });
    Deno.bench({
      name: "D8 before issue 29",
      group,
      n: reps,
      warmup: 2,
      fn: () => {
        flowDirectionsD8Reference(filled, cell);
      },
    });
  }
  if (n === 2000) {
    const group = `accumulation vs C++: ${n}×${n}`;
    Deno.bench({
      name: "C++ -O2 accumulation (baseline)",
      group,
      baseline: true,
      n: reps,
      warmup: 2,
      fn: () => {
        cpp.accumulate(dirs, n, n);
      },
    });
    Deno.bench({
      name: "accumulation",
      group,
      n: reps,
      warmup: 2,
      fn: () => {
        flowAccumulation(dirs, n, n);
      },
    });
    Deno.bench({
      name: "accumulation before issue 29",
      group,
      n: reps,
      warmup: 2,
      fn: () => {
        flowAccumulationReference(dirs, n, n);
      },
    });
  }
  const group = `pipeline vs C++: ${n}×${n}`;
  Deno.bench({
    name: "C++ -O2 priority-flood+ε (std::priority_queue), D8, accumulation (baseline)",
    group,
    baseline: true,
    n: n === 2000 ? 5 : 20,
    warmup: 1,
    fn: () => {
      cpp.accumulate(cpp.d8(cpp.fillEps(g.data, n, n), n, n, cell), n, n);
    },
  });
  Deno.bench({
    name: "priority-flood+ε, D8, accumulation",
    group,
    n: n === 2000 ? 5 : 20,
    warmup: 1,
    fn: () => {
      flowAccumulation(flowDirectionsD8(fillDepressionsBarnes(g, { epsilon: true }), cell), n, n);
    },
  });
}
