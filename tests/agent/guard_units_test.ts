/**
 * The model's number guard and display.units (issue 27 §2): a model shown imperial sentences
 * (`2′ 1⅛″`) may say the same length as inches, feet or metres; a length no result holds is
 * still removed. The view is the demo's door_clearance verdict made in imperial.
 */
import { assertEquals } from "../_assert.ts";
import { numbersOf, scrubNumbers } from "../../agent/llm/guard.ts";
import { loadRegistry } from "../../core/registry.ts";
import { forModel } from "../../core/result.ts";
import { runTool } from "../../core/run.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

const out = await runTool((await loadRegistry()).require("door_clearance"), {
  builtins: BUILTIN_SCANS,
  set: { scan: "demo" },
  units: "imperial",
  persist: false,
});
if (out.status !== "done") throw new Error(JSON.stringify(out));
const view = forModel(out.result);
const allowed = numbersOf(view);

Deno.test("guard: an imperial view's lengths may be said in inches, feet or metres", () => {
  // The narrowest door: 0.639675 m, shown as 2′ 1⅛″ (25⅛ in).
  const d = out.result.verdict.data as { narrowest_m: number; need_m: number };
  const inches = Math.round(d.narrowest_m / 0.0254);
  const said = `The narrowest is ${inches} in (${(d.narrowest_m / 0.3048).toFixed(1)} ft, ${
    d.narrowest_m.toFixed(2)
  } m); you need ${Math.round(d.need_m / 0.0254)} inches.`;
  assertEquals(scrubNumbers(said, allowed).removed, []);
});

Deno.test("guard: a length no result holds is removed, in inches as in metres", () => {
  const { removed } = scrubNumbers("The door is 41 inches wide, or 1.04 m.", allowed);
  assertEquals(removed.map((r) => r.number), ["41", "1.04"]);
});
