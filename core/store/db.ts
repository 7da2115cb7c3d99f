/**
 * What each table's file is given: for SQLite, the open database's prepared statements and
 * its write transaction; for PostgreSQL (in the worker), a postgres.js connection.
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type postgres from "postgres";

export type Row = Record<string, unknown>;
export const now = () => new Date().toISOString();
export const opt = <T>(v: unknown): T | undefined =>
  v === null || v === undefined ? undefined : v as T;

/** An open SQLite store, as its tables use it. */
export interface SqliteDb {
  readonly file: string;
  /** The statement for this SQL text, prepared once per store. */
  q(sql: string): ReturnType<DatabaseSync["prepare"]>;
  /** Runs fn in one write transaction; a read-only or full store is a StoreError. */
  write<T>(doing: string, fn: () => T): T;
  /** Runs fn in one transaction without the read-only check (the detections cache). */
  tx<T>(fn: () => T): T;
  /** JSON read back from the store; text that is not JSON is a StoreError naming `what`. */
  parsed(text: string, what: string): any;
}

export type Sql = ReturnType<typeof postgres>;
export type PgRow = Record<string, any>;
/** The PostgreSQL store's operations, by name, as the worker runs them. Sets travel as arrays. */
export type PgOps = Record<string, (s: Sql, ...a: any[]) => Promise<unknown>>;
// postgres.js binds a JS value given to a jsonb parameter as JSON; null stays SQL NULL.
export const J = (sql: Sql, v: unknown) => sql.json(v as never);
// Undefined keys are left out so results deep-equal the SQLite store's.
export const clean = <T extends PgRow>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
