/**
 * The file's bytes without the lines web-ifc is never asked for (issue 29, i37): the faces,
 * bounds, loops and points of the faceted breps of the elements whose bounds the import reads
 * from the text (layers/ifc/brep_bounds.ts). web-ifc tokenizes every line of a file it opens;
 * on FZK-Haus 19,935 of its 44,258 lines (1.03 of 2.57 MB) are dropped.
 *
 * Which elements: every door, window, railing and furnishing element whose bounds
 * {@link brepBounds} reads (read here, before web-ifc opens the file, and kept in the cache
 * for the import, which asks the same function). Whether the import then reads them from the
 * text is decided where it always was (layers/ifc/meshes.ts readMeshes); where it would mesh
 * one of them instead, it throws {@link LinesDropped} and layers/ifc/read.ts opens the whole
 * file again.
 *
 * Which lines: a line read for those elements' breps (IfcFace, IfcFaceOuterBound,
 * IfcFaceBound, IfcPolyLoop, IfcCartesianPoint, written `#id=NAME(…);` alone on its line) is
 * dropped unless a line outside what those reads went through refers to it, or to a line
 * above it on the way from the elements (every `#n` of every line counted, in strings too:
 * that only keeps more), but for a line that only names it (see {@link naming}). What those
 * reads went through (the shapes, representations, mapped items, breps and shells, and the
 * types' representation maps of those representations) is kept. Where an id was found at two
 * lines' starts, nothing is dropped.
 *
 * Performance (issue 29, i37): web-ifc's open + close of FZK-Haus without those lines is about
 * 0.6× that of the whole file; deciding them costs one pass over the bytes for every `#n`
 * (each brep line that is alone on its line skipped: its end is taken from brepBounds's
 * reading of it), the candidates' names read at each line's start, and the copy; the brep
 * bounds are read here once and reused by the import. bench/import_figures.ts, FZK-Haus, 21
 * rounds at load 2.2, × open+close wall / CPU: the import 1.85 / 2.15 against 2.06 / 2.42
 * with the whole file handed to web-ifc (reduce: false), in the same rounds; the reduction
 * 0.62 / 0.74 with the brep bounds (0.23) in it, the open + close of the reduced bytes
 * 0.61 / 0.63.
 * @module
 */
import { brepBounds, type BrepCache } from "./brep_bounds.ts";
import { stepInstance, stepRef, type StepText } from "./step.ts";
import { OPENING_ENTITIES } from "./entities.ts";

/** Thrown by readMeshes when web-ifc would mesh an element whose lines it was not handed. */
export class LinesDropped extends Error {
  constructor(el: number) {
    super(`#${el}'s lines were dropped`);
  }
}

/** The bytes handed to web-ifc, the lines left out, and the elements whose lines they were. */
export interface Reduced {
  bytes: Uint8Array;
  dropped: number;
  elements: Set<number>;
}

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** The entities (as written, upper case) whose bounds are read from the text, with subtypes. */
const CANDIDATES = [
  ...OPENING_ENTITIES,
  "IFCRAILING",
  "IFCFURNISHINGELEMENT",
  "IFCFURNITURE",
  "IFCSYSTEMFURNITUREELEMENT",
].map(ascii);

const MAP = CANDIDATES.length;
CANDIDATES.push(ascii("IFCREPRESENTATIONMAP"));

/** Referrers that only name an item. */
const NAMING = new Set(["IFCSTYLEDITEM", "IFCPRESENTATIONLAYERASSIGNMENT"]);

/**
 * Whether line r only names line x: an IfcStyledItem or IfcPresentationLayerAssignment, or a
 * type (an entity whose name ends in TYPE or, in IFC2x3, STYLE) listing x in its
 * RepresentationMaps (web-ifc meshes the products it is asked for, never their types).
 */
function naming(r: string | undefined, x: string | undefined): boolean {
  if (!r) return false;
  return NAMING.has(r) ||
    ((r.endsWith("TYPE") || r.endsWith("STYLE")) && x === "IFCREPRESENTATIONMAP");
}

/** Line at offset i: which of {@link CANDIDATES} its entity (after `#id =`) is, or -1. */
function entityAt(b: Uint8Array, i: number): number {
  const n = b.length;
  while (i < n && b[i] !== 0x3d) i++;
  for (i++; i < n && (b[i] === 0x20 || b[i] === 0x09);) i++;
  if (b[i] !== 0x49 || b[i + 1] !== 0x46 || b[i + 2] !== 0x43) return -1; // IFC
  const c = b[i + 3];
  if (c !== 0x44 && c !== 0x57 && c !== 0x52 && c !== 0x46 && c !== 0x53) return -1;
  next: for (let m = 0; m < CANDIDATES.length; m++) {
    const name = CANDIDATES[m];
    for (let k = 3; k < name.length; k++) if (b[i + k] !== name[k]) continue next;
    const e = b[i + name.length];
    if (e === 0x28 || e === 0x20) return m;
  }
  return -1;
}

