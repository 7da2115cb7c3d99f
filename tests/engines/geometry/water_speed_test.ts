/**
 * Issue 29's speed work on the water engine changed how D8 and accumulation compute, not what:
 * each is compared cell for cell (Object.is, so NaN and -0 count) with the plain version from
 * before (bench/_water_reference.ts) on grids made to break a branch-free rewrite — exact ties
 * between neighbours (small whole elevations, square cells so diagonals tie too), NaN and
 * ±Infinity cells, one-row and one-column grids — and on the pysheds DEM filled with +ε.
 */
import { assert, assertEquals } from "../../_assert.ts";
import { sharedData } from "../../_data.ts";
import { readGeoTiff } from "../../../engines/aerial/geotiff.ts";
import { cellSize_m } from "../../../engines/aerial/sample.ts";
import type { Grid } from "../../../ground/grid.ts";
import {
  fillDepressionsBarnes,
  flowAccumulation,
  flowDirectionsD8,
} from "../../../engines/geometry/water/mod.ts";
import {
  flowAccumulationReference,
  flowDirectionsD8FiniteRows,
  flowDirectionsD8Reference,
  flowDirectionsD8ThirdPass,
  flowDirectionsD8Tournament,
} from "../../../bench/_water_reference.ts";

/** A linear congruential generator (Numerical Recipes constants): fixed inputs every run. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function grid(width: number, height: number, data: Float64Array): Grid {
  return { width, height, data, transform: [0, 1, 0, 0, 0, -1], crs: "local" };
}

/** Cells differing between two arrays (Object.is), as "index: a vs b", at most five. */
function differences(a: ArrayLike<number>, b: ArrayLike<number>): string[] {
  const out: string[] = [];
  if (a.length !== b.length) return [`length ${a.length} vs ${b.length}`];
  for (let i = 0; i < a.length && out.length < 5; i++) {
    if (!Object.is(a[i], b[i])) out.push(`${i}: ${a[i]} vs ${b[i]}`);
  }
  return out;
}

/** Whole elevations 0..levels-1 with a share of NaN, +Infinity and -Infinity cells. */
function tricky(w: number, h: number, seed: number, levels: number, odd: number): Float64Array {
  const rnd = lcg(seed);
  return Float64Array.from({ length: w * h }, () => {
    const u = rnd();
    if (u < odd) return NaN;
    if (u < odd * 1.2) return Infinity;
    if (u < odd * 1.4) return -Infinity;
    return Math.floor(rnd() * levels);
  });
}

const SIZES = [[1, 1], [1, 7], [7, 1], [2, 2], [3, 3], [4, 9], [31, 17], [64, 64]] as const;
const CELLS: [number, number][] = [[1, 1], [30, 30], [2, 3], [92.4, 78.2]];

Deno.test("water speed: D8 equals the plain version on ties, NaN and ±Infinity", () => {
  let cells = 0, ties = 0;
  for (const [w, h] of SIZES) {
    for (const [s, levels, odd] of [[1, 2, 0], [2, 3, 0.05], [3, 5, 0.2], [4, 1000, 0.02]]) {
      const g = grid(w, h, tricky(w, h, s * 97 + w * 13 + h, levels, odd));
      for (const cell of CELLS) {
        const got = flowDirectionsD8(g, cell), want = flowDirectionsD8Reference(g, cell);
        assertEquals(differences(got, want), [], `${w}×${h}, seed ${s}, cell ${cell}`);
        cells += got.length;
        if (cell[0] === cell[1] && levels <= 3) ties += got.length;
      }
    }
  }
  assert.ok(cells > 20_000 && ties > 5_000, `${cells} cells, ${ties} on tie-prone grids`);
});

/**
 * Finite whole elevations with NaN / ±Infinity in a few chosen rows only, so one grid runs
 * both the finite-row path and the NaN-testing one, and switches between them row by row.
 */
