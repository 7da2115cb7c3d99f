/**
 * fit_wording.ts: every will-it-fit step carries a message id and data, and its sentence is
 * made from them in one place; tests assert ids and data, not prose.
 */
import { assertEquals, assertOk } from "../../_assert.ts";
import { goldenEntries } from "../../_golden.ts";
import { runTool } from "../../../core/run.ts";
import { BUILTIN_SCANS } from "../../../layers/builtin.ts";
import willItFit from "../../../tools/will_it_fit/mod.ts";
import { type FitMessage, fitStepText } from "../../../engines/geometry/fit_wording.ts";
import type { FitStep } from "../../../engines/geometry/fit.ts";

async function steps(set: Record<string, unknown>): Promise<FitStep[]> {
  const o = await runTool(willItFit, { builtins: BUILTIN_SCANS, set: { scan: "demo", ...set } });
  if (o.status !== "done") throw new Error(JSON.stringify(o));
  return o.result.data!.steps as FitStep[];
}

Deno.test("fit wording: each step's sentence is its message and data, worded once", async () => {
  const seen = new Set<FitMessage>();
  for (const item of ["sofa", "wardrobe", "fridge", "piano", "mattress"]) {
    for (const s of await steps({ item, to: "u_bed1" })) {
      assertEquals(s.text, fitStepText(s.message, s.data), `${item} ${s.element}`);
      seen.add(s.message);
    }
  }
  for (const m of ["door", "stair", "floor"] as const) {
    assertOk(seen.has(m), `${m} in ${[...seen]}`);
  }
});

Deno.test("fit wording: a door the item does not pass says so by id and data", async (t) => {
  const said = goldenEntries("fit_wording_test", t);
  const all = await steps({ item: "wardrobe", to: "u_bed1" });
  const doors = all.filter((s) => s.message === "door");
  assertOk(doors.length > 0);
  for (const d of doors) {
    const data = d.data as { fits: boolean; short_m?: number; clear_width_m: number };
    assertEquals(data.fits, d.status !== "fail", d.element);
    assertEquals(data.short_m !== undefined, !data.fits, d.element);
    if (!data.fits) assertOk(data.short_m! > 0, `${d.element} short by ${data.short_m}`);
  }
  said.add(fitStepText("vertical", {
    what: "lift",
    element: "L1",
    width_m: 1.1,
    fits: true,
    carry: "flat",
  }));
  await said.check();
});
