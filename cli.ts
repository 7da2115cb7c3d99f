#!/usr/bin/env -S deno run -A
/**
 * The `threshold` command. Exit codes: 0 ran, 1 error, 2 usage (bad input), 3 needs input.
 * `deno run -A cli.ts …` behaves exactly like the installed command. Each command is added by
 * its group in `cli/commands/`; what they share is `cli/common.ts`.
 * @module
 */
import type { Command } from "npm:commander@15.1.0";
import { CancelledError, InputError, RegistryError, StoreError } from "./ground/errors.ts";
import { printable } from "./core/printable.ts";
import { type Actions, closeStore, err, EXIT, Exit, loadLib, type Register } from "./cli/common.ts";
import { fastCall } from "./cli/fast.ts";
import { later } from "./core/later.ts";

export { EXIT };

/** A command's module, imported by {@link later} (Deno does not load its graph at start-up). */
const command = <T>(file: string) =>
  later<T>(new URL(`./cli/commands/${file}.ts`, import.meta.url));

/**
 * Every command, in the order `threshold --help` lists them: the names it answers to and the
 * module that adds it. A command's module (and what it imports) is loaded only when that
 * command runs; `--help`, `help` and anything that is not a command's name load them all.
 */
const COMMANDS: { names: string[]; add: () => Promise<Register> }[] = [
  {
    names: ["tools"],
    add: async () => (await command<typeof import("./cli/commands/tools.ts")>("tools")).tools,
  },
  {
    names: ["show"],
    add: async () => (await command<typeof import("./cli/commands/tools.ts")>("tools")).show,
  },
  {
    names: ["run"],
    add: async () => (await command<typeof import("./cli/commands/run.ts")>("run")).run,
  },
  {
    names: ["batch"],
    add: async () => (await command<typeof import("./cli/commands/batch.ts")>("batch")).batch,
  },
  {
    names: ["worker"],
    add: async () => (await command<typeof import("./cli/commands/batch.ts")>("batch")).worker,
  },
  {
    names: ["ask"],
    add: async () => (await command<typeof import("./cli/commands/ask.ts")>("ask")).ask,
  },
  {
    names: ["import"],
    add: async () => (await command<typeof import("./cli/commands/scans.ts")>("scans")).importScan,
  },
  {
    names: ["scans"],
    add: async () => (await command<typeof import("./cli/commands/scans.ts")>("scans")).scans,
  },
  {
    names: ["plan"],
    add: async () => (await command<typeof import("./cli/commands/scans.ts")>("scans")).plan,
  },
  {
    names: ["use"],
    add: async () => (await command<typeof import("./cli/commands/scans.ts")>("scans")).use,
  },
  {
    names: ["prefs"],
    add: async () => (await command<typeof import("./cli/commands/prefs.ts")>("prefs")).prefs,
  },
  {
    names: ["personas"],
    add: async () => (await command<typeof import("./cli/commands/prefs.ts")>("prefs")).personas,
  },
  {
    names: ["sites", "site"],
    add: async () => (await command<typeof import("./cli/commands/sites.ts")>("sites")).sites,
  },
  {
    names: ["mcp"],
    add: async () => (await command<typeof import("./cli/commands/serve.ts")>("serve")).mcp,
  },
  {
    names: ["web"],
    add: async () => (await command<typeof import("./cli/commands/serve.ts")>("serve")).web,
  },
  {
    names: ["findings", "reject", "restore"],
    add: async () =>
      (await command<typeof import("./cli/commands/findings.ts")>("findings")).findings,
  },
  {
    names: ["export"],
    add: async () =>
      (await command<typeof import("./cli/commands/handoff.ts")>("handoff")).exportCommand,
  },
  {
    names: ["report"],
    add: async () =>
      (await command<typeof import("./cli/commands/handoff.ts")>("handoff")).reportCommand,
  },
  {
    names: ["schema"],
    add: async () => (await command<typeof import("./cli/commands/tools.ts")>("tools")).schema,
  },
  {
    names: ["docs"],
    add: async () => (await command<typeof import("./cli/commands/tools.ts")>("tools")).docs,
  },
  {
    names: ["demo"],
    add: async () => (await command<typeof import("./cli/commands/run.ts")>("run")).demo,
  },
];

