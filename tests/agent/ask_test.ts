import assert from "node:assert/strict";
import { ask, decide } from "../../agent/ask.ts";
import { listManifests } from "../../core/catalog.ts";
import { inputDefault, inputMeta, type Manifest, type z } from "../../core/manifest.ts";
import { loadRegistry } from "../../core/registry.ts";
import { openStore } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { rejectedBy } from "../_assert.ts";
import { assertGolden, goldenSentences } from "../_golden.ts";
import { InputError } from "../../ground/errors.ts";
import { planChoices, scanChoices } from "../../core/session.ts";

/** A room's name as every surface offers it (planChoices; golden in plan_choices_demo). */
const roomLabel = (id: string) =>
  planChoices(BUILTIN_SCANS.demo().plan, "room").find((c) => c.value === id)!.label;

const EXAMPLE = "Can I get my wheelchair from the front door to the bathroom?";
const FIXTURE_TOOLS = new URL("../../fixtures/agent/tools/", import.meta.url);

function demoStore() {
  const store = openStore(":memory:"); // no persona selected
  store.setSelection("scan", "demo");
  return store;
}

/** step_free_route as it is, or with the chair width's schema default taken away. */
async function routeTool(withDefault: boolean): Promise<Manifest> {
  const m = (await loadRegistry()).require("step_free_route");
  if (withDefault) return m;
  const shape = m.inputs.shape as Record<string, z.ZodType>;
  const cw = shape.chair_width_m;
  // deno-lint-ignore no-explicit-any
  let inner: any = cw;
  while (inputDefault(inner) !== undefined) inner = inner._zod.def.innerType;
  return { ...m, inputs: m.inputs.extend({ chair_width_m: inner.meta(inputMeta(cw)) }) };
}

for (const withDefault of [true, false]) {
  const label = withDefault ? "with a schema default" : "without a schema default";
  Deno.test(`agent: the design's example asks for the chair width and nothing else (${label})`, async () => {
    const tool = await routeTool(withDefault);
    const store = demoStore();
    const d = await decide(EXAMPLE, { store, builtins: BUILTIN_SCANS, tools: [tool] });
    assert.equal(d.status, "tools");
    if (d.status !== "tools") return;
    const [t] = d.tools;
    assert.equal(t.tool, "step_free_route");
    assert.deepEqual(t.inputs.to, {
      value: "u_bath",
      from: "question",
      label: roomLabel("u_bath"),
    });
    assert.deepEqual(t.inputs.scan.value, "demo");
    assert.equal(t.inputs.scan.from, "selection");
    assert.equal(
      t.inputs.scan.label,
      scanChoices({ store, builtins: BUILTIN_SCANS }).find((c) => c.value === "demo")!.label,
    );
    const asked = t.questions.map((q) => q.input);
    // Only the chair width may be asked, and it is asked exactly when nothing fills it. The
    // chair width has no schema default any more (design.md: a person's own measurements
    // have none), so the tool as it is asks for it too.
    const hasDefault = withDefault &&
      inputDefault((tool.inputs.shape as Record<string, z.ZodType>).chair_width_m) !== undefined;
    assert.deepEqual(asked, hasDefault ? [] : ["chair_width_m"]);
    if (hasDefault) assert.equal(t.inputs.chair_width_m.from, "default");
    // Saved as a preference: nothing is asked.
    store.setPref("access.chair_width_m", 0.7);
    const again = await decide(EXAMPLE, { store, builtins: BUILTIN_SCANS, tools: [tool] });
    assert.equal(again.status, "tools");
    if (again.status !== "tools") return;
    assert.deepEqual(again.tools[0].questions, []);
    assert.deepEqual(again.tools[0].inputs.chair_width_m, { value: 0.7, from: "preference" });
  });
}

Deno.test("agent: the design's example on the real tools chooses step_free_route and asks at most the chair width", async () => {
  const store = demoStore();
  const d = await decide(EXAMPLE, { store, builtins: BUILTIN_SCANS });
  assert.equal(d.status, "tools");
  if (d.status !== "tools") return;
  assert.deepEqual(d.tools.map((t) => t.tool), ["step_free_route"]);
  assert.ok(d.tools[0].questions.every((q) => q.input === "chair_width_m"));
  store.setPref("access.chair_width_m", 0.7);
  const again = await decide(EXAMPLE, { store, builtins: BUILTIN_SCANS });
  assert.ok(again.status === "tools" && again.tools[0].questions.length === 0);
});

