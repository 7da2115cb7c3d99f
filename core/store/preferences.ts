/**
 * The `preferences` table: a person's saved preferences, by dotted key, as JSON.
 * @module
 */
import type { Store } from "./types.ts";
import { J, now, type PgOps, type PgRow, type Row, type SqliteDb } from "./db.ts";

type PrefOps = Pick<Store, "getPref" | "setPref" | "unsetPref" | "listPrefs">;

export function preferencesSqlite({ q, write, parsed }: SqliteDb): PrefOps {
  return {
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
  };
}

export const preferencesPg: PgOps = {
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
      .map((r: PgRow) => ({ key: r.key, value: r.value_json, updated_at: r.updated_at }));
  },
};
