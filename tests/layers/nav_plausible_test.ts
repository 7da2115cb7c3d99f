/**
 * Issue 31 § 6: a Matterport3D connectivity file that marks every pair of viewpoints
 * unobstructed (links through walls) is flagged and its nav graph left out; one link far
 * longer than a step is left out with a warning; the real sample is kept as it is.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { importSource } from "../../layers/mod.ts";
import { sharedData } from "../_data.ts";
import { goldenEntries } from "../_golden.ts";

const SAMPLE = sharedData("mp3d-sim/17DRP5sb8fy_connectivity.json");
type Vp = { pose: number[]; included: boolean; unobstructed: boolean[] };

function mutated(fn: (vps: Vp[]) => void): string {
  const vps = JSON.parse(Deno.readTextFileSync(SAMPLE)) as Vp[];
  fn(vps);
  const file = join(Deno.makeTempDirSync(), "17DRP5sb8fy_connectivity.json");
  Deno.writeTextFileSync(file, JSON.stringify(vps));
  return file;
}

Deno.test("nav plausibility: the real sample keeps its 83 links and no warning about them", async () => {
  const { loaded, report } = await importSource(SAMPLE, { id: "real" });
  assert.equal(loaded.plan.nav?.edges.length, 83);
  assert.equal(report.warnings.some((w) => /nav/.test(w)), false, report.warnings.join("\n"));
});

Deno.test("nav plausibility: every pair unobstructed is flagged and the nav graph left out", async (t) => {
  const said = goldenEntries("nav_plausible_test", t);
  const plain = (await importSource(SAMPLE, { id: "real" })).report.warnings;
  const file = mutated((vps) => {
    for (const v of vps) v.unobstructed = vps.map(() => true);
  });
  const { loaded, report } = await importSource(file, { id: "all" });
  const n = loaded.plan.nav!.nodes.length, pairs = (n * (n - 1)) / 2;
  assert.equal(loaded.plan.nav?.edges.length, 0);
  // Marked with how many links it had (every pair), and one warning more (its words golden).
  const marks = (loaded.plan.implausible ?? []).filter((m) => m.subject === "nav");
  assert.deepEqual(marks.map((m) => [m.field, m.value]), [["edges", pairs]]);
  const added = report.warnings.filter((w) => !plain.includes(w));
  assert.equal(added.length, 1, report.warnings.join("\n"));
  said.add(added[0]);
  await said.check();
});

Deno.test("nav plausibility: one 15 m link is left out with a warning; the others stay", async () => {
  const file = mutated((vps) => {
    // Viewpoints 25 and 47: 14.97 m apart, on opposite sides of the house.
    vps[25].unobstructed[47] = true;
    vps[47].unobstructed[25] = true;
  });
  const { loaded, report } = await importSource(file, { id: "long" });
  assert.equal(loaded.plan.nav?.edges.length, 83);
  assert.ok(
    report.warnings.some((w) =>
      /^1 nav link\(s\) are longer than 8 m \(the longest 14\.968 m\)/.test(w)
    ),
    report.warnings.join("\n"),
  );
});
