/**
 * ToolResult: what every tool returns and every surface renders (design.md § "A result"),
 * with the uncertainty rule for checks and the `forModel` projection.
 */
import { z } from "npm:zod@4.6.7";
import { type Comparator, Geometry, judge } from "../ground/plan.ts";
import { sayArea, sayLength } from "../ground/units_now.ts";
import { shellSafeId } from "../ground/text.ts";

/** Panel blocks a tool may fill; each surface has one renderer per name. */
export const BLOCKS = [
  "VerdictHeader",
  "CheckList",
  "MetricGrid",
  "FindingList",
  "AssumptionList",
  "StepLog",
  "PlanView",
  "Table",
  "Chart",
] as const;
export type Block = typeof BLOCKS[number];

export const STATUSES = ["pass", "fail", "warn", "unknown", "error"] as const;
export type Status = typeof STATUSES[number];
/**
 * A finding's life: open; resolved (a run judged its subject under its scope and it passed);
 * rejected (by a person, with a reason); gone (its subject is not in a re-imported building).
 */
export const FINDING_STATUSES = ["open", "resolved", "rejected", "gone"] as const;
export type FindingStatus = typeof FINDING_STATUSES[number];
export const INPUT_SOURCES = [
  "explicit",
  "selection",
  "preference",
  "persona",
  "default",
  "asked",
] as const;
export type InputSource = typeof INPUT_SOURCES[number];

const finite = z.number().refine(Number.isFinite, { error: "must be a finite number" });

// The judging rule and overlay geometry live in ground/plan.ts, where engines may take them.
export { type Comparator, Geometry, judge } from "../ground/plan.ts";

export const Overlay = z.object({
  id: z.string().min(1),
  kind: z.string().min(1),
  floor: z.string(),
  geometry: Geometry,
  status: z.enum(STATUSES).optional(),
  label: z.string().optional(),
  /** Circle radius for kind "circle" (geometry is its centre Point). */
  radius_m: z.number().nonnegative().optional(),
});
export type Overlay = z.infer<typeof Overlay>;

/**
 * A stable code (ESLint's `messageId`): what logic and tests read instead of a sentence.
 * Lower-case words joined by `_`, parts by `.`: `door.too_narrow`, `verdict.all_pass`.
 */
/** A code: lower-case words joined by _ and parts by . (./result_shape.ts reads it too). */
export const CODE_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;
export const Code = z.string().regex(CODE_PATTERN, {
  error: "codes are lower-case words joined by _ and parts by . (door.too_narrow)",
});
/**
 * A code's data (ESLint's `data`): the facts its sentence is made from — subject, measured,
 * limit, unit, rule, counts — in SI units, names of units in the keys (`need_m`).
 */
export const CodeData = z.record(z.string(), z.unknown());
export type CodeData = z.infer<typeof CodeData>;

/** A verdict: its status, its code and data, and the sentence made from them. */
export const Verdict = z.object({
  status: z.enum(STATUSES),
  code: Code.optional(),
  data: CodeData.optional(),
  text: z.string().min(1),
});
export type Verdict = z.infer<typeof Verdict>;

export const Metric = z.object({
  id: z.string().min(1),
  label: z.string(),
  value: z.union([finite, z.string(), z.null()]),
  unit: z.string().optional(),
});
export type Metric = z.infer<typeof Metric>;

export const Check = z.object({
  id: z.string().min(1),
  code: Code.optional(),
  data: CodeData.optional(),
  label: z.string(),
  status: z.enum(STATUSES),
  measured: finite.optional(),
  limit: finite.optional(),
  unit: z.string().optional(),
  rule: z.object({
    pack: z.string(),
    section: z.string(),
    id: z.string().optional(),
    unverified: z.boolean().optional(),
  }).optional(),
  subject: z.string().optional(),
  note: z.string().optional(),
  /**
   * Reported beside the verdict, not part of it: e.g. a standard's minimum shown next to the
   * person's own need. The truthful-verdict rule leaves it out.
   */
  aside: z.boolean().optional(),
});
export type Check = z.infer<typeof Check>;

