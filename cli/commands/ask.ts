/**
 * `threshold ask <question...>`: the flags; the command itself is cli/ask.ts.
 * @module
 */
import type { AskFlags } from "../ask.ts";
import {
  collect,
  display,
  err,
  FORMAT_OPTION,
  out,
  parseKv,
  type Register,
  store,
  UNITS_OPTION,
} from "../common.ts";

/** `ask <question...>`: the agent chooses the tool and asks the rest. */
export const ask: Register = (p, { listing }) => {
  p.command("ask <question...>")
    .description(
      "Ask in words: the agent chooses the tool, fills what the question states, asks the rest",
    )
    .option("--plan-only", "decide without running: tools, inputs with their sources, questions")
    .option("--json", "print JSON")
    .option("--scan <sid>", "the scan to ask about (instead of the selection)")
    .option("--set <key=value>", "give an input explicitly (repeatable)", collect, [])
    .option("--persona <id>", "use this persona's presets")
    .option("--tool <id>", "use this tool instead of choosing one")
    .option(
      "--llm",
      "let the language model set up in agent.* preferences choose (error when none is)",
    )
    .option("--offline", "decide offline even when a language model is set up")
    .option(...FORMAT_OPTION)
    .option(...UNITS_OPTION)
    .action(listing(async (words: string[], o: AskFlags) => {
      const { cmdAsk } = await import("../ask.ts");
      return await cmdAsk(words.join(" "), o, {
        store,
        parseKv: (kv) => parseKv(kv),
        out,
        err,
        terminal: Deno.stdin.isTerminal(),
        outTerminal: Deno.stdout.isTerminal(),
        display,
      });
    }));
};
