/**
 * The MCP server's figures against the targets, each with a baseline from the same
 * run: cold start to the first tools/list (baseline: a bare Deno process echoing JSON-RPC),
 * median ceiling_height tools/call over 500 calls (baselines: `ping` on the same connection
 * and runTool in-process), resident memory after 10,000 calls vs after 1,000.
 *
 * ```sh
 * deno run -A bench/mcp_figures.ts            # prints a table; --json for JSON
 * ```
 */
import { runTool } from "../core/run.ts";
import { loadRegistry } from "../core/registry.ts";
import { openStore } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import { initialize, median, PROJECT, serverCommand, spawnRaw } from "./_mcp_client.ts";

const CALL = { name: "ceiling_height", arguments: { scan: "demo" } };

async function coldStart(args: string[], mcp: boolean): Promise<number> {
  const t0 = performance.now();
  const c = spawnRaw(Deno.execPath(), args);
  if (mcp) await initialize(c);
  await c.request("tools/list");
  const ms = performance.now() - t0;
  await c.close();
  return ms;
}

async function timed(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

const home = Deno.makeTempDirSync({ prefix: "threshold-figures-" });
const echo = ["run", "--no-prompt", `${PROJECT}/bench/_echo_server.ts`];
const mcp = serverCommand(home);
await coldStart(echo, false); // warm both: dependencies cached, code cache filled
await coldStart(mcp, true);
const echoCold: number[] = [];
const mcpCold: number[] = [];
const mcpUncached: number[] = [];
const mcpRelaunched: number[] = [];
const wide = ["run", "-A", `${PROJECT}/mcp.ts`, `--home=${home}`];
await coldStart(wide, true);
for (let i = 0; i < 10; i++) { // alternate, so load on the machine hits all alike
  echoCold.push(await coldStart(echo, false));
  mcpCold.push(await coldStart(mcp, true));
  mcpRelaunched.push(await coldStart(wide, true));
  const fresh = Deno.makeTempDirSync({ prefix: "threshold-figures-fresh-" });
  mcpUncached.push(await coldStart(serverCommand(fresh), true));
}

const server = spawnRaw(Deno.execPath(), mcp);
await initialize(server);
const call = async () => {
  const r = await server.request("tools/call", CALL);
  if (r.error || r.result?.isError) throw new Error(JSON.stringify(r));
};
await timed(20, call);
const ping = await timed(500, () => server.request("ping"));
const calls = await timed(500, call);
await timed(1000 - 520, call);
const rss1k = server.rssBytes();
await timed(9000, call);
const rss10k = server.rssBytes();
await server.close();

const ch = (await loadRegistry()).require("ceiling_height");
const store = openStore(Deno.makeTempDirSync({ prefix: "threshold-figures-lib-" }));
const inProcess = await timed(
  500,
  () => runTool(ch, { store, builtins: BUILTIN_SCANS, set: { scan: "demo" } }),
);
store.close();

const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;
const figures = {
  cold_start_ms: r1(median(mcpCold)),
  cold_start_baseline_echo_ms: r1(median(echoCold)),
  cold_start_ratio: r1(median(mcpCold) / median(echoCold)),
  cold_start_target_ms: 500,
  cold_start_listing_not_cached_ms: r1(median(mcpUncached)),
  cold_start_started_wide_ms: r1(median(mcpRelaunched)),
  cold_start_listing_not_cached_ratio: r1(median(mcpUncached) / median(echoCold)),
  call_median_ms: r2(median(calls)),
  call_baseline_ping_ms: r2(median(ping)),
  call_baseline_in_process_ms: r2(median(inProcess)),
  call_ratio_to_ping: r1(median(calls) / median(ping)),
  call_target_ms: 15,
  rss_after_1000_mb: r1(rss1k / 2 ** 20),
  rss_after_10000_mb: r1(rss10k / 2 ** 20),
  rss_growth_pct: r1((rss10k / rss1k - 1) * 100),
  rss_target_growth_pct: 20,
};
if (Deno.args.includes("--json")) console.log(JSON.stringify(figures, null, 2));
else {
  console.log(
    `cold start to first tools/list: ${figures.cold_start_ms} ms (median of 10; target < 500)` +
      `; echo baseline ${figures.cold_start_baseline_echo_ms} ms; ratio ${figures.cold_start_ratio}x`,
  );
  console.log(
    `  first start after a source change (listing not cached): ${figures.cold_start_listing_not_cached_ms} ms` +
      `; ratio ${figures.cold_start_listing_not_cached_ratio}x`,
  );
  console.log(
    `  started with -A (re-runs itself confined, two Deno processes): ${figures.cold_start_started_wide_ms} ms`,
  );
  console.log(
    `tools/call ceiling_height demo: median ${figures.call_median_ms} ms over 500 (target < 15)` +
      `; ping ${figures.call_baseline_ping_ms} ms (ratio ${figures.call_ratio_to_ping}x)` +
      `; runTool in-process ${figures.call_baseline_in_process_ms} ms`,
  );
  console.log(
    `memory (RSS): ${figures.rss_after_1000_mb} MB after 1,000 calls, ` +
      `${figures.rss_after_10000_mb} MB after 10,000: ${figures.rss_growth_pct} % (target within 20 %)`,
  );
}
