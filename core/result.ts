/**
 * ToolResult: what every tool returns and every surface renders (design.md § "A result"),
 * with the uncertainty rule for checks and the `forModel` projection.
 */
import { z } from "npm:zod@4.6.7";

export const STATUSES = ["pass", "fail", "warn", "unknown", "error"] as const;
export type Status = typeof STATUSES[number];
export const FINDING_STATUSES = ["open", "resolved", "rejected"] as const;
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

/** GeoJSON geometry in plan metres. */
export const Geometry = z.object({
  type: z.enum(["Point", "LineString", "Polygon", "MultiLineString", "MultiPolygon"]),
  coordinates: z.array(z.any()),
});
export type Geometry = z.infer<typeof Geometry>;

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

export const Metric = z.object({
  id: z.string().min(1),
  label: z.string(),
  value: z.union([finite, z.string(), z.null()]),
  unit: z.string().optional(),
});
export type Metric = z.infer<typeof Metric>;

export const Check = z.object({
  id: z.string().min(1),
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

export const Finding = z.object({
  id: z.string().regex(/^[a-z0-9_]+:[^\s]+$/, {
    error: "finding ids are tool:kind:subject[:rule]",
  }),
  status: z.enum(FINDING_STATUSES),
  title: z.string().min(1),
  detail: z.string().optional(),
  subject: z.string().optional(),
  severity: z.enum(["fail", "warn", "info"]).optional(),
  overlays: z.array(z.string()).optional(),
});
export type Finding = z.infer<typeof Finding>;

export const Assumption = z.object({
  text: z.string().min(1),
  input: z.string().optional(),
  from: z.string().optional(),
});
export type Assumption = z.infer<typeof Assumption>;

export const ToolResult = z.object({
  tool: z.string(),
  scan: z.string().optional(),
  verdict: z.object({ status: z.enum(STATUSES), text: z.string().min(1) }),
  metrics: z.array(Metric),
  checks: z.array(Check),
  findings: z.array(Finding),
  overlays: z.array(Overlay),
  assumptions: z.array(Assumption),
  steps: z.array(z.string()),
  inputs: z.record(z.string(), z.object({ value: z.unknown(), from: z.enum(INPUT_SOURCES) })),
  /** Extra data a tool's own blocks use (a table, a profile); never reaches a model. */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ToolResult = z.infer<typeof ToolResult>;

/** What a handler returns; the runner adds tool, scan, steps and inputs. */
export type HandlerResult =
  & Pick<ToolResult, "verdict">
  & Partial<Omit<ToolResult, "verdict" | "tool" | "inputs" | "steps">>;

/** Comparators for a check: measured must be ≥ (at least) or ≤ (at most) the limit. */
export type Comparator = ">=" | "<=";

/**
 * The uncertainty rule of design.md: a measured value within `tolerance` of its limit is
 * `warn` ("too close to call: measure on site"); otherwise pass or fail by the comparator.
 * Exactly at the limit with zero tolerance passes.
 */
export function judge(
  measured: number,
  comparator: Comparator,
  limit: number,
  tolerance: number,
): "pass" | "fail" | "warn" {
  if (Math.abs(measured - limit) <= tolerance && tolerance > 0) return "warn";
  const ok = comparator === ">=" ? measured >= limit - 1e-12 : measured <= limit + 1e-12;
  return ok ? "pass" : "fail";
}

/** The sentence a `warn` check carries. */
export const TOO_CLOSE = "too close to call: measure on site";

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

/** Stable finding id: `tool:kind:subject[:rule]`. */
export function findingId(tool: string, kind: string, subject: string, rule?: string): string {
  const clean = (s: string) => s.replace(/\s+/g, "_");
  return [tool, kind, clean(subject), ...(rule ? [clean(rule)] : [])].join(":");
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

/** Formats a length for sentences: 2 decimals, metres. */
export function fmtM(value_m: number, digits = 2): string {
  return `${value_m.toFixed(digits)} m`;
}
