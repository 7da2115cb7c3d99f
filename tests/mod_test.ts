// Uses threshold the way a Deno program would: only through mod.ts.
import * as threshold from "../mod.ts";
import { assertEquals, assertOk } from "./_assert.ts";

Deno.test("mod.ts: a program runs a tool through the library entry point", async () => {
  const registry = await threshold.loadRegistry();
  const store = threshold.openStore(":memory:");
  store.setPref("space.min_ceiling_m", 2.0);
  const out = await threshold.runTool(registry.require("ceiling_height"), {
    store,
    builtins: threshold.BUILTIN_SCANS,
    set: { scan: "demo" },
  });
  assertEquals(out.status, "done");
  if (out.status !== "done") return;
  // 2.0 m minimum: the attic (1.95 m) is 0.05 m below, beyond the 0.02 m tolerance → fail; the study (2.12 m) passes.
  assertEquals(out.result.verdict.status, "fail");
  const view = threshold.forModel(out.result);
  assertEquals(view.findings.map((f) => f.id), ["ceiling_height:room:u_attic"]);
  assertOk(threshold.ToolResult.safeParse(out.result).success);
  store.close();
});
