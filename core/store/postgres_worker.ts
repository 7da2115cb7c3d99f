/**
 * The PostgreSQL side of the store (a Deno Worker owned by core/store/postgres.ts): the same
 * operations as the SQLite store, written with postgres.js over one connection (each table's in
 * its file, ./postgres_ops.ts gathers them), each write one transaction. Migrations are the SQLite store's list (./schema.ts), their count in `threshold_schema`; concurrent first opens from
 * many machines are serialised by PostgreSQL's own advisory transaction lock.
 *
 * Replies go back through a SharedArrayBuffer (state, length, more) in chunks, because the
 * caller waits synchronously with Atomics.wait.
 */
/// <reference lib="deno.worker" />
import postgres from "postgres";
import { postgresMigration, STORE_SCHEMA_VERSION } from "./schema.ts";
import { PG_OPS as ops } from "./postgres_ops.ts";
import type { Sql } from "./db.ts";

let sql: Sql | undefined;
let ctrl: Int32Array;
let data: Uint8Array;
let pending: Uint8Array | undefined;
let offset = 0;

function reply(bytes?: Uint8Array) {
  if (bytes) (pending = bytes, offset = 0);
  const chunk = pending!.subarray(offset, offset + data.length);
  data.set(chunk);
  offset += chunk.length;
  Atomics.store(ctrl, 1, chunk.length);
  Atomics.store(ctrl, 2, offset < pending!.length ? 1 : 0);
  if (offset >= pending!.length) pending = undefined;
  Atomics.store(ctrl, 0, 1);
  Atomics.notify(ctrl, 0);
}

async function migrate(s: Sql, latest: number) {
  await s.begin(async (tx: any) => {
    await tx`SELECT pg_advisory_xact_lock(727272)`;
    await tx`CREATE TABLE IF NOT EXISTS threshold_schema (version INTEGER NOT NULL)`;
    const rows = await tx`SELECT version FROM threshold_schema`;
    let v = rows.length ? rows[0].version as number : 0;
    if (!rows.length) await tx`INSERT INTO threshold_schema (version) VALUES (0)`;
    if (v > latest) {
      throw Object.assign(
        new Error(
          `schema version ${v} is newer than this threshold understands (${latest}); upgrade threshold. Nothing was changed.`,
        ),
        { code: "store.newer_schema", data: { got: v, understands: latest } },
      );
    }
    for (; v < STORE_SCHEMA_VERSION; v++) {
      await tx.unsafe(postgresMigration(v));
      await tx`UPDATE threshold_schema SET version = ${v + 1}`;
    }
  });
}

const encoder = new TextEncoder();

self.onmessage = async (e: MessageEvent) => {
  const msg = e.data as
    | {
      type: "open";
      url: string;
      ctrl: SharedArrayBuffer;
      data: SharedArrayBuffer;
      latest: number;
    }
    | { type: "call"; op: string; args: unknown[] }
    | { type: "next" }
    | { type: "close" };
  if (msg.type === "next") return reply();
  let out: unknown;
  try {
    if (msg.type === "open") {
      ctrl = new Int32Array(msg.ctrl);
      data = new Uint8Array(msg.data);
      sql = postgres(msg.url, {
        max: 1,
        onnotice: () => {},
        connect_timeout: 10,
        // jsonb comes back parsed; numbers of DOUBLE PRECISION as numbers.
        types: {},
      });
      await migrate(sql, msg.latest);
      out = { ok: true };
    } else if (msg.type === "close") {
      await sql?.end({ timeout: 2 });
      out = { ok: true };
    } else {
      const fn = ops[msg.op];
      if (!fn) throw new Error(`no store operation ${msg.op}`);
      const value = await fn(sql!, ...msg.args);
      out = { ok: value === undefined ? null : value, undefined: value === undefined };
    }
  } catch (err) {
    // The message, and the code and data a coded error carries (the store's StoreError gets them).
    const { code, data } = err as { code?: unknown; data?: unknown };
    out = {
      error: (err as Error).message ?? String(err),
      ...(typeof code === "string" && code.startsWith("store.") ? { code, data } : {}),
    };
  }
  reply(encoder.encode(JSON.stringify(out)));
};
