/**
 * The rule packs threshold ships, as data in `packs/<id>.json`, each validated by the
 * RulePack schema of rules/schema.ts on first use. Values and their V/S/U status come from
 * shared/reference/rules-and-sun.md §1.
 */
import ada from "./packs/ada-2010.json" with { type: "json" };
import irc from "./packs/irc-2021.json" with { type: "json" };
import ukAdm from "./packs/uk-adm.json" with { type: "json" };
import fha from "./packs/fha.json" with { type: "json" };
import { parsePack, type RulePack } from "./rules/mod.ts";

const RAW: Record<string, unknown> = {
  "ada-2010": ada,
  "irc-2021": irc,
  "uk-adm": ukAdm,
  "fha": fha,
};

/** Ids of the built-in packs. */
export const BUILTIN_PACK_IDS = Object.keys(RAW);

const parsed = new Map<string, RulePack>();

/** A built-in pack by id, validated (once), or undefined. Treat it as read-only. */
export function builtinPack(id: string): RulePack | undefined {
  const raw = RAW[id];
  if (raw === undefined) return undefined;
  let p = parsed.get(id);
  if (!p) parsed.set(id, p = parsePack(structuredClone(raw), `engines/geometry/packs/${id}.json`));
  return p;
}
