/**
 * Cold start of the command line, A/B alternated in one run (issue 29): `threshold tools`
 * (`deno run -A cli.ts tools`, a fresh process each time, listing cache warm) against the
 * baseline `deno eval 0`, and `threshold --help`, `threshold run ceiling_height --scan demo --json`
 * (the built-in demo scan) and `threshold tools --help` beside them.
 * Prints each one's median of N wall times, its ratio to the baseline and the load average.
 * Goal: `tools` ≤ 3× `deno eval 0`. Fails loudly when a command does not print what it should.
 *
 *   deno run -A bench/cli_start_figures.ts [N=15]
 *
 * With `BEFORE=<dir>` (another checkout, e.g. `git archive <commit> | tar -x -C <dir>`) its
 * `tools`, `--help` and `run` are timed in the same alternation, for a before/after in one run.
 */
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../cli.ts", import.meta.url));
const N = Number(Deno.args[0] ?? 15);
const home = Deno.makeTempDirSync({ prefix: "threshold-bench-home-" });

interface Case {
  name: string;
  args: string[];
  /** What a completed run prints (checked on every run) and its exit code. */
  check: (stdout: string, code: number) => boolean;
}
const CASES: Case[] = [
  { name: "deno eval 0 (baseline)", args: ["eval", "0"], check: (_, c) => c === 0 },
  {
    name: "threshold tools",
    args: ["run", "-A", CLI, "tools"],
    check: (s, c) => c === 0 && s.includes("step_free_route") && s.includes("ceiling_height"),
  },
  {
    name: "threshold --help",
    args: ["run", "-A", CLI, "--help"],
    check: (s, c) => c === 0 && s.includes("Usage: threshold") && s.includes("demo [options]"),
  },
  {
    name: "threshold run … --json",
    args: ["run", "-A", CLI, "run", "ceiling_height", "--scan", "demo", "--json"],
    check: (s, c) => c === 0 && s.includes('"run_id"') && s.includes('"ceiling_height"'),
  },
  {
    name: "threshold tools --help",
    args: ["run", "-A", CLI, "tools", "--help"],
    check: (s, c) => c === 0 && s.includes("Usage: threshold tools"),
  },
];
const BEFORE = Deno.env.get("BEFORE");
if (BEFORE) {
  const old = `${BEFORE}/cli.ts`;
  CASES.push(
    { ...CASES[1], name: "threshold tools (before)", args: ["run", "-A", old, "tools"] },
    { ...CASES[2], name: "threshold --help (before)", args: ["run", "-A", old, "--help"] },
    {
      ...CASES[3],
      name: "threshold run … (before)",
      args: ["run", "-A", old, ...CASES[3].args.slice(3)],
    },
  );
}

async function once(c: Case): Promise<number> {
  const t = performance.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args: c.args,
    env: { THRESHOLD_HOME: home, NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const ms = performance.now() - t;
  const stdout = new TextDecoder().decode(out.stdout);
  if (!c.check(stdout, out.code)) {
    throw new Error(
      `${c.name}: the command did not complete (exit ${out.code}): ${
        new TextDecoder().decode(out.stderr).slice(0, 400)
      }`,
    );
  }
  return ms;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

try {
  for (const c of CASES) await once(c); // warm the listing cache and Deno's module cache
  const times = CASES.map(() => [] as number[]);
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < CASES.length; j++) times[j].push(await once(CASES[j]));
  }
  const base = median(times[0]);
  const load = (() => {
    try {
      return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
    } catch {
      return "unknown";
    }
  })();
  console.log(`cold start, ${N} runs each, alternated; load average ${load}`);
  CASES.forEach((c, j) => {
    const m = median(times[j]);
    console.log(
      `${c.name.padEnd(26)} median ${m.toFixed(1).padStart(7)} ms  ${
        (m / base).toFixed(2)
      }× baseline  (min ${Math.min(...times[j]).toFixed(1)} ms)`,
    );
  });
} finally {
  Deno.removeSync(home, { recursive: true });
}
