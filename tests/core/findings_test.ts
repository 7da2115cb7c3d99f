import assert from "node:assert/strict";
import { setFindingVerdict } from "../../core/findings.ts";
import { InputError } from "../../ground/errors.ts";
import { thrownBy } from "../_assert.ts";
import { openStore } from "../../core/store.ts";
import type { Finding } from "../../core/result.ts";

const f = (id: string): Finding => ({ id, status: "open", title: `finding ${id}` });

Deno.test("findings: reject with a reason, restore; the scan must be said when the id repeats", () => {
  const store = openStore(":memory:");
  store.syncFindings("a", "t", [f("t:room:r1"), f("t:room:r2")], "run-1");
  store.syncFindings("b", "t", [f("t:room:r2")], "run-2");
  const row = setFindingVerdict(store, "t:room:r1", {
    status: "rejected",
    reason: "it is storage",
  });
  assert.equal(row.scan, "a");
  assert.deepEqual(
    store.listFindings({ all: true }).filter((r) => r.id === "t:room:r1").map((
      r,
    ) => [r.status, r.reason]),
    [["rejected", "it is storage"]],
  );
  setFindingVerdict(store, "t:room:r1", { status: "open" });
  assert.equal(store.findFinding("t:room:r1")[0].status, "open");
  const both = thrownBy(
    () => setFindingVerdict(store, "t:room:r2", { status: "rejected" }, { scan: "--scan" }),
    InputError,
  );
  assert.deepEqual([both.code, both.data], [
    "finding.ambiguous",
    { input: "--scan", got: "t:room:r2", allowed: ["a", "b"] },
  ]);
  assert.equal(setFindingVerdict(store, "t:room:r2", { status: "rejected", scan: "b" }).scan, "b");
  assert.equal(store.findFinding("t:room:r2", "b")[0].reason, "rejected", "the default reason");
  const none = thrownBy(
    () => setFindingVerdict(store, "t:room:zz", { status: "rejected" }),
    InputError,
  );
  assert.deepEqual([none.code, none.data], [
    "finding.unknown",
    { input: "finding", got: "t:room:zz" },
  ]);
});
