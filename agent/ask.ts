/**
 * Ask in words: the offline agent. It chooses the tool (or two) from the manifests' text
 * (router.ts), reads what the question states (extract.ts) and binds it to inputs by their
 * own words (bind.ts), then hands everything to the run session (core/session.ts): the fill
 * order, the questions, the answers and the run are the session's, as on every surface. The
 * agent only adds the values the question states, as explicit inputs marked "question".
 */
import { findPlan, type PlanSources } from "../core/context.ts";
import { InputError } from "../ground/errors.ts";
import type { z } from "../core/manifest.ts";
import type { InputSource, ToolResult } from "../core/result.ts";
import type { SessionQuestion, SubjectAsk } from "../core/session.ts";
import type { ModelOutcome } from "./model.ts";
import { bindInputs, type PlanRooms, type ScanName } from "./bind.ts";
import { extract } from "./extract.ts";
import { SUBJECT_GROUP } from "./subjects.ts";
import {
  buildIndex,
  decideRoute,
  type Ranked,
  type RouterIndex,
  type ToolCard,
  whyOf,
} from "./router.ts";
import { RUN_IO } from "../layers/io.ts";
import { type AskOptions, MAX_QUESTION, toolCards, toolManifest } from "./cards.ts";

/** Where an input's value came from, as the plan-only answer says it. */
export type AgentSource = InputSource | "question";

/** One chosen tool, decided. */
export interface ToolDecision {
  tool: string;
  title: string;
  confidence: number;
  why: string;
  /** Every input the session fills, with its value and where it came from. */
  inputs: Record<string, { value: unknown; from: AgentSource; label?: string }>;
  /** What the session would ask: only inputs nothing fills. */
  questions: SessionQuestion[];
  /** What the agent read but could not use, in sentences. */
  notes: string[];
  /** Subjects the question named that are several things (or none): asked by name first. */
  subjects: SubjectAsk[];
}

/** What the agent decided for a question. */
export type Decision =
  | { question: string; status: "tools"; why: string; tools: ToolDecision[] }
  | {
    question: string;
    status: "which_tool";
    why: string;
    /** The sentence to put to the person. */
    ask: string;
    candidates: { tool: string; title: string; confidence: number }[];
  }
  | {
    question: string;
    status: "none";
    /** `route.no_tool` (nothing matched) or `route.too_weak` (a few words, too weakly). */
    code: "route.no_tool" | "route.too_weak";
    why: string;
    /** What to tell the person: that no tool answers it, and what threshold can answer. */
    answer: string;
    /** What threshold can answer, grouped by what it is about. */
    groups: { about: string; tools: { tool: string; title: string }[] }[];
  };

/** What `ask` ends with. */
export type AskOutcome =
  | (Decision & { status: "which_tool" | "none" })
  | { question: string; status: "model"; why: string; model: ModelOutcome }
  | {
    question: string;
    status: "planned" | "done" | "needs_input";
    why: string;
    decision: Decision & { status: "tools" };
    runs: AskRun[];
  };

/** One tool's run within an ask. */
export type AskRun =
  | { tool: string; status: "done"; result: ToolResult; run_id: string }
  | { tool: string; status: "needs_input"; questions: SessionQuestion[] };

const indexes = new WeakMap<ToolCard[], RouterIndex>();

/** The router index over `cards` (built once per list). */
export function routerIndex(cards: ToolCard[]): RouterIndex {
  let ix = indexes.get(cards);
  if (!ix) indexes.set(cards, ix = buildIndex(cards));
  return ix;
}

/** Scans a question may name: the given plans, the store's and the built-in ones. */
function scanNames(src: PlanSources): ScanName[] {
  const out: ScanName[] = [];
  for (const [id, p] of Object.entries(src.plans ?? {})) out.push({ id, name: p.plan.name });
  for (const s of src.store?.listScans() ?? []) out.push({ id: s.id, name: s.name });
  for (const id of Object.keys(src.builtins ?? {})) out.push({ id });
  return out;
}

/**
 * Decides without running: the tool or tools, each input with its value and source, and
 * the questions the session would ask; or, when no tool leads clearly, which tools to
 * offer. Throws only for bad options (an unknown `--set` input is an InputError).
 */
