/**
 * Control workloads for bench/batch_figures.ts (issue 29: does a second process, not batch's
 * design, cost the 2-worker batch its scaling?): pure JavaScript with no store, no threads and
 * no messages, timed as one process doing every "row" against two independent processes each
 * doing half at once. {@link allocRows} allocates like a tool's run (small objects, arrays,
 * strings, a JSON text made and parsed, a window of recent results kept alive so that objects
 * reach the old generation), so V8's collectors and the memory system are exercised;
 * {@link intRows} allocates nothing (an xorshift loop in registers): two of it scale by the
 * cores the machine gives, whatever the caches do. Each returns a checksum, so that no work
 * can be dropped.
 */

/** Points made per allocation row (about 1.5 ms of CPU a row, as a batch row's tools). */
const ALLOC_POINTS = 1000;
/**
 * Results kept alive at once (about 20 MB: more than a core's 2 MB L2, a good part of a shared
 * L3), older ones becoming garbage in the old generation; each row reads one of them back.
 */
const KEPT = 2048;

/** `rows` rows of allocation-heavy work; a checksum. */
export function allocRows(rows: number, seed = 1): number {
  const kept: unknown[] = new Array(KEPT);
  let sum = 0;
  for (let r = 0; r < rows; r++) {
    const points: { x_m: number; y_m: number; name: string; tags: string[] }[] = [];
    for (let i = 0; i < ALLOC_POINTS; i++) {
      const v = (r * 31 + i * 17 + seed) % 997;
      points.push({ x_m: v / 10, y_m: (v * 7) % 101, name: `p${r}-${i}`, tags: [`t${v % 13}`] });
    }
    const byTag = new Map<string, number>();
    for (const p of points) byTag.set(p.tags[0], (byTag.get(p.tags[0]) ?? 0) + p.x_m);
    points.sort((a, b) => a.y_m - b.y_m || a.x_m - b.x_m);
    const text = JSON.stringify({ r, points: points.slice(0, 100), tags: [...byTag] });
    const back = JSON.parse(text) as { points: { x_m: number }[] };
    kept[r % KEPT] = back;
    const old = kept[(r * 7919) % KEPT] as typeof back | undefined;
    let x = 0;
    for (const p of old?.points ?? []) x += p.x_m;
    sum = (sum + text.length + back.points.length + Math.round(x)) % 1_000_000_007;
  }
  return sum;
}

/** Integer steps per integer row (about a millisecond of CPU a row). */
const INT_STEPS = 500_000;

/** `rows` rows of an xorshift loop that allocates nothing; a checksum. */
export function intRows(rows: number, seed = 1): number {
  let x = seed | 1, sum = 0;
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < INT_STEPS; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
    }
    sum = (sum + (x >>> 0)) % 1_000_000_007;
  }
  return sum;
}
