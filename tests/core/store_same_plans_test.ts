/**
 * Store.samePlans (core/store/scans.ts, batch worker threads): getScan gives the same plan
 * object again only while the scan's stored text is unchanged; a scan imported again is read
 * afresh; without it every getScan parses a fresh object.
 */
import { assertEquals, assertOk } from "../_assert.ts";
import { openStore } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

function demo(id: string) {
  const l = structuredClone(BUILTIN_SCANS.demo());
  l.plan.id = id;
  return l;
}

Deno.test("samePlans: one object while the stored text is unchanged, a fresh one after", () => {
  const store = openStore(":memory:");
  store.putScan(demo("a"));
  store.putScan(demo("b"));
  assertOk(store.getScan("a") !== store.getScan("a"), "without samePlans, fresh objects");
  store.samePlans!();
  const a = store.getScan("a")!;
  assertOk(store.getScan("a") === a);
  assertOk(store.getScan("b") !== a);
  assertEquals(store.getScan("b")!.plan.id, "b");
  const renamed = demo("a");
  renamed.plan.name = "Renamed";
  store.putScan(renamed);
  const again = store.getScan("a")!;
  assertOk(again !== a, "imported again: read afresh");
  assertEquals(again.plan.name, "Renamed");
  assertEquals(store.getScan("a"), again);
  store.putScan(demo("a"), undefined);
  assertEquals(store.getScan("a")!.plan.name, a.plan.name);
  assertEquals(store.getScan("nowhere"), undefined);
  store.close();
});

Deno.test("samePlans keeps a few scans: the oldest read afresh", () => {
  const store = openStore(":memory:");
  for (let i = 0; i < 12; i++) store.putScan(demo(`s${i}`));
  store.samePlans!();
  const first = store.getScan("s0");
  for (let i = 1; i < 12; i++) store.getScan(`s${i}`);
  const later = store.getScan("s0")!;
  assertOk(later !== first);
  assertEquals(later, first);
  store.close();
});
