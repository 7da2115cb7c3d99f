import { assertEquals, assertOk } from "../_assert.ts";
import {
  findingId,
  forModel,
  forModelText,
  judge,
  type ToolResult,
  worstStatus,
} from "../../core/result.ts";
import { runTool } from "../../core/run.ts";
import { loadRegistry } from "../../core/registry.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

Deno.test("judge: at the limit passes, beyond fails, within tolerance warns", () => {
  assertEquals(judge(2.13, ">=", 2.13, 0), "pass");
  assertEquals(judge(2.129, ">=", 2.13, 0), "fail");
  assertEquals(judge(2.131, ">=", 2.13, 0), "pass");
  assertEquals(judge(0.013, "<=", 0.013, 0), "pass");
  assertEquals(judge(0.014, "<=", 0.013, 0), "fail");
  assertEquals(judge(2.12, ">=", 2.13, 0.02), "warn");
  assertEquals(judge(2.14, ">=", 2.13, 0.02), "warn");
  assertEquals(judge(2.10, ">=", 2.13, 0.02), "fail");
  assertEquals(judge(2.16, ">=", 2.13, 0.02), "pass");
});

Deno.test("worstStatus: fail over warn over pass; nothing judged is unknown", () => {
  assertEquals(worstStatus(["pass", "warn", "fail", "unknown"]), "fail");
  assertEquals(worstStatus(["pass", "warn", "unknown"]), "warn");
  assertEquals(worstStatus(["pass", "unknown"]), "pass");
  assertEquals(worstStatus(["unknown"]), "unknown");
  assertEquals(worstStatus([]), "unknown");
});

Deno.test("findingId: tool:kind:subject[:rule], stable", () => {
  assertEquals(findingId("ceiling_height", "room", "r12"), "ceiling_height:room:r12");
  assertEquals(
    findingId("code_check", "door", "d 7", "ada-404.2.3"),
    "code_check:door:d_7:ada-404.2.3",
  );
});

Deno.test("forModel: no metric, check or overlay value reaches the model", () => {
  const r: ToolResult = {
    tool: "x",
    scan: "s",
    verdict: { status: "fail", text: "One room is lower than 2.13 m." },
    metrics: [{ id: "m", label: "secret metric", value: 987.654, unit: "m" }],
    checks: [{
      id: "c",
      label: "secret check",
      status: "fail",
      measured: 123.456,
      limit: 2.13,
      unit: "m",
    }],
    findings: [{
      id: "x:room:r1",
      status: "open",
      title: "Room r1 is low",
      detail: "detail 55.5 m",
    }],
    overlays: [{
      id: "o",
      kind: "room",
      floor: "f",
      geometry: { type: "Point", coordinates: [41.25, 7] },
    }],
    assumptions: [{ text: "assumption 66.6" }],
    steps: ["step 77.7"],
    inputs: { h: { value: 44.4, from: "explicit" } },
  };
  const text = forModelText(r);
  for (const secret of ["987.654", "123.456", "55.5", "41.25", "66.6", "77.7", "44.4", "secret"]) {
    assertOk(!text.includes(secret), `${secret} leaked into ${text}`);
  }
  assertOk(text.includes("2.13"), "a value in the verdict's words does reach it");
  assertEquals(Object.keys(forModel(r)).sort(), ["findings", "scan", "status", "tool", "verdict"]);
});

Deno.test("forModel: on a real run, only numbers in the verdict's words reach the model", async () => {
  const reg = await loadRegistry();
  const o = await runTool(reg.require("ceiling_height"), {
    builtins: BUILTIN_SCANS,
    set: { scan: "demo" },
  });
  if (o.status !== "done") throw new Error("expected a result");
  const view = forModel(o.result);
  const numbers = (s: string) => new Set(s.match(/\d+(\.\d+)?/g) ?? []);
  const allowed = numbers(view.verdict);
  const outside = JSON.stringify({ ...view, verdict: "" });
  for (const c of o.result.checks) {
    if (c.measured === undefined) continue;
    const v = c.measured.toFixed(2);
    if (!allowed.has(v)) assertOk(!outside.includes(v), `measured ${v} leaked: ${outside}`);
  }
});