function someRowsOdd(w: number, h: number, seed: number, levels: number, rows: number[]) {
  const rnd = lcg(seed), odd = [NaN, Infinity, -Infinity];
  const data = Float64Array.from({ length: w * h }, () => Math.floor(rnd() * levels));
  for (const r of rows) if (r < h) data[r * w + Math.floor(rnd() * w)] = odd[r % 3];
  return data;
}

Deno.test("water speed: D8's finite-row path equals the plain version and the previous one", () => {
  let finiteRowCells = 0;
  for (const [w, h] of [[3, 3], [5, 4], [31, 17], [64, 64], [200, 9]] as const) {
    for (const [s, levels] of [[1, 2], [2, 3], [3, 1000]]) {
      for (const rows of [[], [0], [h - 1], [2, 3], [5, 11, 12, 40]]) {
        const data = someRowsOdd(w, h, s * 101 + w + h, levels, rows);
        for (
          const cell of [...CELLS, [0, 1], [1, 0], [Infinity, 1], [1e-320, 1]] as [number, number][]
        ) {
          const g = grid(w, h, data);
          const got = flowDirectionsD8(g, cell);
          assertEquals(
            differences(got, flowDirectionsD8Reference(g, cell)),
            [],
            `${w}×${h} ${rows} ${cell}`,
          );
          assertEquals(
            differences(got, flowDirectionsD8Tournament(g, cell)),
            [],
            `${w}×${h} ${rows} ${cell}`,
          );
          assertEquals(
            differences(got, flowDirectionsD8FiniteRows(g, cell)),
            [],
            `${w}×${h} ${rows} ${cell}`,
          );
          assertEquals(
            differences(got, flowDirectionsD8ThirdPass(g, cell)),
            [],
            `${w}×${h} ${rows} ${cell}`,
          );
          if (rows.length === 0) finiteRowCells += got.length;
        }
      }
    }
  }
  // Slopes that overflow to ±Infinity (finite − finite beyond 1.8e308) and signed zeros.
  const rnd = lcg(5), big = [1.7e308, -1.7e308, 0, -0, 1e-320, 5e307];
  const data = Float64Array.from({ length: 40 * 30 }, () => big[Math.floor(rnd() * big.length)]);
  for (const cell of [[1, 1], [0.5, 0.25], [3, 3]] as [number, number][]) {
    const g = grid(40, 30, data), got = flowDirectionsD8(g, cell);
    assertEquals(differences(got, flowDirectionsD8Reference(g, cell)), [], `overflow ${cell}`);
    assert.ok(got.some((k) => k >= 0), "some cell drains");
  }
  assert.ok(finiteRowCells > 50_000, `${finiteRowCells} cells on all-finite grids`);
});

/**
 * Finite whole elevations with a third of the cells NaN, +Infinity or -Infinity in whole
 * chosen rows, so that the rows beside them (whose N or S neighbour is odd, the left of a
 * pair in the tournament) and the rows between two of them are computed, and every row
 * reaches the finite-row path's start (rows 0 and 1), end (h - 2, h - 1) and switches.
 */
Deno.test("water speed: D8 beside rows of NaN and ±Infinity equals the plain and previous versions", () => {
  let checked = 0;
  const odd = [NaN, Infinity, -Infinity];
  for (const [w, h] of [[3, 3], [6, 5], [33, 20], [64, 64]] as const) {
    const patterns = [[0], [1], [h - 1], [h - 2], [0, h - 1], [2, 4], [3, 4, 5], [h >> 1]];
    for (const rows of patterns) {
      for (const [s, levels] of [[1, 2], [2, 3], [3, 1000]]) {
        const rnd = lcg(s * 7919 + w * 31 + h + rows.length);
        const data = Float64Array.from({ length: w * h }, () => Math.floor(rnd() * levels));
        for (const r of rows) {
          for (let c = 0; c < w; c++) {
            if (rnd() < 0.35) data[r * w + c] = odd[Math.floor(rnd() * 3)];
          }
        }
        for (const cell of [[1, 1], [2, 3], [30, 30]] as [number, number][]) {
          const g = grid(w, h, data);
          const got = flowDirectionsD8(g, cell), what = `${w}×${h} rows ${rows} seed ${s} ${cell}`;
          assertEquals(differences(got, flowDirectionsD8Reference(g, cell)), [], what);
          assertEquals(differences(got, flowDirectionsD8FiniteRows(g, cell)), [], what);
          assertEquals(differences(got, flowDirectionsD8ThirdPass(g, cell)), [], what);
          checked += got.length;
        }
      }
    }
  }
  assert.ok(checked > 100_000, `${checked} cells`);
});

