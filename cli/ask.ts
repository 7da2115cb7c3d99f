/**
 * `threshold ask "…"`: the agent on the command line. On a terminal it says in one line which
 * tool it chose and why, asks only what nothing fills (offering to save each answer), shows
 * the steps as they happen and prints the answer. Without a terminal, questions end the
 * command with exit code 3 and the questions as JSON, as `run` does. `--plan-only --json`
 * prints the decision (tools with confidence, each input with its value and source, the
 * questions it would ask) without running. Loaded only when `ask` runs.
 */
import { questionUnit } from "../ground/units.ts";
import { ask, type AskOutcome, decide, type Decision } from "../agent/ask.ts";
import { type AskOptions, toolManifest } from "../agent/cards.ts";
import type { ModelSettings } from "../agent/llm/config.ts";
import { InputError } from "../ground/errors.ts";
import type { Session, SessionEvent, SessionQuestion } from "../core/session.ts";
import type { Store } from "../core/store.ts";
import {
  type Format,
  paint,
  questionsText,
  renderResult,
  type UnitSystem,
  useColor,
} from "./render.ts";
import { questionsAsJson, termWidth, wrapIndented } from "./layout.ts";
import { detectorFirst } from "./detector_first.ts";

/** Flags of `threshold ask`. */
export interface AskFlags {
  planOnly?: boolean;
  json?: boolean;
  scan?: string;
  set: string[];
  persona?: string;
  tool?: string;
  /** Use the language model set up in agent.* preferences or the environment. */
  llm?: boolean;
  /** Decide offline even when a language model is set up. */
  offline?: boolean;
  /** table, plain or markdown (default: the display.format preference). */
  format?: string;
  /** metric, imperial or both (default: the display.units preference). */
  units?: string;
}

/** What the command line hands the ask command. */
export interface AskEnv {
  store: () => Store;
  parseKv: (kv: string) => [string, unknown];
  out: (s: string) => void;
  err: (s: string) => void;
  /** Whether a person is at a terminal to answer (stdin is a terminal). */
  terminal: boolean;
  /** Whether stdout is a terminal (questions then in words only); false when absent. */
  outTerminal?: boolean;
  /** The format and unit system results are shown in (flags, else preferences). */
  display: (f: { format?: string; units?: string }) => { format: Format; units: UnitSystem };
}

const NEEDS_INPUT = 3;

/** Asks one question on the terminal, re-asking after a bad answer; null when stdin closes. */
function promptAnswer(
  q: SessionQuestion,
  session: Session,
  lib: Pick<typeof import("../core/session.ts"), "parseAnswer" | "answerShown" | "unitHint">,
  err: (s: string) => void,
): { value: unknown; shown: string } | null {
  if (q.choices?.length) err(q.choices.map((c, i) => `  ${i + 1}. ${c.label}`).join("\n"));
  for (;;) {
    const hint = lib.unitHint(q);
    const raw = prompt(wrapIndented(`${q.ask}${hint ? ` ${hint}` : ""}`, termWidth(), ""));
    if (raw === null) return null;
    try {
      const value = lib.parseAnswer(session.manifest, q, raw);
      const shown = lib.answerShown(q, raw, value);
      err(`  ${q.label}: ${shown}`);
      return { value, shown };
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      err(`  ${e.message}`);
    }
  }
}

