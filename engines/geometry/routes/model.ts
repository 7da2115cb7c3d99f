/**
 * The route graph's data model: what a traveller needs, the constraints an element puts on a
 * route, nodes, edges and the graph; the order of statuses (fail > unknown > warn > pass) and
 * the lexicographic cost weights of the Dijkstra in ./tree.ts.
 */
import type { Point } from "../../../ground/plan.ts";
import type { Port } from "./space.ts";
import type { ConstraintMessage, ConstraintMessages } from "./wording.ts";

/** What the traveller needs, in SI units; each value comes from a tool input. */
export interface RouteNeeds {
  /** Width the traveller takes (chair or aid plus hands), m; half of it is kept clear in rooms. */
  body_width_m: number;
  /** Clear width a door, ramp or lift must give, m (e.g. 0.815, ADA 404.2.3). */
  min_clear_width_m: number;
  /** Stairs and steps block the route (ADA 303: a change in level over 1/2 in needs a ramp). */
  step_free: boolean;
  /** Highest threshold or step crossed when step_free, m (e.g. 0.013, ADA 404.2.5). */
  max_step_m: number;
  /** Steepest ramp, rise over run (e.g. 1/12, ADA 405.2). */
  max_ramp_slope: number;
}

/** A status an element or a route can have. */
export type RouteStatus = "pass" | "warn" | "fail" | "unknown";

/** One judged element on the way: a door's width, a threshold, a stair, a ramp, a room passage. */
export interface Constraint {
  /** Stable id: `<kind>:<element>` (e.g. `clear_width:d7`). */
  id: string;
  kind:
    | "clear_width"
    | "threshold"
    | "stair"
    | "step"
    | "ramp_slope"
    | "passage"
    | "door_position"
    | "unplaced";
  /** The opening, vertical or room id. */
  element: string;
  status: RouteStatus;
  measured?: number;
  limit?: number;
  unit?: string;
  /** What the element did, as a message id of ./wording.ts (ESLint's messageId). */
  message: ConstraintMessage;
  /** The message's data: names and numbers (metres, rise/run). */
  data: ConstraintMessages[ConstraintMessage];
  /** Why it was not judged: the plausibility pass's reasons (engines/geometry/implausible.ts). */
  not_judged?: string[];
  /** True when the measured value is an estimate (a door's clear width from its leaf). */
  estimated?: boolean;
  floor?: string;
  at?: Point;
}

/** A point of the graph: one side of a door, the outside of a door, or a vertical's landing. */
export interface RouteNode {
  id: number;
  floor: string;
  /** The room it lies in; null outside. */
  room: string | null;
  at: Point;
  /** The opening or vertical it belongs to. */
  ref: string;
}

/** A way between two nodes: across a room, through a door, or along a vertical (one edge as an object; see {@link routeEdge}). */
export interface RouteEdge {
  a: number;
  b: number;
  length_m: number;
  kind: EdgeKind;
  element: string;
  status: RouteStatus;
  constraints: Constraint[];
  /** The polyline from a to b (plan metres; a vertical's is its two landings). */
  path: Point[];
}

/** What an edge is, by its code in {@link RouteEdges.kind}. */
export const EDGE_KINDS = ["room", "door", "vertical"] as const;
export type EdgeKind = typeof EDGE_KINDS[number];
export const ROOM_EDGE = 0, DOOR_EDGE = 1, VERTICAL_EDGE = 2;

/** Statuses by their code in {@link RouteEdges.status}. */
export const STATUS_CODES: readonly RouteStatus[] = ["pass", "warn", "unknown", "fail"];
export const PASS = 0, WARN = 1, UNKNOWN = 2, FAIL = 3;

/**
 * The graph's edges as columns (a struct of arrays): edge i joins nodes a[i] and b[i], is
 * length_m[i] long, of kind EDGE_KINDS[kind[i]] and status STATUS_CODES[status[i]], about
 * element[i], judged by constraints[i], along path[i] (undefined: the straight segment from
 * node a's point to node b's). Performance (issue 29): a 1,000-room plan has ~17,000 edges
 * across rooms; one object and one polyline each made the collector copy them all while the
 * graph was built (bench/routes_figures.ts).
 */
