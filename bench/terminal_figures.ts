/**
 * A long result printed for a person, as whole commands (issue 29): `threshold run
 * ceiling_height` on a grid of 10,000 and 67,600 rooms, printed as terminal tables (the
 * default: a summary, then the rows that matter), as the full table (`--all`) and in plain
 * lines (`--format plain`), against the baseline, the same run with `--json`, A/B alternated
 * in one run. Prints medians of wall and CPU time (user + system, from /usr/bin/time), their
 * ratios to `--json`, and the per-room cost at both sizes (linear in rows: about the same).
 * Goal: tables ≤ 1.5× `--json`, linear. Fails loudly when a run does not print what it should.
 *
 *   deno run -A bench/terminal_figures.ts [ROUNDS=3]
 */
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { gridPlan } from "../tests/_big_plan.ts";

const CLI = fileURLToPath(new URL("../cli.ts", import.meta.url));
const ROUNDS = Number(Deno.args[0] ?? 3);
const home = Deno.makeTempDirSync({ prefix: "threshold-bench-home-" });
const env = { THRESHOLD_HOME: home, NO_COLOR: "1", COLUMNS: "100" };

async function timed(args: string[]) {
  const out = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "@@%e %U %S", Deno.execPath(), ...args],
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  const m = /@@([\d.]+) ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
  if (!m) throw new Error(`no timing from ${args.join(" ")}: ${stderr.slice(-400)}`);
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr,
    wall_s: Number(m[1]),
    cpu_s: Number(m[2]) + Number(m[3]),
  };
}

const SIDES = [100, 260];
for (const side of SIDES) {
  const file = join(home, `grid${side}.json`);
  await Deno.writeTextFile(file, JSON.stringify({ ...gridPlan(side).plan, id: `grid${side}` }));
  const r = await timed(["run", "-A", CLI, "import", file, "--id", `grid${side}`]);
  if (r.code !== 0) throw new Error(`import of ${side}² rooms failed: ${r.stderr.slice(0, 600)}`);
}

interface Case {
  name: string;
  extra: string[];
  check: (stdout: string, rooms: number) => boolean;
}
const CASES: Case[] = [
  {
    name: "--json (baseline)",
    extra: ["--json"],
    check: (s, n) => JSON.parse(s).result.checks.length === n,
  },
  {
    name: "tables (default)",
    extra: [],
    check: (s, n) => s.includes("Room 0: height") && s.includes(String(n)),
  },
  { name: "tables, --all", extra: ["--all"], check: (s, n) => s.includes(`Room ${n - 1}: height`) },
  {
    name: "plain lines, --all",
    extra: ["--format", "plain", "--all"],
    check: (s, n) => s.includes(`Room ${n - 1}`),
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const load = () => Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
console.log(`${ROUNDS} rounds; load ${load()}`);
const rows: string[] = [];
for (const side of SIDES) {
  const rooms = side * side;
  const wall = CASES.map(() => [] as number[]), cpu = CASES.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < CASES.length; i++) {
      const c = CASES[round % 2 ? CASES.length - 1 - i : i];
      const k = CASES.indexOf(c);
      const r = await timed([
        "run",
        "-A",
        CLI,
        "run",
        "ceiling_height",
        "--scan",
        `grid${side}`,
        "--set",
        "min_height_m=2.4",
        ...c.extra,
      ]);
      if (r.code !== 0 || !c.check(r.stdout, rooms)) {
        throw new Error(
          `${c.name} on ${rooms} rooms did not print its result (exit ${r.code}): ${
            r.stdout.slice(0, 300)
          } ${r.stderr.slice(0, 300)}`,
        );
      }
      wall[k].push(r.wall_s), cpu[k].push(r.cpu_s);
    }
  }
  const w0 = median(wall[0]), c0 = median(cpu[0]);
  for (let k = 0; k < CASES.length; k++) {
    const w = median(wall[k]), c = median(cpu[k]);
    rows.push(
      `${rooms.toLocaleString("en")} | ${CASES[k].name} | ${w.toFixed(2)} | ${
        (w / w0).toFixed(2)
      }× | ${c.toFixed(2)} | ${(c / c0).toFixed(2)}× | ${(w / rooms * 1e6).toFixed(0)}`,
    );
  }
}
console.log("rooms | case | median wall s | × --json | median CPU s | × --json (CPU) | µs a room");
for (const r of rows) console.log(r);
console.log(`load after: ${load()}`);
await Deno.remove(home, { recursive: true });
