/**
 * The store: one SQLite file (node:sqlite) in `$THRESHOLD_HOME` (default `~/.threshold`),
 * WAL mode, schema version in `PRAGMA user_version` with forward migrations. Holds scans,
 * sites, preferences, personas, the selection, runs, findings and panorama detections. Every write is one
 * transaction (BEGIN IMMEDIATE with a busy timeout), so parallel processes lose nothing.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { InputError, StoreError } from "../ground/errors.ts";
import { openPostgresStore } from "./store_postgres.ts";
import type { LoadedPlan, Plan } from "../ground/plan.ts";
import type { SiteRecord } from "../ground/site.ts";
import type { Finding, FindingStatus, ToolResult } from "./result.ts";

/** Migrations in order; `PRAGMA user_version` is the count applied. */
const MIGRATIONS: (string | ((db: DatabaseSync) => void))[] = [
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

export interface ScanRow {
  id: string;
  name: string;
  format: string;
  ref: string;
  imported_at: string;
  rooms: number;
  floors: number;
}
export interface RunRow {
  id: string;
  tool: string;
  scan?: string;
  status: string;
  inputs: Record<string, unknown>;
  result: ToolResult;
  started_at: string;
  duration_ms: number;
}
export interface FindingRow {
  scan: string;
  id: string;
  tool: string;
  status: FindingStatus;
  title: string;
  detail?: string;
  subject?: string;
  reason?: string;
  first_seen: string;
  last_seen: string;
  last_run?: string;
}

/** One row of a batch (scan × tool): what `--out` files and summaries are made of. */
export interface BatchRow {
  batch: string;
  /** hash(plan, filled inputs, tool version): the row's identity for --resume and retries. */
  key: string;
  scan: string;
  tool: string;
  /** The verdict status, or "failed" when the row could not run (needs input, crash, time). */
  status: string;
  run_id?: string;
  /** The row as --out writes it (verdict text, counts, metrics, duration, reason …). */
  row: Record<string, unknown>;
  done_at: string;
}

/** A batch as it was asked for (so --resume can continue it). */
export interface BatchRecord {
  id: string;
  spec: Record<string, unknown>;
  created_at: string;
}

/** The store's operations. Open one with {@link openStore}. */
export interface Store {
  readonly file: string;
  close(): void;
  putScan(loaded: LoadedPlan, report?: unknown): void;
  getScan(id: string): LoadedPlan | undefined;
  /** The scans' summaries (no plan is read). */
  listScans(): ScanRow[];
  /** Deletes a scan with its runs and findings (and clears it as the selection). */
  deleteScan(id: string): boolean;
  /** Deletes a stored site with the runs and findings kept under its id. */
  deleteSite(id: string): boolean;
  /** True when the store was opened read-only: reading works, every write is a StoreError. */
  readonly readOnly: boolean;
  /** Why it is read-only: the file system is, or the disk is full. */
  readonly readOnlyWhy?: "read-only" | "full";
  putSite(site: SiteRecord): void;
  getSite(id: string): SiteRecord | undefined;
  findSite(text: string): SiteRecord | undefined;
  listSites(): SiteRecord[];
  getPref(key: string): unknown;
  setPref(key: string, value: unknown): void;
  unsetPref(key: string): boolean;
  listPrefs(): { key: string; value: unknown; updated_at: string }[];
  putPersona(p: { id: string } & Record<string, unknown>): void;
  getPersona(id: string): Record<string, unknown> | undefined;
  listPersonas(): Record<string, unknown>[];
  getSelection(kind: string): string | undefined;
  setSelection(kind: string, value: string | undefined): void;
  addRun(run: RunRow): void;
  getRun(id: string): RunRow | undefined;
  listRuns(filter?: { tool?: string; scan?: string; limit?: number }): Omit<RunRow, "result">[];
  /**
   * Records a run's findings: upserts those produced (a rejected one stays rejected), marks
   * the tool's earlier open findings for the scan that were not produced as resolved.
   * Returns the ids that are rejected, which callers hide.
   */
  syncFindings(scan: string, tool: string, findings: Finding[], runId: string): Set<string>;
  listFindings(filter?: { scan?: string; all?: boolean; tool?: string }): FindingRow[];
  /** Finds the rows with this id (one per scan that has it). */
  findFinding(id: string, scan?: string): FindingRow[];
  setFindingStatus(scan: string, id: string, status: FindingStatus, reason?: string): void;
  /** Records a batch's spec (first write wins: a resumed batch keeps its spec). */
  putBatch(b: BatchRecord): void;
  getBatch(id: string): BatchRecord | undefined;
  /** The most recently created batch, if any. */
  lastBatch(): BatchRecord | undefined;
  /**
   * Writes a finished row and its run in one transaction, once: a row whose (batch, key) is
   * already there changes nothing and returns false (a retried or duplicated job).
   */
  commitBatchRow(row: BatchRow, run?: RunRow): boolean;
  /** The keys of the rows of `batch` already done. */
  batchKeys(batch: string): Set<string>;
  /** Scans whose plan names its building (`plan.building`), oldest import first. */
  scanBuildings(): { id: string; building: string; imported_at: string }[];
  /** How many rows of `batch` are done (cheap, for polling). */
  batchCount(batch: string): number;
  listBatchRows(batch: string): BatchRow[];
  /** Detections stored for an image (by content hash) and detector key; undefined when none. */
  getDetections(imageHash: string, model: string): unknown;
  /** Stores an image's detections; a second put for the same key replaces the first. */
  putDetections(imageHash: string, model: string, detections: unknown): void;
}

/** `$THRESHOLD_HOME`, else `~/.threshold`. */
export function defaultHome(): string {
  const env = Deno.env.get("THRESHOLD_HOME");
  if (env) return env;
  const home = Deno.env.get("HOME") ?? Deno.env.get("USERPROFILE") ?? ".";
  return join(home, ".threshold");
}

/**
 * Where the store is: `$THRESHOLD_STORE` when set (a `postgres://` URL shared by many
 * machines, or a folder), else {@link defaultHome}.
 */
export function storeLocation(): string {
  return Deno.env.get("THRESHOLD_STORE") || defaultHome();
}

/**
 * Opens the store at a location: a `postgres://` or `postgresql://` URL opens the PostgreSQL
 * store (core/store_postgres.ts, the same {@link Store} interface), anything else is a folder
 * for the embedded SQLite store.
 */
export function openStoreAt(location: string = storeLocation()): Store {
  if (/^postgres(ql)?:\/\//i.test(location)) return openPostgresStore(location);
  return openStore(location);
}

const now = () => new Date().toISOString();

/**
 * Opens (creating on first use) the store in `home`, or an in-memory store for ":memory:".
 * A file that is not a threshold store, or one from a newer version, is a {@link StoreError}
 * naming the file; nothing in it is changed.
 */
export function openStore(home: string = defaultHome()): Store {
  const file = home === ":memory:" ? ":memory:" : join(home, "threshold.db");
  if (file !== ":memory:") {
    try {
      Deno.mkdirSync(home, { recursive: true });
    } catch (e) {
      throw new StoreError(file, `cannot create folder ${home}: ${(e as Error).message}`);
    }
  }
  let db: DatabaseSync | undefined;
  if (file !== ":memory:" && !writable(home, file)) return openReadOnly(file);
  try {
    db = new DatabaseSync(file);
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Reading the schema is the first real read: a corrupt file fails here.
    const v = (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
    db.prepare("SELECT count(*) FROM sqlite_master").get();
    if (v > STORE_SCHEMA_VERSION) {
      db.close();
      throw new StoreError(
        file,
        `schema version ${v} is newer than this threshold understands (${STORE_SCHEMA_VERSION}); upgrade threshold. Nothing was changed.`,
      );
    }
    if (file !== ":memory:") retryBusy(() => db!.exec("PRAGMA journal_mode = WAL"));
    db.exec("PRAGMA synchronous = NORMAL");
    migrate(db, file);
  } catch (e) {
    if (e instanceof StoreError) throw e;
    try {
      db?.close();
    } catch { /* not open */ }
    // SQLite says "disk I/O error" when it cannot make its WAL files on a full disk: look.
    if (file !== ":memory:" && diskFull(home)) {
      if (exists(file)) return openReadOnly(file, "full");
      throw new StoreError(
        file,
        "the disk holding the store is full, so the store cannot be created; free some space and try again",
      );
    }
    const plain = diskProblem(file, e, "opening it");
    if (plain) throw plain;
    throw new StoreError(
      file,
      `cannot be read as a threshold store (${
        (e as Error).message
      }). Nothing was changed; move the file aside or set THRESHOLD_HOME to another folder.`,
    );
  }
  return makeStore(db!, file, false);
}

/** Whether this process may write the store (its folder, and the file when it exists). */
function writable(home: string, file: string): boolean {
  for (
    const p of [file, join(home, `.write-test-${Deno.pid}-${crypto.randomUUID().slice(0, 8)}`)]
  ) {
    if (p === file) {
      try {
        Deno.statSync(file);
      } catch {
        continue; // no file yet: the folder decides
      }
      try {
        Deno.openSync(file, { read: true, write: true }).close();
      } catch (e) {
        if (e instanceof Deno.errors.PermissionDenied || isReadOnlyFs(e)) return false;
        throw e;
      }
    } else {
      try {
        Deno.writeFileSync(p, new Uint8Array(), { create: true });
        Deno.removeSync(p);
      } catch (e) {
        if (e instanceof Deno.errors.PermissionDenied || isReadOnlyFs(e)) return false;
        if (e instanceof Deno.errors.NotFound) return true; // mkdir failed elsewhere; let open say
        // A full disk may still refuse an empty file: opening for reads is fine.
        return true;
      }
    }
  }
  return true;
}

function exists(file: string): boolean {
  try {
    Deno.statSync(file);
    return true;
  } catch {
    return false;
  }
}

/** Whether the disk holding `home` is full: a 64 KB probe file cannot be written. */
function diskFull(home: string): boolean {
  const probe = join(home, `.space-probe-${Deno.pid}-${crypto.randomUUID().slice(0, 8)}`);
  try {
    Deno.writeFileSync(probe, new Uint8Array(64 * 1024));
    return false;
  } catch (e) {
    return e instanceof Error && /no space left|os error 28|ENOSPC|quota/i.test(e.message);
  } finally {
    try {
      Deno.removeSync(probe);
    } catch { /* never made */ }
  }
}

function isReadOnlyFs(e: unknown): boolean {
  return /read-only file system|EROFS|os error 30/i.test(String((e as Error)?.message ?? e));
}

/**
 * Opens a store this process may not write: read-only and immutable (no WAL or lock files are
 * made), so `scans`, `plan`, `findings` and runs that save nothing still work.
 */
function openReadOnly(file: string, why: "read-only" | "full" = "read-only"): Store {
  let db: DatabaseSync | undefined;
  try {
    Deno.statSync(file);
  } catch {
    throw new StoreError(
      file,
      "does not exist and its folder is read-only, so it cannot be created; set THRESHOLD_HOME to a folder you may write",
    );
  }
  // SQLite's immutable flag (a file: URI) reads a WAL-mode store without its -shm and -wal
  // files; a plain read-only open works where they exist. Deno's permission check reads a URI
  // as a relative path, so the URI works only with full read permission, not confined.
  const attempts: (() => DatabaseSync)[] = [
    () => new DatabaseSync(`file:${encodeURI(file)}?immutable=1`, { readOnly: true } as never),
    () => new DatabaseSync(file, { readOnly: true }),
    () => inMemoryCopy(file),
  ];
  let last: unknown;
  for (const open of attempts) {
    let d: DatabaseSync | undefined;
    try {
      d = open();
      const v = (d.prepare("PRAGMA user_version").get() as { user_version: number })
        .user_version;
      if (v !== STORE_SCHEMA_VERSION) {
        d.close();
        throw new StoreError(
          file,
          `is read-only and has schema version ${v}, not ${STORE_SCHEMA_VERSION}; it cannot be upgraded without write access. Nothing was changed.`,
        );
      }
      db = d;
      break;
    } catch (e) {
      if (e instanceof StoreError) throw e;
      try {
        d?.close();
      } catch { /* not open */ }
      last = e;
    }
  }
  if (!db!) {
    throw new StoreError(
      file,
      `is on a ${
        why === "full" ? "full disk" : "read-only disk"
      } and could not be opened read-only (${
        (last as Error)?.message
      }); nothing was changed. Copy the store to a writable folder and set THRESHOLD_HOME to it.`,
    );
  }
  return makeStore(db!, file, why);
}

/**
 * A read-only store as a copy in memory, for a confined process (the MCP server): its permission
 * check refuses SQLite's `immutable` URI, and a plain read-only open of a WAL-mode store needs
 * to create the -shm file, which a read-only disk refuses. The file's bytes are read (a read
 * permission the server has) and handed to SQLite's deserialize; bytes 18–19 of the header
 * (the file format's write/read versions, 2 = WAL) are set to 1 (rollback journal), because an
 * in-memory database cannot use a WAL (https://www.sqlite.org/fileformat.html §1.3.3). Only
 * when no -wal file holds data: its committed pages would be missed.
 */
function inMemoryCopy(file: string): DatabaseSync {
  let wal = 0;
  try {
    wal = Deno.statSync(`${file}-wal`).size;
  } catch { /* no WAL file */ }
  if (wal > 0) throw new Error(`its write-ahead log ${file}-wal holds data`);
  const bytes = Deno.readFileSync(file);
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) bytes[18] = bytes[19] = 1;
  const d = new DatabaseSync(":memory:");
  try {
    (d as unknown as { deserialize(b: Uint8Array): void }).deserialize(bytes);
  } catch (e) {
    d.close();
    throw e;
  }
  return d;
}

/**
 * The plain truth about a failed write or open: the disk is full, or the store is read-only.
 * Undefined when the error is neither.
 */
export function diskProblem(file: string, e: unknown, doing: string): StoreError | undefined {
  const msg = String((e as Error)?.message ?? e);
  if (/disk is full|SQLITE_FULL|no space left|os error 28/i.test(msg)) {
    return new StoreError(
      file,
      `the disk holding the store is full (${doing}); nothing was saved and the store is unchanged. Free some space and try again.`,
    );
  }
  if (/readonly|read-only|SQLITE_READONLY|os error 30/i.test(msg)) {
    return new StoreError(
      file,
      `the store is read-only (${doing}); nothing was saved. Reading commands (scans, plan, findings, run --scan) still work.`,
    );
  }
  return undefined;
}

function migrate(db: DatabaseSync, file: string) {
  tx(
    db,
    () => {
      const v = (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
      if (v > 0) {
        const tables = db.prepare(
          "SELECT name FROM sqlite_master WHERE type='table' AND name='scans'",
        )
          .all();
        if (tables.length === 0) {
          throw new StoreError(file, `has schema version ${v} but no threshold tables`);
        }
      } else {
        const other = db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all();
        if (other.length > 0) {
          throw new StoreError(
            file,
            `is an SQLite file that is not a threshold store (it has tables ${
              other.map((t) => (t as { name: string }).name).join(", ")
            }). Nothing was changed.`,
          );
        }
      }
      for (let i = v; i < MIGRATIONS.length; i++) {
        const step = MIGRATIONS[i];
        if (typeof step === "string") db.exec(step);
        else step(db);
        db.exec(`PRAGMA user_version = ${i + 1}`);
      }
    },
    file,
    "opening the store",
  );
}

/**
 * How long SQLite itself waits for another writer on one try, ms (its busy timeout); a write
 * still refused then is tried again after a pause ({@link WRITE_WAIT_MS} in all).
 */
export const BUSY_TIMEOUT_MS = 2000;
/**
 * How long a write waits in all for other processes' writes, ms: SQLite documents the busy
 * error as retryable (https://sqlite.org/rescode.html#busy), so a finished run is saved after
 * a queue of twelve 34 MB writes, not lost; past this the error says the store is busy.
 */
export const WRITE_WAIT_MS = 300_000;

/** True for SQLite's "busy" and "locked" errors (codes 5 and 6, extended codes too). */
export function isBusy(e: unknown): boolean {
  const code = (e as { errcode?: number })?.errcode;
  if (typeof code === "number" && ((code & 0xff) === 5 || (code & 0xff) === 6)) return true;
  return /database is locked|database table is locked|SQLITE_BUSY|SQLITE_LOCKED/i.test(
    String((e as Error)?.message ?? e),
  );
}

/** Blocks this thread for `ms` (a write's pause between tries; the store's calls are sync). */
function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Calls `step` until it does not throw a busy error, pausing between tries (25 ms doubling
 * to 1 s, with jitter) for at most `wait_ms` in all; then the last error is thrown.
 */
export function retryBusy<T>(
  step: () => T,
  o: { wait_ms?: number; sleep?: (ms: number) => void; now?: () => number } = {},
): T {
  const now = o.now ?? (() => performance.now());
  const sleep = o.sleep ?? pause;
  const end = now() + (o.wait_ms ?? WRITE_WAIT_MS);
  for (let n = 0;; n++) {
    try {
      return step();
    } catch (e) {
      if (!isBusy(e) || now() >= end) throw e;
      const ms = Math.min(1000, 25 * 2 ** Math.min(n, 6)) * (0.5 + Math.random() / 2);
      sleep(Math.max(1, Math.min(ms, end - now())));
    }
  }
}

/**
 * Runs fn in one write transaction (BEGIN IMMEDIATE: waits for other writers, and is tried
 * again while another process writes: {@link retryBusy}). A full disk or a read-only store is
 * a StoreError saying so; a store still busy after {@link WRITE_WAIT_MS} is one too.
 */
function tx<T>(db: DatabaseSync, fn: () => T, file = "", doing = "writing"): T {
  const busyFor = (e: unknown) =>
    isBusy(e)
      ? new StoreError(
        file,
        `the store is busy (${doing}): other threshold processes kept writing for ${
          Math.round(WRITE_WAIT_MS / 1000)
        } s; nothing was saved. Try again when they are done.`,
      )
      : undefined;
  try {
    retryBusy(() => db.exec("BEGIN IMMEDIATE"));
  } catch (e) {
    throw diskProblem(file, e, doing) ?? busyFor(e) ?? e;
  }
  try {
    const out = fn();
    retryBusy(() => db.exec("COMMIT"));
    return out;
  } catch (e) {
    try {
      if (db.isTransaction) db.exec("ROLLBACK");
    } catch { /* the rollback of a failed commit */ }
    throw diskProblem(file, e, doing) ?? busyFor(e) ?? e;
  }
}

type Row = Record<string, unknown>;
const opt = <T>(v: unknown): T | undefined => (v === null || v === undefined ? undefined : v as T);

function makeStore(
  db: DatabaseSync,
  file: string,
  mode: false | "read-only" | "full",
): Store {
  const readOnly = mode !== false;
  const write = <T>(doing: string, fn: () => T): T => {
    if (mode === "full") {
      throw new StoreError(
        file,
        `the disk holding the store is full (${doing}); nothing was saved and the store is unchanged. Free some space and try again; reading commands (scans, plan, findings, run --scan) still work.`,
      );
    }
    if (readOnly) {
      throw new StoreError(
        file,
        `the store is read-only (${doing}); nothing was saved. Reading commands (scans, plan, findings, run --scan) still work.`,
      );
    }
    return tx(db, fn, file, doing);
  };
  // Prepared once per SQL text: a statement prepared per call holds native memory until a GC
  // that a small JS heap rarely triggers (resident memory grew ~15 KB per run).
  const statements = new Map<string, ReturnType<DatabaseSync["prepare"]>>();
  const q = (sql: string) => {
    let st = statements.get(sql);
    if (!st) statements.set(sql, st = db.prepare(sql));
    return st;
  };
  const siteFrom = (r: Row): SiteRecord => ({
    id: r.id as string,
    name: opt(r.name),
    lat: r.lat as number,
    lon: r.lon as number,
    address: opt(r.address),
    elevation_m: opt(r.elevation_m),
    north_deg: opt(r.north_deg),
    scan: opt(r.scan),
    record: JSON.parse(r.record_json as string),
  });
  const findingFrom = (r: Row): FindingRow => ({
    scan: r.scan as string,
    id: r.id as string,
    tool: r.tool as string,
    status: r.status as FindingStatus,
    title: r.title as string,
    detail: opt(r.detail),
    subject: opt(r.subject),
    reason: opt(r.reason),
    first_seen: r.first_seen as string,
    last_seen: r.last_seen as string,
    last_run: opt(r.last_run),
  });
  const parsed = (text: string, what: string) => {
    try {
      return JSON.parse(text);
    } catch {
      throw new StoreError(file, `${what} holds text that is not JSON; the store is damaged`);
    }
  };

  return {
    file,
    readOnly,
    ...(mode ? { readOnlyWhy: mode } : {}),
    close: () => db.close(),

    putScan(loaded: LoadedPlan, report?: unknown) {
      const p: Plan = loaded.plan;
      checkScanId(p.id, "scan id");
      write(
        `saving scan ${p.id}`,
        () =>
          q(`INSERT INTO scans (id, name, format, ref, plan_json, warnings_json, report_json, imported_at, rooms, floors)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET name=excluded.name, format=excluded.format, ref=excluded.ref,
             plan_json=excluded.plan_json, warnings_json=excluded.warnings_json,
             report_json=excluded.report_json, imported_at=excluded.imported_at,
             rooms=excluded.rooms, floors=excluded.floors`)
            .run(
              p.id,
              p.name,
              p.source.format,
              p.source.ref,
              JSON.stringify(p),
              JSON.stringify(loaded.warnings),
              report === undefined ? null : JSON.stringify(report),
              now(),
              p.rooms.length,
              p.floors.length,
            ),
      );
    },
    getScan(id) {
      const r = q("SELECT plan_json, warnings_json FROM scans WHERE id = ?").get(id) as
        | Row
        | undefined;
      if (!r) return undefined;
      return {
        plan: parsed(r.plan_json as string, `scan ${id}`),
        warnings: parsed(r.warnings_json as string, `scan ${id}`),
      };
    },
    listScans() {
      return (q("SELECT id, name, format, ref, imported_at, rooms, floors FROM scans ORDER BY id")
        .all() as Row[]).map((r) => ({
          id: r.id as string,
          name: r.name as string,
          format: r.format as string,
          ref: r.ref as string,
          imported_at: r.imported_at as string,
          rooms: Number(r.rooms),
          floors: Number(r.floors),
        }));
    },
    deleteScan(id) {
      return write(`deleting scan ${id}`, () => {
        const gone = Number(q("DELETE FROM scans WHERE id = ?").run(id).changes) > 0;
        if (!gone) return false;
        q("DELETE FROM runs WHERE scan = ?").run(id);
        q("DELETE FROM findings WHERE scan = ?").run(id);
        q("DELETE FROM selection WHERE kind = 'scan' AND value = ?").run(id);
        // A site stored for the scan stays (its coordinates are a person's), unlinked.
        q("UPDATE sites SET scan = NULL WHERE scan = ?").run(id);
        return true;
      });
    },
    deleteSite(id) {
      return write(`deleting site ${id}`, () => {
        const gone = Number(q("DELETE FROM sites WHERE id = ?").run(id).changes) > 0;
        if (!gone) return false;
        q("DELETE FROM runs WHERE scan = ?").run(id);
        q("DELETE FROM findings WHERE scan = ?").run(id);
        return true;
      });
    },

    putSite(s) {
      write(
        `saving site ${s.id}`,
        () =>
          q(`INSERT INTO sites (id, name, lat, lon, address, elevation_m, north_deg, scan, record_json, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET name=excluded.name, lat=excluded.lat, lon=excluded.lon,
             address=excluded.address, elevation_m=excluded.elevation_m, north_deg=excluded.north_deg,
             scan=excluded.scan, record_json=excluded.record_json, updated_at=excluded.updated_at`)
            .run(
              s.id,
              s.name ?? null,
              s.lat,
              s.lon,
              s.address ?? null,
              s.elevation_m ?? null,
              s.north_deg ?? null,
              s.scan ?? null,
              JSON.stringify(s.record ?? {}),
              now(),
            ),
      );
    },
    getSite(id) {
      const r = q("SELECT * FROM sites WHERE id = ?").get(id) as Row | undefined;
      return r ? siteFrom(r) : undefined;
    },
    findSite(text) {
      const r = q(
        "SELECT * FROM sites WHERE id = ? OR lower(address) = lower(?) OR lower(name) = lower(?) OR scan = ? LIMIT 1",
      ).get(text, text, text, text) as Row | undefined;
      return r ? siteFrom(r) : undefined;
    },
    listSites() {
      return (q("SELECT * FROM sites ORDER BY id").all() as Row[]).map(siteFrom);
    },

    getPref(key) {
      const r = q("SELECT value_json FROM preferences WHERE key = ?").get(key) as Row | undefined;
      return r ? parsed(r.value_json as string, `preference ${key}`) : undefined;
    },
    setPref(key, value) {
      write(
        `saving preference ${key}`,
        () =>
          q(`INSERT INTO preferences (key, value_json, updated_at) VALUES (?, ?, ?)
           ON CONFLICT(key) DO UPDATE SET value_json=excluded.value_json, updated_at=excluded.updated_at`)
            .run(key, JSON.stringify(value), now()),
      );
    },
    unsetPref(key) {
      return write(
        "writing",
        () => Number(q("DELETE FROM preferences WHERE key = ?").run(key).changes) > 0,
      );
    },
    listPrefs() {
      return (q("SELECT key, value_json, updated_at FROM preferences ORDER BY key").all() as Row[])
        .map((r) => ({
          key: r.key as string,
          value: JSON.parse(r.value_json as string),
          updated_at: r.updated_at as string,
        }));
    },

    putPersona(p) {
      write("writing", () =>
        q(`INSERT INTO personas (id, persona_json, updated_at) VALUES (?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET persona_json=excluded.persona_json, updated_at=excluded.updated_at`)
          .run(p.id, JSON.stringify(p), now()));
    },
    getPersona(id) {
      const r = q("SELECT persona_json FROM personas WHERE id = ?").get(id) as Row | undefined;
      return r ? parsed(r.persona_json as string, `persona ${id}`) : undefined;
    },
    listPersonas() {
      return (q("SELECT persona_json FROM personas ORDER BY id").all() as Row[]).map((r) =>
        JSON.parse(r.persona_json as string)
      );
    },

    getSelection(kind) {
      const r = q("SELECT value FROM selection WHERE kind = ?").get(kind) as Row | undefined;
      return r ? r.value as string : undefined;
    },
    setSelection(kind, value) {
      write("writing", () => {
        if (value === undefined) q("DELETE FROM selection WHERE kind = ?").run(kind);
        else {
          q(`INSERT INTO selection (kind, value) VALUES (?, ?)
             ON CONFLICT(kind) DO UPDATE SET value=excluded.value`).run(kind, value);
        }
      });
    },

    addRun(run) {
      write(
        `saving the ${run.tool} run`,
        () =>
          q(`INSERT INTO runs (id, tool, scan, status, inputs_json, result_json, started_at, duration_ms)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
            .run(
              run.id,
              run.tool,
              run.scan ?? null,
              run.status,
              JSON.stringify(run.inputs),
              JSON.stringify(run.result),
              run.started_at,
              run.duration_ms,
            ),
      );
    },
    getRun(id) {
      const r = q("SELECT * FROM runs WHERE id = ?").get(id) as Row | undefined;
      if (!r) return undefined;
      return {
        id: r.id as string,
        tool: r.tool as string,
        scan: opt(r.scan),
        status: r.status as string,
        inputs: parsed(r.inputs_json as string, `run ${id}`),
        result: parsed(r.result_json as string, `run ${id}`),
        started_at: r.started_at as string,
        duration_ms: r.duration_ms as number,
      };
    },
    listRuns(filter = {}) {
      const where: string[] = [];
      const args: (string | number)[] = [];
      if (filter.tool) (where.push("tool = ?"), args.push(filter.tool));
      if (filter.scan) (where.push("scan = ?"), args.push(filter.scan));
      const sql = `SELECT id, tool, scan, status, inputs_json, started_at, duration_ms FROM runs ${
        where.length ? "WHERE " + where.join(" AND ") : ""
      } ORDER BY started_at DESC, id DESC LIMIT ?`;
      args.push(filter.limit ?? 1000000);
      return (q(sql).all(...args) as Row[]).map((r) => ({
        id: r.id as string,
        tool: r.tool as string,
        scan: opt(r.scan),
        status: r.status as string,
        inputs: JSON.parse(r.inputs_json as string),
        started_at: r.started_at as string,
        duration_ms: r.duration_ms as number,
      }));
    },

    syncFindings(scan, tool, findings, runId) {
      return write(`saving the ${tool} findings`, () => {
        const t = now();
        const rejected = new Set<string>();
        const produced = new Set<string>();
        const get = q("SELECT status FROM findings WHERE scan = ? AND id = ?");
        const upsert = q(
          `INSERT INTO findings (scan, id, tool, status, title, detail, subject, reason, first_run, last_run, first_seen, last_seen)
           VALUES (?, ?, ?, 'open', ?, ?, ?, NULL, ?, ?, ?, ?)
           ON CONFLICT(scan, id) DO UPDATE SET tool=excluded.tool, title=excluded.title,
             detail=excluded.detail, subject=excluded.subject, last_run=excluded.last_run,
             last_seen=excluded.last_seen,
             status=CASE WHEN findings.status = 'rejected' THEN 'rejected' ELSE 'open' END,
             reason=CASE WHEN findings.status = 'rejected' THEN findings.reason ELSE NULL END`,
        );
        for (const f of findings) {
          produced.add(f.id);
          const prior = get.get(scan, f.id) as Row | undefined;
          if (prior?.status === "rejected") rejected.add(f.id);
          upsert.run(
            scan,
            f.id,
            tool,
            f.title,
            f.detail ?? null,
            f.subject ?? null,
            runId,
            runId,
            t,
            t,
          );
        }
        const open = q("SELECT id FROM findings WHERE scan = ? AND tool = ? AND status = 'open'")
          .all(scan, tool) as Row[];
        const resolve = q(
          "UPDATE findings SET status = 'resolved', last_run = ? WHERE scan = ? AND id = ?",
        );
        for (const r of open) {
          if (!produced.has(r.id as string)) resolve.run(runId, scan, r.id as string);
        }
        return rejected;
      });
    },
    listFindings(filter = {}) {
      const where: string[] = [];
      const args: string[] = [];
      if (filter.scan) (where.push("scan = ?"), args.push(filter.scan));
      if (filter.tool) (where.push("tool = ?"), args.push(filter.tool));
      if (!filter.all) where.push("status = 'open'");
      return (q(
        `SELECT * FROM findings ${
          where.length ? "WHERE " + where.join(" AND ") : ""
        } ORDER BY scan, tool, id`,
      ).all(...args) as Row[]).map(findingFrom);
    },
    findFinding(id, scan) {
      const rows = scan
        ? q("SELECT * FROM findings WHERE id = ? AND scan = ?").all(id, scan)
        : q("SELECT * FROM findings WHERE id = ?").all(id);
      return (rows as Row[]).map(findingFrom);
    },
    getDetections(imageHash, model) {
      const r = q(
        "SELECT detections_json FROM vision_detections WHERE image_hash = ? AND model = ?",
      ).get(imageHash, model) as Row | undefined;
      return r
        ? parsed(r.detections_json as string, `detections of image ${imageHash}`)
        : undefined;
    },
    putDetections(imageHash, model, detections) {
      tx(db, () =>
        q(`INSERT INTO vision_detections (image_hash, model, detections_json, created_at)
           VALUES (?, ?, ?, ?)
           ON CONFLICT(image_hash, model) DO UPDATE SET detections_json=excluded.detections_json,
             created_at=excluded.created_at`).run(
          imageHash,
          model,
          JSON.stringify(detections),
          now(),
        ));
    },
    setFindingStatus(scan, id, status, reason) {
      write(
        "writing",
        () =>
          q("UPDATE findings SET status = ?, reason = ? WHERE scan = ? AND id = ?")
            .run(status, reason ?? null, scan, id),
      );
    },

    putBatch(b) {
      write(
        `recording batch ${b.id}`,
        () =>
          q(`INSERT INTO batches (id, spec_json, created_at) VALUES (?, ?, ?)
           ON CONFLICT(id) DO NOTHING`).run(b.id, JSON.stringify(b.spec), b.created_at),
      );
    },
    getBatch(id) {
      const r = q("SELECT * FROM batches WHERE id = ?").get(id) as Row | undefined;
      return r ? batchFrom(r) : undefined;
    },
    lastBatch() {
      const r = q("SELECT * FROM batches ORDER BY created_at DESC, id DESC LIMIT 1").get() as
        | Row
        | undefined;
      return r ? batchFrom(r) : undefined;
    },
    commitBatchRow(row, run) {
      return write(`saving a row of batch ${row.batch}`, () => {
        const put = q(
          `INSERT INTO batch_rows (batch, key, scan, tool, status, run_id, row_json, done_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(batch, key) DO NOTHING`,
        ).run(
          row.batch,
          row.key,
          row.scan,
          row.tool,
          row.status,
          row.run_id ?? null,
          JSON.stringify(row.row),
          row.done_at,
        );
        if (Number(put.changes) === 0) return false;
        if (run) {
          q(`INSERT INTO runs (id, tool, scan, status, inputs_json, result_json, started_at, duration_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`).run(
            run.id,
            run.tool,
            run.scan ?? null,
            run.status,
            JSON.stringify(run.inputs),
            JSON.stringify(run.result),
            run.started_at,
            run.duration_ms,
          );
        }
        return true;
      });
    },
    batchKeys(batch) {
      return new Set(
        (q("SELECT key FROM batch_rows WHERE batch = ?").all(batch) as Row[]).map((r) =>
          r.key as string
        ),
      );
    },
    scanBuildings() {
      return (q(`SELECT id, json_extract(plan_json, '$.building') AS building, imported_at
        FROM scans WHERE json_extract(plan_json, '$.building') IS NOT NULL
        ORDER BY imported_at, id`).all() as Row[]).map((r) => ({
        id: r.id as string,
        building: String(r.building),
        imported_at: r.imported_at as string,
      }));
    },
    batchCount(batch) {
      return Number(
        (q("SELECT count(*) AS n FROM batch_rows WHERE batch = ?").get(batch) as Row).n,
      );
    },
    listBatchRows(batch) {
      return (q("SELECT * FROM batch_rows WHERE batch = ? ORDER BY scan, tool, key").all(
        batch,
      ) as Row[]).map((r) => ({
        batch: r.batch as string,
        key: r.key as string,
        scan: r.scan as string,
        tool: r.tool as string,
        status: r.status as string,
        run_id: opt(r.run_id),
        row: JSON.parse(r.row_json as string),
        done_at: r.done_at as string,
      }));
    },
  };
}

function batchFrom(r: Row): BatchRecord {
  return {
    id: r.id as string,
    spec: JSON.parse(r.spec_json as string),
    created_at: r.created_at as string,
  };
}

/**
 * Scan ids: a letter or digit, then letters, digits, `.`, `_` or `-`; 1–64 characters. So an
 * id can be typed, printed, used in a file name and a URI (`threshold://scans/<id>`) as it is.
 */
export const SCAN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Throws an InputError naming `input` when `id` is not a valid scan id (see {@link SCAN_ID}). */
export function checkScanId(id: string, input = "--id"): string {
  if (SCAN_ID.test(id)) return id;
  const shown = JSON.stringify(id).slice(0, 80);
  throw new InputError(
    input,
    id === ""
      ? "a scan id may not be empty; use 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit"
      : `${shown} is not a valid scan id; use 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit`,
  );
}
