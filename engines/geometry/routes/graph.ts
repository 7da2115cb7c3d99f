/**
 * Building the route graph over a plan: nodes for rooms' doors and verticals and the outside,
 * edges through rooms (./space.ts), doors and openings, stairs, ramps and lifts, each with its
 * constraints (./constraints.ts).
 */
import { checkpoint, ticker } from "../../../ground/budget.ts";
import { unknownIfImplausible } from "../implausible.ts";
import type { Opening, Plan, Point, Room, Vertical } from "../../../ground/plan.ts";
import { tolerance_m } from "../../../ground/plan.ts";
import { freeFloor, insideRings, largestCircleIn, objectFootprint } from "../clearance.ts";
import { openingConstraints, verticalConstraints, verticalLength } from "./constraints.ts";
import { coded, type ConstraintMessages } from "./wording.ts";
import {
  type Constraint,
  DOOR_EDGE,
  MAX_DOOR_OFFSET_M,
  NO_CONSTRAINTS,
  ROOM_EDGE,
  type RouteEdges,
  type RouteGraph,
  type RouteNeeds,
  type RouteNode,
  type RouteStatus,
  statusCode,
  VERTICAL_EDGE,
  worseRouteStatus,
} from "./model.ts";
import {
  clearPairPath,
  convexClearPoints,
  polylineLength,
  type Port,
  roomPaths,
  roomWays,
  ROUTE_ARC_M,
  straightLength,
} from "./space.ts";

/**
 * The wall of a room a door point sits on: the foot of the point on the room's nearest edge,
 * its distance, m, and the unit normal into the room. The same arithmetic as walls.ts
 * nearestRoomEdge (point-to-segment projection, shoelace orientation, the first of edges
 * within 1e-12 m winning), bit for bit, without its per-edge objects; undefined when no edge
 * has length. Performance (issue 29): an edge that is plainly no nearer than the best so far
 * (or plainly has length) is told so from its squared length, without Math.hypot; every
 * edge taken, and every case within 1e-13 of its bound, is decided on Math.hypot's value as
 * before, so the result is the same (bench/routes_outputs.ts; exported for
 * tests/engines/geometry/routes_graph_test.ts, which holds it to the one before bit for bit).
 */
export function doorWall(
  poly: Point[],
  p: Point,
): { foot: Point; distance_m: number; inward: Point } | undefined {
  const w = WALL;
  if (!doorWallInto(poly, p, w)) return undefined;
  return { foot: [w[0], w[1]], distance_m: w[2], inward: [w[3], w[4]] };
}

/** Where {@link doorWall} has {@link doorWallInto} write its numbers. */
const WALL: number[] = [0, 0, 0, 0, 0];

/**
 * {@link doorWall} without its objects: foot x, y, distance_m and inward x, y written into
 * `out`, false when no edge has length. Performance (issue 29): a 3,000-door plan asks 6,000
 * times, and its graph keeps each side's wall as numbers (see Builder.ports).
 */
function doorWallInto(poly: Point[], p: Point, out: number[]): boolean {
  const n = poly.length;
  let area2 = 0;
  for (let i = 0; i < n; i++) {
    const a = poly[i], b = poly[(i + 1) % n];
    area2 += a[0] * b[1] - b[0] * a[1];
  }
  const ccw = area2 / 2 >= 0;
  const px = p[0], py = p[1];
  let best = -1, bestD = Infinity, bestX = 0, bestY = 0;
  for (let i = 0; i < n; i++) {
    const a = poly[i], b = poly[(i + 1) % n];
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    // Math.hypot(dx, dy) < 1e-9, told from len2 where it is plainly either.
    if (!(len2 > 1.0001e-18) && (len2 < 0.9999e-18 || Math.hypot(dx, dy) < 1e-9)) continue;
    let t = len2 > 0 ? ((px - a[0]) * dx + (py - a[1]) * dy) / len2 : 0;
    t = Math.max(0, Math.min(1, t));
    const fx = a[0] + t * dx, fy = a[1] + t * dy;
    if (best >= 0) {
      // Plainly no nearer: sqrt of the squared distance beyond the bound by more than the
      // two roundings can differ (a few units in the last place).
      const bound = bestD - 1e-12;
      const s = Math.sqrt((px - fx) * (px - fx) + (py - fy) * (py - fy));
      if (s < Infinity && s > bound + 1e-13 * (s + Math.abs(bound))) continue;
    }
    const d = Math.hypot(px - fx, py - fy);
    if (best >= 0 && d >= bestD - 1e-12) continue;
    best = i, bestD = d, bestX = fx, bestY = fy;
  }
  if (best < 0) return false;
  const a = poly[best], b = poly[(best + 1) % n];
  const bestLen = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const dir0 = (b[0] - a[0]) / bestLen, dir1 = (b[1] - a[1]) / bestLen;
  // Interior is left of a->b on a counter-clockwise ring: inward is the left normal.
  out[0] = bestX, out[1] = bestY, out[2] = bestD;
  if (ccw) out[3] = -dir1, out[4] = dir0;
  else out[3] = dir1, out[4] = -dir0;
  return true;
}

