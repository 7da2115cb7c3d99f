/**
 * A quick look at a tool's result before the ToolResult schema's own check (./result.ts): true
 * only when every field is plainly of the schema's shape, so that the run can leave zod's
 * check out. Whatever this is unsure of (a `data` with charts, an object of a class, a symbol
 * key, …) answers false and zod decides, with its issues. It never says true of a value zod
 * rejects (tests/core/result_shape_test.ts): stricter, never looser.
 *
 * Issue 29: zod's check of a batch row's result copied the whole result (~400 KB of a row's
 * ~1.2 MB of allocation, ~0.5 ms of its CPU), work the background GC threads then paid for
 * on the other core.
 */
import {
  CODE_PATTERN,
  FINDING_ID_PATTERN,
  FINDING_STATUSES,
  INPUT_SOURCES,
  STATUSES,
} from "./result.ts";

type O = Record<string, unknown>;

/** A plain object (Object's prototype or none) with no symbol keys. */
function obj(x: unknown): x is O {
  if (x === null || typeof x !== "object" || Array.isArray(x)) return false;
  const p = Object.getPrototypeOf(x);
  return (p === Object.prototype || p === null) && Object.getOwnPropertySymbols(x).length === 0 &&
    !Object.hasOwn(x, "__proto__");
}

const str = (x: unknown): x is string => typeof x === "string";
const str1 = (x: unknown) => typeof x === "string" && x.length > 0;
const optStr = (x: unknown) => x === undefined || typeof x === "string";
const finite = (x: unknown) => typeof x === "number" && Number.isFinite(x);
const optFinite = (x: unknown) => x === undefined || finite(x);
const optBool = (x: unknown) => x === undefined || typeof x === "boolean";
const code = (x: unknown) => typeof x === "string" && CODE_PATTERN.test(x);
const optCode = (x: unknown) => x === undefined || code(x);
const optData = (x: unknown) => x === undefined || obj(x);
const oneOf = (xs: readonly string[]) => (x: unknown) => typeof x === "string" && xs.includes(x);
const status = oneOf(STATUSES);
const optStatus = (x: unknown) => x === undefined || status(x);
const GEOMETRY_TYPES = ["Point", "LineString", "Polygon", "MultiLineString", "MultiPolygon"];

function every(x: unknown, ok: (e: unknown) => boolean): boolean {
  if (!Array.isArray(x)) return false;
  for (let i = 0; i < x.length; i++) if (!ok(x[i])) return false;
  return true;
}

function verdict(v: unknown): boolean {
  return obj(v) && status(v.status) && optCode(v.code) && optData(v.data) && str1(v.text);
}

function metric(m: unknown): boolean {
  return obj(m) && str1(m.id) && str(m.label) &&
    (m.value === null || typeof m.value === "string" || finite(m.value)) && optStr(m.unit);
}

function rule(r: unknown): boolean {
  return r === undefined ||
    (obj(r) && str(r.pack) && str(r.section) && optStr(r.id) && optBool(r.unverified));
}

function check(c: unknown): boolean {
  return obj(c) && str1(c.id) && optCode(c.code) && optData(c.data) && str(c.label) &&
    status(c.status) && optFinite(c.measured) && optFinite(c.limit) && optStr(c.unit) &&
    rule(c.rule) && optStr(c.subject) && optStr(c.note) && optBool(c.aside);
}

const findingStatus = oneOf(FINDING_STATUSES);
const severity = oneOf(["fail", "warn", "info"]);

function finding(f: unknown): boolean {
  return obj(f) && str(f.id) && FINDING_ID_PATTERN.test(f.id) && optCode(f.code) &&
    optData(f.data) && findingStatus(f.status) && str1(f.title) && optStr(f.detail) &&
    optStr(f.subject) && (f.severity === undefined || severity(f.severity)) &&
    (f.overlays === undefined || every(f.overlays, str));
}

function overlay(o: unknown): boolean {
  return obj(o) && str1(o.id) && str1(o.kind) && str(o.floor) && obj(o.geometry) &&
    oneOf(GEOMETRY_TYPES)(o.geometry.type) && Array.isArray(o.geometry.coordinates) &&
    optStatus(o.status) && optStr(o.label) &&
    (o.radius_m === undefined || (finite(o.radius_m) && (o.radius_m as number) >= 0));
}

function assumption(a: unknown): boolean {
  return obj(a) && str1(a.text) && optStr(a.input) && optStr(a.from) && optCode(a.code) &&
    optData(a.data);
}

const stepCode = (s: unknown) => obj(s) && code(s.code) && obj(s.data);
const source = oneOf(INPUT_SOURCES);

function inputs(x: unknown): boolean {
  if (!obj(x)) return false;
  for (const k of Object.getOwnPropertyNames(x)) {
    if (!obj(x[k]) || !source((x[k] as O).from)) return false;
  }
  return true;
}

/** True only when `r` is surely a ToolResult (then zod's check would pass); else ask zod. */
export function plainlyToolResult(r: unknown): boolean {
  return obj(r) && str(r.tool) && optStr(r.scan) && verdict(r.verdict) &&
    every(r.metrics, metric) && every(r.checks, check) && every(r.findings, finding) &&
    every(r.overlays, overlay) && every(r.assumptions, assumption) && every(r.steps, str) &&
    (r.step_codes === undefined || every(r.step_codes, stepCode)) && inputs(r.inputs) &&
    r.data === undefined; // a tool's data (tables, charts) is left to zod
}
