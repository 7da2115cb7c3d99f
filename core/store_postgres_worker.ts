/**
 * The PostgreSQL side of the store (a Deno Worker owned by core/store_postgres.ts): the same
 * operations as the SQLite store, written with postgres.js over one connection, each write one
 * transaction. Versioned migrations live in `threshold_schema`; concurrent first opens from
 * many machines are serialised by PostgreSQL's own advisory transaction lock.
 *
 * Replies go back through a SharedArrayBuffer (state, length, more) in chunks, because the
 * caller waits synchronously with Atomics.wait.
 */
/// <reference lib="deno.worker" />
import postgres from "postgres";

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

type Sql = ReturnType<typeof postgres>;
type Row = Record<string, any>;
const now = () => new Date().toISOString();
const opt = <T>(v: unknown): T | undefined => (v === null || v === undefined ? undefined : v as T);
// postgres.js binds a JS value given to a jsonb parameter as JSON; null stays SQL NULL.
const J = (sql: Sql, v: unknown) => sql.json(v as never);

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
      throw new Error(
        `schema version ${v} is newer than this threshold understands (${latest}); upgrade threshold. Nothing was changed.`,
      );
    }
    for (; v < PG_MIGRATIONS.length; v++) {
      await tx.unsafe(PG_MIGRATIONS[v]);
      await tx`UPDATE threshold_schema SET version = ${v + 1}`;
    }
  });
}

const findingFrom = (r: Row) => ({
  scan: r.scan,
  id: r.id,
  tool: r.tool,
  status: r.status,
  title: r.title,
  detail: opt(r.detail),
  subject: opt(r.subject),
  reason: opt(r.reason),
  first_seen: r.first_seen,
  last_seen: r.last_seen,
  last_run: opt(r.last_run),
});
const siteFrom = (r: Row) => ({
  id: r.id,
  name: opt(r.name),
  lat: r.lat,
  lon: r.lon,
  address: opt(r.address),
  elevation_m: opt(r.elevation_m),
  north_deg: opt(r.north_deg),
  scan: opt(r.scan),
  record: r.record_json,
});
const batchRowFrom = (r: Row) => ({
  batch: r.batch,
  key: r.key,
  scan: r.scan,
  tool: r.tool,
  status: r.status,
  run_id: opt(r.run_id),
  row: r.row_json,
  done_at: r.done_at,
});
// Undefined keys are left out so results deep-equal the SQLite store's.
const clean = <T extends Row>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

async function insertRun(s: any, run: Row, onConflictNothing: boolean) {
  const q =
    s`INSERT INTO runs (id, tool, scan, status, inputs_json, result_json, started_at, duration_ms)
    VALUES (${run.id}, ${run.tool}, ${run.scan ?? null}, ${run.status}, ${J(s, run.inputs)},
      ${J(s, run.result)}, ${run.started_at}, ${run.duration_ms})
    ${onConflictNothing ? s`ON CONFLICT (id) DO NOTHING` : s``}`;
  await q;
}

