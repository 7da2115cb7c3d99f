/**
 * runTool: validate given inputs, fill the rest, return questions if any remain, check the
 * required layers, call the handler, fail softly (a crash is an `error` status, missing data
 * an `unknown` verdict), validate the result, persist the run and its findings.
 */
import { CancelledError, formatIssues, InputError } from "../ground/errors.ts";
import {
  findPlan,
  makeCtx,
  type PlanSources,
  requirePlan,
  resolveSite,
  type RunIo,
  type StepEvent,
} from "./context.ts";
import type { SiteInfo } from "../ground/site.ts";
import { type Filled, fillInputs, type PersonaPresets, type Question } from "./inputs.ts";
import { hasLayer, missingLayerSentence } from "./layers.ts";
import { type Layer, type Manifest, scanInputNames } from "./manifest.ts";
import type { LoadedPlan, Plan } from "../ground/plan.ts";
import {
  type Assumption,
  type CodeData,
  emptyResult,
  type InputSource,
  type Said,
  type Status,
  ToolResult,
  type Verdict,
} from "./result.ts";
import { plainlyToolResult } from "./result_check.ts";
import { BudgetExceeded, withBudget } from "../ground/budget.ts";
import { chosenUnits, type UnitSystem } from "../ground/units.ts";
import { withUnits } from "../ground/units_now.ts";
import type { Store } from "./store.ts";
import type { DetectionCache } from "./detections.ts";
import { honestVerdict } from "./verdict.ts";
import { sayRun } from "./run_wording.ts";
import { judgedScope } from "./findings.ts";

export interface RunOptions extends RunIo {
  /** Preferences, personas, the selection, stored scans; runs and findings are saved here. */
  store?: Store;
  /** Plans in hand, by scan id (library use); looked up before the store. */
  plans?: Record<string, LoadedPlan>;
  /** Scans available without importing (the demo building). */
  builtins?: Record<string, () => LoadedPlan>;
  /** Values the person gives explicitly; they win over every other source. */
  set?: Record<string, unknown>;
  /** Answers to questions asked in this run. */
  answers?: Record<string, unknown>;
  /**
   * The inputs already filled from these same sources and answers (a run session's fill,
   * core/session.ts): taken as they are, not filled a second time.
   */
  filled?: Filled;
  /** The selected scan; defaults to the store's selection. */
  selection?: string;
  /** The active persona; defaults to none. */
  persona?: PersonaPresets;
  /** Receives each step as it happens. */
  onStep?: (e: StepEvent) => void;
  signal?: AbortSignal;
  /** Save the run and its findings in the store (default: true when there is a store). */
  persist?: boolean;
  /**
   * The most seconds the tool may run; past it the run ends as an `error` naming the limit.
   * Default: the preference `run.time_limit_s`, else {@link DEFAULT_TIME_LIMIT_S}.
   */
  time_limit_s?: number;
  /**
   * A cancel flag shared with another thread (Int32Array over a SharedArrayBuffer): storing
   * 1 at index 0 stops the engines at their next checkpoint (ground/budget.ts).
   */
  cancel_flag?: Int32Array;
  /**
   * The unit system the run's sentences are made in (steps, labels, notes, findings,
   * verdicts); data stays SI. Default: the preference `display.units`, else metric.
   */
  units?: UnitSystem;
  /**
   * Called once the result is final (the person's rejected findings hidden) and before the
   * run's own row is written and committed, which follow at once in the same transaction:
   * a caller may answer with the result while the row is written (the MCP tool worker,
   * issue 29). A write that then fails still rejects runTool. Not called when nothing is
   * saved (no store, `persist: false`, a read-only store).
   */
  onSettled?: (outcome: Extract<RunOutcome, { status: "done" }>) => void;
  /**
   * Where the vision tools' detections are read and kept (by image hash and detector key).
   * Default: the store's, else this process's memory.
   */
  detections?: DetectionCache;
}

/** The unit system a run's sentences are made in: the option, else the preference, else metric. */
export function runUnits(opts: Pick<RunOptions, "units" | "store">): UnitSystem {
  return chosenUnits(opts.units, opts.units ? undefined : opts.store?.getPref("display.units"));
}

/** Default time limit of one tool run, seconds (preference `run.time_limit_s`). */
export const DEFAULT_TIME_LIMIT_S = 120;

