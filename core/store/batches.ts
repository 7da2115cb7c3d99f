/**
 * The `batches` and `batch_rows` tables: a batch as it was asked for (so --resume can continue
 * it) and one row per (batch, key) done, written once with its run.
 * @module
 */
import type { BatchRecord, Store } from "./types.ts";
import { clean, J, opt, type PgOps, type PgRow, type Row, type SqliteDb } from "./db.ts";
import { insertRunPg, insertRunSqlite } from "./runs.ts";

type BatchOps = Pick<
  Store,
  | "putBatch"
  | "getBatch"
  | "lastBatch"
  | "commitBatchRow"
  | "batchKeys"
  | "batchCount"
  | "listBatchRows"
>;

function batchFrom(r: Row): BatchRecord {
  return {
    id: r.id as string,
    spec: JSON.parse(r.spec_json as string),
    created_at: r.created_at as string,
  };
}

export function batchesSqlite({ q, write }: SqliteDb): BatchOps {
  return {
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
        if (run) insertRunSqlite(q, run, true);
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

const batchRowFrom = (r: PgRow) => ({
  batch: r.batch,
  key: r.key,
  scan: r.scan,
  tool: r.tool,
  status: r.status,
  run_id: opt(r.run_id),
  row: r.row_json,
  done_at: r.done_at,
});

export const batchesPg: PgOps = {
  async putBatch(s, b: PgRow) {
    await s`INSERT INTO batches (id, spec_json, created_at) VALUES (${b.id}, ${
      J(s, b.spec)
    }, ${b.created_at})
      ON CONFLICT (id) DO NOTHING`;
  },
  async getBatch(s, id: string) {
    const [r] = await s`SELECT * FROM batches WHERE id = ${id}`;
    return r ? { id: r.id, spec: r.spec_json, created_at: r.created_at } : undefined;
  },
  async lastBatch(s) {
    const [r] =
      await s`SELECT * FROM batches ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT 1`;
    return r ? { id: r.id, spec: r.spec_json, created_at: r.created_at } : undefined;
  },
  async commitBatchRow(s, row: PgRow, run?: PgRow) {
    return await s.begin(async (tx: any) => {
      const put =
        await tx`INSERT INTO batch_rows (batch, key, scan, tool, status, run_id, row_json, done_at)
        VALUES (${row.batch}, ${row.key}, ${row.scan}, ${row.tool}, ${row.status}, ${
          row.run_id ?? null
        },
          ${J(tx, row.row)}, ${row.done_at})
        ON CONFLICT (batch, key) DO NOTHING`;
      if (put.count === 0) return false;
      if (run) await insertRunPg(tx, run, true);
      return true;
    });
  },
  async batchKeys(s, batch: string) {
    return (await s`SELECT key FROM batch_rows WHERE batch = ${batch}`).map((r: PgRow) => r.key);
  },
  async batchCount(s, batch: string) {
    const [r] = await s`SELECT count(*)::int AS n FROM batch_rows WHERE batch = ${batch}`;
    return r.n;
  },
  async listBatchRows(s, batch: string) {
    return (await s`SELECT * FROM batch_rows WHERE batch = ${batch}
      ORDER BY scan COLLATE "C", tool COLLATE "C", key COLLATE "C"`).map((r: PgRow) =>
      clean(batchRowFrom(r))
    );
  },
};
