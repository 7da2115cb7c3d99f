/**
 * Routes: a navigation graph over a plan (rooms, doors and openings, verticals, the outside)
 * and the best route from one door to every room under a traveller's constraints.
 *
 * Inside a room the path runs between door points around objects, keeping half the
 * traveller's width from walls and objects: the shortest path among polygonal obstacles in
 * the configuration space (room eroded by the radius, objects dilated by it; Lozano-Pérez &
 * Wesley 1979), found on its visibility graph (de Berg et al., "Computational Geometry",
 * ch. 15), so route lengths are real metres. Across rooms, Dijkstra (1959) with a
 * lexicographic cost: fewest failing elements, then fewest unknown ones, then fewest too
 * close to call, then shortest length — so a blocked room still gets the route with the
 * fewest barriers, and those barriers are its blocking elements.
 *
 * Files: ./model.ts (the data model and status order), ./space.ts (clear space and
 * visibility in a room), ./constraints.ts (what each element asks, in sentences), ./graph.ts
 * (the graph over a plan), ./tree.ts (shortest-path tree, routes), ./entrance.ts (the start).
 *
 * Limits (cited where used): ADA 2010 §404.2.3 (door clear width), §404.2.5 (threshold),
 * §405.2 (ramp slope), §303 (changes in level); the numbers come in as {@link RouteNeeds}.
 */
export {
  type Constraint,
  EDGE_KINDS,
  type EdgeKind,
  edgePath,
  MAX_DOOR_OFFSET_M,
  type RouteEdge,
  routeEdge,
  type RouteEdges,
  type RouteGraph,
  type RouteNeeds,
  type RouteNode,
  type RouteStatus,
  worseRouteStatus,
} from "./model.ts";
export {
  clearSpace,
  passageClearWidth,
  polylineLength,
  type Port,
  type RoomPaths,
  roomPaths,
  ROUTE_ARC_M,
} from "./space.ts";
export {
  measurePassage,
  openingConstraints,
  verticalConstraints,
  verticalLength,
  verticalRun_m,
} from "./constraints.ts";
export { buildRouteGraph, objectsByRoom, verticalRooms } from "./graph.ts";
export {
  type Route,
  routesFrom,
  routeToRoom,
  type RouteTree,
  routeTreeLines,
  shortestRoutes,
} from "./tree.ts";
export { type EntranceChoice, pickEntrance } from "./entrance.ts";
export {
  type ConstraintMessage,
  type ConstraintMessages,
  constraintSentence,
  constraintText,
} from "./wording.ts";
