/**
 * Issue 29: the tools/call replies stay what they were while the call gets faster. Each call
 * below is sent as raw JSON-RPC to a fresh server (no SDK client in between, so the golden file
 * holds the bytes' content as the server wrote them) and its reply is compared, run ids made
 * `<run>`, with `fixtures/golden/mcp.call_replies.json`, written by the server before the
 * speed work (the worker's outcome sent as JSON text, the run's writes in one transaction).
 * The calls: a passing run, a failing one with findings, a large result (sun_hours: 48 KB of
 * outcome), a scan that does not exist, an argument of the wrong type, and a needs-input
 * answer from a client that cannot elicit.
 */
import { initialize, spawnRaw } from "../../bench/_mcp_client.ts";
import { assertGolden } from "../_golden.ts";
import { freshHome, serverArgs } from "./_connect.ts";

const CALLS: [string, Record<string, unknown>][] = [
  ["ceiling_height", { scan: "demo" }],
  ["ceiling_height", { scan: "demo", min_height_m: 2.6 }],
  ["door_clearance", { scan: "demo" }],
  ["takeoff", { scan: "demo" }],
  ["sun_hours", { scan: "demo" }],
  ["ceiling_height", { scan: "no_such_scan" }],
  ["ceiling_height", { scan: "demo", min_height_m: "tall" }],
  ["will_it_fit", { scan: "demo" }],
];

/** A reply with its run ids (random, and timed) as `<run>`. */
function runless(reply: unknown): unknown {
  const text = JSON.stringify(reply);
  const ids = new Set<string>();
  for (const m of text.matchAll(/threshold:\/\/runs\/([A-Za-z0-9_.-]+)/g)) ids.add(m[1]);
  let out = text;
  for (const id of ids) out = out.replaceAll(id, "<run>");
  return JSON.parse(out);
}

Deno.test("mcp tools/call: replies are as before the speed work (run ids aside)", async () => {
  const home = freshHome();
  const c = spawnRaw(Deno.execPath(), serverArgs(home));
  try {
    await initialize(c);
    const replies: unknown[] = [];
    for (const [name, args] of CALLS) {
      const r = await c.request("tools/call", { name, arguments: args });
      replies.push({ call: { name, arguments: args }, reply: runless(r) });
    }
    await assertGolden("mcp.call_replies", replies);
  } finally {
    await c.close();
  }
});
