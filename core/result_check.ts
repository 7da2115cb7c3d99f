/**
 * A fast structural proof that a tool's result matches the ToolResult schema (core/result.ts),
 * for core/run.ts: true only where every field is plainly what the schema accepts; false
 * where it cannot tell, and the zod schema (still the definition) decides. So the run accepts
 * and rejects exactly what `ToolResult.safeParse` does, as long as this never says true of a
 * value the schema rejects (tests/core/result_check_test.ts holds it to that over every
 * tool's result on the demo, FZK and ZInD, each mutated many ways).
 *
 * It is stricter than the schema: plain objects only (Object.prototype, no own
 * `constructor`, no symbol keys), finite numbers only, no chart (a chart's tuples are left to
 * zod). Performance (issue 29): zod's parse of a 1,000-room step_free_route result cost
 * ~9-16 ms of its run (bench/routes_figures.ts).
 */
import {
  CODE_PATTERN,
  FINDING_ID_PATTERN,
  FINDING_STATUSES,
  INPUT_SOURCES,
  STATUSES,
} from "./result.ts";

type Obj = Record<string, unknown>;

/** A plain object as zod's isPlainObject takes it, and more narrowly: no symbol keys. */
function plain(o: unknown): o is Obj {
  if (typeof o !== "object" || o === null || Array.isArray(o)) return false;
  if (Object.getPrototypeOf(o) !== Object.prototype || Object.hasOwn(o, "constructor")) {
    return false;
  }
  return Object.getOwnPropertySymbols(o).length === 0;
}

const isStr = (v: unknown): v is string => typeof v === "string";
const optStr = (v: unknown) => v === undefined || typeof v === "string";
/** z.string().min(1): a string of at least one code point (one UTF-16 unit is one). */
const nonEmpty = (v: unknown) => typeof v === "string" && v.length >= 1;
/** z.number() (finite, zod 4) with `finite`'s refine: the same test. */
const num = (v: unknown) => typeof v === "number" && Number.isFinite(v);
const optNum = (v: unknown) => v === undefined || num(v);
const optBool = (v: unknown) => v === undefined || typeof v === "boolean";
const status = new Set<unknown>(STATUSES);
const findingStatus = new Set<unknown>(FINDING_STATUSES);
const severity = new Set<unknown>(["fail", "warn", "info"]);
const sources = new Set<unknown>(INPUT_SOURCES);
const geometryTypes = new Set<unknown>([
  "Point",
  "LineString",
  "Polygon",
  "MultiLineString",
  "MultiPolygon",
]);
const code = (v: unknown) => {
  if (typeof v !== "string") return false;
  CODE_PATTERN.lastIndex = 0;
  return CODE_PATTERN.test(v);
};
const optCode = (v: unknown) => v === undefined || code(v);
/** CodeData, z.record(z.string(), z.unknown()): a plain object (its values anything). */
const optData = (v: unknown) => v === undefined || plain(v);

/** Every element of an array (holes read as undefined, as zod reads them) passes `ok`. */
function every(a: unknown, ok: (x: unknown) => boolean): boolean {
  if (!Array.isArray(a)) return false;
  for (let i = 0; i < a.length; i++) if (!ok(a[i])) return false;
  return true;
}

function verdict(v: unknown): boolean {
  return plain(v) && status.has(v.status) && optCode(v.code) && optData(v.data) &&
    nonEmpty(v.text);
}

function metric(m: unknown): boolean {
  if (!plain(m) || !nonEmpty(m.id) || !isStr(m.label) || !optStr(m.unit)) return false;
  const x = m.value;
  return x === null || typeof x === "string" || num(x);
}

function rule(r: unknown): boolean {
  return r === undefined ||
    (plain(r) && isStr(r.pack) && isStr(r.section) && optStr(r.id) && optBool(r.unverified));
}

