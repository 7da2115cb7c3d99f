/**
 * Issue 31 § 5: the agent's guard against a hostile OpenAI-compatible server on loopback.
 * When no tool ran, the answer says so first; numbers in words and in full-width digits are
 * checked like digits; control characters (OSC, clear-screen, BEL, U+202E) never reach the
 * terminal; a server echoing the Authorization header never gets the key printed, in the
 * terminal or in --json; at most 8 tool calls run per turn; a reply is capped.
 */
import { goldenEntries } from "../_golden.ts";
import assert from "node:assert/strict";
import { askModel } from "../../agent/model.ts";
import { openaiProvider } from "../../agent/llm/openai.ts";
import { MAX_REPLY_CHARS, MAX_TOOL_CALLS_PER_TURN } from "../../agent/llm/guard.ts";
import { MAX_REPLY_BYTES, ModelError } from "../../agent/llm/http.ts";
import { rejectedBy } from "../_assert.ts";
import { loadRegistry } from "../../core/registry.ts";
import { openStore } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { cli, tempHome } from "../_cli.ts";
import { oaText, oaToolCalls, replay } from "./_replay.ts";

const KEY = "sk-attack-SECRET-key-987654";
const tools = (await loadRegistry()).tools;
const oa = (url: string) =>
  openaiProvider({ base_url: `${url}/v1`, model: "m", api_key: KEY, backoff_ms: 5, retries: 0 });
const opts = () => {
  const store = openStore(":memory:");
  store.setSelection("scan", "demo");
  return { store, builtins: BUILTIN_SCANS, tools };
};
// deno-lint-ignore no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

Deno.test("guard: every tool call malformed: nothing ran, and the answer says so before the model's claim", async (t) => {
  const said = goldenEntries("guard_attack_test", t);
  const srv = replay([
    oaToolCalls([
      { id: "a", name: "ceiling_height", arguments: "{not json" },
      { id: "b", name: "no_such_tool", arguments: "{}" },
    ]),
    oaText("Done. Everything passes."),
  ]);
  try {
    const out = await askModel("Are the ceilings high enough?", oa(srv.url), opts());
    assert.equal(out.tools_ran, 0);
    said.add(out.text);
  } finally {
    await srv.close();
  }
  await said.check();
});

Deno.test("guard: numbers in words and full-width digits that no result has are removed; stated ones stay", async (t) => {
  const said = goldenEntries("guard_attack_test", t);
  const srv = replay([
    oaToolCalls([{ id: "a", name: "ceiling_height", arguments: "{}" }]),
    oaText(
      "The attic is ２３ m high and twenty-three rooms fail; one hundred and five more; 1.95 m stays.",
    ),
  ]);
  try {
    const out = await askModel("Are the ceilings high enough?", oa(srv.url), opts());
    assert.equal(out.tools_ran, 1);
    assert.deepEqual(out.removed_numbers.map((r) => r.number), [
      "twenty-three",
      "one hundred and five",
      "23",
    ]);
    said.add(out.text);
    said.add(out.text);
  } finally {
    await srv.close();
  }
  await said.check();
});

Deno.test("guard: 300 tool calls in one turn: 8 run, the rest are answered 'not run'; a long reply is cut and said", async (t) => {
  const said = goldenEntries("guard_attack_test", t);
  const many = Array.from({ length: 300 }, (_, i) => ({
    id: `c${i}`,
    name: "ceiling_height",
    arguments: "{}",
  }));
  const srv = replay([oaToolCalls(many), oaText("x".repeat(MAX_REPLY_CHARS + 5000))]);
  try {
    const out = await askModel("Are the ceilings high enough?", oa(srv.url), opts());
    assert.equal(out.calls.length, MAX_TOOL_CALLS_PER_TURN);
    assert.equal(out.cut?.calls, 300 - MAX_TOOL_CALLS_PER_TURN);
    // The second request answered every call: 8 results and 292 "not run".
    const msgs = srv.got[1].body.messages as { role: string; content: string }[];
    const toolMsgs = msgs.filter((m) => m.role === "tool");
    assert.equal(toolMsgs.length, 300);
    assert.equal(
      toolMsgs.filter((m) => /^Not run: at most 8 tool calls/.test(m.content)).length,
      292,
    );
    assert.equal(out.cut?.chars, 5000);
    said.add(out.text);
    assert.ok(out.text.length < MAX_REPLY_CHARS + 100);
  } finally {
    await srv.close();
  }
  await said.check();
});

Deno.test("guard: a reply past the byte cap is refused unread, in words", async () => {
  const srv = replay([{
    json: { choices: [{ message: { content: "y".repeat(MAX_REPLY_BYTES + 1000) } }] },
  }]);
  try {
    const e = await rejectedBy(
      () => askModel("Are the ceilings high enough?", oa(srv.url), opts()),
      ModelError,
    );
    assert.deepEqual([e.code, e.data], [
      "model.reply_too_large",
      { status: 0, base_url: `${srv.url}/v1`, max_bytes: MAX_REPLY_BYTES },
    ]);
  } finally {
    await srv.close();
  }
});

Deno.test("guard (cli): control characters never reach the terminal and an echoed key is never printed, in text or --json", async () => {
  // A server that echoes the Authorization header into its text and a tool's arguments, with
  // an OSC title, clear-screen, BEL and a right-to-left override.
  let turn = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    await req.json();
    const auth = req.headers.get("authorization") ?? "";
    const body = turn++ % 2 === 0
      ? oaToolCalls([{
        id: "a",
        name: "ceiling_height",
        arguments: JSON.stringify({ scan: "demo", note: auth }),
      }]).json
      : oaText(`\u001b]0;pwned\u0007\u001b[2J\u0007Echo: ${auth} \u202Eevil\u202C. 1.95 m.`).json;
    return Response.json(body);
  });
  try {
    const home = tempHome();
    const env = {
      THRESHOLD_AGENT_PROVIDER: "openai",
      THRESHOLD_AGENT_BASE_URL: `http://127.0.0.1:${server.addr.port}/v1`,
      THRESHOLD_AGENT_MODEL: "m",
      OPENAI_API_KEY: KEY,
    };
    await cli(home, ["use", "demo"]);
    for (
      const args of [["ask", "Are the ceilings high enough?"], [
        "ask",
        "--json",
        "Are the ceilings high enough?",
      ]]
    ) {
      const r = await cli(home, args, env);
      assert.equal(r.code, 0, r.stderr);
      const all = r.stdout + r.stderr;
      assert.equal(all.includes(KEY), false, `the key is not printed (${args.join(" ")})`);
      assert.doesNotMatch(all, CONTROLS, `no control characters (${args.join(" ")})`);
      assert.match(all, /Echo: Bearer \[key\]/);
    }
  } finally {
    await server.shutdown();
  }
});