/** A finding id: tool:kind:subject[:rule] (./result_shape.ts reads it too). */
export const FINDING_ID_PATTERN = /^[a-z0-9_]+:[^\s]+$/;
export const Finding = z.object({
  id: z.string().regex(FINDING_ID_PATTERN, {
    error: "finding ids are tool:kind:subject[:rule]",
  }),
  code: Code.optional(),
  data: CodeData.optional(),
  status: z.enum(FINDING_STATUSES),
  title: z.string().min(1),
  detail: z.string().optional(),
  subject: z.string().optional(),
  severity: z.enum(["fail", "warn", "info"]).optional(),
  overlays: z.array(z.string()).optional(),
});
export type Finding = z.infer<typeof Finding>;

/** A step or another sentence with the code and data it was made from. */
export interface Said {
  code: string;
  data: CodeData;
  text: string;
}

/** The code a step gets when its tool handed over a bare sentence. */
export const UNCODED_STEP = "step.uncoded";

export const Assumption = z.object({
  text: z.string().min(1),
  input: z.string().optional(),
  from: z.string().optional(),
  /** The assumption's code and data; `text` is the sentence made from them. */
  code: Code.optional(),
  data: CodeData.optional(),
});
export type Assumption = z.infer<typeof Assumption>;

/** A table a tool gives (the Table block, `--csv`): column headings and rows of cells. */
export const ResultTable = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([finite, z.string(), z.boolean(), z.null()]))),
});
export type ResultTable = z.infer<typeof ResultTable>;

const skyPoint = z.tuple([finite, finite]);
/**
 * A sun-path chart as data (render/sunpath.ts draws it): day paths and hour lines as
 * (azimuth°, elevation°) points, a horizon profile, the windows' facings.
 */
export const SunPathChart = z.object({
  kind: z.literal("sunpath"),
  title: z.string(),
  subtitle: z.string().optional(),
  days: z.array(z.object({
    label: z.string(),
    points: z.array(skyPoint),
    highlight: z.boolean().optional(),
  })),
  hours: z.array(z.object({ hour: finite, points: z.array(skyPoint) })),
  horizon: z.array(skyPoint).optional(),
  windows: z.array(z.object({ id: z.string(), facing_deg: finite, hours: finite.optional() }))
    .optional(),
});
export type SunPathChart = z.infer<typeof SunPathChart>;

/** The charts a result may carry, told apart by `kind`; surfaces draw them with render/. */
export const Chart = z.discriminatedUnion("kind", [SunPathChart]);
export type Chart = z.infer<typeof Chart>;

/**
 * Extra data a tool's own blocks use; never reaches a model. `table` and `charts` are typed
 * so a surface renders types, not guesses; other keys are the tool's own facts.
 */
export const ResultData = z.looseObject({
  table: ResultTable.optional(),
  charts: z.record(z.string(), Chart).optional(),
});
export type ResultData = z.infer<typeof ResultData>;

export const ToolResult = z.object({
  tool: z.string(),
  scan: z.string().optional(),
  verdict: Verdict,
  metrics: z.array(Metric),
  checks: z.array(Check),
  findings: z.array(Finding),
  overlays: z.array(Overlay),
  assumptions: z.array(Assumption),
  steps: z.array(z.string()),
  /** Each step's code and data, in the order of `steps` (whose sentences are made from them). */
  step_codes: z.array(z.object({ code: Code, data: CodeData })).optional(),
  inputs: z.record(z.string(), z.object({ value: z.unknown(), from: z.enum(INPUT_SOURCES) })),
  /** Extra data a tool's own blocks use (a table, charts, a profile); never reaches a model. */
  data: ResultData.optional(),
});
export type ToolResult = z.infer<typeof ToolResult>;

/** What a handler returns; the runner adds tool, scan, steps and inputs. */
export type HandlerResult =
  & Pick<ToolResult, "verdict">
  & Partial<Omit<ToolResult, "verdict" | "tool" | "inputs" | "steps">>;

