/**
 * The `runs` table: every tool run, with its inputs and result. A batch row's run is written
 * by the same statement (./batches.ts), so a run is saved alike either way.
 * @module
 */
import type { RunRow, Store } from "./types.ts";
import { clean, J, opt, type PgOps, type PgRow, type Row, type SqliteDb } from "./db.ts";

type RunOps = Pick<Store, "addRun" | "getRun" | "listRuns">;

const INSERT_RUN =
  `INSERT INTO runs (id, tool, scan, status, inputs_json, result_json, started_at, duration_ms)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;

/** Inserts a run (inside the caller's transaction); a batch's retried run changes nothing. */
export function insertRunSqlite(q: SqliteDb["q"], run: RunRow, onConflictNothing: boolean) {
  q(onConflictNothing ? `${INSERT_RUN} ON CONFLICT(id) DO NOTHING` : INSERT_RUN).run(
    run.id,
    run.tool,
    run.scan ?? null,
    run.status,
    JSON.stringify(run.inputs),
    run.result_json ?? JSON.stringify(run.result),
    run.started_at,
    run.duration_ms,
  );
}

export function runsSqlite({ q, write, parsed }: SqliteDb): RunOps {
  return {
    addRun(run) {
      write(`saving the ${run.tool} run`, () => insertRunSqlite(q, run, false));
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
  };
}

/** Inserts a run on PostgreSQL (a connection or the caller's transaction). */
export async function insertRunPg(s: any, run: PgRow, onConflictNothing: boolean) {
  const q =
    s`INSERT INTO runs (id, tool, scan, status, inputs_json, result_json, started_at, duration_ms)
    VALUES (${run.id}, ${run.tool}, ${run.scan ?? null}, ${run.status}, ${J(s, run.inputs)},
      ${J(s, run.result)}, ${run.started_at}, ${run.duration_ms})
    ${onConflictNothing ? s`ON CONFLICT (id) DO NOTHING` : s``}`;
  await q;
}

export const runsPg: PgOps = {
  async addRun(s, run: PgRow) {
    await insertRunPg(s, run, false);
  },
  async getRun(s, id: string) {
    const [r] = await s`SELECT * FROM runs WHERE id = ${id}`;
    if (!r) return undefined;
    return clean({
      id: r.id,
      tool: r.tool,
      scan: opt(r.scan),
      status: r.status,
      inputs: r.inputs_json,
      result: r.result_json,
      started_at: r.started_at,
      duration_ms: r.duration_ms,
    });
  },
  async listRuns(s, filter: PgRow = {}) {
    const rows =
      await s`SELECT id, tool, scan, status, inputs_json, started_at, duration_ms FROM runs
      WHERE (${filter.tool ?? null}::text IS NULL OR tool = ${filter.tool ?? null})
        AND (${filter.scan ?? null}::text IS NULL OR scan = ${filter.scan ?? null})
      ORDER BY started_at DESC, id COLLATE "C" DESC LIMIT ${filter.limit ?? 1000000}`;
    return rows.map((r: PgRow) =>
      clean({
        id: r.id,
        tool: r.tool,
        scan: opt(r.scan),
        status: r.status,
        inputs: r.inputs_json,
        started_at: r.started_at,
        duration_ms: r.duration_ms,
      })
    );
  },
};
