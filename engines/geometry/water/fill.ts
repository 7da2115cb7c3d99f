/**
 * Depression filling by priority-flood: Barnes, Lehman & Mulla (2014), "Priority-Flood: An
 * optimal depression-filling and watershed-labeling algorithm for digital elevation models",
 * Computers & Geosciences 62 (Algorithm 2 "improved" with a plain pit queue; Algorithm 3
 * "+ε"), with Zhou, Sun & Fu (2016), "An efficient variant of the Priority-Flood algorithm",
 * Computers & Geosciences 90 (slope cells off the queue). NaN cells are nodata and act as
 * outlets, as the grid's edge does. The speed is bench/water_bench.ts's "fill" group against
 * the iterative Planchon & Darboux (2001) baseline in bench/_water_baseline.ts.
 */
import { checkpoint } from "../../../ground/budget.ts";
import type { Grid } from "../../../ground/grid.ts";

// --- a monotone bucket queue of cell indices keyed by elevation ---------------------------

/** Entries per storage chunk of a coarse band. */
const CHUNK = 32;

/** Chunks the pool starts with (128 Ki entries); it doubles when they run out. */
const INITIAL_CHUNKS = 4096;

/** Initial length of fillDepressionsBarnes' pit queue and slope stack; they double when full. */
const SCRATCH = 4096;

/** Fine bands per coarse band: 2^6. */
const SHIFT = 6, MASK = (1 << SHIFT) - 1;

/**
 * The priority queue of priority-flood. Pops never go below the last pop (every push is at
 * or above the cell being processed), so it is a monotone bucket queue: the elevation range
 * is cut into fine bands, and the band being drained is a binary heap for the exact order
 * inside it. Each fine band is a last-in-first-out list, drained into the heap when the heap
 * runs dry, so equal elevations leave in one fixed order (ε-filled flats depend on it).
 *
 * Storage is two-level so that no step chases links across the grid: a fine band of a later
 * coarse band (64 fine bands) is appended to that coarse band's list of fixed-size chunks
 * (contiguous, recycled); when the queue reaches a coarse band its entries are dealt, in push
 * order, onto small per-fine-band stacks, and pushes into the current coarse band go onto
 * those stacks directly. The result is the same pop order as one linked list per fine band.
 */
interface BandQueue {
  zmin: number;
  perM: number;
  bands: number;
  /** The fine band the heap holds; every band below it is empty. */
  band: number;
  coarseHead: Int32Array;
  coarseTail: Int32Array;
  coarseFill: Int32Array;
  chunkNext: Int32Array;
  poolKey: Float64Array;
  poolCell: Int32Array;
  /** Free-chunk stack (linked through chunkNext), then never-used chunks from `fresh`. */
  free: number;
  fresh: number;
  /** Stacks of the current coarse band's fine bands: heads, then linked entries. */
  fineHead: Int32Array;
  localKey: Float64Array;
  localCell: Int32Array;
  localNext: Int32Array;
  localSize: number;
  heapKey: Float64Array;
  heapCell: Int32Array;
  size: number;
  /** The key of the last pop. */
  top: number;
}

function bandQueue(n: number, zmin: number, zmax: number): BandQueue {
  const bands = Math.max(1, Math.min(1 << 20, n >> 2));
  const coarse = ((bands - 1) >> SHIFT) + 1;
  // The pool grows on demand (see bqPush): chunks are recycled, so it holds the queue's peak
  // (about a tenth of the cells on a real DEM), not n entries up front.
  const chunks = Math.min(Math.ceil(n / CHUNK) + coarse, INITIAL_CHUNKS);
  return {
    zmin,
    perM: zmax > zmin ? bands / (zmax - zmin) : 0,
    bands,
    band: 0,
    coarseHead: new Int32Array(coarse).fill(-1),
    coarseTail: new Int32Array(coarse),
    coarseFill: new Int32Array(coarse),
    chunkNext: new Int32Array(chunks),
    poolKey: new Float64Array(chunks * CHUNK),
    poolCell: new Int32Array(chunks * CHUNK),
    free: -1,
    fresh: 0,
    fineHead: new Int32Array(MASK + 1).fill(-1),
    localKey: new Float64Array(1024),
    localCell: new Int32Array(1024),
    localNext: new Int32Array(1024),
    localSize: 0,
    heapKey: new Float64Array(1024),
    heapCell: new Int32Array(1024),
    size: 0,
    top: NaN,
  };
}

