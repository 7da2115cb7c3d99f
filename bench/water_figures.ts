/**
 * The water engine against its C++ -O2 baseline (bench/_water_baseline.cpp through
 * bench/_water_cpp.ts), cases alternated round by round in one process and reported as
 * medians and ratios: D8 flow directions, flow accumulation and the whole pipeline
 * (priority-flood+ε, D8, accumulation) at 500², 1,000² and 2,000² (the pysheds DEM mirrored,
 * ±0.5 m noise), plus the D8 and accumulation from before issue 29, the D8 of its first
 * speed pass ("tournament", the NaN-testing tournament on every row) and of its second
 * ("previous", finite rows without NaN tests, eight reciprocals) and of its third ("third",
 * main at d938daa: one cell a step, three reciprocals, before two cells a step), and the
 * pipeline with the previous D8 ("pipeline previous"), from bench/_water_reference.ts.
 * Every case's output is first compared cell by cell with the C++ one; a difference throws.
 * Each case is timed by the wall clock and by the process's CPU time (node:process cpuUsage),
 * steadier on a loaded machine. Rounds rotate (bench/_alternate.ts), so that no case always
 * runs right after the same one.
 *
 * ```sh
 * deno run -A bench/water_figures.ts [rounds=15] [sizes=500,1000,2000] [only=all|d8]
 * ```
 *
 * `d8` times only the D8 cases (C++, the engine and its earlier passes), all still compared.
 * A full collection runs before every case, outside its timing (`alternate`'s `collect`; the
 * bench starts itself again with `--v8-flags=--expose-gc` where it was started without):
 * without it the pipeline's garbage was collected inside whichever case came next, and D8 at
 * 2,000² took ~31-37 ms of CPU in the full run against ~23-25 ms alone (d35).
 */
import { cellSize_m } from "../engines/aerial/sample.ts";
import {
  fillDepressionsBarnes,
  flowAccumulation,
  flowDirectionsD8,
} from "../engines/geometry/water/mod.ts";
import { CXX_FLAGS, loadWaterCpp } from "./_water_cpp.ts";
import {
  flowAccumulationReference,
  flowDirectionsD8FiniteRows,
  flowDirectionsD8Reference,
  flowDirectionsD8ThirdPass,
  flowDirectionsD8Tournament,
} from "./_water_reference.ts";
import { dem, tiled } from "./_water_dems.ts";
import { alternate, median } from "./_alternate.ts";

if (typeof (globalThis as { gc?: unknown }).gc !== "function") {
  const self = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--v8-flags=--expose-gc", import.meta.filename!, ...Deno.args],
    stdout: "inherit",
    stderr: "inherit",
  });
  Deno.exit((await self.output()).code);
}

const rounds = Number(Deno.args[0] ?? 15);
const sizes = (Deno.args[1] ?? "500,1000,2000").split(",").map(Number);
const onlyD8 = Deno.args[2] === "d8";
const cpp = loadWaterCpp();

function same(a: ArrayLike<number>, b: ArrayLike<number>, what: string) {
  if (a.length !== b.length) throw new Error(`${what}: ${a.length} vs ${b.length} cells`);
  for (let i = 0; i < a.length; i++) {
    if (!Object.is(a[i], b[i])) throw new Error(`${what}: cell ${i} is ${a[i]}, C++ ${b[i]}`);
  }
}

console.log(`C++: g++ ${CXX_FLAGS.join(" ")}; ${rounds} rounds; load ${Deno.loadavg().join(" ")}`);
console.log("case | n | wall ms | C++ wall ms | ratio | CPU ms | C++ CPU ms | CPU ratio");
for (const n of sizes) {
  const g = tiled(dem, n, n, 0.5), cell = cellSize_m(g, true, 32.7);
  const filled = fillDepressionsBarnes(g, { epsilon: true });
  const dirs = flowDirectionsD8(filled, cell);
  same(filled.data, cpp.fillEps(g.data, n, n), `fill ${n}²`);
  same(dirs, cpp.d8(filled.data, n, n, cell), `D8 ${n}²`);
  same(flowDirectionsD8Reference(filled, cell), dirs, `D8 reference ${n}²`);
  same(flowDirectionsD8Tournament(filled, cell), dirs, `D8 tournament ${n}²`);
  same(flowDirectionsD8FiniteRows(filled, cell), dirs, `D8 previous ${n}²`);
  same(flowDirectionsD8ThirdPass(filled, cell), dirs, `D8 third ${n}²`);
  const acc = flowAccumulation(dirs, n, n);
  same(acc, cpp.accumulate(dirs, n, n), `accumulation ${n}²`);
  same(flowAccumulationReference(dirs, n, n), acc, `accumulation reference ${n}²`);
  const cases: Record<string, () => unknown> = {
    "D8 C++": () => cpp.d8(filled.data, n, n, cell),
    "D8": () => flowDirectionsD8(filled, cell),
    "D8 before": () => flowDirectionsD8Reference(filled, cell),
    "D8 tournament": () => flowDirectionsD8Tournament(filled, cell),
    "D8 previous": () => flowDirectionsD8FiniteRows(filled, cell),
    "D8 third": () => flowDirectionsD8ThirdPass(filled, cell),
    "accumulation C++": () => cpp.accumulate(dirs, n, n),
    "accumulation": () => flowAccumulation(dirs, n, n),
    "accumulation before": () => flowAccumulationReference(dirs, n, n),
    "pipeline C++": () => {
      const f = cpp.fillEps(g.data, n, n);
      cpp.accumulate(cpp.d8(f, n, n, cell), n, n);
    },
    "pipeline": () => {
      flowAccumulation(flowDirectionsD8(fillDepressionsBarnes(g, { epsilon: true }), cell), n, n);
    },
    "pipeline previous": () => {
      const f = fillDepressionsBarnes(g, { epsilon: true });
      flowAccumulation(flowDirectionsD8FiniteRows(f, cell), n, n);
    },
  };
  if (onlyD8) { for (const k in cases) if (!k.startsWith("D8")) delete cases[k]; }
  const { ms, cpu } = await alternate(cases, rounds, { rotate: true, collect: true });
  for (
    const what of [
      "D8",
      "D8 third",
      "D8 previous",
      "D8 tournament",
      "D8 before",
      "accumulation",
      "accumulation before",
      "pipeline",
      "pipeline previous",
    ]
  ) {
    if (!(what in cases)) continue;
    const b = what.split(" ")[0] + " C++";
    const m = median(ms[what]), base = median(ms[b]);
    const c = median(cpu[what]), baseC = median(cpu[b]);
    console.log(
      `${what} | ${n}² | ${m.toFixed(2)} | ${base.toFixed(2)} | ${(m / base).toFixed(2)}× | ${
        c.toFixed(2)
      } | ${baseC.toFixed(2)} | ${(c / baseC).toFixed(2)}×`,
    );
  }
}
console.log(`load after: ${Deno.loadavg().join(" ")}`);
