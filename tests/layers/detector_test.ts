/**
 * The confined MCP server's permissions let the detector load its model (and nothing more of
 * the npm cache is readable than the model package): a child under `confinedFlags` loads
 * CenterNet and runs one inference on a blank view, and RUN_IO's default detector (its two
 * workers, where there are 2 cores) searches a blank panorama there.
 */
import { goldenEntries } from "../_golden.ts";
import assert from "node:assert/strict";
import { confinedFlags } from "../../host/confine.ts";
import { detectorReadDirs } from "../../layers/detector.ts";

Deno.test("vision: the confined server may read the model package, and the detector loads there", async (t) => {
  const said = goldenEntries("detector_test", t);
  const home = await Deno.makeTempDir();
  const flags = confinedFlags(home, []);
  const dirs = detectorReadDirs();
  assert.equal(dirs.length, 2, "the model and wasm packages resolve");
  for (const d of dirs) assert.ok(flags[0].startsWith("--allow-read=") && flags[0].includes(d));
  assert.ok(!flags[0].split(",").some((p) => /\/npm$/.test(p)), "not the whole npm cache");
  const script = new URL("./_load_detector.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...flags, script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const [first, second] = text.split("\n");
  said.add(first + "\n");
  // The default detector: the two workers start under the same flags (cutting their own views).
  const want = navigator.hardwareConcurrency >= 2
    ? "default: wasm × 2, views cut in the workers, 0 detections on a blank panorama"
    : "default: wasm × 1, 0 detections on a blank panorama";
  assert.equal(second, want);
  await Deno.remove(home, { recursive: true });
  await said.check();
});
