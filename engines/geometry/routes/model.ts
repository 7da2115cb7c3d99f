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
  /** The element in words and numbers (./wording.ts): "door d7 is 0.70 m clear; 0.78 m needed". */
  text: string;
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

/** A way between two nodes: across a room, through a door, or along a vertical. */
export interface RouteEdge {
  a: number;
  b: number;
  length_m: number;
  kind: "room" | "door" | "vertical";
  element: string;
  status: RouteStatus;
  constraints: Constraint[];
  /** The polyline from a to b (plan metres; a vertical's is its two landings). */
  path: Point[];
}

/** The navigation graph of a plan for one traveller. */
export interface RouteGraph {
  nodes: RouteNode[];
  edges: RouteEdge[];
  /** Edge indices by node. */
  adj: number[][];
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

/** The worse of two statuses (fail > unknown > warn > pass) for one element. */
export function worseRouteStatus(a: RouteStatus, b: RouteStatus): RouteStatus {
  return statusWeight(a) >= statusWeight(b) ? a : b;
}
