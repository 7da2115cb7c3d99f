/** Issue 27: the plan's scale bar in feet (display.units imperial / both), drawn to scale. */
import assert from "node:assert/strict";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { planSvg } from "../../render/planview.ts";

const demo = BUILTIN_SCANS.demo().plan;
const attr = (el: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(el)?.[1];

Deno.test("planSvg: the scale bar in feet is a round number of feet drawn at 0.3048 m each", () => {
  for (const px_per_m of [50, 73, 20, 140]) {
    for (const units of ["imperial", "both"] as const) {
      const svg = planSvg(demo, { floor: "f0", px_per_m, units });
      const group = /<g class="scale-bar"[\s\S]*?<\/g>/.exec(svg)![0];
      const rect = /<rect class="scale-bar-length"[^>]*>/.exec(group)![0];
      const label = /class="scale-bar-text"[^>]*>([\d.]+) ft( \(([\d.]+) m\))?</.exec(group);
      assert.ok(label, `a length in feet: ${group}`);
      const feet = Number(label[1]);
      assert.ok([1, 2, 5, 10, 20, 50].includes(feet), `a round length, got ${feet}`);
      assert.ok(Math.abs(Number(attr(rect, "width")) - feet * 0.3048 * px_per_m) < 0.01);
      assert.equal(Boolean(label[2]), units === "both");
      if (label[3]) assert.equal(label[3], (feet * 0.3048).toFixed(2));
      // The data attribute stays in SI, as results do.
      assert.ok(Math.abs(Number(attr(group, "data-length-m")) - feet * 0.3048) < 0.006);
    }
  }
  assert.match(planSvg(demo, { floor: "f0" }), /class="scale-bar-text"[^>]*>[\d.]+ m</);
});
