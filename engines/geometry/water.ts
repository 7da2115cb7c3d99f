/**
 * Water on an elevation grid: depression filling (priority-flood), D8 flow directions, flow
 * accumulation, upstream areas, and slope and aspect. Pure functions over a Grid (row 0 at
 * the top, i.e. north for north-up grids); NaN cells are nodata and act as outlets, as the
 * grid's edge does.
 *
 * References: Barnes, Lehman & Mulla (2014), "Priority-Flood: An optimal depression-filling
 * and watershed-labeling algorithm for digital elevation models", Computers & Geosciences 62
 * (Algorithm 2 "improved" with a plain pit queue; Algorithm 3 "+ε"). O'Callaghan & Mark
 * (1984), "The extraction of drainage networks from digital elevation data" (D8).
 * Horn (1981), "Hill shading and the reflectance map", Proc. IEEE 69(1) (slope and aspect).
 */
import type { Grid } from "../aerial/grid.ts";

/**
 * D8 neighbour offsets, index k = 0..7: E, SE, S, SW, W, NW, N, NE (columns right, rows
 * down). A flow direction is one of these indices, or -1 where water leaves the grid (an
 * edge or nodata outlet) or the cell is nodata.
 */
export const D8_DCOL = [1, 1, 0, -1, -1, -1, 0, 1] as const;
export const D8_DROW = [0, 1, 1, 1, 0, -1, -1, -1] as const;

/** Compass azimuth (degrees clockwise from grid north) of each D8 direction. */
export const D8_AZIMUTH_DEG = [90, 135, 180, 225, 270, 315, 0, 45] as const;

// --- a binary min-heap of cell indices keyed by elevation --------------------------------

interface Heap {
  idx: Int32Array;
  key: Float64Array;
  size: number;
}

function heapPush(h: Heap, i: number, k: number) {
  let pos = h.size++;
  if (pos >= h.idx.length) {
    const idx = new Int32Array(h.idx.length * 2), key = new Float64Array(h.key.length * 2);
    idx.set(h.idx);
    key.set(h.key);
    h.idx = idx;
    h.key = key;
  }
  const hi = h.idx, hk = h.key;
  while (pos > 0) {
    const parent = (pos - 1) >> 1;
    if (hk[parent] <= k) break;
    hi[pos] = hi[parent];
    hk[pos] = hk[parent];
    pos = parent;
  }
  hi[pos] = i;
  hk[pos] = k;
}

function heapPop(h: Heap): number {
  const hi = h.idx, hk = h.key;
  const top = hi[0];
  const n = --h.size;
  if (n === 0) return top;
  const li = hi[n], lk = hk[n];
  let pos = 0;
  for (;;) {
    let child = 2 * pos + 1;
    if (child >= n) break;
    if (child + 1 < n && hk[child + 1] < hk[child]) child++;
    if (hk[child] >= lk) break;
    hi[pos] = hi[child];
    hk[pos] = hk[child];
    pos = child;
  }
  hi[pos] = li;
  hk[pos] = lk;
  return top;
}

// The next float64 above x (IEEE 754 nextafter towards +∞), through the bits.
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LO = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1, HI = 1 - LO;

/** The smallest float64 greater than x (nextafter(x, +∞)); used by Priority-Flood+ε. */
export function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Infinity) return x;
  if (x === 0) return Number.MIN_VALUE;
  f64[0] = x;
  if (x > 0) {
    if (u32[LO] === 0xffffffff) {
      u32[LO] = 0;
      u32[HI]++;
    } else u32[LO]++;
  } else {
    if (u32[LO] === 0) {
      u32[LO] = 0xffffffff;
      u32[HI]--;
    } else u32[LO]--;
  }
  return f64[0];
}

/**
 * A float64 just above x for Priority-Flood+ε: x + |x|·2⁻⁵², which is one or two ulps above
 * any normal x and needs no bit access; {@link nextUp} where that does not move (zero,
 * subnormals).
 */
export function stepUp(x: number): number {
  const y = x + Math.abs(x) * 2.220446049250313e-16;
  return y > x ? y : nextUp(x);
}

