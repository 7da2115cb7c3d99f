/**
 * What a run reads from outside core reaches it from its caller (layers/io.ts RUN_IO): a
 * context made with RUN_IO opens panoramas, reads rasters and has a detector; one made without
 * says what it was not given instead of reaching for them itself.
 */
import { assert, assertEquals } from "../_assert.ts";
import { makeCtx } from "../../core/context.ts";
import { runTool } from "../../core/run.ts";
import { loadRegistry } from "../../core/registry.ts";
import { openStore } from "../../core/store.ts";
import { parsePlan } from "../../ground/plan.ts";
import { RUN_IO } from "../../layers/io.ts";
import { sharedData } from "../_data.ts";

const pano = sharedData("zind/panos/floor_01_partial_room_04_pano_32.jpg");
const vis = parsePlan({
  id: "vis",
  floors: [{ id: "f", index: 0, elevation_m: 0 }],
  rooms: [{ id: "r", floor: "f", label: "bedroom", polygon: [[-2, -2], [2, -2], [2, 2], [-2, 2]] }],
  sweeps: [{ id: "s", floor: "f", room: "r", at: [0, 0, 1.5], image: pano }],
});
const site = { lat: 52.5, lon: 13.4, record: {}, from: "coordinates" as const };

Deno.test("RUN_IO: a context with it opens a sweep's panorama (hash first, pixels on demand)", async () => {
  const ctx = makeCtx({
    sources: { plans: { vis } },
    signal: new AbortController().signal,
    onStep: () => {},
    io: RUN_IO,
  });
  const ref = await ctx.panorama("vis", "s");
  assert(!("missing" in ref), JSON.stringify(ref));
  assert(/^[0-9a-f]{64}$/.test(ref.hash), ref.hash);
  // A site with no raster attached: the raster source says why, in a sentence.
  const e = await ctx.elevation(site, [[0, 0]]);
  assert("reasons" in e && e.reasons.length > 0, JSON.stringify(e));
});

Deno.test("without RUN_IO: panorama, detector and rasters each say what the run was not given", async () => {
  const ctx = makeCtx({
    sources: { plans: { vis } },
    signal: new AbortController().signal,
    onStep: () => {},
  });
  const msg = async (p: () => Promise<unknown>) => {
    try {
      await p();
      return "no error";
    } catch (e) {
      return (e as Error).message;
    }
  };
  assertEquals(
    await msg(() => ctx.panorama("vis", "s")),
    "this run was given no panorama reader (layers/io.ts RUN_IO)",
  );
  assertEquals(
    await msg(() => ctx.detector()),
    "this run was given no object detector (layers/io.ts RUN_IO)",
  );
  assertEquals(
    await msg(() => ctx.elevation(site, [[0, 0]])),
    "this context was made without a raster source",
  );
});

Deno.test("without RUN_IO: a vision tool's run is an error naming what it lacked, never a pass", async () => {
  const tool = (await loadRegistry()).require("room_labels");
  const out = await runTool(tool, {
    plans: { vis },
    set: { scan: "vis" },
    store: openStore(":memory:"),
  });
  assert(out.status === "done");
  assertEquals([out.result.verdict.status, out.result.verdict.code], ["error", "run.failed"]);
  assert(/no panorama reader/.test(out.result.verdict.text), out.result.verdict.text);
});
