/**
 * bench/water_figures.ts's D8 (and pipeline) rows on two checkouts (a worktree of the commit before a change,
 * and this one), each in its own process, the processes alternated (before, after, after,
 * before, …) as in bench/routes_ab.ts, so that the machine's load falls on both alike. Per
 * case and size: the median over the processes of each one's medians, wall and CPU, of the
 * engine's and of the C++ -O2 baseline timed in the same process, the after/before ratios, and
 * each checkout's case against its own C++ (the rows of issue 29). `only` is water_figures.ts's
 * third argument: `d8` times the D8 cases alone, `all` every case (the D8 rows then run beside
 * the pipeline's, as in the figures of record). Each process also checks its outputs cell for
 * cell against the C++ ones (water_figures.ts throws on a difference).
 *
 * ```sh
 * deno run -A bench/water_ab.ts DIR_BEFORE [pairs=3] [rounds=15] [sizes=500,1000,2000] [only=d8|all]
 * ```
 */
import { median } from "./_alternate.ts";
import { alternateCheckouts, beforeDir, loadavg, type Side } from "./_checkouts.ts";

const before = beforeDir(
  "deno run -A bench/water_ab.ts DIR_BEFORE [pairs] [rounds] [sizes] [only]",
);
const pairs = Number(Deno.args[1] ?? 3), rounds = String(Deno.args[2] ?? 15);
const sizes = Deno.args[3] ?? "500,1000,2000", only = Deno.args[4] ?? "d8";

/** Per case and size ("D8 500²"): [wall, C++ wall, CPU, C++ CPU] ms from one run. */
function figures(stdout: string): Map<string, number[]> {
  const m = new Map<string, number[]>();
  // case | n | wall ms | C++ wall ms | ratio | CPU ms | C++ CPU ms | CPU ratio
  for (const l of stdout.split("\n")) {
    const c = l.split(" | ");
    if (c.length === 8 && (c[0] === "D8" || c[0] === "pipeline")) {
      m.set(`${c[0]} ${c[1]}`, [c[2], c[3], c[5], c[6]].map(Number));
    }
  }
  return m;
}

const runs = await alternateCheckouts(
  before,
  pairs,
  "bench/water_figures.ts",
  [rounds, sizes, only],
  figures,
);
const med = (k: Side, n: string, i: number) => median(runs[k].map((m) => m.get(n)?.[i] ?? NaN));
const f = (x: number) => x.toFixed(2);
console.log(
  "case | before wall ms | after wall ms | after/before | before CPU ms | after CPU ms | after/before (CPU) | before × C++ (wall, CPU) | after × C++ (wall, CPU) | C++ CPU ms (before's, after's runs)",
);
for (const n of runs.after[0].keys()) {
  const [bw, , bc, bcc] = [0, 1, 2, 3].map((i) => med("before", n, i));
  const [aw, , ac, acc] = [0, 1, 2, 3].map((i) => med("after", n, i));
  // Each process's own ratio to the C++ it timed, then the median of those.
  const own = (k: Side, i: number) =>
    median(runs[k].map((m) => (m.get(n)?.[i] ?? NaN) / (m.get(n)?.[i + 1] ?? NaN)));
  console.log(
    `${n} | ${f(bw)} | ${f(aw)} | ${f(aw / bw)}× | ${f(bc)} | ${f(ac)} | ${f(ac / bc)}× | ${
      f(own("before", 0))
    }×, ${f(own("before", 2))}× | ${f(own("after", 0))}×, ${f(own("after", 2))}× | ${f(bcc)}, ${
      f(acc)
    }`,
  );
}
console.log(`load after: ${loadavg()}`);
