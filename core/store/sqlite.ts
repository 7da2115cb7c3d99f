/**
 * The SQLite store: one file (node:sqlite) in `$THRESHOLD_HOME` (default `~/.threshold`), WAL
 * mode, schema version in `PRAGMA user_version` with forward migrations (./schema.ts). Every
 * write is one transaction (BEGIN IMMEDIATE with a busy timeout, retried with a bounded
 * backoff: ./busy.ts), so parallel processes lose nothing. Opening, read-only and full-disk modes are here; each table's statements are in its
 * own file.
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { joinPath as join } from "../../ground/path_join.ts";
import { StoreError } from "../../ground/errors.ts";
import type { Store } from "./types.ts";
import { defaultHome } from "./location.ts";
import { migrateSqlite, STORE_SCHEMA_VERSION } from "./schema.ts";
import type { SqliteDb } from "./db.ts";
import { scansSqlite } from "./scans.ts";
import { sitesSqlite } from "./sites.ts";
import { preferencesSqlite } from "./preferences.ts";
import { personasSqlite } from "./personas.ts";
import { selectionSqlite } from "./selection.ts";
import { runsSqlite } from "./runs.ts";
import { findingsSqlite } from "./findings.ts";
import { visionSqlite } from "./vision.ts";
import { batchesSqlite } from "./batches.ts";
import { BUSY_TIMEOUT_MS, isBusy, retryBusy, WRITE_WAIT_MS } from "./busy.ts";

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
      throw new StoreError(file, `cannot create folder ${home}: ${(e as Error).message}`, {
        code: "store.no_folder",
        data: { folder: home },
      });
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
        { code: "store.newer_schema", data: { got: v, understands: STORE_SCHEMA_VERSION } },
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
        { code: "store.disk_full" },
      );
    }
    const plain = diskProblem(file, e, "opening it");
    if (plain) throw plain;
    throw new StoreError(
      file,
      `cannot be read as a threshold store (${
        (e as Error).message
      }). Nothing was changed; move the file aside or set THRESHOLD_HOME to another folder.`,
      { code: "store.unreadable", data: { problem: (e as Error).message } },
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
      { code: "store.cannot_create" },
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
          { code: "store.read_only_old_schema", data: { got: v, needs: STORE_SCHEMA_VERSION } },
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
      { code: "store.disk_full", data: { doing } },
    );
  }
  if (/readonly|read-only|SQLITE_READONLY|os error 30/i.test(msg)) {
    return new StoreError(
      file,
      `the store is read-only (${doing}); nothing was saved. Reading commands (scans, plan, findings, run --scan) still work.`,
      { code: "store.read_only", data: { doing } },
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
          throw new StoreError(file, `has schema version ${v} but no threshold tables`, {
            code: "store.no_tables",
            data: { got: v },
          });
        }
      } else {
        const other = db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all();
        if (other.length > 0) {
          throw new StoreError(
            file,
            `is an SQLite file that is not a threshold store (it has tables ${
              other.map((t) => (t as { name: string }).name).join(", ")
            }). Nothing was changed.`,
            {
              code: "store.not_threshold",
              data: { tables: other.map((t) => (t as { name: string }).name) },
            },
          );
        }
      }
      for (let i = v; i < STORE_SCHEMA_VERSION; i++) {
        migrateSqlite(db, i);
        db.exec(`PRAGMA user_version = ${i + 1}`);
      }
    },
    file,
    "opening the store",
  );
}

/**
 * Runs fn in one write transaction (BEGIN IMMEDIATE: waits for other writers, and is tried
 * again while another process writes: ./busy.ts). A full disk or a read-only store is a
 * StoreError saying so; a store still busy after WRITE_WAIT_MS is one too. Inside a
 * transaction already (a {@link Store.transaction}), fn joins it: its writes commit with
 * the rest.
 */
function tx<T>(db: DatabaseSync, fn: () => T, file = "", doing = "writing"): T {
  if (db.isTransaction) return fn();
  const busyFor = (e: unknown) =>
    isBusy(e)
      ? new StoreError(
        file,
        `the store is busy (${doing}): other threshold processes kept writing for ${
          Math.round(WRITE_WAIT_MS / 1000)
        } s; nothing was saved. Try again when they are done.`,
        { code: "store.busy", data: { doing, waited_s: Math.round(WRITE_WAIT_MS / 1000) } },
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
        { code: "store.disk_full", data: { doing } },
      );
    }
    if (readOnly) {
      throw new StoreError(
        file,
        `the store is read-only (${doing}); nothing was saved. Reading commands (scans, plan, findings, run --scan) still work.`,
        { code: "store.read_only", data: { doing } },
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
  const d: SqliteDb = {
    file,
    q,
    write,
    tx: (fn) => tx(db, fn),
    parsed: (text, what) => {
      try {
        return JSON.parse(text);
      } catch {
        throw new StoreError(file, `${what} holds text that is not JSON; the store is damaged`);
      }
    },
  };
  return {
    file,
    readOnly,
    ...(mode ? { readOnlyWhy: mode } : {}),
    close: () => db.close(),
    transaction: (fn) => write("writing", fn),
    autoCheckpoint: (on) => {
      if (!readOnly && file !== ":memory:") db.exec(`PRAGMA wal_autocheckpoint = ${on ? 1000 : 0}`);
    },
    checkpoint: () => {
      if (!readOnly && file !== ":memory:") db.exec("PRAGMA wal_checkpoint(PASSIVE)");
    },
    ...scansSqlite(d),
    ...sitesSqlite(d),
    ...preferencesSqlite(d),
    ...personasSqlite(d),
    ...selectionSqlite(d),
    ...runsSqlite(d),
    ...findingsSqlite(d),
    ...visionSqlite(d),
    ...batchesSqlite(d),
  };
}
