/** Panorama access for vision tools (layers/panoramas.ts): content hashes, lazy decoding, refusals. */
import { goldenEntries } from "../_golden.ts";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openPanorama } from "../../layers/panoramas.ts";
import type { Plan } from "../../ground/plan.ts";
import { sharedData } from "../_data.ts";

const pano = sharedData("zind/panos/floor_01_partial_room_04_pano_32.jpg");
const planWith = (...images: (string | undefined)[]) =>
  ({
    sweeps: images.map((image, i) => ({ id: `s${i}`, floor: "f", at: [0, 0, 1.5], image })),
  }) as unknown as Plan;

Deno.test("panoramas: the same image under two names has one content hash; pixels decode on demand", async (t) => {
  const said = goldenEntries("panoramas_test", t);
  const dir = await Deno.makeTempDir();
  const copy = join(dir, "renamed.jpg");
  await Deno.copyFile(pano, copy);
  const plan = planWith(pano, copy);
  const a = await openPanorama(plan, "s0"), b = await openPanorama(plan, "s1");
  assert.ok(!("missing" in a) && !("missing" in b));
  said.add(a.hash);
  assert.equal(a.hash, b.hash);
  const px = await a.pixels();
  assert.deepEqual([px.width, px.height, px.data.length], [2048, 1024, 2048 * 1024 * 3]);
  await Deno.remove(dir, { recursive: true });
  await said.check();
});

Deno.test("panoramas: no image, a URL, an unknown sweep each say why", async (t) => {
  const said = goldenEntries("panoramas_test", t);
  const plan = planWith(undefined, "https://example.com/p.jpg");
  said.add((await openPanorama(plan, "s0") as { missing: string }).missing);
  said.add((await openPanorama(plan, "s1") as { missing: string }).missing);
  said.add((await openPanorama(plan, "nope") as { missing: string }).missing);
  await said.check();
});

Deno.test("panoramas: a process that may not read the folder says which --root to add", async () => {
  const script = new URL("./_open_panorama.ts", import.meta.url).pathname;
  const project = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", `--allow-read=${project}`, "--no-prompt", script, pano],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const dir = pano.slice(0, pano.lastIndexOf("/"));
  assert.match(new TextDecoder().decode(out.stdout), new RegExp(`add --root ${dir}\\)$`, "m"));
});
