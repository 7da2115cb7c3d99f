/**
 * The store's tables, as one list of migrations in order for both stores: the SQLite store
 * counts those applied in `PRAGMA user_version`, the PostgreSQL store in
 * `threshold_schema.version`. Each step's DDL is written once; only the column types differ
 * (JSON is TEXT read with `json_*` in SQLite, JSONB in PostgreSQL; REAL is DOUBLE PRECISION),
 * and a step that needs a dialect's own statements says so for each.
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { shellSafeId } from "../../ground/text.ts";

export type Dialect = "sqlite" | "postgres";

/** Column types by dialect. */
export interface ColumnTypes {
  json: string;
  real: string;
}
export const COLUMN_TYPES: Record<Dialect, ColumnTypes> = {
  sqlite: { json: "TEXT", real: "REAL" },
  postgres: { json: "JSONB", real: "DOUBLE PRECISION" },
};

/** One step: DDL written once over the column types, or each dialect's own statements. */
export type Migration =
  | { sql: (t: ColumnTypes) => string }
  | { sqlite: (db: DatabaseSync) => void; postgres: string };

export const MIGRATIONS: Migration[] = [
  {
    sql: (t) =>
      `CREATE TABLE scans (
     id TEXT PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT NULL, ref TEXT NOT NULL,
     plan_json ${t.json} NOT NULL, warnings_json ${t.json} NOT NULL DEFAULT '[]', report_json ${t.json},
     imported_at TEXT NOT NULL);
   CREATE TABLE sites (
     id TEXT PRIMARY KEY, name TEXT, lat ${t.real} NOT NULL, lon ${t.real} NOT NULL, address TEXT,
     elevation_m ${t.real}, north_deg ${t.real}, scan TEXT, record_json ${t.json} NOT NULL DEFAULT '{}',
     updated_at TEXT NOT NULL);
   CREATE TABLE preferences (key TEXT PRIMARY KEY, value_json ${t.json} NOT NULL, updated_at TEXT NOT NULL);
   CREATE TABLE personas (id TEXT PRIMARY KEY, persona_json ${t.json} NOT NULL, updated_at TEXT NOT NULL);
   CREATE TABLE selection (kind TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE runs (
     id TEXT PRIMARY KEY, tool TEXT NOT NULL, scan TEXT, status TEXT NOT NULL,
     inputs_json ${t.json} NOT NULL, result_json ${t.json} NOT NULL, started_at TEXT NOT NULL,
     duration_ms ${t.real} NOT NULL);
   CREATE INDEX runs_tool_scan ON runs(tool, scan, started_at);
   CREATE TABLE findings (
     scan TEXT NOT NULL, id TEXT NOT NULL, tool TEXT NOT NULL, status TEXT NOT NULL,
     title TEXT NOT NULL, detail TEXT, subject TEXT, reason TEXT, first_run TEXT, last_run TEXT,
     first_seen TEXT NOT NULL, last_seen TEXT NOT NULL, PRIMARY KEY (scan, id));
   CREATE INDEX findings_tool ON findings(scan, tool);`,
  },
  // 2: detections from panoramas, per image content hash and detector (engines/vision).
  {
    sql: (t) =>
      `CREATE TABLE IF NOT EXISTS vision_detections (
     image_hash TEXT NOT NULL, model TEXT NOT NULL, detections_json ${t.json} NOT NULL,
     created_at TEXT NOT NULL, PRIMARY KEY (image_hash, model));`,
  },
  // 3: a scan's counts beside its plan, so listing scans reads no plan (columns added only
  // where missing: a store moved back a version by hand keeps working). PostgreSQL stores
  // made before the two lists were one already have the columns, filled.
  {
    sqlite: (db: DatabaseSync) => {
      const cols = new Set(
        (db.prepare("PRAGMA table_info(scans)").all() as { name: string }[]).map((c) => c.name),
      );
      if (!cols.has("rooms")) {
        db.exec("ALTER TABLE scans ADD COLUMN rooms INTEGER NOT NULL DEFAULT 0");
      }
      if (!cols.has("floors")) {
        db.exec("ALTER TABLE scans ADD COLUMN floors INTEGER NOT NULL DEFAULT 0");
      }
      db.exec(`UPDATE scans SET rooms = coalesce(json_array_length(plan_json, '$.rooms'), 0),
      floors = coalesce(json_array_length(plan_json, '$.floors'), 0);
      CREATE INDEX IF NOT EXISTS runs_scan ON runs(scan);`);
    },
    postgres: `ALTER TABLE scans ADD COLUMN IF NOT EXISTS rooms INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE scans ADD COLUMN IF NOT EXISTS floors INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX IF NOT EXISTS runs_scan ON runs(scan);`,
  },
  // 4: batch rows (issue 17): one per (batch, key), key = hash(plan, filled inputs, tool version).
  {
    sql: (t) =>
      `CREATE TABLE IF NOT EXISTS batch_rows (
     batch TEXT NOT NULL, key TEXT NOT NULL, scan TEXT NOT NULL, tool TEXT NOT NULL,
     status TEXT NOT NULL, run_id TEXT, row_json ${t.json} NOT NULL, done_at TEXT NOT NULL,
     PRIMARY KEY (batch, key));
   CREATE TABLE IF NOT EXISTS batches (
     id TEXT PRIMARY KEY, spec_json ${t.json} NOT NULL, created_at TEXT NOT NULL);`,
  },
  // 5: the scope a finding was judged under (issue 24: a run resolves only what it re-judged).
  {
    sqlite: (db: DatabaseSync) => {
      const cols = new Set(
        (db.prepare("PRAGMA table_info(findings)").all() as { name: string }[]).map((c) => c.name),
      );
      if (!cols.has("scope")) {
        db.exec("ALTER TABLE findings ADD COLUMN scope TEXT NOT NULL DEFAULT ''");
      }
    },
    postgres: `ALTER TABLE findings ADD COLUMN IF NOT EXISTS scope TEXT NOT NULL DEFAULT '';`,
  },
  // 6: finding ids a shell takes as typed and a number to name them by (issue 24 §4): each
  // stored id's shell-special characters (`$` from IFC GlobalIds) become `-` (core/result.ts
  // shellSafeId; ids keep their status, reason and scope), and every finding gets a number,
  // in the order first seen, kept for good (`threshold reject 3`).
  {
    sqlite: (db: DatabaseSync) => {
      const cols = new Set(
        (db.prepare("PRAGMA table_info(findings)").all() as { name: string }[]).map((c) => c.name),
      );
      if (!cols.has("num")) db.exec("ALTER TABLE findings ADD COLUMN num INTEGER");
      const rows = db.prepare(
        "SELECT scan, id FROM findings ORDER BY first_seen, scan, id",
      ).all() as { scan: string; id: string }[];
      const set = db.prepare("UPDATE findings SET id = ?, num = ? WHERE scan = ? AND id = ?");
      rows.forEach((r, i) => set.run(shellSafeId(r.id), i + 1, r.scan, r.id));
      db.exec("CREATE INDEX IF NOT EXISTS findings_num ON findings(num)");
    },
    postgres: `ALTER TABLE findings ADD COLUMN IF NOT EXISTS num INTEGER;
      UPDATE findings SET id = translate(id, '$\`''"\\!*?&;|<>(){}[]#~^', '----------------------');
      UPDATE findings f SET num = n.k FROM (
        SELECT scan, id, row_number() OVER (ORDER BY first_seen, scan COLLATE "C", id COLLATE "C") AS k
        FROM findings) n WHERE f.scan = n.scan AND f.id = n.id;
      CREATE INDEX IF NOT EXISTS findings_num ON findings(num);`,
  },
];

/** The schema version both stores write: the count of migrations. */
export const STORE_SCHEMA_VERSION = MIGRATIONS.length;

/** Runs migration `i` on an SQLite store (inside the caller's transaction). */
export function migrateSqlite(db: DatabaseSync, i: number): void {
  const step = MIGRATIONS[i];
  if ("sql" in step) db.exec(step.sql(COLUMN_TYPES.sqlite));
  else step.sqlite(db);
}

/** Migration `i` as PostgreSQL statements. */
export function postgresMigration(i: number): string {
  const step = MIGRATIONS[i];
  return "sql" in step ? step.sql(COLUMN_TYPES.postgres) : step.postgres;
}
