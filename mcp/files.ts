/**
 * Files named in MCP arguments: over MCP a model, not a person at a terminal, names them, so a
 * rule pack given as a path must be a `.json` file inside one of the `--root` folders (never the
 * store, whose folder the server may read for its own use). Built-in pack ids and pack JSON
 * text are not paths and pass as they are.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { InputError } from "../ground/errors.ts";

/** The arguments that name files. */
export const FILE_ARGUMENTS = ["pack"] as const;

/** Whether `value` is a path (not a built-in id and not JSON text). */
function looksLikePath(value: string): boolean {
  const t = value.trimStart();
  if (t.startsWith("{")) return false;
  return /\.json$/i.test(value) || value.includes("/") || value.includes("\\");
}

/** Throws an InputError naming the argument when a file argument is outside the roots. */
export function checkFileArguments(args: Record<string, unknown>, roots: string[]): void {
  for (const key of FILE_ARGUMENTS) {
    const v = args[key];
    if (typeof v !== "string" || !looksLikePath(v)) continue;
    const allowed = `a .json pack file inside a --root folder (${
      roots.length ? roots.join(", ") : "none was given: start the server with --root <dir>"
    }), a built-in pack id, or the pack's JSON text`;
    if (!/\.json$/i.test(v)) {
      throw new InputError(key, `${JSON.stringify(v)} is not a .json file; give ${allowed}`);
    }
    let real: string;
    try {
      real = Deno.realPathSync(resolve(v));
    } catch {
      real = resolve(v);
    }
    const inside = roots.some((r) => {
      let root = r;
      try {
        root = Deno.realPathSync(r);
      } catch { /* as given */ }
      const rel = relative(root, real);
      return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) && !rel.startsWith(sep);
    });
    if (!inside) {
      throw new InputError(key, `${JSON.stringify(v)} is outside the roots; give ${allowed}`);
    }
  }
}