/**
 * One NaN or ±Infinity at every column of every row in turn, on widths whose interior cell
 * counts leave 0, 1 and 2 over three cells a step: the three-cells-a-step path (and the one or
 * two cells left at a row's end) must see each cell of the row below, the last column
 * included, or it would take a row with a NaN neighbour for a finite one.
 */
Deno.test("water speed: D8 with one odd cell anywhere equals the plain version", () => {
  let checked = 0, drained = 0;
  const odd = [NaN, Infinity, -Infinity];
  for (const w of [3, 4, 5, 6, 7, 8, 11, 12]) {
    const h = 5, rnd = lcg(w * 17);
    const base = Float64Array.from({ length: w * h }, () => Math.floor(rnd() * 4));
    for (let at = 0; at < w * h; at++) {
      for (const v of odd) {
        const data = base.slice();
        data[at] = v;
        for (const cell of [[1, 1], [2, 3]] as [number, number][]) {
          const g = grid(w, h, data), got = flowDirectionsD8(g, cell);
          const what = `${w}×${h} ${v} at ${at} ${cell}`;
          assertEquals(differences(got, flowDirectionsD8Reference(g, cell)), [], what);
          checked += got.length;
          drained += got.filter((k) => k >= 0).length;
        }
      }
    }
  }
  assert.ok(checked > 10_000 && drained > checked / 4, `${checked} cells, ${drained} drain`);
});

Deno.test("water speed: accumulation equals the plain version, counts, valid masks and weights", () => {
  for (const [w, h] of SIZES) {
    for (const s of [1, 2, 3]) {
      const g = grid(w, h, tricky(w, h, s * 31 + w + h * 7, 1000, 0.05));
      const dirs = flowDirectionsD8Reference(g, [1, 1]);
      const valid = Uint8Array.from(g.data, (v) => (Number.isNaN(v) ? 0 : 1));
      const rnd = lcg(s);
      const weights = Float64Array.from(g.data, () => rnd() * 3);
      for (
        const opts of [{}, { valid }, { weights }, { valid, weights }] as {
          valid?: Uint8Array;
          weights?: Float64Array;
        }[]
      ) {
        const got = flowAccumulation(dirs, w, h, opts);
        const want = flowAccumulationReference(dirs, w, h, opts);
        assertEquals(differences(got, want), [], `${w}×${h}, seed ${s}, ${Object.keys(opts)}`);
      }
    }
  }
});

Deno.test("water speed: on the pysheds DEM (+ε filled) D8 and accumulation are unchanged", async () => {
  const dem = await readGeoTiff(await Deno.readFile(sharedData("dem/pysheds_dem.tif")));
  const filled = fillDepressionsBarnes(dem, { epsilon: true });
  const cell = cellSize_m(filled, true);
  const dirs = flowDirectionsD8(filled, cell);
  assertEquals(differences(dirs, flowDirectionsD8Reference(filled, cell)), []);
  const acc = flowAccumulation(dirs, dem.width, dem.height);
  assertEquals(differences(acc, flowAccumulationReference(dirs, dem.width, dem.height)), []);
  // Every cell drains somewhere: the outlets' counts sum to the grid.
  let outlets = 0;
  for (let i = 0; i < dirs.length; i++) if (dirs[i] < 0) outlets += acc[i];
  assertEquals(outlets, dem.width * dem.height);
});