export interface RouteEdges {
  count: number;
  a: Int32Array;
  b: Int32Array;
  length_m: Float64Array;
  kind: Uint8Array;
  /** Written once more after a passage is measured (a fail eased to warn, see ./tree.ts). */
  status: Uint8Array;
  element: string[];
  constraints: Constraint[][];
  path: (Point[] | undefined)[];
}

/** The navigation graph of a plan for one traveller. */
export interface RouteGraph {
  nodes: RouteNode[];
  edges: RouteEdges;
  /**
   * Edge indices by node (compressed rows): node u's edges are adjEdge[adjStart[u] ..
   * adjStart[u + 1]), in edge order.
   */
  adjStart: Int32Array;
  adjEdge: Int32Array;
  /** Node ids in each room. */
  roomNodes: Map<string, number[]>;
  /** The outside node of each door to the outside. */
  outsideNode: Map<string, number>;
  /** Sentences about data the graph could not use (a vertical without rooms, …). */
  notes: string[];
  needs: RouteNeeds;
  /** What a passage constraint needs to be measured later (see {@link measurePassage}). */
  passages: Map<
    string,
    { polygon: Point[]; obstacles: Point[][]; a: Port; b: Port; tolerance_m?: number }
  >;
}

/**
 * How far a door's point may sit from its room's outline and still be on its wall, m: half of
 * a 0.5 m wall (room outlines are wall faces, door points often the wall's middle). Assumed.
 */
export const MAX_DOOR_OFFSET_M = 0.25;

/**
 * Shared by the many edges that judge nothing (walks through rooms, landings; never pushed
 * to). Performance: one empty array instead of one per edge, so a 1,000-room graph allocates
 * thousands fewer arrays; bench/routes_bench.ts "step_free_route" group (commit 1089d30).
 */
export const NO_CONSTRAINTS: Constraint[] = [];

/** Cost weights of the lexicographic Dijkstra (counts first, then metres; see module doc). */
const W_FAIL = 1e9, W_UNKNOWN = 1e7, W_WARN = 1e5;

export function statusWeight(s: RouteStatus): number {
  return s === "fail" ? W_FAIL : s === "unknown" ? W_UNKNOWN : s === "warn" ? W_WARN : 0;
}

/** {@link statusWeight} by status code (STATUS_CODES order). */
export const CODE_WEIGHT: readonly number[] = [0, W_WARN, W_UNKNOWN, W_FAIL];

/** A status's code in {@link RouteEdges.status}. */
export function statusCode(s: RouteStatus): number {
  return s === "fail" ? FAIL : s === "unknown" ? UNKNOWN : s === "warn" ? WARN : PASS;
}

/** The worse of two statuses (fail > unknown > warn > pass) for one element. */
export function worseRouteStatus(a: RouteStatus, b: RouteStatus): RouteStatus {
  return statusWeight(a) >= statusWeight(b) ? a : b;
}

/** Edge i's polyline from node a to node b (a new array when it is the straight segment). */
export function edgePath(g: Pick<RouteGraph, "nodes" | "edges">, i: number): Point[] {
  const e = g.edges;
  return e.path[i] ?? [g.nodes[e.a[i]].at, g.nodes[e.b[i]].at];
}

/** Edge i as one object (for callers that walk a few edges, and tests). */
export function routeEdge(g: Pick<RouteGraph, "nodes" | "edges">, i: number): RouteEdge {
  const e = g.edges;
  return {
    a: e.a[i],
    b: e.b[i],
    length_m: e.length_m[i],
    kind: EDGE_KINDS[e.kind[i]],
    element: e.element[i],
    status: STATUS_CODES[e.status[i]],
    constraints: e.constraints[i],
    path: edgePath(g, i),
  };
}
