/**
 * Issue 31 § 6: arguments nested far deeper than any tool's input are refused before anything
 * copies or walks them, and the server exits when its stdin closes. Raw JSON-RPC over stdio
 * (an SDK client cannot even serialize such a value).
 */
import assert from "node:assert/strict";
import { freshHome, serverArgs } from "./_connect.ts";

Deno.test("mcp: arguments nested 200,000 deep are refused in words, and the server exits when stdin closes", async () => {
  const home = freshHome();
  const child = new Deno.Command(Deno.execPath(), {
    args: serverArgs(home),
    env: { THRESHOLD_HOME: home, NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  const send = (s: string) => w.write(new TextEncoder().encode(s + "\n"));
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  const reply = async (id: number) => {
    for (;;) {
      for (const line of buf.split("\n")) {
        if (!line.trim()) continue;
        const m = JSON.parse(line);
        if (m.id === id) return m;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error(`the server closed stdout before answering ${id}`);
      buf += value;
    }
  };
  try {
    await send(JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      },
    }));
    await reply(1);
    await send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    const depth = 200_000;
    const deep = `${"[".repeat(depth)}${"]".repeat(depth)}`;
    await send(
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ceiling_height","arguments":{"scan":"demo","x":${deep}}}}`,
    );
    const r = await reply(2);
    const text = JSON.stringify(r);
    assert.match(text, /arguments nest deeper than 32 levels \(at x\[0\]/);
    // The server still answers.
    await send(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" }));
    assert.deepEqual((await reply(3)).result, {});
    // stdin closes: the server exits by itself, soon.
    await w.close();
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    const st = await child.status;
    clearTimeout(timer);
    assert.equal(st.signal, null, "it exited, it was not killed");
    assert.equal(st.code, 0);
  } finally {
    await reader.cancel().catch(() => {});
    await child.stderr.cancel().catch(() => {});
    try {
      child.kill("SIGKILL");
    } catch { /* exited */ }
  }
});