/** Runs `threshold ask`; returns the exit code. */
export async function cmdAsk(question: string, f: AskFlags, env: AskEnv): Promise<number> {
  const opts = await askOptions(f, env);
  if (!f.planOnly && !f.tool && !f.offline) {
    const { modelSettings } = await import("../agent/llm/config.ts");
    const settings = modelSettings(opts.store!);
    if (f.llm && settings.provider === "offline") {
      throw new InputError(
        "--llm",
        "no language model is set up; set agent.provider (openai or anthropic), agent.model and, for a hosted one, its key in the environment",
      );
    }
    if (settings.provider !== "offline") {
      return await cmdAskModel(question, f, env, opts, settings);
    }
  }
  const color = useColor();
  const live = env.terminal && !f.json;
  const decided = await decideTools(question, f, env, opts, live);
  if (typeof decided === "number") return decided;
  const decision = decided;
  if (f.planOnly) {
    if (f.json) env.out(JSON.stringify(decision, null, 2));
    else env.out(planText(decision));
    return 0;
  }
  // On a terminal the line leads the answer; otherwise stdout stays for the JSON or the result.
  if (!f.json) (live ? env.out : env.err)(paint(decisionLine(decision), "bold", color));
  const lib = await import("../core/session.ts");
  for (const t of decision.tools) await detectorFirst(await toolManifest(t.tool), env.err);
  const outcome = await ask(question, {
    ...opts,
    tool: decision.tools.length === 1 ? decision.tools[0].tool : undefined,
    answer: live ? terminalAnswers(lib, env) : undefined,
    onEvent: live ? stepPrinter(env, color) : undefined,
  });
  return await printOutcome(outcome, f, env, color);
}

/** The ask's options from the flags: the store, the persona in use, the inputs set. */
async function askOptions(f: AskFlags, env: AskEnv): Promise<AskOptions> {
  const s = env.store();
  // Personas (and zod with them) load only when one is in use.
  const persona = f.persona !== undefined || s.getSelection("persona") !== undefined
    ? (await import("../presets/personas.ts")).activePersona(s, f.persona)
    : undefined;
  const { BUILTIN_SCANS } = await import("../layers/builtin.ts");
  const set = Object.fromEntries(f.set.map((kv) => env.parseKv(kv)));
  // Sentences (and so the model's view) follow --units / display.units; --json stays SI.
  const units = f.json ? "metric" : env.display(f).units;
  return { store: s, builtins: BUILTIN_SCANS, scan: f.scan, set, persona, tool: f.tool, units };
}

/**
 * The offline decision, with the tools to run; or the exit code when it ends here: no tool
 * answers, the choice between tools is the answer (`--plan-only`), or nobody is at a terminal
 * to choose. At a terminal the person picks one tool and it is decided again with it.
 */
async function decideTools(
  question: string,
  f: AskFlags,
  env: AskEnv,
  opts: AskOptions,
  live: boolean,
): Promise<(Decision & { status: "tools" }) | number> {
  let decision: Decision = await decide(question, opts);
  if (decision.status === "none") {
    // No tool answers it: say so, and what threshold can answer.
    env.out(f.json ? JSON.stringify(decision, null, 2) : decision.answer);
    return 0;
  }
  if (decision.status === "which_tool") {
    if (f.planOnly) {
      // The decision is the answer here: which tools it would offer.
      env.out(f.json ? JSON.stringify(decision, null, 2) : decision.ask);
      return 0;
    }
    if (!live) {
      env.out(JSON.stringify(decision, null, 2));
      return NEEDS_INPUT;
    }
    env.err(decision.candidates.map((c, i) => `  ${i + 1}. ${c.title}`).join("\n"));
    const raw = prompt(decision.ask);
    const pick = raw === null
      ? undefined
      : decision.candidates.find((c, i) =>
        String(i + 1) === raw.trim() || c.title.toLowerCase() === raw.trim().toLowerCase() ||
        c.tool === raw.trim()
      );
    if (!pick) {
      env.out(JSON.stringify(decision, null, 2));
      return NEEDS_INPUT;
    }
    opts.tool = pick.tool;
    decision = await decide(question, opts);
    if (decision.status !== "tools") throw new Error("a chosen tool was not decided");
  }
  return decision;
}

/**
 * Answers a run's questions at the terminal, one prompt each, offering to save each answer;
 * gives up (undefined) when stdin closes.
 */
