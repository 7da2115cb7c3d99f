/**
 * A long result in the terminal: over ROW_LIMIT checks, the ones not passing come first and a
 * line says how many were left out; `all` lists every one.
 */
import { renderResult, ROW_LIMIT } from "../../cli/render.ts";
import { loadTool } from "../../core/catalog.ts";
import type { ToolResult } from "../../core/result.ts";
import { assert, assertEquals, assertMatch } from "../_assert.ts";

const m = await loadTool("ceiling_height");

function result(n: number, failing: number[]): ToolResult {
  const checks = Array.from({ length: n }, (_, i) => ({
    id: `room:r${i}`,
    label: `Room ${i}`,
    status: failing.includes(i) ? "fail" as const : "pass" as const,
    measured: 2.5,
    limit: 2.4,
    unit: "m",
  }));
  return {
    tool: "ceiling_height",
    verdict: { status: failing.length ? "fail" : "pass", text: "made for the test" },
    metrics: [],
    checks,
    findings: [],
    overlays: [],
    assumptions: [],
    steps: [],
  } as unknown as ToolResult;
}

const rows = (text: string) => [...text.matchAll(/│ Room (\d+)\s/g)].map((x) => Number(x[1]));

Deno.test("render: 100 checks with 3 failing show 60 rows, the 3 failing among them, and say so", () => {
  const text = renderResult(m, result(100, [70, 85, 99]), false);
  const shown = rows(text);
  assertEquals(shown.length, ROW_LIMIT);
  for (const i of [70, 85, 99]) assert(shown.includes(i), `Room ${i} (failing) is listed`);
  assertEquals(shown, [...shown].sort((a, b) => a - b), "in the result's order");
  assertMatch(
    text.replace(/\s+/g, " "),
    /\(60 of 100 checks shown: all 3 not passing, then passing ones\. --all lists every check\.\)/,
  );
  assertEquals(rows(renderResult(m, result(100, [70]), false, { all: true })).length, 100);
});

Deno.test("render: 60 checks or fewer are all listed, with no line about rows left out", () => {
  const text = renderResult(m, result(ROW_LIMIT, [3]), false);
  assertEquals(rows(text).length, ROW_LIMIT);
  assert(!text.includes("checks shown"));
});
