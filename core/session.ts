/**
 * The run session (design.md § "Surfaces"): fill → questions → answers → run, once, for every
 * surface. A surface (command line, MCP, web view, agent, batch) creates a session for a tool,
 * subscribes to its events the same way, asks the questions it gets in its own medium, hands
 * the answers back as raw values or text, and renders the result. It holds no fill, ask or
 * judge logic of its own: which inputs are fillable and from where, what a question offers as
 * choices, how a typed answer is read and checked, and what may be saved as a preference all
 * live here.
 */
import { chosenUnits, lengthHint, type UnitSystem } from "../ground/units.ts";
import type { z } from "npm:zod@4.6.7";
import { inputWords } from "../ground/text.ts";
import { findPlan, knownScanIds, type PlanSources, type StepEvent } from "./context.ts";
import { CancelledError, InputError } from "../ground/errors.ts";
import { fillable, type FillInfo, fillSentence } from "./fill.ts";
import {
  askOf,
  checkValue,
  type Filled,
  fillInputs,
  type FillSources,
  type Question,
  questionSchema,
} from "./inputs.ts";
import {
  inputDefault,
  inputIsOptional,
  inputMeta,
  type Manifest,
  scanInputNames,
} from "./manifest.ts";
import type { Plan } from "../ground/plan.ts";
import type { InputSource, ToolResult } from "./result.ts";
import type { RunOptions, RunOutcome } from "./run.ts";
import type { Store } from "./store.ts";
import { planNames, resolveRef, roomChoiceName } from "../ground/names.ts";
import { readLength } from "../ground/lengths.ts";
import { round } from "../ground/text.ts";

/** What an input names, when it names a thing in the plan or the store (its choices). */
export type Refers = "scan" | "room" | "door" | "window" | "floor" | "pack";

/** One allowed answer, as a person reads it and as the tool takes it. */
export interface Choice {
  value: string | number | boolean;
  /** What a person reads ("Bathroom 1 (bathroom, Level 1)"). */
  label: string;
}

/** Where a given answer may be kept for later runs. */
export type SaveTarget =
  | { as: "preference"; key: string }
  | { as: "selection" };

/**
 * A question: everything a surface needs to ask for one input well. `kind` says how to ask
 * (a number field with a unit, a yes/no, a pick from choices, free text).
 */
export interface SessionQuestion extends Question {
  /** A short noun phrase for the input ("chair width"). */
  label: string;
  kind: "number" | "integer" | "boolean" | "choice" | "text";
  /** What the input names (rooms, scans …), when it names something. */
  refers?: Refers;
  /** The allowed answers, when they are a closed list (scans, rooms, an enum). */
  choices?: Choice[];
  minimum?: number;
  maximum?: number;
  /** The value it would take if the person does not say (none for a true question). */
  default?: unknown;
  /** Whether and where the answer may be saved, so the next run does not ask again. */
  save?: SaveTarget;
  /**
   * The words of the person's question this asks about ("bathroom"), when it asks which of
   * several things (or of none) the question named: see {@link SubjectAsk}.
   */
  named?: string;
}

/**
 * A subject the person's question named that is not one thing in the plan: `ids` are the
 * things it matches (several: which one?), empty when it matches none (said so, then every
 * choice offered). The session asks it by name before running, even for an optional input.
 */
export interface SubjectAsk {
  input: string;
  /** The question's words for it ("bathroom"). */
  named: string;
  ids: string[];
}

/** Where one input's value came from and what it is (for forms and plan-only answers). */
export interface FilledInput {
  value: unknown;
  from: InputSource;
}

/** What the session knows before running: filled inputs and the questions left. */
export interface Preview {
  tool: string;
  filled: Record<string, FilledInput>;
  questions: SessionQuestion[];
}

