/**
 * A few instances' arguments read straight from the STEP text (ISO 10303-21:2016 § 12.2: an
 * instance `#id = NAME(arg, …);`, strings in apostrophes with `''` for one, lists in
 * parentheses, `$` for no value), where web-ifc's GetLine would cost more than the rest of
 * the work (issue 29: ArchiCAD writes thousands of quantities and properties, of which the
 * importer asks for a dozen names). Only what reads the same as web-ifc's own line is
 * answered: a reference, a list of references, `$`, or a string of printable ASCII without
 * escapes; anything else is `undefined`, and the caller asks web-ifc (layers/ifc/props.ts).
 * @module
 */
import { type IfcLineIndex, upperHash } from "./lines.ts";

/** The file's bytes and where each line's instance starts (from checkIfcLines). */
export interface StepText {
  bytes: Uint8Array;
  index: IfcLineIndex;
}

/** An instance as written: its entity name, and each top-level argument's byte span. */
export interface StepInstance {
  name: string;
  /** [start, end) of each argument, surrounding white space included. */
  args: number[];
}

/**
 * Bytes [a, b) as ISO 8859-1 text. Not TextDecoder: in Deno each decode is a call into the
 * runtime, which costs more than these few bytes (thousands of names a file).
 */
function latin1(bytes: Uint8Array, a: number, b: number): string {
  return b - a > 4096
    ? new TextDecoder("latin1").decode(bytes.subarray(a, b))
    : String.fromCharCode.apply(null, bytes.subarray(a, b) as unknown as number[]);
}

/** The entity names read, by a hash of their bytes: each one's bytes and string. */
const NAMES = new Map<number, { bytes: Uint8Array; name: string }[]>();

/**
 * Bytes [a, b) as an entity name, the same string as the last time these bytes were read
 * (issue 29, i36: kept by hash, not the last 8 names, which a brep's dozen entities cycled
 * through, making a string and a copy a third of the time).
 */
function entityName(bytes: Uint8Array, a: number, b: number): string {
  const h = upperHash(bytes, a, b);
  const same = NAMES.get(h);
  if (same) {
    next: for (const n of same) {
      if (n.bytes.length !== b - a) continue;
      for (let k = 0; k < b - a; k++) if (n.bytes[k] !== bytes[a + k]) continue next;
      return n.name;
    }
  }
  const name = latin1(bytes, a, b);
  if (NAMES.size >= 4096) NAMES.clear();
  const entry = { bytes: bytes.slice(a, b), name };
  if (same) same.push(entry);
  else NAMES.set(h, [entry]);
  return name;
}

const white = (b: number) => b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0a;

/**
 * Instance `#id` where it starts a line, split into its top-level arguments (the first `upTo`
 * of them, when given); undefined when it does not start a line (or starts two), is malformed
 * (up to where it was read), or holds a comment there.
 */
export function stepInstance(t: StepText, id: number, upTo = Infinity): StepInstance | undefined {
  const { bytes } = t;
  const n = bytes.length;
  let i = t.index.offsetOf(id);
  if (i < 0) return undefined;
  while (i < n && bytes[i] !== 0x3d) i++; // =
  i++;
  while (i < n && white(bytes[i])) i++;
  const n0 = i;
  while (i < n && bytes[i] !== 0x28 && !white(bytes[i])) i++;
  const name = entityName(bytes, n0, i);
  while (i < n && white(bytes[i])) i++;
  if (bytes[i] !== 0x28) return undefined; // (
  const args: number[] = [];
  let depth = 0, from = ++i;
  for (; i < n; i++) {
    const b = bytes[i];
    if (b === 0x27) { // a string: to the apostrophe not followed by another
      for (i++; i < n; i++) {
        if (bytes[i] !== 0x27) continue;
        if (bytes[i + 1] === 0x27) i++;
        else break;
      }
    } else if (b === 0x2f && bytes[i + 1] === 0x2a) return undefined; // /* a comment */
    else if (b === 0x28) depth++;
    else if (b === 0x29) {
      if (depth-- === 0) {
        args.push(from, i);
        return { name, args };
      }
    } else if (b === 0x2c && depth === 0) {
      args.push(from, i);
      if (args.length >= 2 * upTo) return { name, args };
      from = i + 1;
    } else if (b === 0x3b) return undefined; // ; inside the instance
  }
  return undefined;
}

