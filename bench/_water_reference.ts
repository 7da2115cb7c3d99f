/**
 * The water engine's D8 flow directions and flow accumulation as they were before issue 29's
 * speed work (engines/geometry/water/flow.ts at commit ccd22ed), kept verbatim as the
 * reference the engine must match cell for cell (tests/engines/geometry/water_speed_test.ts)
 * and as the "before" case of bench/water_bench.ts. Not library code: nothing outside
 * tests/ and bench/ imports it.
 */
import { checkpoint } from "../ground/budget.ts";
import type { Grid } from "../ground/grid.ts";
import { D8_DCOL, D8_DROW } from "../engines/geometry/water/d8.ts";

/**
 * D8 flow directions (O'Callaghan & Mark 1984): each cell drains to the neighbour with the
 * steepest descent, drop / distance, with diagonals at √(dx² + dy²). A cell with no lower
 * neighbour gets -1: on an ε-filled grid only edge and nodata-adjacent cells do, and water
 * leaves the grid there. `cell_m` is [dx, dy] in metres. Ties go to the first in D8 order.
 * The interior runs unrolled with the reciprocal distances precomputed; only the border
 * checks bounds (a neighbour off the grid counts as nodata).
 */
export function flowDirectionsD8Reference(filled: Grid, cell_m: [number, number]): Int8Array {
  const { width: w, height: h, data: z } = filled;
  const [dx, dy] = cell_m;
  const inv = D8_DCOL.map((c, k) => 1 / Math.hypot(c * dx, D8_DROW[k] * dy));
  const i0 = inv[0], i1 = inv[1], i2 = inv[2], i3 = inv[3];
  const i4 = inv[4], i5 = inv[5], i6 = inv[6], i7 = inv[7];
  const dirs = new Int8Array(w * h).fill(-1);
  for (let r = 1; r < h - 1; r++) {
    if ((r & 63) === 0) checkpoint();
    d8Row(z, w, r, dirs, i0, i1, i2, i3, i4, i5, i6, i7);
  }
  const edge = (r: number, c: number) => {
    const i = r * w + c, zi = z[i];
    if (zi !== zi) return;
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
  };
  for (let c = 0; c < w; c++) {
    edge(0, c);
    if (h > 1) edge(h - 1, c);
  }
  for (let r = 1; r < h - 1; r++) {
    edge(r, 0);
    if (w > 1) edge(r, w - 1);
  }
  return dirs;
}

/**
 * One interior row of {@link flowDirectionsD8}. A function of its own so that V8 optimises it
 * as a whole, called once per row: an inner loop nested in the caller is compiled on stack
 * replacement and left at every row end, and a pass could then run unoptimised (seen as
 * 1 s instead of 0.1 s in a 2,000 × 2,000 pipeline).
 */
function d8Row(
  z: Float64Array,
  w: number,
  r: number,
  dirs: Int8Array,
  i0: number,
  i1: number,
  i2: number,
  i3: number,
  i4: number,
  i5: number,
  i6: number,
  i7: number,
) {
  for (let i = r * w + 1, end = r * w + w - 1; i < end; i++) {
    const zi = z[i];
    if (zi !== zi) continue;
    let best = -1, b = 0, s = (zi - z[i + 1]) * i0;
    if (s > b) {
      b = s;
      best = 0;
    }
    s = (zi - z[i + w + 1]) * i1;
    if (s > b) {
      b = s;
      best = 1;
    }
    s = (zi - z[i + w]) * i2;
    if (s > b) {
      b = s;
      best = 2;
    }
    s = (zi - z[i + w - 1]) * i3;
    if (s > b) {
      b = s;
      best = 3;
    }
    s = (zi - z[i - 1]) * i4;
    if (s > b) {
      b = s;
      best = 4;
    }
    s = (zi - z[i - w - 1]) * i5;
    if (s > b) {
      b = s;
      best = 5;
    }
    s = (zi - z[i - w]) * i6;
    if (s > b) {
      b = s;
      best = 6;
    }
    s = (zi - z[i - w + 1]) * i7;
    if (s > b) best = 7;
    dirs[i] = best;
  }
}

/**
 * Flow accumulation: for each cell, the number of cells (itself included) whose D8 path
 * passes through it — multiply by the cell area for the upslope area. Computed in
 * topological order from the sources (in-degree zero, counted in an Int8Array), O(n), with
 * no recursion: counts walk each source downstream; weights keep Kahn's queue order.
 * Nodata cells (`valid` 0) count 0. Weights, when given, replace the count of 1 per cell.
 */
