/**
 * bench/import_figures.ts on two checkouts (a worktree of the commit before a change, and this
 * one), each in its own process, the processes alternated (before, after, after, before, …)
 * as bench/routes_ab.ts does and for its reason (a second copy of the modules in one process
 * runs slower than the first); per case the median over the processes of each one's medians,
 * wall and CPU, the after/before ratios, and each checkout's import × web-ifc's OpenModel +
 * CloseModel (issue 29's row: ≤ 2×), in its own process's rounds.
 *
 * ```sh
 * deno run -A bench/import_ab.ts DIR_BEFORE [pairs=3] [rounds=15]
 * ```
 */
import { median } from "./_alternate.ts";
import { alternateCheckouts, beforeDir, loadavg } from "./_checkouts.ts";

const before = beforeDir("deno run -A bench/import_ab.ts DIR_BEFORE [pairs] [rounds]");
const pairs = Number(Deno.args[1] ?? 3), rounds = String(Deno.args[2] ?? 15);
const OPEN = "web-ifc OpenModel + CloseModel";
const IMPORT = "threshold ifc import (plan + report, validated)";

/** Each case's median wall and CPU ms from one run of import_figures.ts. */
function figures(stdout: string): Map<string, [number, number]> {
  const m = new Map<string, [number, number]>();
  for (const l of stdout.split("\n")) {
    const c = l.split(" | ");
    if (c.length === 5 && !l.startsWith("case |")) m.set(c[0], [Number(c[1]), Number(c[3])]);
  }
  return m;
}

const runs = await alternateCheckouts(before, pairs, "bench/import_figures.ts", [rounds], figures);
const med = (k: "before" | "after", c: string, i: 0 | 1) =>
  median(runs[k].map((m) => m.get(c)?.[i] ?? NaN));
/** The median over the processes of `c`'s median over that process's open + close. */
const perOpen = (k: "before" | "after", c: string, i: 0 | 1) =>
  median(runs[k].map((m) => (m.get(c)?.[i] ?? NaN) / (m.get(OPEN)?.[i] ?? NaN)));
console.log(
  "case | before wall ms | after wall ms | after/before | before CPU ms | after CPU ms | after/before (CPU)",
);
for (const c of runs.after[0].keys()) {
  if (!runs.before[0].has(c)) continue;
  const [bw, aw] = [med("before", c, 0), med("after", c, 0)];
  const [bc, ac] = [med("before", c, 1), med("after", c, 1)];
  console.log(
    `${c} | ${bw.toFixed(2)} | ${aw.toFixed(2)} | ${(aw / bw).toFixed(3)} | ${bc.toFixed(2)} | ${
      ac.toFixed(2)
    } | ${(ac / bc).toFixed(3)}`,
  );
}
console.log(
  `import × open+close, each process's own rounds (median of processes), wall / CPU: before ${
    perOpen("before", IMPORT, 0).toFixed(2)
  } / ${perOpen("before", IMPORT, 1).toFixed(2)}, after ${
    perOpen("after", IMPORT, 0).toFixed(2)
  } / ${perOpen("after", IMPORT, 1).toFixed(2)}`,
);
console.log(`load after: ${loadavg()}`);
