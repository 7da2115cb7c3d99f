/**
 * Flow on a filled elevation grid: D8 flow directions (O'Callaghan & Mark 1984), the cell
 * downstream, flow accumulation (cells, or weights, in Kahn's topological order) and the
 * upstream area of a set of cells. Row 0 is the top (north for north-up grids).
 */
import { checkpoint } from "../../../ground/budget.ts";
import type { Grid } from "../../../ground/grid.ts";
import { D8_DCOL, D8_DROW } from "./d8.ts";

/**
 * D8 flow directions (O'Callaghan & Mark 1984): each cell drains to the neighbour with the
 * steepest descent, drop / distance, with diagonals at √(dx² + dy²). A cell with no lower
 * neighbour gets -1: on an ε-filled grid only edge and nodata-adjacent cells do, and water
 * leaves the grid there. `cell_m` is [dx, dy] in metres. Ties go to the first in D8 order.
 * The interior runs unrolled and branch-free with the reciprocal distances precomputed (see
 * d8Row, and d8TriplesFinite, three cells a step, where no slope can be NaN); the border
 * cells, whose neighbours off the grid count as nodata, go through d8Edge. Every cell is written
 * once (no fill of the whole array first): a row for d8Row is set to -1 before it runs.
 * Its speed is bench/water_figures.ts's "D8" rows against the same loop in C++ (g++ -O2).
 */
export function flowDirectionsD8(filled: Grid, cell_m: [number, number]): Int8Array {
  const { width: w, height: h, data: z } = filled;
  const [dx, dy] = cell_m;
  const inv = Float64Array.from(D8_DCOL, (c, k) => 1 / Math.hypot(c * dx, D8_DROW[k] * dy));
  const i0 = inv[0], i1 = inv[1], i2 = inv[2], i3 = inv[3];
  const i4 = inv[4], i5 = inv[5], i6 = inv[6], i7 = inv[7];
  const dirs = new Int8Array(w * h);
  const q = new Float64Array(9);
  // With finite positive reciprocal distances, a row whose cells and both neighbour rows are
  // all finite has no NaN slope (finite - finite may overflow to ±∞, never NaN): d8TriplesFinite
  // computes it without NaN tests. It needs only three reciprocals, east-west (i0 = i4),
  // north-south (i2 = i6) and diagonal (i1 = i3 = i5 = i7): Math.hypot ignores signs, so they
  // are the same numbers, checked here. `fa`, `fb`: rows r - 1 and r are all finite;
  // d8TriplesFinite says the same of row r + 1, and a row written before that turned out false
  // is cleared and redone by d8Row, which tests for NaN.
  const fast = i0 > 0 && i0 < Infinity && i1 > 0 && i1 < Infinity && i2 > 0 &&
    i2 < Infinity && i4 === i0 && i6 === i2 && i3 === i1 && i5 === i1 && i7 === i1;
  let fa = h > 2 && finiteRow(z, 0, w), fb = h > 2 && finiteRow(z, w, 2 * w);
  for (let r = 1; r < h - 1; r++) {
    if ((r & 63) === 0) checkpoint();
    let fc: boolean;
    if (fast && fa && fb) {
      fc = d8TriplesFinite(z, w, r, dirs, i0, i2, i1) === 0;
      if (!fc) {
        dirs.fill(-1, r * w + 1, r * w + w - 1);
        d8Row(z, w, r, dirs, q, i0, i1, i2, i3, i4, i5, i6, i7);
      }
    } else {
      dirs.fill(-1, r * w + 1, r * w + w - 1);
      d8Row(z, w, r, dirs, q, i0, i1, i2, i3, i4, i5, i6, i7);
      fc = finiteRow(z, (r + 1) * w, (r + 2) * w);
    }
    fa = fb;
    fb = fc;
  }
  for (let c = 0; c < w; c++) {
    d8Edge(z, w, h, 0, c, inv, dirs);
    if (h > 1) d8Edge(z, w, h, h - 1, c, inv, dirs);
  }
  for (let r = 1; r < h - 1; r++) {
    d8Edge(z, w, h, r, 0, inv, dirs);
    if (w > 1) d8Edge(z, w, h, r, w - 1, inv, dirs);
  }
  return dirs;
}

