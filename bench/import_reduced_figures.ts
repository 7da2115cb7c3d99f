/**
 * What is left of issue 29's IFC row (FZK-Haus import ≤ 2× web-ifc's OpenModel + CloseModel)
 * once the JS phases are flat (i37, December 2026): web-ifc tokenizes every line of the file,
 * and 19,907 of FZK-Haus's 44,258 lines (1.03 of 2.57 MB) are the faces, bounds, loops and
 * points of the breps of the 18 elements whose bounds the import already reads from the text
 * (layers/ifc/brep_bounds.ts), which web-ifc is never asked for. This bench measures, in the
 * same rounds: web-ifc's open + close of the file, of the same bytes without those lines, the
 * work an importer would add to drop them safely (a count of every `#n` reference in the file,
 * so that no line referenced from outside the walk is dropped, and the copy without them), and
 * the import as it is against the import with web-ifc handed the reduced bytes. The plans of the
 * two imports are compared as text first (the bench stops if they differ).
 *
 * Not an importer change: to be one, the elements would have to be found in the text before
 * web-ifc opens the file (the scan keeps no names: i35), a meshed element whose lines were
 * dropped would need a fallback to the full file, and everyInstanceKnown's counts would have
 * to leave the dropped lines out. In the "reduced" import below they are not left out, so it
 * also runs checkIfcLines (its cost is printed alone, to subtract).
 *
 * i37, FZK-Haus, 31 rounds at load 5.8, × open+close wall / CPU: the open of the reduced bytes
 * 0.60 / 0.57; the reference counts 0.15 / 0.16, the copy 0.06 / 0.07; the import 1.98 / 1.89,
 * the import handed the reduced bytes 1.70 / 1.79 with checkIfcLines (0.20 / 0.29) in it, its
 * plan identical. So an importer that dropped them would be about 1.7× (1.70 − 0.20 + 0.21
 * wall, 1.79 − 0.29 + 0.23 CPU), against 1.9-2.1× now; none of the importer's JS phases is
 * that large (scanIfcLines 0.18, the brep bounds 0.16-0.18, readProps 0.11: flat profiles, and
 * tries at them in i37 moved nothing beyond this machine's noise).
 *
 * ```sh
 * deno run -A bench/import_reduced_figures.ts [rounds=21]
 * ```
 */
import { fileURLToPath } from "node:url";
import * as W from "npm:web-ifc@0.0.78";
import { parsePlan } from "../ground/plan.ts";
import { ifcApi, ifcPlan } from "../layers/ifc/mod.ts";
import { checkIfcLines, scanIfcLines } from "../layers/ifc/lines.ts";
import { stepInstance, type StepText } from "../layers/ifc/step.ts";
import { alternate, printRatios } from "./_alternate.ts";

const rounds = Number(Deno.args[0] ?? 21);
const path = fileURLToPath(new URL("../../shared/data/ifc/AC20-FZK-Haus.ifc", import.meta.url));
const bytes = Deno.readFileSync(path);
const api = await ifcApi();

/** Each `#n` in bytes [a, b), in order (duplicates kept). */
function refsIn(b: Uint8Array, a: number, end: number): number[] {
  const out: number[] = [];
  for (let i = a; i < end; i++) {
    if (b[i] !== 0x23) continue;
    let id = 0, d = 0;
    for (i++; i < end && (d = b[i] - 0x30) >= 0 && d <= 9; i++) id = id * 10 + d;
    out.push(id);
  }
  return out;
}

/**
 * How many times each id is referenced by the file's lines (each `#n` not at a line's start), as
 * an importer would count them in one pass: four bytes at a time, a word without `#` skipped.
 */
function referenceCounts(b: Uint8Array): Uint32Array {
  const counts = new Uint32Array(1 << 17);
  const head = Math.min(b.length, (4 - (b.byteOffset & 3)) & 3);
  const words = (b.length - head) >> 2;
  const u32 = new Uint32Array(b.buffer, b.byteOffset + head, words);
  for (let w = -1; w <= words; w++) {
    let i = 0, e = head;
    if (w === words) i = head + 4 * words, e = b.length;
    else if (w >= 0) {
      const x = u32[w] ^ 0x23232323;
      if (((x - 0x01010101) & ~x & 0x80808080) === 0) continue;
      i = head + 4 * w, e = i + 4;
    }
    for (; i < e; i++) {
      if (b[i] !== 0x23 || i === 0 || b[i - 1] === 0x0a) continue;
      let id = 0, d = 0;
      for (let j = i + 1; (d = b[j] - 0x30) >= 0 && d <= 9; j++) id = id * 10 + d;
      if (id < counts.length) counts[id]++;
    }
  }
  return counts;
}

const THROUGH = new Set([
  "IFCPRODUCTDEFINITIONSHAPE",
  "IFCSHAPEREPRESENTATION",
  "IFCMAPPEDITEM",
  "IFCREPRESENTATIONMAP",
  "IFCFACETEDBREP",
  "IFCCLOSEDSHELL",
]);
const DROPPED = new Set(["IFCFACE", "IFCFACEOUTERBOUND", "IFCFACEBOUND", "IFCPOLYLOOP"]);