function heapPush(q: BandQueue, cell: number, key: number) {
  if (q.size === q.heapKey.length) {
    const k2 = new Float64Array(q.size * 2), c2 = new Int32Array(q.size * 2);
    k2.set(q.heapKey);
    c2.set(q.heapCell);
    q.heapKey = k2;
    q.heapCell = c2;
  }
  const hk = q.heapKey, hc = q.heapCell;
  let p = q.size++;
  while (p > 0) {
    const parent = (p - 1) >> 1;
    const kp = hk[parent];
    if (kp <= key) break;
    hk[p] = kp;
    hc[p] = hc[parent];
    p = parent;
  }
  hk[p] = key;
  hc[p] = cell;
}

/** Pushes onto the stack of fine band `b` of the current coarse band. */
function finePush(q: BandQueue, b: number, cell: number, key: number) {
  if (q.localSize === q.localKey.length) {
    const len = q.localSize * 2;
    const k2 = new Float64Array(len), c2 = new Int32Array(len), n2 = new Int32Array(len);
    k2.set(q.localKey);
    c2.set(q.localCell);
    n2.set(q.localNext);
    q.localKey = k2;
    q.localCell = c2;
    q.localNext = n2;
  }
  const e = q.localSize++;
  q.localKey[e] = key;
  q.localCell[e] = cell;
  q.localNext[e] = q.fineHead[b & MASK];
  q.fineHead[b & MASK] = e;
}

/** The fine band of elevation `key`: NaN for infinite data, which then goes to the heap. */
function fineBand(q: BandQueue, key: number): number {
  return Math.min(q.bands - 1, Math.floor((key - q.zmin) * q.perM));
}

/** Queues `cell` at elevation `key`, which must not be below the last pop. */
function bqPush(q: BandQueue, cell: number, key: number) {
  const b = fineBand(q, key);
  if (!(b > q.band)) heapPush(q, cell, key);
  else if (b >> SHIFT === q.band >> SHIFT) finePush(q, b, cell, key);
  else {
    const cb = b >> SHIFT;
    let t = q.coarseTail[cb], f = q.coarseFill[cb];
    if (f === CHUNK || q.coarseHead[cb] < 0) {
      let ch = q.free;
      if (ch >= 0) q.free = q.chunkNext[ch];
      else {
        ch = q.fresh++;
        if (ch === q.chunkNext.length) growPool(q);
      }
      q.chunkNext[ch] = -1;
      if (q.coarseHead[cb] < 0) q.coarseHead[cb] = ch;
      else q.chunkNext[t] = ch;
      q.coarseTail[cb] = t = ch;
      f = 0;
    }
    const e = t * CHUNK + f;
    q.poolKey[e] = key;
    q.poolCell[e] = cell;
    q.coarseFill[cb] = f + 1;
  }
}

/** Doubles the chunk pool, keeping its contents (chunk numbers stay valid). */
function growPool(q: BandQueue) {
  const chunks = q.chunkNext.length * 2;
  const next = new Int32Array(chunks), key = new Float64Array(chunks * CHUNK);
  const cell = new Int32Array(chunks * CHUNK);
  next.set(q.chunkNext);
  key.set(q.poolKey);
  cell.set(q.poolCell);
  q.chunkNext = next;
  q.poolKey = key;
  q.poolCell = cell;
}