/** The lines marked (see {@link marks}) and where each brep's line ends (-1: not alone). */
interface Marked {
  mark: Uint8Array;
  ends: Int32Array;
}

/**
 * The lines' ids marked: 3 an element, 1 read on the way to its breps (and their shells), 2 a
 * brep's face, bound, loop or point; ids up to `max` at least.
 */
function marks(t: StepText, cache: BrepCache, elements: number[], max: number): Marked {
  const each = (f: (id: number, mark: number, end: number) => void) => {
    for (const el of elements) {
      f(el, 3, -1);
      for (const c of cache.chains.get(el)!) {
        f(c, 1, -1);
        const lines = cache.lines.get(c);
        if (!lines) continue;
        for (let k = 0; k < lines.length; k += 2) f(lines[k], k ? 2 : 1, lines[k + 1]);
      }
    }
  };
  each((id) => max = Math.max(max, id));
  const mark = new Uint8Array(Math.min(max + 1, t.index.denseLimit));
  const ends = new Int32Array(mark.length);
  each((id, m, end) => {
    if (id >= mark.length) return;
    if (m === 2 ? mark[id] === 0 : mark[id] !== 3) mark[id] = m;
    ends[id] = end;
  });
  return { mark, ends };
}

/** Growing list of ids. */
class Ids {
  a = new Int32Array(1 << 14);
  n = 0;
  push(x: number) {
    if (this.n === this.a.length) {
      const grown = new Int32Array(2 * this.a.length);
      grown.set(this.a);
      this.a = grown;
    }
    this.a[this.n++] = x;
  }
}

/**
 * The references to marked lines: each marked referrer's, as the row [from[r] − 1, to[r]) of
 * `child` (an instance's references are read in a row: its text is one span, its id opens it
 * once), and each other one's as a pair (referrer, id) in `outside`.
 */
interface References {
  child: Ids;
  from: Int32Array;
  to: Int32Array;
  outside: Ids;
}

/**
 * Every `#x` in the file with x marked, and the instance whose text holds it: a `#` at a
 * line's start, outside a string, opens an instance where the index has one starting there;
 * any other `#` is a reference. Strings are followed by their apostrophes (`''` toggles twice);
 * a line's start inside one that the index took for an instance leaves the referrer unknown
 * (-1, as before the first instance) up to the next instance. Four bytes at a time, a word
 * without `#` or `'` skipped, and each brep's line that is alone on its line (its references
 * are read from it where it is kept: {@link kept}).
 */
function references(t: StepText, { mark, ends }: Marked): References {
  const b = t.bytes, n = b.length;
  const m = mark.length, from = new Int32Array(m), to = new Int32Array(m);
  const child = new Ids(), outside = new Ids();
  const head = Math.min(n, (4 - (b.byteOffset & 3)) & 3);
  const words = (n - head) >> 2;
  const u32 = new Uint32Array(b.buffer, b.byteOffset + head, words);
  let cur = -1, quoted = false, marked = false, skip = 0;
  for (let w = -1; w <= words; w++) {
    let i = 0, e = head;
    if (w === words) i = head + 4 * words, e = n;
    else if (w >= 0) {
      const x = u32[w] ^ 0x23232323, y = u32[w] ^ 0x27272727;
      if (((((x - 0x01010101) & ~x) | ((y - 0x01010101) & ~y)) & 0x80808080) === 0) continue;
      i = head + 4 * w, e = i + 4;
    }
    if (e <= skip) continue;
    for (i = Math.max(i, skip); i < e; i++) {
      if (b[i] === 0x27) quoted = !quoted;
      if (b[i] !== 0x23) continue;
      let id = 0, d = 0, j = i + 1;
      for (; j < n && (d = b[j] - 0x30) >= 0 && d <= 9 && j - i < 12; j++) id = id * 10 + d;
      const starts = (i === 0 || b[i - 1] === 0x0a) && t.index.offsetOf(id) === i;
      if (starts) cur = quoted ? -1 : id, marked = cur >= 0 && cur < m && !!mark[cur];
      if (starts && !quoted && marked && mark[id] === 2 && ends[id] > 0) {
        // A brep's line, alone and all read: its references are read if it is kept.
        skip = ends[id], i = skip - 1;
        continue;
      }
      i = j - 1; // past the digits
      if ((starts && !quoted) || id >= m || !mark[id]) continue;
      if (!marked) outside.push(cur), outside.push(id);
      else {
        if (!from[cur]) from[cur] = child.n + 1;
        child.push(id);
        to[cur] = child.n;
      }
    }
  }
  return { child, from, to, outside };
}