/** The time limit a run gets: the option, else the preference, else the default. */
export function timeLimit(opts: Pick<RunOptions, "time_limit_s" | "store">): {
  seconds: number;
  /** Where the limit came from: the run's option, the preference, or the default. */
  from: "option" | "preference" | "default";
  text: string;
} {
  if (opts.time_limit_s !== undefined) {
    return {
      seconds: opts.time_limit_s,
      from: "option",
      text: `the time limit of ${opts.time_limit_s} s`,
    };
  }
  const pref = opts.store?.getPref("run.time_limit_s");
  if (typeof pref === "number" && Number.isFinite(pref) && pref > 0) {
    return {
      seconds: pref,
      from: "preference",
      text: `the time limit of ${pref} s (preference run.time_limit_s)`,
    };
  }
  return {
    seconds: DEFAULT_TIME_LIMIT_S,
    from: "default",
    text:
      `the time limit of ${DEFAULT_TIME_LIMIT_S} s (the default; raise it with threshold prefs set run.time_limit_s <seconds>)`,
  };
}

export type RunOutcome =
  | { status: "done"; result: ToolResult; run_id: string; duration_ms: number }
  | {
    status: "needs_input";
    tool: string;
    questions: Question[];
    filled: Record<string, { value: unknown; from: InputSource }>;
  };

let runCounter = 0;
function newRunId(tool: string): string {
  const t = Date.now().toString(36);
  const r = crypto.getRandomValues(new Uint32Array(1))[0].toString(36);
  return `${tool}-${t}-${(runCounter++).toString(36)}${r}`;
}

/**
 * Runs one tool. Bad input throws an InputError; a cancelled run throws a CancelledError;
 * everything else comes back as a result (pass, fail, warn, unknown or error).
 */
export function runTool(m: Manifest, opts: RunOptions = {}): Promise<RunOutcome> {
  // Read once (a preference: a store read), for the sentences and for the fill.
  const units = runUnits(opts);
  return withUnits(units, () => runIn(m, opts, units));
}

async function runIn(m: Manifest, opts: RunOptions, units: UnitSystem): Promise<RunOutcome> {
  const t0 = performance.now();
  const store = opts.store;
  const sources: PlanSources = {
    plans: opts.plans,
    store,
    builtins: opts.builtins,
    read: new Map(),
  };
  const filled = opts.filled ?? fillInputs(m, {
    explicit: opts.set,
    answered: opts.answers,
    selection: opts.selection,
    selectionOf: store ? () => store.getSelection("scan") : undefined,
    preference: store ? (k) => store.getPref(k) : undefined,
    persona: opts.persona,
    units,
  });
  const inputsRecord = Object.fromEntries(
    Object.keys(filled.values).map((k) => [k, { value: filled.values[k], from: filled.from[k] }]),
  );
  if (filled.questions.length) {
    return { status: "needs_input", tool: m.id, questions: filled.questions, filled: inputsRecord };
  }
  const parsed = m.inputs.safeParse(filled.values);
  if (!parsed.success) throw new InputError(m.id, formatIssues(parsed.error.issues));
  const inputs = parsed.data as Record<string, unknown>;

  // The scan(s) must exist: an unknown scan is bad input, not missing data.
  const scanNames = scanInputNames(m);
  const scan = scanNames.length ? String(inputs[scanNames[0]]) : undefined;
  const warnings = new Map<string, string[]>();
  let loaded: LoadedPlan | undefined;
  for (const name of scanNames) {
    const l = requirePlan(sources, String(inputs[name]), name);
    if (name === scanNames[0]) loaded = l;
  }
  if (loaded && scan !== undefined && loaded.warnings.length) warnings.set(scan, loaded.warnings);

  const steps: string[] = [];
  const stepCodes: { code: string; data: CodeData }[] = [];
  const signal = opts.signal ?? new AbortController().signal;
  const ctx = makeCtx({
    sources,
    signal,
    io: opts,
    detections: opts.detections,
    onStep({ code, data, text }) {
      steps.push(text);
      stepCodes.push({ code, data });
      opts.onStep?.({
        text,
        code,
        data,
        elapsed_ms: performance.now() - t0,
        index: steps.length - 1,
      });
    },
    onPlan(sid, l) {
      if (l.warnings.length) warnings.set(sid, l.warnings);
    },
  });

  const base = {
    tool: m.id,
    ...(scan !== undefined ? { scan } : {}),
    inputs: inputsRecord,
  };
  let result: ToolResult;
  const missing = missingLayers(m, loaded, sources, inputs, scan);
  if (missing.length) {
    const place = typeof inputs.place === "string" ? inputs.place : undefined;
    const plan = loaded?.plan ?? (scan ? findPlan(sources, scan)?.plan : undefined);
    result = emptyResult(
      base,
      missingVerdict(missing, scan, place, plan),
      steps,
      filled.assumptions,
    );
  } else {
    if (signal.aborted) throw new CancelledError();
    result = await callHandler(m, ctx, inputs, { base, steps, assumptions: filled.assumptions }, {
      ...opts,
      signal,
    });
  }
  // Every step's code and data beside its sentence (the runner's own steps add to both).
  result.step_codes = stepCodes;
  if (loaded?.plan.implausible?.length) judgeImplausible(result, loaded.plan);
  for (const [sid, ws] of warnings) {
    for (const w of ws) {
      result.assumptions.push(
        sayRun.assumption("assumption.plan_warning", { scan: sid, warning: w }, { from: "plan" }),
      );
    }
  }

  const run_id = newRunId(m.id);
  const duration_ms = performance.now() - t0;
  if (store && opts.persist !== false) {
    const run = { scan, result, run_id, inputs: inputsRecord, duration_ms };
    persistRun(store, m, run, opts.rescan, opts.onSettled);
  }
  return { status: "done", result, run_id, duration_ms };
}

