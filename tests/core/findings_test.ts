import assert from "node:assert/strict";
import { setFindingVerdict } from "../../core/findings.ts";
import { InputError } from "../../ground/errors.ts";
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
  assert.throws(
    () => setFindingVerdict(store, "t:room:r2", { status: "rejected" }, { scan: "--scan" }),
    (e: unknown) => e instanceof InputError && e.input === "--scan" && /scans a, b/.test(e.message),
  );
  assert.equal(setFindingVerdict(store, "t:room:r2", { status: "rejected", scan: "b" }).scan, "b");
  assert.equal(store.findFinding("t:room:r2", "b")[0].reason, "rejected", "the default reason");
  assert.throws(
    () => setFindingVerdict(store, "t:room:zz", { status: "rejected" }),
    (e: unknown) =>
      e instanceof InputError && e.input === "finding" && /no finding "t:room:zz"/.test(e.message),
  );
});
