/**
 * A long result in the terminal: over ROW_LIMIT checks, the ones not passing come first and a
 * line says how many were left out; `all` lists every one.
 */
import { renderResult, ROW_LIMIT } from "../../cli/render.ts";
import { loadTool } from "../../core/catalog.ts";
import type { ToolResult } from "../../core/result.ts";
import { assert, assertEquals } from "../_assert.ts";
import { assertGolden } from "../_golden.ts";
import { tableRows } from "../_cli.ts";

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

/** The check numbers a table lists, from its rows' first cell ("Room 12"). */
const numbered = (cells: string[]) =>
  cells.filter((c) => c.startsWith("Room ")).map((c) => Number(c.slice("Room ".length)));
const rows = (text: string) => numbered(tableRows(text).map((r) => r[0]));
/** The line that says how many checks were left out, as one line. */
const leftOut = (text: string) => {
  const flat = text.split("\n").map((l) => l.trim()).join(" ");
  const at = flat.indexOf("(" + ROW_LIMIT + " of ");
  return at < 0 ? undefined : flat.slice(at, flat.indexOf(")", at) + 1);
};

Deno.test("render: 100 checks with 3 failing show 60 rows, the 3 failing among them, and say so", () => {
  const text = renderResult(m, result(100, [70, 85, 99]), false);
  const shown = rows(text);
  assertEquals(shown.length, ROW_LIMIT);
  for (const i of [70, 85, 99]) assert(shown.includes(i), `Room ${i} (failing) is listed`);
  assertEquals(shown, [...shown].sort((a, b) => a - b), "in the result's order");
  assert(leftOut(text), "a line says rows were left out");
  assertEquals(rows(renderResult(m, result(100, [70]), false, { all: true })).length, 100);
});

Deno.test("render: 60 checks or fewer are all listed, with no line about rows left out", () => {
  const text = renderResult(m, result(ROW_LIMIT, [3]), false);
  assertEquals(rows(text).length, ROW_LIMIT);
  assertEquals(leftOut(text), undefined);
});

Deno.test("render: plain and markdown page long check lists the same way (60 rows, failing first)", async () => {
  const r = result(100, [70, 85, 99]);
  const plain = renderResult(m, r, false, { format: "plain" });
  const plainRows = numbered(
    plain.split("\n").filter((l) => l.startsWith("  - ")).map((l) => l.slice(4).split(":")[0]),
  );
  const md = renderResult(m, r, false, { format: "markdown" });
  const mdRows = numbered(
    md.split("\n").filter((l) => l.startsWith("| ")).map((l) => l.split(" | ")[0].slice(2)),
  );
  for (const shown of [plainRows, mdRows]) {
    assertEquals(shown.length, ROW_LIMIT);
    for (const i of [70, 85, 99]) assert(shown.includes(i), `Room ${i} (failing) is listed`);
  }
  // The same line in all three formats (its words: the golden file).
  const table = renderResult(m, r, false);
  assertEquals([leftOut(plain), leftOut(md)], [leftOut(table), leftOut(table)]);
  await assertGolden("cli.render.left_out", { line: leftOut(table) });
  const every = renderResult(m, r, false, { format: "plain", all: true });
  assertEquals(every.split("\n").filter((l) => l.startsWith("  - Room ")).length, 100);
});