/** What a run's result starts from: its tool, scan and inputs, its steps, the fill's assumptions. */
interface ResultStart {
  base: Pick<ToolResult, "tool" | "scan" | "inputs">;
  steps: string[];
  assumptions: Assumption[];
}

/**
 * Calls the tool's handler under the run's time limit (engines stop at their checkpoints; a
 * timer stops a handler that awaits) and checks what it returns against the ToolResult schema.
 * A crash, a run past the limit or a result off the schema is an `error` result; bad input and
 * a cancelled run are thrown.
 */
async function callHandler(
  m: Manifest,
  ctx: ReturnType<typeof makeCtx>,
  inputs: Record<string, unknown>,
  { base, steps, assumptions }: ResultStart,
  opts: RunOptions & { signal: AbortSignal },
): Promise<ToolResult> {
  const signal = opts.signal;
  let result: ToolResult;
  const limit = timeLimit(opts);
  // The deadline stops engines at their checkpoints; the timer stops a handler that awaits.
  // One controller for the caller's signal and the timer, its listeners removed when the run
  // ends: AbortSignal.any keeps each run's signal (and what its listeners hold: the whole run)
  // alive through WeakRefs until the task ends, and a loop of runs that awaits only promises
  // never ends its task (6,000 runs in one loop ran out of memory at ~1 GB).
  const abort = new AbortController();
  const both = abort.signal;
  const fromCaller = () => abort.abort(signal.reason);
  if (signal.aborted) fromCaller();
  else signal.addEventListener("abort", fromCaller, { once: true });
  const handle = setTimeout(
    () => abort.abort(new BudgetExceeded(false, `stopped at ${limit.text}`, limit.text)),
    Math.min(limit.seconds * 1000, 2 ** 31 - 1),
  );
  let stop: (() => void) | undefined;
  try {
    const h = await withBudget(
      {
        deadline_ms: performance.now() + limit.seconds * 1000,
        limit_text: limit.text,
        signal: both,
        ...(opts.cancel_flag ? { cancel: opts.cancel_flag } : {}),
      },
      () =>
        Promise.race([
          m.run({ ...ctx, signal: both } as typeof ctx, inputs as never),
          new Promise<never>((_, reject) => {
            stop = () => reject(both.reason);
            if (both.aborted) stop();
            else both.addEventListener("abort", stop, { once: true });
          }),
        ]),
    );
    if (signal.aborted) throw new CancelledError();
    result = {
      ...base,
      // The truthful-verdict rule (core/verdict.ts), for every tool.
      verdict: honestVerdict(h.verdict, h.checks ?? []),
      metrics: h.metrics ?? [],
      checks: h.checks ?? [],
      findings: h.findings ?? [],
      overlays: h.overlays ?? [],
      assumptions: [...assumptions, ...(h.assumptions ?? [])],
      steps,
      ...(h.data ? { data: h.data } : {}),
    };
    // Proved plainly on the schema by a fast walk, else asked of the schema itself: the same
    // results accepted and rejected (core/result_check.ts; issue 29).
    const check = plainlyToolResult(result) ? undefined : ToolResult.safeParse(result);
    if (check && !check.success) {
      result = errorResult(
        base,
        steps,
        assumptions,
        `${m.id} returned a result that does not match the ToolResult schema: ${
          formatIssues(check.error.issues).split("\n").slice(0, 3).join("; ")
        }`,
        "run.bad_result",
      );
    }
  } catch (e) {
    if (e instanceof InputError || e instanceof CancelledError) throw e;
    if (signal.aborted) throw new CancelledError();
    if (e instanceof BudgetExceeded && e.cancelled) throw new CancelledError();
    const over = e instanceof BudgetExceeded && !e.cancelled;
    result = errorResult(
      base,
      steps,
      assumptions,
      over
        ? `${m.id} ${(e as Error).message}: the run took too long and was stopped.`
        : `${m.id} failed: ${(e as Error)?.message ?? String(e)}`,
      over ? "run.time_limit" : "run.failed",
    );
  } finally {
    clearTimeout(handle);
    signal.removeEventListener("abort", fromCaller);
    if (stop) both.removeEventListener("abort", stop);
  }
  return result;
}

