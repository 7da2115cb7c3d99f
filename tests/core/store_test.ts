import { assertEquals, thrownBy } from "../_assert.ts";
import { assertGolden } from "../_golden.ts";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openStore, STORE_SCHEMA_VERSION } from "../../core/store.ts";
import { StoreError } from "../../ground/errors.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { cli, tempHome } from "../_cli.ts";

Deno.test("store: created on first use, with schema version and WAL", () => {
  const home = tempHome();
  const s = openStore(home);
  s.close();
  const db = new DatabaseSync(join(home, "threshold.db"));
  assertEquals((db.prepare("PRAGMA user_version").get() as any).user_version, STORE_SCHEMA_VERSION);
  assertEquals((db.prepare("PRAGMA journal_mode").get() as any).journal_mode, "wal");
  db.close();
});

Deno.test("store: scans, preferences, selection, personas, sites round-trip", () => {
  const s = openStore(tempHome());
  s.putScan(BUILTIN_SCANS.demo(), { format: "plan-json" });
  assertEquals(s.getScan("demo")!.plan.rooms.length, 16);
  assertEquals(s.listScans().map((x) => [x.id, x.rooms, x.floors]), [["demo", 16, 2]]);
  s.setPref("space.min_ceiling_m", 2.2);
  assertEquals(s.getPref("space.min_ceiling_m"), 2.2);
  assertEquals(s.unsetPref("space.min_ceiling_m"), true);
  assertEquals(s.getPref("space.min_ceiling_m"), undefined);
  s.setSelection("scan", "demo");
  assertEquals(s.getSelection("scan"), "demo");
  s.setSelection("scan", undefined);
  assertEquals(s.getSelection("scan"), undefined);
  s.putPersona({ id: "me", title: "me", preset: {} });
  assertEquals(s.getPersona("me")!.title, "me");
  s.putSite({ id: "home", lat: 1, lon: 2, address: "1 Main St", record: { year_built: 1931 } });
  assertEquals(s.findSite("1 main st")!.record, { year_built: 1931 });
  s.close();
});

Deno.test("store: a corrupt file is a clear error naming it, and is left untouched", () => {
  const home = tempHome();
  const file = join(home, "threshold.db");
  const junk = new TextEncoder().encode(
    "this is not a database, but it is somebody's file\n".repeat(200),
  );
  Deno.writeFileSync(file, junk);
  const e = thrownBy(() => openStore(home), StoreError);
  assertEquals([e.code, e.data.file], ["store.unreadable", file]);
  assertEquals(Deno.readFileSync(file), junk, "nothing was changed");
});

Deno.test("store: a foreign SQLite file and a newer schema are refused", async () => {
  const home = tempHome();
  const file = join(home, "threshold.db");
  const db = new DatabaseSync(file);
  db.exec("CREATE TABLE accounts (id INTEGER); INSERT INTO accounts VALUES (1)");
  db.close();
  const foreign = thrownBy(() => openStore(home), StoreError);
  assertEquals([foreign.code, foreign.data.tables], ["store.not_threshold", ["accounts"]]);
  const db2 = new DatabaseSync(file);
  assertEquals((db2.prepare("SELECT count(*) AS n FROM accounts").get() as any).n, 1);
  db2.close();
  const home2 = tempHome();
  openStore(home2).close();
  const db3 = new DatabaseSync(join(home2, "threshold.db"));
  db3.exec(`PRAGMA user_version = ${STORE_SCHEMA_VERSION + 5}`);
  db3.close();
  const newer = thrownBy(() => openStore(home2), StoreError);
  assertEquals([newer.code, newer.data.got, newer.data.understands], [
    "store.newer_schema",
    STORE_SCHEMA_VERSION + 5,
    STORE_SCHEMA_VERSION,
  ]);
  // The foreign file's refusal, worded (the temporary folder left out); the newer schema's
  // numbers change with every migration, so its data is asserted above instead.
  await assertGolden("sentences/store_refused", [foreign.message.replace(file, "FILE")]);
});

Deno.test("store: two processes running tools against one store lose nothing", async () => {
  const home = tempHome();
  const N = 6;
  const worker = async (k: number) => {
    for (let i = 0; i < N; i++) {
      const r = await cli(home, [
        "run",
        "ceiling_height",
        "--scan",
        "demo",
        "--set",
        `min_height_m=${2 + (k * N + i) / 100}`,
        "--json",
      ]);
      assertEquals(r.code, 0, r.stderr);
    }
  };
  await Promise.all([worker(0), worker(1)]);
  const s = openStore(home);
  const runs = s.listRuns({ tool: "ceiling_height" });
  assertEquals(runs.length, 2 * N);
  const mins = new Set(runs.map((r) => (r.inputs as any).min_height_m.value));
  assertEquals(mins.size, 2 * N, "every run's own inputs were kept");
  assertEquals(s.listFindings({ scan: "demo", all: true }).length > 0, true);
  s.close();
});
