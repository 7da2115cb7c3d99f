/**
 * Every run has a time limit (option, else the preference run.time_limit_s, else 120 s): past
 * it the run ends as an `error` naming the limit, even inside an engine's loop that never
 * yields (engines/budget.ts checkpoints). A shared cancel flag stops it the same way.
 */
import assert from "node:assert/strict";
import { CancelledError } from "../../core/errors.ts";
import { DEFAULT_TIME_LIMIT_S, runTool, timeLimit } from "../../core/run.ts";
import { openStore } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import busy from "../../fixtures/mcp_tools/busy_loop/mod.ts";
import { checkpoint } from "../../engines/budget.ts";

Deno.test("run limit: a CPU-bound loop past the limit is an error naming the limit", async () => {
  const t0 = performance.now();
  const out = await runTool(busy, {
    builtins: BUILTIN_SCANS,
    set: { scan: "demo", seconds: 60 },
    time_limit_s: 0.3,
  });
  const took = performance.now() - t0;
  assert.equal(out.status, "done");
  if (out.status !== "done") return;
  assert.equal(out.result.verdict.status, "error");
  assert.match(out.result.verdict.text, /^busy_loop stopped at the time limit of 0\.3 s/);
  assert.ok(took < 20_000, `${took} ms`);
});

Deno.test("run limit: the preference sets it, and the default is named when none is set", () => {
  const s = openStore(":memory:");
  assert.equal(timeLimit({ store: s }).seconds, DEFAULT_TIME_LIMIT_S);
  assert.match(timeLimit({ store: s }).text, /raise it with threshold prefs set run\.time_limit_s/);
  s.setPref("run.time_limit_s", 7);
  assert.deepEqual(timeLimit({ store: s }), {
    seconds: 7,
    text: "the time limit of 7 s (preference run.time_limit_s)",
  });
  s.close();
});

Deno.test("run limit: a cancel flag set by another thread stops the loop as a cancellation", async () => {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(flag, 0, 1);
  await assert.rejects(
    runTool(busy, {
      builtins: BUILTIN_SCANS,
      set: { scan: "demo", seconds: 60 },
      cancel_flag: flag,
    }),
    CancelledError,
  );
});

Deno.test("run limit: outside a run a checkpoint costs nothing and throws nothing", () => {
  for (let i = 0; i < 1000; i++) checkpoint();
});
