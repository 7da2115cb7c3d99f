/**
 * Issue 29 took buildRouteGraph apart into phases (doors, verticals, rooms) and sped it up;
 * the graph it builds must not change. Compared field for field (node:assert deepStrictEqual:
 * nodes, edges with their constraints and paths, adjacency, room nodes, outside nodes, notes,
 * passages) with the version from before (tests/engines/geometry/_routes_graph_reference.ts)
 * on hand-made fixtures, the synthetic benchmark buildings and the real ZInD and FZK samples,
 * for a narrow and a wide traveller (the wide one fails and warns passages and doors).
 * Since the edges became columns (a struct of arrays, straight paths not stored), the graph
 * is compared as the objects it stands for: each edge by routeEdge, the adjacency per node.
 */
import { assert, assertEquals } from "../../_assert.ts";
import { sharedData } from "../../_data.ts";
import { parsePlan, type Plan } from "../../../ground/plan.ts";
import { importSource } from "../../../layers/mod.ts";
import {
  buildRouteGraph,
  routeEdge,
  type RouteGraph,
  type RouteNeeds,
} from "../../../engines/geometry/routes/mod.ts";
import { doorWall } from "../../../engines/geometry/routes/graph.ts";
import { rng } from "../../../bench/_grid_building.ts";
import { buildRouteGraphReference, doorWall as doorWallBefore } from "./_routes_graph_reference.ts";
import { gridBuilding } from "../../../bench/_grid_building.ts";
import { syntheticBuilding } from "../../../bench/_synthetic_building.ts";

const NEEDS: RouteNeeds[] = [
  {
    body_width_m: 0.81,
    min_clear_width_m: 0.815,
    step_free: true,
    max_step_m: 0.013,
    max_ramp_slope: 1 / 12,
  },
  {
    body_width_m: 1.3,
    min_clear_width_m: 1.2,
    step_free: false,
    max_step_m: 0.2,
    max_ramp_slope: 0.1,
  },
];

const fixture = (rel: string) =>
  parsePlan(JSON.parse(Deno.readTextFileSync(new URL(`../../../fixtures/${rel}`, import.meta.url))))
    .plan;

const PLANS: [string, () => Plan | Promise<Plan>][] = [
  ["demo", () => fixture("demo/plan.json")],
  ["split_level", () => fixture("geometry/split_level.json")],
  ["bed_room", () => fixture("geometry/bed_room.json")],
  ["corridor_corner", () => fixture("geometry/corridor_corner.json")],
  ["narrow_door", () => fixture("geometry/narrow_door.json")],
  ["rules/base", () => fixture("rules/base.json")],
  ["grid 1,000 rooms", () => parsePlan(gridBuilding(40, 25, 3000)).plan],
  ["synthetic 2 floors", () => syntheticBuilding(2, 6, 6).plan],
  ["ZInD", async () => (await importSource(sharedData("zind/zind_data.json"))).loaded.plan],
  ["FZK", async () => (await importSource(sharedData("ifc/AC20-FZK-Haus.ifc"))).loaded.plan],
];

/** The graph as the reference builds it: an object per edge, a list of edges per node. */
function asObjects(g: RouteGraph) {
  const { nodes, roomNodes, outsideNode, notes, needs, passages } = g;
  const edges = Array.from({ length: g.edges.count }, (_, i) => routeEdge(g, i));
  const adj = nodes.map((_, v) => [...g.adjEdge.subarray(g.adjStart[v], g.adjStart[v + 1])]);
  return { nodes, edges, adj, roomNodes, outsideNode, notes, needs, passages };
}

for (const [name, load] of PLANS) {
  Deno.test(`routes graph: ${name} — the same graph as before the split, for both travellers`, async () => {
    const plan = await load();
    for (const needs of NEEDS) {
      const got = asObjects(buildRouteGraph(plan, needs));
      const want = buildRouteGraphReference(plan, needs);
      assert.ok(want.edges.length > 0, `${name}: the reference graph has edges`);
      assertEquals(got, want, `${name}, body ${needs.body_width_m} m`);
    }
  });
}

Deno.test("routes graph: a door's wall (its squared-length shortcut) is the one found before, bit for bit", () => {
  const rand = rng(29);
  // Rings with edges about 1e-9 m long (kept or skipped by a hair), points as near two edges
  // as each other (ties within 1e-12 m: the first wins), tiny and huge coordinates.
  const scales = [1e-12, 1e-9, 1, 3, 1e6, 1e150];
  let compared = 0;
  for (let trial = 0; trial < 4000; trial++) {
    const s = scales[trial % scales.length];
    const n = 3 + Math.floor(rand() * 6);
    const ring: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      const ang = (2 * Math.PI * i) / n + rand() * 0.3;
      ring.push([Math.cos(ang) * s, Math.sin(ang) * s]);
      if (rand() < 0.3) {
        const e = [1e-9, 1e-9 * (1 + 1e-15), 1e-9 * (1 - 1e-15), 0.99999e-9, 1.00001e-9, 0][
          Math.floor(rand() * 6)
        ];
        ring.push([ring[ring.length - 1][0] + e, ring[ring.length - 1][1]]);
      }
    }
    const k = Math.floor(rand() * ring.length), a = ring[k], b = ring[(k + 1) % ring.length];
    const points: [number, number][] = [
      [(rand() - 0.5) * 3 * s, (rand() - 0.5) * 3 * s],
      a, // a corner: as near both its edges
      [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
      [a[0] * (1 + 1e-13), a[1] * (1 - 1e-13)],
    ];
    for (const p of points) {
      assertEquals(doorWall(ring, p), doorWallBefore(ring, p), `trial ${trial}`);
      compared++;
    }
  }
  assert.ok(compared === 16000);
});
