/**
 * Findings matched across re-scans are used by `threshold run` too (issue 24 §1), not only by
 * batch: a run on a later scan of the same building (RUN_IO.rescan, layers/rescan.ts) keeps a
 * rejection made on the earlier scan and resolves there what it re-judged and no longer
 * finds; importing over a stored building with `replace` moves each finding to the element at
 * the same place under its new id (layers/store_scan.ts), so the next run keeps its status.
 * On the real FZK house, re-scanned: every id renamed, everything moved 0.1 m.
 */
import { openStore } from "../../core/store.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import type { LoadedPlan, Plan } from "../../ground/plan.ts";
import { importSource } from "../../layers/mod.ts";
import { RUN_IO } from "../../layers/io.ts";
import { previousScanOf } from "../../layers/rescan.ts";
import { storeScan } from "../../layers/store_scan.ts";
import { findingId } from "../../core/result.ts";
import { sharedData } from "../_data.ts";
import { tempHome } from "../_cli.ts";
import { assert, assertEquals } from "../_assert.ts";

const sun = (await loadRegistry()).require("sun_hours");
const fzk = (await importSource(sharedData("ifc/AC20-FZK-Haus.ifc"), { id: "fzk" })).loaded;

/** The same building scanned again: every room and opening id renamed, moved `dx` metres. */
function rescanned(p: Plan, id: string, dx = 0.1, drop?: string): Plan {
  const n = (x: string) => `n_${x}`;
  const nn = (x: string | null) => (x === null ? null : n(x));
  return {
    ...p,
    id,
    rooms: p.rooms.filter((r) => r.id !== drop).map((r) => ({
      ...r,
      id: n(r.id),
      polygon: r.polygon.map(([x, y]) => [x + dx, y]),
    })),
    openings: p.openings.filter((o) => !o.between.includes(drop ?? "\0")).map((o) => ({
      ...o,
      id: n(o.id),
      between: [nn(o.between[0]), nn(o.between[1])],
      at: [o.at[0] + dx, o.at[1]],
    })),
    verticals: p.verticals.map((v) => ({ ...v, rooms: v.rooms?.filter((r) => r !== drop).map(n) })),
    objects: p.objects.map((o) => ({ ...o, room: o.room ? n(o.room) : undefined })),
    implausible: undefined,
  } as Plan;
}

const loaded = (plan: Plan): LoadedPlan => ({ ...fzk, plan });
const roomOf = (p: Plan, name: string) => p.rooms.find((r) => r.name === name)!.id;

async function runSun(store: ReturnType<typeof openStore>, scan: string, date?: string) {
  const out = await runTool(sun, {
    ...RUN_IO,
    store,
    set: { scan, ...(date ? { date } : {}) },
  });
  assertEquals(out.status, "done");
  if (out.status !== "done") throw new Error("needs input");
  return out.result;
}

Deno.test({
  name: "re-scan by run: a rejection stays, what is gone is resolved, only when re-judged",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const store = openStore(tempHome());
    try {
      const a = { ...fzk.plan, building: "FZK-Haus Karlsruhe" };
      store.putScan(loaded(a));
      const kitchen = roomOf(a, "Küche"), bath = roomOf(a, "Bad");
      const first = await runSun(store, "fzk");
      assert(first.findings.some((f) => f.id === `sun_hours:room:${kitchen}`));
      store.setFindingStatus("fzk", `sun_hours:room:${kitchen}`, "rejected", "north-facing study");
      const why = store.findFinding(`sun_hours:room:${kitchen}`, "fzk")[0].reason!;
      // The re-scan: ids renamed, moved 0.1 m, the bathroom gone.
      store.putScan(loaded(rescanned(a, "fzk2", 0.1, bath)));
      assertEquals(previousScanOf(store, "fzk2"), "fzk");
      // A run under another scope (another date) judges nothing of the first scan's findings.
      await runSun(store, "fzk2", "2025-06-21");
      const bathId = findingId("sun_hours", "room", bath);
      assertEquals(store.findFinding(bathId, "fzk")[0].status, "open");
      // The same scope: the kitchen's rejection is carried over and hidden; the bathroom's
      // finding, re-judged and not found, is resolved on the first scan.
      const second = await runSun(store, "fzk2");
      const carried = `sun_hours:room:n_${kitchen}`;
      assert(!second.findings.some((f) => f.id === carried), "the rejected finding is hidden");
      const row = store.findFinding(carried, "fzk2")[0];
      assertEquals(row.status, "rejected");
      assert(row.reason?.includes(why), row.reason);
      assertEquals(store.findFinding(bathId, "fzk")[0].status, "resolved");
      // Every other room of the first scan matched one of the re-scan: none resolved.
      const others = store.listFindings({ scan: "fzk", all: true })
        .filter((f) => f.id.startsWith("sun_hours:room:") && f.id !== bathId);
      assert(others.length >= 4);
      assertEquals(others.filter((f) => f.status === "resolved").map((f) => f.id), []);
    } finally {
      store.close();
    }
  },
});

Deno.test({
  name: "re-import with replace: findings move to the new ids; the next run keeps a rejection",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const store = openStore(tempHome());
    try {
      store.putScan(fzk);
      const kitchen = roomOf(fzk.plan, "Küche"), bath = roomOf(fzk.plan, "Bad");
      await runSun(store, "fzk");
      const before = store.listFindings({ scan: "fzk", all: true });
      const old = `sun_hours:room:${kitchen}`;
      store.setFindingStatus("fzk", old, "rejected", "north-facing study");
      const { num, reason } = store.findFinding(old)[0];
      assert(reason, "the rejection's reason is stored");
      // The same id, the building re-scanned (ids renamed), its bathroom gone.
      const stored = storeScan(store, loaded(rescanned(fzk.plan, "fzk", 0.1, bath)), {}, {
        replace: true,
      });
      assertEquals(stored.findings?.gone, 1);
      assertEquals(stored.findings?.matched, before.length - 1);
      const moved = store.findFinding(`sun_hours:room:n_${kitchen}`, "fzk")[0];
      assertEquals([moved.status, moved.reason, moved.num], ["rejected", reason, num]);
      assertEquals(store.findFinding(`sun_hours:room:${bath}`, "fzk")[0].status, "gone");
      // The next run judges the moved finding again and keeps it rejected and hidden.
      const after = await runSun(store, "fzk");
      assert(!after.findings.some((f) => f.id === moved.id));
      assertEquals(store.findFinding(moved.id, "fzk")[0].status, "rejected");
      // No finding stays open on an element the building no longer has.
      const ids = new Set(store.getScan("fzk")!.plan.rooms.map((r) => r.id));
      for (const f of store.listFindings({ scan: "fzk" })) {
        assert(!f.subject || ids.has(f.subject), `${f.id} open on a missing room`);
      }
    } finally {
      store.close();
    }
  },
});
