/**
 * The `personas` table: a person's own personas (presets of preferences), as JSON.
 * @module
 */
import type { Store } from "./types.ts";
import { J, now, type PgOps, type PgRow, type Row, type SqliteDb } from "./db.ts";

type PersonaOps = Pick<Store, "putPersona" | "getPersona" | "listPersonas">;

export function personasSqlite({ q, write, parsed }: SqliteDb): PersonaOps {
  return {
    putPersona(p) {
      write("writing", () =>
        q(`INSERT INTO personas (id, persona_json, updated_at) VALUES (?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET persona_json=excluded.persona_json, updated_at=excluded.updated_at`)
          .run(p.id, JSON.stringify(p), now()));
    },
    getPersona(id) {
      const r = q("SELECT persona_json FROM personas WHERE id = ?").get(id) as Row | undefined;
      return r ? parsed(r.persona_json as string, `persona ${id}`) : undefined;
    },
    listPersonas() {
      return (q("SELECT persona_json FROM personas ORDER BY id").all() as Row[]).map((r) =>
        JSON.parse(r.persona_json as string)
      );
    },
  };
}

export const personasPg: PgOps = {
  async putPersona(s, p: PgRow) {
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
    return (await s`SELECT persona_json FROM personas ORDER BY id COLLATE "C"`).map((r: PgRow) =>
      r.persona_json
    );
  },
};
