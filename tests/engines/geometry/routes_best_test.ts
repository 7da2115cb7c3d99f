/**
 * engines/geometry/routes/best.ts: the start choice and the tally of rooms' best routes, on
 * hand-made data with hand-counted answers.
 */
import assert from "node:assert/strict";
import type { Opening } from "../../../ground/plan.ts";
import {
  bestRoutes,
  prunedTree,
  startsFrom,
  startTrees,
  tallyRoutes,
} from "../../../engines/geometry/routes/best.ts";
import {
  buildRouteGraph,
  type Constraint,
  type Route,
} from "../../../engines/geometry/routes/mod.ts";
import { GRID_TRAVELLER, gridPlan } from "../../../bench/_grid_building.ts";

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

Deno.test("prunedTree: the tree edges some room's best route walks, as a set of every walk's edges", () => {
  const plan = gridPlan(12, 8, 240).plan;
  // Two starts, so each tree keeps only the rooms reached best from it.
  const inner = plan.openings.find((o) => o.id === "d7")!;
  const second = {
    ...inner,
    id: "d_back",
    clear_width_m: 0.9,
    between: ["r7_11", null] as [string, null],
  };
  const withBack = {
    ...plan,
    openings: [...plan.openings, { ...second, at: [36, 22.5] as [number, number] }],
  };
  const g = buildRouteGraph(withBack, GRID_TRAVELLER);
  const starts = withBack.openings.filter((o) => o.id === "d_entrance" || o.id === "d_back");
  const trees = startTrees(g, starts);
  const { routes, fromStart } = bestRoutes(g, trees, plan.rooms.map((r) => r.id), { legs: false });
  assert.equal(new Set(fromStart.values()).size, 2);
  for (const u of trees) {
    const walked = new Set<number>();
    for (const [rid, s] of fromStart) {
      if (s === u.start) { for (const w of routes.get(rid)!.walk) walked.add(w.edge); }
    }
    const want = Int32Array.from(u.tree.via, (e) => (walked.has(e) ? e : -1));
    assert.deepEqual(prunedTree(u, routes, fromStart).via, want);
    assert.ok(want.some((e) => e >= 0));
  }
});