Deno.test("agent: a fixture tool folder is picked for a question about it (no per-tool code)", async () => {
  const home = Deno.makeTempDirSync({ prefix: "threshold-agent-" });
  const real = await listManifests({ home });
  const fixture = await listManifests({ home, dir: FIXTURE_TOOLS });
  const manifests = [...real, ...fixture] as never;
  const store = demoStore();
  const d = await decide(
    "Is the radon in the basement above the action level? The kit said 200 Bq/m3",
    {
      store,
      builtins: BUILTIN_SCANS,
      manifests,
      toolsDir: FIXTURE_TOOLS,
    },
  );
  assert.equal(d.status, "tools");
  if (d.status !== "tools") return;
  assert.deepEqual(d.tools.map((t) => t.tool), ["radon_level"]);
  // The real tools are still chosen for their own questions with the fixture in the set.
  const other = await decide("Are the ceilings high enough?", {
    store,
    builtins: BUILTIN_SCANS,
    manifests,
  });
  assert.ok(other.status === "tools" && other.tools[0].tool === "ceiling_height");
  // Run it through the session: the reading nothing fills is the one question.
  const run = await ask("radon in the basement over the action level?", {
    store,
    builtins: BUILTIN_SCANS,
    manifests,
    toolsDir: FIXTURE_TOOLS,
  });
  assert.equal(run.status, "needs_input");
  if (run.status !== "needs_input") return;
  const r = run.runs[0];
  assert.ok(r.status === "needs_input");
  if (r.status === "needs_input") {
    assert.deepEqual(r.questions.map((q) => q.input), ["reading_bq_m3"]);
  }
});

Deno.test("agent: a question that matches tools about equally asks which, by title, best first", async () => {
  // Turning space and step-free route both fit "wheelchair in the bathroom" closely.
  const d = await decide("wheelchair in the bathroom", {
    store: demoStore(),
    builtins: BUILTIN_SCANS,
  });
  assert.equal(d.status, "which_tool");
  if (d.status !== "which_tool") return;
  assert.ok(d.candidates.length >= 2 && d.candidates.length <= 3);
  // Best first: the order of the question's titles is the order of the scores (its wording
  // is in the golden file with the two answers below).
  assert.deepEqual(d.candidates.map((c) => c.tool).slice(0, 2), [
    "turning_space",
    "step_free_route",
  ]);
  const said = goldenSentences("agent_which_tool");
  said.add(d.ask);
  // Nothing matches: no tool is offered, the answer says what threshold answers.
  const none = await decide("zzz qqq", { store: demoStore(), builtins: BUILTIN_SCANS });
  assert.equal(none.status, "none");
  if (none.status === "none") {
    assert.equal(none.code, "route.no_tool");
    said.add(none.why);
    said.add(none.answer);
  }
  // A few words matched too weakly: said so, not "cannot answer".
  const vague = await decide("check the house", { store: demoStore(), builtins: BUILTIN_SCANS });
  assert.equal(vague.status, "none");
  if (vague.status === "none") {
    assert.equal(vague.code, "route.too_weak");
    said.add(vague.answer);
  }
  await said.check();
});

Deno.test("agent: a question that needs two tools runs both, each with its own part", async () => {
  const store = demoStore();
  // The turning circle is the person's own measurement (no default): saved, nothing is asked.
  store.setPref("access.turning_diameter_m", 1.525);
  const out = await ask("Is the bathroom door wide enough and can I turn around in the bathroom?", {
    store,
    builtins: BUILTIN_SCANS,
  });
  assert.equal(out.status, "done");
  if (out.status !== "done") return;
  assert.deepEqual(out.runs.map((r) => r.tool), ["door_clearance", "turning_space"]);
  const turning = out.runs[1];
  assert.ok(turning.status === "done");
  if (turning.status === "done") assert.equal(turning.result.inputs.room.value, "u_bath");
});

