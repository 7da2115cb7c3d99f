/**
 * One migration list for both stores (core/store/schema.ts): a fresh SQLite and a fresh
 * PostgreSQL store have the same tables with the same columns and indexes, and a PostgreSQL
 * store written when PostgreSQL had its own list (version 3: the scans' counts in its first
 * step, batches in its third) upgrades to the shared version keeping every row.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { openStore, STORE_SCHEMA_VERSION } from "../../core/store.ts";
import { openPostgresStore, PG_SCHEMA_VERSION } from "../../core/store/postgres.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { tempHome } from "../_cli.ts";
import { freshDatabase, pgQuery } from "../_services.ts";

const pg = { sanitizeResources: false, sanitizeOps: false };

/** table -> sorted column names, and the sorted index names, of a fresh SQLite store. */
function sqliteShape() {
  const home = tempHome();
  openStore(home).close();
  const db = new DatabaseSync(join(home, "threshold.db"));
  try {
    const tables = (db.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
    ).all() as { name: string }[]).map((t) => t.name);
    const columns = Object.fromEntries(tables.map((t) => [
      t,
      (db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name)
        .sort(),
    ]));
    const indexes = (db.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name",
    ).all() as { name: string }[]).map((i) => i.name);
    const version = (db.prepare("PRAGMA user_version").get() as { user_version: number })
      .user_version;
    return { columns, indexes, version };
  } finally {
    db.close();
  }
}

async function pgShape(url: string) {
  const cols = await pgQuery(
    url,
    `SELECT table_name AS t, column_name AS c FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name <> 'threshold_schema'
     ORDER BY table_name, column_name`,
  );
  const columns: Record<string, string[]> = {};
  for (const r of cols) (columns[r.t as string] ??= []).push(r.c as string);
  const indexes = (await pgQuery(
    url,
    `SELECT indexname AS i FROM pg_indexes WHERE schemaname = 'public'
     AND indexname NOT LIKE '%_pkey' ORDER BY indexname`,
  )).map((r) => r.i as string);
  const [{ version }] = await pgQuery(url, "SELECT version FROM threshold_schema");
  return { columns, indexes, version };
}

Deno.test("store migrations: both stores count the same list", () => {
  assert.equal(PG_SCHEMA_VERSION, STORE_SCHEMA_VERSION);
  assert.equal(STORE_SCHEMA_VERSION, 6);
});

Deno.test({
  ...pg,
  name: "store migrations: a fresh PostgreSQL store has the SQLite store's tables and indexes",
  fn: async () => {
    const url = await freshDatabase("shape");
    openPostgresStore(url).close();
    const lite = sqliteShape();
    const post = await pgShape(url);
    assert.deepEqual(Object.keys(post.columns).sort(), Object.keys(lite.columns).sort());
    assert.deepEqual(post.columns, lite.columns);
    assert.deepEqual(post.indexes, lite.indexes);
    assert.equal(post.version, lite.version);
    assert.ok(lite.columns.scans.includes("rooms") && lite.indexes.includes("runs_scan"));
  },
});

/** The PostgreSQL schema as the separate list wrote it, up to its version 3. */
const OLD_PG_V3 = `
  CREATE TABLE threshold_schema (version INTEGER NOT NULL);
  INSERT INTO threshold_schema (version) VALUES (3);
  CREATE TABLE scans (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT NULL, ref TEXT NOT NULL,
    plan_json JSONB NOT NULL, warnings_json JSONB NOT NULL DEFAULT '[]', report_json JSONB,
    rooms INTEGER NOT NULL, floors INTEGER NOT NULL, imported_at TEXT NOT NULL);
  CREATE TABLE sites (
    id TEXT PRIMARY KEY, name TEXT, lat DOUBLE PRECISION NOT NULL, lon DOUBLE PRECISION NOT NULL,
    address TEXT, elevation_m DOUBLE PRECISION, north_deg DOUBLE PRECISION, scan TEXT,
    record_json JSONB NOT NULL DEFAULT '{}', updated_at TEXT NOT NULL);
  CREATE TABLE preferences (key TEXT PRIMARY KEY, value_json JSONB NOT NULL, updated_at TEXT NOT NULL);
  CREATE TABLE personas (id TEXT PRIMARY KEY, persona_json JSONB NOT NULL, updated_at TEXT NOT NULL);
  CREATE TABLE selection (kind TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE runs (
    id TEXT PRIMARY KEY, tool TEXT NOT NULL, scan TEXT, status TEXT NOT NULL,
    inputs_json JSONB NOT NULL, result_json JSONB NOT NULL, started_at TEXT NOT NULL,
    duration_ms DOUBLE PRECISION NOT NULL);
  CREATE INDEX runs_tool_scan ON runs(tool, scan, started_at);
  CREATE TABLE findings (
    scan TEXT NOT NULL, id TEXT NOT NULL, tool TEXT NOT NULL, status TEXT NOT NULL,
    title TEXT NOT NULL, detail TEXT, subject TEXT, reason TEXT, first_run TEXT, last_run TEXT,
    first_seen TEXT NOT NULL, last_seen TEXT NOT NULL, PRIMARY KEY (scan, id));
  CREATE INDEX findings_tool ON findings(scan, tool);
  CREATE TABLE vision_detections (
    image_hash TEXT NOT NULL, model TEXT NOT NULL, detections_json JSONB NOT NULL,
    created_at TEXT NOT NULL, PRIMARY KEY (image_hash, model));
  CREATE TABLE batch_rows (
    batch TEXT NOT NULL, key TEXT NOT NULL, scan TEXT NOT NULL, tool TEXT NOT NULL,
    status TEXT NOT NULL, run_id TEXT, row_json JSONB NOT NULL, done_at TEXT NOT NULL,
    PRIMARY KEY (batch, key));
  CREATE TABLE batches (id TEXT PRIMARY KEY, spec_json JSONB NOT NULL, created_at TEXT NOT NULL);
  INSERT INTO scans (id, name, format, ref, plan_json, rooms, floors, imported_at)
    VALUES ('old', 'Old house', 'plan-json', 'x', '{"id":"old"}', 7, 2, '2026-01-01T00:00:00Z');
  INSERT INTO batches (id, spec_json, created_at) VALUES ('b1', '{"tools":["t"]}', '2026-01-02');`;

Deno.test({
  ...pg,
  name: "store migrations: a PostgreSQL store from the separate list (v3) upgrades, rows kept",
  fn: async () => {
    const url = await freshDatabase("oldpg");
    await pgQuery(url, OLD_PG_V3);
    const s = openPostgresStore(url);
    try {
      assert.deepEqual(s.listScans(), [{
        id: "old",
        name: "Old house",
        format: "plan-json",
        ref: "x",
        imported_at: "2026-01-01T00:00:00Z",
        rooms: 7,
        floors: 2,
      }]);
      assert.deepEqual(s.getBatch("b1"), {
        id: "b1",
        spec: { tools: ["t"] },
        created_at: "2026-01-02",
      });
      s.putScan(BUILTIN_SCANS.demo());
      const demo = s.listScans().find((r) => r.id === "demo")!;
      assert.equal(demo.rooms, BUILTIN_SCANS.demo().plan.rooms.length);
    } finally {
      s.close();
    }
    assert.deepEqual(await pgQuery(url, "SELECT version FROM threshold_schema"), [{
      version: STORE_SCHEMA_VERSION,
    }]);
  },
});
