/**
 * A loop of runs keeps nothing of the runs before: 300 more runs of ceiling_height in one
 * process, in a loop that awaits only promises, leave the heap (after a full GC) within 3 MB of
 * where it was. Before the fix (core/run.ts combined the caller's signal and the timer with
 * AbortSignal.any, whose WeakRefs V8 keeps until the task ends) each run kept ~29 KB of this one: 8.6 MB
 * here, and 6,000 rows of bench/batch_figures.ts's plain loop ran out of memory.
 */
import assert from "node:assert/strict";

Deno.test("run memory: 300 more runs in one loop keep no run alive (heap within 3 MB)", async () => {
  const script = new URL("./_run_loop_memory.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--v8-flags=--expose-gc", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const { at100, at400 } = JSON.parse(new TextDecoder().decode(out.stdout));
  const grew_mb = (at400 - at100) / 1e6;
  assert.ok(grew_mb < 3, `the heap grew ${grew_mb.toFixed(1)} MB over 300 runs`);
});
