/**
 * A bench script run on two checkouts — a worktree of the commit before a change ("before")
 * and this one ("after") — each in a process of its own, the processes alternated pair by pair
 * (before, after, after, before, …) so that the machine's load falls on both alike (issue 29).
 * One process per checkout, not both in one: a second copy of the modules in one process ran
 * ~5-45 % slower than the first on the same code (an A/A run of the same commit twice), its
 * shared npm packages' call sites seeing both copies' objects. Used by bench/routes_ab.ts,
 * bench/import_ab.ts and bench/water_ab.ts; each parses its script's table itself.
 */

export type Side = "before" | "after";

/** This checkout's root. */
export const HERE = new URL("..", import.meta.url).pathname;

/** The load average's three figures, as /proc/loadavg gives them. */
export const loadavg = () =>
  Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");

/** The checkout to compare with: the first argument, else the usage, thrown. */
export function beforeDir(usage: string): string {
  const dir = Deno.args[0];
  if (!dir) throw new Error(`usage: ${usage}`);
  return dir;
}

/**
 * `deno run -A <script> <args>` in `before` and in {@link HERE}, `pairs` times each,
 * alternated; each process's stdout parsed by `parse`. A process that fails throws, with its
 * stderr: a figure is never taken from a run that did not complete.
 */
export async function alternateCheckouts<T>(
  before: string,
  pairs: number,
  script: string,
  args: string[],
  parse: (stdout: string) => T,
): Promise<Record<Side, T[]>> {
  const runs: Record<Side, T[]> = { before: [], after: [] };
  console.log(`${pairs} pairs of processes × ${args[0]} rounds; load ${loadavg()}`);
  for (let p = 0; p < pairs; p++) {
    const order: [Side, string][] = p % 2
      ? [["after", HERE], ["before", before]]
      : [["before", before], ["after", HERE]];
    for (const [side, dir] of order) {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", script, ...args],
        cwd: dir,
        env: { NO_COLOR: "1" },
      }).output();
      if (!out.success) throw new Error(`${dir}: ${new TextDecoder().decode(out.stderr)}`);
      runs[side].push(parse(new TextDecoder().decode(out.stdout)));
      console.log(`  ${side} done; load ${loadavg()}`);
    }
  }
  return runs;
}