/** A step of the runner's own, added to the result's steps and their codes. */
function runnerStep(result: ToolResult, s: Said): void {
  result.steps.push(s.text);
  (result.step_codes ??= []).push({ code: s.code, data: s.data });
}

/**
 * Saves the run and its findings, hiding from the result the findings the person rejected; a
 * read-only store (or a full disk) saves nothing and the result's steps say so.
 */
function persistRun(
  store: Store,
  m: Manifest,
  run: RunToSave,
  rescan?: RunIo["rescan"],
  settled?: RunOptions["onSettled"],
): void {
  if (store.readOnly) {
    runnerStep(
      run.result,
      sayRun.step("step.not_saved", { why: store.readOnlyWhy === "full" ? "full" : "read_only" }),
    );
    return;
  }
  // One write transaction for the findings, the re-scan's carry-over and the run (a store
  // without transactions writes each on its own): they are saved together or not at all, and
  // the store's write lock is taken once a run instead of twice.
  const save = () => saveRun(store, m, run, rescan, settled);
  if (store.transaction) store.transaction(save);
  else save();
}

/** What {@link persistRun} saves of a run. */
interface RunToSave {
  scan: string | undefined;
  result: ToolResult;
  run_id: string;
  inputs: ToolResult["inputs"];
  duration_ms: number;
}

/** The writes of {@link persistRun}: findings (hiding the rejected ones), carry-over, run. */
function saveRun(
  store: Store,
  m: Manifest,
  { scan, result, run_id, inputs, duration_ms }: RunToSave,
  rescan?: RunIo["rescan"],
  settled?: RunOptions["onSettled"],
): void {
  if (scan !== undefined && result.verdict.status !== "error") {
    const judged = judgedScope(m, result);
    const rejected = store.syncFindings(scan, m.id, result.findings, run_id, judged);
    if (rejected.size) {
      result.findings = result.findings.filter((f) => !rejected.has(f.id));
      runnerStep(result, sayRun.step("step.rejected_hidden", { findings: rejected.size }));
    }
    // A re-scan of a building stored before: its findings matched to that scan's.
    rescan?.(store, scan, m.id, result, judged);
  }
  settled?.({ status: "done", result, run_id, duration_ms });
  store.addRun({
    id: run_id,
    tool: m.id,
    scan,
    status: result.verdict.status,
    inputs,
    result,
    started_at: new Date(Date.now() - duration_ms).toISOString(),
    duration_ms,
  });
}

/**
 * Turns what a result says about implausible elements (`plan.implausible`, marked by the
 * plausibility pass after import) into `unknown`: their checks, their findings' titles, and
 * the verdict when no judged subject is left to carry it. Never a pass or fail on them.
 */