/**
 * Fills every depression to its spill level by priority-flood (Barnes et al. 2014): seeds
 * are the edge cells and the cells next to nodata; the lowest open cell is taken from a
 * priority queue, and a neighbour lower than it is raised to it and taken from a plain FIFO
 * "pit" queue (Algorithm 2). With `epsilon`, a raised cell becomes a float just above its
 * parent instead (Algorithm 3, "+ε"; see {@link stepUp}), so flats drain and every cell has
 * a strictly lower neighbour: D8 then has a direction everywhere. Slope cells skip the
 * queue as in Zhou et al. (2016), and the queue is a monotone bucket queue with a heap for
 * the current band. Returns a new Grid; NaN stays NaN. 8-connected.
 */
export function fillDepressions(grid: Grid, opts: { epsilon?: boolean } = {}): Grid {
  const { width: w, height: h } = grid;
  // A one-cell nodata frame: every neighbour exists, and the edge cells become seeds.
  const z = padded(grid);
  const pw = w + 2, n = pw * (h + 2);
  const off = Int32Array.from(D8_DROW, (r, k) => r * pw + D8_DCOL[k]);
  const closed = new Uint8Array(n);
  const pit = new Int32Array(n);
  let pitHead = 0, pitTail = 0;
  const eps = !!opts.epsilon;

  // The priority queue: pops never go below the last pop (every push is above the cell
  // being processed), so it is a monotone bucket queue — linked lists of cells per
  // elevation band — with a small binary heap for the exact order inside the current band.
  let zmin = Infinity, zmax = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = z[i];
    if (Number.isNaN(v)) closed[i] = 1;
    else {
      if (v < zmin) zmin = v;
      if (v > zmax) zmax = v;
    }
  }
  const bands = Math.max(1, Math.min(1 << 20, n >> 2));
  const perM = zmax > zmin ? bands / (zmax - zmin) : 0;
  const head = new Int32Array(bands).fill(-1);
  const next = new Int32Array(n);
  let band = 0;
  const heap: Heap = { idx: new Int32Array(1024), key: new Float64Array(1024), size: 0 };

  // No closures below: counters a closure mutates live in a heap context in V8, and this
  // loop runs once per cell.
  for (let r = 1; r <= h; r++) {
    for (let i = r * pw + 1, end = r * pw + w + 1; i < end; i++) {
      if (closed[i]) continue;
      for (let k = 0; k < 8; k++) {
        if (closed[i + off[k]] && Number.isNaN(z[i + off[k]])) {
          const b = Math.min(bands - 1, Math.floor((z[i] - zmin) * perM));
          if (b <= band) heapPush(heap, i, z[i]);
          else {
            next[i] = head[b];
            head[b] = i;
          }
          closed[i] = 2; // seed: marked apart from nodata until the scan is done
          break;
        }
      }
    }
  }

  // Slope cells that need no raising and have no open neighbour at or below their own
  // spill level are processed at once from a plain stack instead of the queue (Zhou, Sun &
  // Fu 2016, "An efficient variant of the Priority-Flood algorithm", Computers &
  // Geosciences 90): their level is their own elevation whatever the order.
  const trace = new Int32Array(n);
  let traceTop = 0;
  for (;;) {
    let c: number;
    if (traceTop > 0) c = trace[--traceTop];
    else if (pitHead < pitTail) c = pit[pitHead++];
    else {
      while (heap.size === 0 && band < bands - 1) {
        band++;
        for (let i = head[band]; i >= 0; i = next[i]) heapPush(heap, i, z[i]);
      }
      if (heap.size === 0) break;
      c = heapPop(heap);
    }
    const spill = eps ? stepUp(z[c]) : z[c];
    for (let k = 0; k < 8; k++) {
      const nb = c + off[k];
      if (closed[nb]) continue;
      closed[nb] = 1;
      const zn = z[nb];
      if (zn <= spill) {
        z[nb] = spill;
        pit[pitTail++] = nb;
        continue;
      }
      const up = eps ? stepUp(zn) : zn;
      let free = true;
      for (let j = 0; j < 8; j++) {
        const m = nb + off[j];
        if (!closed[m] && z[m] <= up) {
          free = false;
          break;
        }
      }
      if (free) trace[traceTop++] = nb;
      else {
        const b = Math.min(bands - 1, Math.floor((zn - zmin) * perM));
        if (b <= band) heapPush(heap, nb, zn);
        else {
          next[nb] = head[b];
          head[b] = nb;
        }
      }
    }
  }
  return { ...grid, data: unpadded(z, w, h) };
}

