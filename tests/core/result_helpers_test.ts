/** core/result.ts helpers: judgedCheck, openFinding, severityOf, resultBlocks, typed data. */
import { assertEquals } from "../_assert.ts";
import {
  JUDGED_BLOCKS,
  judgedCheck,
  openFinding,
  resultBlocks,
  severityOf,
  TOO_CLOSE,
  ToolResult,
} from "../../core/result.ts";

Deno.test("judgedCheck: at the limit ± tolerance is warn with the too-close note; beyond passes or fails", () => {
  const spec = {
    id: "h:r1",
    label: "Room: height",
    comparator: ">=",
    limit: 2.13,
    tolerance: 0.02,
    unit: "m",
    subject: "r1",
  } as const;
  const c = (measured: number) => judgedCheck({ ...spec, measured });
  // The label is the caller's, kept as given.
  assertEquals(c(2.13), {
    id: "h:r1",
    label: spec.label,
    status: "warn",
    measured: 2.13,
    limit: 2.13,
    unit: "m",
    subject: "r1",
    note: TOO_CLOSE,
  });
  assertEquals([c(2.151).status, c(2.109).status, c(2.149).status], ["pass", "fail", "warn"]);
  assertEquals(c(2.2).note, undefined);
});

Deno.test("openFinding: stable id from tool, kind, subject and rule; severity from status", () => {
  assertEquals(
    openFinding({ tool: "t", kind: "door", id: "d 1", rule: "ada", status: "fail", title: "x" }),
    { id: "t:door:d_1:ada", status: "open", severity: "fail", title: "x", subject: "d 1" },
  );
  assertEquals([severityOf("fail"), severityOf("warn"), severityOf("unknown")], [
    "fail",
    "warn",
    "info",
  ]);
});

Deno.test("resultBlocks: what a result fills, in manifest order, assumptions always", () => {
  const base: ToolResult = {
    tool: "t",
    verdict: { status: "pass", text: "ok" },
    metrics: [],
    checks: [],
    findings: [],
    overlays: [],
    assumptions: [],
    steps: [],
    inputs: {},
  };
  assertEquals(resultBlocks(JUDGED_BLOCKS, base), JUDGED_BLOCKS);
  const unknown = { ...base, verdict: { status: "unknown" as const, text: "no data" } };
  assertEquals(resultBlocks(JUDGED_BLOCKS, unknown).includes("FindingList"), false);
  assertEquals(
    resultBlocks(["VerdictHeader", "Table", "Chart"], base),
    ["VerdictHeader", "AssumptionList"],
  );
  const withData = {
    ...base,
    data: {
      table: { columns: ["a"], rows: [[1]] },
      charts: { s: { kind: "sunpath" as const, title: "t", days: [], hours: [] } },
    },
  };
  assertEquals(ToolResult.safeParse(withData).success, true);
  assertEquals(resultBlocks(["Table", "Chart"], withData), ["Table", "Chart", "AssumptionList"]);
  // A chart of no known kind is not a valid result.
  const bad = { ...base, data: { charts: { s: { kind: "pie", title: "t" } } } };
  assertEquals(ToolResult.safeParse(bad).success, false);
});