/** The sentence a `warn` check carries. */
export const TOO_CLOSE = "too close to call: measure on site";

/**
 * A result with nothing judged but its verdict (keys in the order every result has): the runner's
 * missing-data and error results, a worker stopped at its time limit, a run drawn for a page.
 */
export function emptyResult(
  base: Pick<ToolResult, "tool" | "scan" | "inputs">,
  verdict: Verdict,
  steps: string[] = [],
  assumptions: Assumption[] = [],
): ToolResult {
  return {
    ...base,
    verdict,
    metrics: [],
    checks: [],
    findings: [],
    overlays: [],
    assumptions,
    steps,
  };
}

/**
 * Overall status from checks: any fail -> fail; else any warn -> warn; else any pass -> pass;
 * else unknown. (Errors are the runner's, never a check's.)
 */
export function worstStatus(statuses: Iterable<Status>): Status {
  let seen = { pass: false, warn: false, fail: false };
  for (const s of statuses) {
    if (s === "fail") seen = { ...seen, fail: true };
    else if (s === "warn") seen = { ...seen, warn: true };
    else if (s === "pass") seen = { ...seen, pass: true };
  }
  if (seen.fail) return "fail";
  if (seen.warn) return "warn";
  if (seen.pass) return "pass";
  return "unknown";
}

/** Counts of checks by status. */
export function countStatuses(checks: { status: Status }[]): Record<Status, number> {
  const out: Record<Status, number> = { pass: 0, fail: 0, warn: 0, unknown: 0, error: 0 };
  for (const c of checks) out[c.status]++;
  return out;
}

export { shellSafeId };

/** Stable finding id: `tool:kind:subject[:rule]`, shell-safe (ground/text.ts `shellSafeId`). */
export function findingId(tool: string, kind: string, subject: string, rule?: string): string {
  return [tool, kind, shellSafeId(subject), ...(rule ? [shellSafeId(rule)] : [])].join(":");
}

/** What a language model sees of a result: verdict and finding ids, statuses, titles. */
export interface ModelView {
  tool: string;
  scan?: string;
  status: Status;
  verdict: string;
  findings: { id: string; status: FindingStatus; title: string }[];
}

/**
 * The projection that is all a model ever sees (design.md): verdict status and text,
 * finding ids, statuses and titles. No metric, check value, overlay or input reaches it.
 */
export function forModel(result: ToolResult): ModelView {
  const view: ModelView = {
    tool: result.tool,
    status: result.verdict.status,
    verdict: result.verdict.text,
    findings: result.findings.map((f) => ({ id: f.id, status: f.status, title: f.title })),
  };
  if (result.scan !== undefined) view.scan = result.scan;
  return view;
}

/** The model view as one text block (MCP text content, agent tool message). */
export function forModelText(result: ToolResult): string {
  return JSON.stringify(forModel(result));
}

/**
 * Formats a length for sentences in the run's unit system (display.units, ground/units.ts):
 * `0.82 m` to `digits` decimals, `2′ 8⅛″`, or `2′ 8⅛″ (0.82 m)`.
 */
export function fmtM(value_m: number, digits = 2): string {
  return sayLength(value_m, digits);
}

/** Formats an area for sentences in the run's unit system: `12.5 m²`, `134.5 ft²`, or both. */
export function fmtM2(value_m2: number, digits = 1): string {
  return sayArea(value_m2, digits);
}

// ---------------------------------------------------------------- helpers for tools
// The pattern every tool wrote by hand: a subject judged → a check, maybe an open finding,
// an overlay in the check's status; the severity a status gives; the usual block list.

/** The blocks of a tool that judges subjects and draws them on the plan, in render order. */
export const JUDGED_BLOCKS: Block[] = [
  "VerdictHeader",
  "MetricGrid",
  "CheckList",
  "FindingList",
  "AssumptionList",
  "PlanView",
  "StepLog",
];

