import { goldenEntries } from "../_golden.ts";
import assert from "node:assert/strict";
import { cli, tempHome } from "../_cli.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { planChoices } from "../../core/session.ts";
import { planNames } from "../../ground/names.ts";

/** A room's name as every surface offers it (planChoices; golden in plan_choices_demo). */
const roomLabel = (id: string) =>
  planChoices(BUILTIN_SCANS.demo().plan, "room").find((c) => c.value === id)!.label;

Deno.test("cli ask --plan-only --json: tools with confidence, inputs with their sources, questions", async () => {
  const home = tempHome();
  assert.equal((await cli(home, ["use", "demo"])).code, 0);
  const r = await cli(home, [
    "ask",
    "--plan-only",
    "--json",
    "will a king-size mattress fit in the main bedroom",
  ]);
  assert.equal(r.code, 0, r.stderr);
  const d = JSON.parse(r.stdout);
  assert.equal(d.status, "tools");
  const [t] = d.tools;
  assert.equal(t.tool, "will_it_fit");
  assert.ok(t.confidence > 0 && t.confidence <= 1);
  assert.equal(t.inputs.scan.value, "demo");
  assert.equal(t.inputs.scan.from, "selection");
  assert.deepEqual(t.inputs.item, { value: "mattress", from: "question" });
  // People read names: the room carries its label beside its id.
  assert.deepEqual(t.inputs.to, {
    value: "u_bed1",
    from: "question",
    label: roomLabel("u_bed1"),
  });
  assert.equal(t.inputs.stair_headroom_m.from, "default");
  assert.deepEqual(t.questions, []);
});

Deno.test("cli ask without a terminal: exit 3 with only the unfilled inputs as JSON; then it runs", async () => {
  const home = tempHome();
  await cli(home, ["use", "demo"]);
  const r = await cli(home, ["ask", "Will my sofa fit?"]);
  assert.equal(r.code, 3, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.status, "needs_input");
  assert.equal(out.tool, "will_it_fit");
  assert.deepEqual(out.questions.map((q: { input: string }) => q.input), ["to"]);
  const done = await cli(home, ["ask", "--json", "Will my sofa fit into the living room?"]);
  assert.equal(done.code, 0, done.stderr);
  const j = JSON.parse(done.stdout);
  assert.equal(j.runs[0].tool, "will_it_fit");
  assert.equal(j.runs[0].result.inputs.to.value, "g_living");
  assert.ok(j.runs[0].for_model.verdict);
});

Deno.test("cli ask: a near-tie asks which tool (exit 3 without a terminal); no match says what threshold answers", async (gt) => {
  const said = goldenEntries("cli_ask_test", gt);
  const home = tempHome();
  const r = await cli(home, ["ask", "wheelchair in the bathroom"]);
  assert.equal(r.code, 3);
  const out = JSON.parse(r.stdout);
  assert.equal(out.status, "which_tool");
  said.add(out.ask);
  // --plan-only prints the offer as its decision and exits 0.
  const plan = await cli(home, ["ask", "--plan-only", "--json", "wheelchair in the bathroom"]);
  assert.equal(plan.code, 0);
  assert.equal(JSON.parse(plan.stdout).status, "which_tool");
  // A question no tool answers: the answer, in a few grouped lines, exit 0.
  const none = await cli(home, ["ask", "what's the weather"]);
  assert.equal(none.code, 0, none.stderr);
  const lines = none.stdout.trim().split("\n");
  said.add(lines[0]);
  assert.ok(lines.length >= 4 && lines.length <= 8, none.stdout);
  assert.ok(lines.slice(1).every((l) => l.startsWith("- ")));
  const named = await cli(home, ["ask", "--tool", "nope", "zzz"]);
  assert.equal(named.code, 2);
  said.add(named.stderr);
  await said.check();
});

Deno.test("cli ask: the terminal line says which tool and why, then the answer", async () => {
  const home = tempHome();
  await cli(home, ["use", "demo"]);
  const r = await cli(home, ["ask", "Which rooms have ceilings lower than 2.4 m?"]);
  assert.equal(r.code, 0, r.stderr);
  // Without a terminal the line goes to stderr, so stdout is the answer alone.
  const [first] = r.stderr.split("\n");
  assert.match(first, /^→ Ceiling height \(ceiling_height\): its description matches /);
  assert.match(r.stdout, /ceiling_height on demo/);
});