export function judgeImplausible(result: ToolResult, plan: Pick<Plan, "implausible">): void {
  const marks = plan.implausible ?? [];
  if (!marks.length || result.verdict.status === "error") return;
  const why = new Map<string, string[]>();
  for (const m of marks) why.set(m.subject, [...(why.get(m.subject) ?? []), m.reason]);
  const judged: Status[] = ["pass", "fail", "warn"];
  let n = 0;
  const subjects = new Set<string>();
  for (const c of result.checks) {
    const w = c.subject !== undefined ? why.get(c.subject) : undefined;
    if (!w) continue;
    // Already unknown (the value was dropped): still counted, so the verdict says so.
    if (!judged.includes(c.status) && c.status !== "unknown") continue;
    c.status = "unknown";
    c.note = `Not judged: the scan's ${w.join("; ")}`;
    n++;
    subjects.add(c.subject!);
  }
  for (const f of result.findings) {
    const w = f.subject !== undefined ? why.get(f.subject) : undefined;
    if (!w || !subjects.has(f.subject!)) continue;
    f.severity = "info";
    f.title = `Not judged (implausible scan value): ${f.title}`;
    // The tool's own detail was worked out from the implausible value (a door "0.00 m
    // clear"): like SQL's NULL, nothing computed from it is repeated; the reason is.
    f.detail = `The scan's ${w.join("; ")}.`;
  }
  if (!n) return;
  const rest = result.checks.filter((c) => judged.includes(c.status)).map((c) => c.status);
  const worst: Status = rest.includes("fail") ? "fail" : rest.includes("warn") ? "warn" : "unknown";
  const names = [...subjects].slice(0, 5).join(", ") + (subjects.size > 5 ? " …" : "");
  const lead = `${n} check${
    n === 1 ? "" : "s"
  } on ${names} could not be judged: the scan's values there are implausible (see the import warnings).`;
  const was = result.verdict.status;
  if (was === "pass" || (judged.includes(was) && worst !== was)) {
    const passed = rest.filter((s) => s === "pass").length;
    result.verdict = {
      status: worst,
      code: "run.implausible",
      data: { implausible: n, subjects: [...subjects], passed, others: rest.length },
      text: `${lead} Of the others, ${passed} passed${
        worst !== "unknown" ? `, ${rest.length - passed} did not` : ""
      }.`,
    };
  } else if (judged.includes(was)) {
    result.verdict = {
      status: was,
      code: "run.implausible_beside",
      data: {
        implausible: n,
        subjects: [...subjects],
        tool: { code: result.verdict.code, data: result.verdict.data },
      },
      text: `${lead} The tool's own summary, which still counted them: ${result.verdict.text}`,
    };
  }
}

/** The `unknown` verdict of a run whose required layers are missing: which, and why. */
function missingVerdict(missing: Layer[], scan?: string, place?: string, plan?: Plan): Verdict {
  return {
    status: "unknown",
    code: "run.missing_layer",
    data: { layers: missing, ...(scan !== undefined ? { scan } : {}) },
    text: missing.map((l) => missingLayerSentence(l, scan, place, plan)).join(" "),
  };
}

function errorResult(
  base: Pick<ToolResult, "tool" | "scan" | "inputs">,
  steps: string[],
  assumptions: Assumption[],
  message: string,
  code: "run.bad_result" | "run.time_limit" | "run.failed",
): ToolResult {
  const text = firstLine(message);
  return emptyResult(
    base,
    { status: "error", code, data: { tool: base.tool }, text },
    steps,
    assumptions,
  );
}

function firstLine(s: string): string {
  return s.split("\n")[0].slice(0, 500);
}

function missingLayers(
  m: Manifest,
  loaded: LoadedPlan | undefined,
  sources: PlanSources,
  inputs: Record<string, unknown>,
  scan: string | undefined,
) {
  const needed = m.requires.filter((r) => !r.optional).map((r) => r.layer);
  if (!needed.length) return [];
  let site: SiteInfo | undefined;
  if (needed.some((l) => l.startsWith("site."))) {
    const place = typeof inputs.place === "string" ? inputs.place : scan;
    if (place !== undefined) site = resolveSite(sources, place);
  }
  const plan = loaded?.plan ?? (scan ? findPlan(sources, scan)?.plan : undefined);
  return needed.filter((l) => !hasLayer(l, plan, site));
}
