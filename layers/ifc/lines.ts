/**
 * A check of an IFC file's DATA section before web-ifc reads it: every instance line
 * `#id = ENTITY(…);` (ISO 10303-21:2016 § 12.2) names an entity web-ifc knows, and no line holds
 * a NUL or other control byte (§ 6.3: a STEP file is printable ISO 8859-1 text). A typo in an
 * entity name otherwise surfaces as web-ifc's "FromRawLineData[…] is not a function".
 */
import * as W from "npm:web-ifc@0.0.78";
import { InputError } from "../../ground/errors.ts";

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
  /** How many line-starting instances were found (an id found twice counted twice). */
  instances: number;
  /** Whether an id was found at two lines' starts. */
  twice: boolean;
  /** Every id below 2^21 found at a line's start is below this (ids above are not listed). */
  denseLimit: number;
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
 * and 0xA0 (tests/layers/ifc_lines_test.ts compares the two). Each name is hashed as it is
 * read and looked up in one table of the known names (issue 29, i32: not compared with the
 * last eight names first; bench/_ifc_lines_before.ts is that version).
 */
export function checkIfcLines(bytes: Uint8Array, ref: string): IfcLineIndex {
  return scanLines(bytes, ref, true)!;
}

/**
 * {@link checkIfcLines} without its entity names' check, for a caller that then asks web-ifc
 * whether every instance it read is an entity it knows ({@link everyInstanceKnown}) and calls
 * checkIfcLines where it is not: a control byte is refused here as there, a line that starts
 * `#id = NAME` without its `(` sends the file to checkIfcLines (whose message names the first
 * bad line of either kind), and the index is the same.
 *
 * Performance (issue 29, i35): each line's name is skipped, not hashed and looked up (about
 * 2/5 of checkIfcLines's time on FZK-Haus); web-ifc's answer costs a tenth of that.
 */
export function scanIfcLines(bytes: Uint8Array, ref: string): IfcLineIndex {
  return scanLines(bytes, ref, false) ?? checkIfcLines(bytes, ref);
}

/** Each schema's entity type codes that web-ifc reads and {@link knownEntities} holds. */
const entityCodes = new Map<string, number[]>();

/**
 * Whether every instance that starts a line (as `index`, from {@link scanIfcLines}, found
 * them) is of an entity web-ifc knows and {@link knownEntities} holds, from web-ifc's reading
 * of the open model: no id was found twice, and the instances of those entities (web-ifc's
 * GetLineIDsWithType of all of them at once, an instance a line) are as many as web-ifc's ids
 * (GetAllLines) and as the lines' instances. web-ifc types an instance by its name as
 * written, so a misspelt or lower-case name is not counted in the first; an instance inside a
 * line, or a line that starts inside a string, makes the last two differ. False: the caller
 * asks {@link checkIfcLines}, which gives the same verdict and message as before
 * (tests/layers/ifc_lines_test.ts). Left open, where two such faults offset each other: an
 * instance of a known entity inside a line, and a misspelt one at a line's start with the
 * same id or inside a string that spans lines. `dropped`: how many of the index's lines web-ifc
 * was not handed (layers/ifc/reduce.ts: each one of a known entity, written in upper case).
 */
export function everyInstanceKnown(
  api: W.IfcAPI,
  model: number,
  index: IfcLineIndex,
  dropped = 0,
): boolean {
  if (index.twice) return false;
  const schema = api.GetModelSchema(model);
  let codes = entityCodes.get(schema);
  if (!codes) {
    // web-ifc's type codes are the values of its exported constants (W.IFCDOOR …).
    const known = new Set([...knownEntities()].map((k) => (W as Record<string, unknown>)[k]));
    codes = api.GetIfcEntityList(model).filter((c) => known.has(c));
    entityCodes.set(schema, codes);
  }
  const typed = api.wasmModule.GetLineIDsWithType(model, codes);
  const all = api.GetAllLines(model);
  const same = typed.size() === all.size() && all.size() === index.instances - dropped;
  typed.delete(), (all as unknown as { delete(): void }).delete();
  return same;
}

/**
 * The pass of {@link checkIfcLines} (`names`: with its names' check) and of
 * {@link scanIfcLines} (without: undefined for a line that starts an instance and is not one).
 */
