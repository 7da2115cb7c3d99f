/**
 * The busy web view's figure against issue 31's target: GET /tools p95 while the tool pool
 * runs large runs (ceiling_height and turning_space on a grid plan, kept going), against GET
 * /tools on the same server idle, in the same run; target ≤ 50 ms at p95. The plan is
 * tests/_big_plan.ts's grid (`--side N`: N × N rooms, default 150 = 22,500 rooms; the issue's
 * was 99,856 = side 316).
 *
 * ```sh
 * deno run -A bench/web_busy_figures.ts [--side 150] [--runs 3] [--n 100] [--json]
 * ```
 */
import { bigWeb, keepBusy } from "./_busy_web.ts";

const arg = (name: string, d: number) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Number(Deno.args[i + 1]) : d;
};
const side = arg("side", 150), runs = arg("runs", 3), n = arg("n", 100);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

const web = await bigWeb(side);
const page = async () => {
  const t0 = performance.now();
  const r = await fetch(`${web.origin}/tools`);
  await r.text();
  if (r.status !== 200) throw new Error(`GET /tools: ${r.status}`);
  return performance.now() - t0;
};
for (let i = 0; i < 10; i++) await page();
const idle: number[] = [];
for (let i = 0; i < n; i++) {
  idle.push(await page());
  await new Promise((r) => setTimeout(r, 20));
}

const busyA = keepBusy(web.origin, "ceiling_height", Math.ceil(runs / 2));
const busyB = keepBusy(web.origin, "turning_space", Math.floor(runs / 2));
// The runs reach the pool before timing starts.
for (let i = 0; i < 200 && web.pool().running < Math.min(runs, web.pool().size); i++) {
  await new Promise((r) => setTimeout(r, 10));
}
const during = web.pool();
const busy: number[] = [];
let most = during;
for (let i = 0; i < n; i++) {
  busy.push(await page());
  if (web.pool().running + web.pool().queued > most.running + most.queued) most = web.pool();
  // Spread over the runs' time, as a person's clicks are.
  await new Promise((r) => setTimeout(r, 20));
}
const finished = busyA.finished() + busyB.finished();
await Promise.all([busyA.stop(), busyB.stop()]);
await web.close();
await Deno.remove(web.home, { recursive: true }).catch(() => {});

const out = {
  rooms: side * side,
  pool: most,
  large_runs_finished_while_timing: finished,
  idle_ms: { p50: pct(idle, 0.5), p95: pct(idle, 0.95) },
  busy_ms: { p50: pct(busy, 0.5), p95: pct(busy, 0.95) },
  target_p95_ms: 50,
};
if (Deno.args.includes("--json")) console.log(JSON.stringify(out, null, 2));
else {
  const f = (x: number) => x.toFixed(1);
  console.log(`plan: ${out.rooms} rooms; pool at its fullest ${JSON.stringify(most)}`);
  console.log(`GET /tools idle:  p50 ${f(out.idle_ms.p50)} ms, p95 ${f(out.idle_ms.p95)} ms`);
  console.log(
    `GET /tools busy:  p50 ${f(out.busy_ms.p50)} ms, p95 ${f(out.busy_ms.p95)} ms ` +
      `(${(out.busy_ms.p95 / out.idle_ms.p95).toFixed(2)}× idle; target ≤ 50 ms)`,
  );
}
