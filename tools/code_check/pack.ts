/**
 * code_check's `pack` input: a built-in pack id, the JSON text of a pack, or a person's pack
 * file read through the run's context.
 */
import { InputError } from "../../ground/errors.ts";
import { BUILTIN_PACK_IDS, builtinPack } from "../../engines/geometry/packs.ts";
import { parsePack, type RulePack } from "../../engines/geometry/rules/mod.ts";

/**
 * Resolves the `pack` input: a built-in pack id, the JSON text of a pack, or the path of a
 * person's pack file, whose text `read` gives (the run's `ctx.readText`: the tool reads no
 * file). A bad pack is an InputError naming the input, the rule and the field.
 */
export function resolvePack(
  value: string,
  input = "pack",
  read?: (path: string) => string,
): RulePack {
  const builtin = builtinPack(value);
  if (builtin) return builtin;
  const text = value.trimStart();
  let raw: string;
  let from: string;
  if (text.startsWith("{")) {
    raw = value;
    from = "the pack JSON given";
  } else if (/\.json$/i.test(value) || value.includes("/") || value.includes("\\")) {
    if (!read) {
      throw new InputError(input, `${value} is a file path; give the pack's JSON text instead`, {
        code: "pack.path_not_allowed",
        data: { got: value },
      });
    }
    raw = read(value);
    from = value;
  } else {
    throw new InputError(
      input,
      `no rule pack ${JSON.stringify(value)}; built-in packs: ${
        BUILTIN_PACK_IDS.join(", ")
      }; or give the path of a pack JSON file`,
      { code: "pack.unknown", data: { got: value, allowed: BUILTIN_PACK_IDS } },
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (e) {
    throw new InputError(input, `${from} is not valid JSON: ${(e as Error).message}`, {
      code: "pack.not_json",
      data: { from, problem: (e as Error).message },
    });
  }
  return parsePack(data, input);
}