/**
 * The lines of the elements' breps web-ifc need not read: faces, bounds, loops and points
 * reached from each element's representations, less any referenced by a line outside that walk
 * or a shell referenced so (and what such a line reaches). A sketch of the rule, for this
 * measurement: the breps themselves are referenced from outside (IfcStyledItem) and kept.
 */
function droppable(t: StepText, elements: number[]): Set<number> {
  const refs = new Map<number, number[]>(), inner = new Map<number, number>();
  const drop = new Set<number>(), shells: number[] = [];
  const walk = (id: number, element: boolean) => {
    if (refs.has(id)) return;
    const inst = stepInstance(t, id);
    if (!inst) return;
    const leaf = inst.name === "IFCCARTESIANPOINT";
    if (!element && !leaf && !THROUGH.has(inst.name) && !DROPPED.has(inst.name)) return;
    if (leaf || DROPPED.has(inst.name)) drop.add(id);
    if (inst.name === "IFCCLOSEDSHELL") shells.push(id);
    const rs = leaf ? [] : refsIn(t.bytes, inst.args[0], inst.args[inst.args.length - 1]);
    refs.set(id, rs);
    if (!element) { for (const r of rs) inner.set(r, (inner.get(r) ?? 0) + 1); }
    for (const r of rs) walk(r, false);
  };
  for (const e of elements) walk(e, true);
  const total = referenceCounts(t.bytes);
  const keep = [...drop, ...shells].filter((id) =>
    id >= total.length || total[id] !== inner.get(id)
  );
  while (keep.length) {
    const id = keep.pop()!;
    if (!drop.delete(id) && !shells.includes(id)) continue;
    for (const r of refs.get(id) ?? []) if (drop.has(r)) keep.push(r);
  }
  return drop;
}

/** Each line of `drop` from its `#` to its LF, in the file's order. */
function spansOf(t: StepText, drop: Set<number>): number[][] {
  return [...drop].map((id) => {
    const a = t.index.offsetOf(id);
    const e = t.bytes.indexOf(0x0a, a);
    return [a, e < 0 ? t.bytes.length : e + 1];
  }).sort((x, y) => x[0] - y[0]);
}

/** The bytes without the `spans`. */
function without(t: StepText, spans: number[][]): Uint8Array {
  const parts: Uint8Array[] = [];
  let last = 0;
  for (const [a, e] of spans) parts.push(t.bytes.subarray(last, a)), last = e;
  parts.push(t.bytes.subarray(last));
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) out.set(p, o), o += p.length;
  return out;
}

const m0 = api.OpenModel(bytes);
const bounded = [W.IFCDOOR, W.IFCWINDOW, W.IFCRAILING, W.IFCFURNISHINGELEMENT].flatMap((t) => [
  ...api.GetLineIDsWithType(m0, t, true) as unknown as Iterable<number>,
]);
api.CloseModel(m0);
const text: StepText = { bytes, index: scanIfcLines(bytes, path) };
const drop = droppable(text, bounded);
const spans = spansOf(text, drop);
const reduced = without(text, spans);
console.log(
  `${bounded.length} elements; ${drop.size} lines dropped (${
    bytes.length - reduced.length
  } of ${bytes.length} bytes)`,
);

// The import with web-ifc's OpenModel handed the reduced bytes where it is given FZK-Haus's.
const open = api.OpenModel.bind(api);
let handReduced = false;
let handed = 0;
api.OpenModel = (data, settings) =>
  open(handReduced && data === bytes ? (handed++, reduced) : data, settings);
const imported = async (reducedOpen: boolean) => {
  handReduced = reducedOpen;
  try {
    return await ifcPlan(bytes, path);
  } finally {
    handReduced = false;
  }
};
if (JSON.stringify(await imported(true)) !== JSON.stringify(await imported(false))) {
  throw new Error("the import with the reduced bytes gives another plan");
}
const validated = (reducedOpen: boolean) => async () => {
  const { plan } = await imported(reducedOpen);
  if (!parsePlan(plan, path).plan.rooms.length) throw new Error("FZK-Haus imported without rooms");
};

const cases: Record<string, () => unknown> = {
  "web-ifc OpenModel + CloseModel": () => api.CloseModel(open(bytes)),
  [`the same without the ${drop.size} lines`]: () => api.CloseModel(open(reduced)),
  "what dropping them adds to the brep walk: the reference counts": () => referenceCounts(bytes),
  "and the copy without them": () => without(text, spans),
  "threshold ifc import (plan + report, validated)": validated(false),
  "the import, web-ifc handed the reduced bytes (checkIfcLines in it)": validated(true),
  "checkIfcLines": () => checkIfcLines(bytes, path),
};
console.log(`${rounds} rounds; load ${Deno.loadavg().join(" ")}`);
const t = await alternate(cases, rounds);
printRatios(t, "web-ifc OpenModel + CloseModel", {
  header: "case | median wall ms | × web-ifc open+close | median CPU ms | × (CPU)",
});
console.log(
  `load after: ${Deno.loadavg().join(" ")}; web-ifc handed the reduced bytes ${handed} times`,
);
api.OpenModel = open;
