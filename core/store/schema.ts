/**
 * The store's tables, as migrations in order: the SQLite store's (`PRAGMA user_version` is the
 * count applied) and the PostgreSQL store's (`threshold_schema.version`).
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/** Migrations in order; `PRAGMA user_version` is the count applied. */
export const MIGRATIONS: (string | ((db: DatabaseSync) => void))[] = [
  `CREATE TABLE scans (
     id TEXT PRIMARY KEY, name TEXT NOT NULL, format TEXT NOT NULL, ref TEXT NOT NULL,
     plan_json TEXT NOT NULL, warnings_json TEXT NOT NULL DEFAULT '[]', report_json TEXT,
     imported_at TEXT NOT NULL);
   CREATE TABLE sites (
     id TEXT PRIMARY KEY, name TEXT, lat REAL NOT NULL, lon REAL NOT NULL, address TEXT,
     elevation_m REAL, north_deg REAL, scan TEXT, record_json TEXT NOT NULL DEFAULT '{}',
     updated_at TEXT NOT NULL);
   CREATE TABLE preferences (key TEXT PRIMARY KEY, value_json TEXT NOT NULL, updated_at TEXT NOT NULL);
   CREATE TABLE personas (id TEXT PRIMARY KEY, persona_json TEXT NOT NULL, updated_at TEXT NOT NULL);
   CREATE TABLE selection (kind TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE runs (
     id TEXT PRIMARY KEY, tool TEXT NOT NULL, scan TEXT, status TEXT NOT NULL,
     inputs_json TEXT NOT NULL, result_json TEXT NOT NULL, started_at TEXT NOT NULL,
     duration_ms REAL NOT NULL);
   CREATE INDEX runs_tool_scan ON runs(tool, scan, started_at);
   CREATE TABLE findings (
     scan TEXT NOT NULL, id TEXT NOT NULL, tool TEXT NOT NULL, status TEXT NOT NULL,
     title TEXT NOT NULL, detail TEXT, subject TEXT, reason TEXT, first_run TEXT, last_run TEXT,
     first_seen TEXT NOT NULL, last_seen TEXT NOT NULL, PRIMARY KEY (scan, id));
   CREATE INDEX findings_tool ON findings(scan, tool);`,
  // 2: detections from panoramas, per image content hash and detector (engines/vision).
  `CREATE TABLE IF NOT EXISTS vision_detections (
     image_hash TEXT NOT NULL, model TEXT NOT NULL, detections_json TEXT NOT NULL,
     created_at TEXT NOT NULL, PRIMARY KEY (image_hash, model));`,
  // 3: a scan's counts beside its plan, so listing scans reads no plan (columns added only
  // where missing: a store moved back a version by hand keeps working).
  (db: DatabaseSync) => {
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
  // 4: batch rows (issue 17): one per (batch, key), key = hash(plan, filled inputs, tool version).
  `CREATE TABLE IF NOT EXISTS batch_rows (
     batch TEXT NOT NULL, key TEXT NOT NULL, scan TEXT NOT NULL, tool TEXT NOT NULL,
     status TEXT NOT NULL, run_id TEXT, row_json TEXT NOT NULL, done_at TEXT NOT NULL,
     PRIMARY KEY (batch, key));
   CREATE TABLE IF NOT EXISTS batches (
     id TEXT PRIMARY KEY, spec_json TEXT NOT NULL, created_at TEXT NOT NULL);`,
];
export const STORE_SCHEMA_VERSION = MIGRATIONS.length;

/** Migrations in order; `threshold_schema.version` is the count applied. */
export const PG_MIGRATIONS: string[] = [
  `CREATE TABLE scans (
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
   CREATE INDEX findings_tool ON findings(scan, tool);`,
  // 2: detections from panoramas, per image content hash and detector (engines/vision).
  `CREATE TABLE vision_detections (
     image_hash TEXT NOT NULL, model TEXT NOT NULL, detections_json JSONB NOT NULL,
     created_at TEXT NOT NULL, PRIMARY KEY (image_hash, model));`,
  // 3: batch rows (issue 17).
  `CREATE TABLE batch_rows (
     batch TEXT NOT NULL, key TEXT NOT NULL, scan TEXT NOT NULL, tool TEXT NOT NULL,
     status TEXT NOT NULL, run_id TEXT, row_json JSONB NOT NULL, done_at TEXT NOT NULL,
     PRIMARY KEY (batch, key));
   CREATE TABLE batches (id TEXT PRIMARY KEY, spec_json JSONB NOT NULL, created_at TEXT NOT NULL);`,
];
