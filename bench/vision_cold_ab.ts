/**
 * room_labels cold over the ZInD scan, this tree against a "before" tree (a worktree of main) in
 * the same run: one process a run (bench/_room_labels_cold_once.ts, each its own fresh store and
 * detector workers), alternated A/B/B/A …, medians of wall and CPU seconds a panorama (CPU: the
 * whole process, both workers included), the worker-seconds a panorama with no view in hand,
 * the ratios, and the load averages. Every run's result
 * (its text without timing fields) is checked identical to the first's (with --results-differ,
 * to its own side's first: for a change meant to change the detections).
 *
 * ```sh
 * git worktree add --detach ../before main
 * deno run -A bench/vision_cold_ab.ts --before ../before [--after DIR] [--pairs 3] [--results-differ]
 * ```
 */
const arg = (name: string) => {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
};
const before = arg("--before");
if (!before) throw new Error("--before DIR: a worktree of the code to compare with");
const pairs = Number(arg("--pairs") ?? 3);
const here = arg("--after") ?? new URL("..", import.meta.url).pathname;
const once = new URL("./_room_labels_cold_once.ts", import.meta.url).pathname;

type Run = {
  wall_s: number;
  cpu_s: number;
  empty_worker_s: number;
  panoramas: number;
  load: number[];
  result: string;
};
async function run(root: string): Promise<Run> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--config", `${root}/deno.json`, once, "--root", root],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!;
  if (out.code !== 0) throw new Error(new TextDecoder().decode(out.stderr));
  return JSON.parse(text);
}

const load = () => Deno.loadavg().map((v) => v.toFixed(2)).join(" ");
const loadBefore = load();
const runs: { A: Run[]; B: Run[] } = { A: [], B: [] };
// With --results-differ (a change meant to change detections) each side's runs are checked
// against that side's first, not against the other side's.
const differ = Deno.args.includes("--results-differ");
const first: { A?: string; B?: string } = {};
for (let p = 0; p < pairs; p++) {
  for (const side of p % 2 ? ["B", "A"] as const : ["A", "B"] as const) {
    const r = await run(side === "A" ? before : here);
    const was = differ ? first[side] : first.A ?? first.B;
    if (was !== undefined && r.result !== was) {
      throw new Error(`${side}'s result differs from the first run's`);
    }
    first[side] ??= r.result;
    runs[side].push(r);
    console.log(
      `${side === "A" ? "before" : "after "} ${r.wall_s.toFixed(3)} s, ${
        r.cpu_s.toFixed(3)
      } CPU s, ${
        r.empty_worker_s.toFixed(3)
      } worker-s with no view a panorama over ${r.panoramas} (load ${
        r.load.map((l) => l.toFixed(1)).join(" → ")
      })`,
    );
  }
}
const median = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const m = (side: "A" | "B", k: "wall_s" | "cpu_s" | "empty_worker_s") =>
  median(runs[side].map((r) => r[k]));
console.log(
  `load average before ${loadBefore}, after ${load()}; results identical in all runs${
    differ ? " of each side (the two sides' differ: --results-differ)" : ""
  }`,
);
console.log(
  `median wall: before ${m("A", "wall_s").toFixed(3)} s, after ${
    m("B", "wall_s").toFixed(3)
  } s a panorama (after/before ${(m("B", "wall_s") / m("A", "wall_s")).toFixed(2)}×); CPU: before ${
    m("A", "cpu_s").toFixed(3)
  }, after ${m("B", "cpu_s").toFixed(3)} s a panorama (${
    (m("B", "cpu_s") / m("A", "cpu_s")).toFixed(2)
  }×); target ≤ 0.7 s wall on 2 idle cores`,
);
console.log(
  `median worker-seconds with no view in hand: before ${
    m("A", "empty_worker_s").toFixed(3)
  }, after ${
    m("B", "empty_worker_s").toFixed(3)
  } a panorama (the workers' idle time on an idle machine; on a loaded one, also this thread's)`,
);