function terminalAnswers(
  lib: Pick<typeof import("../core/session.ts"), "parseAnswer" | "answerShown" | "unitHint">,
  env: AskEnv,
): NonNullable<AskOptions["answer"]> {
  return (questions, session) => {
    const answers: Record<string, unknown> = {};
    const save: string[] = [];
    for (const q of questions) {
      const a = promptAnswer(q, session, lib, env.err);
      if (a === null) {
        return Promise.resolve(undefined);
      }
      answers[q.input] = a.value;
      if (
        q.save && confirm(
          q.save.as === "selection"
            ? `Select ${a.shown} for later runs?`
            : `Save ${a.shown} as your preference ${q.save.key}?`,
        )
      ) {
        save.push(q.input);
      }
    }
    return Promise.resolve({ answers, save, parsed: true });
  };
}

/**
 * Prints what the ask ended with and gives the exit code: the questions still open (exit 3,
 * as `threshold run`), else every run's result as JSON or rendered (exit 1 when one erred).
 */
async function printOutcome(
  outcome: AskOutcome,
  f: AskFlags,
  env: AskEnv,
  color: boolean,
): Promise<number> {
  if (
    outcome.status === "model" || outcome.status === "which_tool" ||
    outcome.status === "planned" || outcome.status === "none"
  ) {
    env.out(JSON.stringify(outcome, null, 2));
    return NEEDS_INPUT;
  }
  const pending = outcome.runs.filter((r) => r.status === "needs_input");
  if (pending.length) {
    if (!f.json) sayQuestions(pending, env);
    if (!questionsAsJson(f.json, env.outTerminal ?? false)) return NEEDS_INPUT;
    env.out(JSON.stringify(
      {
        status: "needs_input",
        question: outcome.question,
        tools: pending.map((r) => ({
          tool: r.tool,
          questions: r.status === "needs_input" ? r.questions : [],
        })),
        // The first tool's questions at the top, as `threshold run` prints them.
        tool: pending[0].tool,
        questions: pending[0].status === "needs_input" ? pending[0].questions : [],
      },
      null,
      2,
    ));
    return NEEDS_INPUT;
  }
  const { forModel } = await import("../core/result.ts");
  if (f.json) {
    env.out(JSON.stringify(
      {
        question: outcome.question,
        decision: outcome.decision,
        runs: outcome.runs.map((r) =>
          r.status === "done"
            ? { tool: r.tool, run_id: r.run_id, result: r.result, for_model: forModel(r.result) }
            : r
        ),
      },
      null,
      2,
    ));
  } else {
    for (const r of outcome.runs) {
      if (r.status !== "done") continue;
      env.out(renderResult(await toolManifest(r.tool), r.result, color, env.display(f)));
      env.out(paint(`\nrun ${r.run_id}`, "dim", color));
    }
  }
  return outcome.runs.some((r) => r.status === "done" && r.result.verdict.status === "error")
    ? 1
    : 0;
}

/** `threshold ask` with a language model choosing the tools. */
async function cmdAskModel(
  question: string,
  f: AskFlags,
  env: AskEnv,
  base: AskOptions,
  settings: ModelSettings,
): Promise<number> {
  // Which server the key goes to, and why, whenever a saved preference is in play.
  for (const n of settings.notes ?? []) env.err(`threshold ask: ${n}`);
  const { providerFrom } = await import("../agent/llm/config.ts");
  const opts: AskOptions = { ...base, provider: providerFrom(settings) };
  const color = useColor();
  const live = env.terminal && !f.json;
  const lib = await import("../core/session.ts");
  const result = await ask(question, {
    ...opts,
    answer: live
      ? (questions, session) => {
        const answers: Record<string, unknown> = {};
        for (const q of questions) {
          const a = promptAnswer(q, session, lib, env.err);
          if (a === null) {
            return Promise.resolve(undefined);
          }
          answers[q.input] = a.value;
        }
        return Promise.resolve({ answers, parsed: true });
      }
      : undefined,
    onEvent: live ? stepPrinter(env, color) : undefined,
  });
  if (result.status !== "model") throw new Error("the model path did not answer");
  const outcome = result.model;
  const { forModel } = await import("../core/result.ts");
  if (f.json || outcome.status === "needs_input") {
    env.out(JSON.stringify(
      {
        ...outcome,
        calls: outcome.calls.map((c) => c.result ? { ...c, for_model: forModel(c.result) } : c),
      },
      null,
      2,
    ));
    return outcome.status === "needs_input" ? NEEDS_INPUT : 0;
  }
  env.out(
    paint(
      `→ ${outcome.provider} ${outcome.model}: ${
        outcome.calls.map((c) => c.tool).join(", ") || "no tool"
      }`,
      "bold",
      color,
    ),
  );
  env.out(outcome.text);
  if (outcome.removed_numbers.length) {
    env.out(paint(
      `(removed ${outcome.removed_numbers.length} number(s) no result contains: ${
        outcome.removed_numbers.map((r) => r.number).join(", ")
      })`,
      "dim",
      color,
    ));
  }
  for (const c of outcome.calls) {
    if (!c.result) continue;
    env.out(renderResult(await toolManifest(c.tool), c.result, color, env.display(f)));
    if (c.run_id) env.out(paint(`\nrun ${c.run_id}`, "dim", color));
  }
  return 0;
}

