/**
 * tidyWords (ground/names.ts) runs its patterns only where an indexOf pre-check finds their
 * words (issue 29); the text must be the same as running both patterns on every text
 * (tests/ground/_names_reference.ts). Made-up texts of kind words in every case, "front",
 * "sweep panorama (", brackets, new lines and non-ASCII letters that fold to ASCII ones.
 */
import { assertEquals, assertOk } from "../_assert.ts";
import { tidyWords } from "../../ground/names.ts";
import { tidyWordsReference } from "./_names_reference.ts";

/** A linear congruential generator (Numerical Recipes constants): fixed texts every run. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const TOKENS = [
  "door",
  "Door",
  "DOOR",
  "dOor",
  "doors",
  "front",
  "Front",
  "FRONT",
  "window",
  "Window",
  "opening",
  "stair",
  "Stair",
  "ramp",
  "lift",
  "Lift",
  "step",
  "steps",
  "sweep",
  "panorama",
  "(",
  ")",
  "(Hall ↔ Kitchen)",
  "Hall",
  "A",
  "x",
  "\n",
  "\u212Aitchen",
  "d\u0130or",
  "sweep panorama (",
];

Deno.test("tidyWords: the same text as both patterns on every text, 30,000 made-up texts", () => {
  const rnd = lcg(29);
  let changed = 0;
  for (let i = 0; i < 30_000; i++) {
    const n = 2 + Math.floor(rnd() * 9);
    let t = "";
    for (let k = 0; k < n; k++) {
      t += TOKENS[Math.floor(rnd() * TOKENS.length)];
      const r = rnd();
      t += r < 0.75 ? " " : r < 0.85 ? "" : r < 0.95 ? "  " : " (";
    }
    const want = tidyWordsReference(t);
    assertEquals(tidyWords(t), want, JSON.stringify(t));
    if (want !== t) changed++;
  }
  // Not vacuous: the patterns changed many of them.
  assertOk(changed > 1000, `${changed} changed`);
});

Deno.test("tidyWords: the doubles it tidies and those it keeps", () => {
  assertEquals(tidyWords("door door (Hall ↔ Kitchen)"), "door (Hall ↔ Kitchen)");
  assertEquals(tidyWords("Door door (Hall ↔ Kitchen)"), "Door (Hall ↔ Kitchen)");
  assertEquals(tidyWords("DOOR front door (Hall ↔ outside)"), "Front door (Hall ↔ outside)");
  assertEquals(tidyWords("lift Lift A (Ground → First)"), "lift Lift A (Ground → First)");
  assertEquals(tidyWords("sweep panorama (Hall)"), "panorama (Hall)");
  assertEquals(tidyWords("door Door (Hall)"), "door Door (Hall)");
});
