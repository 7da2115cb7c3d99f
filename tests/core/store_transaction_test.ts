/**
 * Store.transaction (SQLite): the writes made inside commit together or not at all; a write
 * inside one joins it rather than opening a second transaction. Batch rows use it to write
 * findings, run and row at once (batch/execute.ts).
 */
import { assertEquals, assertOk, assertThrows } from "../_assert.ts";
import { openStore } from "../../core/store.ts";
import type { BatchRow } from "../../core/store.ts";
import { tempHome } from "../_cli.ts";

const row = (key: string): BatchRow => ({
  batch: "b1",
  key,
  scan: "demo",
  tool: "ceiling_height",
  status: "pass",
  row: { scan: "demo", tool: "ceiling_height", status: "pass" },
  done_at: "2026-12-01T00:00:00.000Z",
});

Deno.test("store.transaction: writes inside commit together, and a throw keeps none of them", () => {
  const s = openStore(tempHome());
  try {
    assertOk(s.transaction, "the SQLite store has transaction()");
    const out = s.transaction!(() => {
      assertEquals(s.commitBatchRow(row("k1")), true);
      assertEquals(s.commitBatchRow(row("k2")), true);
      assertEquals(s.commitBatchRow(row("k1")), false, "a key written once changes nothing");
      return "done";
    });
    assertEquals(out, "done");
    assertEquals([...s.batchKeys("b1")].sort(), ["k1", "k2"]);
    assertThrows(
      () =>
        s.transaction!(() => {
          s.commitBatchRow(row("k3"));
          throw new Error("boom");
        }),
      Error,
      "boom",
    );
    assertEquals([...s.batchKeys("b1")].sort(), ["k1", "k2"], "k3 was rolled back");
    // The store still writes after a rolled-back transaction.
    assertEquals(s.commitBatchRow(row("k4")), true);
    assertEquals(s.batchCount("b1"), 3);
  } finally {
    s.close();
  }
});
