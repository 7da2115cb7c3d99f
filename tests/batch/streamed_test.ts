/**
 * A batch on the pool streams its jobs to the threads as they are planned (batch/run.ts,
 * issue 29). What that must not change: a plan that fails mid-way is the batch's error, at
 * once, even while the threads are still starting (it neither hangs nor leaves threads
 * running); and the rows, the summary and the out file are those of a batch planned first.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openStore, type Store } from "../../core/store.ts";
import { createBatch, runBatch } from "../../batch/run.ts";
import { PERSONA, seedScans, TOOLS } from "../../bench/_batch.ts";
import { tempHome } from "../_cli.ts";

const opts = { sanitizeResources: false, sanitizeOps: false };

Deno.test({
  ...opts,
  name: "streamed batch: a plan that fails is the batch's error, before the threads are ready",
  fn: async () => {
    const home = tempHome();
    const store = openStore(home);
    seedScans(store, 40);
    const { spec } = await createBatch(store, { targets: ["b*"], tools: TOOLS, persona: PERSONA });
    let reads = 0;
    // The store fails on the 3rd scan's plan, while the two threads load their tools.
    const failing: Store = {
      ...store,
      getScan(id) {
        if (++reads === 3) throw new Error("the disk went away");
        return store.getScan(id);
      },
    };
    const t0 = performance.now();
    const timeout = new Promise<string>((r) => setTimeout(() => r("hung"), 60_000));
    const got = await Promise.race([
      runBatch(failing, spec, { workers: 2, location: home }).then(
        () => "resolved",
        (e) => (e as Error).message,
      ),
      timeout,
    ]);
    assert.equal(got, "the disk went away");
    assert.ok(performance.now() - t0 < 60_000);
    store.close();
  },
});

Deno.test({
  ...opts,
  name: "streamed batch: rows, summary counts and out file as the in-process batch's",
  fn: async () => {
    const rowsOf = async (workers: number) => {
      const home = tempHome();
      const store = openStore(home);
      seedScans(store, 12);
      const { spec } = await createBatch(store, {
        targets: ["b*"],
        tools: TOOLS,
        persona: PERSONA,
        id: "same",
      });
      const out = join(home, "rows.csv");
      const r = await runBatch(store, spec, { workers, location: home, out });
      store.close();
      // Each line but its duration (the column before the key), which no two runs share.
      const strip = (s: string) => s.replace(/,[^,]*,([0-9a-f]{32})$/gm, ",$1");
      return {
        rows: r.rows.map((x) => `${x.scan} ${x.tool} ${x.status} ${x.key}`),
        counts: [r.summary.rows, r.summary.ran, r.summary.skipped, r.missing],
        by_tool: r.summary.by_tool,
        csv: strip(Deno.readTextFileSync(out)),
      };
    };
    const a = await rowsOf(0), b = await rowsOf(2);
    assert.equal(a.rows.length, 36);
    assert.equal(a.csv.trim().split("\n").length, 37, "a header and a line a row");
    assert.match(a.csv, /,[0-9a-f]{32}\n/);
    assert.deepEqual(b, a);
  },
});