/** A finding's severity from the status of what it is about: fail, warn, else info. */
export function severityOf(status: Status): "fail" | "warn" | "info" {
  return status === "fail" ? "fail" : status === "warn" ? "warn" : "info";
}

/**
 * A check of a measure against a limit under the uncertainty rule: its status from `judge`
 * (within `tolerance` → warn) and, when too close to call, the TOO_CLOSE note (unless a note
 * is given). `measured` is shown as given; pass `shown` to show it rounded.
 */
export function judgedCheck(c: {
  id: string;
  code?: string;
  data?: CodeData;
  label: string;
  measured: number;
  comparator: Comparator;
  limit: number;
  tolerance: number;
  unit?: string;
  rule?: Check["rule"];
  subject?: string;
  note?: string;
  /** The measured value as the check shows it (e.g. rounded); judged on `measured`. */
  shown?: number;
}): Check & { status: "pass" | "warn" | "fail" } {
  const status = judge(c.measured, c.comparator, c.limit, c.tolerance);
  const note = c.note ?? (status === "warn" ? TOO_CLOSE : undefined);
  return {
    id: c.id,
    ...(c.code !== undefined ? { code: c.code } : {}),
    ...(c.data !== undefined ? { data: c.data } : {}),
    label: c.label,
    status,
    measured: c.shown ?? c.measured,
    limit: c.limit,
    ...(c.unit !== undefined ? { unit: c.unit } : {}),
    ...(c.rule ? { rule: c.rule } : {}),
    ...(c.subject !== undefined ? { subject: c.subject } : {}),
    ...(note !== undefined ? { note } : {}),
  };
}

/**
 * The overlay that draws a judged subject on the plan, in its check's status (a circle's
 * `radius_m` kept).
 */
export function subjectOverlay(
  status: Status,
  o: {
    id: string;
    kind: string;
    floor: string;
    geometry: Geometry;
    label?: string;
    radius_m?: number;
  },
): Overlay {
  return {
    id: o.id,
    kind: o.kind,
    floor: o.floor,
    geometry: o.geometry,
    ...(o.radius_m !== undefined ? { radius_m: o.radius_m } : {}),
    status,
    ...(o.label !== undefined ? { label: o.label } : {}),
  };
}

/**
 * An open finding about a subject, with its stable id (`tool:kind:subject[:rule]`, see
 * findingId) and the severity its status gives.
 */
export function openFinding(f: {
  tool: string;
  kind: string;
  /** The subject's id: in the finding id, and the finding's subject unless `subject` is given. */
  id: string;
  rule?: string;
  code?: string;
  data?: CodeData;
  status: Status;
  title: string;
  detail?: string;
  subject?: string;
  overlays?: string[];
}): Finding {
  return {
    id: findingId(f.tool, f.kind, f.id, f.rule),
    ...(f.code !== undefined ? { code: f.code } : {}),
    ...(f.data !== undefined ? { data: f.data } : {}),
    status: "open",
    severity: severityOf(f.status),
    title: f.title,
    ...(f.detail !== undefined ? { detail: f.detail } : {}),
    subject: f.subject ?? f.id,
    ...(f.overlays ? { overlays: f.overlays } : {}),
  };
}

/**
 * The blocks a result fills, in the manifest's order: a block with nothing to show is left
 * out (a Table without `data.table`, a Chart without `data.charts`), an `unknown` or `error`
 * result shows no empty FindingList (it would read as a clean bill), and every result ends
 * with its assumptions. Every surface renders these, so none decides it on its own.
 */
export function resultBlocks(blocks: readonly Block[], r: ToolResult): Block[] {
  const judged = r.verdict.status !== "error" && r.verdict.status !== "unknown";
  const out = blocks.filter((b) =>
    b === "FindingList"
      ? judged || r.findings.length > 0
      : b === "Table"
      ? r.data?.table !== undefined
      : b === "Chart"
      ? Object.keys(r.data?.charts ?? {}).length > 0
      : true
  );
  return out.includes("AssumptionList") ? out : [...out, "AssumptionList"];
}
