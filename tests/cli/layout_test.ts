import { fitTable, newNotes, visibleLength, wrapText } from "../../cli/layout.ts";
import { assert, assertEquals } from "../_assert.ts";
import { tableRows } from "../_cli.ts";

const widest = (s: string) => Math.max(...s.split("\n").map(visibleLength));

Deno.test("fitTable: a table wider than the width wraps its cells and keeps every word", () => {
  const long = "the quick brown fox jumps over the lazy dog ".repeat(4).trim();
  const t = fitTable(["Name", "Summary"], [["a", long], ["b", "short"]], { width: 60 });
  assert(widest(t) <= 60, `widest line ${widest(t)}`);
  const words = t.replace(/[│┌┐└┘─┬┴]/g, " ").split(/\s+/).filter(Boolean);
  assertEquals(words.filter((w) => w === "fox").length, 4);
});

Deno.test("fitTable: a table that fits keeps its natural widths (no wrapping)", () => {
  const t = fitTable(["A", "B"], [["x", "y"]], { width: 100 });
  assertEquals(t.split("\n").length, 4);
  assertEquals(widest(t), 9);
});

Deno.test("fitTable: long notes leave the table as numbered notes, each distinct note once", () => {
  const note = "estimated as the 0.90 m door width less 38 mm for the open leaf and its stop";
  const t = fitTable(
    ["Check", "Note"],
    [["door 1", note], ["door 2", note], ["door 3", "ok"]],
    { width: 100, noteColumns: [1] },
  );
  assertEquals(t.split(note.slice(0, 30)).length - 1, 1, t);
  // Both rows point to note [1]; the note is written once under "Notes:", in full.
  const cells = new Map(tableRows(t).map(([k, v]) => [k, v]));
  assertEquals([cells.get("door 1"), cells.get("door 2"), cells.get("door 3")], [
    "[1]",
    "[1]",
    "ok",
  ]);
  const lines = t.split("\n");
  const notes = lines.slice(lines.indexOf("Notes:") + 1).map((l) => l.trim()).join(" ");
  assertEquals(notes, `[1] ${note}`);
});

Deno.test("fitTable: too many columns split into parts that each fit and repeat the key column", () => {
  const head = Array.from({ length: 14 }, (_, i) => `column_${i}_m2`);
  const key = "Living room"; // the key column's cell, repeated in every part
  const rows = [head.map((_, i) => (i === 2 ? key : String(i * 1.5)))];
  const t = fitTable(head, rows, { width: 80, key: 2 });
  assert(widest(t) <= 80, `widest line ${widest(t)}`);
  const parts = t.split("┌").length - 1;
  assert(parts >= 2, `${parts} parts`);
  assertEquals(t.split(key).length - 1, parts);
});

Deno.test("wrapText: a word longer than the width is split, after _ or - where it can", () => {
  assertEquals(wrapText("1Oms875aH3Wg$9l65H2ZGw", 10), ["1Oms875aH3", "Wg$9l65H2Z", "Gw"]);
  assertEquals(wrapText("floor_area_m2", 8), ["floor_", "area_m2"]);
  assertEquals(wrapText("a b c", 3), ["a b", "c"]);
});

Deno.test("newNotes: the same text is the same number", () => {
  const n = newNotes();
  assertEquals([n.ref("x"), n.ref("y"), n.ref("x")], ["[1]", "[2]", "[1]"]);
  assertEquals(n.render(40), "Notes:\n  [1] x\n  [2] y");
});

Deno.test("fitTable: the box is the one cli-table3 draws, byte for byte, on 500 random tables", async () => {
  // cli-table3 drew these tables until its layout proved quadratic in rows (bench/terminal_bench.ts);
  // it stays the reference for the box: the same cells, wrapped by wrapText, the same widths.
  const { default: Table } = await import("cli-table3");
  let seed = 11;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const words = [
    "Bedroom (1)",
    "door",
    "fail",
    "0.68 m",
    "2′ 3⅝″",
    "m²",
    "snake_case_key_here",
    "é",
    "",
  ];
  for (let t = 0; t < 500; t++) {
    const cols = 1 + Math.floor(rnd() * 6);
    const pick = () => words[Math.floor(rnd() * words.length)];
    const head = Array.from({ length: cols }, () => `${pick()} ${pick()}`.trim() || "x");
    const rows = Array.from(
      { length: Math.floor(rnd() * 5) },
      () =>
        Array.from(
          { length: cols },
          () => Array.from({ length: Math.floor(rnd() * 7) }, pick).join(" "),
        ),
    );
    const width = 1000;
    const ours = fitTable(head, rows, { width });
    const natural = head.map((h, i) =>
      Math.max(1, visibleLength(h), ...rows.map((r) => visibleLength(r[i])))
    );
    const ref = new Table({
      head,
      colWidths: natural.map((w) => w + 2),
      style: { head: [], border: [] },
      chars: { "mid": "", "left-mid": "", "mid-mid": "", "right-mid": "" },
      wordWrap: false,
    });
    for (const r of rows) ref.push(r);
    assertEquals(ours, ref.toString(), JSON.stringify({ head, rows }));
  }
});

Deno.test("newNotes: the same text gets the same number, across 10,000 rows", () => {
  // Notes are numbered once per distinct text, in the order first seen, across 10,000 rows.
  const notes = newNotes();
  for (let i = 0; i < 10_000; i++) notes.ref(`note ${i % 3}`);
  assertEquals(notes.texts, ["note 0", "note 1", "note 2"]);
});
