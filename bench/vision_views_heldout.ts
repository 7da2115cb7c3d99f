/**
 * The held-out room-label evaluation (bench/vision_heldout.ts) with another view setup for the
 * detector: the ring's view count, field of view and pitch given here replace VIEW_SETUP's
 * (engines/vision/panorama.ts) for this process only, before any detection. The detections of
 * each setup are computed once and kept in test-artifacts/vision-cache under that setup's key.
 * First prints, per panorama, the detections that count as evidence (labels.ts isEvidence):
 * label, score, yaw and how many views saw it; then the held-out tables.
 *
 * ```sh
 * deno run -A bench/vision_views_heldout.ts --count 4 --fov 100 [--pitch -15]
 * ```
 */
import { detectionKey, VIEW_SETUP } from "../engines/vision/panorama.ts";
import { isEvidence } from "../engines/vision/labels.ts";
import { cases, detections } from "../tests/engines/vision/_zind_cases.ts";

const arg = (name: string) => {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Number(Deno.args[i + 1]) : undefined;
};
VIEW_SETUP.count = arg("--count") ?? VIEW_SETUP.count;
VIEW_SETUP.fov_deg = arg("--fov") ?? VIEW_SETUP.fov_deg;
VIEW_SETUP.pitch_deg = arg("--pitch") ?? VIEW_SETUP.pitch_deg;
console.log(`# view setup ${detectionKey()}`);
for (const c of cases()) {
  const ev = (await detections(c.file)).filter(isEvidence)
    .map((d) => `${d.label} ${d.score.toFixed(2)} @${d.yaw_deg.toFixed(0)}° ×${d.views}`);
  console.log(`${c.file.padEnd(22)} ${c.truth.padEnd(9)} ${ev.join("; ") || "–"}`);
}
await import("./vision_heldout.ts");