/** Events every surface subscribes to the same way. */
export type SessionEvent =
  | { type: "questions"; tool: string; questions: SessionQuestion[] }
  | ({ type: "step"; tool: string } & StepEvent)
  | { type: "result"; tool: string; result: ToolResult; run_id: string; duration_ms: number }
  | { type: "error"; tool: string; kind: "input" | "cancelled"; message: string; input?: string };

/** A session's state after a run attempt. */
export type SessionState =
  | {
    status: "needs_input";
    tool: string;
    questions: SessionQuestion[];
    filled: Record<string, FilledInput>;
  }
  | { status: "done"; tool: string; result: ToolResult; run_id: string; duration_ms: number };

/**
 * How a session is set up: RunOptions without the per-run parts the session owns, and
 * optionally the runner that runs the tool (default runTool; the MCP server runs tools in a
 * worker, host/worker.ts).
 */
export type SessionOptions = Omit<RunOptions, "answers" | "onStep"> & {
  runner?: (m: Manifest, opts: RunOptions) => Promise<RunOutcome>;
  /** Subjects the question named that must be asked about by name (agent/ask.ts). */
  subjects?: SubjectAsk[];
  /**
   * The active persona, read only when the session fills inputs itself (a preview, a run
   * without a `runner`), once: a runner in a worker reads it there, so a tools/call through
   * the pool reads no persona on the serving thread (issue 29). `persona`, when given, wins.
   */
  personaOf?: () => RunOptions["persona"];
};

/** A run session for one tool. */
export interface Session {
  readonly manifest: Manifest;
  /** The answers given so far (parsed and checked). */
  readonly answers: Record<string, unknown>;
  /** Listens to every event; returns the unsubscribe function. */
  subscribe(listener: (e: SessionEvent) => void): () => void;
  /** The events as an async iterator; it ends after a result, an error, or questions. */
  events(): AsyncIterableIterator<SessionEvent>;
  /** Fills without running: what each input would be, and what would be asked. */
  preview(): Preview;
  /** Runs with the answers so far: a result, or the questions nothing fills. */
  run(): Promise<SessionState>;
  /**
   * Takes answers (raw values, or text as a person typed it: "0.76", "Bathroom", "yes"),
   * checks each against its input, saves those named in `save` (preference or selection),
   * then runs. A bad answer is an InputError naming the input; nothing is saved then.
   */
  answer(
    raw: Record<string, unknown>,
    opts?: {
      save?: string[];
      /**
       * The answers were read already, one by one, by {@link parseAnswer} (a terminal that asks
       * again after a bad one): they are taken as read, not read a second time.
       */
      parsed?: boolean;
    },
  ): Promise<SessionState>;
}

/** The name of the input a tool fills from the selected scan, if it has one. */
export function scanInputName(m: Manifest): string | undefined {
  return scanInputNames(m)[0];
}

/**
 * Turns a surface's targeting flags (`--scan`, `--place`, `--pack`) into explicit inputs, with
 * an error naming the flag when the tool takes no such input, or when the same input is also
 * given another value in `set`.
 */
export function targetInputs(
  m: Manifest,
  set: Record<string, unknown>,
  flags: { scan?: string; place?: string; pack?: string },
): Record<string, unknown> {
  const out = { ...set };
  const put = (flag: string, name: string | undefined, value: string | undefined) => {
    if (value === undefined) return;
    if (!name || !(name in m.inputs.shape)) {
      throw new InputError(flag, `${m.id} takes no ${flag.replace(/^--/, "")}`, {
        code: "target.not_taken",
        data: { tool: m.id },
      });
    }
    if (name in out && out[name] !== value) {
      throw new InputError(
        flag,
        `${flag} ${JSON.stringify(value)} conflicts with ${name}=${
          JSON.stringify(out[name])
        } given as well; give it once`,
        { code: "target.conflicts", data: { input: flag, got: value, given: out[name] } },
      );
    }
    out[name] = value;
  };
  put("--scan", scanInputName(m), flags.scan);
  put("--place", "place", flags.place);
  put("--pack", "pack", flags.pack);
  return out;
}