function scanLines(bytes: Uint8Array, ref: string, names: boolean): IfcLineIndex | undefined {
  // One pass over the bytes below 0x20, four at a time: a word with none (the test of
  // "has a byte less than n", exact for n ≤ 128) is skipped whole. At each LF the next line's
  // start is read as an instance; any other control byte but tab and CR is refused at once,
  // and wins over a bad entity wherever they are.
  const n = bytes.length;
  const table = knownTable();
  let badLine = 0, badFrom = 0, badTo = 0;
  let line = 1;
  let dense = new Int32Array(1024);
  const sparse = new Map<number, number>();
  let instances = 0, twice = false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** Reads the line starting at `at`: records its instance, notes its name when unknown. */
  const startLine = (at: number) => {
    if (!instanceName(bytes, at, n, names, view)) {
      if (MALFORMED[0]) MALFORMED[0] = 0, badLine = line, badFrom = SPAN[2], badTo = -1;
      return;
    }
    const id = SPAN[3];
    if (id < DENSE) {
      if (id >= dense.length) {
        const grown = new Int32Array(Math.min(DENSE, Math.max(id + 1, dense.length * 2)));
        grown.set(dense);
        dense = grown;
      }
      if (dense[id] === 0) dense[id] = SPAN[2] + 1;
      else dense[id] = -1, twice = true;
      instances++;
    } else if (id < 2 ** 31) {
      if (sparse.has(id)) sparse.set(id, -1), twice = true;
      else sparse.set(id, SPAN[2]);
      instances++;
    }
    // (ids from 2^31 on are beyond web-ifc's ids, and beyond exact sums of digits)
    if (!names || isKnown(bytes, SPAN[0], SPAN[1], SPAN[4], table)) return;
    badLine = line, badFrom = SPAN[0], badTo = SPAN[1];
  };
  const control = (b: number) =>
    new InputError(
      ref,
      `line ${line}: a control byte 0x${
        b.toString(16).padStart(2, "0")
      } (STEP files are printable text; ISO 10303-21 § 6.3): the file is damaged`,
    );
  startLine(0);
  // Bytes up to a 4-byte boundary, the aligned words, then the rest: in each, a byte below
  // 0x20 other than tab and CR is a LF (a line starts after it) or refused.
  const head = Math.min(n, (4 - (bytes.byteOffset & 3)) & 3);
  const words = (n - head) >> 2;
  const u32 = new Uint32Array(bytes.buffer, bytes.byteOffset + head, words);
  const tail = head + 4 * words;
  for (let w = -1; w <= words; w++) {
    let i: number, end: number;
    if (w < 0) i = 0, end = head;
    else if (w === words) i = tail, end = n;
    else {
      const x = u32[w];
      if (((x - 0x20202020) & ~x & 0x80808080) === 0) continue;
      i = head + 4 * w, end = i + 4;
    }
    for (; i < end; i++) {
      const b = bytes[i];
      if (b >= 0x20 || b === 0x09 || b === 0x0d) continue;
      if (b !== 0x0a) throw control(b);
      line++;
      if (!badLine) startLine(i + 1);
    }
  }
  if (badLine && !names) return undefined;
  if (badLine && badTo < 0) throw new InputError(ref, notAnInstance(badLine, bytes, badFrom));
  if (badLine) {
    throw new InputError(
      ref,
      `line ${badLine}: unknown IFC entity ${
        JSON.stringify(ASCII.decode(bytes.subarray(badFrom, badTo)))
      } (not in IFC2X3 or IFC4 as web-ifc reads them); the file is damaged or misspelt there`,
    );
  }
  return {
    instances,
    twice,
    denseLimit: dense.length,
    offsetOf: (id) =>
      id < DENSE ? (id < dense.length && dense[id] > 0 ? dense[id] - 1 : -1) : sparse.get(id) ?? -1,
  };
}

/**
 * The message for a line that starts `#id = NAME` but goes on with something other than `(`
 * (shared with the reference check of tests/layers/_ifc_lines_reference.ts): its first 40
 * bytes from the `#`, as read.
 */
export function notAnInstanceText(line: number, start: string): string {
  return `line ${line}: ${
    JSON.stringify(start)
  } is not an instance as ISO 10303-21 § 12.2 writes one (#id = ENTITY(…);): the file is damaged there`;
}

function notAnInstance(line: number, bytes: Uint8Array, from: number): string {
  let to = from;
  while (to < bytes.length && to < from + 40 && bytes[to] !== 0x0a) to++;
  return notAnInstanceText(line, ASCII.decode(bytes.subarray(from, to)).trimEnd());
}

/** Tab, CR, space or no-break space: `\s` within a line free of control bytes. */
function space(b: number): boolean {
  return SPACE[b] === 1;
}

/** 1 for tab, CR, space and no-break space; 0 for the other bytes. */
const SPACE = Uint8Array.from(
  { length: 256 },
  (_, b) => b === 0x20 || b === 0x09 || b === 0x0d || b === 0xa0 ? 1 : 0,
);

const ASCII = new TextDecoder("latin1");

/** An ASCII letter, digit or `_`. */
function word(b: number): boolean {
  return (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39) ||
    b === 0x5f;
}

/** Each byte that is a {@link word} byte read as upper case (a–z as A–Z); 0 for the others. */
const UPPER_WORD = Uint8Array.from(
  { length: 256 },
  (_, b) => word(b) ? (b >= 0x61 && b <= 0x7a ? b - 32 : b) : 0,
);

/**
 * What {@link instanceName} last found: where the name starts and ends, where its `#` is
 * (byte offsets), the id, and the name's {@link upperHash}.
 */
const SPAN = new Float64Array(5);

