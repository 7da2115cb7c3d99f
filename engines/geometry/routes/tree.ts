/**
 * The shortest-path tree and routes read from it: Dijkstra (1959) from one node with a
 * lexicographic cost (fewest failing, then unknown, then too-close elements, then metres),
 * a room's best route with its barriers and polylines, and the tree's lines for a picture.
 */
import { ticker } from "../../../ground/budget.ts";
import FlatQueue from "npm:flatqueue@3.1.0";
import type { Plan, Point } from "../../../ground/plan.ts";
import { measurePassage } from "./constraints.ts";
import { buildRouteGraph } from "./graph.ts";
import {
  CODE_WEIGHT,
  type Constraint,
  edgePath,
  FAIL,
  NO_CONSTRAINTS,
  PASS,
  ROOM_EDGE,
  type RouteGraph,
  type RouteNeeds,
  type RouteStatus,
  STATUS_CODES,
  VERTICAL_EDGE,
  WARN,
} from "./model.ts";

/** Best routes from one node to every node (lexicographic Dijkstra; see module doc). */
export interface RouteTree {
  source: number;
  cost: Float64Array;
  length_m: Float64Array;
  /** The edge each node was reached by; -1 for the source and unreached nodes. */
  via: Int32Array;
}

/** Dijkstra (1959) from `source` over the graph, binary heap (flatqueue), lexicographic cost. */
export function shortestRoutes(g: RouteGraph, source: number): RouteTree {
  const n = g.nodes.length;
  const cost = new Float64Array(n).fill(Infinity);
  const length_m = new Float64Array(n).fill(Infinity);
  const via = new Int32Array(n).fill(-1);
  const q = new FlatQueue<number>();
  cost[source] = 0, length_m[source] = 0;
  q.push(source, 0);
  const E = g.edges, ea = E.a, eb = E.b, elen = E.length_m;
  const ew = new Float64Array(E.count);
  for (let i = 0; i < E.count; i++) ew[i] = CODE_WEIGHT[E.status[i]] + elen[i];
  const { adjStart, adjEdge } = g;
  const tick = ticker();
  while (q.length) {
    tick();
    const d = q.peekValue()!;
    const u = q.pop()!;
    if (d > cost[u]) continue;
    for (let k = adjStart[u], end = adjStart[u + 1]; k < end; k++) {
      const ei = adjEdge[k];
      const v = ea[ei] === u ? eb[ei] : ea[ei];
      const nd = d + ew[ei];
      if (nd < cost[v] - 1e-9) {
        cost[v] = nd, length_m[v] = length_m[u] + elen[ei], via[v] = ei;
        q.push(v, nd);
      }
    }
  }
  return { source, cost, length_m, via };
}

/** One room's best route: its status, length, barriers and polyline per floor. */
export interface Route {
  room: string;
  status: RouteStatus;
  /** Metres walked from the start to the room's door (undefined when there is no way at all). */
  length_m?: number;
  /** Elements on the way, in order (openings, verticals, rooms crossed). */
  elements: string[];
  /** Failing elements on the best way: what blocks it. */
  blocking: Constraint[];
  /** Elements too close to call. */
  close: Constraint[];
  /** Elements whose data is missing. */
  unknown: Constraint[];
  /** The polyline on each floor, in walking order. */
  legs: { floor: string; points: Point[] }[];
  /** Why there is no route at all, when there is none. */
  why?: string;
  /** The graph edges walked, in order, with the node each is entered from. */
  walk: { edge: number; from: number }[];
}

/**
 * The walk steps of each tree, by edge index, shared by the routes read from it (every room's
 * route through a tree edge enters it from the same node); read-only, like the routes.
 * Performance: one step object per tree edge instead of one per room per edge (1,000 rooms
 * walk ~10⁵ edges); a WeakMap so a tree's steps go with the tree. bench/routes_bench.ts
 * "step_free_route" group (commit 68aaaad).
 */
const walkSteps = new WeakMap<RouteTree, Route["walk"]>();

/** Each node's hops from a tree's source, and whether every edge of its way there passes. */
interface TreeDepths {
  /** Edges from the source (0: the source, or a node the tree does not reach). */
  hops: Int32Array;
  /** 1 where every edge on the way from the source has status pass. */
  clear: Uint8Array;
  /** The node each node is reached from (the other end of its tree edge; -1: none). */
  parent: Int32Array;
}

