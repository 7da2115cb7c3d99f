/** The store's detections table (migration 2): added to a version-1 store without touching its data. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openStore, STORE_SCHEMA_VERSION } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { tempHome } from "../_cli.ts";

Deno.test("store: a version-1 store gains the detections table and keeps its scans", () => {
  const home = tempHome();
  const s = openStore(home);
  s.putScan(BUILTIN_SCANS.demo());
  s.close();
  // Back to version 1, as a store written before the vision table.
  const db = new DatabaseSync(join(home, "threshold.db"));
  db.exec("DROP TABLE vision_detections; PRAGMA user_version = 1");
  db.close();
  const s2 = openStore(home);
  assert.equal(s2.getScan("demo")!.plan.rooms.length, 16, "scans untouched");
  assert.equal(s2.getDetections("abc", "m"), undefined);
  s2.putDetections("abc", "m", [{ label: "toilet", score: 0.5 }]);
  assert.deepEqual(s2.getDetections("abc", "m"), [{ label: "toilet", score: 0.5 }]);
  assert.equal(s2.getDetections("abc", "other-model"), undefined, "keyed by detector too");
  s2.putDetections("abc", "m", []);
  assert.deepEqual(s2.getDetections("abc", "m"), [], "a second put replaces the first");
  s2.close();
  const db2 = new DatabaseSync(join(home, "threshold.db"));
  assert.equal(
    (db2.prepare("PRAGMA user_version").get() as { user_version: number }).user_version,
    STORE_SCHEMA_VERSION,
  );
  assert.ok(STORE_SCHEMA_VERSION >= 3, "3: the scans' counts (issue 13); later ones follow");
  db2.close();
});