/** Whether z[from..to) are all finite: their sum of `v - v` is 0 exactly then (else NaN). */
function finiteRow(z: Float64Array, from: number, to: number): boolean {
  let t = 0;
  for (let i = from; i < to; i++) t += z[i] - z[i];
  return t === 0;
}

/**
 * One border cell of {@link flowDirectionsD8} (row 0 or h - 1, column 0 or w - 1): the
 * plain rule over the neighbours on the grid, the first strictly steepest positive slope
 * (-1 for a nodata cell).
 */
function d8Edge(
  z: Float64Array,
  w: number,
  h: number,
  r: number,
  c: number,
  inv: Float64Array,
  dirs: Int8Array,
) {
  const i = r * w + c, zi = z[i];
  if (zi !== zi) {
    dirs[i] = -1;
    return;
  }
  let best = -1, b = 0;
  for (let k = 0; k < 8; k++) {
    const rr = r + D8_DROW[k], cc = c + D8_DCOL[k];
    if (rr < 0 || rr >= h || cc < 0 || cc >= w) continue;
    const s = (zi - z[rr * w + cc]) * inv[k];
    if (s > b) {
      b = s;
      best = k;
    }
  }
  dirs[i] = best;
}

/**
 * One interior row of {@link flowDirectionsD8}. A function of its own so that V8 optimises it
 * as a whole, called once per row: an inner loop nested in the caller is compiled on stack
 * replacement and left at every row end, and a pass could then run unoptimised (seen as
 * 1 s instead of 0.1 s in a 2,000 × 2,000 pipeline).
 *
 * Branch-free (issue 29): the eight neighbours come through a 3 × 3 window slid along the
 * row (three loads per cell, not eight), and the steepest is chosen by a tournament whose
 * every comparison becomes a 0/1 mask (`-(+(a > b))`) selecting an index, never a jump:
 * on noisy terrain the plain `if (s > b)` chain mispredicts about every other cell. The
 * slopes go into `q[1..8]` (`q[0]` unused), so the winner's slope is `q[winner]`. A pair's
 * right side wins when it is strictly steeper or the left is NaN; the winner counts only when
 * steeper than 0. That is the sequential rule exactly: the first of the steepest positive
 * slopes, NaN (a nodata neighbour) never (tests/engines/geometry/water_speed_test.ts checks
 * it cell for cell against the plain version in bench/_water_reference.ts).
 */
function d8Row(
  z: Float64Array,
  w: number,
  r: number,
  dirs: Int8Array,
  q: Float64Array,
  i0: number,
  i1: number,
  i2: number,
  i3: number,
  i4: number,
  i5: number,
  i6: number,
  i7: number,
) {
  let i = r * w + 1;
  const end = r * w + w - 1;
  // The window: west column (nw, ww, sw), this column (nn, zi, ss); east loaded per cell.
  let nw = z[i - w - 1], ww = z[i - 1], sw = z[i + w - 1];
  let nn = z[i - w], zi = z[i], ss = z[i + w];
  for (; i < end; i++) {
    const ne = z[i - w + 1], ee = z[i + 1], se = z[i + w + 1];
    if (zi === zi) {
      const s0 = (zi - ee) * i0, s1 = (zi - se) * i1, s2 = (zi - ss) * i2, s3 = (zi - sw) * i3;
      const s4 = (zi - ww) * i4, s5 = (zi - nw) * i5, s6 = (zi - nn) * i6, s7 = (zi - ne) * i7;
      q[1] = s0;
      q[2] = s1;
      q[3] = s2;
      q[4] = s3;
      q[5] = s4;
      q[6] = s5;
      q[7] = s6;
      q[8] = s7;
      // Round one: pairs (E, SE), (S, SW), (W, NW), (N, NE), as q indices.
      const a = 1 + (+(s1 > s0) | +(s0 !== s0));
      const b = 3 + (+(s3 > s2) | +(s2 !== s2));
      const c = 5 + (+(s5 > s4) | +(s4 !== s4));
      const d = 7 + (+(s7 > s6) | +(s6 !== s6));
      let x = q[a], y = q[b];
      let m = -(+(y > x) | +(x !== x));
      const ab = (a & ~m) | (b & m);
      x = q[c];
      y = q[d];
      m = -(+(y > x) | +(x !== x));
      const cd = (c & ~m) | (d & m);
      x = q[ab];
      y = q[cd];
      m = -(+(y > x) | +(x !== x));
      const k = (ab & ~m) | (cd & m);
      // The winner's index − 1 when its slope is positive, else -1.
      dirs[i] = (k & -+(q[k] > 0)) - 1;
    }
    nw = nn;
    ww = zi;
    sw = ss;
    nn = ne;
    zi = ee;
    ss = se;
  }
}

