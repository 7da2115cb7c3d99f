import assert from "node:assert/strict";
import { join } from "node:path";
import { openStore } from "../../core/store.ts";
import { syntheticBuilding } from "../../bench/_synthetic_building.ts";
import { runBatch } from "../../batch/run.ts";
import type { BatchSpec } from "../../batch/jobs.ts";
import { tempHome } from "../_cli.ts";
import { storeDump } from "./_dump.ts";

const TOOLS = ["door_clearance", "step_free_route", "ceiling_height"];

/** A store of `n` synthetic buildings with findings from a first batch, one of them rejected. */
async function seeded(n: number): Promise<{ home: string; rejected: string }> {
  const home = tempHome();
  const store = openStore(home);
  for (let i = 0; i < n; i++) {
    const l = syntheticBuilding(1 + (i % 2), 2 + (i % 4), 3);
    l.plan.id = `s${String(i).padStart(5, "0")}`;
    store.putScan(l);
  }
  const first: BatchSpec = {
    id: "first",
    scans: store.listScans().map((s) => s.id),
    tools: ["door_clearance"],
    set: {},
    persona: "power-wheelchair-user",
    timeout_s: 60,
  };
  await runBatch(store, first, { workers: 0, location: home });
  const f = store.listFindings({ scan: "s00001", tool: "door_clearance" })[0];
  store.setFindingStatus("s00001", f.id, "rejected", "measured on site");
  store.close();
  return { home, rejected: f.id };
}

function copyOf(home: string): string {
  const to = tempHome();
  for (const e of Deno.readDirSync(home)) {
    if (e.isFile) Deno.copyFileSync(join(home, e.name), join(to, e.name));
  }
  return to;
}

Deno.test({
  name:
    "batch on 2 worker threads leaves the store as the in-process batch does: rows, runs, findings (issue 29)",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { home, rejected } = await seeded(40);
    const dumps = [];
    for (const workers of [0, 2]) {
      const at = copyOf(home);
      const store = openStore(at);
      const spec: BatchSpec = {
        id: "second",
        scans: store.listScans().map((s) => s.id),
        tools: TOOLS,
        set: {},
        persona: "manual-wheelchair-user",
        timeout_s: 60,
      };
      const r = await runBatch(store, spec, { workers, location: at });
      assert.equal(r.rows.length, 120);
      assert.equal(r.missing, 0);
      // The rejected finding is hidden in the run's result, which says so (its JSON made again
      // inside the write, not the one made before it).
      const row = r.rows.find((x) => x.scan === "s00001" && x.tool === "door_clearance")!;
      const run = store.getRun(row.run_id!)!;
      assert.ok(!run.result.findings.some((f) => f.id === rejected));
      assert.ok(run.result.steps.some((s) => /1 finding\(s\) you rejected are hidden/.test(s)));
      store.close();
      dumps.push(storeDump(at));
    }
    const [inProcess, pool] = dumps;
    // 40 door_clearance runs of the first batch and 120 of the second (another persona).
    assert.equal(inProcess.runs.length, 160);
    assert.equal(inProcess.rows.length, 160);
    assert.ok(inProcess.findings.length > 400, `findings (${inProcess.findings.length})`);
    assert.deepEqual(pool.rows, inProcess.rows);
    assert.deepEqual(pool.runs, inProcess.runs);
    assert.deepEqual(pool.findings, inProcess.findings);
    // Finding numbers follow the order of first writes: each of 1…n once, in either.
    const n = inProcess.findings.length;
    assert.deepEqual(pool.nums, Array.from({ length: n }, (_, i) => i + 1));
    assert.deepEqual(inProcess.nums, pool.nums);
  },
});
