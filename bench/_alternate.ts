/**
 * Cases timed in alternation, A B C A B C …, so that a machine's load falls on every case alike
 * (issue 29: a 2-core machine shared with other work; ratios against a baseline timed in the
 * same rounds, not absolute times). Wall time from `performance.now()`, CPU time from
 * `node:process` `cpuUsage`; medians of each.
 */
import { cpuUsage } from "node:process";

/** The median (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * V8's full collection where the process was started with `--v8-flags=--expose-gc`, else it
 * throws: a bench that asks for `collect` says how it must be run rather than timing without.
 */
function collector(): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== "function") {
    throw new Error(
      "this bench collects garbage between cases: run it with --v8-flags=--expose-gc",
    );
  }
  return gc;
}

/**
 * A full collection, then 30 ms for V8's helper threads to finish sweeping what it freed: they
 * run on after `gc()` returns, and their CPU time counted in the next case (in a round's cyclic
 * order the same case always follows the same one, rotated or not).
 */
async function settled(gc: () => void): Promise<void> {
  gc();
  await new Promise((r) => setTimeout(r, 30));
}

/** Milliseconds per case and round: wall and CPU. */
export interface Timings {
  ms: Record<string, number[]>;
  cpu: Record<string, number[]>;
}

/**
 * Runs every case `warmup` times, then `rounds` rounds of every case in turn (`beforeRound`
 * first, outside the timing: fresh inputs for a round). With `rotate`, round r starts at the
 * r-th case (A B C, B C A, C A B, …), so that no case always holds the same place in a round:
 * a cost that comes back every few calls (on the water pipeline; its cause not pinned down)
 * otherwise lands on the same case every round and becomes its median. Seen with three
 * copies of water_figures.ts's 500² engine pipeline in one round, after its C++ one: 88, 57
 * and 86 ms of CPU, and 60, 57 and 58 rotated (issue 29). With `collect`, a full collection
 * runs before every case, outside its timing, so that no case pays for the garbage another left
 * (d35: D8 at 2,000² took ~31-37 ms of CPU timed after the pipeline's cases, ~23-25 ms alone).
 */
export async function alternate(
  cases: Record<string, () => unknown>,
  rounds: number,
  o: { warmup?: number; beforeRound?: () => void; rotate?: boolean; collect?: boolean } = {},
): Promise<Timings> {
  const gc = o.collect ? collector() : undefined;
  const ms: Record<string, number[]> = {}, cpu: Record<string, number[]> = {};
  for (let w = 0; w < (o.warmup ?? 1); w++) {
    for (const k in cases) await cases[k]();
  }
  const keys = Object.keys(cases);
  for (let r = 0; r < rounds; r++) {
    o.beforeRound?.();
    const at = o.rotate ? r % keys.length : 0;
    for (const k of [...keys.slice(at), ...keys.slice(0, at)]) {
      if (gc) await settled(gc);
      const c0 = cpuUsage(), t0 = performance.now();
      const out = cases[k]();
      if (out instanceof Promise) await out;
      (ms[k] ??= []).push(performance.now() - t0);
      const c1 = cpuUsage(c0);
      (cpu[k] ??= []).push((c1.user + c1.system) / 1000);
    }
  }
  return { ms, cpu };
}

/** One line a case: median wall ms, its ratio to `baseline`'s, median CPU ms and its ratio. */
export function printRatios(
  t: Timings,
  baseline: string,
  o: { header: string; digits?: number },
): void {
  const base = median(t.ms[baseline]), baseCpu = median(t.cpu[baseline]);
  const d = o.digits ?? 2;
  console.log(o.header);
  for (const k in t.ms) {
    const m = median(t.ms[k]), c = median(t.cpu[k]);
    console.log(
      `${k} | ${m.toFixed(2)} | ${(m / base).toFixed(d)}× | ${c.toFixed(2)} | ${
        (c / baseCpu).toFixed(d)
      }×`,
    );
  }
}