/** Objects standing in each room: those naming the room, or on its floor with their centre in it. */
export function objectsByRoom(plan: Pick<Plan, "rooms" | "objects">): Map<string, Point[][]> {
  const out = new Map<string, Point[][]>();
  for (const r of plan.rooms) out.set(r.id, []);
  for (const o of plan.objects) {
    let room = o.room;
    if (room === undefined) {
      room = plan.rooms.find((r) => r.floor === o.floor && insideRings([[r.polygon]], o.center))
        ?.id;
    }
    if (room !== undefined) out.get(room)?.push(objectFootprint(o));
  }
  return out;
}

/** The rooms a vertical lands in: its own list, else the one stair room on each floor. */
export function verticalRooms(
  v: Vertical,
  rooms: Room[],
): { from?: Room; to?: Room } {
  const byId = new Map(rooms.map((r) => [r.id, r]));
  const listed = (v.rooms ?? []).map((id) => byId.get(id)).filter((r): r is Room => !!r);
  let from = listed.find((r) => r.floor === v.from_floor);
  let to = listed.find((r) => r.floor === v.to_floor && r !== from);
  if (!from || !to) {
    const stairs = (f: string) => rooms.filter((r) => r.floor === f && r.label === "stairs");
    if (!from && stairs(v.from_floor).length === 1) from = stairs(v.from_floor)[0];
    if (!to && stairs(v.to_floor).length === 1) to = stairs(v.to_floor)[0];
  }
  return { from, to };
}

/** The plan a route graph is built over. */
type RoutePlan =
  & Pick<Plan, "rooms" | "openings" | "verticals" | "objects" | "source">
  & Partial<Pick<Plan, "implausible">>;

/** What the phases of {@link buildRouteGraph} build together. */
interface Builder {
  plan: RoutePlan;
  needs: RouteNeeds;
  tol: (v: number) => number;
  rooms: Map<string, Room>;
  nodes: RouteNode[];
  edges: RouteEdges;
  roomNodes: Map<string, number[]>;
  /**
   * Each node's port as numbers, five a node: its point x, y, its inward normal x, y and 1
   * when it has one (0: a free point, or outside). Performance (issue 29): no port object, nor
   * its two points, kept for each of a 3,000-door plan's 6,000 door sides; made as a Port
   * ({@link portOf}) for the few a passage names.
   */
  ports: Float64Array;
  outsideNode: Map<string, number>;
  notes: string[];
  passages: RouteGraph["passages"];
  /** The point outside the wall of the last door side met to the outside (doorSide). */
  outside: Point;
}

/**
 * Adds a node; one in a room is listed among the room's nodes, its port (point px, py,
 * inward normal nx, ny when `hasNormal`) kept as numbers (see Builder.ports).
 */
function addNode(
  g: Builder,
  floor: string,
  room: string | null,
  at: Point,
  ref: string,
  px = 0,
  py = 0,
  nx = 0,
  ny = 0,
  hasNormal = false,
): number {
  const id = g.nodes.length;
  g.nodes.push({ id, floor, room, at, ref });
  if (g.ports.length < 5 * (id + 1)) {
    // Grown twice over when full (one column of numbers, not a list pushed 30,000 times).
    const grown = new Float64Array(Math.max(10 * (id + 1), 64));
    grown.set(g.ports), g.ports = grown;
  }
  const P = g.ports, k = 5 * id;
  P[k] = px, P[k + 1] = py, P[k + 2] = nx, P[k + 3] = ny, P[k + 4] = hasNormal ? 1 : 0;
  if (room !== null) g.roomNodes.get(room)!.push(id);
  return id;
}

