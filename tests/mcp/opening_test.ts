/**
 * The opening answered from its record (mcp/opening.ts): a second server answers the same
 * `initialize` and `tools/list` with exactly the bytes the SDK wrote the first time; a client
 * that opens differently gets the SDK's own answers; a record that differs from what the SDK
 * says is removed after the connection in which it was found out.
 */
import assert from "node:assert/strict";
import { confinedFlags } from "../../host/confine.ts";

const PROJECT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");

const line = (o: unknown) => JSON.stringify(o) + "\n";
const INIT = (name: string) =>
  line({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name, version: "1" },
    },
  });
const OPENED = line({ jsonrpc: "2.0", method: "notifications/initialized" });
const LIST = line({ jsonrpc: "2.0", id: 2, method: "tools/list" });
const PING = line({ jsonrpc: "2.0", id: 3, method: "ping" });

/** Starts the server as hosts do, sends `lines` one by one (each after the last answer). */
async function converse(home: string, lines: string[]): Promise<string[]> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...confinedFlags(home, []), `${PROJECT}/mcp.ts`, `--home=${home}`],
    cwd: PROJECT,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const w = child.stdin.getWriter();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  const answers: string[] = [];
  const next = async () => {
    while (!buf.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the server closed its output");
      buf += value;
    }
    const nl = buf.indexOf("\n");
    const out = buf.slice(0, nl + 1);
    buf = buf.slice(nl + 1);
    return out;
  };
  for (const l of lines) {
    await w.write(new TextEncoder().encode(l));
    if (JSON.parse(l).id !== undefined) answers.push(await next());
  }
  await w.close();
  for (;;) if ((await reader.read()).done) break;
  await child.status;
  return answers;
}

const recordFile = (home: string) =>
  [...Deno.readDirSync(`${home}/cache`)].find((e) => e.name.startsWith("mcp-opening-"))?.name;

Deno.test("a replayed opening is byte for byte the SDK's, and what follows is the SDK's", async () => {
  const home = Deno.makeTempDirSync({ prefix: "threshold-opening-" });
  try {
    const first = await converse(home, [INIT("host"), OPENED, LIST, PING]);
    assert(recordFile(home), "the first opening is recorded");
    const again = await converse(home, [INIT("host"), OPENED, LIST, PING]);
    assert.deepEqual(again, first);
    assert(
      JSON.parse(again[1]).result.tools.some((t: { name: string }) => t.name === "ceiling_height"),
    );
    // Another client's opening is not the record's: the SDK answers it (and it is recorded).
    const other = await converse(home, [INIT("other"), OPENED, LIST]);
    assert.deepEqual(other[1], first[1]);
    assert.notDeepEqual(JSON.parse(other[0]).result, undefined);
  } finally {
    Deno.removeSync(home, { recursive: true });
  }
});

Deno.test("a record that differs from the SDK's answer is removed once found out", async () => {
  const home = Deno.makeTempDirSync({ prefix: "threshold-opening-" });
  try {
    const first = await converse(home, [INIT("host"), OPENED, LIST]);
    const file = `${home}/cache/${recordFile(home)}`;
    const rec = JSON.parse(Deno.readTextFileSync(file));
    rec.steps[0].answer.result.instructions = "not what the SDK says";
    Deno.writeTextFileSync(file, JSON.stringify(rec));
    // The record is what answers (so it was replayed, not the SDK), then it is found out.
    const tampered = await converse(home, [INIT("host"), OPENED, LIST]);
    assert.equal(JSON.parse(tampered[0]).result.instructions, "not what the SDK says");
    assert.equal(tampered[1], first[1]);
    assert.equal(recordFile(home), undefined);
    const after = await converse(home, [INIT("host"), OPENED, LIST]);
    assert.deepEqual(after, first);
  } finally {
    Deno.removeSync(home, { recursive: true });
  }
});
