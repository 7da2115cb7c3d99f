import assert from "node:assert/strict";
import { openStore } from "../../core/store.ts";
import type { Plan } from "../../ground/plan.ts";
import { syntheticBuilding } from "../../bench/_synthetic_building.ts";
import { createBatch, runBatch } from "../../batch/run.ts";
import { tempHome } from "../_cli.ts";

/** The same building scanned again: every id renamed, everything moved `dx` metres. */
function rescanned(p: Plan, dx: number): Plan {
  const n = (id: string) => `n_${id}`;
  const nn = (id: string | null) => (id === null ? null : n(id));
  return {
    ...p,
    id: "home-b",
    rooms: p.rooms.map((r) => ({
      ...r,
      id: n(r.id),
      polygon: r.polygon.map(([x, y]) => [x + dx, y]),
    })),
    openings: p.openings.map((o) => ({
      ...o,
      id: n(o.id),
      between: [nn(o.between[0]), nn(o.between[1])],
      at: [o.at[0] + dx, o.at[1]],
    })),
    verticals: p.verticals.map((v) => ({ ...v, id: n(v.id), rooms: v.rooms?.map(n) })),
    objects: p.objects.map((o) => ({
      ...o,
      id: n(o.id),
      room: o.room ? n(o.room) : undefined,
      center: [o.center[0] + dx, o.center[1]],
    })),
  } as Plan;
}

Deno.test({
  name:
    "re-scan: a finding rejected on the first scan stays rejected, a fixed door shows as resolved",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const home = tempHome();
    const store = openStore(home);
    const a = syntheticBuilding(1, 4, 2);
    a.plan.id = "home-a";
    a.plan.building = "12 Elm St";
    store.putScan(a);
    const first = await createBatch(store, {
      targets: ["home-a"],
      tools: ["door_clearance"],
      persona: "manual-wheelchair-user",
    });
    await runBatch(store, first.spec, { workers: 0, location: home });
    const open = store.listFindings({ scan: "home-a", tool: "door_clearance" });
    assert.ok(open.length >= 2, `door findings on the first scan (${open.length})`);
    const [rejected, fixed] = open;
    store.setFindingStatus("home-a", rejected.id, "rejected", "measured 0.84 m on site");
    // The re-scan: the fixed door is now 1.2 m wide; everything else the same, 0.1 m over.
    const b = rescanned(a.plan, 0.1);
    const door = b.openings.find((o) => `n_${fixed.subject}` === o.id)!;
    door.width_m = 1.2;
    store.putScan({ plan: b, warnings: [] });
    const both = await createBatch(store, {
      targets: ["home-*"],
      tools: ["door_clearance"],
      persona: "manual-wheelchair-user",
    });
    const r = await runBatch(store, both.spec, { workers: 2, location: home });
    const rowB = r.rows.find((x) => x.scan === "home-b")!;
    assert.deepEqual(
      { ...(rowB.row.rescan as Record<string, unknown>) },
      { previous: "home-a", matched: open.length - 1, rejected: 1, resolved: 1 },
    );
    const after = store.listFindings({ scan: "home-b", tool: "door_clearance", all: true });
    const carried = after.find((f) => f.subject === `n_${rejected.subject}`)!;
    assert.equal(carried.status, "rejected");
    assert.equal(carried.reason, "rejected on scan home-a: measured 0.84 m on site");
    assert.ok(
      !after.some((f) => f.subject === `n_${fixed.subject}`),
      "the fixed door has no finding",
    );
    const old = store.listFindings({ scan: "home-a", tool: "door_clearance", all: true });
    const resolved = old.find((f) => f.id === fixed.id)!;
    assert.equal(resolved.status, "resolved");
    assert.equal(resolved.reason, "not found in re-scan home-b");
    // The run result hides the rejected finding and says why.
    const run = store.getRun(rowB.run_id!)!;
    assert.ok(!run.result.findings.some((f) => f.id === carried.id));
    assert.ok(
      run.result.steps.some((s) => /1 finding\(s\) rejected on the earlier scan home-a/.test(s)),
    );
    store.close();
  },
});
