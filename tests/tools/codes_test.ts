/**
 * Codes first, words second (design.md § "A result"): every tool's verdict, checks and
 * findings carry a stable code (and their data) on the demo, a hand-made plan and FZK-Haus, so
 * logic and tests can read codes instead of sentences.
 */
import { join } from "node:path";
import { assertEquals, assertOk } from "../_assert.ts";
import { fixture, sharedData } from "../_data.ts";
import { fakeDetector, writePanorama } from "./_vision_fake.ts";
import { parsePlan, parsePlanText } from "../../ground/plan.ts";
import { openStore } from "../../core/store.ts";
import { addRaster } from "../../layers/rasters.ts";
import { gridToTiff, houseDem, housePlan } from "../../fixtures/site/dems.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import { Code, type ToolResult, UNCODED_STEP } from "../../core/result.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { importSource } from "../../layers/mod.ts";
import { RUN_IO } from "../../layers/io.ts";
import { getPersona } from "../../presets/personas.ts";

const reg = await loadRegistry();
const fzk = (await importSource(sharedData("ifc/AC20-FZK-Haus.ifc"))).loaded;

/** What each tool needs besides a scan and the wheelchair persona. */
const EXTRA: Record<string, Record<string, unknown>> = {
  will_it_fit: { item: "sofa", to: "g_living" },
  code_check: { pack: "ada-2010" },
};

function uncoded(r: ToolResult): string[] {
  const bad: string[] = [];
  const ok = (c: string | undefined) => c !== undefined && Code.safeParse(c).success;
  if (!ok(r.verdict.code)) bad.push(`verdict (${r.verdict.text.slice(0, 60)})`);
  for (const c of r.checks) if (!ok(c.code) || !c.data) bad.push(`check ${c.id}`);
  for (const f of r.findings) if (!ok(f.code) || !f.data) bad.push(`finding ${f.id}`);
  r.assumptions.forEach((a, i) => {
    if (!ok(a.code) || !a.data) bad.push(`assumption ${i} (${a.text.slice(0, 60)})`);
  });
  // Every step has its code and data, in the order of the steps; none is a bare sentence.
  if (r.step_codes?.length !== r.steps.length) bad.push("step_codes beside steps");
  r.step_codes?.forEach((s, i) => {
    if (!ok(s.code) || s.code === UNCODED_STEP) bad.push(`step ${i} (${r.steps[i]})`);
  });
  return bad;
}

for (const scan of ["demo", "fzk"]) {
  Deno.test(`every tool's verdict, checks, findings, assumptions and steps carry codes and data (${scan})`, async () => {
    let judged = 0;
    for (const m of reg.tools) {
      const extra = {
        ...EXTRA[m.id],
        ...(scan === "fzk" && EXTRA[m.id]?.to ? { to: "Wohnen" } : {}),
      };
      const where = m.id === "site_facts" ? { place: scan } : { scan };
      const o = await runTool(m, {
        ...RUN_IO,
        builtins: BUILTIN_SCANS,
        plans: { fzk },
        persona: getPersona("manual-wheelchair-user"),
        set: { ...where, ...extra },
      });
      if (o.status !== "done") throw new Error(`${m.id}: ${JSON.stringify(o.questions)}`);
      assertEquals(uncoded(o.result), [], m.id);
      judged += o.result.checks.length;
    }
    assertOk(judged > 50, `${judged} checks read`);
  });
}

Deno.test("the vision tools' verdicts, checks and findings carry codes and data (a synthetic panorama)", async () => {
  const dir = await Deno.makeTempDir();
  const image = await writePanorama(dir);
  const text = Deno.readTextFileSync(fixture("vision/bedroom_with_toilet.json"));
  const vis = parsePlanText(text.replace("SET-BY-TEST", image.replaceAll("\\", "/")));
  for (const id of ["room_labels", "room_objects"]) {
    const o = await runTool(reg.require(id), {
      ...RUN_IO,
      plans: { vis },
      set: { scan: "vis" },
      store: openStore(":memory:"),
      detector: () => Promise.resolve(fakeDetector()),
    });
    if (o.status !== "done") throw new Error(id);
    assertOk(o.result.checks.length > 0, id);
    assertEquals(uncoded(o.result), [], id);
  }
});

Deno.test("the site tools' verdicts, checks and findings carry codes and data (a hand-made DEM)", async () => {
  const dir = await Deno.makeTempDir();
  const store = openStore(":memory:");
  const plans = { house: parsePlan(housePlan(0)) };
  const file = join(dir, "dem.tif");
  await Deno.writeFile(file, await gridToTiff(houseDem({ north_deg: 0 }), 32633));
  await addRaster(store, "house", file, "elevation", { plans });
  for (
    const [id, set] of [["site_drainage", { scan: "house" }], ["site_facts", { place: "house" }]]
  ) {
    const o = await runTool(reg.require(id as string), {
      ...RUN_IO,
      store,
      plans,
      set: set as never,
    });
    if (o.status !== "done") throw new Error(String(id));
    assertOk(o.result.checks.length > 0, String(id));
    assertEquals(uncoded(o.result), [], String(id));
  }
  store.close();
});
