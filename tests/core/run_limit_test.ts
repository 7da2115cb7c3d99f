/**
 * Every run has a time limit (option, else the preference run.time_limit_s, else 120 s): past
 * it the run ends as an `error` naming the limit, even inside an engine's loop that never
 * yields (ground/budget.ts checkpoints). A shared cancel flag stops it the same way.
 */
import { goldenEntries } from "../_golden.ts";
import assert from "node:assert/strict";
import { CancelledError } from "../../ground/errors.ts";
import { DEFAULT_TIME_LIMIT_S, runTool, timeLimit } from "../../core/run.ts";
import { openStore } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import busy from "../../fixtures/mcp_tools/busy_loop/mod.ts";
import { checkpoint } from "../../ground/budget.ts";

Deno.test("run limit: a CPU-bound loop past the limit is an error naming the limit", async (t) => {
  const said = goldenEntries("run_limit_test", t);
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
  said.add(out.result.verdict.text);
  assert.ok(took < 20_000, `${took} ms`);
  await said.check();
});

Deno.test("run limit: the preference sets it, and the default is named when none is set", async (t) => {
  const said = goldenEntries("run_limit_test", t);
  const s = openStore(":memory:");
  const none = timeLimit({ store: s });
  assert.deepEqual([none.seconds, none.from], [DEFAULT_TIME_LIMIT_S, "default"]);
  said.add(none.text);
  s.setPref("run.time_limit_s", 7);
  const pref = timeLimit({ store: s });
  assert.deepEqual([pref.seconds, pref.from], [7, "preference"]);
  said.add(pref.text);
  const given = timeLimit({ store: s, time_limit_s: 3 });
  assert.deepEqual([given.seconds, given.from], [3, "option"], "the run's own option wins");
  s.close();
  await said.check();
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

Deno.test("run limit: step_free_route on a 30,000-room plan stops at a 0.5 s limit as an error", async (t) => {
  const said = goldenEntries("run_limit_test", t);
  const { parsePlan } = await import("../../ground/plan.ts");
  const { loadRegistry } = await import("../../core/registry.ts");
  // A 174 × 173 grid of 4 m rooms, each joined to its left and lower neighbour by a door.
  const n = 30_000, side = Math.ceil(Math.sqrt(n));
  const rooms = [], openings = [];
  for (let i = 0; i < n; i++) {
    const x = (i % side) * 4, y = Math.floor(i / side) * 4;
    rooms.push({
      id: `r${i}`,
      floor: "f0",
      label: "other" as const,
      polygon: [[x, y], [x + 4, y], [x + 4, y + 4], [x, y + 4]] as [number, number][],
    });
    if (i % side) {
      openings.push({
        id: `d${i}`,
        kind: "door" as const,
        floor: "f0",
        between: [`r${i - 1}`, `r${i}`] as [string, string],
        at: [x, y + 2] as [number, number],
        width_m: 0.9,
      });
    }
    if (i >= side) {
      openings.push({
        id: `v${i}`,
        kind: "door" as const,
        floor: "f0",
        between: [`r${i - side}`, `r${i}`] as [string, string],
        at: [x + 2, y] as [number, number],
        width_m: 0.9,
      });
    }
  }
  openings.push({
    id: "front",
    kind: "door",
    floor: "f0",
    between: ["r0", null] as unknown as [string, string],
    at: [2, 0],
    width_m: 1,
    main_entrance: true,
  } as never);
  const big = parsePlan({ id: "big", floors: [{ id: "f0", index: 0 }], rooms, openings });
  const m = (await loadRegistry()).require("step_free_route");
  // Unlimited, this plan's routes take several seconds here (a pass); limited, an error.
  const out = await runTool(m, {
    plans: { big },
    set: { scan: "big", chair_width_m: 0.7 },
    time_limit_s: 0.5,
  });
  assert.equal(out.status, "done");
  if (out.status !== "done") return;
  assert.equal(out.result.verdict.status, "error", out.result.verdict.text);
  said.add(out.result.verdict.text);
  await said.check();
});
