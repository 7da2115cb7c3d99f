/**
 * room_labels' whole result on the 12 real ZInD panoramas, cold (a fresh store: every panorama
 * decoded, cut, searched, its floor and counters measured) through RUN_IO's own detector, equals
 * fixtures/golden/room_labels.zind.json, written with the in-process detector before the speed
 * work of issue 30 (two workers cutting their own views, cues beside the search): the speed work
 * changes no detection, step, check or sentence.
 */
import assert from "node:assert/strict";
import { assertGolden } from "../_golden.ts";
import { sharedData } from "../_data.ts";
import { importSource } from "../../layers/mod.ts";
import { openStore } from "../../core/store.ts";
import { runTool } from "../../core/run.ts";
import { RUN_IO } from "../../layers/io.ts";
import roomLabels from "../../tools/room_labels/mod.ts";

Deno.test({
  name: "room_labels on the 12 ZInD panoramas, cold: the result equals the golden one",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const { loaded } = await importSource(sharedData("zind/zind_data.json"));
    const home = await Deno.makeTempDir();
    const store = openStore(home);
    try {
      const o = await runTool(roomLabels, {
        ...RUN_IO,
        plans: { z: loaded },
        store,
        set: { scan: "z" },
        // Twelve cold panoramas take ~10 s on 2 idle cores, but went past the 120-s default
        // under a load of 17 (the result, not the speed, is what this test checks).
        time_limit_s: 900,
      });
      if (o.status !== "done") throw new Error(`room_labels: ${o.status}`);
      assert.notEqual(o.result.verdict.status, "error", o.result.verdict.text);
      const searched = o.result.metrics.find((m) => m.id === "panoramas_searched")?.value;
      assert.equal(searched, 12, "every panorama searched (a cold run)");
      // The result as it stands: the run id and duration are beside it, not in it.
      await assertGolden("room_labels.zind", o.result);
    } finally {
      store.close();
      await Deno.remove(home, { recursive: true });
    }
  },
});
