/**
 * layers/ifc/reduce.ts: web-ifc handed the file without the lines of the text-bounded breps
 * (issue 29, i37). The plans with and without it, on every sample and variant of
 * tests/layers/ifc_identical_test.ts; the lines dropped, against a reading of the whole
 * reference graph written here from the text (every `#n` of every line); and a file where a
 * door whose lines were dropped has to be meshed after all (voided), read from the whole file.
 */
import assert from "node:assert/strict";
import { ifcPlan } from "../../layers/ifc/mod.ts";
import { scanIfcLines } from "../../layers/ifc/lines.ts";
import { brepCache } from "../../layers/ifc/brep_bounds.ts";
import { type Reduced, withoutTextBounded } from "../../layers/ifc/reduce.ts";
import { ifcCases } from "./_ifc_cases.ts";
import { sharedData } from "../_data.ts";

/** The plan and report as text, with the reduction on or off, and what it did. */
async function imported(bytes: Uint8Array, reduce: boolean) {
  let reduced: Reduced | undefined, fellBack = false;
  const got = await ifcPlan(bytes, "t.ifc", undefined, {
    reduce,
    onReduced: (r, f) => (reduced = r, fellBack = f),
  });
  return { text: JSON.stringify(got), reduced, fellBack };
}

Deno.test("ifc reduce: every sample's plan and report are the same with web-ifc handed the reduced bytes or the whole file", async () => {
  for (const [name, bytes] of ifcCases()) {
    const on = await imported(bytes, true), off = await imported(bytes, false);
    assert.equal(on.text, off.text, name);
    assert.equal(off.reduced, undefined);
    assert.equal(on.fellBack, false, name);
    if (name.includes("FZK")) assert.ok(on.reduced && on.reduced.dropped > 10000, name);
  }
});

