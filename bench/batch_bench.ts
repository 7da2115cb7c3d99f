/**
 * Batch benchmarks (issue 17), each against a baseline from the same run.
 *
 * `deno bench -A bench/batch_bench.ts`: 100 synthetic scans × door_clearance + step_free_route
 * + ceiling_height (300 rows), a plain loop of run sessions in one process as the baseline,
 * against `runBatch` in process, with 1 and with 2 worker threads.
 *
 * `deno run -A bench/batch_bench.ts --figures [--scans 10000] [--redis redis://…]`: the
 * portfolio figures: 10,000 scans of varied size × the three tools — rows per second for the
 * plain loop, runBatch in process, with 1 and 2 workers (speed-up ratios); through the Redis queue with 2 worker
 * processes against the local pool of 2 (overhead per job, ratio); resident memory after
 * 1,000 and after 10,000 rows. `--redis` defaults to $THRESHOLD_TEST_REDIS_URL; without one
 * the queue figure is left out, saying so.
 */
import { openStore, type Store } from "../core/store.ts";
import { createSession } from "../core/session.ts";
import { loadTool } from "../core/catalog.ts";
import { getPersona } from "../presets/personas.ts";
import { createBatch, runBatch } from "../batch/run.ts";
import type { Progress } from "../batch/progress.ts";
import { PERSONA, plainLoop as loopOf, seedScans, TOOLS } from "./_batch.ts";

const plainLoop = (store: Store, scans: string[]) =>
  loopOf({ createSession, loadTool, getPersona }, store, scans);

async function batchOnce(store: Store, home: string, workers: number, progress?: Progress) {
  const { spec } = await createBatch(store, { targets: ["b*"], tools: TOOLS, persona: PERSONA });
  return await runBatch(store, spec, { workers, location: home, progress });
}

// ------------------------------------------------------------- deno bench (small)

const benchHome = Deno.makeTempDirSync({ prefix: "threshold-batch-bench-" });
let benchStore: Store | undefined;
const small = () => {
  if (!benchStore) {
    benchStore = openStore(benchHome);
    seedScans(benchStore, 100);
  }
  return benchStore;
};
const scans100 = Array.from({ length: 100 }, (_, i) => `b${String(i).padStart(5, "0")}`);

Deno.bench({
  name: "300 rows: plain loop of sessions in one process",
  group: "batch-300",
  baseline: true,
  n: 3,
  warmup: 1,
  async fn() {
    const n = await plainLoop(small(), scans100);
    if (n !== 300) throw new Error(`plain loop: ${n} of 300 runs completed`);
  },
});
for (const workers of [0, 1, 2]) {
  Deno.bench({
    name: `300 rows: runBatch, ${workers ? `${workers} worker thread(s)` : "in process"}`,
    group: "batch-300",
    n: 3,
    warmup: 1,
    async fn() {
      const r = await batchOnce(small(), benchHome, workers);
      if (r.summary.rows !== 300 || r.summary.failures.length) {
        throw new Error(`runBatch: ${r.summary.rows} rows, ${r.summary.failures.length} failed`);
      }
    },
  });
}

// ------------------------------------------------------------- figures (10,000 scans)

function flag(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

async function queueRun(store: Store, home: string, url: string) {
  const { runQueuedBatch, redisConnection } = await import("../batch/queue.ts");
  const c = redisConnection(url);
  await c.flushdb();
  c.disconnect();
  const workers = [0, 1].map(() =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "cli.ts", "worker", "--queue", url, "--json", "--concurrency", "1"],
      cwd: new URL("../", import.meta.url),
      env: { THRESHOLD_STORE: home },
      stdout: "piped",
      stderr: "null",
    }).spawn()
  );
  // Wait until both say ready, so start-up is not counted against the queue.
  const dec = new TextDecoder();
  await Promise.all(workers.map(async (w) => {
    const reader = w.stdout.getReader();
    let text = "";
    while (!text.includes('"ready"')) text += dec.decode((await reader.read()).value);
    reader.releaseLock();
    w.stdout.pipeTo(new WritableStream()).catch(() => {});
  }));
  const { spec } = await createBatch(store, { targets: ["b*"], tools: TOOLS, persona: PERSONA });
  const t0 = performance.now();
  const r = await runQueuedBatch(store, spec, { url, poll_ms: 50 });
  const s = (performance.now() - t0) / 1000;
  for (const w of workers) w.kill("SIGTERM");
  await Promise.all(workers.map((w) => w.status));
  return { s, rows: r.summary.rows, missing: r.missing };
}

async function figures() {
  const n = Number(flag("--scans") ?? 10_000);
  const redis = flag("--redis") ?? Deno.env.get("THRESHOLD_TEST_REDIS_URL");
  const home = Deno.makeTempDirSync({ prefix: "threshold-batch-figures-" });
  const store = openStore(home);
  let t = performance.now();
  seedScans(store, n);
  const seed_s = (performance.now() - t) / 1000;
  const scans = Array.from({ length: n }, (_, i) => `b${String(i).padStart(5, "0")}`);
  const rows = n * TOOLS.length;
  const out: Record<string, unknown> = { scans: n, rows, seed_s: +seed_s.toFixed(1) };
  const log = (k: string, v: unknown) => {
    out[k] = v;
    console.error(`${k}: ${JSON.stringify(v)}`);
  };

  t = performance.now();
  const done = await plainLoop(store, scans);
  const loop_s = (performance.now() - t) / 1000;
  log("plain_loop", { s: +loop_s.toFixed(1), rows_per_s: +(done / loop_s).toFixed(0) });

  const runs: Record<number, number> = {};
  for (const workers of [0, 1, 2]) {
    const rss: Record<number, number> = {};
    const progress: Progress = {
      row(d) {
        if (d === 1000 || d === 10_000 || d === rows) rss[d] = Deno.memoryUsage().rss;
      },
      end() {},
    };
    t = performance.now();
    const r = await batchOnce(store, home, workers, progress);
    const s = (performance.now() - t) / 1000;
    runs[workers] = s;
    log(`workers_${workers}`, {
      s: +s.toFixed(1),
      rows_per_s: +(r.summary.rows / s).toFixed(0),
      vs_plain_loop: +(loop_s / s).toFixed(2),
      missing: r.missing,
      rss_mb: Object.fromEntries(
        Object.entries(rss).map(([k, v]) => [k, +(v / 2 ** 20).toFixed(0)]),
      ),
      rss_10000_vs_1000: rss[10_000] && rss[1000] ? +(rss[10_000] / rss[1000]).toFixed(3) : null,
    });
  }
  log("speedup_2_vs_1", +(runs[1] / runs[2]).toFixed(2));

  if (redis) {
    const q = await queueRun(store, home, redis);
    const pool_ms = (runs[2] * 1000) / rows;
    const queue_ms = (q.s * 1000) / q.rows;
    log("queue_2_workers", {
      s: +q.s.toFixed(1),
      rows_per_s: +(q.rows / q.s).toFixed(0),
      ms_per_row: +queue_ms.toFixed(3),
      pool_ms_per_row: +pool_ms.toFixed(3),
      ratio_vs_pool: +(queue_ms / pool_ms).toFixed(2),
      // Each of the 2 workers spends this much more per job than a pool worker does.
      overhead_ms_per_job: +((queue_ms - pool_ms) * 2).toFixed(3),
      missing: q.missing,
    });
  } else log("queue_2_workers", "left out: no --redis and no THRESHOLD_TEST_REDIS_URL");
  store.close();
  console.log(JSON.stringify(out, null, 2));
}

if (Deno.args.includes("--figures")) await figures();