export function flowAccumulationReference(
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
  for (let i = 0; i < n; i++) {
    if ((i & 0xffff) === 0) checkpoint();
    if (indeg[i] !== 0) continue;
    let j = i, k = dirs[j];
    while (k >= 0 && (!valid || valid[j] === 1)) {
      const d = j + step[k];
      acc[d] += acc[j];
      if (--indeg[d] !== 0) break;
      indeg[d] = -1; // walked from here: the scan must not start it again
      j = d;
      k = dirs[j];
    }
  }
  return acc;
}

/**
 * D8 flow directions as issue 29's first speed pass left them (engines/geometry/water/flow.ts
 * at commit 29af8eb: the branch-free tournament with NaN terms on every row), kept verbatim as
 * the "D8 previous" case of bench/water_figures.ts and compared cell for cell in
 * tests/engines/geometry/water_speed_test.ts.
 */
export function flowDirectionsD8Tournament(filled: Grid, cell_m: [number, number]): Int8Array {
  const { width: w, height: h, data: z } = filled;
  const [dx, dy] = cell_m;
  const inv = D8_DCOL.map((c, k) => 1 / Math.hypot(c * dx, D8_DROW[k] * dy));
  const i0 = inv[0], i1 = inv[1], i2 = inv[2], i3 = inv[3];
  const i4 = inv[4], i5 = inv[5], i6 = inv[6], i7 = inv[7];
  const dirs = new Int8Array(w * h).fill(-1);
  const q = new Float64Array(9);
  for (let r = 1; r < h - 1; r++) {
    if ((r & 63) === 0) checkpoint();
    d8RowTournament(z, w, r, dirs, q, i0, i1, i2, i3, i4, i5, i6, i7);
  }
  const edge = (r: number, c: number) => {
    const i = r * w + c, zi = z[i];
    if (zi !== zi) return;
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
  };
  for (let c = 0; c < w; c++) {
    edge(0, c);
    if (h > 1) edge(h - 1, c);
  }
  for (let r = 1; r < h - 1; r++) {
    edge(r, 0);
    if (w > 1) edge(r, w - 1);
  }
  return dirs;
}

/**
 * One interior row of {@link flowDirectionsD8Tournament}. A function of its own so that V8 optimises it
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
function d8RowTournament(
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
 * D8 flow directions as issue 29's second speed pass left them (engines/geometry/water/flow.ts
 * at commit ff1924c: rows whose window is all finite take a tournament without NaN tests,
 * eight reciprocal distances, the window's finiteness summed over all nine cells), kept
 * verbatim as the "D8 previous" case of bench/water_figures.ts and compared cell for cell in
 * tests/engines/geometry/water_speed_test.ts.
 */
export function flowDirectionsD8FiniteRows(filled: Grid, cell_m: [number, number]): Int8Array {
  const { width: w, height: h, data: z } = filled;
  const [dx, dy] = cell_m;
  const inv = D8_DCOL.map((c, k) => 1 / Math.hypot(c * dx, D8_DROW[k] * dy));
  const i0 = inv[0], i1 = inv[1], i2 = inv[2], i3 = inv[3];
  const i4 = inv[4], i5 = inv[5], i6 = inv[6], i7 = inv[7];
  const dirs = new Int8Array(w * h).fill(-1);
  const q = new Float64Array(9);
  // With finite positive reciprocal distances, a row whose cells and both neighbour rows are
  // all finite has no NaN slope (finite - finite may overflow to ±∞, never NaN): d8RowFinite
  // computes it without NaN tests and says whether it was such a row; if not, the row is
  // cleared and redone by d8Row, which tests for NaN.
  const invOk = inv.every((v) => v > 0 && v < Infinity);
  for (let r = 1; r < h - 1; r++) {
    if ((r & 63) === 0) checkpoint();
    if (invOk && d8RowFiniteRows(z, w, r, dirs, q, i0, i1, i2, i3, i4, i5, i6, i7) === 0) continue;
    dirs.fill(-1, r * w + 1, r * w + w - 1);
    d8RowNaN(z, w, r, dirs, q, i0, i1, i2, i3, i4, i5, i6, i7);
  }
  const edge = (r: number, c: number) => {
    const i = r * w + c, zi = z[i];
    if (zi !== zi) return;
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
  };
  for (let c = 0; c < w; c++) {
    edge(0, c);
    if (h > 1) edge(h - 1, c);
  }
  for (let r = 1; r < h - 1; r++) {
    edge(r, 0);
    if (w > 1) edge(r, w - 1);
  }
  return dirs;
}

/**
 * One interior row of {@link flowDirectionsD8FiniteRows}. A function of its own so that V8 optimises it
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
function d8RowNaN(
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
 * {@link d8RowNaN} for a row whose slopes cannot be NaN (its own row and both neighbours all
 * finite, finite positive reciprocal distances; see flowDirectionsD8): the same tournament
 * without the NaN terms, the right of a pair winning only when strictly steeper, so ties still
 * go to the first in D8 order. Returns the sum of `v - v` over the window's cells, 0 exactly
 * when all are finite (NaN for NaN and ±∞): otherwise what it wrote is to be discarded.
 * About half d8Row's time (bench/water_figures.ts, issue 29).
 */