/** A node's port as a {@link Port} (see Builder.ports). */
function portOf(g: Builder, id: number): Port {
  const P = g.ports, k = 5 * id;
  return { at: [P[k], P[k + 1]], n: P[k + 4] ? [P[k + 2], P[k + 3]] : null };
}

/**
 * Edge columns with room for `n` edges: the plain ones made at that length too and written
 * in order (cut to the count at the end, see buildRouteGraph). Performance (issue 29): three
 * lists pushed to 20,000 edges a grid plan, grown and copied again and again, cost more.
 */
function edgeColumns(n: number): RouteEdges {
  return {
    count: 0,
    a: new Int32Array(n),
    b: new Int32Array(n),
    length_m: new Float64Array(n),
    kind: new Uint8Array(n),
    status: new Uint8Array(n),
    element: new Array(n),
    constraints: new Array(n),
    path: new Array(n),
  };
}

/** The columns grown to hold at least `n` edges (the typed ones copied once). */
function reserveEdges(g: Builder, n: number): void {
  const e = g.edges;
  if (e.a.length >= n) return;
  const m = Math.max(n, e.a.length * 2);
  const grown = edgeColumns(m);
  grown.a.set(e.a), grown.b.set(e.b), grown.length_m.set(e.length_m);
  grown.kind.set(e.kind), grown.status.set(e.status);
  for (let i = 0; i < e.count; i++) {
    grown.element[i] = e.element[i], grown.constraints[i] = e.constraints[i];
    grown.path[i] = e.path[i];
  }
  grown.count = e.count;
  g.edges = grown;
}

/** Adds an edge; `path` undefined is the straight segment between the nodes' points. */
function addEdge(
  g: Builder,
  a: number,
  b: number,
  length_m: number,
  kind: number,
  element: string,
  status: RouteStatus,
  constraints: Constraint[],
  path: Point[] | undefined,
): void {
  if (g.edges.count === g.edges.a.length) reserveEdges(g, g.edges.count + 1);
  const e = g.edges, i = e.count++;
  e.a[i] = a, e.b[i] = b, e.length_m[i] = length_m, e.kind[i] = kind;
  e.status[i] = statusCode(status);
  e.element[i] = element, e.constraints[i] = constraints, e.path[i] = path;
}

/** The worst status among constraints ("pass" when there are none). */
function worstOf(constraints: Constraint[]): RouteStatus {
  return constraints.reduce<RouteStatus>((s, c) => worseRouteStatus(s, c.status), "pass");
}

/**
 * Builds the navigation graph of a plan for one traveller. Each door or opening between two
 * spaces gives a node on each side (a door to the outside: one inside, one outside); each
 * vertical gives a landing node in each of its rooms; every pair of nodes in a room is joined
 * by the shortest clear path between them (see {@link roomPaths}). Every element is judged
 * with design.md's uncertainty rule (judge(), tolerance from the plan's source). Phases:
 * {@link doorPhase}, {@link verticalPhase}, {@link roomPhase}.
 */
