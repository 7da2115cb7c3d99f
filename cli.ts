#!/usr/bin/env -S deno run -A
/**
 * The `threshold` command. Exit codes: 0 ran, 1 error, 2 usage (bad input), 3 needs input.
 * `deno run -A cli.ts …` behaves exactly like the installed command. Each command is added by
 * its group in `cli/commands/`; what they share is `cli/common.ts`.
 * @module
 */
import { Command, CommanderError } from "npm:commander@15.1.0";
import { CancelledError, InputError, RegistryError, StoreError } from "./ground/errors.ts";
import { printable } from "./core/printable.ts";
import { type Actions, closeStore, err, EXIT, Exit, loadLib, type Register } from "./cli/common.ts";
import * as tools from "./cli/commands/tools.ts";
import * as run from "./cli/commands/run.ts";
import * as batch from "./cli/commands/batch.ts";
import * as ask from "./cli/commands/ask.ts";
import * as scans from "./cli/commands/scans.ts";
import * as prefs from "./cli/commands/prefs.ts";
import * as sites from "./cli/commands/sites.ts";
import * as serve from "./cli/commands/serve.ts";
import * as findings from "./cli/commands/findings.ts";
import * as handoff from "./cli/commands/handoff.ts";

export { EXIT };

/** Every command, in the order `threshold --help` lists them. */
const COMMANDS: Register[] = [
  tools.tools,
  tools.show,
  run.run,
  batch.batch,
  batch.worker,
  ask.ask,
  scans.importScan,
  scans.scans,
  scans.plan,
  scans.use,
  prefs.prefs,
  prefs.personas,
  sites.sites,
  serve.mcp,
  serve.web,
  findings.findings,
  handoff.exportCommand,
  handoff.reportCommand,
  tools.schema,
  tools.docs,
  run.demo,
];

function program(): Command {
  const p = new Command("threshold")
    .description("Practical answers about a real building from its scan.")
    .version("0.1.0")
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeErr: (s) => Deno.stderr.writeSync(new TextEncoder().encode(s)) });
  let code = 0;
  // `act` loads the heavy part first; `listing` (tools, show) runs from the catalog alone.
  const actions: Actions = {
    listing: (fn) => async (...a) => {
      code = (await fn(...a)) ?? 0;
    },
    act: (fn) => async (...a) => {
      await loadLib();
      code = (await fn(...a)) ?? 0;
    },
  };
  for (const add of COMMANDS) add(p, actions);
  p.hook("postAction", () => {
    if (code) throw new Exit(code);
  });
  return p;
}

/** Runs the command line on `args`; returns the exit code. */
export async function main(args: string[]): Promise<number> {
  try {
    await program().parseAsync(args, { from: "user" });
    return EXIT.ok;
  } catch (e) {
    if (e instanceof Exit) {
      if (e.message) err(e.message);
      return e.code;
    }
    if (e instanceof CommanderError) {
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
