/**
 * Detected objects as obstacles (tools/_vision/obstacles.ts) in turning_space and will_it_fit: off
 * when left out (no detector runs), an assumption when on. Plan and panorama as in
 * room_labels_test.ts: the 3 × 4 m Back room is empty in the plan; its panorama shows a toilet
 * (≈ 0.24 m square centred at (1.5, 2.88)), so the clear circle shrinks from 3.0 m to the
 * ≈ 2.76 m below the toilet.
 */
import { goldenEntries } from "../_golden.ts";
import assert from "node:assert/strict";
import { fixture } from "../_data.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import { parsePlanText } from "../../ground/plan.ts";
import { openStore } from "../../core/store.ts";
import { fakeDetector, writePanorama } from "./_vision_fake.ts";
import { RUN_IO } from "../../layers/io.ts";
import { VIEW_SETUP } from "../../engines/vision/panorama.ts";

const reg = await loadRegistry();
const dir = await Deno.makeTempDir();
const image = await writePanorama(dir);
const vis = parsePlanText(
  Deno.readTextFileSync(fixture("vision/bedroom_with_toilet.json")).replace(
    "SET-BY-TEST",
    image.replaceAll("\\", "/"),
  ),
);

async function turning(set: Record<string, unknown>) {
  const det = fakeDetector();
  const o = await runTool(reg.require("turning_space"), {
    ...RUN_IO,
    plans: { vis },
    store: openStore(":memory:"),
    set: { scan: "vis", turning_diameter_m: 1.5, room: "r1", ...set },
    detector: () => Promise.resolve(det),
  });
  if (o.status !== "done") throw new Error(JSON.stringify(o));
  return { r: o.result, calls: det.calls };
}

Deno.test("vision obstacles: off when left out; on, the detected toilet shrinks the clear circle", async (t) => {
  const said = goldenEntries("vision_obstacles_test", t);
  const off = await turning({});
  assert.equal(off.calls, 0, "no detector without the input");
  const d0 = off.r.metrics.find((m) => m.id === "smallest_circle_m")!.value as number;
  assert.ok(Math.abs(d0 - 3) < 0.01, `empty room: ${d0}`);
  assert.ok(!off.r.assumptions.some((a) => /detected/.test(a.text)));

  const on = await turning({ detected_objects: true });
  assert.equal(on.calls, VIEW_SETUP.count);
  const d1 = on.r.metrics.find((m) => m.id === "smallest_circle_m")!.value as number;
  assert.ok(d1 > 2.65 && d1 < 2.85, `with the toilet: ${d1}`);
  const a = on.r.assumptions.find((x) => x.input === "detected_objects")!;
  said.add(a.text);
  await said.check();
});

Deno.test("vision obstacles: will_it_fit takes the input and says what it assumed", async () => {
  const o = await runTool(reg.require("will_it_fit"), {
    ...RUN_IO,
    plans: { vis },
    store: openStore(":memory:"),
    set: {
      scan: "vis",
      item: "custom",
      to: "r1",
      width_m: 0.5,
      depth_m: 0.5,
      height_m: 0.5,
      entrance: "d1",
      detected_objects: true,
    },
    detector: () => Promise.resolve(fakeDetector()),
  });
  if (o.status !== "done") throw new Error(JSON.stringify(o));
  assert.ok(
    o.result.assumptions.some((x) => x.input === "detected_objects" && /obstacles/.test(x.text)),
    JSON.stringify(o.result.verdict) + JSON.stringify(o.result.assumptions),
  );
});