/** An input's fill metadata as plain data (see core/fill.ts). */
export function fillInfo(schema: z.ZodType): FillInfo {
  const meta = inputMeta(schema);
  const def = inputDefault(schema);
  return {
    ...(meta.fill ? { fill: meta.fill } : {}),
    ...(def !== undefined ? { default: def } : {}),
  };
}

/** True when a surface may leave the input out because something else fills it. */
export function isFillable(schema: z.ZodType): boolean {
  return fillable(fillInfo(schema), !inputIsOptional(schema));
}

/** The fill order in words: "the selected scan, else the default 2.13". */
export function fillOrderText(schema: z.ZodType): string | undefined {
  return fillSentence(fillInfo(schema), !inputIsOptional(schema));
}

/** What an input names, from its metadata (`refers`) or, for the scan input, the selection. */
export function inputRefers(schema: z.ZodType): Refers | undefined {
  const meta = inputMeta(schema);
  if (meta.fill?.from === "selection") return "scan";
  const r = meta.refers;
  return typeof r === "string" ? r as Refers : undefined;
}

/** The most rooms a stored scan may have for its rooms, doors and floors to be offered as choices. */
export const MAX_CHOICE_ROOMS = 500;

/** Each plan's names, made once per plan object (a form shows them on every page). */
const NAMES = new WeakMap<Plan, ReturnType<typeof planNames>>();

/**
 * The choices a plan offers for an input that names its rooms, doors, windows or floors, by
 * the one naming source every surface uses (ground/names.ts `planNames`: the names
 * people read in results, disambiguated when they repeat; a room also with its label and
 * floor, `roomChoiceName`). A room the importer derived (not in
 * the file) is no choice: no tool judges it.
 */
export function planChoices(plan: Plan, refers: Refers): Choice[] {
  let names = NAMES.get(plan);
  if (!names) NAMES.set(plan, names = planNames(plan));
  const of = (map: Map<string, string>, ids: string[]): Choice[] =>
    ids.map((id) => ({ value: id, label: map.get(id) ?? id }));
  switch (refers) {
    case "room":
      return plan.rooms.filter((r) => !r.derived).map((r) => ({
        value: r.id,
        label: roomChoiceName(plan, names!, r.id, r),
      }));
    case "floor":
      return of(names.floor, plan.floors.map((f) => f.id));
    case "door":
    case "window":
      return of(
        names.opening,
        plan.openings.filter((o) =>
          o.kind === refers || (refers === "door" && o.kind === "opening")
        ).map((o) => o.id),
      );
    default:
      return [];
  }
}

/** "a, b or c" */
function orList(xs: string[]): string {
  return xs.length > 1 ? `${xs.slice(0, -1).join(", ")} or ${xs.at(-1)}` : xs[0] ?? "";
}

/**
 * Where a room is, for telling same-named rooms apart: "off the laundry" (the first room it
 * shares a door or opening with that is not a closet, else any).
 */
function roomWhere(plan: Plan, names: ReturnType<typeof planNames>, id: string): string {
  const next = plan.openings.filter((o) => o.kind !== "window" && o.between.includes(id))
    .map((o) => o.between.find((b) => b !== id)).filter((b): b is string => !!b);
  const rooms = next.map((n) => plan.rooms.find((r) => r.id === n)).filter((r) => !!r);
  const pick = rooms.find((r) => r!.label !== "closet") ?? rooms[0];
  return pick ? `off the ${names.room.get(pick.id) ?? pick.id}` : "";
}

/**
 * The question for a subject the person named that is not one thing in the plan: the
 * matching choices only, by name (same-named ones told apart by where they are), in a
 * sentence that names them: "Which bathroom: bathroom (1) off the laundry, or bathroom (2)
 * off the living room?"; none matching says so and offers every choice.
 */
