/** Control characters from files never reach a terminal (ground/text.ts). */
import assert from "node:assert/strict";
import { hasControl, printable, printableLine, stripControls } from "../../core/printable.ts";

Deno.test("text: escape sequences, C0/C1 controls and bidi overrides are removed; tab and newline kept", () => {
  assert.equal(printable("a\u001b[2Jb"), "ab");
  assert.equal(printable("\u001b[31mred\u001b[0m"), "red");
  assert.equal(printable("x\u001b]0;title\u0007y"), "xy");
  assert.equal(printable("bell\u0007 nul\u0000 del\u007f c1\u009b2J"), "bell nul del c1");
  assert.equal(printable("abc\u202edcba"), "abcdcba");
  assert.equal(printable("two\nlines\tand tab"), "two\nlines\tand tab");
  assert.equal(printableLine("two\nlines"), "two lines");
  assert.equal(printable("Küche – Bad 2,5 m²"), "Küche – Bad 2,5 m²");
  assert.ok(hasControl("\u001b[2J") && !hasControl("plain"));
});

Deno.test("text: stripControls cleans every string of a value and counts them", () => {
  const { value, changed } = stripControls({
    name: "A\u001b[2J",
    rooms: [{ name: "ok" }, { name: "B\u0000" }],
    n: 3,
  });
  assert.deepEqual(value, { name: "A", rooms: [{ name: "ok" }, { name: "B" }], n: 3 });
  assert.equal(changed, 2);
});
