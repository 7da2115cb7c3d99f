/**
 * A finding is resolved only when it is fixed (issue 24 §1): a run resolves an open finding
 * only when it judged the same subject under the same scope and no longer produces it.
 */
import assert from "node:assert/strict";
import { judgedScope } from "../../core/findings.ts";
import { loadTool } from "../../core/catalog.ts";
import { runTool } from "../../core/run.ts";
import { openStore, type Store } from "../../core/store.ts";
import type { Finding } from "../../core/result.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { parsePlan } from "../../ground/plan.ts";

const byStatus = (store: Store, scan: string, tool: string) => {
  const out: Record<string, string[]> = {};
  for (const f of store.listFindings({ scan, tool, all: true })) (out[f.status] ??= []).push(f.id);
  return out;
};

Deno.test("findings: the store resolves only what the run judged, under its own scope", () => {
  const store = openStore(":memory:");
  const f = (id: string, subject: string): Finding => ({ id, status: "open", title: id, subject });
  store.syncFindings("s", "t", [f("t:room:a", "a"), f("t:room:b", "b")], "run-1", {
    scope: "pack=ada",
    subjects: ["a", "b"],
  });
  // Another pack judged both rooms and found nothing: the ADA findings stay open.
  store.syncFindings("s", "t", [], "run-2", { scope: "pack=fha", subjects: ["a", "b"] });
  assert.deepEqual(byStatus(store, "s", "t"), { open: ["t:room:a", "t:room:b"] });
  // The same pack, judging only room a (a run to one room): b stays open, a is resolved.
  store.syncFindings("s", "t", [], "run-3", { scope: "pack=ada", subjects: ["a"] });
  assert.deepEqual(byStatus(store, "s", "t"), { open: ["t:room:b"], resolved: ["t:room:a"] });
  // A run that could not judge b (unknown: not among the judged subjects) resolves nothing.
  store.syncFindings("s", "t", [], "run-4", { scope: "pack=ada", subjects: [] });
  assert.deepEqual(byStatus(store, "s", "t").open, ["t:room:b"]);
  // Without a judged scope (callers written before it), scope "" and every subject.
  store.syncFindings("s", "u", [f("u:room:a", "a")], "run-5");
  store.syncFindings("s", "u", [], "run-6");
  assert.deepEqual(byStatus(store, "s", "u"), { resolved: ["u:room:a"] });
});

Deno.test("findings: code_check with FHA after ADA leaves every ADA finding open", async () => {
  const store = openStore(":memory:");
  const cc = await loadTool("code_check");
  const run = (pack: string) =>
    runTool(cc, { store, builtins: BUILTIN_SCANS, set: { scan: "demo", pack } });
  const ada = await run("ada-2010");
  assert.equal(ada.status, "done");
  const adaOpen = store.listFindings({ scan: "demo", tool: "code_check" }).map((r) => r.id);
  assert.ok(adaOpen.length > 0, "the demo fails some ADA rules");
  await run("fha");
  const after = new Map(
    store.listFindings({ scan: "demo", tool: "code_check", all: true }).map((r) => [r.id, r]),
  );
  for (const id of adaOpen) {
    assert.equal(after.get(id)?.status, "open", `${id} stays open after an FHA run`);
    assert.equal(after.get(id)?.scope?.startsWith("pack=ada-2010"), true);
  }
  // Running ADA again produces the same findings: still open, none resolved.
  await run("ada-2010");
  const again = store.listFindings({ scan: "demo", tool: "code_check", all: true });
  assert.equal(again.filter((r) => adaOpen.includes(r.id) && r.status === "resolved").length, 0);
});

Deno.test("findings: step_free_route to one room leaves the other rooms' findings open", async () => {
  const store = openStore(":memory:");
  const tool = await loadTool("step_free_route");
  const set = { scan: "demo", chair_width_m: 0.74 };
  const all = await runTool(tool, { store, builtins: BUILTIN_SCANS, set });
  assert.equal(all.status, "done");
  const open = store.listFindings({ scan: "demo", tool: "step_free_route" });
  assert.ok(open.length >= 2, `several rooms fail for a 0.74 m chair (${open.length})`);
  const one = open[0].subject!;
  await runTool(tool, { store, builtins: BUILTIN_SCANS, set: { ...set, to: one } });
  const later = store.listFindings({ scan: "demo", tool: "step_free_route", all: true });
  for (const r of open.slice(1)) {
    assert.equal(later.find((x) => x.id === r.id)?.status, "open", `${r.id} is still open`);
  }
});

Deno.test("findings: a re-run after the fix resolves the finding", async () => {
  const store = openStore(":memory:");
  const tool = await loadTool("door_clearance");
  const plan = (width_m: number) =>
    parsePlan({
      id: "flat",
      name: "Flat",
      source: { format: "plan-json", ref: "test", tolerance_m: 0.005 },
      floors: [{ id: "f0", name: "Ground floor", index: 0, elevation_m: 0 }],
      rooms: [
        {
          id: "a",
          name: "Hall",
          label: "hallway",
          floor: "f0",
          polygon: [[0, 0], [4, 0], [4, 4], [0, 4]],
          height_m: 2.5,
        },
        {
          id: "b",
          name: "Bedroom",
          label: "bedroom",
          floor: "f0",
          polygon: [[4, 0], [8, 0], [8, 4], [4, 4]],
          height_m: 2.5,
        },
      ],
      openings: [{
        id: "d1",
        kind: "door",
        floor: "f0",
        between: ["a", "b"],
        at: [4, 2],
        width_m,
        height_m: 2.1,
        clear_width_m: width_m,
      }],
      verticals: [],
      objects: [],
    });
  const set = { scan: "flat", min_clear_width_m: 0.8 };
  await runTool(tool, { store, plans: { flat: plan(0.7) }, set });
  const before = store.listFindings({ scan: "flat", tool: "door_clearance" });
  assert.equal(before.length, 1, "the 0.70 m door fails a 0.80 m need");
  await runTool(tool, { store, plans: { flat: plan(0.9) }, set });
  const after = store.listFindings({ scan: "flat", tool: "door_clearance", all: true });
  assert.deepEqual(after.map((r) => [r.id, r.status]), [[before[0].id, "resolved"]]);
});

Deno.test("judgedScope: scope from the inputs marked scope; subjects from judged checks", async () => {
  const cc = await loadTool("code_check");
  const j = judgedScope(cc, {
    inputs: {
      scan: { value: "demo", from: "explicit" },
      pack: { value: "fha", from: "explicit" },
      work: { value: "new", from: "default" },
    },
    checks: [
      { id: "c1", label: "x", status: "pass", subject: "d1" },
      { id: "c2", label: "y", status: "unknown", subject: "d2" },
      { id: "c3", label: "z", status: "fail", subject: "d3" },
    ],
  });
  assert.equal(j.scope, "pack=fha;work=new");
  assert.deepEqual(j.subjects, ["d1", "d3"]);
  assert.deepEqual(
    judgedScope(cc, { inputs: {}, checks: [{ id: "c", label: "c", status: "pass" }] }),
    {
      scope: "",
    },
  );
});
