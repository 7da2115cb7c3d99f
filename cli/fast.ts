/**
 * The command line's fast path (issue 29): the common invocations (`tools`, `show <tool>`,
 * `run <tool> --scan X --set k=v … --json` and the like) parsed without loading commander,
 * whose import is most of a cold start. A command's own `Register` is played against a
 * recorder that keeps its name, arguments, options and action; the words after the command
 * are parsed only when every one of them is plainly one of those options or arguments. Anything
 * else (help, a short flag, `--x=y`, an unknown option, a missing or extra argument, a value
 * that looks like a flag, a commander feature the recorder does not know) returns undefined,
 * and commander parses the command line as before — so every message stays commander's own.
 * @module
 */
import type { Action, Register } from "./common.ts";

/** One recorded option: `--name` or `--name <value>`, with commander's attribute name. */
interface FastOption {
  long: string;
  key: string;
  takesValue: boolean;
  fn?: (v: string, prev: unknown) => unknown;
  fallback?: unknown;
}

/** A command as its `Register` added it, when the recorder understood every call. */
interface Recorded {
  name: string;
  args: number;
  options: FastOption[];
  action?: (...a: unknown[]) => unknown;
  unsupported: boolean;
}

/** commander's attribute name for a long flag: `--for-model` → `forModel`. */
const camel = (long: string) =>
  long.replace(/^--/, "").replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function parseSpec(spec: string, rec: Recorded): void {
  const [name, ...args] = spec.trim().split(/\s+/);
  rec.name = name;
  rec.args = args.length;
  if (args.some((a) => !/^<[^<>.]+>$/.test(a))) rec.unsupported = true; // only required args
}

function parseOption(rec: Recorded, flags: string, rest: unknown[]): void {
  const m = /^(--[a-z][a-z0-9-]*)(?: (<[^<>]+>))?$/.exec(flags);
  if (!m || m[1].startsWith("--no-") || rest.length > 3) {
    rec.unsupported = true;
    return;
  }
  const [, fn, fallback] = rest;
  if (fn !== undefined && typeof fn !== "function") {
    rec.unsupported = true; // commander's (flags, description, default) form
    return;
  }
  rec.options.push({
    long: m[1],
    key: camel(m[1]),
    takesValue: m[2] !== undefined,
    fn: fn as FastOption["fn"],
    fallback,
  });
}

/** A stand-in for commander's `Command` that records one `command(…)` chain. */
function recorder(into: Recorded[]): unknown {
  const top: Record<string, unknown> = {
    command(spec: string) {
      const rec: Recorded = { name: "", args: 0, options: [], unsupported: false };
      parseSpec(spec, rec);
      into.push(rec);
      const sub: unknown = new Proxy({}, {
        get(_, prop) {
          if (prop === "description") return () => sub;
          if (prop === "option") {
            return (flags: string, ...rest: unknown[]) => (parseOption(rec, flags, rest), sub);
          }
          if (prop === "action") {
            return (fn: Recorded["action"]) => ((rec.action = fn), sub);
          }
          if (prop === "then") return undefined;
          rec.unsupported = true; // a commander feature the fast path does not copy
          return () => sub;
        },
      });
      return sub;
    },
  };
  return new Proxy(top, {
    get(t, prop) {
      if (prop in t) return t[prop as string];
      into.push({ name: "", args: 0, options: [], unsupported: true });
      return () => undefined;
    },
  });
}

/**
 * The action's arguments for `words` (the command line after the command's name), as
 * commander would pass them (the arguments, then the options object: defaults first in the
 * order the options were added, then each given option), or undefined when `words` holds
 * anything the fast path does not fully recognise.
 */
export function fastArgs(rec: Recorded, words: string[]): unknown[] | undefined {
  const opts: Record<string, unknown> = {};
  for (const o of rec.options) if (o.fallback !== undefined) opts[o.key] = o.fallback;
  const positional: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!w.startsWith("-")) {
      positional.push(w);
      continue;
    }
    const o = rec.options.find((x) => x.long === w);
    if (!o) return undefined; // help, short flags, --x=y, --, unknown options: commander
    if (!o.takesValue) {
      opts[o.key] = true;
      continue;
    }
    const v = words[++i];
    if (v === undefined || v.startsWith("-")) return undefined;
    opts[o.key] = o.fn ? o.fn(v, opts[o.key]) : v;
  }
  if (positional.length !== rec.args) return undefined;
  return [...positional, opts];
}

/** The commands the fast path may take (others always go through commander). */
export const FAST_COMMANDS: readonly string[] = ["tools", "show", "run"];

/**
 * The recorded action and its arguments for `args` when `add` registers exactly one command
 * named `args[0]` that the fast path understands, else undefined.
 */
export function fastCall(
  add: Register,
  args: string[],
  actions: {
    listing: <A extends unknown[]>(fn: Action<A>) => unknown;
    act: typeof actions.listing;
  },
): { action: (...a: unknown[]) => unknown; argv: unknown[] } | undefined {
  if (!FAST_COMMANDS.includes(args[0])) return undefined;
  const recs: Recorded[] = [];
  // deno-lint-ignore no-explicit-any
  add(recorder(recs) as any, actions as any);
  if (recs.length !== 1) return undefined;
  const rec = recs[0];
  if (rec.unsupported || rec.name !== args[0] || !rec.action) return undefined;
  const argv = fastArgs(rec, args.slice(1));
  return argv && { action: rec.action, argv };
}