/** Pops the lowest cell (its key in `q.top`), or -1 when the queue is empty. */
function bqPop(q: BandQueue): number {
  while (q.size === 0) {
    if (q.band >= q.bands - 1) return -1;
    const b = ++q.band;
    if ((b & MASK) === 0) {
      // A new coarse band: deal its chunks, in push order, onto the fine stacks.
      q.localSize = 0;
      const cb = b >> SHIFT;
      for (let ch = q.coarseHead[cb]; ch >= 0;) {
        const cnt = ch === q.coarseTail[cb] ? q.coarseFill[cb] : CHUNK;
        for (let e = ch * CHUNK, end = e + cnt; e < end; e++) {
          const key = q.poolKey[e];
          finePush(q, fineBand(q, key), q.poolCell[e], key);
        }
        const nx = q.chunkNext[ch];
        q.chunkNext[ch] = q.free;
        q.free = ch;
        ch = nx;
      }
      q.coarseHead[cb] = -1;
    }
    for (let e = q.fineHead[b & MASK]; e >= 0; e = q.localNext[e]) {
      heapPush(q, q.localCell[e], q.localKey[e]);
    }
    q.fineHead[b & MASK] = -1;
  }
  const hk = q.heapKey, hc = q.heapCell;
  const cell = hc[0];
  q.top = hk[0];
  const m = --q.size;
  if (m === 0) return cell;
  const lc = hc[m], lk = hk[m];
  let p = 0;
  for (;;) {
    let ch = 2 * p + 1;
    if (ch >= m) break;
    if (ch + 1 < m && hk[ch + 1] < hk[ch]) ch++;
    const kc = hk[ch];
    if (kc >= lk) break;
    hk[p] = kc;
    hc[p] = hc[ch];
    p = ch;
  }
  hk[p] = lk;
  hc[p] = lc;
  return cell;
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
 * queue as in Zhou et al. (2016): a cell with no open neighbour at or below its own level
 * goes on a plain stack, processed before the pit queue and the priority queue. The priority
 * queue is a monotone bucket queue (see {@link BandQueue}); queues carry each cell's level
 * with it. A closed cell is marked in a bit mask, tested first (1/64 of the size of the
 * 8-byte levels, so it stays in cache), and set to NaN in the working copy, so "open and at most x"
 * on a neighbour's neighbours is one comparison. The pit queue, the slope stack and the
 * queue's chunk pool start small and double when full: besides the result, the only n-sized
 * allocations are the padded working copy and the bit mask.
 * Returns a new Grid; NaN stays NaN. 8-connected.
 */
export function fillDepressionsBarnes(grid: Grid, opts: { epsilon?: boolean } = {}): Grid {
  const { width: w, height: h } = grid;
  const pw = w + 2, n = pw * (h + 2);
  // Working copy inside a one-cell NaN frame: every neighbour exists. A cell is set to NaN
  // when it is closed, so "open and at most x" is the single test zw[m] <= x (NaN fails).
  const zw = padded(grid);
  // The result, unpadded: only raised cells are written (padded cell R·pw + C is
  // (R − 1)·w + C − 1 = i − pw + 1 − 2R here).
  const out = grid.data.slice();
  const o0 = 1, o1 = pw + 1, o2 = pw, o3 = pw - 1, o4 = -1, o5 = -pw - 1, o6 = -pw, o7 = -pw + 1;
  const eps = !!opts.epsilon;

  let nodata = false, zmin = Infinity, zmax = -Infinity;
  const src = grid.data;
  for (let i = 0; i < src.length; i++) {
    const v = src[i];
    if (v !== v) nodata = true;
    else {
      if (v < zmin) zmin = v;
      if (v > zmax) zmax = v;
    }
  }
  const q = bandQueue(n, zmin, zmax);
  const seeds = new Int32Array(nodata ? n : 2 * (w + h));
  let ns = 0;
  if (nodata) {
    // Data cells next to nodata or the frame, in row order.
    for (let r = 1; r <= h; r++) {
      for (let i = r * pw + 1, end = r * pw + w + 1; i < end; i++) {
        const zi = zw[i];
        if (zi !== zi) continue;
        if (
          zw[i + o0] !== zw[i + o0] || zw[i + o1] !== zw[i + o1] || zw[i + o2] !== zw[i + o2] ||
          zw[i + o3] !== zw[i + o3] || zw[i + o4] !== zw[i + o4] || zw[i + o5] !== zw[i + o5] ||
          zw[i + o6] !== zw[i + o6] || zw[i + o7] !== zw[i + o7]
        ) seeds[ns++] = i;
      }
    }
  } else {
    // The grid's edge cells, in the same row order: no full pass over the grid.
    for (let r = 1; r <= h; r++) {
      const first = r * pw + 1, last = r * pw + w;
      if (r === 1 || r === h) { for (let i = first; i <= last; i++) seeds[ns++] = i; }
      else {
        seeds[ns++] = first;
        if (last !== first) seeds[ns++] = last;
      }
    }
  }
  // Closed cells as one bit each, read before the 8-byte level: most neighbours of a
  // processed cell are closed already, and at n/8 bytes (0.5 MB for 2,000 × 2,000) this
  // mask stays in the processor's cache while the queue's pops jump across the grid; a byte
  // per cell measured ~20 % slower there. Frame and nodata cells are marked on sight.
  const closed = new Int32Array((n >> 5) + 1);
  for (let s = 0; s < ns; s++) {
    const i = seeds[s], zi = zw[i];
    zw[i] = NaN;
    closed[i >> 5] |= 1 << (i & 31);
    bqPush(q, i, zi);
  }

  // Raised cells: a plain FIFO (Barnes' pit queue), each with its new level. It and the
  // stack below start small and grow on demand (they hold a few hundred cells at a time on a
  // real DEM): n-sized arrays would cost their zeroing and page faults on every call.
  let pit = new Int32Array(SCRATCH), pitZ = new Float64Array(SCRATCH);
  let pitHead = 0, pitTail = 0;
  // Slope cells that need no raising and have no open neighbour at or below their own
  // spill level are processed at once from a plain stack instead of the queue (Zhou, Sun &
  // Fu 2016, "An efficient variant of the Priority-Flood algorithm", Computers &
  // Geosciences 90): their level is their own elevation whatever the order.
  let trace = new Int32Array(SCRATCH), traceZ = new Float64Array(SCRATCH);
  let traceTop = 0;
  const off = Int32Array.of(o0, o1, o2, o3, o4, o5, o6, o7);
  // No closures below: counters a closure mutates live in a heap context in V8, and this
  // loop runs once per cell.
  let spins = 0;
  for (;;) {
    // The run's budget (ground/budget.ts), every 65,536 cells: a cancel is seen within ms.
    if ((++spins & 0xffff) === 0) checkpoint();
    let c: number, zc: number;
    if (traceTop > 0) {
      c = trace[--traceTop];
      zc = traceZ[traceTop];
    } else if (pitHead < pitTail) {
      c = pit[pitHead];
      zc = pitZ[pitHead++];
      if (pitHead === pitTail) pitHead = pitTail = 0;
    } else {
      c = bqPop(q);
      if (c < 0) break;
      zc = q.top;
    }
    const spill = eps ? stepUp(zc) : zc;
    for (let k = 0; k < 8; k++) {
      const nb = c + off[k];
      const bw = closed[nb >> 5], bit = 1 << (nb & 31);
      if ((bw & bit) !== 0) continue;
      closed[nb >> 5] = bw | bit;
      const zn = zw[nb];
      if (zn !== zn) continue;
      zw[nb] = NaN;
      if (zn <= spill) {
        out[nb - pw + 1 - 2 * ((nb / pw) | 0)] = spill;
        if (pitTail === pit.length) {
          // Full: slide the live part [pitHead, pitTail) to the front, or double when it
          // fills the array. FIFO order is kept.
          if (pitHead > pitTail >> 1) {
            pit.copyWithin(0, pitHead, pitTail);
            pitZ.copyWithin(0, pitHead, pitTail);
          } else {
            const p2 = new Int32Array(pit.length * 2), z2 = new Float64Array(pit.length * 2);
            p2.set(pit.subarray(pitHead, pitTail));
            z2.set(pitZ.subarray(pitHead, pitTail));
            pit = p2;
            pitZ = z2;
          }
          pitTail -= pitHead;
          pitHead = 0;
        }
        pit[pitTail] = nb;
        pitZ[pitTail++] = spill;
        continue;
      }
      const up = eps ? stepUp(zn) : zn;
      if (
        zw[nb + o0] <= up || zw[nb + o1] <= up || zw[nb + o2] <= up || zw[nb + o3] <= up ||
        zw[nb + o4] <= up || zw[nb + o5] <= up || zw[nb + o6] <= up || zw[nb + o7] <= up
      ) {
        bqPush(q, nb, zn);
      } else {
        if (traceTop === trace.length) {
          const t2 = new Int32Array(traceTop * 2), z2 = new Float64Array(traceTop * 2);
          t2.set(trace);
          z2.set(traceZ);
          trace = t2;
          traceZ = z2;
        }
        trace[traceTop] = nb;
        traceZ[traceTop++] = zn;
      }
    }
  }
  return { ...grid, data: out };
}

/** The grid's values inside a one-cell NaN frame, (w + 2) × (h + 2). */
function padded(grid: Grid): Float64Array {
  const { width: w, height: h, data } = grid;
  const pw = w + 2;
  const z = new Float64Array(pw * (h + 2));
  z.fill(NaN, 0, pw + 1);
  for (let r = 0; r < h; r++) {
    const at = (r + 1) * pw + 1;
    z.set(data.subarray(r * w, r * w + w), at);
    z[at + w] = z[at + w + 1] = NaN; // east frame of this row, west frame of the next
  }
  z.fill(NaN, (h + 1) * pw);
  return z;
}
