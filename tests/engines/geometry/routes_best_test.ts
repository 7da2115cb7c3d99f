/**
 * engines/geometry/routes/best.ts: the start choice and the tally of rooms' best routes, on
 * hand-made data with hand-counted answers.
 */
import assert from "node:assert/strict";
import type { Opening } from "../../../ground/plan.ts";
import { startsFrom, tallyRoutes } from "../../../engines/geometry/routes/best.ts";
import type { Constraint, Route } from "../../../engines/geometry/routes/mod.ts";

const door = (id: string, main_entrance?: boolean) =>
  ({ id, kind: "door", between: ["a", null], main_entrance }) as unknown as Opening;

Deno.test("startsFrom: a given entrance or the one marked main wins; else every door is tried", () => {
  const a = door("a"), b = door("b", true), c = door("c");
  // Given by the person: only it, even with other candidates.
  assert.deepEqual(
    startsFrom({ entrance: a, candidates: [a, b, c], basis_code: "given", basis: "" }, true),
    [a],
  );
  // Exactly one marked main entrance: only it.
  assert.deepEqual(
    startsFrom({ entrance: b, candidates: [a, b, c], basis_code: "marked", basis: "" }, false),
    [b],
  );
  // None marked, several doors: all of them.
  const none = [door("a"), door("c")];
  assert.deepEqual(
    startsFrom(
      { entrance: none[0], candidates: none, basis_code: "inferred_door", basis: "" },
      false,
    ),
    none,
  );
  // One door only: it.
  assert.deepEqual(
    startsFrom({ entrance: a, candidates: [a], basis_code: "only_outside_door", basis: "" }, false),
    [a],
  );
});

const blocker = (id: string) => ({ id, text: `${id} blocks` }) as unknown as Constraint;
const route = (status: Route["status"], length_m?: number, blocking: Constraint[] = []): Route => ({
  room: "",
  status,
  length_m,
  blocking,
  close: [],
  unknown: [],
  legs: [],
  elements: [],
  walk: [],
});

Deno.test("tallyRoutes: counts by status, the longest open route (first among equals), the top barrier", () => {
  const d1 = blocker("clear_width:d1"), s1 = blocker("stair:s1");
  const routes = new Map<string, Route>([
    ["r1", route("pass", 4)],
    ["r2", route("warn", 7.5)],
    ["r3", route("fail", 9, [d1])],
    ["r4", route("fail", 12, [s1, d1])],
    ["r5", route("unknown", 20)],
    ["r6", route("pass", 7.5)],
  ]);
  const rooms = [
    { id: "r1", name: "Hall" },
    { id: "r2", name: "Kitchen" },
    { id: "r3" },
    { id: "r4", name: "Attic" },
    { id: "r5", name: "Cellar" },
    { id: "r6", name: "Study" },
  ];
  const t = tallyRoutes(rooms, routes);
  assert.deepEqual(t.counts, { pass: 2, warn: 1, fail: 2, unknown: 1 });
  // 20 m is unknown and 9/12 m are blocked: the longest open one is the kitchen's 7.5 m, met
  // before the study's equal 7.5 m.
  assert.deepEqual(t.longest, { len: 7.5, name: "Kitchen" });
  // d1 blocks two rooms, s1 one.
  assert.equal(t.top?.c, d1);
  assert.equal(t.top?.n, 2);
  // Only the rooms asked about are counted.
  assert.deepEqual(tallyRoutes([{ id: "r3" }], routes).longest, undefined);
});