/** Argument k's span without the white space around it; undefined past the last. */
function trimmed(t: StepText, inst: StepInstance, k: number): [number, number] | undefined {
  if (2 * k + 1 >= inst.args.length) return undefined;
  let a = inst.args[2 * k], b = inst.args[2 * k + 1];
  while (a < b && white(t.bytes[a])) a++;
  while (b > a && white(t.bytes[b - 1])) b--;
  return [a, b];
}

/** `#n` at [a, b): n, or undefined. */
function refAt(bytes: Uint8Array, a: number, b: number): number | undefined {
  if (bytes[a] !== 0x23 || b - a < 2 || b - a > 10) return undefined;
  let id = 0;
  for (let i = a + 1; i < b; i++) {
    const d = bytes[i] - 0x30;
    if (d < 0 || d > 9) return undefined;
    id = id * 10 + d;
  }
  return id;
}

const isNull = (t: StepText, s: [number, number]) => s[1] - s[0] === 1 && t.bytes[s[0]] === 0x24;

/** Argument k as a reference: its id, null for `$`, undefined for anything else. */
export function stepRef(t: StepText, inst: StepInstance, k: number): number | null | undefined {
  const s = trimmed(t, inst, k);
  if (!s) return undefined;
  if (isNull(t, s)) return null;
  return refAt(t.bytes, s[0], s[1]);
}

/**
 * Argument k as a number as web-ifc reads a REAL or INTEGER (§ 12.1.2: digits, an optional
 * point and exponent): null for `$`, undefined for anything else (a typed value, an enum).
 */
