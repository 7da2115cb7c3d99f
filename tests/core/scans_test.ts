import assert from "node:assert/strict";
import { listScanEntries, selectScan } from "../../core/scans.ts";
import { openStore } from "../../core/store.ts";
import { InputError } from "../../ground/errors.ts";
import { thrownBy } from "../_assert.ts";
import { parsePlan } from "../../ground/plan.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

const tiny = parsePlan({
  id: "tiny",
  name: "Tiny flat",
  source: { format: "plan-json", ref: "tiny.json" },
  floors: [{ id: "f0", index: 0, elevation_m: 0 }],
  rooms: [{ id: "r1", floor: "f0", label: "living", polygon: [[0, 0], [3, 0], [3, 3], [0, 3]] }],
});

Deno.test("scans: stored scans then the built-in ones, the selection marked, one entry per id", () => {
  const store = openStore(":memory:");
  const sources = { store, builtins: BUILTIN_SCANS };
  let all = listScanEntries(sources);
  assert.deepEqual(all.map((s) => [s.id, s.builtin, s.selected]), [["demo", true, false]]);
  assert.equal(all[0].rooms, BUILTIN_SCANS.demo().plan.rooms.length);
  store.putScan(
    tiny,
    { format: "plan-json", mapped: [], lacking: [], assumptions: [], warnings: [] } as never,
  );
  selectScan(sources, "tiny");
  all = listScanEntries(sources);
  assert.deepEqual(all.map((s) => [s.id, s.builtin, s.selected]), [
    ["tiny", false, true],
    ["demo", true, false],
  ]);
  assert.equal(all[0].name, tiny.plan.name, "the plan's own name");
  assert.equal(all[0].floors, 1);
  assert.equal(all[0].rooms, 1);
  assert.ok(all[0].imported_at);
  assert.equal(store.getSelection("scan"), "tiny");
});

Deno.test("scans: selecting an unknown scan is an InputError naming the input and the known scans", () => {
  const store = openStore(":memory:");
  const e = thrownBy(
    () => selectScan({ store, builtins: BUILTIN_SCANS }, "atlantis", "--scan"),
    InputError,
  );
  assert.deepEqual([e.code, e.data], [
    "scan.unknown",
    { input: "--scan", got: "atlantis", allowed: ["demo"] },
  ]);
  assert.equal(store.getSelection("scan"), undefined, "nothing selected");
});