/**
 * The eight slopes of one cell go into `Q[base..base + 8)` (D8 order) for the tournament of
 * {@link d8TriplesFinite}, three cells' worth: a module constant, so that V8 compiles its base
 * and length in (a parameter's are reloaded and checked as it spills). Synchronous use only.
 */
const Q = new Float64Array(24);

/**
 * {@link d8Row} for a row whose slopes cannot be NaN (rows r - 1, r and r + 1 all finite, the
 * last one checked here; finite positive reciprocal distances; see flowDirectionsD8), three
 * cells a step (issue 29): the same branch-free tournament without the NaN terms, the right
 * of a pair winning only when strictly steeper, so ties still go to the first in D8 order.
 * `ew`, `ns`, `dg` are the east-west, north-south and diagonal reciprocals. A step loads the
 * 3 × 3 cells east of the window and slides it by three columns. Its three cells go through
 * the tournament in phases, not one after another: first all 24 slopes are stored in `Q` with
 * their round-one winners (`a`..`d`, `base + pair·2 + (right steeper)`), then round two
 * (`ab`, `cd`) of all three, then the finals. Each round reads `Q` at indices that the round
 * before chose, and a load right after the store it reads waits for it: with one cell after
 * another (two a step, before) that wait was on every cell's path; in phases the stores are
 * done by the time the loads come (bench/water_figures.ts: ~10 % less CPU at 2,000², where a
 * loop with no `Q` at all took ~40 % less). A selection is `a ^ ((a ^ b) & mask)`; the
 * winner's direction is its index in D8 order (`& 7`), or -1 (`| (positive - 1)`) when its
 * slope, the largest, is not positive. Cells left at the row's end go through
 * {@link d8CellFinite}. Returns `t - t` for t the sum of row r + 1 (which it loads anyway):
 * 0 when all are finite, NaN for any NaN or ±∞ (or a sum that overflows, which only sends the
 * row to d8Row). A neighbour row must be finite too: a NaN at N (the left of the pair N, NE)
 * would beat NE, as one at S would beat SW.
 */
