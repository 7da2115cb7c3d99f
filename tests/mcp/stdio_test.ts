/**
 * mcp/stdio.ts: the line wire answers bad input with JSON-RPC errors and keeps going.
 * In-process over byte streams; one end-to-end run of mcp.ts with raw lines.
 */
import assert from "node:assert/strict";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { lineWire } from "../../mcp/stdio.ts";
import { FIXTURE_TOOLS, freshHome, PROJECT, serverArgs } from "./_connect.ts";

type Json = Record<string, any>;

/** Feeds chunks to a wire; returns what it delivered and what it wrote. */
async function feed(chunks: (string | Uint8Array)[], maxLineBytes?: number) {
  const enc = new TextEncoder();
  const input = new ReadableStream<Uint8Array>({
    start(c) {
      for (const x of chunks) c.enqueue(typeof x === "string" ? enc.encode(x) : x);
      c.close();
    },
  });
  const written: string[] = [];
  const output = new WritableStream<Uint8Array>({
    write(b) {
      written.push(new TextDecoder().decode(b));
    },
  });
  const wire = lineWire({ input, output, maxLineBytes, drainMs: 0 });
  const got: JSONRPCMessage[] = [];
  const closed = new Promise<void>((r) => wire.onclose = r);
  wire.onmessage = (m) => got.push(m);
  await wire.start();
  await closed;
  const lines = written.join("").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Json);
  return { got, lines };
}

Deno.test("line wire: not JSON -> -32700, not JSON-RPC -> -32600, then carries on", async () => {
  const { got, lines } = await feed([
    "{oops\n",
    '{"hello":1}\n',
    '{"jsonrpc":"2.0","id":7,"method":42}\n',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
  ]);
  assert.deepEqual(lines.map((l) => [l.id, l.error.code]), [[null, -32700], [null, -32600], [
    7,
    -32600,
  ]]);
  assert.deepEqual(got.map((m) => (m as Json).method), ["notifications/initialized"]);
});

Deno.test("line wire: a line over the limit is skipped and answered; the next one arrives", async () => {
  const big = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"${"a".repeat(5000)}"}}`;
  const { got, lines } = await feed([
    big.slice(0, 2000),
    big.slice(2000) + "\n",
    '{"jsonrpc":"2.0","id":2,"method":"ping"}\n',
  ], 1024);
  assert.equal(lines.length, 1);
  assert.equal(lines[0].error.code, -32600);
  assert.match(lines[0].error.message, /longer than 1024 bytes/);
  assert.deepEqual(got.map((m) => (m as Json).id), [2]);
});

Deno.test("line wire: lines split across chunks, CRLF and a last line without newline", async () => {
  const { got, lines } = await feed([
    '{"jsonrpc":"2.0","id":1,',
    '"method":"ping"}\r\n{"jsonrpc":"2.0",',
    '"id":2,"method":"ping"}',
  ]);
  assert.equal(lines.length, 0);
  assert.deepEqual(got.map((m) => (m as Json).id), [1, 2]);
});

Deno.test("mcp.ts: raw bad input gets protocol errors, stdout holds only JSON-RPC", async () => {
  const home = freshHome();
  const child = new Deno.Command(Deno.execPath(), {
    args: serverArgs(home, [`--tools=${FIXTURE_TOOLS}`]),
    cwd: PROJECT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const lines = [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "raw", version: "1" },
      },
    },
    { jsonrpc: "2.0", method: "notifications/initialized" },
  ].map((m) => JSON.stringify(m));
  lines.push("this is not json");
  lines.push(JSON.stringify({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "slow_steps", arguments: { scan: "x".repeat(5 * 1024 * 1024) } },
  }));
  lines.push(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "no/such/method" }));
  lines.push(JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: 5 } }));
  lines.push(JSON.stringify({
    jsonrpc: "2.0",
    id: 5,
    method: "tools/call",
    params: { name: "slow_steps", arguments: { scan: "demo", steps: 1 } },
  }));
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(lines.join("\n") + "\n"));
  await w.close();
  const out = await child.output();
  const stdout = new TextDecoder().decode(out.stdout);
  const msgs = stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Json);
  for (const m of msgs) assert.equal(m.jsonrpc, "2.0");
  const byId = new Map(msgs.filter((m) => m.id !== null).map((m) => [m.id, m]));
  const nulls = msgs.filter((m) => m.id === null).map((m) => m.error.code).sort();
  assert.deepEqual(nulls, [-32700, -32600].sort(), "not JSON; too large");
  assert.equal(byId.get(3)?.error?.code, -32601);
  assert.equal(byId.get(4)?.error?.code, -32602);
  assert.equal(byId.get(5)?.result?.structuredContent?.status, "pass");
  assert.ok(!byId.has(2), "the oversized request was skipped");
});
