import { fitTable, newNotes, visibleLength, wrapText } from "../../cli/layout.ts";
import { assert, assertEquals, assertMatch } from "../_assert.ts";

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
  assertMatch(t, /│ door 1 │ \[1\]/);
  assertMatch(t, /│ door 2 │ \[1\]/);
  assertMatch(t, /Notes:\n {2}\[1\] estimated/);
});

Deno.test("fitTable: too many columns split into parts that each fit and repeat the key column", () => {
  const head = Array.from({ length: 14 }, (_, i) => `column_${i}_m2`);
  const rows = [head.map((_, i) => (i === 2 ? "Living room" : String(i * 1.5)))];
  const t = fitTable(head, rows, { width: 80, key: 2 });
  assert(widest(t) <= 80, `widest line ${widest(t)}`);
  const parts = t.split("┌").length - 1;
  assert(parts >= 2, `${parts} parts`);
  assertEquals(t.split("Living room").length - 1, parts);
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