function d8TriplesFinite(
  z: Float64Array,
  w: number,
  r: number,
  dirs: Int8Array,
  ew: number,
  ns: number,
  dg: number,
): number {
  w = w | 0;
  let i = (r * w + 1) | 0;
  const end = (r * w + w - 1) | 0, up = (1 - w) | 0, down = (w + 1) | 0;
  // The window's west column (n0, m0, s0) and centre (n1, m1, s1): rows r - 1, r, r + 1.
  let n0 = z[i - w - 1], m0 = z[i - 1], s0 = z[i + w - 1];
  let n1 = z[i - w], m1 = z[i], s1 = z[i + w];
  let t = s0 + s1;
  const q = Q;
  for (const last = (end - 2) | 0; i < last; i = (i + 3) | 0) {
    // Cell i (m1): slopes to E, SE, S, SW, W, NW, N, NE at q[0..8).
    const m2 = z[(i + 1) | 0], s2 = z[(i + down) | 0], n2 = z[(i + up) | 0];
    t += s2;
    const la1 = (m1 - m2) * ew, ra1 = (m1 - s2) * dg;
    q[0] = la1;
    q[1] = ra1;
    const a1 = +(ra1 > la1);
    const lb1 = (m1 - s1) * ns, rb1 = (m1 - s0) * dg;
    q[2] = lb1;
    q[3] = rb1;
    const b1 = 2 + +(rb1 > lb1);
    const lc1 = (m1 - m0) * ew, rc1 = (m1 - n0) * dg;
    q[4] = lc1;
    q[5] = rc1;
    const c1 = 4 + +(rc1 > lc1);
    const ld1 = (m1 - n1) * ns, rd1 = (m1 - n2) * dg;
    q[6] = ld1;
    q[7] = rd1;
    const d1 = 6 + +(rd1 > ld1);
    // Cell i + 1 (m2) at q[8..16).
    const m3 = z[(i + 2) | 0], s3 = z[(i + down + 1) | 0], n3 = z[(i + up + 1) | 0];
    t += s3;
    const la2 = (m2 - m3) * ew, ra2 = (m2 - s3) * dg;
    q[8] = la2;
    q[9] = ra2;
    const a2 = 8 + +(ra2 > la2);
    const lb2 = (m2 - s2) * ns, rb2 = (m2 - s1) * dg;
    q[10] = lb2;
    q[11] = rb2;
    const b2 = 10 + +(rb2 > lb2);
    const lc2 = (m2 - m1) * ew, rc2 = (m2 - n1) * dg;
    q[12] = lc2;
    q[13] = rc2;
    const c2 = 12 + +(rc2 > lc2);
    const ld2 = (m2 - n2) * ns, rd2 = (m2 - n3) * dg;
    q[14] = ld2;
    q[15] = rd2;
    const d2 = 14 + +(rd2 > ld2);
    // Cell i + 2 (m3) at q[16..24).
    const m4 = z[(i + 3) | 0], s4 = z[(i + down + 2) | 0], n4 = z[(i + up + 2) | 0];
    t += s4;
    const la3 = (m3 - m4) * ew, ra3 = (m3 - s4) * dg;
    q[16] = la3;
    q[17] = ra3;
    const a3 = 16 + +(ra3 > la3);
    const lb3 = (m3 - s3) * ns, rb3 = (m3 - s2) * dg;
    q[18] = lb3;
    q[19] = rb3;
    const b3 = 18 + +(rb3 > lb3);
    const lc3 = (m3 - m2) * ew, rc3 = (m3 - n2) * dg;
    q[20] = lc3;
    q[21] = rc3;
    const c3 = 20 + +(rc3 > lc3);
    const ld3 = (m3 - n3) * ns, rd3 = (m3 - n4) * dg;
    q[22] = ld3;
    q[23] = rd3;
    const d3 = 22 + +(rd3 > ld3);
    // Round two, then the finals.
    const ab1 = a1 ^ ((a1 ^ b1) & -+(q[b1] > q[a1])), cd1 = c1 ^ ((c1 ^ d1) & -+(q[d1] > q[c1]));
    const ab2 = a2 ^ ((a2 ^ b2) & -+(q[b2] > q[a2])), cd2 = c2 ^ ((c2 ^ d2) & -+(q[d2] > q[c2]));
    const ab3 = a3 ^ ((a3 ^ b3) & -+(q[b3] > q[a3])), cd3 = c3 ^ ((c3 ^ d3) & -+(q[d3] > q[c3]));
    const k1 = ab1 ^ ((ab1 ^ cd1) & -+(q[cd1] > q[ab1]));
    dirs[i] = k1 | (+(q[k1] > 0) - 1);
    const k2 = ab2 ^ ((ab2 ^ cd2) & -+(q[cd2] > q[ab2]));
    dirs[(i + 1) | 0] = (k2 & 7) | (+(q[k2] > 0) - 1);
    const k3 = ab3 ^ ((ab3 ^ cd3) & -+(q[cd3] > q[ab3]));
    dirs[(i + 2) | 0] = (k3 & 7) | (+(q[k3] > 0) - 1);
    n0 = n3;
    m0 = m3;
    s0 = s3;
    n1 = n4;
    m1 = m4;
    s1 = s4;
  }
  for (; i < end; i = (i + 1) | 0) t += d8CellFinite(z, w, i, dirs, ew, ns, dg);
  return t - t;
}

/**
 * One cell of {@link d8TriplesFinite} (one of the last one or two of a row), its eight
 * neighbours loaded directly; the same tournament. Returns its south-east neighbour, the one
 * cell of row r + 1 the steps did not load.
 */
