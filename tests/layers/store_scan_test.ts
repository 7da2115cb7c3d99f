/**
 * A stored building is never replaced without saying so (issue 24 §2).
 */
import assert from "node:assert/strict";
import { InputError } from "../../ground/errors.ts";
import { type LoadedPlan, parsePlan } from "../../ground/plan.ts";
import { openStore } from "../../core/store.ts";
import { storeScan } from "../../layers/store_scan.ts";
import { thrownBy } from "../_assert.ts";
import { goldenEntries } from "../_golden.ts";

function flat(id: string, name: string, doorAt: [number, number], doorId = "d1"): LoadedPlan {
  return parsePlan({
    id,
    name,
    source: { format: "plan-json", ref: `${name}.json`, tolerance_m: 0.005 },
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
      id: doorId,
      kind: "door",
      floor: "f0",
      between: ["a", "b"],
      at: doorAt,
      width_m: 0.7,
      height_m: 2.1,
    }],
    verticals: [],
    objects: [],
  });
}

Deno.test("storeScan: an id that holds another building is refused, naming both; nothing changes", () => {
  const store = openStore(":memory:");
  const first = flat("home", "First flat", [4, 2]);
  storeScan(store, first, {});
  const second = flat("home", "Second flat", [4, 2]);
  const e = thrownBy(() => storeScan(store, second, {}), InputError);
  assert.equal(e.code, "scan.id_taken");
  assert.deepEqual(e.data, {
    input: "--id",
    got: "home",
    stored: { name: first.plan.name, rooms: 2 },
    file: { name: second.plan.name, rooms: 2 },
    allowed: ["--replace"],
  });
  assert.equal(store.getScan("home")!.plan.name, first.plan.name);
  // The same building again (another path) is no clash: nothing to replace.
  const again = { ...flat("home", "First flat", [4, 2]) };
  again.plan.source.ref = "elsewhere/First flat.json";
  assert.deepEqual(storeScan(store, again, {}), { id: "home", unchanged: true });
});

Deno.test("storeScan: a building with no name (RoomPlan files have none) is said to be unnamed", async (t) => {
  const g = goldenEntries("store_scan_test", t);
  const store = openStore(":memory:");
  storeScan(store, flat("flat", "", [4, 2]), {});
  const e = thrownBy(() => storeScan(store, flat("flat", "", [4, 3]), {}), InputError);
  assert.equal(e.code, "scan.id_taken");
  assert.deepEqual([e.data?.stored, e.data?.file], [{ name: "", rooms: 2 }, {
    name: "",
    rooms: 2,
  }]);
  g.add(e.message.replace(/imported \d{4}-\d{2}-\d{2}/, "imported <date>"));
  await g.check();
});

Deno.test("storeScan --replace: says what it replaced; findings kept where the subject still is, else gone", () => {
  const store = openStore(":memory:");
  const first = flat("home", "First flat", [4, 2]);
  storeScan(store, first, {});
  store.syncFindings("home", "door_clearance", [
    { id: "door_clearance:door:d1", status: "open", title: "narrow", subject: "d1" },
    { id: "ceiling_height:room:b", status: "open", title: "low", subject: "b" },
  ], "run-1");
  // The door is now elsewhere (and renamed): its finding is closed as gone; the room's is kept.
  const rescanned = flat("home", "Flat, re-scanned", [4, 3.5], "door-7");
  const r = storeScan(store, rescanned, {}, { replace: true });
  assert.equal(r.replaced?.name, first.plan.name);
  assert.deepEqual(r.findings, { kept: 1, matched: 0, gone: 1 });
  const st = Object.fromEntries(
    store.listFindings({ scan: "home", all: true }).map((f) => [f.id, f.status]),
  );
  assert.deepEqual(st, { "door_clearance:door:d1": "gone", "ceiling_height:room:b": "open" });
  assert.equal(store.getScan("home")!.plan.name, rescanned.plan.name);
});

Deno.test("storeScan for a batch: a clash takes a fresh id and says which was asked", () => {
  const store = openStore(":memory:");
  const first = flat("home", "First flat", [4, 2]);
  const other = flat("home", "Other flat", [4, 2]);
  storeScan(store, first, {});
  const r = storeScan(store, other, {}, { onClash: "fresh" });
  assert.deepEqual(r, { id: "home-2", asked: "home" });
  assert.equal(store.getScan("home")!.plan.name, first.plan.name);
  assert.equal(store.getScan("home-2")!.plan.name, other.plan.name);
  assert.equal(
    storeScan(store, flat("home", "Third", [4, 2]), {}, { onClash: "fresh" }).id,
    "home-3",
  );
});