export function stepNumber(t: StepText, inst: StepInstance, k: number): number | null | undefined {
  const s = trimmed(t, inst, k);
  if (!s) return undefined;
  if (isNull(t, s)) return null;
  const text = latin1(t.bytes, s[0], s[1]);
  return /^[+-]?[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?$/.test(text) ? Number(text) : undefined;
}

/** Argument k as an enumeration `.NAME.`: NAME, null for `$`, undefined for anything else. */
export function stepEnum(t: StepText, inst: StepInstance, k: number): string | null | undefined {
  const s = trimmed(t, inst, k);
  if (!s) return undefined;
  if (isNull(t, s)) return null;
  const text = latin1(t.bytes, s[0], s[1]);
  return /^\.[A-Z_][A-Z0-9_]*\.$/.test(text) ? text.slice(1, -1) : undefined;
}

/** Argument k as a list of references (`$`: none); undefined when anything else is in it. */
export function stepRefs(t: StepText, inst: StepInstance, k: number): number[] | undefined {
  const s = trimmed(t, inst, k);
  if (!s) return undefined;
  if (isNull(t, s)) return [];
  const { bytes } = t;
  if (bytes[s[0]] !== 0x28 || bytes[s[1] - 1] !== 0x29) return undefined;
  const out: number[] = [];
  let i = s[0] + 1;
  const end = s[1] - 1;
  while (i < end && white(bytes[i])) i++;
  while (i < end) {
    let j = i;
    while (j < end && bytes[j] !== 0x2c && !white(bytes[j])) j++;
    const id = refAt(bytes, i, j);
    if (id === undefined) return undefined;
    out.push(id);
    while (j < end && white(bytes[j])) j++;
    if (j < end && bytes[j] !== 0x2c) return undefined;
    i = j + 1;
    while (i < end && white(bytes[i])) i++;
    if (j < end && i >= end) return undefined; // a trailing comma
  }
  return out;
}

/**
 * Argument k as text: null for `$`, the string for one of printable ASCII without `\` or `''`
 * (which reads the same decoded or not), undefined for anything else. With `escapes`, also
 * `''` (one apostrophe) and `\X2\…\X0\` (UTF-16 code units in hex, § 6.4.3.3) are decoded;
 * any other `\` still gives undefined.
 */
export function stepText(
  t: StepText,
  inst: StepInstance,
  k: number,
  escapes = false,
): string | null | undefined {
  const s = trimmed(t, inst, k);
  if (!s) return undefined;
  if (isNull(t, s)) return null;
  const { bytes } = t;
  const [a, b] = s;
  if (b - a < 2 || bytes[a] !== 0x27 || bytes[b - 1] !== 0x27) return undefined;
  let plain = true;
  for (let i = a + 1; i < b - 1; i++) {
    const c = bytes[i];
    if (c < 0x20 || c > 0x7e) return undefined;
    if (c === 0x5c || c === 0x27) plain = false;
  }
  if (plain) return latin1(bytes, a + 1, b - 1);
  return escapes ? decodeEscapes(bytes, a + 1, b - 1) : undefined;
}

const hex = (b: number) =>
  b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 0x37 : -1;

/** `''` and `\X2\hhhh…\X0\` decoded in [a, b); undefined for any other escape. */
function decodeEscapes(bytes: Uint8Array, a: number, b: number): string | undefined {
  // Code units gathered first, the string made once.
  const units: number[] = [];
  for (let i = a; i < b; i++) {
    const c = bytes[i];
    if (c === 0x27) {
      if (bytes[i + 1] !== 0x27 || i + 1 >= b) return undefined;
      units.push(0x27);
      i++;
    } else if (c === 0x5c) {
      // \X2\ then groups of 4 hex digits, then \X0\
      if (bytes[i + 1] !== 0x58 || bytes[i + 2] !== 0x32 || bytes[i + 3] !== 0x5c) return undefined;
      i += 4;
      for (;;) {
        if (i + 3 < b && bytes[i] === 0x5c) {
          if (bytes[i + 1] !== 0x58 || bytes[i + 2] !== 0x30 || bytes[i + 3] !== 0x5c) {
            return undefined;
          }
          i += 3;
          break;
        }
        if (i + 4 > b) return undefined;
        const d0 = hex(bytes[i]), d1 = hex(bytes[i + 1]), d2 = hex(bytes[i + 2]);
        const d3 = hex(bytes[i + 3]);
        if (d0 < 0 || d1 < 0 || d2 < 0 || d3 < 0) return undefined;
        units.push((d0 << 12) | (d1 << 8) | (d2 << 4) | d3);
        i += 4;
      }
    } else units.push(c);
  }
  return units.length > 4096 ? undefined : String.fromCharCode.apply(null, units);
}

/**
 * Instance `id`'s labels at argument positions `ks`, each as layers/ifc/attrs.ts `str` reads
 * web-ifc's (trimmed; undefined for `$` or blank), when `id` is the entity `name` (or one of
 * them) and every one
 * of them is text this file reads ({@link stepText} with escapes); otherwise undefined, and the
 * caller asks web-ifc (issue 29: GetLine costs 40-90 µs a line, mostly in web-ifc's JS).
 */
export function stepLabels(
  t: StepText,
  id: number,
  name: string | ReadonlySet<string>,
  ks: number[],
): (string | undefined)[] | undefined {
  const inst = stepInstance(t, id, Math.max(...ks) + 1);
  if (!inst || (typeof name === "string" ? inst.name !== name : !name.has(inst.name))) {
    return undefined;
  }
  const out: (string | undefined)[] = [];
  for (const k of ks) {
    const s = stepText(t, inst, k, true);
    if (s === undefined) return undefined;
    out.push(s?.trim() || undefined);
  }
  return out;
}
