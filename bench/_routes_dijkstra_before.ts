/**
 * shortestRoutes as it was before the route graph's edges became columns (issue 29, commit
 * 29af8eb): the lexicographic Dijkstra over an object per edge and a list of edges per node.
 * bench/routes_figures.ts keeps it as the baseline the goal was set against, beside
 * today's shortestRoutes (which the columns made faster), so both ratios are reported.
 */
import FlatQueue from "npm:flatqueue@3.1.0";
import { ticker } from "../ground/budget.ts";
import {
  type RouteEdge,
  routeEdge,
  type RouteGraph,
  type RouteTree,
} from "../engines/geometry/routes/mod.ts";
import { statusWeight } from "../engines/geometry/routes/model.ts";

/** The graph as it was: an object per edge, a list of edge indices per node. */
export interface ObjectGraph {
  nodes: RouteGraph["nodes"];
  edges: RouteEdge[];
  adj: number[][];
}

/** The graph's edges as objects and its adjacency as lists (made once, outside the timing). */
export function objectGraph(g: RouteGraph): ObjectGraph {
  return {
    nodes: g.nodes,
    edges: Array.from({ length: g.edges.count }, (_, i) => routeEdge(g, i)),
    adj: g.nodes.map((_, v) => [...g.adjEdge.subarray(g.adjStart[v], g.adjStart[v + 1])]),
  };
}

/** shortestRoutes of commit 29af8eb, verbatim but for its graph's type. */
export function shortestRoutesBefore(g: ObjectGraph, source: number): RouteTree {
  const n = g.nodes.length;
  const cost = new Float64Array(n).fill(Infinity);
  const length_m = new Float64Array(n).fill(Infinity);
  const via = new Int32Array(n).fill(-1);
  const q = new FlatQueue<number>();
  cost[source] = 0, length_m[source] = 0;
  q.push(source, 0);
  const ew = g.edges.map((e) => statusWeight(e.status) + e.length_m);
  const tick = ticker();
  while (q.length) {
    tick();
    const d = q.peekValue()!;
    const u = q.pop()!;
    if (d > cost[u]) continue;
    for (const ei of g.adj[u]) {
      const e = g.edges[ei];
      const v = e.a === u ? e.b : e.a;
      const nd = d + ew[ei];
      if (nd < cost[v] - 1e-9) {
        cost[v] = nd, length_m[v] = length_m[u] + e.length_m, via[v] = ei;
        q.push(v, nd);
      }
    }
  }
  return { source, cost, length_m, via };
}
