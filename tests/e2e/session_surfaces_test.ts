/**
 * One session, three ways: straight through core/session.ts, through the command line (the
 * real `cli.ts` process) and through MCP (the real `mcp.ts` server and the SDK client). A
 * fresh store has no selected scan, so ceiling_height asks "Which scan?" with the scans by
 * name; answering "demo" runs it. Every surface must ask the same question with the same
 * choices and give the same result: the surfaces translate, the session decides.
 */
import assert from "node:assert/strict";
import { createSession } from "../../core/session.ts";
import { openStore } from "../../core/store.ts";
import { forModel } from "../../core/result.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import ceilingHeight from "../../tools/ceiling_height/mod.ts";
import { cli, tempHome } from "../_cli.ts";
import { freshHome, start } from "../mcp/_connect.ts";

type Json = Record<string, any>;

/** The session straight from core, in a fresh store of its own. */
async function direct() {
  const store = openStore(":memory:");
  const s = createSession(ceilingHeight, { store, builtins: BUILTIN_SCANS });
  const first = await s.run();
  assert.equal(first.status, "needs_input");
  if (first.status !== "needs_input") throw new Error("unreachable");
  const done = await s.answer({ scan: "Demo" }); // a person's typing: the label, any case
  assert.equal(done.status, "done");
  if (done.status !== "done") throw new Error("unreachable");
  store.close();
  return { questions: first.questions, result: done.result };
}

Deno.test("one session through core, the command line and MCP: same question, same result", async () => {
  const core = await direct();
  const [q] = core.questions;
  assert.equal(core.questions.length, 1);
  assert.equal(q.input, "scan");
  assert.equal(q.kind, "choice");
  assert.deepEqual(q.save, { as: "selection" });
  assert.ok(q.choices!.some((c) => c.value === "demo"), JSON.stringify(q.choices));

  // The command line: without a terminal it prints the session's questions and exits 3 ...
  const home = tempHome();
  const asked = await cli(home, ["run", "ceiling_height", "--json"]);
  assert.equal(asked.code, 3, asked.stderr);
  const printed = JSON.parse(asked.stdout);
  assert.equal(printed.status, "needs_input");
  assert.deepEqual(printed.questions, JSON.parse(JSON.stringify(core.questions)));
  // ... and the answer, given as its flag, runs the same tool to the same result.
  const ran = await cli(home, ["run", "ceiling_height", "--scan", "demo", "--json"]);
  assert.equal(ran.code, 0, ran.stderr);
  const cliResult = JSON.parse(ran.stdout);
  assert.deepEqual(cliResult.for_model, forModel(core.result));
  for (const k of ["verdict", "metrics", "checks", "findings", "overlays"] as const) {
    assert.deepEqual(cliResult.result[k], JSON.parse(JSON.stringify(core.result[k])), k);
  }
  assert.deepEqual(cliResult.result.steps, core.result.steps);

  // MCP: the same question arrives as an elicitation form with the same choices by name.
  const elicited: Json[] = [];
  const s = await start("modern", freshHome(), {
    elicit: (p) => {
      elicited.push(p);
      return { action: "accept", content: { scan: "demo" } };
    },
  });
  try {
    const r = await s.client.callTool({ name: "ceiling_height", arguments: {} }) as Json;
    assert.notEqual(r.isError, true, JSON.stringify(r.content));
    assert.equal(elicited.length, 1);
    const prop = (elicited[0].requestedSchema as Json).properties.scan;
    assert.deepEqual(
      prop.oneOf,
      q.choices!.map((c) => ({ const: String(c.value), title: c.label })),
    );
    assert.equal(prop.description, q.ask);
    assert.deepEqual(r.structuredContent, forModel(core.result));
  } finally {
    await s.close();
  }
});
