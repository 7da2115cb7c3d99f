/**
 * The `findings` table: each tool's findings per scan, kept across runs: a rejected finding
 * stays rejected, one a later run no longer produces is resolved.
 * @module
 */
import type { FindingStatus } from "../result.ts";
import { shellSafeId } from "../../ground/text.ts";
import type { FindingRow, Store } from "./types.ts";
import { clean, now, opt, type PgOps, type PgRow, type Row, type SqliteDb } from "./db.ts";

type FindingOps = Pick<
  Store,
  "syncFindings" | "listFindings" | "findFinding" | "setFindingStatus" | "renameFinding"
>;

const findingFrom = (r: Row): FindingRow => ({
  scan: r.scan as string,
  id: r.id as string,
  tool: r.tool as string,
  status: r.status as FindingStatus,
  title: r.title as string,
  detail: opt(r.detail),
  subject: opt(r.subject),
  reason: opt(r.reason),
  ...(r.scope ? { scope: r.scope as string } : {}),
  first_seen: r.first_seen as string,
  last_seen: r.last_seen as string,
  last_run: opt(r.last_run),
  ...(r.num !== null && r.num !== undefined ? { num: Number(r.num) } : {}),
});

/**
 * What a person typed to name a finding: its number as listed (`3`, `#3`), else its id made
 * shell-safe the way ids are kept (an id typed with `$`, as stored before, still finds it).
 */
export function findingRef(typed: string): { num: number } | { id: string } {
  const t = typed.trim();
  const m = /^#?(\d+)$/.exec(t);
  return m ? { num: Number(m[1]) } : { id: shellSafeId(t) };
}