export function buildRouteGraph(plan: RoutePlan, needs: RouteNeeds): RouteGraph {
  const g: Builder = {
    plan,
    needs,
    tol: (v: number) => tolerance_m(plan, v),
    rooms: new Map(plan.rooms.map((r) => [r.id, r])),
    nodes: [],
    edges: edgeColumns(edgeCapacity(plan)),
    roomNodes: new Map(),
    // A door gives at most three nodes (two sides and the outside), a vertical two.
    ports: new Float64Array(5 * (3 * plan.openings.length + 2 * plan.verticals.length)),
    outsideNode: new Map(),
    notes: [],
    passages: new Map(),
    outside: [0, 0],
  };
  for (const r of plan.rooms) g.roomNodes.set(r.id, []);
  doorPhase(g);
  const objects = objectsByRoom(plan);
  verticalPhase(g, objects);
  roomPhase(g, objects);
  const { nodes, roomNodes, outsideNode, notes, passages } = g;
  const all = g.edges, m = all.count;
  // The plain columns cut to the edges made (see edgeColumns).
  all.element.length = m, all.constraints.length = m, all.path.length = m;
  const edges: RouteEdges = {
    count: m,
    a: all.a.slice(0, m),
    b: all.b.slice(0, m),
    length_m: all.length_m.slice(0, m),
    kind: all.kind.slice(0, m),
    status: all.status.slice(0, m),
    element: all.element,
    constraints: all.constraints,
    path: all.path,
  };
  // Each node's edges in edge order (as a list per node pushed edge by edge would hold them).
  const adjStart = new Int32Array(nodes.length + 1);
  for (let i = 0; i < m; i++) adjStart[edges.a[i] + 1]++, adjStart[edges.b[i] + 1]++;
  for (let v = 0; v < nodes.length; v++) adjStart[v + 1] += adjStart[v];
  const fill = adjStart.slice(0, nodes.length);
  const adjEdge = new Int32Array(2 * m);
  for (let i = 0; i < m; i++) adjEdge[fill[edges.a[i]]++] = i, adjEdge[fill[edges.b[i]]++] = i;
  return { nodes, edges, adjStart, adjEdge, roomNodes, outsideNode, notes, needs, passages };
}

/**
 * Room for the edges a plan's graph is likely to have: a door's edge and a vertical's, and
 * every pair of the door sides in each room (roomPhase joins each pair; a vertical's landings
 * are not counted, roomPhase grows the columns for them). Only a capacity: the columns are
 * cut to the edges made. Performance (issue 29): the columns were made for the doors, then
 * grown and copied once the rooms' pairs were known (~5 % of a grid plan's build profile).
 */
function edgeCapacity(plan: RoutePlan): number {
  const sides = new Map<string, number>();
  for (const o of plan.openings) {
    if (o.kind === "window" || o.between[0] === o.between[1]) continue;
    for (const s of o.between) if (s !== null) sides.set(s, (sides.get(s) ?? 0) + 1);
  }
  let n = plan.openings.length + plan.verticals.length;
  sides.forEach((k) => n += (k * (k - 1)) / 2);
  return n;
}

/**
 * Doors and openings: a node on each side, just inside the clear space of the larger radius
 * judged in {@link roomPhase} (half the traveller's width plus the scan tolerance, plus the
 * arcs' 5 mm), so most room paths start clear and need no snapping; a door to the outside
 * gets a node outside its wall too. Each gives an edge between its two nodes, judged by
 * openingConstraints, with a door_position unknown where the door is not on its room's wall.
 */
function doorPhase(g: Builder) {
  const { plan, needs, tol, rooms, nodes } = g;
  const r0 = (needs.body_width_m + tol(needs.body_width_m)) / 2 + ROUTE_ARC_M - 0.004;
  const tick = ticker(); // within a run's time limit: a plan may have 100,000 doors
  for (const o of plan.openings) {
    tick();
    if (o.kind === "window") continue;
    const s0 = o.between[0], s1 = o.between[1];
    if (s0 === s1) continue;
    // Its sides that are rooms of the plan, in order. Performance (issue 29): no lists made
    // per door (a 3,000-door plan), the same nodes and edges in the same order.
    const room0 = s0 === null ? undefined : rooms.get(s0);
    const room1 = s1 === null ? undefined : rooms.get(s1);
    if (!room0 && !room1) continue;
    const constraints = unknownIfImplausible(plan, o.id, openingConstraints(o, needs, tol));
    const toOutside = s0 === null || s1 === null;
    const a = room0 ? doorSide(g, o, room0, constraints, r0, toOutside) : -1;
    const b = room1 ? doorSide(g, o, room1, constraints, r0, toOutside) : -1;
    let id0 = a >= 0 ? a : b, id1 = a >= 0 ? b : -1;
    if (toOutside) {
      // The outside of its one room's wall (see doorSide).
      const id = addNode(g, o.floor, null, g.outside, o.id);
      g.outsideNode.set(o.id, id);
      if (id0 < 0) id0 = id;
      else id1 = id;
    }
    if (id1 >= 0) {
      const pa = nodes[id0].at, pb = nodes[id1].at;
      const len = Math.hypot(pa[0] - pb[0], pa[1] - pb[1]);
      addEdge(g, id0, id1, len, DOOR_EDGE, o.id, worstOf(constraints), constraints, undefined);
    }
  }
}

