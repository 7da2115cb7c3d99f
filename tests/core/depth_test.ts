/**
 * Issue 31 § 6: nesting is measured and walked without recursion, so a value nested 100,000
 * deep neither overflows the stack nor slips past a depth limit.
 */
import assert from "node:assert/strict";
import { deeperThan } from "../../core/depth.ts";
import { printableDeep, stripControls } from "../../core/printable.ts";

/** `[[[…["\u001b[2Jx"]…]]]` nested `n` deep, built without recursion. */
function nested(n: number): unknown {
  let v: unknown = ["\u001b[2Jx"];
  for (let i = 1; i < n; i++) v = [v];
  return v;
}

Deno.test("depth: deeperThan finds the first place past the limit, and nothing within it", () => {
  assert.equal(deeperThan({ a: [[1]], b: "x" }, 3), undefined);
  assert.deepEqual(deeperThan({ a: [[1]], b: "x" }, 2), { path: "a[0]" });
  assert.deepEqual(deeperThan({ rooms: [{ polygon: [[0, 0]] }] }, 3), { path: "rooms[0].polygon" });
  assert.equal(deeperThan("text", 0), undefined);
  const d = deeperThan(nested(100_000), 64);
  assert.ok(d && d.path.startsWith("[0][0]") && d.path.length <= 81, d?.path);
});

Deno.test("depth: stripControls and printableDeep walk 100,000 levels without overflowing, and clean the leaf", () => {
  const { value, changed } = stripControls({ k: nested(100_000) });
  assert.equal(changed, 1);
  let v = (value as { k: unknown }).k;
  let n = 0;
  while (Array.isArray(v) && typeof v[0] !== "string") (v = v[0], n++);
  assert.equal(n, 99_999);
  assert.deepEqual(v, ["x"]);
  // Keys are cleaned too, and values that are not text are kept as they are.
  assert.deepEqual(printableDeep({ "a\u0007b": [1, null, true, { c: "\u202Ed" }] }), {
    ab: [1, null, true, { c: "d" }],
  });
});
