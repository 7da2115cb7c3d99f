/**
 * `threshold prefs` (list, get, set, unset) and `personas` (list, show, use, add).
 * @module
 */
import { InputError } from "../../ground/errors.ts";
import { printable } from "../../core/printable.ts";
import { L, out, parseValue, type Register, store, tableOf } from "../common.ts";

/** `prefs`: saved preferences (dotted keys). */
export const prefs: Register = (p, { act }) => {
  const prefs = p.command("prefs").description("Saved preferences (dotted keys)");
  prefs.command("list").option("--json").action(act((o: { json?: boolean }) => {
    const rows = store().listPrefs();
    if (o.json) return out(JSON.stringify(rows, null, 2));
    out(tableOf(["Key", "Value", "Unit", "Meaning"], [
      ...rows.map((
        r,
      ) => [
        r.key,
        JSON.stringify(r.value),
        L.preferenceKey(r.key)?.unit ?? "",
        L.preferenceKey(r.key)?.description ?? "",
      ]),
    ]));
    const unset = L.PREFERENCE_KEYS.filter((k) => !rows.some((r) => r.key === k.key));
    if (unset.length) out(`Not set: ${unset.map((k) => k.key).join(", ")}`);
  }));
  prefs.command("get <key>").action(act((key: string) => {
    checkPrefKey(key);
    const v = store().getPref(key);
    if (v === undefined) throw new InputError(key, "is not set");
    out(JSON.stringify(v));
  }));
  prefs.command("set <key> <value>").action(act((key: string, raw: string) => {
    const value = L.checkPreference(key, parseValue(raw));
    store().setPref(key, value);
    out(`${key} = ${JSON.stringify(value)}`);
  }));
  prefs.command("unset <key>").action(act((key: string) => {
    checkPrefKey(key);
    out(store().unsetPref(key) ? `unset ${key}` : `${key} was not set`);
  }));
};

/** `personas`: presets of preferences, each number cited. */
export const personas: Register = (p, { act }) => {
  const personas = p.command("personas").description(
    "Personas: presets of preferences, each number cited",
  );
  personas.command("list").option("--json").action(act((o: { json?: boolean }) => {
    const s = store();
    const all = L.listPersonas(s);
    const active = s.getSelection("persona");
    if (o.json) return out(JSON.stringify({ active: active ?? null, personas: all }, null, 2));
    out(
      tableOf(
        ["", "Persona", "Title", "Presets", "Own"],
        all.map((
          x,
        ) => [
          x.id === active ? "*" : "",
          x.id,
          x.title,
          Object.keys(x.preset).join(", "),
          x.builtin ? "" : "yes",
        ]),
      ),
    );
  }));
  personas.command("show <id>").option("--json").action(act((id: string, o: { json?: boolean }) => {
    const x = L.getPersona(id, store());
    if (o.json) return out(JSON.stringify(x, null, 2));
    out(printable(`${x.title} (${x.id})\n${x.description}`));
    out(
      tableOf(
        ["Key", "Value", "Source"],
        Object.entries(x.preset).map((
          [k, v],
        ) => [k, JSON.stringify(v.value), v.source + (v.unverified ? " (unverified)" : "")]),
      ),
    );
  }));
  personas.command("use <id>").description('activate a persona ("none" to clear)').action(
    act((id: string) => {
      const s = store();
      if (id === "none") {
        s.setSelection("persona", undefined);
        return out("No persona active");
      }
      L.getPersona(id, s);
      s.setSelection("persona", id);
      out(`Persona ${id} is active`);
    }),
  );
  personas.command("add <file>").description("add or edit your own persona from a JSON file")
    .action(act((file: string) => {
      let data: unknown;
      const text = L.readRegularTextSync(file, {
        input: "file",
        max_bytes: L.DEFAULT_SMALL_FILE_MAX_MB * 1e6,
      });
      try {
        data = JSON.parse(text);
      } catch (e) {
        throw new InputError("file", `cannot read ${file} as JSON: ${(e as Error).message}`);
      }
      const x = L.parsePersona(data);
      for (const k of Object.keys(x.preset)) checkPrefKey(k);
      store().putPersona(x as unknown as { id: string });
      out(`Saved persona ${x.id}`);
    }));
};

const checkPrefKey = (key: string) => L.checkPreferenceKey(key);