function d8RowFiniteRows(
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
): number {
  let i = r * w + 1;
  const end = r * w + w - 1;
  let nw = z[i - w - 1], ww = z[i - 1], sw = z[i + w - 1];
  let nn = z[i - w], zi = z[i], ss = z[i + w];
  let t = (nw - nw) + (ww - ww) + (sw - sw) + (nn - nn) + (zi - zi) + (ss - ss);
  for (; i < end; i++) {
    const ne = z[i - w + 1], ee = z[i + 1], se = z[i + w + 1];
    t += (ne - ne) + (ee - ee) + (se - se);
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
    const a = 1 + +(s1 > s0), b = 3 + +(s3 > s2), c = 5 + +(s5 > s4), d = 7 + +(s7 > s6);
    let m = -+(q[b] > q[a]);
    const ab = (a & ~m) | (b & m);
    m = -+(q[d] > q[c]);
    const cd = (c & ~m) | (d & m);
    m = -+(q[cd] > q[ab]);
    const k = (ab & ~m) | (cd & m);
    dirs[i] = (k & -+(q[k] > 0)) - 1;
    nw = nn;
    ww = zi;
    sw = ss;
    nn = ne;
    zi = ee;
    ss = se;
  }
  return t;
}

/**
 * D8 flow directions as issue 29's third speed pass left them (engines/geometry/water/flow.ts
 * at commit d938daa: finite rows through a one-cell-a-step tournament with three reciprocal
 * distances and the next row's finiteness summed in the loop; NaN rows through d8RowNaN, the
 * same as then), kept verbatim as the "D8 third" case of bench/water_figures.ts and compared
 * cell for cell in tests/engines/geometry/water_speed_test.ts.
 *
 * Its original comment:
 *
 * > D8 flow directions (O'Callaghan & Mark 1984): each cell drains to the neighbour with the
 * > steepest descent, drop / distance, with diagonals at √(dx² + dy²). A cell with no lower
 * > neighbour gets -1: on an ε-filled grid only edge and nodata-adjacent cells do, and water
 * > leaves the grid there. `cell_m` is [dx, dy] in metres. Ties go to the first in D8 order.
 * > The interior runs unrolled and branch-free with the reciprocal distances precomputed (see
 * > d8Row, and d8RowFinite where no slope can be NaN); the border cells, whose neighbours off
 * > the grid count as nodata, go through d8Edge. Its speed is bench/water_figures.ts's "D8"
 * > rows against the same loop in C++ (g++ -O2).
 */
export function flowDirectionsD8ThirdPass(filled: Grid, cell_m: [number, number]): Int8Array {
  const { width: w, height: h, data: z } = filled;
  const [dx, dy] = cell_m;
  const inv = Float64Array.from(D8_DCOL, (c, k) => 1 / Math.hypot(c * dx, D8_DROW[k] * dy));
  const i0 = inv[0], i1 = inv[1], i2 = inv[2], i3 = inv[3];
  const i4 = inv[4], i5 = inv[5], i6 = inv[6], i7 = inv[7];
  const dirs = new Int8Array(w * h).fill(-1);
  const q = new Float64Array(9);
  // With finite positive reciprocal distances, a row whose cells and both neighbour rows are
  // all finite has no NaN slope (finite - finite may overflow to ±∞, never NaN): d8RowFinite
  // computes it without NaN tests. It needs only three reciprocals, east-west (i0 = i4),
  // north-south (i2 = i6) and diagonal (i1 = i3 = i5 = i7): Math.hypot ignores signs, so they
  // are the same numbers, checked here. `fa`, `fb`: rows r - 1 and r are all finite;
  // d8RowFinite says the same of row r + 1, and a row written before that turned out false
  // is cleared and redone by d8Row, which tests for NaN.
  const fast = i0 > 0 && i0 < Infinity && i1 > 0 && i1 < Infinity && i2 > 0 &&
    i2 < Infinity && i4 === i0 && i6 === i2 && i3 === i1 && i5 === i1 && i7 === i1;
  let fa = h > 2 && finiteRowThird(z, 0, w), fb = h > 2 && finiteRowThird(z, w, 2 * w);
  for (let r = 1; r < h - 1; r++) {
    if ((r & 63) === 0) checkpoint();
    let fc: boolean;
    if (fast && fa && fb) {
      fc = d8RowFiniteThird(z, w, r, dirs, q, i0, i2, i1) === 0;
      if (!fc) {
        dirs.fill(-1, r * w + 1, r * w + w - 1);
        d8RowNaN(z, w, r, dirs, q, i0, i1, i2, i3, i4, i5, i6, i7);
      }
    } else {
      d8RowNaN(z, w, r, dirs, q, i0, i1, i2, i3, i4, i5, i6, i7);
      fc = finiteRowThird(z, (r + 1) * w, (r + 2) * w);
    }
    fa = fb;
    fb = fc;
  }
  for (let c = 0; c < w; c++) {
    d8EdgeThird(z, w, h, 0, c, inv, dirs);
    if (h > 1) d8EdgeThird(z, w, h, h - 1, c, inv, dirs);
  }
  for (let r = 1; r < h - 1; r++) {
    d8EdgeThird(z, w, h, r, 0, inv, dirs);
    if (w > 1) d8EdgeThird(z, w, h, r, w - 1, inv, dirs);
  }
  return dirs;
}