/** Each operation, as the SQLite store does it. Sets travel as arrays. */
const ops: Record<string, (s: Sql, ...a: any[]) => Promise<unknown>> = {
  async putScan(s, loaded: Row, report: unknown) {
    const p = loaded.plan;
    await s`INSERT INTO scans (id, name, format, ref, plan_json, warnings_json, report_json, rooms, floors, imported_at)
      VALUES (${p.id}, ${p.name}, ${p.source.format}, ${p.source.ref}, ${J(s, p)},
        ${J(s, loaded.warnings)}, ${report === undefined ? null : J(s, report)},
        ${p.rooms.length}, ${p.floors.length}, ${now()})
      ON CONFLICT (id) DO UPDATE SET name=excluded.name, format=excluded.format, ref=excluded.ref,
        plan_json=excluded.plan_json, warnings_json=excluded.warnings_json,
        report_json=excluded.report_json, rooms=excluded.rooms, floors=excluded.floors,
        imported_at=excluded.imported_at`;
  },
  async getScan(s, id: string) {
    const [r] = await s`SELECT plan_json, warnings_json FROM scans WHERE id = ${id}`;
    return r ? { plan: r.plan_json, warnings: r.warnings_json } : undefined;
  },
  async listScans(s) {
    return (await s`SELECT id, name, format, ref, imported_at, rooms, floors FROM scans ORDER BY id COLLATE "C"`)
      .map((r: Row) => ({ ...r }));
  },
  async deleteScan(s, id: string) {
    return await s.begin(async (tx: any) => {
      const gone = (await tx`DELETE FROM scans WHERE id = ${id}`).count > 0;
      if (!gone) return false;
      await tx`DELETE FROM runs WHERE scan = ${id}`;
      await tx`DELETE FROM findings WHERE scan = ${id}`;
      await tx`DELETE FROM selection WHERE kind = 'scan' AND value = ${id}`;
      // A site stored for the scan stays (its coordinates are a person's), unlinked.
      await tx`UPDATE sites SET scan = NULL WHERE scan = ${id}`;
      return true;
    });
  },
  async deleteSite(s, id: string) {
    return await s.begin(async (tx: any) => {
      const gone = (await tx`DELETE FROM sites WHERE id = ${id}`).count > 0;
      if (!gone) return false;
      await tx`DELETE FROM runs WHERE scan = ${id}`;
      await tx`DELETE FROM findings WHERE scan = ${id}`;
      return true;
    });
  },
  async putSite(s, x: Row) {
    await s`INSERT INTO sites (id, name, lat, lon, address, elevation_m, north_deg, scan, record_json, updated_at)
      VALUES (${x.id}, ${x.name ?? null}, ${x.lat}, ${x.lon}, ${x.address ?? null},
        ${x.elevation_m ?? null}, ${x.north_deg ?? null}, ${x.scan ?? null}, ${
      J(s, x.record ?? {})
    }, ${now()})
      ON CONFLICT (id) DO UPDATE SET name=excluded.name, lat=excluded.lat, lon=excluded.lon,
        address=excluded.address, elevation_m=excluded.elevation_m, north_deg=excluded.north_deg,
        scan=excluded.scan, record_json=excluded.record_json, updated_at=excluded.updated_at`;
  },
  async getSite(s, id: string) {
    const [r] = await s`SELECT * FROM sites WHERE id = ${id}`;
    return r ? clean(siteFrom(r)) : undefined;
  },
  async findSite(s, t: string) {
    const [r] = await s`SELECT * FROM sites WHERE id = ${t} OR lower(address) = lower(${t})
      OR lower(name) = lower(${t}) OR scan = ${t} LIMIT 1`;
    return r ? clean(siteFrom(r)) : undefined;
  },
  async listSites(s) {
    return (await s`SELECT * FROM sites ORDER BY id COLLATE "C"`).map((r: Row) =>
      clean(siteFrom(r))
    );
  },
  async getPref(s, key: string) {
    const [r] = await s`SELECT value_json FROM preferences WHERE key = ${key}`;
    return r ? r.value_json : undefined;
  },
  async setPref(s, key: string, value: unknown) {
    await s`INSERT INTO preferences (key, value_json, updated_at) VALUES (${key}, ${
      J(s, value)
    }, ${now()})
      ON CONFLICT (key) DO UPDATE SET value_json=excluded.value_json, updated_at=excluded.updated_at`;
  },
  async unsetPref(s, key: string) {
    return (await s`DELETE FROM preferences WHERE key = ${key}`).count > 0;
  },
  async listPrefs(s) {
    return (await s`SELECT key, value_json, updated_at FROM preferences ORDER BY key COLLATE "C"`)
      .map((r: Row) => ({ key: r.key, value: r.value_json, updated_at: r.updated_at }));
  },
  async putPersona(s, p: Row) {
    await s`INSERT INTO personas (id, persona_json, updated_at) VALUES (${p.id}, ${
      J(s, p)
    }, ${now()})
      ON CONFLICT (id) DO UPDATE SET persona_json=excluded.persona_json, updated_at=excluded.updated_at`;
  },
  async getPersona(s, id: string) {
    const [r] = await s`SELECT persona_json FROM personas WHERE id = ${id}`;
    return r ? r.persona_json : undefined;
  },
  async listPersonas(s) {
    return (await s`SELECT persona_json FROM personas ORDER BY id COLLATE "C"`).map((r: Row) =>
      r.persona_json
    );
  },
  async getSelection(s, kind: string) {
    const [r] = await s`SELECT value FROM selection WHERE kind = ${kind}`;
    return r ? r.value : undefined;
  },
  async setSelection(s, kind: string, value?: string) {
    if (value === undefined || value === null) await s`DELETE FROM selection WHERE kind = ${kind}`;
    else {
      await s`INSERT INTO selection (kind, value) VALUES (${kind}, ${value})
        ON CONFLICT (kind) DO UPDATE SET value=excluded.value`;
    }
  },
  async addRun(s, run: Row) {
    await insertRun(s, run, false);
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
  async listRuns(s, filter: Row = {}) {
    const rows =
      await s`SELECT id, tool, scan, status, inputs_json, started_at, duration_ms FROM runs
      WHERE (${filter.tool ?? null}::text IS NULL OR tool = ${filter.tool ?? null})
        AND (${filter.scan ?? null}::text IS NULL OR scan = ${filter.scan ?? null})
      ORDER BY started_at DESC, id COLLATE "C" DESC LIMIT ${filter.limit ?? 1000000}`;
    return rows.map((r: Row) =>
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
  async syncFindings(s, scan: string, tool: string, findings: Row[], runId: string) {
    return await s.begin(async (tx: any) => {
      const t = now();
      // Sorted ids: concurrent writers take row locks in one order (no deadlocks).
      const sorted = [...new Map(findings.map((f) => [f.id, f])).values()]
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const ids = sorted.map((f) => f.id);
      const rejected = ids.length
        ? (await tx`SELECT id FROM findings WHERE scan = ${scan} AND id = ANY(${ids})
            AND status = 'rejected'`).map((r: Row) => r.id as string)
        : [];
      if (sorted.length) {
        const rows = sorted.map((f) => ({
          scan,
          id: f.id,
          tool,
          status: "open",
          title: f.title,
          detail: f.detail ?? null,
          subject: f.subject ?? null,
          reason: null,
          first_run: runId,
          last_run: runId,
          first_seen: t,
          last_seen: t,
        }));
        await tx`INSERT INTO findings ${tx(rows)}
          ON CONFLICT (scan, id) DO UPDATE SET tool=excluded.tool, title=excluded.title,
            detail=excluded.detail, subject=excluded.subject, last_run=excluded.last_run,
            last_seen=excluded.last_seen,
            status=CASE WHEN findings.status = 'rejected' THEN 'rejected' ELSE 'open' END,
            reason=CASE WHEN findings.status = 'rejected' THEN findings.reason ELSE NULL END`;
      }
      await tx`UPDATE findings SET status = 'resolved', last_run = ${runId}
        WHERE scan = ${scan} AND tool = ${tool} AND status = 'open'
          AND NOT (id = ANY(${ids}))`;
      return rejected;
    });
  },
  async listFindings(s, filter: Row = {}) {
    const rows = await s`SELECT * FROM findings
      WHERE (${filter.scan ?? null}::text IS NULL OR scan = ${filter.scan ?? null})
        AND (${filter.tool ?? null}::text IS NULL OR tool = ${filter.tool ?? null})
        AND (${filter.all ? true : false} OR status = 'open')
      ORDER BY scan COLLATE "C", tool COLLATE "C", id COLLATE "C"`;
    return rows.map((r: Row) => clean(findingFrom(r)));
  },
  async findFinding(s, id: string, scan?: string) {
    const rows = scan
      ? await s`SELECT * FROM findings WHERE id = ${id} AND scan = ${scan}`
      : await s`SELECT * FROM findings WHERE id = ${id} ORDER BY scan COLLATE "C"`;
    return rows.map((r: Row) => clean(findingFrom(r)));
  },
  async setFindingStatus(s, scan: string, id: string, status: string, reason?: string) {
    await s`UPDATE findings SET status = ${status}, reason = ${
      reason ?? null
    } WHERE scan = ${scan} AND id = ${id}`;
  },
  async getDetections(s, imageHash: string, model: string) {
    const [r] = await s`SELECT detections_json FROM vision_detections
      WHERE image_hash = ${imageHash} AND model = ${model}`;
    return r ? r.detections_json : undefined;
  },
  async putDetections(s, imageHash: string, model: string, detections: unknown) {
    await s`INSERT INTO vision_detections (image_hash, model, detections_json, created_at)
      VALUES (${imageHash}, ${model}, ${J(s, detections)}, ${now()})
      ON CONFLICT (image_hash, model) DO UPDATE SET detections_json=excluded.detections_json,
        created_at=excluded.created_at`;
  },
  async putBatch(s, b: Row) {
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
  async commitBatchRow(s, row: Row, run?: Row) {
    return await s.begin(async (tx: any) => {
      const put =
        await tx`INSERT INTO batch_rows (batch, key, scan, tool, status, run_id, row_json, done_at)
        VALUES (${row.batch}, ${row.key}, ${row.scan}, ${row.tool}, ${row.status}, ${
          row.run_id ?? null
        },
          ${J(tx, row.row)}, ${row.done_at})
        ON CONFLICT (batch, key) DO NOTHING`;
      if (put.count === 0) return false;
      if (run) await insertRun(tx, run, true);
      return true;
    });
  },
  async batchKeys(s, batch: string) {
    return (await s`SELECT key FROM batch_rows WHERE batch = ${batch}`).map((r: Row) => r.key);
  },
  async scanBuildings(s) {
    return (await s`SELECT id, plan_json->>'building' AS building, imported_at FROM scans
      WHERE plan_json->>'building' IS NOT NULL ORDER BY imported_at, id COLLATE "C"`)
      .map((r: Row) => ({ id: r.id, building: r.building, imported_at: r.imported_at }));
  },
  async batchCount(s, batch: string) {
    const [r] = await s`SELECT count(*)::int AS n FROM batch_rows WHERE batch = ${batch}`;
    return r.n;
  },
  async listBatchRows(s, batch: string) {
    return (await s`SELECT * FROM batch_rows WHERE batch = ${batch}
      ORDER BY scan COLLATE "C", tool COLLATE "C", key COLLATE "C"`).map((r: Row) =>
      clean(batchRowFrom(r))
    );
  },
};

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
    out = { error: (err as Error).message ?? String(err) };
  }
  reply(encoder.encode(JSON.stringify(out)));
};