export function findingsSqlite({ q, write }: SqliteDb): FindingOps {
  return {
    syncFindings(scan, tool, findings, runId, judged = { scope: "" }) {
      return write(`saving the ${tool} findings`, () => {
        const t = now();
        const rejected = new Set<string>();
        const produced = new Set<string>();
        const get = q("SELECT status FROM findings WHERE scan = ? AND id = ?");
        const upsert = q(
          `INSERT INTO findings (scan, id, tool, status, title, detail, subject, reason, first_run, last_run, first_seen, last_seen, scope, num)
           VALUES (?, ?, ?, 'open', ?, ?, ?, NULL, ?, ?, ?, ?, ?,
             (SELECT coalesce(max(num), 0) + 1 FROM findings))
           ON CONFLICT(scan, id) DO UPDATE SET tool=excluded.tool, title=excluded.title,
             detail=excluded.detail, subject=excluded.subject, last_run=excluded.last_run,
             scope=excluded.scope,
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
            judged.scope,
          );
        }
        const open = q(
          "SELECT id, subject FROM findings WHERE scan = ? AND tool = ? AND status = 'open' AND scope = ?",
        ).all(scan, tool, judged.scope) as Row[];
        const resolve = q(
          "UPDATE findings SET status = 'resolved', last_run = ? WHERE scan = ? AND id = ?",
        );
        const subjects = judged.subjects ? new Set(judged.subjects) : undefined;
        for (const r of open) {
          if (produced.has(r.id as string)) continue;
          if (subjects && r.subject !== null && !subjects.has(r.subject as string)) continue;
          resolve.run(runId, scan, r.id as string);
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
    findFinding(typed, scan) {
      const ref = findingRef(typed);
      const [col, v] = "num" in ref ? ["num", ref.num] : ["id", ref.id];
      const rows = scan
        ? q(`SELECT * FROM findings WHERE ${col} = ? AND scan = ?`).all(v, scan)
        : q(`SELECT * FROM findings WHERE ${col} = ?`).all(v);
      return (rows as Row[]).map(findingFrom);
    },
    setFindingStatus(scan, id, status, reason) {
      write(
        "writing",
        () =>
          q("UPDATE findings SET status = ?, reason = ? WHERE scan = ? AND id = ?")
            .run(status, reason ?? null, scan, id),
      );
    },
    renameFinding(scan, from, to, subject) {
      return write("writing", () => {
        if (q("SELECT 1 FROM findings WHERE scan = ? AND id = ?").get(scan, to)) return false;
        q("UPDATE findings SET id = ?, subject = ? WHERE scan = ? AND id = ?")
          .run(to, subject, scan, from);
        return true;
      });
    },
  };
}

const pgFindingFrom = (r: PgRow) => ({
  scan: r.scan,
  id: r.id,
  tool: r.tool,
  status: r.status,
  title: r.title,
  detail: opt(r.detail),
  subject: opt(r.subject),
  reason: opt(r.reason),
  ...(r.scope ? { scope: r.scope } : {}),
  first_seen: r.first_seen,
  last_seen: r.last_seen,
  last_run: opt(r.last_run),
  ...(r.num !== null && r.num !== undefined ? { num: Number(r.num) } : {}),
});

export const findingsPg: PgOps = {
  async syncFindings(
    s,
    scan: string,
    tool: string,
    findings: PgRow[],
    runId: string,
    judged: PgRow = { scope: "" },
  ) {
    return await s.begin(async (tx: any) => {
      const t = now();
      // New findings are numbered after every number given (one writer at a time numbers).
      await tx`SELECT pg_advisory_xact_lock(hashtext('threshold.findings.num'))`;
      const [{ top }] = await tx`SELECT coalesce(max(num), 0) AS top FROM findings`;
      // Sorted ids: concurrent writers take row locks in one order (no deadlocks).
      const sorted = [...new Map(findings.map((f) => [f.id, f])).values()]
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const ids = sorted.map((f) => f.id);
      const rejected = ids.length
        ? (await tx`SELECT id FROM findings WHERE scan = ${scan} AND id = ANY(${ids})
            AND status = 'rejected'`).map((r: PgRow) => r.id as string)
        : [];
      if (sorted.length) {
        const rows = sorted.map((f, i) => ({
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
          scope: judged.scope,
          num: Number(top) + i + 1,
        }));
        await tx`INSERT INTO findings ${tx(rows)}
          ON CONFLICT (scan, id) DO UPDATE SET tool=excluded.tool, title=excluded.title,
            detail=excluded.detail, subject=excluded.subject, last_run=excluded.last_run,
            last_seen=excluded.last_seen, scope=excluded.scope,
            status=CASE WHEN findings.status = 'rejected' THEN 'rejected' ELSE 'open' END,
            reason=CASE WHEN findings.status = 'rejected' THEN findings.reason ELSE NULL END`;
      }
      const subjects: string[] | null = judged.subjects ?? null;
      await tx`UPDATE findings SET status = 'resolved', last_run = ${runId}
        WHERE scan = ${scan} AND tool = ${tool} AND status = 'open' AND scope = ${judged.scope}
          AND NOT (id = ANY(${ids}))
          AND (${subjects === null} OR subject IS NULL OR subject = ANY(${subjects ?? []}))`;
      return rejected;
    });
  },
  async listFindings(s, filter: PgRow = {}) {
    const rows = await s`SELECT * FROM findings
      WHERE (${filter.scan ?? null}::text IS NULL OR scan = ${filter.scan ?? null})
        AND (${filter.tool ?? null}::text IS NULL OR tool = ${filter.tool ?? null})
        AND (${filter.all ? true : false} OR status = 'open')
      ORDER BY scan COLLATE "C", tool COLLATE "C", id COLLATE "C"`;
    return rows.map((r: PgRow) => clean(pgFindingFrom(r)));
  },
  async findFinding(s, typed: string, scan?: string) {
    const ref = findingRef(typed);
    const rows = "num" in ref
      ? scan
        ? await s`SELECT * FROM findings WHERE num = ${ref.num} AND scan = ${scan}`
        : await s`SELECT * FROM findings WHERE num = ${ref.num} ORDER BY scan COLLATE "C"`
      : scan
      ? await s`SELECT * FROM findings WHERE id = ${ref.id} AND scan = ${scan}`
      : await s`SELECT * FROM findings WHERE id = ${ref.id} ORDER BY scan COLLATE "C"`;
    return rows.map((r: PgRow) => clean(pgFindingFrom(r)));
  },
  async renameFinding(s, scan: string, from: string, to: string, subject: string) {
    const rows = await s`UPDATE findings SET id = ${to}, subject = ${subject}
      WHERE scan = ${scan} AND id = ${from}
        AND NOT EXISTS (SELECT 1 FROM findings WHERE scan = ${scan} AND id = ${to})
      RETURNING id`;
    return rows.length > 0;
  },
  async setFindingStatus(s, scan: string, id: string, status: string, reason?: string) {
    await s`UPDATE findings SET status = ${status}, reason = ${
      reason ?? null
    } WHERE scan = ${scan} AND id = ${id}`;
  },
};