/** The grid's values inside a one-cell NaN frame, (w + 2) × (h + 2). */
function padded(grid: Grid): Float64Array {
  const { width: w, height: h, data } = grid;
  const pw = w + 2;
  const z = new Float64Array(pw * (h + 2)).fill(NaN);
  for (let r = 0; r < h; r++) z.set(data.subarray(r * w, r * w + w), (r + 1) * pw + 1);
  return z;
}

function unpadded(z: Float64Array, w: number, h: number): Float64Array {
  const out = new Float64Array(w * h);
  const pw = w + 2;
  for (let r = 0; r < h; r++) out.set(z.subarray((r + 1) * pw + 1, (r + 1) * pw + 1 + w), r * w);
  return out;
}

/**
 * D8 flow directions (O'Callaghan & Mark 1984): each cell drains to the neighbour with the
 * steepest descent, drop / distance, with diagonals at √(dx² + dy²). A cell with no lower
 * neighbour gets -1: on an ε-filled grid only edge and nodata-adjacent cells do, and water
 * leaves the grid there. `cell_m` is [dx, dy] in metres. Ties go to the first in D8 order.
 */
export function flowDirectionsD8(filled: Grid, cell_m: [number, number]): Int8Array {
  const { width: w, height: h } = filled;
  const z = padded(filled);
  const pw = w + 2;
  const [dx, dy] = cell_m;
  const off = Int32Array.from(D8_DROW, (r, k) => r * pw + D8_DCOL[k]);
  const inv = D8_DCOL.map((c, k) => 1 / Math.hypot(c * dx, D8_DROW[k] * dy));
  const dirs = new Int8Array(w * h).fill(-1);
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const i = (r + 1) * pw + c + 1;
      const zi = z[i];
      if (Number.isNaN(zi)) continue;
      let best = -1, bestSlope = 0;
      for (let k = 0; k < 8; k++) {
        const s = (zi - z[i + off[k]]) * inv[k]; // NaN for nodata: never > bestSlope
        if (s > bestSlope) {
          bestSlope = s;
          best = k;
        }
      }
      dirs[r * w + c] = best;
    }
  }
  return dirs;
}

/** The cell a D8 direction points to, or -1 when it leaves the grid. */
export function downstream(dirs: Int8Array, width: number, i: number): number {
  const k = dirs[i];
  if (k < 0) return -1;
  return i + D8_DROW[k] * width + D8_DCOL[k];
}

/**
 * Flow accumulation: for each cell, the number of cells (itself included) whose D8 path
 * passes through it — multiply by the cell area for the upslope area. Computed in
 * topological order from the sources (in-degree zero), O(n), so it needs no recursion.
 * Nodata cells (`valid` 0) count 0. Weights, when given, replace the count of 1 per cell.
 */
export function flowAccumulation(
  dirs: Int8Array,
  width: number,
  height: number,
  opts: { valid?: Uint8Array; weights?: Float64Array } = {},
): Float64Array {
  const n = width * height;
  const acc = new Float64Array(n);
  const indeg = new Int32Array(n);
  const down = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const ok = opts.valid ? opts.valid[i] === 1 : true;
    acc[i] = ok ? (opts.weights ? opts.weights[i] : 1) : 0;
    const k = dirs[i];
    const d = ok && k >= 0 ? i + D8_DROW[k] * width + D8_DCOL[k] : -1;
    down[i] = d;
    if (d >= 0) indeg[d]++;
  }
  const queue = new Int32Array(n);
  let head = 0, tail = 0;
  for (let i = 0; i < n; i++) if (indeg[i] === 0) queue[tail++] = i;
  while (head < tail) {
    const i = queue[head++];
    const d = down[i];
    if (d < 0) continue;
    acc[d] += acc[i];
    if (--indeg[d] === 0) queue[tail++] = d;
  }
  return acc;
}