/** Whether z[from..to) are all finite: their sum of `v - v` is 0 exactly then (else NaN). */
function finiteRowThird(z: Float64Array, from: number, to: number): boolean {
  let t = 0;
  for (let i = from; i < to; i++) t += z[i] - z[i];
  return t === 0;
}

/**
 * One border cell of {@link flowDirectionsD8ThirdPass} (row 0 or h - 1, column 0 or w - 1): the
 * plain rule over the neighbours on the grid, the first strictly steepest positive slope.
 */
function d8EdgeThird(
  z: Float64Array,
  w: number,
  h: number,
  r: number,
  c: number,
  inv: Float64Array,
  dirs: Int8Array,
) {
  const i = r * w + c, zi = z[i];
  if (zi !== zi) return;
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
 * {@link d8RowNaN} for a row whose slopes cannot be NaN (rows r - 1, r and r + 1 all finite, the
 * last one checked here; finite positive reciprocal distances; see flowDirectionsD8): the same tournament without the NaN
 * terms, the right of a pair winning only when strictly steeper, so ties still go to the first
 * in D8 order. `ew`, `ns`, `dg` are the east-west, north-south and diagonal reciprocals (three
 * registers, not eight: V8 otherwise spills the window to the stack). Round three compares
 * the round-two winners' slopes, read back from `q`, and the winner counts when either is
 * positive (the larger of two numbers is positive exactly when one of them is), which saves
 * reading the winner's slope. Returns the sum of `v - v` over row r + 1 (which it loads
 * anyway), 0 exactly when all are finite (NaN for NaN and ±∞); the caller knows rows r - 1
 * and r. The loop indices stay 32-bit integers (`| 0`). A neighbour row must be finite too: a
 * NaN at N (the left of the pair N, NE) would beat NE, as one at S would beat SW.
 */
function d8RowFiniteThird(
  z: Float64Array,
  w: number,
  r: number,
  dirs: Int8Array,
  q: Float64Array,
  ew: number,
  ns: number,
  dg: number,
): number {
  w = w | 0;
  let i = (r * w + 1) | 0;
  const end = (r * w + w - 1) | 0, up = (1 - w) | 0, down = (w + 1) | 0;
  let nw = z[i - w - 1], ww = z[i - 1], sw = z[i + w - 1];
  let nn = z[i - w], zi = z[i], ss = z[i + w];
  let t = (sw - sw) + (ss - ss);
  for (; i < end; i = (i + 1) | 0) {
    const ne = z[(i + up) | 0], ee = z[(i + 1) | 0], se = z[(i + down) | 0];
    t += se - se;
    const s0 = (zi - ee) * ew, s1 = (zi - se) * dg, s2 = (zi - ss) * ns, s3 = (zi - sw) * dg;
    const s4 = (zi - ww) * ew, s5 = (zi - nw) * dg, s6 = (zi - nn) * ns, s7 = (zi - ne) * dg;
    q[1] = s0;
    q[2] = s1;
    q[3] = s2;
    q[4] = s3;
    q[5] = s4;
    q[6] = s5;
    q[7] = s6;
    q[8] = s7;
    const a = 1 + +(s1 > s0), b = 3 + +(s3 > s2), c = 5 + +(s5 > s4), d = 7 + +(s7 > s6);
    let m = -+(q[b] > q[a]);
    const ab = (a & ~m) | (b & m);
    m = -+(q[d] > q[c]);
    const cd = (c & ~m) | (d & m);
    const x = q[ab], y = q[cd];
    m = -+(y > x);
    const k = (ab & ~m) | (cd & m);
    dirs[i] = (k & -(+(x > 0) | +(y > 0))) - 1;
    nw = nn;
    ww = zi;
    sw = ss;
    nn = ne;
    zi = ee;
    ss = se;
  }
  return t;
}