/** The name of every command `threshold` has (aliases included), as the table above has them. */
export const COMMAND_NAMES: readonly string[] = COMMANDS.flatMap((c) => c.names);

/** commander's specifier, imported by {@link later} (not seen by Deno at start-up). */
const COMMANDER = new URL(import.meta.resolve("npm:commander@15.1.0"));
/** commander, loaded only when the command line needs it (help, usage errors, most commands). */
let commander: typeof import("npm:commander@15.1.0") | undefined;

/** The actions' wrappers, recording the exit code each action returns in `code.value`. */
function wrappers(code: { value: number }): Actions {
  // `act` loads the heavy part first; `listing` (tools, show) runs from the catalog alone.
  return {
    listing: (fn) => async (...a) => {
      code.value = (await fn(...a)) ?? 0;
    },
    act: (fn) => async (...a) => {
      await loadLib();
      code.value = (await fn(...a)) ?? 0;
    },
  };
}

/**
 * The program for `args`: only the command `args[0]` names when it names one, else every
 * command (for `--help`, `help`, `--version` and an unknown command's error and suggestion).
 */
export async function program(args: string[] = []): Promise<Command> {
  const one = COMMANDS.find((c) => c.names.includes(args[0]));
  const [adds, { Command }] = await Promise.all([
    Promise.all((one ? [one] : COMMANDS).map((c) => c.add())),
    (async () => (commander ??= await later<typeof import("npm:commander@15.1.0")>(COMMANDER)))(),
  ]);
  const p = new Command("threshold")
    .description("Practical answers about a real building from its scan.")
    .version("0.1.0")
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeErr: (s) => Deno.stderr.writeSync(new TextEncoder().encode(s)) });
  const code = { value: 0 };
  const actions = wrappers(code);
  for (const add of adds) add(p, actions);
  p.hook("postAction", () => {
    if (code.value) throw new Exit(code.value);
  });
  return p;
}

/**
 * The fast path (cli/fast.ts): runs `args` without commander when its command is one the
 * fast path takes and every word after it is plainly one of its options or arguments; false
 * when commander must parse the command line.
 */
async function runFast(args: string[]): Promise<boolean> {
  const one = COMMANDS.find((c) => c.names.includes(args[0]));
  if (!one) return false;
  const code = { value: 0 };
  const call = fastCall(await one.add(), args, wrappers(code));
  if (!call) return false;
  await call.action(...call.argv);
  if (code.value) throw new Exit(code.value);
  return true;
}

/** Runs the command line on `args`; returns the exit code. */
export async function main(args: string[]): Promise<number> {
  try {
    if (!(await runFast(args))) await (await program(args)).parseAsync(args, { from: "user" });
    return EXIT.ok;
  } catch (e) {
    if (e instanceof Exit) {
      if (e.message) err(e.message);
      return e.code;
    }
    if (commander && e instanceof commander.CommanderError) {
      if (
        e.code === "commander.helpDisplayed" || e.code === "commander.version" ||
        e.code === "commander.help"
      ) return EXIT.ok;
      return EXIT.usage;
    }
    if (e instanceof InputError) {
      err(`threshold: ${printable(e.message)}`);
      return EXIT.usage;
    }
    if (e instanceof StoreError || e instanceof RegistryError) {
      err(`threshold: ${printable(e.message)}`);
      return EXIT.error;
    }
    if (e instanceof CancelledError) {
      err("threshold: cancelled");
      return EXIT.error;
    }
    err(`threshold: ${printable(String((e as Error)?.message ?? e))}`);
    return EXIT.error;
  } finally {
    closeStore();
  }
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
