/**
 * namesInText (ground/names.ts) scans a text for ids instead of running one regular expression
 * over every id (issue 29); the result must be the same text. Compared with the regular
 * expression (tests/ground/_names_reference.ts) on texts made to catch a scan out: ids
 * inside longer words and next to `_`, `$`, digits and accents, ids that are prefixes of
 * other ids, regex metacharacters and non-ASCII in ids, ids at the very start and end, back
 * to back, repeated, and "door door (" doubles; and on every text of a real tool run.
 */
import { assertEquals } from "../_assert.ts";
import { namesInText, type PlanNames, planNames } from "../../ground/names.ts";
import { parsePlan, type Plan } from "../../ground/plan.ts";
import { namesInTextReference } from "./_names_reference.ts";
import { gridBuilding } from "../../bench/_grid_building.ts";

/** A linear congruential generator (Numerical Recipes constants): fixed texts every run. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** PlanNames over hand-picked ids: each named "«id»" unless listed as keeping its id. */
function namesOver(ids: string[], same: string[] = []): PlanNames {
  const room = new Map(ids.map((id) => [id, same.includes(id) ? id : `«${id}»`]));
  const opening = new Map([
    ["d1", "door (Hall ↔ Kitchen)"],
    ["d1x", "front door (Hall ↔ outside)"],
  ]);
  const sweep = new Map([["s1", "panorama (Hall)"]]);
  const empty = new Map<string, string>();
  return {
    floor: empty,
    room,
    opening,
    vertical: empty,
    sweep,
    of: (id) => id == null ? "outside" : room.get(id) ?? opening.get(id) ?? sweep.get(id) ?? id,
  };
}

const IDS = [
  "r1",
  "r10",
  "r1_2",
  "a.b",
  "x+y",
  "(p)",
  "$v",
  "é1",
  "é",
  "k",
  "kk",
  "room 7",
  "r1-2",
  "same",
];
const PIECES = [
  ...IDS,
  "d1",
  "d1x",
  " ",
  "  ",
  "door ",
  "Door ",
  "front ",
  "(",
  ")",
  "_",
  "$",
  "9",
  "a",
  "é",
  "-",
  ".",
  "↔",
  "door door (",
  "sweep s1",
  "sweep panorama (",
  "s1",
  "Door d1",
  "\n",
];

/** namesInText against the one-pattern version on 20,000 texts of PIECES; returns how many changed. */
function compareOn(names: PlanNames, seed: number): number {
  const rnd = lcg(seed);
  let changed = 0;
  for (let t = 0; t < 20_000; t++) {
    let text = "";
    const parts = 1 + Math.floor(rnd() * 9);
    for (let k = 0; k < parts; k++) text += PIECES[Math.floor(rnd() * PIECES.length)];
    const want = namesInTextReference(text, names);
    assertEquals(namesInText(text, names), want, JSON.stringify(text));
    if (want !== text) changed++;
  }
  return changed;
}

Deno.test("namesInText: the same text as the one-pattern version on 20,000 made-up texts", () => {
  const changed = compareOn(namesOver(IDS, ["same"]), 29);
  // Most texts name something: the comparison is not over texts nothing happens to.
  if (changed < 10_000) throw new Error(`only ${changed} of 20,000 texts changed`);
});

Deno.test("namesInText: ids of ASCII letters, digits, _ and $ only (its one-lookup scan), as the pattern", () => {
  // Every id here is plain (the scan's fast case: a 1,000-room grid's r12_3 and d45); the
  // texts still hold the other pieces (".", "-", "é", "↔", the other ids as plain text).
  const plain = IDS.filter((id) => /^[A-Za-z0-9_$]+$/.test(id));
  assertEquals(plain, ["r1", "r10", "r1_2", "$v", "k", "kk", "same"]);
  const changed = compareOn(namesOver(plain, ["same"]), 31);
  if (changed < 8_000) throw new Error(`only ${changed} of 20,000 texts changed`);
});

Deno.test("namesInText: plans with no id to rename leave texts alone (both versions)", () => {
  const room = new Map([["same", "same"]]), empty = new Map<string, string>();
  const names: PlanNames = {
    floor: empty,
    room,
    opening: empty,
    vertical: empty,
    sweep: empty,
    of: (id) => (id == null ? "outside" : room.get(id) ?? id),
  };
  for (const t of ["same", "door door (x", "r1 same"]) {
    assertEquals(namesInText(t, names), namesInTextReference(t, names));
    assertEquals(namesInText(t, names), t);
  }
});

Deno.test("namesInText: every text of a step_free_route-sized plan's sentences, as before", () => {
  const plan: Plan = parsePlan(gridBuilding(10, 10, 300)).plan;
  const names = planNames(plan);
  const ids = [...plan.rooms.map((r) => r.id), ...plan.openings.map((o) => o.id)];
  const rnd = lcg(7);
  for (let t = 0; t < 2_000; t++) {
    const a = ids[Math.floor(rnd() * ids.length)], b = ids[Math.floor(rnd() * ids.length)];
    const text =
      [`Door ${a} is 0.70 m clear`, `${a} ↔ ${b}.`, `from ${a}_x to ${b}`, `${a}${b} ${b}`][t % 4];
    assertEquals(namesInText(text, names), namesInTextReference(text, names), text);
  }
});