export function subjectQuestion(q: SessionQuestion, s: SubjectAsk, plan?: Plan): SessionQuestion {
  const all = q.choices ?? [];
  if (!s.ids.length) {
    const where = plan?.name ? ` in ${plan.name}` : "";
    return { ...q, named: s.named, ask: `There is no ${s.named}${where}. ${q.ask}` };
  }
  let choices = s.ids.map((id) => all.find((c) => c.value === id) ?? { value: id, label: id });
  if (plan && q.refers === "room") {
    // Among rooms of one kind the display name says enough; the floor only when they differ,
    // where each is only when their names repeat.
    const names = planNames(plan);
    const rooms = s.ids.map((id) => plan.rooms.find((r) => r.id === id));
    const floors = new Set(rooms.map((r) => r?.floor));
    const bases = s.ids.map((id) => (names.room.get(id) ?? id).replace(/\s*\(\d+\)$/, ""));
    const repeats = new Set(bases.filter((b, i) => bases.indexOf(b) !== i));
    choices = s.ids.map((id, i) => {
      const r = rooms[i];
      const name = names.room.get(id) ?? id;
      const floor = floors.size > 1 && r ? names.floor.get(r.floor) : undefined;
      const where = repeats.has(bases[i]) ? roomWhere(plan, names, id) : "";
      return { value: id, label: [name, floor, where].filter(Boolean).join(", ") };
    });
  }
  const labels = choices.map((c) => c.label);
  const list = labels.some((l) => l.includes(","))
    ? labels.length > 2
      ? `${labels.slice(0, -1).join("; ")}; or ${labels.at(-1)}`
      : labels.join(", or ")
    : orList(labels);
  return { ...q, kind: "choice", choices, named: s.named, ask: `Which ${s.named}: ${list}?` };
}

/** Scans a person can choose, by name (the stored ones and the built-in ones). */
export function scanChoices(sources: PlanSources): Choice[] {
  const stored = new Map((sources.store?.listScans() ?? []).map((s) => [s.id, s.name]));
  return knownScanIds(sources).map((id) => {
    const name = stored.get(id) ?? (sources.builtins?.[id] ? sources.builtins[id]().plan.name : "");
    return { value: id, label: name && name !== id ? `${name} (${id})` : id };
  });
}

/**
 * Makes a runner's questions into session questions: kind, label, unit, bounds, choices
 * (scans by name; rooms, doors, windows and floors of the chosen scan; enum values), the
 * default, and where an answer may be saved.
 */
export function describeQuestions(
  m: Manifest,
  questions: Question[],
  ctx: { sources: PlanSources; scan?: string },
): SessionQuestion[] {
  const shape = m.inputs.shape as Record<string, z.ZodType>;
  let plan: Plan | undefined;
  let tooMany = false;
  const planOf = () => {
    if (plan === undefined && !tooMany && ctx.scan !== undefined) {
      // A stored scan with more rooms than a pick list should hold is not loaded for its
      // choices (a 100,000-room plan parsed and named per form): its rooms, doors and floors
      // are typed by name or id, which the tools read.
      const row = ctx.sources.plans?.[ctx.scan]
        ? undefined
        : ctx.sources.store?.listScans().find((r) => r.id === ctx.scan);
      if (row && row.rooms > MAX_CHOICE_ROOMS) tooMany = true;
      else plan = findPlan(ctx.sources, ctx.scan)?.plan;
    }
    return plan;
  };
  return questions.map((q) => {
    const schema = shape[q.input];
    const meta = inputMeta(schema);
    const js = q.schema as Record<string, unknown>;
    const refers = inputRefers(schema);
    let choices: Choice[] | undefined;
    if (refers === "scan") choices = scanChoices(ctx.sources);
    else if (refers && refers !== "pack" && planOf()) choices = planChoices(planOf()!, refers);
    else if (Array.isArray(js.enum)) {
      choices = (js.enum as (string | number)[]).map((v) => ({ value: v, label: String(v) }));
    }
    const type = Array.isArray(js.type) ? js.type[0] : js.type;
    const kind: SessionQuestion["kind"] = choices && choices.length
      ? "choice"
      : type === "number"
      ? "number"
      : type === "integer"
      ? "integer"
      : type === "boolean"
      ? "boolean"
      : "text";
    const save: SaveTarget | undefined = meta.fill?.from === "selection"
      ? { as: "selection" }
      : meta.fill?.from === "preference"
      ? { as: "preference", key: meta.fill.key }
      : undefined;
    const def = inputDefault(schema);
    return {
      ...q,
      label: meta.label ?? inputWords(q.input),
      kind,
      ...(refers ? { refers } : {}),
      ...(choices && choices.length ? { choices } : {}),
      ...(typeof js.minimum === "number" ? { minimum: js.minimum } : {}),
      ...(typeof js.maximum === "number" ? { maximum: js.maximum } : {}),
      ...(def !== undefined ? { default: def } : {}),
      ...(save ? { save } : {}),
    };
  });
}

