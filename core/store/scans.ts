/**
 * The `scans` table: one imported plan per scan id, with its warnings, import report and
 * counts (so listing scans reads no plan). Deleting a scan deletes its runs and findings.
 * @module
 */
import { InputError } from "../../ground/errors.ts";
import type { LoadedPlan, Plan } from "../../ground/plan.ts";
import type { Store } from "./types.ts";
import { J, now, type PgOps, type PgRow, type Row, type SqliteDb } from "./db.ts";

type ScanOps = Pick<
  Store,
  "putScan" | "getScan" | "samePlans" | "listScans" | "deleteScan" | "scanBuildings"
>;

/** Plans kept by {@link Store.samePlans}: the last few scans read, with their stored texts. */
const SAME_PLANS = 8;

export function scansSqlite({ q, write, parsed }: SqliteDb): ScanOps {
  let kept:
    | Map<string, { plan_json: string; warnings_json: string; loaded: LoadedPlan }>
    | undefined;
  return {
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
      const k = kept?.get(id);
      if (k && k.plan_json === r.plan_json && k.warnings_json === r.warnings_json) return k.loaded;
      const loaded = {
        plan: parsed(r.plan_json as string, `scan ${id}`),
        warnings: parsed(r.warnings_json as string, `scan ${id}`),
      };
      if (kept) {
        if (kept.size >= SAME_PLANS) kept.delete(kept.keys().next().value!);
        kept.set(id, {
          plan_json: r.plan_json as string,
          warnings_json: r.warnings_json as string,
          loaded,
        });
      }
      return loaded;
    },
    samePlans() {
      kept ??= new Map();
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
    scanBuildings() {
      return (q(`SELECT id, json_extract(plan_json, '$.building') AS building, imported_at
        FROM scans WHERE json_extract(plan_json, '$.building') IS NOT NULL
        ORDER BY imported_at, id`).all() as Row[]).map((r) => ({
        id: r.id as string,
        building: String(r.building),
        imported_at: r.imported_at as string,
      }));
    },
  };
}

export const scansPg: PgOps = {
  async putScan(s, loaded: PgRow, report: unknown) {
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
      .map((r: PgRow) => ({ ...r }));
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
  async scanBuildings(s) {
    return (await s`SELECT id, plan_json->>'building' AS building, imported_at FROM scans
      WHERE plan_json->>'building' IS NOT NULL ORDER BY imported_at, id COLLATE "C"`)
      .map((r: PgRow) => ({ id: r.id, building: r.building, imported_at: r.imported_at }));
  },
};

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
    { code: "scan.bad_id", data: { got: id, allowed: SCAN_ID.source } },
  );
}