function d8CellFinite(
  z: Float64Array,
  w: number,
  i: number,
  dirs: Int8Array,
  ew: number,
  ns: number,
  dg: number,
): number {
  const q = Q, zi = z[i], se = z[i + w + 1];
  q[0] = (zi - z[i + 1]) * ew;
  q[1] = (zi - se) * dg;
  q[2] = (zi - z[i + w]) * ns;
  q[3] = (zi - z[i + w - 1]) * dg;
  q[4] = (zi - z[i - 1]) * ew;
  q[5] = (zi - z[i - w - 1]) * dg;
  q[6] = (zi - z[i - w]) * ns;
  q[7] = (zi - z[i - w + 1]) * dg;
  const a = +(q[1] > q[0]), b = 2 + +(q[3] > q[2]), c = 4 + +(q[5] > q[4]);
  const d = 6 + +(q[7] > q[6]);
  const ab = a ^ ((a ^ b) & -+(q[b] > q[a])), cd = c ^ ((c ^ d) & -+(q[d] > q[c]));
  const x = q[ab], y = q[cd];
  dirs[i] = (ab ^ ((ab ^ cd) & -+(y > x))) | ((+(x > 0) | +(y > 0)) - 1);
  return se;
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
 * topological order from the sources (in-degree zero, counted in an Int8Array), O(n), with
 * no recursion: counts walk each source downstream; weights keep Kahn's queue order.
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
  // In-degrees are 0..8 (and -1 once walked), so one byte each; the downstream cell is
  // recomputed from `dirs` rather than kept in an n-sized Int32Array.
  const indeg = new Int8Array(n);
  const { valid, weights } = opts;
  const step = Int32Array.from(D8_DROW, (r, k) => r * width + D8_DCOL[k]);
  if (!valid && !weights) {
    acc.fill(1);
    for (let i = 0; i < n; i++) {
      const k = dirs[i];
      if (k >= 0) indeg[i + step[k]]++;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const ok = valid ? valid[i] === 1 : true;
      acc[i] = ok ? (weights ? weights[i] : 1) : 0;
      const k = dirs[i];
      if (ok && k >= 0) indeg[i + step[k]]++;
    }
  }
  if (weights) {
    // Float sums depend on their order: Kahn's order, generation by generation.
    const queue = new Int32Array(n);
    let head = 0, tail = 0;
    for (let i = 0; i < n; i++) if (indeg[i] === 0) queue[tail++] = i;
    while (head < tail) {
      const i = queue[head++];
      const k = dirs[i];
      if (k < 0 || (valid && valid[i] !== 1)) continue;
      const d = i + step[k];
      acc[d] += acc[i];
      if (--indeg[d] === 0) queue[tail++] = d;
    }
    return acc;
  }
  // Whole counts add exactly in any order: each source walks downstream, handing on its
  // total, until a cell still waits for another inflow — neighbour to neighbour in memory.
  for (let i = 0; i < n; i += 0x10000) {
    checkpoint();
    if (valid) walkValid(dirs, step, indeg, acc, valid, i, Math.min(n, i + 0x10000));
    else walk(dirs, step, indeg, acc, i, Math.min(n, i + 0x10000));
  }
  return acc;
}

/**
 * The downstream walks of {@link flowAccumulation} from the sources among cells [from, to):
 * the running total stays in a register (`t`, the walked cell's count) rather than being read
 * back from `acc`, and a cell whose last inflow arrives is marked walked (-1) in one store.
 */
function walk(
  dirs: Int8Array,
  step: Int32Array,
  indeg: Int8Array,
  acc: Float64Array,
  from: number,
  to: number,
) {
  for (let i = from; i < to; i++) {
    if (indeg[i] !== 0) continue;
    let j = i, k = dirs[j], t = acc[j];
    while (k >= 0) {
      const d = j + step[k];
      t = acc[d] + t;
      acc[d] = t;
      const left = indeg[d] - 1;
      if (left !== 0) {
        indeg[d] = left;
        break;
      }
      indeg[d] = -1; // walked from here: the scan must not start it again
      j = d;
      k = dirs[j];
    }
  }
}

/** {@link walk} where cells with `valid` 0 pass nothing on. */
function walkValid(
  dirs: Int8Array,
  step: Int32Array,
  indeg: Int8Array,
  acc: Float64Array,
  valid: Uint8Array,
  from: number,
  to: number,
) {
  for (let i = from; i < to; i++) {
    if (indeg[i] !== 0) continue;
    let j = i, k = dirs[j], t = acc[j];
    while (k >= 0 && valid[j] === 1) {
      const d = j + step[k];
      t = acc[d] + t;
      acc[d] = t;
      const left = indeg[d] - 1;
      if (left !== 0) {
        indeg[d] = left;
        break;
      }
      indeg[d] = -1;
      j = d;
      k = dirs[j];
    }
  }
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