/**
 * Reads one answer as a person gave it: a raw value passes through; text is read by the
 * question's kind (a number, yes/no, one of the choices by value or label, case-insensitive),
 * then checked against the input's schema. Throws an InputError naming the input.
 */
export function parseAnswer(m: Manifest, q: SessionQuestion, raw: unknown): unknown {
  const schema = (m.inputs.shape as Record<string, z.ZodType>)[q.input];
  let value: unknown = raw;
  if (typeof raw === "string") {
    const t = raw.trim();
    if (q.kind === "number" || q.kind === "integer") {
      // Read by the filler's one reader (core/inputs.ts readText): a length in any unit.
      value = t;
    } else if (q.kind === "boolean") {
      if (/^(y|yes|true|1|on)$/i.test(t)) value = true;
      else if (/^(n|no|false|0|off)$/i.test(t)) value = false;
      else value = t;
    } else if (q.kind === "choice" && q.choices) {
      const lower = t.toLowerCase();
      const hit = q.choices.find((c) => String(c.value).toLowerCase() === lower) ??
        exactlyOne(q.choices.filter((c) => c.label.toLowerCase() === lower)) ??
        exactlyOne(q.choices.filter((c) => c.label.toLowerCase().startsWith(lower)));
      if (!hit && /^\d+$/.test(t) && Number(t) >= 1 && Number(t) <= q.choices.length) {
        value = q.choices[Number(t) - 1].value;
      } else if (hit) value = hit.value;
      else if (q.refers && q.refers !== "scan") value = t; // tools read names and labels too
      else {
        throw new InputError(
          q.input,
          `${JSON.stringify(t)} is not one of the choices; allowed: ${
            q.choices.map((c) => c.label).join(", ")
          }`,
          { code: "answer.not_a_choice", data: { got: t, allowed: q.choices.map((c) => c.value) } },
        );
      }
    } else value = t;
  }
  return checkValue(m, q.input, schema, value, "answered");
}

/**
 * The unit a question shows after its sentence: a length may be given in any unit, the
 * question's unit system first ("(m, or with a unit: 66 cm, 26 in, 2' 10\")", ground/units.ts
 * lengthHint); other units as they are.
 */
export function unitHint(q: Pick<SessionQuestion, "unit" | "units">): string {
  return q.unit === "m" ? lengthHint(q.units ?? "metric") : q.unit ? `(${q.unit})` : "";
}

/**
 * An answer as it is echoed back, in the person's own units: "66 cm (0.66 m)", "2′ 10″
 * (0.864 m)", "0.66 m"; a choice by its name; anything else as typed.
 */
export function answerShown(q: SessionQuestion, raw: unknown, value: unknown): string {
  const choice = q.choices?.find((c) => c.value === value)?.label;
  if (choice) return choice;
  if (typeof raw === "string" && q.unit === "m" && typeof value === "number") {
    const l = readLength(raw);
    if (l) return l.unit === "m" ? l.shown : `${l.shown} (${round(value, 3)} m)`;
  }
  if (typeof raw === "string") return raw.trim();
  return `${JSON.stringify(raw)}${q.unit ? ` ${q.unit}` : ""}`;
}

