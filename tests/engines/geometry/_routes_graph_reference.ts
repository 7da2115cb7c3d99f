/**
 * engines/geometry/routes/graph.ts as it was before issue 29 split buildRouteGraph into phases
 * (commit ccd22ed), kept verbatim as the reference tests/engines/geometry/routes_graph_test.ts
 * compares the engine's graph with, field for field. Not library code. Its graph is the one
 * of that time (an object per edge, a list of edges per node), {@link ReferenceGraph}.
 */
import { checkpoint } from "../../../ground/budget.ts";
import { unknownIfImplausible } from "../../../engines/geometry/implausible.ts";
import type { Plan, Point, Room, Vertical } from "../../../ground/plan.ts";
import { tolerance_m } from "../../../ground/plan.ts";
import {
  freeFloor,
  insideRings,
  largestCircleIn,
  objectFootprint,
} from "../../../engines/geometry/clearance.ts";
import {
  openingConstraints,
  verticalConstraints,
  verticalLength,
} from "../../../engines/geometry/routes/constraints.ts";
import { coded } from "../../../engines/geometry/routes/wording.ts";
import {
  MAX_DOOR_OFFSET_M,
  NO_CONSTRAINTS,
  type RouteEdge,
  type RouteGraph as EngineGraph,
  type RouteNeeds,
  type RouteNode,
  type RouteStatus,
  worseRouteStatus,
} from "../../../engines/geometry/routes/model.ts";
import {
  type Port,
  portPoint,
  type RoomPaths,
  roomPaths,
  ROUTE_ARC_M,
} from "../../../engines/geometry/routes/space.ts";

/** The route graph as it was built then: an object per edge, a list of edge indices per node. */
export type ReferenceGraph =
  & Omit<EngineGraph, "edges" | "adjStart" | "adjEdge">
  & { edges: RouteEdge[]; adj: number[][] };
type RouteGraph = ReferenceGraph;

/**
 * The wall of a room a door point sits on: the foot of the point on the room's nearest edge,
 * its distance, m, and the unit normal into the room. The same arithmetic as walls.ts
 * nearestRoomEdge (point-to-segment projection, shoelace orientation, the first of edges
 * within 1e-12 m winning), bit for bit, without its per-edge objects; undefined when no edge
 * has length.
 */
export function doorWall(
  poly: Point[],
  p: Point,
): { foot: Point; distance_m: number; inward: Point } | undefined {
  const n = poly.length;
  let area2 = 0;
  for (let i = 0; i < n; i++) {
    const a = poly[i], b = poly[(i + 1) % n];
    area2 += a[0] * b[1] - b[0] * a[1];
  }
  const ccw = area2 / 2 >= 0;
  const px = p[0], py = p[1];
  let best = -1, bestD = Infinity, bestX = 0, bestY = 0, bestLen = 0;
  for (let i = 0; i < n; i++) {
    const a = poly[i], b = poly[(i + 1) % n];
    const length_m = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length_m < 1e-9) continue;
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? ((px - a[0]) * dx + (py - a[1]) * dy) / len2 : 0;
    t = Math.max(0, Math.min(1, t));
    const fx = a[0] + t * dx, fy = a[1] + t * dy;
    const d = Math.hypot(px - fx, py - fy);
    if (best >= 0 && d >= bestD - 1e-12) continue;
    best = i, bestD = d, bestX = fx, bestY = fy, bestLen = length_m;
  }
  if (best < 0) return undefined;
  const a = poly[best], b = poly[(best + 1) % n];
  const dir0 = (b[0] - a[0]) / bestLen, dir1 = (b[1] - a[1]) / bestLen;
  // Interior is left of a->b on a counter-clockwise ring: inward is the left normal.
  const inward: Point = ccw ? [-dir1, dir0] : [dir1, -dir0];
  return { foot: [bestX, bestY], distance_m: bestD, inward };
}