/**
 * One side of a door in `room`: its node on the wall's inward side, and (a door to the
 * outside) the point outside that wall left in `g.outside`; a door off its wall adds its
 * door_position constraint to `constraints`.
 */
function doorSide(
  g: Builder,
  o: Opening,
  room: Room,
  constraints: Constraint[],
  r0: number,
  toOutside: boolean,
): number {
  const w = WALL, onWall = doorWallInto(room.polygon, o.at, w);
  // A room outline with no edge of any length: the door stands at its point, unplaced.
  const fx = onWall ? w[0] : o.at[0], fy = onWall ? w[1] : o.at[1];
  const nx = onWall ? w[3] : 0, ny = onWall ? w[4] : 0;
  const placed = doorPosition(o, room, onWall ? w[2] : undefined);
  if (placed) constraints.push(placed);
  // Its point r0 (+5 mm) into the room, as portPoint places it (the door's own point unplaced).
  const at: Point = onWall ? [fx + nx * (r0 + 0.005), fy + ny * (r0 + 0.005)] : o.at;
  const id = addNode(g, room.floor, room.id, at, o.id, fx, fy, nx, ny, onWall);
  if (toOutside) g.outside = [fx - nx * (r0 + 0.005), fy - ny * (r0 + 0.005)];
  return id;
}

/**
 * A door's position in one of its rooms, when it cannot be trusted: `unknown` when the room
 * has no wall (`distance_m` undefined) or the door stands more than MAX_DOOR_OFFSET_M off it.
 */
function doorPosition(
  o: Opening,
  room: Room,
  distance_m: number | undefined,
): Constraint | undefined {
  // A door on its wall (nearly all of them) makes nothing.
  if (distance_m !== undefined && !(distance_m > MAX_DOOR_OFFSET_M)) return undefined;
  const base = {
    id: `door_position:${o.id}:${room.id}`,
    kind: "door_position" as const,
    element: o.id,
    status: "unknown" as const,
  };
  if (distance_m === undefined) {
    return {
      ...base,
      ...coded("door_in_wallless_room", {
        what: o.kind,
        element: o.id,
        room: room.name ?? room.id,
      }),
      floor: o.floor,
      at: o.at,
    };
  }
  return {
    ...base,
    measured: distance_m,
    limit: MAX_DOOR_OFFSET_M,
    unit: "m",
    ...coded("door_off_wall", {
      what: o.kind,
      element: o.id,
      room: room.name ?? room.id,
      distance_m,
    }),
    floor: o.floor,
    at: o.at,
  };
}

/**
 * Stairs, ramps and lifts: a landing node in each of its two rooms (the centre of the largest
 * clear circle, else the room's first corner) and an edge between them judged by
 * verticalConstraints; a vertical with a room missing is noted and left out.
 */
function verticalPhase(g: Builder, objects: Map<string, Point[][]>) {
  const { plan, needs, tol } = g;
  for (const v of plan.verticals) {
    const { from, to } = verticalRooms(v, plan.rooms);
    if (!from || !to) {
      g.notes.push(
        `${v.kind} ${v.id} names no room on ${
          !from ? `floor ${v.from_floor}` : `floor ${v.to_floor}`
        }; it is left out of the routes`,
      );
      continue;
    }
    const landing = (room: Room) => {
      const c = largestCircleIn(freeFloor(room.polygon, objects.get(room.id) ?? []), 0.05);
      const at = c?.center ?? room.polygon[0];
      return addNode(g, room.floor, room.id, at, v.id, at[0], at[1]);
    };
    const a = landing(from), b = landing(to);
    const constraints = unknownIfImplausible(plan, v.id, verticalConstraints(v, needs, tol));
    const status = worstOf(constraints);
    addEdge(g, a, b, verticalLength(v), VERTICAL_EDGE, v.id, status, constraints, undefined);
  }
}