export async function decide(question: string, o: AskOptions = {}): Promise<Decision> {
  const q = question.trim();
  if (!q) {
    throw new InputError("question", "is empty; ask a question about the building in words", {
      code: "question.empty",
    });
  }
  if (q.length > MAX_QUESTION) {
    throw new InputError(
      "question",
      `is ${q.length} characters long; at most ${MAX_QUESTION} are read: ask one or two things at a time`,
      { code: "question.too_long", data: { got: q.length, maximum: MAX_QUESTION } },
    );
  }
  const cards = await toolCards(o);
  const index = routerIndex(cards);
  let route = decideRoute(index, q);
  if (o.tool !== undefined) {
    const card = cards.find((c) => c.id === o.tool);
    if (!card) {
      throw new InputError(
        "tool",
        `no tool ${JSON.stringify(o.tool)}; tools: ${cards.map((c) => c.id).join(", ")}`,
        { code: "registry.unknown_tool", data: { got: o.tool, allowed: cards.map((c) => c.id) } },
      );
    }
    route = {
      kind: "tools",
      tools: [{ tool: card.id, title: card.title, score: 0, confidence: 1 }],
      why: "the tool was chosen by name",
    };
  }
  if (route.kind === "none") {
    const groups = answerGroups(cards);
    return {
      question: q,
      status: "none",
      code: route.weak ? "route.too_weak" : "route.no_tool",
      why: route.why,
      answer: noneAnswer(groups, route.weak),
      groups,
    };
  }
  if (route.kind === "ask") {
    const titles = route.candidates.map((c) => c.title);
    return {
      question: q,
      status: "which_tool",
      why: route.why,
      ask: `Which do you mean: ${
        titles.length > 1 ? `${titles.slice(0, -1).join(", ")} or ${titles.at(-1)}` : titles[0]
      }?`,
      candidates: route.candidates.map(({ tool, title, confidence }) => ({
        tool,
        title,
        confidence,
      })),
    };
  }
  // A value given by name must be an input of a chosen tool.
  const chosen = route.tools.map((r) => cards.find((c) => c.id === r.tool)!);
  for (const k of Object.keys(o.set ?? {})) {
    if (!chosen.some((c) => k in (c.inputs.properties ?? {}))) {
      throw new InputError(
        k,
        `not an input of ${chosen.map((c) => c.id).join(" or ")}; its inputs are: ${
          chosen.flatMap((c) => Object.keys(c.inputs.properties ?? {})).join(", ")
        }`,
        {
          code: "input.unknown",
          data: {
            got: k,
            allowed: chosen.flatMap((c) => Object.keys(c.inputs.properties ?? {})),
          },
        },
      );
    }
  }
  const tools = await Promise.all(route.tools.map((r) => decideTool(q, r, cards, o)));
  return { question: q, status: "tools", why: route.why, tools };
}

async function decideTool(
  question: string,
  r: Ranked & { why?: string; clause?: string },
  cards: ToolCard[],
  o: AskOptions,
): Promise<ToolDecision> {
  const index = routerIndex(cards);
  const card = cards.find((c) => c.id === r.tool)!;
  const sources: PlanSources = { plans: o.plans, store: o.store, builtins: o.builtins };
  const sid = o.scan ?? o.selection ?? o.store?.getSelection("scan");
  // With two tools, each reads its own part of the question.
  const text = r.clause ?? question;
  const mentions = extract(text);
  const scans = scanNames(sources);
  const bindWith = (id: string | undefined) =>
    bindInputs(card, text, mentions, {
      plan: (id ? findPlan(sources, id)?.plan : undefined) as PlanRooms | undefined,
      scans,
    });
  let bound = bindWith(sid);
  // A scan the question names is the one its rooms are looked up in.
  const named = Object.entries(bound.values).find(([k]) =>
    (card.inputs.properties?.[k]?.fill as { from?: string } | undefined)?.from === "selection"
  )?.[1];
  if (typeof named === "string" && named !== sid && o.scan === undefined) bound = bindWith(named);
  const m = o.tools?.find((t) => t.id === r.tool) ?? await toolManifest(r.tool, o.toolsDir);
  const { createSession, inputRefers, planChoices, scanChoices, scanInputName } = await import(
    "../core/session.ts"
  );
  const shape = m.inputs.shape as Record<string, unknown>;
  const given = Object.fromEntries(Object.entries(o.set ?? {}).filter(([k]) => k in shape));
  const scanName = scanInputName(m);
  if (o.scan && scanName && !(scanName in given)) given[scanName] = o.scan;
  const fromQuestion = Object.fromEntries(
    Object.entries(bound.values).filter(([k]) => !(k in given)),
  );
  const notes = [...bound.notes];
  const subjects = bound.asks.filter((a) => !(a.input in given));
  // A value the question states that the input refuses is dropped, said, and left to the fill.
  for (;;) {
    const session = createSession(m, {
      ...o,
      set: { ...fromQuestion, ...given },
      selection: o.selection,
      subjects,
    });
    try {
      const p = session.preview();
      const inputs: ToolDecision["inputs"] = {};
      // People read names: a room, door, window, floor or scan value carries its label.
      const shapeOf = m.inputs.shape as Record<string, z.ZodType>;
      const scanValue = scanName ? p.filled[scanName]?.value : undefined;
      const planOf = typeof scanValue === "string" ? findPlan(sources, scanValue)?.plan : undefined;
      for (const [k, v] of Object.entries(p.filled)) {
        const refers = shapeOf[k] ? inputRefers(shapeOf[k]) : undefined;
        const choices = refers === "scan"
          ? scanChoices(sources)
          : refers && refers !== "pack" && planOf
          ? planChoices(planOf, refers)
          : [];
        const label = choices.find((c) => c.value === v.value)?.label;
        inputs[k] = {
          value: v.value,
          from: k in fromQuestion && v.from === "explicit" ? "question" : v.from,
          ...(label ? { label } : {}),
        };
      }
      return {
        tool: m.id,
        title: m.title,
        confidence: r.confidence,
        why: r.why ?? whyOf(index, text, m.id),
        inputs,
        questions: p.questions,
        notes,
        subjects,
      };
    } catch (e) {
      if (e instanceof InputError && e.input in fromQuestion) {
        notes.push(`The question's ${e.input.replaceAll("_", " ")} was not used: ${e.message}`);
        delete fromQuestion[e.input];
        continue;
      }
      throw e;
    }
  }
}

