import assert from "node:assert/strict";
import { capitalise, listWords, round } from "../../ground/text.ts";

Deno.test("text: round to decimals (default 2), capitalise, lists of words", () => {
  assert.deepEqual([round(0.815), round(0.8149), round(2.5, 0), round(-1.23456, 4)], [
    0.82,
    0.81,
    3,
    -1.2346,
  ]);
  assert.deepEqual([capitalise("north"), capitalise("")], ["North", ""]);
  assert.deepEqual(
    [listWords([]), listWords(["north"]), listWords(["north", "east"]), listWords(["n", "e", "s"])],
    ["", "north", "north and east", "n, e and s"],
  );
});
