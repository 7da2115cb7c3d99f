/**
 * tools/_vision/see.ts with a detector that takes several views at once (Detector.in_flight, the
 * worker pool): the next panorama's views are handed over before the last of this one's is
 * answered, so no worker waits between panoramas, and the result (sights, steps, checks,
 * findings) is the one of a detector taking one view at a time.
 */
import assert from "node:assert/strict";
import sharp from "sharp";
import { join } from "node:path";
import { fixture } from "../_data.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import { parsePlanText } from "../../ground/plan.ts";
import { openStore } from "../../core/store.ts";
import type { Detector } from "../../ground/detector.ts";
import { fakeDetector, writePanorama } from "./_vision_fake.ts";
import { RUN_IO } from "../../layers/io.ts";
import { VIEW_SETUP } from "../../engines/vision/panorama.ts";

/** Views a panorama. */
const V = VIEW_SETUP.count;

const tool = (await loadRegistry()).require("room_labels");
const dir = await Deno.makeTempDir();
const first = await writePanorama(dir);
// Three panoramas of different content (one pixel apart), so none is served from the cache.
const images = [first];
for (const k of [1, 2]) {
  const { data, info } = await sharp(first).raw().toBuffer({ resolveWithObject: true });
  data[0] = k;
  const file = join(dir, `pano${k}.png`);
  await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).png()
    .toFile(file);
  images.push(file);
}
const text = Deno.readTextFileSync(fixture("vision/bedroom_with_toilet.json"));
const loaded = parsePlanText(text.replace("SET-BY-TEST", first.replaceAll("\\", "/")));
loaded.plan.sweeps = images.map((image, i) => ({
  ...loaded.plan.sweeps[0],
  id: `s${i + 1}`,
  image,
}));

/**
 * The stand-in detector answering after a few ms, taking `inFlight` views at once, and a log of
 * the views asked and answered.
 */
function slow(inFlight?: number): Detector & { log: string[] } {
  const fake = fakeDetector();
  let asked = 0;
  const log: string[] = [];
  return {
    ...fake,
    log,
    ...(inFlight ? { parallel: 2, in_flight: inFlight } : {}),
    async detect(view, min) {
      const n = ++asked;
      log.push(`ask ${n}`);
      await new Promise((r) => setTimeout(r, 5 + (n % 3)));
      // A panorama's last view is answered once the next view is asked, or after a second
      // (the next panorama's decoding is not raced against the stand-in's few milliseconds).
      for (let t = 0; inFlight && n % V === 0 && n < 3 * V && asked === n && t < 100; t++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      log.push(`answer ${n}`);
      return fake.detect(view, min);
    },
  };
}

async function run(det: Detector) {
  const o = await runTool(tool, {
    ...RUN_IO,
    set: { scan: "vis" },
    store: openStore(":memory:"),
    plans: { vis: loaded },
    detector: () => Promise.resolve(det),
  });
  if (o.status !== "done") throw new Error(JSON.stringify(o));
  return o.result;
}

Deno.test("see: with views in flight the next panorama starts before this one ends; the same result", async () => {
  const one = slow(), four = slow(4);
  const a = await run(one), b = await run(four);
  // One at a time: the second panorama's first view is asked after the first's last is answered.
  const at = (log: string[], l: string) => log.indexOf(l);
  assert.ok(at(one.log, `ask ${V + 1}`) > at(one.log, `answer ${V}`), one.log.join(", "));
  // Four in flight: asked before the first panorama's last view is answered.
  assert.ok(at(four.log, `ask ${V + 1}`) < at(four.log, `answer ${V}`), four.log.join(", "));
  assert.ok(
    at(four.log, `ask ${2 * V + 1}`) < at(four.log, `answer ${2 * V}`),
    four.log.join(", "),
  );
  assert.equal(four.log.filter((l) => l.startsWith("ask")).length, 3 * V);
  assert.equal(b.metrics.find((m) => m.id === "panoramas_searched")!.value, 3);
  // The steps in sweep order (each panorama's views, then it), checks and findings as with one.
  assert.deepEqual(b.steps, a.steps);
  assert.deepEqual(b.step_codes, a.step_codes);
  assert.deepEqual(b.checks, a.checks);
  assert.deepEqual(b.findings, a.findings);
  const seen = (b.step_codes ?? []).filter((s) => s.code === "step.sweep_seen");
  assert.deepEqual(seen.map((s) => s.data.where), ["sweep s1", "sweep s2", "sweep s3"]);
});

Deno.test("see: a failing view with the next panorama in flight fails the run, and nothing is asked after", async () => {
  const det = slow(4);
  const detect = det.detect;
  let n = 0;
  det.detect = (v, m) => (++n === 5 ? Promise.reject(new Error("view 5 broke")) : detect(v, m));
  const r = await run(det);
  assert.deepEqual([r.verdict.status, r.verdict.code], ["error", "run.failed"]);
  assert.match(r.verdict.text, /view 5 broke/);
  // Nothing is asked after the run has failed.
  const asked = det.log.filter((l) => l.startsWith("ask")).length;
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(det.log.filter((l) => l.startsWith("ask")).length, asked);
});