/**
 * Asks a question: decides, then runs each chosen tool through its run session, asking
 * `o.answer` for what nothing fills. With `planOnly`, the decision alone.
 */
export async function ask(question: string, o: AskOptions = {}): Promise<AskOutcome> {
  if (o.provider && !o.planOnly && o.tool === undefined) {
    const { askModel } = await import("./model.ts");
    const model = await askModel(question, o.provider, o);
    return {
      question: model.question,
      status: "model",
      why: `${o.provider.kind} ${o.provider.model} chose the tools`,
      model,
    };
  }
  const d = await decide(question, o);
  if (d.status === "which_tool" || d.status === "none") return d;
  if (o.planOnly) {
    return { question: d.question, status: "planned", why: d.why, decision: d, runs: [] };
  }
  const { createSession } = await import("../core/session.ts");
  const runs: AskRun[] = [];
  for (const t of d.tools) {
    const m = o.tools?.find((x) => x.id === t.tool) ?? await toolManifest(t.tool, o.toolsDir);
    const set = Object.fromEntries(
      Object.entries(t.inputs).filter(([, v]) => v.from === "question" || v.from === "explicit")
        .map(([k, v]) => [k, v.value]),
    );
    const session = createSession(m, {
      ...RUN_IO,
      store: o.store,
      builtins: o.builtins,
      plans: o.plans,
      selection: o.selection,
      persona: o.persona,
      set,
      signal: o.signal,
      units: o.units,
      subjects: t.subjects,
    });
    const off = o.onEvent ? session.subscribe(o.onEvent) : undefined;
    try {
      let state = await session.run();
      if (state.status === "needs_input" && o.answer) {
        const given = await o.answer(state.questions, session);
        if (given) {
          state = await session.answer(given.answers, {
            save: given.save,
            parsed: given.parsed,
          });
        }
      }
      runs.push(
        state.status === "done"
          ? { tool: t.tool, status: "done", result: state.result, run_id: state.run_id }
          : { tool: t.tool, status: "needs_input", questions: state.questions },
      );
    } finally {
      off?.();
    }
  }
  return {
    question: d.question,
    status: runs.every((r) => r.status === "done") ? "done" : "needs_input",
    why: d.why,
    decision: d,
    runs,
  };
}

/** What threshold can answer, grouped by what the tools are about (their first subject). */
export function answerGroups(
  cards: ToolCard[],
): { about: string; tools: { tool: string; title: string }[] }[] {
  const groups = new Map<string, { tool: string; title: string }[]>();
  for (const c of cards) {
    const about = SUBJECT_GROUP[c.subjects?.[0] ?? ""] ?? "other questions";
    groups.set(about, [...(groups.get(about) ?? []), { tool: c.id, title: c.title }]);
  }
  // In the order the groups are listed (getting around first), anything else last.
  const order = [...new Set(Object.values(SUBJECT_GROUP))];
  const at = (g: string) => order.includes(g) ? order.indexOf(g) : order.length;
  return [...groups].sort((a, b) => at(a[0]) - at(b[0])).map(([about, tools]) => ({
    about,
    tools,
  }));
}

/** The answer to a question no tool answers: what threshold can answer, in a few lines. */
export function noneAnswer(groups: ReturnType<typeof answerGroups>, weak = false): string {
  return [
    weak
      ? "That question does not point to one thing threshold checks: it answers questions about a building from its scan. Ask about"
      : "threshold cannot answer that: it answers questions about a building from its scan. Ask about",
    ...groups.map((g) => `- ${g.about}: ${g.tools.map((t) => t.title).join(", ")}`),
  ].join("\n");
}

/** One line saying which tool was chosen and why ("Step-free route: its description matches …"). */
export function decisionLine(d: Decision): string {
  if (d.status === "which_tool") return d.ask;
  if (d.status === "none") return d.answer.split("\n")[0];
  return d.tools.map((t) => `${t.title}: ${t.why}`).join("; ");
}
