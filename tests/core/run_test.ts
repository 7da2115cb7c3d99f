import { goldenEntries } from "../_golden.ts";
import { assertEquals, assertOk, assertRejects } from "../_assert.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import { type RunOutcome, runTool } from "../../core/run.ts";
import { openStore } from "../../core/store.ts";
import { parsePlan } from "../../ground/plan.ts";
import { CancelledError, InputError } from "../../ground/errors.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import type { HandlerResult } from "../../core/result.ts";

function probe(
  run: (ctx: any, inputs: any) => HandlerResult | Promise<HandlerResult>,
  requires: any[] = [],
) {
  return tool({
    id: "probe",
    title: "Probe",
    summary: "Probe.",
    model_description: "Probe.",
    audience: ["buyer"],
    inputs: z.object({ scan: z.string().meta(fill.selection()) }),
    requires,
    blocks: ["VerdictHeader"],
    draws: [],
    run,
  });
}
const done = (o: RunOutcome) => {
  if (o.status !== "done") throw new Error("expected a result");
  return o.result;
};
const empty = parsePlan({ id: "empty", floors: [{ id: "f0", index: 0 }] });

Deno.test("run: a missing layer is an unknown verdict and the handler is not called", async (gt) => {
  const said = goldenEntries("run_test", gt);
  let called = false;
  const t = probe(() => {
    called = true;
    return { verdict: { status: "pass", text: "x" } };
  }, [{ layer: "plan.rooms" }, { layer: "plan.sweeps", optional: true }]);
  const r = done(await runTool(t, { plans: { empty }, set: { scan: "empty" } }));
  assertEquals(called, false);
  assertEquals(r.verdict.status, "unknown");
  said.add(r.verdict.text);
  await said.check();
});

Deno.test("run: a handler crash is an error status with the message, no stack", async (gt) => {
  const said = goldenEntries("run_test", gt);
  const t = probe(() => {
    throw new TypeError("boom at the thing");
  });
  const r = done(await runTool(t, { builtins: BUILTIN_SCANS, set: { scan: "demo" } }));
  assertEquals([r.verdict.status, r.verdict.code, r.verdict.data], [
    "error",
    "run.failed",
    { tool: "probe" },
  ]);
  // The tool's id and the error's message (the words: the golden file).
  said.add(r.verdict.text);
  await said.check();
  assertOk(!JSON.stringify(r).includes("at runTool"), "no stack trace");
});

Deno.test("run: a result that breaks the schema becomes an error", async (gt) => {
  const said = goldenEntries("run_test", gt);
  const t = probe(() => ({
    verdict: { status: "pass", text: "x" },
    metrics: [{ id: "m", label: "m", value: NaN }],
  }));
  const r = done(await runTool(t, { builtins: BUILTIN_SCANS, set: { scan: "demo" } }));
  assertEquals(r.verdict.status, "error");
  said.add(r.verdict.text);
  await said.check();
});

Deno.test("run: an unknown scan is bad input naming the input", async (gt) => {
  const said = goldenEntries("run_test", gt);
  const t = probe(() => ({ verdict: { status: "pass", text: "x" } }));
  await assertRejects(
    () => runTool(t, { builtins: BUILTIN_SCANS, set: { scan: "nowhere" } }),
    (e: Error) => {
      assertOk(e instanceof InputError);
      said.add(e.message);
      return true;
    },
  );
  await said.check();
});

Deno.test("run: steps reach the listener as they happen; cancel stops the tool", async () => {
  const seen: string[] = [];
  const ac = new AbortController();
  const t = probe(async (ctx) => {
    ctx.step("one");
    ac.abort();
    await new Promise((r) => setTimeout(r, 1));
    ctx.step("two");
    return { verdict: { status: "pass", text: "x" } };
  });
  await assertRejects(
    () =>
      runTool(t, {
        builtins: BUILTIN_SCANS,
        set: { scan: "demo" },
        signal: ac.signal,
        onStep: (e) => seen.push(e.text),
      }),
    CancelledError,
  );
  assertEquals(seen, ["one"]);
});

Deno.test("run: plan warnings are carried into the assumptions", async () => {
  const bow = parsePlan({
    id: "bow",
    floors: [{ id: "f0", index: 0 }],
    rooms: [{
      id: "r",
      floor: "f0",
      label: "living",
      polygon: [[0, 0], [3, 3], [3, 0], [0, 3]],
      height_m: 2.5,
    }],
  });
  const t = probe((ctx, i) => {
    ctx.plan(i.scan);
    return { verdict: { status: "pass", text: "x" } };
  });
  const r = done(await runTool(t, { plans: { bow }, set: { scan: "bow" } }));
  assertOk(
    r.assumptions.some((a) => /Scan bow: rooms\[0\] \(r\): polygon intersects itself/.test(a.text)),
  );
});

Deno.test("run: findings are replaced by id, resolved when gone, rejected stay hidden", async () => {
  const store = openStore(":memory:");
  let low = ["a", "b"];
  const t = probe(() => ({
    verdict: { status: low.length ? "fail" : "pass", text: `${low.length} low` },
    findings: low.map((s) => ({
      id: `probe:room:${s}`,
      status: "open" as const,
      title: `room ${s} is low`,
    })),
  }));
  const opts = { store, builtins: BUILTIN_SCANS, set: { scan: "demo" } };
  done(await runTool(t, opts));
  assertEquals(store.listFindings({ scan: "demo" }).map((f) => f.id), [
    "probe:room:a",
    "probe:room:b",
  ]);
  store.setFindingStatus("demo", "probe:room:a", "rejected", "measured on site");
  low = ["a"];
  const r2 = done(await runTool(t, opts));
  assertEquals(r2.findings.map((f) => f.id), [], "the rejected finding is hidden from the run");
  const all = store.listFindings({ scan: "demo", all: true });
  assertEquals(all.map((f) => [f.id, f.status, f.reason ?? null]), [
    ["probe:room:a", "rejected", "measured on site"],
    ["probe:room:b", "resolved", null],
  ]);
  assertEquals(store.listFindings({ scan: "demo" }), []);
  low = ["b"];
  const r3 = done(await runTool(t, opts));
  assertEquals(r3.findings.map((f) => f.id), ["probe:room:b"]);
  assertEquals(store.listFindings({ scan: "demo" }).map((f) => [f.id, f.status]), [[
    "probe:room:b",
    "open",
  ]]);
  assertEquals(store.listRuns({ tool: "probe" }).length, 3);
  store.close();
});

Deno.test("run: questions come back only for unfilled inputs", async () => {
  const t = probe(() => ({ verdict: { status: "pass", text: "x" } }));
  const o = await runTool(t, { builtins: BUILTIN_SCANS });
  assertEquals(o.status, "needs_input");
  if (o.status === "needs_input") assertEquals(o.questions.map((q) => q.input), ["scan"]);
  const s = openStore(":memory:");
  s.setSelection("scan", "demo");
  assertEquals((await runTool(t, { store: s, builtins: BUILTIN_SCANS })).status, "done");
  s.close();
});