/**
 * Across each room: every pair of its nodes joined by the shortest clear path at the passing
 * radius (half the traveller's width plus the tolerance). A pair with none is judged at the
 * smaller radius (width minus the tolerance): connected there, too close to call (warn); not
 * at all, a fail on a straight line (judge()'s rule on the passage width, without measuring
 * it; the width itself is measured when a route reports it, see measurePassage).
 */
function roomPhase(g: Builder, objects: Map<string, Point[][]>) {
  const { plan, needs, tol, nodes } = g;
  let pairs = g.edges.count;
  for (const room of plan.rooms) {
    const k = g.roomNodes.get(room.id)!.length;
    pairs += (k * (k - 1)) / 2;
  }
  reserveEdges(g, pairs);
  const wTol = tol(needs.body_width_m);
  const rPass = (needs.body_width_m + wTol) / 2;
  const rWarn = Math.max(0, (needs.body_width_m - wTol) / 2);
  for (const room of plan.rooms) {
    checkpoint();
    const ids = g.roomNodes.get(room.id)!;
    if (ids.length < 2) continue;
    const obs = objects.get(room.id) ?? [];
    // From the nodes themselves: they sit 6 mm beyond rPass from the wall (see doorPhase); a
    // node an object crowds is moved into the clear space (at most r away), that step counted.
    const at = ids.map((k) => nodes[k].at);
    // A convex room without objects (most rooms) is read pair by pair, without roomPaths'
    // tables: the same lengths and paths (its fast case). Performance (issue 29).
    const clear = convexClearPoints(room.polygon, obs, rPass, at);
    const pass = clear === undefined ? roomPaths(room.polygon, obs, rPass, at) : undefined;
    // At the smaller radius, which pairs are joined first, their paths only if some are.
    let warn: ReturnType<typeof roomWays> | undefined;
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        let status: RouteStatus = "pass";
        let pts: Point[] | undefined, len: number;
        if (pass) pts = pass.path[i][j], len = pass.length_m[i][j];
        else {
          const a = clear?.[i], b = clear?.[j];
          if (!a || !b) len = Infinity;
          else if (a === at[i] && b === at[j]) len = straightLength(a, b);
          else pts = clearPairPath(at[i], a, b, at[j]), len = polylineLength(pts);
        }
        let constraints = NO_CONSTRAINTS;
        if (!Number.isFinite(len)) {
          warn ??= roomWays(room.polygon, obs, rWarn, at);
          if (warn.reach[i] >= 0 && warn.reach[i] === warn.reach[j]) {
            const paths = warn.paths();
            status = "warn";
            pts = paths.path[i][j], len = paths.length_m[i][j];
          } else {
            status = "fail";
            pts = [nodes[ids[i]].at, nodes[ids[j]].at];
            len = Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]);
          }
          const a = nodes[ids[i]], b = nodes[ids[j]];
          const id = `passage:${room.id}:${a.ref}:${b.ref}`;
          g.passages.set(id, {
            polygon: room.polygon,
            obstacles: obs,
            a: portOf(g, ids[i]),
            b: portOf(g, ids[j]),
            tolerance_m: wTol,
          });
          constraints = [{
            id,
            kind: "passage",
            element: room.id,
            status,
            limit: needs.body_width_m,
            unit: "m",
            // coded()'s two keys written in place (no object spread per passage).
            message: "passage",
            data: {
              room: room.name ?? room.id,
              from: a.ref,
              to: b.ref,
              needed_m: needs.body_width_m,
            } satisfies ConstraintMessages["passage"],
            floor: room.floor,
            at: a.at,
          }];
        }
        // The straight segment between the two nodes is not stored (see RouteEdges.path).
        const straight = !pts || (pts.length === 2 && pts[0] === at[i] && pts[1] === at[j]);
        addEdge(
          g,
          ids[i],
          ids[j],
          len,
          ROOM_EDGE,
          room.id,
          status,
          constraints,
          straight ? undefined : pts,
        );
      }
    }
  }
}
