/**
 * Vision figures against the targets, each with its baseline from the same run:
 * - resident memory after 32 panoramas vs after 8 (target: within 20 %), the 12 ZInD sample
 *   panoramas taken in turn, every one decoded, cut and searched anew (no cache);
 * - room_labels over the ZInD sample a second time, served from the store's detection cache
 *   (target: ≤ 50 ms a panorama), against the first run that searched them.
 *
 * Memory is read twice at each point: as the process stands (garbage not yet collected) and
 * after a full collection (what the process keeps), which needs `--v8-flags=--expose-gc`.
 *
 * ```sh
 * deno run -A --v8-flags=--expose-gc bench/vision_figures.ts
 * ```
 */
import { fileURLToPath } from "node:url";
import { importSource } from "../layers/mod.ts";
import { openPanorama } from "../layers/panoramas.ts";
import { openStore } from "../core/store.ts";
import { runTool } from "../core/run.ts";
import { loadCenterNet } from "../layers/detector.ts";
import { detectPanorama } from "../engines/vision/panorama.ts";
import roomLabels from "../tools/room_labels/mod.ts";
import { RUN_IO } from "../layers/io.ts";

const data = (rel: string) => fileURLToPath(new URL(`../../shared/data/${rel}`, import.meta.url));
const { loaded } = await importSource(data("zind/zind_data.json"));
const plan = loaded.plan;
const withImages: string[] = [];
for (const s of plan.sweeps) {
  if (!("missing" in await openPanorama(plan, s.id))) withImages.push(s.id);
}
const det = await loadCenterNet();
const mb = () => Deno.memoryUsage().rss / 2 ** 20;
const gc = (globalThis as { gc?: () => void }).gc;
const mbAfterGc = () => {
  gc?.();
  return mb();
};

// Memory: 32 panoramas, figures after 8 and after 32.
const t0 = performance.now();
let after8 = 0, after8gc = 0;
for (let i = 0; i < 32; i++) {
  const ref = await openPanorama(plan, withImages[i % withImages.length]);
  if ("missing" in ref) throw new Error(ref.missing);
  await detectPanorama(await ref.pixels(), (v, s) => det.detect(v, s));
  if (i === 7) (after8 = mb(), after8gc = mbAfterGc());
}
const after32 = mb(), after32gc = mbAfterGc();
const perPano = (performance.now() - t0) / 32;

// Cache: the first room_labels run searches, the second is served from the store.
const home = await Deno.makeTempDir();
const store = openStore(home);
const run = async () => {
  const t = performance.now();
  const o = await runTool(roomLabels, {
    ...RUN_IO,
    plans: { z: loaded },
    store,
    set: { scan: "z" },
  });
  if (o.status !== "done") throw new Error("needs input");
  return { ms: performance.now() - t, r: o.result };
};
const first = await run();
const second = await run();
const cached = second.r.metrics.find((m) => m.id === "panoramas_from_cache")!.value as number;
store.close();
await Deno.remove(home, { recursive: true });

const rows: [string, string, string][] = [
  ["panoramas searched (memory run)", "32", `${perPano.toFixed(0)} ms each`],
  ["resident memory after 8 panoramas", `${after8.toFixed(0)} MiB`, "baseline"],
  [
    "resident memory after 32 panoramas",
    `${after32.toFixed(0)} MiB`,
    `${(100 * (after32 / after8 - 1)).toFixed(1)} % vs after 8 (target ≤ 20 %)`,
  ],
  ...(gc
    ? [
      ["  after a full collection, 8", `${after8gc.toFixed(0)} MiB`, "baseline"],
      [
        "  after a full collection, 32",
        `${after32gc.toFixed(0)} MiB`,
        `${(100 * (after32gc / after8gc - 1)).toFixed(1)} % vs after 8`,
      ],
    ] as [string, string, string][]
    : [["  (run with --v8-flags=--expose-gc for memory after a collection)", "", ""]] as [
      string,
      string,
      string,
    ][]),
  [
    "room_labels, first run (searches)",
    `${first.ms.toFixed(0)} ms`,
    `${(first.ms / withImages.length).toFixed(0)} ms a panorama (baseline)`,
  ],
  [
    "room_labels, second run (cache)",
    `${second.ms.toFixed(0)} ms`,
    `${(second.ms / cached).toFixed(1)} ms a panorama over ${cached} (target ≤ 50 ms)`,
  ],
];
for (const [a, b, c] of rows) console.log(`${a.padEnd(40)} ${b.padStart(10)}  ${c}`);