/** Prints each live step on stderr, wrapped under its time. */
function stepPrinter(env: AskEnv, color: boolean): (e: SessionEvent) => void {
  return (e) => {
    if (e.type === "step") env.err(paint(stepLine(e.elapsed_ms, e.text), "dim", color));
  };
}

/** The questions the runs stopped on, in words on stderr (the JSON goes to stdout). */
function sayQuestions(
  pending: { tool: string; status: string; questions?: SessionQuestion[] }[],
  env: AskEnv,
): void {
  for (const r of pending) {
    if (r.status === "needs_input" && r.questions) env.err(questionsText(r.tool, r.questions));
  }
}

/** The decision's line ("→ …"), wrapped to the terminal. */
function decisionLine(d: Decision & { status: "tools" }): string {
  return wrapIndented(decisionLineOf(d), termWidth(), "→ ");
}

/** A live step, wrapped to the terminal's width under its time. */
export function stepLine(elapsed_ms: number, text: string): string {
  return wrapIndented(text, termWidth(), `  [${(elapsed_ms / 1000).toFixed(2)} s] `);
}

function decisionLineOf(d: Decision & { status: "tools" }): string {
  return d.tools.map((t) => {
    const read = Object.entries(t.inputs).filter(([, v]) => v.from === "question")
      .map(([k, v]) => {
        const unit = /_(m|deg|min)$/.exec(k)?.[1];
        const name = k.replace(/_(m|deg|min)$/, "").replaceAll("_", " ");
        return `${name} ${v.label ?? JSON.stringify(v.value)}${unit ? ` ${unit}` : ""}`;
      });
    return `${t.title} (${t.tool}): ${t.why}${read.length ? `; read ${read.join(", ")}` : ""}`;
  }).join("; and ");
}

const SOURCE_WORDS: Record<string, string> = {
  question: "from the question",
  explicit: "given",
  selection: "the selected scan",
  preference: "your preference",
  persona: "your persona",
  default: "default",
  asked: "answered",
};

/** The decision in lines for a person (plan-only without --json). */
function planText(d: Decision & { status: "tools" }): string {
  const lines: string[] = [];
  for (const t of d.tools) {
    lines.push(`${t.title} (${t.tool}), confidence ${t.confidence.toFixed(2)}: ${t.why}`);
    for (const [k, v] of Object.entries(t.inputs)) {
      const shown = v.label ?? JSON.stringify(v.value);
      lines.push(`  ${k} = ${shown} (${SOURCE_WORDS[v.from] ?? v.from})`);
    }
    for (const q of t.questions) {
      lines.push(`  would ask: ${q.ask}${q.unit ? ` ${questionUnit(q.unit, q.units)}` : ""}`);
    }
    for (const n of t.notes) lines.push(`  note: ${n}`);
  }
  // Each line fits the terminal; a wrapped one continues under its own indent.
  const width = termWidth();
  return lines.map((l) => {
    const indent = /^ */.exec(l)![0];
    return wrapIndented(l.slice(indent.length), width, indent, `${indent}    `);
  }).join("\n");
}
