/**
 * MCP server benchmarks, each against a named baseline in the same run:
 * - cold start to the first tools/list answer vs a bare Deno process echoing JSON-RPC
 *   (bench/_echo_server.ts); issue target: under 500 ms;
 * - a ceiling_height tools/call on the demo over stdio vs `ping` on the same connection
 *   (the protocol round trip alone); issue target: median under 15 ms.
 * The memory figure (10,000 calls vs 1,000) is in bench/mcp_figures.ts.
 */
import { initialize, PROJECT, serverCommand, spawnRaw } from "./_mcp_client.ts";

const home = Deno.makeTempDirSync({ prefix: "threshold-bench-" });
const CALL = { name: "ceiling_height", arguments: { scan: "demo" } };

async function coldStart(args: string[], mcp: boolean) {
  const c = spawnRaw(Deno.execPath(), args);
  if (mcp) await initialize(c);
  await c.request("tools/list");
  await c.close();
}

Deno.bench({
  name: "echo server: start to first answer (baseline)",
  group: "cold start",
  baseline: true,
  n: 10,
  warmup: 1,
  async fn() {
    await coldStart(["run", "--no-prompt", `${PROJECT}/bench/_echo_server.ts`], false);
  },
});

Deno.bench({
  name: "mcp.ts: start to first tools/list",
  group: "cold start",
  n: 10,
  warmup: 1,
  async fn() {
    await coldStart(serverCommand(home), true);
  },
});

const server = spawnRaw(Deno.execPath(), serverCommand(home));
await initialize(server);
await server.request("tools/call", CALL);
globalThis.addEventListener("unload", () => server.close());

Deno.bench({
  name: "ping round trip (baseline)",
  group: "tools/call",
  baseline: true,
  n: 500,
  warmup: 20,
  async fn() {
    await server.request("ping");
  },
});

Deno.bench({
  name: "tools/call ceiling_height on demo",
  group: "tools/call",
  n: 500,
  warmup: 20,
  async fn() {
    const r = await server.request("tools/call", CALL);
    if (r.result?.isError) throw new Error(JSON.stringify(r));
  },
});
