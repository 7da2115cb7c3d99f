/**
 * The counter-edge measure (engines/vision/counters.ts counterEdges, run once per panorama by
 * room_labels) against itself before issue 30 (bench/_counters_before.ts, the named baseline:
 * each yaw's gradients sorted as an array of numbers), on the 12 ZInD sample panoramas with every
 * room of their floor and three camera heights: first checked identical case by case (runs and
 * share), then timed alternated (bench/_alternate.ts), medians of wall and CPU ms per panorama.
 *
 * ```sh
 * deno run -A bench/vision_counters_figures.ts [--rounds N]
 * ```
 */
import { counterEdges } from "../engines/vision/counters.ts";
import { counterEdgesBefore } from "./_counters_before.ts";
import { importSource } from "../layers/mod.ts";
import { openPanorama } from "../layers/panoramas.ts";
import { sharedData } from "../tests/_data.ts";
import type { RgbImage } from "../ground/image.ts";
import type { Point } from "../ground/plan.ts";
import { alternate, printRatios } from "./_alternate.ts";

const i = Deno.args.indexOf("--rounds");
const rounds = i >= 0 ? Number(Deno.args[i + 1]) : 10;
const load = () => Deno.loadavg().map((v) => v.toFixed(2)).join(" ");
const loadBefore = load();

const { loaded } = await importSource(sharedData("zind/zind_data.json"));
const plan = loaded.plan;
type Case = {
  px: RgbImage;
  ring: Point[];
  sweep: { at: Point; camera_height_m: number; heading_deg: number };
};
const all: Case[] = [], own: Case[] = [];
for (const s of plan.sweeps) {
  const ref = await openPanorama(plan, s.id);
  if ("missing" in ref) continue;
  const px = await ref.pixels();
  for (const room of plan.rooms.filter((r) => r.floor === s.floor)) {
    for (const h of [1.2, 1.5, 1.7]) {
      const c = {
        px,
        ring: room.polygon,
        sweep: {
          at: [s.at[0], s.at[1]] as Point,
          camera_height_m: h,
          heading_deg: s.heading_deg ?? 0,
        },
      };
      all.push(c);
      if (room.id === s.room && h === 1.5) own.push(c);
    }
  }
}
for (const [k, c] of all.entries()) {
  const a = JSON.stringify(counterEdges(c.px, c.ring, c.sweep));
  if (a !== JSON.stringify(counterEdgesBefore(c.px, c.ring, c.sweep))) {
    throw new Error(`case ${k}: counterEdges differs from before`);
  }
}
console.log(`identical on ${all.length} cases (${own.length} panoramas × rooms × heights)`);

// What room_labels runs: each panorama once, in its own room.
const t = await alternate({
  before: () => own.forEach((c) => counterEdgesBefore(c.px, c.ring, c.sweep)),
  now: () => own.forEach((c) => counterEdges(c.px, c.ring, c.sweep)),
}, rounds);
for (const k in t.ms) {
  t.ms[k] = t.ms[k].map((v) => v / own.length);
  t.cpu[k] = t.cpu[k].map((v) => v / own.length);
}
printRatios(t, "before", {
  header:
    `case | ms a panorama | ×before | CPU ms | ×before   (${rounds} rounds of ${own.length}; load ${loadBefore} → ${load()})`,
});
