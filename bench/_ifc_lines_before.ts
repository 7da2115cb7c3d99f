/**
 * layers/ifc/lines.ts as it was before i32 (main d938daa), for bench/import_figures.ts's
 * same-run comparison.
 *
 * A check of an IFC file's DATA section before web-ifc reads it: every instance line
 * `#id = ENTITY(…);` (ISO 10303-21:2016 § 12.2) names an entity web-ifc knows, and no line holds
 * a NUL or other control byte (§ 6.3: a STEP file is printable ISO 8859-1 text). A typo in an
 * entity name otherwise surfaces as web-ifc's "FromRawLineData[…] is not a function".
 */
import * as W from "npm:web-ifc@0.0.78";
import { InputError } from "../ground/errors.ts";

let known: Set<string> | undefined;

/** Entity names web-ifc can read (its exported IFC type constants). */
export function knownEntities(): Set<string> {
  return known ??= new Set(
    Object.keys(W).filter((k) =>
      /^IFC[A-Z0-9]+$/.test(k) && typeof (W as Record<string, unknown>)[k] === "number"
    ),
  );
}

/**
 * Where each instance that starts a line (`#id = NAME(`) starts in the bytes, by id, as
 * {@link checkIfcLines} found them: -1 for an id not found at a line's start, or found twice
 * (layers/ifc/step.ts reads a few entities' arguments there without web-ifc).
 */
export interface IfcLineIndex {
  offsetOf(id: number): number;
}

/** Ids below this are kept in a typed array (offset + 1; 0: none, -1: twice), others in a Map. */
const DENSE = 1 << 21;

/**
 * Throws an InputError naming `ref` and the line of the first bad instance or byte; returns
 * where each line's instance starts.
 *
 * Performance (issue 29): the instance lines are read from the bytes, without decoding the
 * whole file to a string, splitting it into lines and running a regular expression on each
 * (17 ms of FZK-Haus's import). The same lines and messages as that pattern,
 * `^\s*#\d+\s*=\s*([A-Za-z0-9_]+)\s*\(` on each line of the windows-1252 text ("latin1"
 * to TextDecoder): once control bytes are refused, the bytes `\s` matches are tab, CR, space
 * and 0xA0 (tests/layers/ifc_lines_test.ts compares the two).
 */
export function checkIfcLines(bytes: Uint8Array, ref: string): IfcLineIndex {
  // One pass over the bytes below 0x20, four at a time: a word with none (the test of
  // "has a byte less than n", exact for n ≤ 128) is skipped whole. At each LF the next line's
  // start is read as an instance; any other control byte but tab and CR is refused at once,
  // and wins over a bad entity wherever they are.
  const n = bytes.length;
  let bad: { line: number; name: string } | undefined;
  let line = 1;
  const recent = new Float64Array(2 * RECENT).fill(-1);
  let dense = new Int32Array(1024);
  const sparse = new Map<number, number>();
  const record = (id: number, at: number) => {
    if (!(id < 2 ** 31)) return; // beyond web-ifc's ids, and beyond exact sums of digits
    if (id < DENSE) {
      if (id >= dense.length) {
        const grown = new Int32Array(Math.min(DENSE, Math.max(id + 1, dense.length * 2)));
        grown.set(dense);
        dense = grown;
      }
      dense[id] = dense[id] === 0 ? at + 1 : -1;
    } else sparse.set(id, sparse.has(id) ? -1 : at);
  };
  const startLine = (at: number) => {
    if (!instanceName(bytes, at, n)) return;
    record(SPAN[3], SPAN[2]);
    if (recentlyKnown(bytes, SPAN[0], SPAN[1], recent)) return;
    bad = { line, name: ASCII.decode(bytes.subarray(SPAN[0], SPAN[1])) };
  };
  const low = (i: number) => {
    const b = bytes[i];
    if (b >= 0x20 || b === 0x09 || b === 0x0d) return;
    if (b === 0x0a) {
      line++;
      if (!bad) startLine(i + 1);
      return;
    }
    throw new InputError(
      ref,
      `line ${line}: a control byte 0x${
        b.toString(16).padStart(2, "0")
      } (STEP files are printable text; ISO 10303-21 § 6.3): the file is damaged`,
    );
  };
  startLine(0);
  // Bytes up to a 4-byte boundary, the aligned words, then the rest.
  const head = Math.min(n, (4 - (bytes.byteOffset & 3)) & 3);
  for (let i = 0; i < head; i++) low(i);
  const words = (n - head) >> 2;
  const u32 = new Uint32Array(bytes.buffer, bytes.byteOffset + head, words);
  for (let w = 0; w < words; w++) {
    const x = u32[w];
    if (((x - 0x20202020) & ~x & 0x80808080) === 0) continue;
    const i = head + 4 * w;
    low(i);
    low(i + 1);
    low(i + 2);
    low(i + 3);
  }
  for (let i = head + 4 * words; i < n; i++) low(i);
  if (bad) {
    throw new InputError(
      ref,
      `line ${bad.line}: unknown IFC entity ${
        JSON.stringify(bad.name)
      } (not in IFC2X3 or IFC4 as web-ifc reads them); the file is damaged or misspelt there`,
    );
  }
  return {
    offsetOf: (id) =>
      id < DENSE ? (id < dense.length && dense[id] > 0 ? dense[id] - 1 : -1) : sparse.get(id) ?? -1,
  };
}

