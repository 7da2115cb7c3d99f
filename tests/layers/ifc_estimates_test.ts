/**
 * An estimate never decides a verdict alone (issue 24 §3): FZK-Haus's stair width is read off
 * its bounding box, so the plan carries the basis and an error bound, and IRC R311.7.1's
 * minimum within that bound is "too close to call: measure on site", not a fail.
 */
import { goldenEntries } from "../_golden.ts";
import assert from "node:assert/strict";
import { importSource } from "../../layers/mod.ts";
import { loadTool } from "../../core/catalog.ts";
import { runTool } from "../../core/run.ts";
import { sharedData } from "../_data.ts";

const fzk = await importSource(sharedData("ifc/AC20-FZK-Haus.ifc"), { id: "fzk" });

Deno.test("ifc FZK-Haus: the stair's width is marked estimated, with how and a bound", async (t) => {
  const said = goldenEntries("ifc_estimates_test", t);
  const stair = fzk.loaded.plan.verticals.find((v) => v.kind === "stair")!;
  const est = stair.estimated?.width_m;
  assert.ok(est, "the width is marked estimated");
  said.add(est.basis);
  // A turning stair's width is half the narrower side; its bound is half the width again.
  assert.equal(est.error_m, Math.round((stair.width_m / 2) * 1e4) / 1e4);
  assert.equal(stair.uncertainty_m, est.error_m);
  await said.check();
});

Deno.test("code_check irc-2021 on FZK-Haus: the estimated stair width warns, saying it was estimated", async (t) => {
  const said = goldenEntries("ifc_estimates_test", t);
  const cc = await loadTool("code_check");
  const out = await runTool(cc, {
    plans: { fzk: fzk.loaded },
    set: { scan: "fzk", pack: "irc-2021" },
  });
  assert.equal(out.status, "done");
  if (out.status !== "done") return;
  const c = out.result.checks.find((x) => x.rule?.section === "R311.7.1");
  assert.ok(c, "R311.7.1 is checked");
  assert.equal(c.status, "warn", "0.798 m against 0.914 m, ±0.40 m: too close to call");
  assert.ok(c.measured! < c.limit!, "below the limit as estimated");
  said.add(c.note ?? "");
  await said.check();
});