function exactlyOne<T>(xs: T[]): T | undefined {
  return xs.length === 1 ? xs[0] : undefined;
}

/** Keeps an answer for later runs where the question allows it. */
export function saveAnswer(store: Store, q: SessionQuestion, value: unknown): void {
  if (!q.save) {
    throw new InputError(q.input, "cannot be saved: it is neither a preference nor the selection", {
      code: "answer.not_saveable",
    });
  }
  if (q.save.as === "selection") store.setSelection("scan", String(value));
  else store.setPref(q.save.key, value);
}

/**
 * Answers read against the questions known (or a bare question for an input answered before
 * it was asked), unless already read (`parsed`); those to save are saved. An answer to save
 * that was not given, or a save without a store, is an InputError naming it.
 */
function readAnswers(
  m: Manifest,
  raw: Record<string, unknown>,
  o: { save?: string[]; parsed?: boolean },
  c: { known: SessionQuestion[]; sources: PlanSources; store?: Store },
): Record<string, unknown> {
  const question = (name: string) =>
    c.known.find((x) => x.input === name) ??
      describeQuestions(m, [questionOf(m, name)], { sources: c.sources })[0];
  const parsed: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(raw)) {
    if (v === undefined || v === null) continue;
    parsed[name] = o.parsed ? v : parseAnswer(m, question(name), v);
  }
  for (const name of o.save ?? []) {
    if (!(name in parsed)) {
      throw new InputError(name, "was not answered, so there is nothing to save", {
        code: "answer.not_answered",
      });
    }
  }
  if (o.save?.length) {
    if (!c.store) {
      throw new InputError("save", "there is no store to save answers in", {
        code: "answer.no_store",
      });
    }
    for (const name of o.save) saveAnswer(c.store, question(name), parsed[name]);
  }
  return parsed;
}

/** The error event of a run that threw: bad input or a cancel (anything else has none). */
function errorEvent(tool: string, e: unknown): SessionEvent | undefined {
  if (e instanceof InputError) {
    return { type: "error", tool, kind: "input", message: e.message, input: e.input };
  }
  if (e instanceof CancelledError) {
    return { type: "error", tool, kind: "cancelled", message: `${tool} was cancelled` };
  }
  return undefined;
}

/**
 * A session's events as an async iterator: steps as they come, ending after the first event
 * that is not a step (questions, a result or an error); leaving early unsubscribes.
 */
