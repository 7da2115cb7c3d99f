/**
 * room_objects on the hand-made plan with a synthetic panorama (see room_labels_test.ts). The
 * toilet patch spans yaw −5…5°, pitch −50…−30°; from a camera 1.5 m up at (1.5, 1.5) looking
 * north (heading 90°): its front is 1.5 / tan 50° = 1.259 m ahead, its width 2 · 1.259 · tan 5°
 * = 0.220 m, so its centre is at (1.5, 1.5 + 1.259 + 0.110) = (1.5, 2.869). A view's box is the
 * patch's outer rectangle, wider at the bottom than the patch (its top is nearer the view's
 * centre), so the width comes out 0.22–0.26 m and the centre up to 2 cm further. The sink patch
 * (yaw 55…65°, pitch −40…−20°) lands beyond the east wall, where no door is: it stays in the room.
 */
import assert from "node:assert/strict";
import { fixture } from "../_data.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import { parsePlanText } from "../../ground/plan.ts";
import { openStore } from "../../core/store.ts";
import { fakeDetector, type SceneBox, writePanorama, writeScene } from "./_vision_fake.ts";
import { RUN_IO } from "../../layers/io.ts";
import { goldenEntries } from "../_golden.ts";

const tool = (await loadRegistry()).require("room_objects");
const dir = await Deno.makeTempDir();
const image = await writePanorama(dir);
const vis = parsePlanText(
  Deno.readTextFileSync(fixture("vision/bedroom_with_toilet.json")).replace(
    "SET-BY-TEST",
    image.replaceAll("\\", "/"),
  ),
);

Deno.test("room_objects: the toilet is placed where the geometry puts it, with its uncertainty", async (t) => {
  const said = goldenEntries("room_objects_test", t);
  const o = await runTool(tool, {
    ...RUN_IO,
    plans: { vis },
    set: { scan: "vis" },
    store: openStore(":memory:"),
    detector: () => Promise.resolve(fakeDetector()),
  });
  if (o.status !== "done") throw new Error("needs input");
  const r = o.result;
  // The side room is in no panorama: the verdict says so first, and is not a pass.
  assert.equal(r.verdict.status, "unknown");
  assert.deepEqual([r.verdict.code, r.verdict.data], [
    "verdict.some_unseen",
    { rooms: 2, seen: 1, unreadable: 0, objects: 2 },
  ]);
  assert.deepEqual(r.checks.map((c) => c.code), ["room.objects"]);
  // The golden sentence of the wording (tools/room_objects/wording.ts).
  said.add(r.verdict.text);
  // deno-lint-ignore no-explicit-any
  const rooms = r.data!.rooms as any[];
  const back = rooms.find((x) => x.room === "r1");
  const toilet = back.objects.find((x: { label: string }) => x.label === "toilet");
  assert.ok(Math.abs(toilet.center[0] - 1.5) < 0.02, `x ${toilet.center[0]}`);
  assert.ok(Math.abs(toilet.center[1] - 2.869) < 0.06, `y ${toilet.center[1]}`);
  assert.ok(toilet.size[0] >= 0.215 && toilet.size[0] <= 0.26, `width ${toilet.size[0]}`);
  // ±2° of pitch at 50°: 1.5/tan 48° − 1.5/tan 52° = 1.3506 − 1.1719, half 0.089 < width/2 0.11.
  assert.ok(Math.abs(toilet.uncertainty_m - toilet.size[0] / 2) <= 0.001, "(both rounded to mm)");
  assert.ok(
    back.objects.some((x: { label: string }) => x.label === "sink"),
    "the sink stays in the room",
  );
  assert.ok(!rooms.some((x) => x.room === "r2"), "nothing is put in the room behind the wall");
  const circle = r.overlays.find((x) => x.kind === "circle" && /toilet/.test(x.label!))!;
  assert.equal(circle.radius_m, toilet.uncertainty_m);
  // deno-lint-ignore no-explicit-any
  const rows = r.data!.table!.rows;
  assert.deepEqual(r.data!.table!.columns, ["room", "object", "count", "positions"]);
  const backRoom = vis.plan.rooms.find((x) => x.id === "r1")!.name;
  assert.deepEqual(rows.map((x) => x.slice(0, 3)), [[backRoom, "sink", 1], [
    backRoom,
    "toilet",
    1,
  ]]);
  await said.check();
});

Deno.test("room_objects: a sweep without a heading lists its objects by bearing, not placed", async () => {
  const p = structuredClone(vis);
  delete p.plan.sweeps[0].heading_deg;
  const o = await runTool(tool, {
    ...RUN_IO,
    plans: { vis: p },
    set: { scan: "vis" },
    store: openStore(":memory:"),
    detector: () => Promise.resolve(fakeDetector()),
  });
  if (o.status !== "done") throw new Error("needs input");
  assert.equal(o.result.metrics.find((m) => m.id === "objects_unplaced")!.value, 2);
  assert.ok(o.result.assumptions.some((a) => /no heading/.test(a.text)));
  assert.equal(o.result.overlays.length, 0);
});

Deno.test("room_objects: one toilet seen from two sweeps of the room is one object, where it stands", async () => {
  // A 0.4 × 0.4 × 0.7 m toilet centred at (1.5, 3.0), rendered from two cameras 1.5 m up:
  // s1 at (1.5, 1.5) looking north (90°), s2 at (0.8, 1.2) looking east (0°).
  const toilet: SceneBox = { rect: [1.3, 2.8, 1.7, 3.2], height_m: 0.7, rgb: [230, 20, 20] };
  const s1 = { at: [1.5, 1.5] as [number, number], camera_m: 1.5, heading_deg: 90 };
  const s2 = { at: [0.8, 1.2] as [number, number], camera_m: 1.5, heading_deg: 0 };
  const p = structuredClone(vis);
  p.plan.sweeps = [
    { ...p.plan.sweeps[0], id: "s1", image: await writeScene(dir, "s1.png", s1, [toilet]) },
    {
      ...p.plan.sweeps[0],
      id: "s2",
      at: [0.8, 1.2, 1.5],
      heading_deg: 0,
      image: await writeScene(dir, "s2.png", s2, [toilet]),
    },
  ];
  const o = await runTool(tool, {
    ...RUN_IO,
    plans: { vis: p },
    set: { scan: "vis" },
    store: openStore(":memory:"),
    detector: () => Promise.resolve(fakeDetector()),
  });
  if (o.status !== "done") throw new Error("needs input");
  // deno-lint-ignore no-explicit-any
  const objects = (o.result.data!.rooms as any[]).find((x) => x.room === "r1").objects;
  assert.equal(objects.length, 1, JSON.stringify(objects));
  const t = objects[0];
  assert.deepEqual([...t.sweeps].sort(), ["s1", "s2"]);
  const off = Math.hypot(t.center[0] - 1.5, t.center[1] - 3.0);
  assert.ok(
    off <= Math.max(0.15, t.uncertainty_m),
    `${off.toFixed(3)} m from the toilet (± ${t.uncertainty_m})`,
  );
});
