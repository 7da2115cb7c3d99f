/**
 * runTool: validate given inputs, fill the rest, return questions if any remain, check the
 * required layers, call the handler, fail softly (a crash is an `error` status, missing data
 * an `unknown` verdict), validate the result, persist the run and its findings.
 */
import { CancelledError, formatIssues, InputError } from "./errors.ts";
import {
  findPlan,
  makeCtx,
  type PlanSources,
  requirePlan,
  resolveSite,
  type SiteInfo,
  type StepEvent,
} from "./context.ts";
import { fillInputs, type PersonaPresets, type Question } from "./inputs.ts";
import { hasLayer, missingLayerSentence } from "./layers.ts";
import { type Manifest, scanInputNames } from "./manifest.ts";
import type { LoadedPlan } from "./plan.ts";
import { type Assumption, type InputSource, ToolResult } from "./result.ts";
import type { RasterSource } from "./rasters.ts";
import type { Store } from "./store.ts";
import { honestVerdict } from "./verdict.ts";
import type { Detector } from "../engines/vision/centernet.ts";

export interface RunOptions {
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
  /** The selected scan; defaults to the store's selection. */
  selection?: string;
  /** The active persona; defaults to none. */
  persona?: PersonaPresets;
  /** Receives each step as it happens. */
  onStep?: (e: StepEvent) => void;
  signal?: AbortSignal;
  /** Save the run and its findings in the store (default: true when there is a store). */
  persist?: boolean;
  /** The object detector for vision tools (default: CenterNet from its npm package). */
  detector?: () => Promise<Detector>;
  /** Where `ctx.elevation`/`ctx.imagery` read rasters (default: layers/rasters.ts). */
  rasters?: RasterSource;
}

/**
 * The raster source of layers/rasters.ts, loaded on first use: the GeoTIFF reader stays out
 * of runs that read no raster (and out of the command line's cold start).
 */
const LAYER_RASTERS: RasterSource = {
  elevation: async (...a) => (await import("../layers/rasters.ts")).RASTERS.elevation(...a),
  imagery: async (...a) => (await import("../layers/rasters.ts")).RASTERS.imagery(...a),
};

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
export async function runTool(m: Manifest, opts: RunOptions = {}): Promise<RunOutcome> {
  const t0 = performance.now();
  const store = opts.store;
  const sources: PlanSources = { plans: opts.plans, store, builtins: opts.builtins };
  const filled = fillInputs(m, {
    explicit: opts.set,
    answered: opts.answers,
    selection: opts.selection ?? store?.getSelection("scan"),
    preference: store ? (k) => store.getPref(k) : undefined,
    persona: opts.persona,
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
  const signal = opts.signal ?? new AbortController().signal;
  const ctx = makeCtx({
    sources,
    signal,
    detector: opts.detector,
    rasters: opts.rasters ?? LAYER_RASTERS,
    onStep(text) {
      steps.push(text);
      opts.onStep?.({ text, elapsed_ms: performance.now() - t0, index: steps.length - 1 });
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
    result = {
      ...base,
      verdict: {
        status: "unknown",
        text: missing.map((l) =>
          missingLayerSentence(
            l,
            scan,
            typeof inputs.place === "string" ? inputs.place : undefined,
          )
        ).join(" "),
      },
      metrics: [],
      checks: [],
      findings: [],
      overlays: [],
      assumptions: filled.assumptions,
      steps,
    };
  } else {
    if (signal.aborted) throw new CancelledError();
    try {
      const h = await m.run(ctx, inputs as never);
      if (signal.aborted) throw new CancelledError();
      result = {
        ...base,
        // The truthful-verdict rule (core/verdict.ts), for every tool.
        verdict: honestVerdict(h.verdict, h.checks ?? []),
        metrics: h.metrics ?? [],
        checks: h.checks ?? [],
        findings: h.findings ?? [],
        overlays: h.overlays ?? [],
        assumptions: [...filled.assumptions, ...(h.assumptions ?? [])],
        steps,
        ...(h.data ? { data: h.data } : {}),
      };
      const check = ToolResult.safeParse(result);
      if (!check.success) {
        result = errorResult(
          base,
          steps,
          filled.assumptions,
          `${m.id} returned a result that does not match the ToolResult schema: ${
            formatIssues(check.error.issues).split("\n").slice(0, 3).join("; ")
          }`,
        );
      }
    } catch (e) {
      if (e instanceof InputError || e instanceof CancelledError) throw e;
      if (signal.aborted) throw new CancelledError();
      result = errorResult(
        base,
        steps,
        filled.assumptions,
        `${m.id} failed: ${(e as Error)?.message ?? String(e)}`,
      );
    }
  }
  for (const [sid, ws] of warnings) {
    for (const w of ws) result.assumptions.push({ text: `Scan ${sid}: ${w}.`, from: "plan" });
  }

  const run_id = newRunId(m.id);
  const duration_ms = performance.now() - t0;
  if (store && opts.persist !== false) {
    if (scan !== undefined && result.verdict.status !== "error") {
      const rejected = store.syncFindings(scan, m.id, result.findings, run_id);
      if (rejected.size) {
        result.findings = result.findings.filter((f) => !rejected.has(f.id));
        result.steps.push(
          `${rejected.size} finding(s) you rejected are hidden (threshold findings --all shows them).`,
        );
      }
    }
    store.addRun({
      id: run_id,
      tool: m.id,
      scan,
      status: result.verdict.status,
      inputs: inputsRecord,
      result,
      started_at: new Date(Date.now() - duration_ms).toISOString(),
      duration_ms,
    });
  }
  return { status: "done", result, run_id, duration_ms };
}

function errorResult(
  base: Pick<ToolResult, "tool" | "scan" | "inputs">,
  steps: string[],
  assumptions: Assumption[],
  message: string,
): ToolResult {
  return {
    ...base,
    verdict: { status: "error", text: firstLine(message) },
    metrics: [],
    checks: [],
    findings: [],
    overlays: [],
    assumptions,
    steps,
  };
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