/** Tab, CR, space or no-break space: `\s` within a line free of control bytes. */
function space(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0d || b === 0xa0;
}

const ASCII = new TextDecoder("latin1");

/** An ASCII letter, digit or `_`. */
function word(b: number): boolean {
  return (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) ||
    b === 0x5f;
}

/**
 * What {@link instanceName} last found: where the name starts and ends, where its `#` is
 * (byte offsets), and the id.
 */
const SPAN = new Float64Array(4);

/**
 * Whether an instance line `#id = NAME(` starts at byte i (the line ends at the next LF or
 * `end`); its name's bytes are then [SPAN[0], SPAN[1]), its `#` at SPAN[2], its id SPAN[3].
 */
function instanceName(bytes: Uint8Array, i: number, end: number): boolean {
  // A LF is neither a space, a digit, a letter nor one of # = (: every test below stops there.
  while (i < end && space(bytes[i])) i++;
  if (i >= end || bytes[i] !== 0x23) return false; // #
  const hash = i;
  const d0 = ++i;
  let id = 0;
  while (i < end && bytes[i] >= 0x30 && bytes[i] <= 0x39) id = id * 10 + bytes[i++] - 0x30;
  if (i === d0) return false;
  while (i < end && space(bytes[i])) i++;
  if (i >= end || bytes[i] !== 0x3d) return false; // =
  i++;
  while (i < end && space(bytes[i])) i++;
  const n0 = i;
  while (i < end && word(bytes[i])) i++;
  const n1 = i;
  if (n1 === n0) return false;
  while (i < end && space(bytes[i])) i++;
  if (i >= end || bytes[i] !== 0x28) return false; // (
  SPAN[0] = n0;
  SPAN[1] = n1;
  SPAN[2] = hash;
  SPAN[3] = id;
  return true;
}

/** How many of the names last found known are compared first (issue 29: most of a file's lines repeat the last few names: points, loops, faces). */
const RECENT = 8;

/**
 * Whether bytes [from, to) are, byte for byte, one of the names at `recent` ([from, to) pairs
 * of this file, each already found known); if not and the name is known, it replaces the
 * oldest there. Exact bytes, so "IfcWall" after "IFCWALL" is looked up anew.
 */
function recentlyKnown(bytes: Uint8Array, from: number, to: number, recent: Float64Array): boolean {
  const len = to - from;
  for (let r = 0; r < 2 * RECENT; r += 2) {
    const a = recent[r];
    if (a < 0 || recent[r + 1] - a !== len) continue;
    let k = 0;
    while (k < len && bytes[a + k] === bytes[from + k]) k++;
    if (k === len) return true;
  }
  if (!knownName(bytes, from, to)) return false;
  recent.copyWithin(2, 0, 2 * RECENT - 2);
  recent[0] = from;
  recent[1] = to;
  return true;
}

/** FNV-1a over bytes [from, to) with a–z read as A–Z. */
function upperHash(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let k = from; k < to; k++) {
    let b = bytes[k];
    if (b >= 0x61 && b <= 0x7a) b -= 32;
    h = Math.imul(h ^ b, 0x01000193);
  }
  return h >>> 0;
}

let byHash: Map<number, string[]> | undefined;

/**
 * Whether bytes [from, to) spell, in any case, an entity web-ifc knows: looked up by hash and
 * compared byte by byte, with no string made (a file has tens of thousands of instances).
 */
function knownName(bytes: Uint8Array, from: number, to: number): boolean {
  if (!byHash) {
    byHash = new Map();
    for (const name of knownEntities()) {
      const h = upperHash(Uint8Array.from(name, (c) => c.charCodeAt(0)), 0, name.length);
      const list = byHash.get(h);
      if (list) list.push(name);
      else byHash.set(h, [name]);
    }
  }
  const list = byHash.get(upperHash(bytes, from, to));
  if (!list) return false;
  next: for (const name of list) {
    if (name.length !== to - from) continue;
    for (let k = 0; k < name.length; k++) {
      let b = bytes[from + k];
      if (b >= 0x61 && b <= 0x7a) b -= 32;
      if (b !== name.charCodeAt(k)) continue next;
    }
    return true;
  }
  return false;
}
