/**
 * The `selection` table: what is selected for later runs, by kind (the scan, the persona).
 * @module
 */
import type { Store } from "./types.ts";
import type { PgOps, Row, SqliteDb } from "./db.ts";

type SelectionOps = Pick<Store, "getSelection" | "setSelection">;

export function selectionSqlite({ q, write }: SqliteDb): SelectionOps {
  return {
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
  };
}

export const selectionPg: PgOps = {
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
};
