/**
 * The MCP server under concurrent calls (issue 31 § 3), figures against the issue's: 16
 * concurrent ceiling_height calls on a large grid plan (tests/_big_plan.ts; `--side N`,
 * default 150 = 22,500 rooms; the 99,856 = side 316) and 100 concurrent takeoff calls
 * on the demo: the server's peak resident memory and thread count (Linux /proc), ping while
 * they run, and how many calls finished, were refused as busy, or failed. Pool: the server's
 * defaults (cores − 1 workers, 64 waiting).
 *
 * ```sh
 * deno run -A bench/mcp_load_figures.ts [--side 150]
 * ```
 */
import { openStore } from "../core/store.ts";
import { gridPlan } from "../tests/_big_plan.ts";
import { initialize, serverCommand, spawnRaw } from "./_mcp_client.ts";

const i = Deno.args.indexOf("--side");
const side = i >= 0 ? Number(Deno.args[i + 1]) : 150;
const home = Deno.makeTempDirSync({ prefix: "threshold-mcp-load-" });
const s = openStore(home);
const g = gridPlan(side);
s.putScan({ ...g, plan: { ...g.plan, id: "big", name: "Big grid" } });
s.close();

const threads = (pid: number) => {
  try {
    return Number(/Threads:\s+(\d+)/.exec(Deno.readTextFileSync(`/proc/${pid}/status`))?.[1]);
  } catch {
    return NaN;
  }
};

async function wave(tool: string, scan: string, n: number) {
  const c = spawnRaw(Deno.execPath(), serverCommand(home));
  await initialize(c);
  let rss = 0, th = 0;
  const pings: number[] = [];
  let going = true;
  const watch = (async () => {
    while (going) {
      rss = Math.max(rss, c.rssBytes());
      th = Math.max(th, threads(c.pid));
      const t0 = performance.now();
      await c.request("ping");
      pings.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const t0 = performance.now();
  const out = await Promise.all(
    Array.from({ length: n }, () => c.request("tools/call", { name: tool, arguments: { scan } })),
  );
  const wall_s = (performance.now() - t0) / 1000;
  going = false;
  await watch;
  await c.close();
  const texts = out.map((r) => JSON.stringify(r));
  pings.sort((a, b) => a - b);
  return {
    calls: n,
    done: texts.filter((t) => !/busy: |isError":true|"error"/.test(t)).length,
    busy: texts.filter((t) => /threshold is busy/.test(t)).length,
    failed: texts.filter((t) => /database is locked|failed/.test(t)).length,
    peak_rss_mb: Math.round(rss / 1e6),
    peak_threads: th,
    ping_max_ms: Math.round(pings.at(-1) ?? NaN),
    ping_p50_ms: Math.round(pings[Math.floor(pings.length / 2)] ?? NaN),
    wall_s: Math.round(wall_s * 10) / 10,
  };
}

const big = await wave("ceiling_height", "big", 16);
console.log(`16 × ceiling_height on ${side * side} rooms:`, JSON.stringify(big));
const small = await wave("takeoff", "demo", 100);
console.log("100 × takeoff on the demo:", JSON.stringify(small));
Deno.removeSync(home, { recursive: true });