Deno.test("agent: a stated value the input refuses is dropped and said; the fill takes over", async () => {
  // 9 m is beyond the ceiling tool's 6 m maximum.
  const d = await decide("ceilings lower than 9 m?", {
    store: demoStore(),
    builtins: BUILTIN_SCANS,
  });
  assert.ok(d.status === "tools");
  if (d.status !== "tools") return;
  assert.equal(d.tools[0].tool, "ceiling_height");
  assert.notEqual(d.tools[0].inputs.min_height_m.from, "question");
});

Deno.test("agent: --set style values win over the question, and runs stream steps", async () => {
  const store = demoStore();
  const steps: string[] = [];
  const out = await ask("Which rooms have ceilings lower than 2.4 m?", {
    store,
    builtins: BUILTIN_SCANS,
    set: { min_height_m: 2.2 },
    onEvent: (e) => e.type === "step" && steps.push(e.text),
  });
  assert.equal(out.status, "done");
  if (out.status !== "done") return;
  const r = out.runs[0];
  assert.ok(r.status === "done");
  if (r.status === "done") {
    assert.deepEqual(r.result.inputs.min_height_m, { value: 2.2, from: "explicit" });
  }
  assert.ok(steps.length > 0);
});

Deno.test("agent: an empty or overlong question, or a --set input no chosen tool has, is an error naming it", async () => {
  const empty = await rejectedBy(() => decide("   ", {}), InputError);
  assert.deepEqual([empty.code, empty.input], ["question.empty", "question"]);
  const long = await rejectedBy(() => decide("ceiling ".repeat(400), {}), InputError);
  assert.deepEqual([long.code, long.data], [
    "question.too_long",
    { input: "question", got: 3199, maximum: 2000 },
  ]);
  const extra = await rejectedBy(
    () =>
      decide("Are the ceilings high enough?", {
        store: demoStore(),
        builtins: BUILTIN_SCANS,
        set: { chair_width_m: 0.7 },
      }),
    InputError,
  );
  assert.deepEqual([extra.code, extra.data], [
    "input.unknown",
    { input: "chair_width_m", got: "chair_width_m", allowed: ["scan", "min_height_m"] },
  ]);
  await assertGolden("sentences/agent_question_errors", [empty, long, extra].map((e) => e.message));
});

Deno.test("agent: the person answers what nothing fills and saves it; the next question asks nothing", async () => {
  const tool = await routeTool(false); // no schema default for the chair width
  const store = demoStore();
  const asked: string[][] = [];
  const out = await ask(EXAMPLE, {
    store,
    builtins: BUILTIN_SCANS,
    tools: [tool],
    answer: (questions) => {
      asked.push(questions.map((q) => q.input));
      return Promise.resolve({ answers: { chair_width_m: "0.66" }, save: ["chair_width_m"] });
    },
  });
  assert.deepEqual(asked, [["chair_width_m"]]);
  assert.equal(out.status, "done");
  if (out.status !== "done") return;
  const r = out.runs[0];
  assert.ok(r.status === "done");
  if (r.status !== "done") return;
  assert.deepEqual(r.result.inputs.chair_width_m, { value: 0.66, from: "asked" });
  assert.deepEqual(r.result.inputs.to, { value: "u_bath", from: "explicit" });
  assert.equal(store.getPref("access.chair_width_m"), 0.66);
  const next = await decide(EXAMPLE, { store, builtins: BUILTIN_SCANS, tools: [tool] });
  assert.ok(next.status === "tools" && next.tools[0].questions.length === 0);
});

Deno.test("agent: mod.ts exports ask and decide", async () => {
  const lib = await import("../../mod.ts");
  assert.equal(typeof lib.ask, "function");
  assert.equal(typeof lib.decide, "function");
});

Deno.test("agent: a scan the question names is used for its rooms when none is selected", async () => {
  const store = openStore(":memory:"); // nothing selected
  const d = await decide("Will my sofa fit into the main bedroom of the demo house?", {
    store,
    builtins: BUILTIN_SCANS,
  });
  assert.ok(d.status === "tools");
  if (d.status !== "tools") return;
  assert.equal(d.tools[0].inputs.scan.value, "demo");
  assert.equal(d.tools[0].inputs.scan.from, "question");
  assert.deepEqual(d.tools[0].inputs.to, {
    value: "u_bed1",
    from: "question",
    label: roomLabel("u_bed1"),
  });
  assert.deepEqual(d.tools[0].questions, []);
});
