/**
 * The web form asks a length in the person's units (display.units, issue 27 §2): its hint
 * holds the question made where questions are made (core/inputs.ts askOf), its label the
 * units an answer may be written in, its bounds and the value it would use in feet and
 * inches; metric as before. The golden holds each mode's hint and label.
 */
import assert from "node:assert/strict";
import { openStore } from "../../core/store.ts";
import { assertGolden } from "../_golden.ts";
import { dom } from "../_html.ts";
import { tempHome } from "../_cli.ts";
import { testWeb } from "./_server.ts";
import { formatLength, lengthAsk, lengthHint, UNIT_SYSTEMS } from "../../ground/units.ts";

Deno.test("web: the form's length questions, labels and bounds follow display.units", async () => {
  const said: Record<string, unknown> = {};
  for (const units of UNIT_SYSTEMS) {
    const home = tempHome();
    const s = openStore(home);
    s.setPref("display.units", units);
    s.close();
    const web = await testWeb({ home });
    try {
      const page = dom(await (await web.get("/tools/step_free_route")).text());
      const hint = page.querySelector("#hint-chair_width_m")?.textContent ?? "";
      const label = page.querySelector('label[for="in-chair_width_m"]')?.textContent ?? "";
      const side = page.querySelector("#hint-side_margin_m")?.textContent ?? "";
      assert.ok(hint.includes(lengthAsk("How wide is your wheelchair or mobility aid?", units)));
      // Bounds: 0.3 to 2 m (the schema's), said in the person's units.
      const bounds = units === "metric"
        ? "Allowed: 0.3 to 2 m."
        : `Allowed: ${formatLength(0.3, units)} to ${formatLength(2, units)}.`;
      assert.ok(hint.endsWith(bounds), hint);
      if (units === "metric") assert.ok(label.includes("(m)"), label);
      else assert.ok(label.includes(lengthHint(units)), label);
      // A default in use (0.05 m beside the chair) is said in the person's units.
      assert.ok(side.includes(units === "metric" ? "0.05 m" : formatLength(0.05, units)), side);
      said[units] = { hint, label: label.trim(), side };
    } finally {
      await web.close();
    }
  }
  await assertGolden("web.questions_units", said);
});
