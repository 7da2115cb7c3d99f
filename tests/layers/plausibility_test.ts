/**
 * The plausibility table's boundaries (at the limit: plausible; 1 mm or 0.001 beyond: not),
 * what the pass does with each finding, and what tools then say: `unknown` with the reason,
 * never a pass or fail on an implausible value.
 */
import { goldenEntries } from "../_golden.ts";
import assert from "node:assert/strict";
import { parsePlan, type PlanInput } from "../../ground/plan.ts";
import { runTool } from "../../core/run.ts";
import { loadRegistry } from "../../core/registry.ts";
import type { ImportReport } from "../../layers/types.ts";
import {
  dropImplausibleHeights,
  inRange,
  plausibilityPass,
  PLAUSIBLE,
} from "../../layers/plausibility.ts";
import { judgeImplausible } from "../../core/run.ts";

const report = (): ImportReport => ({
  format: "plan-json",
  mapped: [],
  lacking: [],
  assumptions: [],
  warnings: [],
});

/** Two 4 m × 4 m rooms joined by a 0.9 m door, a front door to the outside. */
function base(): PlanInput {
  return {
    id: "p",
    floors: [{ id: "f0", index: 0 }],
    rooms: [
      {
        id: "a",
        floor: "f0",
        label: "hallway",
        name: "Hall",
        polygon: [[0, 0], [4, 0], [4, 4], [0, 4]],
        height_m: 2.5,
      },
      {
        id: "b",
        floor: "f0",
        label: "living",
        name: "Living room",
        polygon: [[4, 0], [8, 0], [8, 4], [4, 4]],
        height_m: 2.5,
      },
    ],
    openings: [
      {
        id: "front",
        kind: "door",
        floor: "f0",
        between: ["a", null],
        at: [2, 0],
        width_m: 1.0,
        main_entrance: true,
      },
      { id: "inner", kind: "door", floor: "f0", between: ["a", "b"], at: [4, 2], width_m: 0.9 },
    ],
  };
}

function pass(p: PlanInput) {
  const r = report();
  dropImplausibleHeights(p, r);
  const loaded = plausibilityPass(parsePlan(p, "test"), r);
  return { plan: loaded.plan, warnings: r.warnings, assumptions: r.assumptions, loaded };
}

Deno.test("plausibility: every row of the table has a reason and a range", () => {
  for (const [key, row] of Object.entries(PLAUSIBLE)) {
    assert.equal(row.id, key);
    assert.ok(row.min < row.max, key);
    assert.ok(row.reason.length > 40, `${key} says why`);
  }
});

Deno.test("plausibility: ceiling 1.5–10 m at the limits, 1 mm beyond is dropped with a warning", async (t) => {
  const said = goldenEntries("plausibility_test", t);
  for (const [h, ok] of [[1.5, true], [1.499, false], [10, true], [10.001, false]] as const) {
    const p = base();
    p.rooms![0].height_m = h;
    const { plan, warnings } = pass(p);
    assert.equal(plan.rooms[0].height_m, ok ? h : undefined, `height ${h}`);
    assert.equal(warnings.length, ok ? 0 : 1, warnings.join("\n"));
    if (!ok) {
      said.add(warnings[0]);
      assert.equal(plan.implausible?.[0].subject, "a");
    }
  }
  await said.check();
});

Deno.test("plausibility: door width 0.4–3 m (garage doors to 6 m), 1 mm beyond is marked", () => {
  for (
    const [w, ok, garage] of [
      [0.4, true, false],
      [0.399, false, false],
      [3, true, false],
      [3.001, false, false],
      [6, true, true],
      [6.001, false, true],
    ] as const
  ) {
    const p = base();
    if (garage) p.rooms![1].label = "garage";
    p.openings![1].width_m = w;
    const { plan, warnings } = pass(p);
    assert.equal(warnings.length, ok ? 0 : 1, `${w} m: ${warnings.join("\n")}`);
    assert.equal(plan.implausible?.some((m) => m.subject === "inner") ?? false, !ok, `${w} m`);
  }
});

Deno.test("plausibility: room area at 0.1 m² is plausible, below it is marked; over 2,000 m² too", () => {
  const side = Math.sqrt(0.1);
  for (const [s, ok] of [[side, true], [side - 0.001, false]] as const) {
    const p = base();
    p.rooms![1].polygon = [[4, 0], [4 + s, 0], [4 + s, s], [4, s]];
    const { plan } = pass(p);
    assert.equal(plan.implausible?.some((m) => m.field === "area_m2") ?? false, !ok, `side ${s}`);
  }
  assert.ok(inRange(PLAUSIBLE.room_area_m2, 2000) && !inRange(PLAUSIBLE.room_area_m2, 2000.001));
});