function eventsOf(
  subscribe: (listener: (e: SessionEvent) => void) => () => void,
): AsyncIterableIterator<SessionEvent> {
  const queue: SessionEvent[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  const off = subscribe((e) => {
    queue.push(e);
    if (e.type !== "step") done = true;
    wake?.();
  });
  const it: AsyncIterableIterator<SessionEvent> = {
    async next() {
      while (!queue.length) {
        if (done) {
          off();
          return { value: undefined, done: true };
        }
        await new Promise<void>((r) => (wake = r));
        wake = undefined;
      }
      return { value: queue.shift()!, done: false };
    },
    return() {
      off();
      done = true;
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return it;
    },
  };
  return it;
}

/** The unit system a session's sentences are made in: the option, else display.units, else metric. */
function sessionUnits(opts: SessionOptions) {
  return chosenUnits(opts.units, opts.units ? undefined : opts.store?.getPref("display.units"));
}

/**
 * What a session's fill draws on: the store's selection, preferences and (through
 * `personaOf`) persona are read as the fill needs them, not before.
 */
function fillSources(
  opts: SessionOptions,
  explicit: Record<string, unknown> | undefined,
  answered: Record<string, unknown>,
  persona: () => FillSources["persona"],
): FillSources {
  const store = opts.store;
  return {
    explicit,
    answered,
    selection: opts.selection,
    selectionOf: store ? () => store.getSelection("scan") : undefined,
    preference: store ? (k) => store.getPref(k) : undefined,
    persona: persona(),
    units: sessionUnits(opts),
  };
}

/** `f`'s value, worked out on the first call only. */
function once<T>(f: () => T): () => T {
  let got: { v: T } | undefined;
  return () => (got ??= { v: f() }).v;
}

/** Creates a run session for tool `m`. */
export function createSession(m: Manifest, opts: SessionOptions = {}): Session {
  const listeners = new Set<(e: SessionEvent) => void>();
  const answers: Record<string, unknown> = {};
  let lastQuestions: SessionQuestion[] = [];
  const sources: PlanSources = { plans: opts.plans, store: opts.store, builtins: opts.builtins };
  const emit = (e: SessionEvent) => [...listeners].forEach((l) => l(e));
  // The fill and the preview for the answers so far, made once until an answer changes them:
  // a surface's preview, the answers read against it and the run share one fill.
  let filledNow: Filled | undefined;
  let previewNow: Preview | undefined;
  const persona = once(() => opts.persona ?? opts.personaOf?.());
  const fillNow = () =>
    filledNow ??= fillInputs(m, fillSources(opts, explicit(), answers, persona));
  const scanOf = (filled: Record<string, { value: unknown }>) => {
    const name = scanInputName(m);
    const v = name ? filled[name]?.value : undefined;
    return typeof v === "string" ? v : undefined;
  };

  /**
   * Given names that are several things in the plan ("bedroom" for `to` on a home with two):
   * a subject to ask about, unless answered. Only text that is not an id is looked up.
   */
  const ambiguous = (scan: string | undefined): SubjectAsk[] => {
    const out: SubjectAsk[] = [];
    if (!opts.set || scan === undefined) return out;
    const shape = m.inputs.shape as Record<string, z.ZodType>;
    let plan: Plan | undefined | null = null;
    for (const [name, v] of Object.entries(opts.set)) {
      if (typeof v !== "string" || !(name in shape)) continue;
      const refers = inputRefers(shape[name]);
      if (refers !== "room" && refers !== "door" && refers !== "window" && refers !== "floor") {
        continue;
      }
      if (plan === null) plan = findPlan(sources, scan)?.plan;
      if (!plan) return out;
      const r = resolveRef(plan, refers, v);
      if (!r.ok && r.reason === "ambiguous") {
        out.push({ input: name, named: v.trim(), ids: r.candidates.map((c) => c.id) });
      }
    }
    return out;
  };
  const scanGiven = () => {
    const name = scanInputName(m);
    const v = name ? (opts.set?.[name] ?? answers[name]) : undefined;
    return typeof v === "string" ? v : opts.selection ?? opts.store?.getSelection("scan");
  };
  /** The subjects still to ask about: the question's, and given names that are several things. */
  const openSubjects = (scan: string | undefined): SubjectAsk[] => [
    ...(opts.subjects ?? []).filter((x) =>
      !(x.input in answers) && !(opts.set && opts.set[x.input] !== undefined)
    ),
    ...ambiguous(scan).filter((x) => !(x.input in answers)),
  ];
  /** The explicit values, without a name that was several things once it is answered. */
  const explicit = (): Record<string, unknown> | undefined => {
    if (!opts.set) return opts.set;
    const settled = ambiguous(scanGiven()).filter((x) => x.input in answers);
    if (!settled.length) return opts.set;
    const out = { ...opts.set };
    for (const x of settled) delete out[x.input];
    return out;
  };

  const session: Session = {
    manifest: m,
    answers,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    events() {
      return eventsOf(session.subscribe);
    },
    preview() {
      if (previewNow) return previewNow;
      const f = fillNow();
      const filled = Object.fromEntries(
        Object.keys(f.values).map((k) => [k, { value: f.values[k], from: f.from[k] }]),
      );
      const scan = scanOf(filled);
      let questions = describeQuestions(m, f.questions, { sources, scan });
      // Subjects named and not settled (by the question, or a name given that is several
      // things in the plan): asked first, by name, with only the matching choices.
      const open = openSubjects(scan);
      if (open.length) {
        const plan = scan !== undefined ? findPlan(sources, scan)?.plan : undefined;
        const asked = open.map((x) => {
          const q = questions.find((y) => y.input === x.input) ??
            describeQuestions(m, [questionOf(m, x.input)], { sources, scan })[0];
          return subjectQuestion(q, x, plan);
        });
        questions = [...asked, ...questions.filter((q) => !open.some((x) => x.input === q.input))];
      }
      return previewNow = { tool: m.id, filled, questions };
    },
    async run() {
      // A subject named that is not settled is asked before anything runs.
      if (openSubjects(scanGiven()).length) {
        const p = session.preview();
        lastQuestions = p.questions;
        emit({ type: "questions", tool: m.id, questions: lastQuestions });
        return { status: "needs_input", tool: m.id, questions: lastQuestions, filled: p.filled };
      }
      let out: RunOutcome;
      try {
        // The runner (and the layers and verdict rules with it) loads only when a tool runs:
        // a preview (`threshold ask --plan-only`) never needs it.
        const runner = opts.runner ?? (await import("./run.ts")).runTool;
        out = await runner(m, {
          ...opts,
          set: explicit(),
          answers,
          // The session's own fill goes with the run, so runTool does not fill again (a runner
          // of the caller's, in another thread, fills for itself).
          ...(opts.runner ? {} : { filled: fillNow() }),
          onStep: (e) => emit({ type: "step", tool: m.id, ...e }),
        });
      } catch (e) {
        const ev = errorEvent(m.id, e);
        if (ev) emit(ev);
        throw e;
      }
      if (out.status === "needs_input") {
        lastQuestions = describeQuestions(m, out.questions, { sources, scan: scanOf(out.filled) });
        emit({ type: "questions", tool: m.id, questions: lastQuestions });
        return { status: "needs_input", tool: m.id, questions: lastQuestions, filled: out.filled };
      }
      const { result, run_id, duration_ms } = out;
      emit({ type: "result", tool: m.id, result, run_id, duration_ms });
      return { status: "done", tool: m.id, result, run_id, duration_ms };
    },
    async answer(raw, o = {}) {
      const known = lastQuestions.length ? lastQuestions : session.preview().questions;
      const parsed = readAnswers(m, raw, o, { known, sources, store: opts.store });
      Object.assign(answers, parsed);
      filledNow = previewNow = undefined;
      return await session.run();
    },
  };
  return session;
}

/**
 * Every input of `m` described as a question would be (kind, label, unit, bounds, choices by
 * name, default, save target), whether or not anything fills it: what a form needs to show
 * each input with its value and let a person change it. `scan` names the scan whose rooms,
 * doors, windows and floors are offered as choices.
 */
export function describeInputs(
  m: Manifest,
  ctx: { sources: PlanSources; scan?: string; units?: UnitSystem },
): SessionQuestion[] {
  const qs = Object.keys(m.inputs.shape).map((n) => questionOf(m, n, ctx.units));
  return describeQuestions(m, qs, ctx);
}

/** A bare question for any input of `m` (an answer given before it was asked). */
function questionOf(m: Manifest, name: string, units: UnitSystem = "metric"): Question {
  const shape = m.inputs.shape as Record<string, z.ZodType>;
  if (!(name in shape)) {
    throw new InputError(
      name,
      `not an input of ${m.id}; its inputs are: ${Object.keys(shape).join(", ") || "none"}`,
      { code: "input.unknown", data: { got: name, tool: m.id, allowed: Object.keys(shape) } },
    );
  }
  return { ...askOf(name, inputMeta(shape[name]), units), schema: questionSchema(m, name) };
}