/**
 * The cells whose D8 path reaches any of `targets` (targets included): a breadth-first walk
 * up the reversed flow graph. 1 marks a cell in the upstream area.
 */
export function upstreamMask(
  dirs: Int8Array,
  width: number,
  height: number,
  targets: Iterable<number>,
): Uint8Array {
  const n = width * height;
  const mask = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0, tail = 0;
  for (const t of targets) {
    if (!mask[t]) {
      mask[t] = 1;
      queue[tail++] = t;
    }
  }
  while (head < tail) {
    const i = queue[head++];
    const r = (i / width) | 0, c = i - r * width;
    for (let k = 0; k < 8; k++) {
      const rr = r - D8_DROW[k], cc = c - D8_DCOL[k];
      if (rr < 0 || rr >= height || cc < 0 || cc >= width) continue;
      const j = rr * width + cc;
      if (!mask[j] && dirs[j] === k) {
        mask[j] = 1;
        queue[tail++] = j;
      }
    }
  }
  return mask;
}

/** Slope and aspect per cell. */
export interface SlopeAspect {
  /** Slope angle, degrees (0 flat, 90 vertical). */
  slope_deg: Float64Array;
  /** Aspect: the downslope direction, degrees clockwise from grid north; NaN where flat. */
  aspect_deg: Float64Array;
}

/**
 * Slope and aspect by Horn's (1981) third-order finite difference over the 3×3
 * neighbourhood a b c / d e f / g h i (row 0 north):
 * ∂z/∂x = ((c + 2f + i) − (a + 2d + g)) / 8dx, ∂z/∂y(north) = ((a + 2b + c) − (g + 2h + i)) / 8dy,
 * slope = atan √(∂x² + ∂y²), aspect = atan2(−∂z/∂x, −∂z/∂y) clockwise from north.
 * A neighbour off the grid or nodata takes the centre's value (GDAL's edge rule); a nodata
 * centre gives NaN.
 */
export function slopeAspect(grid: Grid, cell_m: [number, number]): SlopeAspect {
  const { width: w, height: h, data: z } = grid;
  const [dx, dy] = cell_m;
  const slope = new Float64Array(w * h), aspect = new Float64Array(w * h);
  const at = (r: number, c: number, ze: number) => {
    if (r < 0 || r >= h || c < 0 || c >= w) return ze;
    const v = z[r * w + c];
    return Number.isNaN(v) ? ze : v;
  };
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const i = r * w + c, e = z[i];
      if (Number.isNaN(e)) {
        slope[i] = NaN;
        aspect[i] = NaN;
        continue;
      }
      const a = at(r - 1, c - 1, e), b = at(r - 1, c, e), cc = at(r - 1, c + 1, e);
      const d = at(r, c - 1, e), f = at(r, c + 1, e);
      const g = at(r + 1, c - 1, e), hh = at(r + 1, c, e), ii = at(r + 1, c + 1, e);
      const zx = ((cc + 2 * f + ii) - (a + 2 * d + g)) / (8 * dx);
      const zy = ((a + 2 * b + cc) - (g + 2 * hh + ii)) / (8 * dy);
      slope[i] = Math.atan(Math.hypot(zx, zy)) * 180 / Math.PI;
      aspect[i] = zx === 0 && zy === 0
        ? NaN
        : ((Math.atan2(-zx, -zy) * 180 / Math.PI) % 360 + 360) % 360;
    }
  }
  return { slope_deg: slope, aspect_deg: aspect };
}

/**
 * Depth of water each cell would hold: filled − original, metres (0 where nothing ponds,
 * NaN on nodata).
 */
export function pondingDepth_m(original: Grid, filled: Grid): Float64Array {
  const out = new Float64Array(original.data.length);
  for (let i = 0; i < out.length; i++) out[i] = filled.data[i] - original.data[i];
  return out;
}

/**
 * Naive depression filling by Planchon & Darboux (2001), "A fast, simple and versatile
 * algorithm to fill the depressions of digital elevation models", Catena 46 — the direct
 * iterative version (sweep until nothing changes), kept as the baseline the benchmarks
 * measure priority-flood against. Same result as {@link fillDepressions} without ε.
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
