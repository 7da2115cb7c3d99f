/**
 * Planning fills each tool's inputs once and gives every scan the same values with its own
 * scan (batch/jobs.ts, issue 29). Held here to the fill it replaced: every job's key is the one
 * its own session's preview gives, with a preference, a persona and --set in play.
 */
import assert from "node:assert/strict";
import { openStore } from "../../core/store.ts";
import { createSession } from "../../core/session.ts";
import { scanInputName } from "../../core/session.ts";
import { canonicalJson, planJobs, rowKey, toolVersion } from "../../batch/jobs.ts";
import { loadManifests } from "../../batch/run.ts";
import { getPersona } from "../../presets/personas.ts";
import { PERSONA, scanId, seedScans, TOOLS } from "../../bench/_batch.ts";

Deno.test("batch plan: each job's key is its own session's, the fill read once per tool", async () => {
  const store = openStore(":memory:");
  seedScans(store, 7);
  store.setPref("space.min_ceiling_m", 2.3);
  const manifests = await loadManifests(TOOLS);
  const persona = getPersona(PERSONA, store);
  const spec = {
    id: "b",
    scans: ["missing", ...Array.from({ length: 7 }, (_, i) => scanId(i))],
    tools: TOOLS,
    set: { min_clear_width_m: 0.9 },
    persona: PERSONA,
    timeout_s: 5,
  };
  // Only the tools that take the --set input get it (an input of another is an error).
  const shapes = TOOLS.map((t) => Object.keys(manifests.get(t)!.inputs.shape));
  assert.ok(shapes.some((s) => s.includes("min_clear_width_m")), "--set fills an input");
  const tools = TOOLS.filter((_, i) => shapes[i].includes("min_clear_width_m"));
  const others = TOOLS.filter((t) => !tools.includes(t));
  const jobs = [
    ...planJobs(store, { ...spec, tools }, manifests, persona),
    ...planJobs(store, { ...spec, tools: others, set: {} }, manifests, persona),
  ];
  assert.equal(jobs.length, 8 * TOOLS.length);
  const keys = new Set<string>();
  for (const j of jobs) {
    keys.add(j.key);
    if (j.fails) continue;
    const m = manifests.get(j.tool)!;
    assert.equal(j.set[scanInputName(m)!], j.scan);
    const preview = createSession(m, { store, set: j.set, persona, persist: false }).preview();
    const filled = Object.fromEntries(
      Object.entries(preview.filled).map(([k, v]) => [k, v.value]),
    );
    const plan = canonicalJson(store.getScan(j.scan)!.plan);
    assert.equal(j.key, rowKey(plan, j.tool, toolVersion(j.tool), filled), `${j.scan} ${j.tool}`);
  }
  assert.equal(keys.size, jobs.length, "every job its own key");
  store.close();
});