/**
 * 1 when {@link instanceName} last found `#id = NAME` followed on its line by a byte other than
 * `(` (SPAN[2]: its `#`, SPAN[0]: that byte).
 */
const MALFORMED = new Uint8Array(1);

/**
 * Whether an instance line `#id = NAME(` starts at byte i (the line ends at the next LF or
 * `end`); its name's bytes are then [SPAN[0], SPAN[1]), its `#` at SPAN[2], its id SPAN[3],
 * the name's hash SPAN[4] (with `hash`; else 0). `view`: the same bytes, read four at a time.
 */
function instanceName(
  bytes: Uint8Array,
  i: number,
  end: number,
  hash: boolean,
  view: DataView,
): boolean {
  // A LF is neither a space, a digit, a letter nor one of # = (: every test below stops there.
  while (i < end && space(bytes[i])) i++;
  if (i >= end || bytes[i] !== 0x23) return false; // #
  const at = i;
  const d0 = ++i;
  let id = 0;
  while (i < end && bytes[i] >= 0x30 && bytes[i] <= 0x39) id = id * 10 + bytes[i++] - 0x30;
  if (i === d0) return false;
  while (i < end && space(bytes[i])) i++;
  if (i >= end || bytes[i] !== 0x3d) return false; // =
  i++;
  while (i < end && space(bytes[i])) i++;
  const n0 = i;
  let h = 0x811c9dc5;
  if (hash) {
    for (; i < end; i++) {
      const u = UPPER_WORD[bytes[i]];
      if (!u) break;
      h = Math.imul(h ^ u, 0x01000193);
    }
  } else {
    // Four upper-case letters at a time (i36): each byte in 0x41-0x5A has its high bit set
    // by + 0x3F and clear by + 0x25, and no byte below 0x80 carries into the next.
    for (; i + 4 <= end; i += 4) {
      const w = view.getUint32(i, true);
      if ((w & 0x80808080) || ((w + 0x3f3f3f3f) & 0x80808080) !== (0x80808080 | 0)) break;
      if ((w + 0x25252525) & 0x80808080) break;
    }
    while (i < end && UPPER_WORD[bytes[i]]) i++;
  }
  const n1 = i;
  if (n1 === n0) return false;
  while (i < end && space(bytes[i])) i++;
  if (i >= end || bytes[i] !== 0x28) {
    // `#id = NAME` and then, on the same line, anything but `(`: not an instance as § 12.2
    // writes one (web-ifc 0.0.78 loops for ever meshing what refers to such a line).
    if (i < end && bytes[i] !== 0x0a) MALFORMED[0] = 1, SPAN[2] = at, SPAN[0] = i;
    return false;
  }
  SPAN[0] = n0;
  SPAN[1] = n1;
  SPAN[2] = at;
  SPAN[3] = id;
  SPAN[4] = hash ? h >>> 0 : 0;
  return true;
}

/**
 * FNV-1a over bytes [from, to) with a–z read as A–Z (as {@link instanceName} hashes a name;
 * also the key of step.ts's entity names, compared byte for byte after it).
 */
export function upperHash(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let k = from; k < to; k++) {
    let b = bytes[k];
    if (b >= 0x61 && b <= 0x7a) b -= 32;
    h = Math.imul(h ^ b, 0x01000193);
  }
  return h >>> 0;
}

/** The known names in an open-addressed table by hash: each slot's hash, and its name's bytes. */
interface KnownTable {
  mask: number;
  hashes: Uint32Array;
  names: (Uint8Array | undefined)[];
}

let byHash: KnownTable | undefined;

/** The table of {@link knownEntities}, made once: 4 slots a name or more, linear probing. */
function knownTable(): KnownTable {
  if (byHash) return byHash;
  const all = [...knownEntities()];
  let size = 1;
  while (size < 4 * all.length) size *= 2;
  const t: KnownTable = { mask: size - 1, hashes: new Uint32Array(size), names: [] };
  for (const name of all) {
    const b = Uint8Array.from(name, (c) => c.charCodeAt(0));
    const h = upperHash(b, 0, b.length);
    let s = h & t.mask;
    while (t.names[s]) s = (s + 1) & t.mask;
    t.hashes[s] = h;
    t.names[s] = b;
  }
  return byHash = t;
}

/**
 * Whether bytes [from, to), hashed `h`, spell in any case an entity web-ifc knows: the slots
 * from the hash's are compared byte by byte (with a–z read as A–Z) until an empty one; no
 * string is made (a file has tens of thousands of instances).
 */
function isKnown(bytes: Uint8Array, from: number, to: number, h: number, t: KnownTable): boolean {
  const len = to - from;
  for (let s = h & t.mask;; s = (s + 1) & t.mask) {
    const name = t.names[s];
    if (!name) return false;
    if (t.hashes[s] !== h || name.length !== len) continue;
    let k = 0;
    for (; k < len; k++) {
      if (UPPER_WORD[bytes[from + k]] !== name[k]) break;
    }
    if (k === len) return true;
  }
}
