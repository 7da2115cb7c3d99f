/** Temperature scaling and reliability tables (engines/vision/calibrate.ts), values by hand. */
import assert from "node:assert/strict";
import {
  expectedCalibrationError,
  fitTemperature,
  leaveOneOutTemperatures,
  type LogitCase,
  meanNll,
  reliabilityTable,
  softmax,
  T_MIN,
  topBrier,
  wilson95,
} from "../../../engines/vision/calibrate.ts";
import { labelRoom, type RoomEvidence } from "../../../engines/vision/labels.ts";

const close = (a: number, b: number, eps = 1e-6) =>
  assert.ok(Math.abs(a - b) <= eps, `expected ${b}, got ${a}`);

// Logits [1, 0]; right 3 times of 4. The NLL is least where softmax(1/T)[0] = 3/4, i.e.
// 1/T = ln 3, T = 1 / ln 3 = 0.910239.
const FOUR: LogitCase[] = [
  { logits: [1, 0], truth: 0 },
  { logits: [1, 0], truth: 0 },
  { logits: [1, 0], truth: 0 },
  { logits: [1, 0], truth: 1 },
];

Deno.test("calibrate: softmax and mean NLL by hand", () => {
  const p = softmax([Math.log(3), 0]);
  close(p[0], 0.75), close(p[1], 0.25);
  // At T = 1: p(right) = e / (1 + e) = 0.731059; NLL = (3 · 0.313262 + 1.313262) / 4.
  close(meanNll(FOUR), 0.563262);
  // A truth outside the candidates (−1) is left out, not counted as certain or impossible.
  close(meanNll([...FOUR, { logits: [5, 0], truth: -1 }]), 0.563262);
});

Deno.test("calibrate: the fitted temperature is 1 / ln 3 when the top label is right 3 times in 4", () => {
  close(fitTemperature(FOUR), 1 / Math.log(3), 1e-5);
  close(softmax([1, 0], fitTemperature(FOUR))[0], 0.75, 1e-5);
});

Deno.test("calibrate: leave-one-out fits each case without it", () => {
  const t = leaveOneOutTemperatures(FOUR);
  // Without a right case: 2 right of 3, 1/T = ln 2. Without the wrong one: all right, T runs to
  // its lower bound.
  for (const k of [0, 1, 2]) close(t[k], 1 / Math.log(2), 1e-5);
  close(t[3], T_MIN, 1e-6);
});

Deno.test("calibrate: reliability table, ECE and Brier by hand", () => {
  const bins = reliabilityTable([
    { score: 0.1, right: false },
    { score: 0.3, right: true },
    { score: 0.35, right: false },
    { score: 0.9, right: true },
    { score: 1, right: true },
  ]);
  assert.deepEqual(bins.map((b) => b.n), [1, 2, 0, 0, 2]);
  close(bins[1].mean_score, 0.325), close(bins[1].accuracy, 0.5);
  close(bins[4].mean_score, 0.95), close(bins[4].accuracy, 1);
  assert.ok(Number.isNaN(bins[2].accuracy));
  // (1/5)·0.1 + (2/5)·0.175 + (2/5)·0.05
  close(expectedCalibrationError(bins), 0.11);
  close(topBrier([{ score: 0.75, right: true }, { score: 0.75, right: false }]), 0.3125);
});

Deno.test("calibrate: Wilson interval of 3 right of 3 is 0.44–1; of none, 0–1", () => {
  const [lo, hi] = wilson95(3, 3);
  close(lo, 0.438502, 1e-5), close(hi, 1, 1e-9);
  assert.deepEqual(wilson95(0, 0), [0, 1]);
});

Deno.test("labels: a temperature changes the scores, never the order; logits come with the guess", () => {
  const e: RoomEvidence = {
    area_m2: 4.5,
    long_m: 2.5,
    short_m: 1.8,
    doors: 1,
    windows: 0,
    widest_door_m: 0.8,
    objects: [{ label: "toilet", score: 0.56 }],
  };
  const one = labelRoom(e), sharp = labelRoom(e, 0.6, 0.5), flat = labelRoom(e, 0.6, 3);
  assert.deepEqual(one.top.map((t) => t.label), sharp.top.map((t) => t.label));
  assert.deepEqual(one.top.map((t) => t.label), flat.top.map((t) => t.label));
  assert.ok(sharp.score > one.score && one.score > flat.score);
  close(softmax(one.logits)[0], one.top.find((t) => t.label === "bathroom")!.score, 1e-12);
  close(softmax(one.logits, 3)[0], flat.score, 1e-12);
});