/**
 * {@link TreeDepths} of each tree, made at its first route: each node's depth from its tree
 * parent's. An edge's status pass never changes (routeToRoom only eases a fail to warn), so
 * `clear` stays true of the graph as routes are read. Performance (issue 29): 1,000 routes
 * of ~60 hops each were counted hop by hop, and walked again to find that every edge passed
 * (10,000 nodes once instead; tests/engines/geometry/routes_test.ts holds routes to before).
 */
const treeDepths = new WeakMap<RouteTree, TreeDepths>();

function depthsOf(g: RouteGraph, tree: RouteTree): TreeDepths {
  let d = treeDepths.get(tree);
  if (d) return d;
  const E = g.edges, via = tree.via, n = via.length;
  const hops = new Int32Array(n).fill(-1), clear = new Uint8Array(n);
  const parent = new Int32Array(n).fill(-1);
  // A node's way up to the first node already known, then back down it.
  const up: number[] = [];
  for (let v0 = 0; v0 < n; v0++) {
    let v = v0;
    while (hops[v] < 0 && via[v] >= 0) {
      up.push(v);
      const ei = via[v];
      v = E.a[ei] === v ? E.b[ei] : E.a[ei];
    }
    if (hops[v] < 0) hops[v] = 0, clear[v] = 1;
    while (up.length) {
      const u = up.pop()!;
      hops[u] = hops[v] + 1, parent[u] = v;
      clear[u] = clear[v] === 1 && E.status[via[u]] === PASS ? 1 : 0;
      v = u;
    }
  }
  treeDepths.set(tree, d = { hops, clear, parent });
  return d;
}

/** The best route to one room from a tree (see {@link shortestRoutes}). */
export function routeToRoom(
  g: RouteGraph,
  tree: RouteTree,
  roomId: string,
  opts: { legs?: boolean } = {},
): Route {
  const withLegs = opts.legs ?? true;
  const ids = g.roomNodes.get(roomId) ?? [];
  // The route without a way, made only when there is none (not for each of 1,000 routes).
  const empty = () => ({
    room: roomId,
    elements: [],
    blocking: [],
    close: [],
    unknown: [],
    legs: [],
    walk: [],
  });
  if (!ids.length) {
    return {
      ...empty(),
      status: "unknown",
      why: "no door, opening, stair, ramp or lift into it is recorded",
    };
  }
  let best = -1;
  for (const id of ids) if (best < 0 || tree.cost[id] < tree.cost[best]) best = id;
  if (!Number.isFinite(tree.cost[best])) {
    return {
      ...empty(),
      status: "unknown",
      why: "the plan records no connection to it from the start (a missing stair, lift or door?)",
    };
  }
  // The tree edges from the source to `best`, filled from the far end (their count, and
  // whether every one passes, from the tree's depths).
  const E = g.edges;
  const depths = depthsOf(g, tree);
  const hops = depths.hops[best];
  let steps = walkSteps.get(tree);
  if (!steps) walkSteps.set(tree, steps = new Array(E.count));
  // Its elements and steps, one per hop, written in place (arrays made at their length, not
  // grown push by push: a 1,000-room plan's routes take ~60 hops each; issue 29).
  // The same keys in the same order as {...empty, …} gave (a literal: no copy per room).
  const route: Route = {
    room: roomId,
    elements: new Array(hops),
    blocking: [],
    close: [],
    unknown: [],
    legs: [],
    walk: new Array(hops),
    status: "pass",
    length_m: tree.length_m[best],
  };
  // Filled from the far end: each hop's edge and the node it is entered from (the tree's
  // node before it), read back in walking order below. Performance (issue 29): no list of
  // the hops' edges made for each of 1,000 routes first.
  const parent = depths.parent;
  for (let v = best, k = hops - 1; k >= 0; k--) {
    const ei = tree.via[v], from = parent[v];
    route.elements[k] = E.element[ei];
    // A tree edge is always walked from the same end: one step object for every route.
    let step = steps[ei];
    if (!step || step.from !== from) steps[ei] = step = { edge: ei, from };
    route.walk[k] = step;
    v = from;
  }
  // Constraint ids already counted; made at the first edge that judges anything.
  let seen: Set<string> | undefined;
  // The worst status code walked (codes rise pass < warn < unknown < fail, as worseRouteStatus
  // orders statuses): one number compared per hop, not two statuses' weights.
  let worst = PASS;
  // A way whose every edge passes judges nothing and eases nothing: pass, without a walk.
  for (let h = depths.clear[best] === 1 && !withLegs ? hops : 0; h < hops; h++) {
    const ei = route.walk[h].edge, at = route.walk[h].from;
    const forward = E.a[ei] === at;
    const constraints = E.constraints[ei];
    // Indexed, and only on an edge that judges something (an iterator per hop cost ~100 bytes
    // a hop: 1,000 routes walk ~64,000; bench/routes_alloc.ts).
    const judged = E.status[ei] === PASS ? NO_CONSTRAINTS : constraints;
    for (let q = 0; q < judged.length; q++) {
      const c = judged[q];
      seen ??= new Set();
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      measurePassage(g, c);
      if (c.status === "fail") route.blocking.push(c);
      else if (c.status === "warn") route.close.push(c);
      else if (c.status === "unknown") route.unknown.push(c);
    }
    // A measured passage may have been found too close to call, not blocked (measurePassage).
    if (
      E.status[ei] === FAIL && E.kind[ei] === ROOM_EDGE && constraints.length &&
      constraints.every((c) => c.status !== "fail")
    ) {
      E.status[ei] = WARN;
    }
    if (E.status[ei] > worst) worst = E.status[ei];
    if (withLegs && E.kind[ei] !== VERTICAL_EDGE) {
      const floor = g.nodes[at].floor;
      const last = route.legs[route.legs.length - 1];
      const points = last && last.floor === floor ? last.points : [];
      if (points !== last?.points) route.legs.push({ floor, points });
      const path = edgePath(g, ei);
      const n = path.length;
      for (let k = points.length ? 1 : 0; k < n; k++) points.push(path[forward ? k : n - 1 - k]);
    }
  }
  route.status = STATUS_CODES[worst];
  return route;
}