function check(c: unknown): boolean {
  return plain(c) && nonEmpty(c.id) && optCode(c.code) && optData(c.data) && isStr(c.label) &&
    status.has(c.status) && optNum(c.measured) && optNum(c.limit) && optStr(c.unit) &&
    rule(c.rule) && optStr(c.subject) && optStr(c.note) && optBool(c.aside);
}

function finding(f: unknown): boolean {
  if (!plain(f) || typeof f.id !== "string") return false;
  FINDING_ID_PATTERN.lastIndex = 0;
  return FINDING_ID_PATTERN.test(f.id) && optCode(f.code) && optData(f.data) &&
    findingStatus.has(f.status) && nonEmpty(f.title) && optStr(f.detail) &&
    optStr(f.subject) && (f.severity === undefined || severity.has(f.severity)) &&
    (f.overlays === undefined || every(f.overlays, isStr));
}

function overlay(o: unknown): boolean {
  if (!plain(o) || !nonEmpty(o.id) || !nonEmpty(o.kind) || !isStr(o.floor)) return false;
  const g = o.geometry;
  if (!plain(g) || !geometryTypes.has(g.type) || !Array.isArray(g.coordinates)) return false;
  return (o.status === undefined || status.has(o.status)) && optStr(o.label) &&
    (o.radius_m === undefined || (num(o.radius_m) && (o.radius_m as number) >= 0));
}

function assumption(a: unknown): boolean {
  return plain(a) && nonEmpty(a.text) && optStr(a.input) && optStr(a.from) &&
    optCode(a.code) && optData(a.data);
}

const stepCode = (s: unknown) => plain(s) && code(s.code) && plain(s.data);

/** z.record(z.string(), z.object({ value: z.unknown(), from: z.enum(INPUT_SOURCES) })). */
function inputs(v: unknown): boolean {
  if (!plain(v)) return false;
  for (const k of Object.keys(v)) {
    const e = v[k];
    if (!plain(e) || !("value" in e) || !sources.has(e.from)) return false;
  }
  return true;
}

const cell = (c: unknown) =>
  c === null || typeof c === "string" || typeof c === "boolean" || num(c);

/** ResultData (a loose object): a table proved here; a result with charts is left to zod. */
function data(d: unknown): boolean {
  if (d === undefined) return true;
  if (!plain(d) || d.charts !== undefined) return false;
  const t = d.table;
  return t === undefined ||
    (plain(t) && every(t.columns, isStr) && every(t.rows, (r) => every(r, cell)));
}

/**
 * True only when `r` plainly matches the ToolResult schema; false when it may not (then ask
 * `ToolResult.safeParse`, the definition).
 */
export function plainlyToolResult(r: unknown): boolean {
  return plain(r) && isStr(r.tool) && optStr(r.scan) && verdict(r.verdict) &&
    every(r.metrics, metric) && every(r.checks, check) && every(r.findings, finding) &&
    every(r.overlays, overlay) && every(r.assumptions, assumption) && every(r.steps, isStr) &&
    (r.step_codes === undefined || every(r.step_codes, stepCode)) && inputs(r.inputs) &&
    data(r.data);
}

const missingInput = (x: unknown) => plain(x) && isStr(x.input) && isStr(x.ask) && optStr(x.unit);
const viewFinding = (f: unknown) =>
  plain(f) && isStr(f.id) && findingStatus.has(f.status) && isStr(f.title);

/**
 * True only when `v` plainly matches the model view's schema (mcp/tools.ts ModelViewSchema:
 * what `forModel` makes, with `missing` when inputs were left unfilled); false when it may
 * not (then ask the zod schema, the definition). The MCP server checks every tools/call's
 * structured content against it (issue 29).
 */
export function plainlyModelView(v: unknown): boolean {
  return plain(v) && isStr(v.tool) && optStr(v.scan) && status.has(v.status) &&
    isStr(v.verdict) && every(v.findings, viewFinding) &&
    (v.missing === undefined || every(v.missing, missingInput));
}