Deno.test("plausibility: an opening within 1 m (+ the scan's uncertainty) of its rooms; farther is marked", async (t) => {
  const said = goldenEntries("plausibility_test", t);
  // The inner door's rooms' outlines meet at x = 4; moving it along x away from both.
  // Tolerance at 1 m: max(0.02, 0.01 × 1) = 0.02 m, so the limit is 1.02 m.
  for (const [dx, ok] of [[1.02, true], [1.021, false]] as const) {
    const p = base();
    p.openings![1].at = [4, 4 + dx];
    const { plan, warnings } = pass(p);
    assert.equal(plan.implausible?.some((m) => m.field === "at") ?? false, !ok, `${dx}`);
    if (!ok) said.add(warnings[0]);
  }
  await said.check();
});

Deno.test("plausibility: an identical room is dropped and its references move; a nested room is noted; a partial overlap is marked", async (t) => {
  const said = goldenEntries("plausibility_test", t);
  const dup = base();
  dup.rooms!.push({ ...dup.rooms![1], id: "b2", name: "Living room again" });
  dup.openings!.push({
    id: "d2",
    kind: "door",
    floor: "f0",
    between: ["b2", null],
    at: [8, 2],
    width_m: 0.9,
  });
  const d = pass(dup);
  assert.deepEqual(d.plan.rooms.map((r) => r.id), ["a", "b"]);
  assert.deepEqual(d.plan.openings.find((o) => o.id === "d2")!.between, ["b", null]);
  said.add(d.warnings.join("\n"));

  const nested = base();
  nested.rooms!.push({
    id: "c",
    floor: "f0",
    label: "closet",
    polygon: [[5, 1], [6, 1], [6, 2], [5, 2]],
  });
  const n = pass(nested);
  assert.equal(n.plan.rooms.length, 3);
  assert.equal(n.warnings.length, 0);
  said.add(n.assumptions.join("\n"));

  const overlap = base();
  overlap.rooms![1].polygon = [[3, 0], [8, 0], [8, 4], [3, 4]]; // 4 m² shared with a
  const o = pass(overlap);
  said.add(o.warnings.join("\n"));
  assert.deepEqual(o.plan.implausible!.map((m) => m.subject).sort(), ["a", "b"]);

  // Within the uncertainty: rooms sharing a 1 cm strip are not an overlap.
  const touching = base();
  touching.rooms![1].polygon = [[3.99, 0], [8, 0], [8, 4], [3.99, 4]];
  assert.equal(pass(touching).warnings.length, 0);
  await said.check();
});

Deno.test("plausibility: tools judge implausible values unknown, never pass", async (t) => {
  const said = goldenEntries("plausibility_test", t);
  const reg = await loadRegistry();
  const p = base();
  p.openings![1].width_m = 50; // a 50 m door between the hall and the living room
  p.rooms![0].height_m = 1000;
  const { loaded } = pass(p);
  const plans = { p: loaded };
  const run = async (tool: string, set: Record<string, unknown>) => {
    const out = await runTool(reg.require(tool), { plans, set: { scan: "p", ...set } });
    assert.equal(out.status, "done");
    return out.status === "done" ? out.result : undefined!;
  };
  const doors = await run("door_clearance", { chair_width_m: 0.7 });
  assert.equal(doors.checks.find((c) => c.subject === "inner")!.status, "unknown");
  assert.notEqual(doors.verdict.status, "pass");
  said.add(doors.verdict.text);

  const route = await run("step_free_route", { chair_width_m: 0.7 });
  const living = route.checks.find((c) => c.subject === "b")!;
  assert.equal(living.status, "unknown", JSON.stringify(living));
  assert.notEqual(route.verdict.status, "pass");

  const ceilings = await run("ceiling_height", {});
  // The 1,000 m ceiling was dropped: the hall is unmeasured, the living room passes.
  assert.equal(ceilings.checks.find((c) => c.subject === "a")?.status ?? "unknown", "unknown");
  assert.notEqual(ceilings.verdict.status, "pass");
  await said.check();
});

Deno.test("judgeImplausible: a fail elsewhere stays a fail, with the count in front", async (t) => {
  const said = goldenEntries("plausibility_test", t);
  const result = {
    tool: "t",
    inputs: {},
    verdict: { status: "fail" as const, text: "1 door is too narrow." },
    metrics: [],
    checks: [
      { id: "x", label: "x", status: "fail" as const, subject: "d1" },
      { id: "y", label: "y", status: "pass" as const, subject: "d2" },
    ],
    findings: [],
    overlays: [],
    assumptions: [],
    steps: [],
  };
  judgeImplausible(result, { implausible: [{ subject: "d2", field: "width_m", reason: "r" }] });
  assert.equal(result.verdict.status, "fail");
  said.add(result.verdict.text);
  assert.equal(result.checks[1].status, "unknown");
  await said.check();
});
