/**
 * The MCP server's replies to a fixed list of requests, from one checkout, printed one a line
 * (run ids and times made `<run>`), so that two checkouts' replies can be diffed as text: the
 * output check of issue 29's tools/call row. In the 2025 era as raw JSON-RPC lines (no SDK
 * client in between: the server's bytes as written, parsed and printed back): the opening,
 * ping, every listed tool called on the demo, arguments that are wrong in several ways, the
 * resources; in the 2026-07-28 era through the SDK client (tests/mcp/_connect.ts), which
 * parses the replies: a few calls and reads. Each server runs under its own checkout's flags.
 *
 * ```sh
 * deno run -A bench/mcp_replies.ts /work/before11 > /tmp/a.txt
 * deno run -A bench/mcp_replies.ts . > /tmp/b.txt && diff /tmp/a.txt /tmp/b.txt
 * ```
 */
import { spawnRaw } from "./_mcp_client.ts";
import { start } from "../tests/mcp/_connect.ts";

const dir = await Deno.realPath(Deno.args[0] ?? ".");
const { confinedFlags } = await import(`${dir}/host/confine.ts`);
const args = (
  home: string,
) => ["run", ...confinedFlags(home, [], dir), `${dir}/mcp.ts`, `--home=${home}`];

/** Run ids (random, timed) as `<run>`, and the checkout's path as `<dir>`. */
function masked(reply: unknown): string {
  let text = JSON.stringify(reply).replaceAll(dir, "<dir>");
  const ids = new Set<string>();
  for (const m of text.matchAll(/threshold:\/\/runs\/([A-Za-z0-9_.-]+)/g)) ids.add(m[1]);
  for (const m of text.matchAll(/"run_id":"([A-Za-z0-9_.-]+)"/g)) ids.add(m[1]);
  for (const id of [...ids].sort((a, b) => b.length - a.length)) {
    text = text.replaceAll(id, "<run>");
  }
  return text.replace(/"(started_at|duration_ms)":("[^"]*"|[0-9.]+)/g, '"$1":"<t>"');
}

const WRONG: Record<string, unknown>[] = [
  { name: "ceiling_height", arguments: { scan: "no_such_scan" } },
  { name: "ceiling_height", arguments: { scan: "demo", min_height_m: "tall" } },
  { name: "ceiling_height", arguments: { scan: "demo", min_height_m: 2.6 } },
  { name: "ceiling_height", arguments: { scan: "demo", min_height_m: null } },
  { name: "ceiling_height", arguments: { scan: "demo", no_such_input: 1 } },
  { name: "ceiling_height", arguments: [1, 2] },
  { name: "ceiling_height" },
  { name: "no_such_tool", arguments: {} },
  { name: "will_it_fit", arguments: { scan: "demo" } },
];

const home = Deno.makeTempDirSync({ prefix: "threshold-replies-" });
const c = spawnRaw(Deno.execPath(), args(home));
const out: string[] = [];
const ask = async (method: string, params?: unknown) =>
  out.push(
    `${method} ${JSON.stringify(params ?? null)} -> ${masked(await c.request(method, params))}`,
  );
await ask("initialize", {
  protocolVersion: "2025-11-25",
  capabilities: {},
  clientInfo: { name: "bench", version: "1" },
});
c.notify("notifications/initialized");
await ask("ping");
const tools = (await c.request("tools/list")).result.tools as { name: string }[];
out.push(`tools/list -> ${masked(tools)}`);
for (const t of tools) {
  if (t.name === "import_scan") continue;
  await ask("tools/call", { name: t.name, arguments: { scan: "demo" } });
}
for (const p of WRONG) await ask("tools/call", p);
await ask("resources/list");
await ask("resources/templates/list");
await ask("resources/read", { uri: "threshold://scans" });
// A run read back whole (its row is written after the reply), its uri as `<run>` in the line.
const called = await c.request("tools/call", {
  name: "ceiling_height",
  arguments: { scan: "demo" },
});
out.push(`tools/call again -> ${masked(called)}`);
const uri = JSON.stringify(called).match(/threshold:\/\/runs\/[A-Za-z0-9_.-]+/)?.[0];
out.push(`resources/read <run> -> ${masked(await c.request("resources/read", { uri }))}`);
await ask("no/such_method");
await c.close();

const home2 = Deno.makeTempDirSync({ prefix: "threshold-replies-" });
const modern = await start("modern", home2, { args: args(home2) });
try {
  for (const p of [WRONG[0], WRONG[1], { name: "ceiling_height", arguments: { scan: "demo" } }]) {
    const r = await modern.client.callTool(
      p as { name: string; arguments?: Record<string, unknown> },
    );
    out.push(`modern tools/call ${JSON.stringify(p)} -> ${masked(r)}`);
  }
} finally {
  await modern.close();
}
console.log(out.join("\n"));