/** Every room's best route from the outside of one door to the outside (a convenience). */
export function routesFrom(
  plan:
    & Pick<Plan, "rooms" | "openings" | "verticals" | "objects" | "source">
    & Partial<Pick<Plan, "implausible">>,
  needs: RouteNeeds,
  entranceId: string,
  opts: { legs?: boolean } = {},
): { graph: RouteGraph; tree: RouteTree; routes: Map<string, Route> } {
  const graph = buildRouteGraph(plan, needs);
  const start = graph.outsideNode.get(entranceId);
  if (start === undefined) throw new Error(`opening ${entranceId} does not lead outside`);
  const tree = shortestRoutes(graph, start);
  const routes = new Map<string, Route>();
  const tick = ticker(64);
  for (const r of plan.rooms) {
    tick();
    routes.set(r.id, routeToRoom(graph, tree, r.id, opts));
  }
  return { graph, tree, routes };
}

/**
 * Every edge of a route tree, as lines per floor and status (each edge drawn once): what
 * every room's best route walks, for a few overlays instead of one per room.
 */
export function routeTreeLines(
  g: RouteGraph,
  tree: RouteTree,
): { floor: string; status: RouteStatus; lines: Point[][] }[] {
  type Group = { floor: string; status: RouteStatus; lines: Point[][] };
  // Groups in order of first appearance, found by floor then status (no key strings built).
  const out: Group[] = [];
  const byFloor = new Map<string, Map<RouteStatus, Group>>();
  const E = g.edges;
  const seen = new Uint8Array(E.count);
  for (let v = 0; v < g.nodes.length; v++) {
    const ei = tree.via[v];
    if (ei < 0 || seen[ei]) continue;
    seen[ei] = 1;
    if (E.kind[ei] === VERTICAL_EDGE) continue;
    const floor = g.nodes[E.a[ei]].floor;
    const status = STATUS_CODES[E.status[ei]];
    let statuses = byFloor.get(floor);
    if (!statuses) byFloor.set(floor, statuses = new Map());
    let group = statuses.get(status);
    if (!group) {
      statuses.set(status, group = { floor, status, lines: [] }), out.push(group);
    }
    // In walking order: from the node it was reached from to v.
    const path = edgePath(g, ei);
    group.lines.push(E.b[ei] === v ? path : [...path].reverse());
  }
  return out;
}