Deno.test("protocol (cli): threshold ask with a provider from the environment; the key is never printed", async () => {
  const { replay, oaToolCalls, oaText } = await import("./_replay.ts");
  const srv = replay([
    oaToolCalls([{ id: "c1", name: "ceiling_height", arguments: "{}" }]),
    oaText("The attic room is 1.95 m; see [[ceiling_height:room:u_attic]]. 99.9 m elsewhere."),
  ]);
  const key = "sk-cli-SECRET-0123456789";
  try {
    const home = tempHome();
    await cli(home, ["use", "demo"]);
    const env = {
      THRESHOLD_AGENT_PROVIDER: "openai",
      THRESHOLD_AGENT_BASE_URL: `${srv.url}/v1`,
      THRESHOLD_AGENT_MODEL: "test-model",
      OPENAI_API_KEY: key,
    };
    const r = await cli(home, ["ask", "--json", "Are the ceilings high enough?"], env);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.includes(key) || r.stderr.includes(key), false);
    const out = JSON.parse(r.stdout);
    assert.equal(out.provider, "openai");
    assert.equal(out.calls[0].tool, "ceiling_height");
    assert.ok(out.calls[0].for_model.verdict);
    assert.deepEqual(out.removed_numbers.map((x: { number: string }) => x.number), ["99.9"]);
    assert.equal(srv.got[0].headers.authorization, `Bearer ${key}`);
    // --offline keeps it off the network.
    const off = await cli(home, [
      "ask",
      "--offline",
      "--plan-only",
      "--json",
      "Are the ceilings high enough?",
    ], env);
    assert.equal(off.code, 0);
    assert.equal(JSON.parse(off.stdout).tools[0].tool, "ceiling_height");
    assert.equal(srv.got.length, 2);
  } finally {
    await srv.close();
  }
});

Deno.test("cli ask: a saved agent.base_url never silently beats the environment's: the key goes where the environment says, and stderr says which and why", async () => {
  const { replay, oaText } = await import("./_replay.ts");
  const chosen = replay([oaText("No tool needed.")]);
  const saved = replay([oaText("The key came here.")]);
  const key = "sk-route-SECRET-0123456789";
  try {
    const home = tempHome();
    // As a page once could (issue 31 § 2): a preference pointing somewhere else.
    assert.equal((await cli(home, ["prefs", "set", "agent.base_url", `${saved.url}/v1`])).code, 0);
    const env = {
      THRESHOLD_AGENT_PROVIDER: "openai",
      THRESHOLD_AGENT_BASE_URL: `${chosen.url}/v1`,
      THRESHOLD_AGENT_MODEL: "test-model",
      OPENAI_API_KEY: key,
    };
    const r = await cli(home, ["ask", "--json", "hello"], env);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(saved.got.length, 0, "nothing went to the saved preference's server");
    assert.equal(chosen.got.length, 1);
    assert.equal(chosen.got[0].headers.authorization, `Bearer ${key}`);
    assert.match(
      r.stderr,
      /agent\.base_url: THRESHOLD_AGENT_BASE_URL \(".*"\) is used, not the saved preference \(".*"\): the environment decides where the key is sent\./,
    );
    // Without the variable the preference is used, and said to be.
    const { THRESHOLD_AGENT_BASE_URL: _, ...noUrl } = env;
    const p = await cli(home, ["ask", "--json", "hello"], noUrl);
    assert.equal(p.code, 0, p.stderr);
    assert.equal(saved.got.length, 1);
    assert.match(
      p.stderr,
      /agent\.base_url: the saved preference .* is used: THRESHOLD_AGENT_BASE_URL is not set\./,
    );
    assert.equal((r.stdout + r.stderr + p.stdout + p.stderr).includes(key), false);
  } finally {
    await chosen.close();
    await saved.close();
  }
});

Deno.test("cli ask: the bedroom named is asked about by name (exit 3 without a terminal)", async (gt) => {
  const said = goldenEntries("cli_ask_test", gt);
  const home = tempHome();
  await cli(home, ["use", "demo"]);
  const r = await cli(home, ["ask", "Will a 2.1 m sofa get to the bedroom?"]);
  assert.equal(r.code, 3, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.tool, "will_it_fit");
  assert.equal(out.questions[0].input, "to");
  // The demo's two bedrooms, offered by name (the question's words: the golden file).
  assert.deepEqual(
    out.questions[0].choices.map((c: { value: string; label: string }) => [c.value, c.label]),
    ["u_bed1", "u_bed2"].map((id) => [id, planNames(BUILTIN_SCANS.demo().plan).room.get(id)]),
  );
  said.add(out.questions[0].ask);
  // Given with --set, it runs.
  const done = await cli(home, [
    "ask",
    "--json",
    "--set",
    "to=u_bed2",
    "Will a 2.1 m sofa get to the bedroom?",
  ]);
  assert.equal(done.code, 0, done.stderr);
  assert.equal(JSON.parse(done.stdout).runs[0].result.inputs.to.value, "u_bed2");
  await said.check();
});

Deno.test("cli: --set reads a length with its unit, as the questions are read", async (gt) => {
  const said = goldenEntries("cli_ask_test", gt);
  const home = tempHome();
  await cli(home, ["use", "demo"]);
  for (
    const [text, m] of [["66 cm", 0.66], ["26 in", 0.6604], [`2' 2"`, 0.6604], [
      "0.66",
      0.66,
    ]] as const
  ) {
    const r = await cli(home, [
      "run",
      "door_clearance",
      "--json",
      "--set",
      `chair_width_m=${text}`,
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).result.inputs.chair_width_m.value, m, text);
  }
  // A bare number too big for metres says how to give a unit.
  const bad = await cli(home, ["run", "door_clearance", "--json", "--set", "chair_width_m=66"]);
  assert.equal(bad.code, 2);
  said.add(bad.stderr);
  await said.check();
});