/** Each line `#id=NAME(…)` of the text: its name and the ids it refers to (every other `#n`). */
function graph(text: string) {
  const lines = new Map<number, { name: string; refs: number[]; line: string }>();
  for (const line of text.split("\n")) {
    const m = /^#(\d+)\s*=\s*([A-Z0-9_]+)\s*\(/.exec(line);
    if (!m) continue;
    const refs = [...line.slice(m[0].length).matchAll(/#(\d+)/g)].map((r) => Number(r[1]));
    lines.set(Number(m[1]), { name: m[2], refs, line });
  }
  return lines;
}

const DROPPABLE = new Set([
  "IFCFACE",
  "IFCFACEOUTERBOUND",
  "IFCFACEBOUND",
  "IFCPOLYLOOP",
  "IFCCARTESIANPOINT",
]);

/**
 * FZK-Haus with a polyline of a point and a face set of a face the reduction drops, and those
 * two ids: both must then be kept, with what they refer to.
 */
function referredFromOutside(): [Uint8Array, number[]] {
  const text = Deno.readTextFileSync(sharedData("ifc/AC20-FZK-Haus.ifc"));
  const bytes = new TextEncoder().encode(text);
  const reduced = withoutTextBounded({ bytes, index: scanIfcLines(bytes, "f") }, brepCache())!;
  const kept = graph(new TextDecoder("latin1").decode(reduced.bytes));
  const all = graph(text);
  const gone = (n: string) => [...all].find(([id, l]) => l.name === n && !kept.has(id))![0];
  const point = gone("IFCCARTESIANPOINT"), face = gone("IFCFACE");
  const added = `#999998= IFCPOLYLINE((#${point},#${point}));\n` +
    `#999997= IFCCONNECTEDFACESET((#${face}));\nENDSEC;`;
  return [new TextEncoder().encode(text.replace("\nENDSEC;", `\n${added}`)), [point, face]];
}

Deno.test("ifc reduce: no line dropped is reached from a line but the text-bounded elements and lines that only name an item", () => {
  const [edited, outside] = referredFromOutside();
  const cases: [string, Uint8Array][] = [...ifcCases(), [
    "FZK-Haus, referred from outside",
    edited,
  ]];
  for (const [name, bytes] of cases) {
    const reduced = withoutTextBounded({ bytes, index: scanIfcLines(bytes, name) }, brepCache());
    if (!reduced) continue;
    const latin1 = new TextDecoder("latin1");
    const all = graph(latin1.decode(bytes)), kept = graph(latin1.decode(reduced.bytes));
    const dropped = new Set([...all.keys()].filter((id) => !kept.has(id)));
    assert.equal(dropped.size, reduced.dropped, name);
    if (bytes === edited) { for (const id of outside) assert.ok(!dropped.has(id), `#${id}`); }
    // The reduced bytes are the file without exactly those lines, each a droppable entity.
    const rest = latin1.decode(bytes).split("\n").filter((l) => {
      const m = /^#(\d+)/.exec(l);
      return !m || !dropped.has(Number(m[1]));
    });
    assert.equal(rest.join("\n"), latin1.decode(reduced.bytes), name);
    for (const id of dropped) assert.ok(DROPPABLE.has(all.get(id)!.name), `${name} #${id}`);
    // The references but those from the elements and from lines that only name an item.
    const naming = (r: string, x: string) =>
      r === "IFCSTYLEDITEM" || r === "IFCPRESENTATIONLAYERASSIGNMENT" ||
      (/(TYPE|STYLE)$/.test(r) && x === "IFCREPRESENTATIONMAP");
    const referrers = new Map<number, number[]>();
    for (const [id, l] of all) {
      if (reduced.elements.has(id)) continue;
      for (const x of l.refs) {
        if (all.has(x) && naming(l.name, all.get(x)!.name)) continue;
        (referrers.get(x) ?? referrers.set(x, []).get(x)!).push(id);
      }
    }
    // Walking up from the dropped lines along those references, every line met at the top
    // (with no such referrer) is referred to by the text-bounded elements (or lines naming
    // it) alone: a dropped line reached from anywhere else, such as another element or a
    // relation, leads up to a line referred to by nothing, or to a dropped line's own.
    const up = [...dropped], seen = new Set(up);
    while (up.length) {
      const x = up.pop()!;
      for (const r of referrers.get(x) ?? []) if (!seen.has(r)) seen.add(r), up.push(r);
    }
    for (const id of seen) {
      if (referrers.get(id)?.length) continue;
      const by = [...all].filter(([, l]) => l.refs.includes(id)).map(([r]) => r);
      assert.ok(by.length > 0, `${name}: #${id} is referred to by nothing`);
      assert.ok(!dropped.has(id), `${name}: #${id}`);
    }
  }
});

Deno.test("ifc reduce: a text-bounded door voided by an opening is meshed from the whole file, as without the reduction", async () => {
  const text = Deno.readTextFileSync(sharedData("ifc/AC20-FZK-Haus.ifc"));
  const bytes = new TextEncoder().encode(text);
  const { reduced } = await imported(bytes, true);
  const all = graph(text);
  const door = [...reduced!.elements].find((id) => all.get(id)!.name === "IFCDOOR")!;
  const rel = [...all.values()].find((l) => l.name === "IFCRELVOIDSELEMENT")!.line;
  const voiding = rel.replace(/^#\d+/, "#999999").replace(/,#\d+,(#\d+\);)/, `,#${door},$1`);
  assert.notEqual(voiding, rel);
  const edited = new TextEncoder().encode(text.replace("\nENDSEC;", `\n${voiding}\nENDSEC;`));
  const on = await imported(edited, true), off = await imported(edited, false);
  assert.ok(on.reduced && on.reduced.elements.has(door));
  assert.equal(on.fellBack, true);
  assert.equal(on.text, off.text);
  assert.notEqual(on.text, (await imported(bytes, false)).text, "the edit changes nothing");
});

Deno.test("ifc reduce: FZK-Haus with a dropped line edited imports or is refused as with the whole file", async () => {
  // The edits of tests/layers/ifc_lines_test.ts, each on one of the lines the reduction drops
  // from the unedited file: the verdict (and plan or message) with the reduction is the one
  // without it, whether the edited line is then dropped, kept, or the file read whole.
  const text = Deno.readTextFileSync(sharedData("ifc/AC20-FZK-Haus.ifc"));
  const bytes = new TextEncoder().encode(text);
  const reduced = withoutTextBounded({ bytes, index: scanIfcLines(bytes, "f") }, brepCache())!;
  const kept = graph(new TextDecoder("latin1").decode(reduced.bytes));
  const lines = text.split("\n");
  const dropped = lines.map((l, i) => [l, i] as const).filter(([l]) => {
    const m = /^#(\d+)=/.exec(l.replace(/\s/g, ""));
    return m && !kept.has(Number(m[1]));
  }).map(([, i]) => i);
  const edits: ((l: string) => string)[] = [
    (l) => l.replace(/= ?([A-Z]+)/, (_, n) => `=${n.slice(0, -1)}Q`), // misspelt
    (l) => l.replace(/= ?([A-Z]+)/, (_, n) => `=${n.toLowerCase()}`), // lower case
    (l) => l.replace("(", " x("), // malformed
    (l) => l.replace(/^#\d+/, "#10"), // an id twice
    (l) => `${l}#999999=IFCWALLX($);`, // an instance inside the line
    (l) => l.replace(/^#(\d+)=/, " #$1 = "),
    (l) => l.replace(");", "),'x);"), // an argument more, a string
    (l) => l.replace(");", ");\n);"),
  ];
  const outcome = async (b: Uint8Array, reduce: boolean) => {
    try {
      return JSON.stringify(await ifcPlan(b, "t.ifc", undefined, { reduce }));
    } catch (e) {
      return `${(e as Error).name}: ${(e as Error).message}`;
    }
  };
  for (let k = 0; k < edits.length * 2; k++) {
    const at = dropped[(k * 7919) % dropped.length];
    const edited = [...lines];
    edited[at] = edits[k % edits.length](edited[at]);
    const b = Uint8Array.from(edited.join("\n"), (c) => c.charCodeAt(0) & 0xff);
    assert.equal(await outcome(b, true), await outcome(b, false), edited[at]);
  }
});