/** Objects standing in each room: those naming the room, or on its floor with their centre in it. */
function objectsByRoom(plan: Pick<Plan, "rooms" | "objects">): Map<string, Point[][]> {
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
function verticalRooms(
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

/**
 * Builds the navigation graph of a plan for one traveller. Each door or opening between two
 * spaces gives a node on each side (a door to the outside: one inside, one outside); each
 * vertical gives a landing node in each of its rooms; every pair of nodes in a room is joined
 * by the shortest clear path between them (see {@link roomPaths}). Every element is judged
 * with design.md's uncertainty rule (judge(), tolerance from the plan's source).
 */
export function buildRouteGraphReference(
  plan:
    & Pick<Plan, "rooms" | "openings" | "verticals" | "objects" | "source">
    & Partial<Pick<Plan, "implausible">>,
  needs: RouteNeeds,
): RouteGraph {
  const tol = (v: number) => tolerance_m(plan, v);
  const nodes: RouteNode[] = [];
  const edges: RouteEdge[] = [];
  const roomNodes = new Map<string, number[]>();
  const roomPorts = new Map<string, Port[]>();
  const outsideNode = new Map<string, number>();
  const notes: string[] = [];
  const passages: RouteGraph["passages"] = new Map();
  const rooms = new Map(plan.rooms.map((r) => [r.id, r]));
  for (const r of plan.rooms) roomNodes.set(r.id, []), roomPorts.set(r.id, []);
  // Door nodes sit just inside the clear space of the larger radius judged below (half the
  // traveller's width plus the scan tolerance, plus the arcs' 5 mm), so most room paths start
  // clear and need no snapping.
  const r0 = (needs.body_width_m + tol(needs.body_width_m)) / 2 + ROUTE_ARC_M - 0.004;
  const addNode = (floor: string, room: string | null, at: Point, ref: string, port?: Port) => {
    const id = nodes.length;
    nodes.push({ id, floor, room, at, ref });
    if (room !== null) roomNodes.get(room)!.push(id), roomPorts.get(room)!.push(port!);
    return id;
  };

  for (const o of plan.openings) {
    if (o.kind === "window") continue;
    const [s0, s1] = o.between;
    if (s0 === s1) continue;
    const sides = [s0, s1].filter((s): s is string => s !== null && rooms.has(s));
    if (!sides.length) continue;
    const constraints = unknownIfImplausible(plan, o.id, openingConstraints(o, needs, tol));
    const ids: number[] = [];
    let outside: Point | undefined;
    for (const sid of sides) {
      const room = rooms.get(sid)!;
      const edge = doorWall(room.polygon, o.at);
      // A room outline with no edge of any length: the door stands at its point, unplaced.
      const wall = edge ?? { foot: o.at, distance_m: Infinity, inward: [0, 0] as Point };
      const port: Port = { at: wall.foot, n: edge ? wall.inward : null };
      if (!edge) {
        constraints.push({
          id: `door_position:${o.id}:${sid}`,
          kind: "door_position",
          element: o.id,
          status: "unknown",
          ...coded("door_in_wallless_room", {
            what: o.kind,
            element: o.id,
            room: room.name ?? room.id,
          }),
          floor: o.floor,
          at: o.at,
        });
      } else if (wall.distance_m > MAX_DOOR_OFFSET_M) {
        constraints.push({
          id: `door_position:${o.id}:${sid}`,
          kind: "door_position",
          element: o.id,
          status: "unknown",
          measured: wall.distance_m,
          limit: MAX_DOOR_OFFSET_M,
          unit: "m",
          ...coded("door_off_wall", {
            what: o.kind,
            element: o.id,
            room: room.name ?? room.id,
            distance_m: wall.distance_m,
          }),
          floor: o.floor,
          at: o.at,
        });
      }
      ids.push(addNode(room.floor, sid, portPoint(port, r0), o.id, port));
      if (s0 === null || s1 === null) {
        outside = [
          wall.foot[0] - wall.inward[0] * (r0 + 0.005),
          wall.foot[1] - wall.inward[1] * (r0 + 0.005),
        ];
      }
    }
    if (outside) {
      const id = addNode(o.floor, null, outside, o.id);
      outsideNode.set(o.id, id);
      ids.push(id);
    }
    if (ids.length === 2) {
      const status = constraints.reduce<RouteStatus>(
        (s, c) => worseRouteStatus(s, c.status),
        "pass",
      );
      const pa = nodes[ids[0]].at, pb = nodes[ids[1]].at;
      edges.push({
        a: ids[0],
        b: ids[1],
        length_m: Math.hypot(pa[0] - pb[0], pa[1] - pb[1]),
        kind: "door",
        element: o.id,
        status,
        constraints,
        path: [pa, pb],
      });
    }
  }

  const objects = objectsByRoom(plan);
  const landings = new Map<string, number>();
  for (const v of plan.verticals) {
    const { from, to } = verticalRooms(v, plan.rooms);
    if (!from || !to) {
      notes.push(
        `${v.kind} ${v.id} names no room on ${
          !from ? `floor ${v.from_floor}` : `floor ${v.to_floor}`
        }; it is left out of the routes`,
      );
      continue;
    }
    const landing = (room: Room) => {
      const key = `${v.id}:${room.id}`;
      const c = largestCircleIn(freeFloor(room.polygon, objects.get(room.id) ?? []), 0.05);
      const at = c?.center ?? room.polygon[0];
      const id = addNode(room.floor, room.id, at, v.id, { at, n: null });
      landings.set(key, id);
      return id;
    };
    const a = landing(from), b = landing(to);
    const constraints = unknownIfImplausible(plan, v.id, verticalConstraints(v, needs, tol));
    const status = constraints.reduce<RouteStatus>((s, c) => worseRouteStatus(s, c.status), "pass");
    edges.push({
      a,
      b,
      length_m: verticalLength(v),
      kind: "vertical",
      element: v.id,
      status,
      constraints,
      path: [nodes[a].at, nodes[b].at],
    });
  }

  // Across each room: every pair of its nodes, by the shortest clear path.
  const wTol = tol(needs.body_width_m);
  for (const room of plan.rooms) {
    checkpoint();
    const ids = roomNodes.get(room.id)!;
    if (ids.length < 2) continue;
    const ports = roomPorts.get(room.id)!;
    const obs = objects.get(room.id) ?? [];
    const rPass = (needs.body_width_m + wTol) / 2;
    const rWarn = Math.max(0, (needs.body_width_m - wTol) / 2);
    // From the nodes themselves: they sit 6 mm beyond rPass from the wall (see r0); a node
    // an object crowds is moved into the clear space (at most r away) and that step counted.
    const at = ids.map((k) => nodes[k].at);
    const pass = roomPaths(room.polygon, obs, rPass, at);
    let warn: RoomPaths | undefined;
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        let status: RouteStatus = "pass";
        let pts = pass.path[i][j];
        let len = pass.length_m[i][j];
        let constraints = NO_CONSTRAINTS;
        if (!Number.isFinite(len)) {
          // Connected only at the smaller radius: within the tolerance (warn); not at all: fail
          // (judge()'s rule on the passage width, without measuring it). The width itself is
          // measured when a route reports it (see measurePassage).
          warn ??= roomPaths(room.polygon, obs, rWarn, at);
          if (Number.isFinite(warn.length_m[i][j])) {
            status = "warn";
            pts = warn.path[i][j], len = warn.length_m[i][j];
          } else {
            status = "fail";
            pts = [nodes[ids[i]].at, nodes[ids[j]].at];
            len = Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]);
          }
          const name = room.name ?? room.id;
          const id = `passage:${room.id}:${nodes[ids[i]].ref}:${nodes[ids[j]].ref}`;
          passages.set(id, {
            polygon: room.polygon,
            obstacles: obs,
            a: ports[i],
            b: ports[j],
            tolerance_m: wTol,
          });
          constraints = [{
            id,
            kind: "passage",
            element: room.id,
            status,
            limit: needs.body_width_m,
            unit: "m",
            ...coded("passage", {
              room: name,
              from: nodes[ids[i]].ref,
              to: nodes[ids[j]].ref,
              needed_m: needs.body_width_m,
            }),
            floor: room.floor,
            at: nodes[ids[i]].at,
          }];
        }
        edges.push({
          a: ids[i],
          b: ids[j],
          length_m: len,
          kind: "room",
          element: room.id,
          status,
          constraints,
          path: pts ?? [at[i], at[j]],
        });
      }
    }
  }

  const adj: number[][] = nodes.map(() => []);
  edges.forEach((e, i) => {
    adj[e.a].push(i);
    adj[e.b].push(i);
  });
  return { nodes, edges, adj, roomNodes, outsideNode, notes, needs, passages };
}
