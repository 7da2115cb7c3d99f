/**
 * Vision benchmarks against a named baseline in the same run (deno bench reports the ratios):
 * - one panorama from its image file to labelled detections (read, SHA-256, decode, the views,
 *   an inference each, suppression, placement on the plan, room label) vs the baseline: one raw
 *   CenterNet inference on one 512 × 512 view; both on the wasm backend.
 * - the same raw inference on the `cpu` backend (tfjs pure JS), against the wasm one: the reason
 *   wasm is the default.
 * The target: one panorama ≤ 6 s on this 2-core machine. Memory (32 vs 8 panoramas)
 * and the cached second run are in bench/vision_figures.ts.
 * Run: deno bench -A bench/vision_bench.ts
 */
import { fileURLToPath } from "node:url";
import { importSource } from "../layers/mod.ts";
import { decodeRgb, openPanorama } from "../layers/panoramas.ts";
import { loadCenterNet } from "../layers/detector.ts";
import { perspectiveView } from "../engines/vision/equirect.ts";
import { detectPanorama } from "../engines/vision/panorama.ts";
import { placeOnFloor } from "../engines/vision/place.ts";
import { labelRoom } from "../engines/vision/labels.ts";
import { roomEvidence } from "../engines/vision/room_evidence.ts";

const data = (rel: string) => fileURLToPath(new URL(`../../shared/data/${rel}`, import.meta.url));
const { loaded } = await importSource(data("zind/zind_data.json"));
const plan = loaded.plan;
const sweep = plan.sweeps.find((s) => s.id === "f01_pano_32")!;
const wasm = await loadCenterNet("wasm");
const pano = await decodeRgb(await Deno.readFile(sweep.image!), sweep.image!);
const view = perspectiveView(pano, { yaw_deg: 0, pitch_deg: -15, fov_deg: 90, size_px: 512 });

Deno.bench({
  name: "raw inference, one 512 × 512 view (wasm)",
  group: "panorama",
  baseline: true,
  n: 20,
  async fn() {
    await wasm.detect(view);
  },
});

Deno.bench({
  name: "panorama file → labelled detections (wasm)",
  group: "panorama",
  n: 5,
  async fn() {
    const ref = await openPanorama(plan, sweep.id);
    if ("missing" in ref) throw new Error(ref.missing);
    const dets = await detectPanorama(await ref.pixels(), (v, s) => wasm.detect(v, s));
    const objects = dets.flatMap((d) => {
      const p = placeOnFloor(d, {
        id: sweep.id,
        at: [sweep.at[0], sweep.at[1]],
        camera_height_m: sweep.at[2],
        heading_deg: sweep.heading_deg!,
      });
      return p ? [{ label: p.label, score: p.score }] : [];
    });
    labelRoom(roomEvidence(plan, sweep.room!, objects));
  },
});

const cpu = await loadCenterNet("cpu");
Deno.bench({
  name: "raw inference, one view (wasm)",
  group: "backend",
  baseline: true,
  n: 5,
  async fn() {
    await wasm.detect(view);
  },
});
Deno.bench({
  name: "raw inference, one view (cpu, pure JS)",
  group: "backend",
  n: 2,
  warmup: 0,
  async fn() {
    await cpu.detect(view);
  },
});
