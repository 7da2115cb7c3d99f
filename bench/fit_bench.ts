/**
 * One corner fit (target: under 1 ms): the numeric minimum for unequal corridor widths,
 * against the closed form for equal widths (the baseline).
 */
import { cornerMaxLength, ladderMaxLength_m } from "../engines/geometry/fit.ts";

let sink = 0;
Deno.bench({
  name: "closed form, equal widths (2√2·a − 2w)",
  group: "corner",
  baseline: true,
  fn() {
    sink += cornerMaxLength(0.9, 0.9, 0.8).max_length_m;
  },
});

Deno.bench({
  name: "numeric minimum, unequal widths (256-step scan + golden section)",
  group: "corner",
  fn() {
    sink += cornerMaxLength(0.9, 1.2, 0.8).max_length_m;
  },
});

Deno.bench({
  name: "ladder closed form ((a^⅔ + b^⅔)^{3/2})",
  group: "corner",
  fn() {
    sink += ladderMaxLength_m(0.9, 1.2);
  },
});

globalThis.addEventListener("unload", () => {
  if (sink === 42) console.log(sink);
});