/**
 * The marked lines to keep: those referred to from outside (but by a line that only names
 * them: {@link naming}), a brep's line that is not alone on its line, and everything a kept
 * line refers to, down through the marked lines.
 */
function kept(t: StepText, { mark, ends }: Marked, refs: References): Uint8Array {
  const keep = new Uint8Array(mark.length);
  const names = new Map<number, string | undefined>();
  const name = (id: number) => {
    if (!names.has(id)) names.set(id, id < 0 ? undefined : stepInstance(t, id, 1)?.name);
    return names.get(id);
  };
  const stack: number[] = [];
  const { a, n } = refs.outside;
  for (let k = 0; k < n; k += 2) {
    const r = a[k], x = a[k + 1];
    if (mark[x] !== 3 && !keep[x] && !naming(name(r), name(x))) keep[x] = 1, stack.push(x);
  }
  for (let id = 0; id < mark.length; id++) {
    if (mark[id] === 2 && ends[id] < 0 && !keep[id]) keep[id] = 1, stack.push(id);
  }
  const child = refs.child.a, b = t.bytes;
  const down = (x: number) => {
    if (x < mark.length && mark[x] && mark[x] !== 3 && !keep[x]) keep[x] = 1, stack.push(x);
  };
  while (stack.length) {
    const r = stack.pop()!;
    if (mark[r] === 2 && ends[r] > 0) {
      // Its line, skipped by references(): each `#n` after its own.
      for (let i = t.index.offsetOf(r) + 1; i < ends[r]; i++) {
        if (b[i] !== 0x23) continue;
        let id = 0, d = 0;
        for (i++; i < ends[r] && (d = b[i] - 0x30) >= 0 && d <= 9; i++) id = id * 10 + d;
        down(id), i--;
      }
    } else for (let k = refs.from[r] - 1; k >= 0 && k < refs.to[r]; k++) down(child[k]);
  }
  return keep;
}

/**
 * The file's bytes without the lines of the text-bounded elements' breps (see the module's
 * comment), or undefined where none is dropped. `cache`: where the elements' bounds are kept
 * for the import (the same as it reads them with).
 */
export function withoutTextBounded(t: StepText, cache: BrepCache): Reduced | undefined {
  if (t.index.twice) return undefined;
  const elements: number[] = [], maps: number[] = [];
  for (let id = 0; id < t.index.denseLimit; id++) {
    const at = t.index.offsetOf(id);
    const m = at < 0 ? -1 : entityAt(t.bytes, at);
    if (m === MAP) maps.push(id);
    else if (m >= 0 && brepBounds(t, id, 1, cache)) elements.push(id);
  }
  if (!elements.length) return undefined;
  const { mark, ends } = marks(t, cache, elements, maps.length ? maps[maps.length - 1] : 0);
  // A representation map of a representation read (a type's, not met on the way from the
  // element) is read through too, so that what refers to it is counted.
  for (const id of maps) {
    const inst = stepInstance(t, id, 2);
    const rep = inst && stepRef(t, inst, 1);
    if (typeof rep === "number" && rep < mark.length && mark[rep] === 1) mark[id] ||= 1;
  }
  const marked = { mark, ends };
  const keep = kept(t, marked, references(t, marked));
  const spans: number[] = [];
  let dropped = 0;
  for (let id = 0; id < mark.length; id++) {
    if (mark[id] !== 2 || keep[id]) continue;
    const a = t.index.offsetOf(id), e = ends[id];
    dropped++;
    if (spans.length && spans[spans.length - 1] === a) spans[spans.length - 1] = e;
    else spans.push(a, e);
  }
  if (!dropped) return undefined;
  return { bytes: without(t.bytes, spans), dropped, elements: new Set(elements) };
}

/** `bytes` without the spans [a, e) (pairs, not overlapping, in any order), in one copy. */
function without(bytes: Uint8Array, spans: number[]): Uint8Array {
  let sorted = true, size = bytes.length;
  for (let k = 0; k < spans.length; k += 2) {
    size -= spans[k + 1] - spans[k];
    if (k && spans[k] < spans[k - 1]) sorted = false;
  }
  if (!sorted) {
    const pairs: [number, number][] = [];
    for (let k = 0; k < spans.length; k += 2) pairs.push([spans[k], spans[k + 1]]);
    spans = pairs.sort((x, y) => x[0] - y[0]).flat();
  }
  const out = new Uint8Array(size);
  let last = 0, o = 0;
  for (let k = 0; k < spans.length; k += 2) {
    out.set(bytes.subarray(last, spans[k]), o);
    o += spans[k] - last;
    last = spans[k + 1];
  }
  out.set(bytes.subarray(last), o);
  return out;
}
