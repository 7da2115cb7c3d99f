/**
 * The argument parser of the served surfaces' own entry points (`deno run mcp.ts …`,
 * `deno run web/main.ts …`), which start without the command line's commander: `--flag value`
 * or `--flag=value`, switches without a value, repeatable flags in order.
 */

/** One flag: `takes` names its value ("<dir>"); without it the flag is a switch. */
export interface Flag {
  takes?: string;
  /** Left out of the list an unknown option prints (test-only flags). Default: listed. */
  unlisted?: boolean;
}

/**
 * The flags of `args` in order, each with its value (undefined for a switch). A flag that
 * takes a value and has none (or an empty one) is an Error "<flag> needs a value"; an unknown
 * one is an Error naming it and the listed flags.
 */
export function parseFlags(
  args: string[],
  flags: Record<string, Flag>,
): [flag: string, value: string | undefined][] {
  const out: [string, string | undefined][] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const [flag, inline] = a.includes("=")
      ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
      : [a, undefined];
    const spec = Object.hasOwn(flags, flag) ? flags[flag] : undefined;
    if (!spec) {
      const listed = Object.entries(flags).filter(([, f]) => !f.unlisted)
        .map(([name, f]) => f.takes ? `${name} ${f.takes}` : name);
      throw new Error(`unknown option ${a}; options: ${listed.join(", ")}`);
    }
    if (!spec.takes) {
      out.push([flag, undefined]);
      continue;
    }
    const v = inline ?? args[++i];
    if (v === undefined || v === "") throw new Error(`${flag} needs a value`);
    out.push([flag, v]);
  }
  return out;
}
