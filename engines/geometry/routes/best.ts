/**
 * The best route to each room over several starts (every door to the outside when none is
 * marked as the main entrance): reachable, then too close to call, then unknown, then blocked;
 * the shorter walk among equals; a start with no way at all ranks last (Dijkstra 1959 trees
 * from ./tree.ts, one per start). And each start's tree pruned to the edges some room's best
 * route walks, so the tree drawn is only the routes used.
 */
import type { Opening } from "../../../ground/plan.ts";
import type { EntranceChoice } from "./entrance.ts";
import type { Constraint, RouteGraph, RouteStatus } from "./model.ts";
import { type Route, routeToRoom, type RouteTree, shortestRoutes } from "./tree.ts";

/** One start's shortest-path tree. */
export interface StartTree<S extends { id: string }> {
  start: S;
  tree: RouteTree;
}

/** A shortest-path tree from each start (a door to the outside) over the graph. */
export function startTrees<S extends { id: string }>(
  graph: RouteGraph,
  starts: S[],
): StartTree<S>[] {
  return starts.map((o) => {
    const node = graph.outsideNode.get(o.id);
    if (node === undefined) throw new Error(`opening ${o.id} does not lead outside`);
    return { start: o, tree: shortestRoutes(graph, node) };
  });
}

const RANK: Record<string, number> = { pass: 0, warn: 1, unknown: 2, fail: 3, error: 4 };

/** Each room's best route over the starts, and the start it comes from. */
export function bestRoutes<S extends { id: string }>(
  graph: RouteGraph,
  trees: StartTree<S>[],
  roomIds: string[],
  legs: { legs: boolean },
): { routes: Map<string, Route>; fromStart: Map<string, S> } {
  const routes = new Map<string, Route>();
  const fromStart = new Map<string, S>();
  // No way at all from a door says nothing about the room: it ranks last.
  const rank = (x: Route) => (x.why ? 9 : RANK[x.status]);
  for (const roomId of roomIds) {
    // The best so far and its start (no object per room and start; issue 29).
    let best: Route | undefined, bestStart: S | undefined;
    for (const t of trees) {
      const r = routeToRoom(graph, t.tree, roomId, legs);
      const better = !best || rank(r) < rank(best) ||
        (rank(r) === rank(best) && (r.length_m ?? Infinity) < (best.length_m ?? Infinity));
      if (better) best = r, bestStart = t.start;
    }
    routes.set(roomId, best!);
    fromStart.set(roomId, bestStart!);
  }
  return { routes, fromStart };
}

/**
 * A start's tree with only the edges some room's best route walks from that start: one
 * readable tree, without the branches that lead nowhere a room is reached from.
 */
export function prunedTree<S extends { id: string }>(
  u: StartTree<S>,
  routes: Map<string, Route>,
  fromStart: Map<string, S>,
): RouteTree {
  // Walked edges flagged by index (one byte an edge, past the largest edge the tree uses).
  // Indexed loops (an iterator result per node and per room cost more; issue 29).
  let edges = 0;
  const treeVia = u.tree.via;
  for (let v = 0; v < treeVia.length; v++) if (treeVia[v] >= edges) edges = treeVia[v] + 1;
  const walked = new Uint8Array(edges);
  fromStart.forEach((start, rid) => {
    if (start !== u.start) return;
    // A route is the tree's path from the start: read from its far end, once an edge is
    // already walked, so is every edge before it (the one path there). Performance (issue
    // 29): each tree edge is added once, not once per room behind it (bench/routes_figures.ts).
    const walk = routes.get(rid)!.walk;
    for (let k = walk.length - 1; k >= 0 && !walked[walk[k].edge]; k--) walked[walk[k].edge] = 1;
  });
  // Each node's edge kept where walked (a loop: Int32Array.from with a function cost more).
  const via = new Int32Array(u.tree.via.length);
  for (let v = 0; v < via.length; v++) {
    const e = u.tree.via[v];
    via[v] = e >= 0 && walked[e] ? e : -1;
  }
  return { ...u.tree, via };
}

/**
 * The doors routes start from: an entrance the person or the file names (exactly one marked
 * main entrance) wins; otherwise every door to the outside is tried, and each room gets its
 * best (a wheelchair user, or movers, use whichever works).
 */
export function startsFrom(choice: EntranceChoice, given: boolean): Opening[] {
  const named = given || choice.candidates.filter((o) => o.main_entrance).length === 1;
  return (named || choice.candidates.length < 2) && choice.entrance
    ? [choice.entrance]
    : choice.candidates;
}

/** Rooms by route status, the longest open route and the most common barrier. */
export interface RouteTally {
  counts: Record<RouteStatus, number>;
  /** The longest route that is open or too close to call (the first among equals). */
  longest?: { len: number; name: string };
  /** The barrier that blocks the most rooms' routes (the first met among equals). */
  top?: { c: Constraint; n: number };
}

/** Counts the rooms' best routes by status, and finds the longest open one and the top barrier. */
export function tallyRoutes(
  rooms: { id: string; name?: string }[],
  routes: Map<string, Route>,
): RouteTally {
  const counts: Record<RouteStatus, number> = { pass: 0, fail: 0, warn: 0, unknown: 0 };
  const blockerCount = new Map<string, { c: Constraint; n: number }>();
  let longest: { len: number; name: string } | undefined;
  for (const room of rooms) {
    const r = routes.get(room.id)!;
    counts[r.status]++;
    for (const c of r.blocking) {
      const e = blockerCount.get(c.id) ?? { c, n: 0 };
      e.n++;
      blockerCount.set(c.id, e);
    }
    if ((r.status === "pass" || r.status === "warn") && r.length_m !== undefined) {
      if (!longest || r.length_m > longest.len) {
        longest = { len: r.length_m, name: room.name ?? room.id };
      }
    }
  }
  return { counts, longest, top: [...blockerCount.values()].sort((a, b) => b.n - a.n)[0] };
}
