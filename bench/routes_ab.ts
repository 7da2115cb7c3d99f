/**
 * bench/routes_figures.ts on two checkouts (a worktree of the commit before a change, and
 * this one), each in its own process, the processes alternated (before, after, after,
 * before, …) so that the machine's load falls on both alike; per case the median over the
 * processes of each one's medians, wall and CPU, and the after/before ratios. One process per
 * checkout, not both in one: a second copy of the modules in one process ran ~5-45 % slower
 * than the first on the same code (an A/A run of the same commit twice), its shared npm
 * packages' call sites seeing both copies' objects.
 *
 * ```sh
 * deno run -A bench/routes_ab.ts DIR_BEFORE [pairs=3] [rounds=10]
 * ```
 */
import { median } from "./_alternate.ts";

const before = Deno.args[0];
if (!before) throw new Error("usage: deno run -A bench/routes_ab.ts DIR_BEFORE [pairs] [rounds]");
const pairs = Number(Deno.args[1] ?? 3), rounds = String(Deno.args[2] ?? 10);
const here = new URL("..", import.meta.url).pathname;
const load = () => Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");

/** Each case's median wall and CPU ms from one run of routes_figures.ts in `dir`. */
async function figures(dir: string): Promise<Map<string, [number, number]>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "bench/routes_figures.ts", rounds],
    cwd: dir,
    env: { NO_COLOR: "1" },
  }).output();
  if (!out.success) throw new Error(`${dir}: ${new TextDecoder().decode(out.stderr)}`);
  const lines = new TextDecoder().decode(out.stdout).split("\n");
  const m = new Map<string, [number, number]>();
  // The first table (× its Dijkstra): case | wall | ratio | cpu | ratio.
  const end = lines.findIndex((l, i) => i > 1 && l.startsWith("case |"));
  for (const l of lines.slice(0, end)) {
    const c = l.split(" | ");
    if (c.length === 5 && !l.startsWith("case |")) m.set(c[0], [Number(c[1]), Number(c[3])]);
  }
  return m;
}

const runs: Record<"before" | "after", Map<string, [number, number]>[]> = { before: [], after: [] };
console.log(`${pairs} pairs of processes × ${rounds} rounds; load ${load()}`);
for (let p = 0; p < pairs; p++) {
  const order: ["before" | "after", string][] = p % 2
    ? [["after", here], ["before", before]]
    : [["before", before], ["after", here]];
  for (const [k, dir] of order) {
    runs[k].push(await figures(dir)), console.log(`  ${k} done; load ${load()}`);
  }
}
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
console.log(`load after: ${load()}`);
