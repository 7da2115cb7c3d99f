/**
 * Printing a long result for a person (issue 29): `run ceiling_height` drawn as terminal tables
 * against the same result as JSON (what `--json` prints, the baseline), at 2,500 and 10,000
 * rooms. The tables were super-linear in rows (cli-table3's layout): the ratio should stay
 * about the same at both sizes. Each case checks that the run it prints completed.
 */
import { loadTool } from "../core/catalog.ts";
import { runTool } from "../core/run.ts";
import { renderResult } from "../cli/render.ts";
import { gridPlan } from "../tests/_big_plan.ts";

const tool = await loadTool("ceiling_height");
async function result(side: number) {
  const loaded = gridPlan(side);
  const out = await runTool(tool, {
    plans: { big: loaded },
    set: { scan: "big", min_height_m: 2.4 },
  });
  if (out.status !== "done" || out.result.checks.length < side * side) {
    throw new Error(`ceiling_height on ${side * side} rooms did not complete (${out.status})`);
  }
  return out.result;
}

for (const side of [50, 100]) {
  const r = await result(side);
  const rooms = (side * side).toLocaleString("en");
  Deno.bench({
    name: `JSON of the result, ${rooms} rooms (what --json prints)`,
    group: `print ${rooms} rooms`,
    baseline: true,
    fn() {
      if (JSON.stringify(r).length < 1000) throw new Error("empty JSON");
    },
  });
  Deno.bench({
    name: `terminal tables of the result, ${rooms} rooms`,
    group: `print ${rooms} rooms`,
    fn() {
      if (!renderResult(tool, r, false).includes("Room 1")) throw new Error("no rows");
    },
  });
}
