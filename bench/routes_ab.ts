/**
 * bench/routes_figures.ts on two checkouts (a worktree of the commit before a change, and
 * this one), each in its own process, the processes alternated (before, after, after,
 * before, …: bench/_checkouts.ts, which says why), so that the machine's load falls on both
 * alike; per case the median over the processes of each one's medians, wall and CPU, and the
 * after/before ratios.
 *
 * ```sh
 * deno run -A bench/routes_ab.ts DIR_BEFORE [pairs=3] [rounds=10]
 * ```
 */
import { median } from "./_alternate.ts";
import { alternateCheckouts, beforeDir, loadavg } from "./_checkouts.ts";

const before = beforeDir("deno run -A bench/routes_ab.ts DIR_BEFORE [pairs] [rounds]");
const pairs = Number(Deno.args[1] ?? 3), rounds = String(Deno.args[2] ?? 10);

/** Each case's median wall and CPU ms from one run of routes_figures.ts. */
function figures(stdout: string): Map<string, [number, number]> {
  const lines = stdout.split("\n");
  const m = new Map<string, [number, number]>();
  // The first table (× its Dijkstra): case | wall | ratio | cpu | ratio.
  const end = lines.findIndex((l, i) => i > 1 && l.startsWith("case |"));
  for (const l of lines.slice(0, end)) {
    const c = l.split(" | ");
    if (c.length === 5 && !l.startsWith("case |")) m.set(c[0], [Number(c[1]), Number(c[3])]);
  }
  return m;
}

const runs = await alternateCheckouts(before, pairs, "bench/routes_figures.ts", [rounds], figures);
const cases = [...runs.after[0].keys()];
const med = (k: "before" | "after", c: string, i: 0 | 1) =>
  median(runs[k].map((m) => m.get(c)?.[i] ?? NaN));
const dijkstra = "shortestRoutes (its own Dijkstra)";
console.log(
  "case | before wall ms | after wall ms | after/before | before CPU ms | after CPU ms | after/before (CPU) | after × its Dijkstra (wall, CPU)",
);
for (const c of cases) {
  const [bw, aw, bc, ac] = [
    med("before", c, 0),
    med("after", c, 0),
    med("before", c, 1),
    med("after", c, 1),
  ];
  const dw = med("after", dijkstra, 0), dc = med("after", dijkstra, 1);
  console.log(
    `${c} | ${bw.toFixed(2)} | ${aw.toFixed(2)} | ${(aw / bw).toFixed(2)}× | ${bc.toFixed(2)} | ${
      ac.toFixed(2)
    } | ${(ac / bc).toFixed(2)}× | ${(aw / dw).toFixed(1)}×, ${(ac / dc).toFixed(1)}×`,
  );
}
console.log(`load after: ${loadavg()}`);
