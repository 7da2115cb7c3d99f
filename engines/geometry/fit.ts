/**
 * Fit: will a rigid box (a sofa, a fridge, a mattress) get through a doorway, around a
 * right-angle corner, up a stair, and onto a room's free floor. Pure functions, metres.
 *
 * References (shared/reference/rules-and-sun.md §4):
 * - Ladder around a corner: L_max = (a^(2/3) + b^(2/3))^(3/2) (§4.1; MathWorld "Moving Ladder").
 * - Rectangle of width w around a corner: L(θ) = a/sin θ + b/cos θ − w/(sin θ cos θ), passes iff
 *   its length ≤ min over θ (§4.2; Moretti, College Math. J. 33(3):196–200, 2002); equal widths
 *   have the closed form 2√2·a − 2w at θ = 45°.
 * - Through a doorway: the cross-section perpendicular to travel must fit the clear opening
 *   (§4.3); a rectangle p × q fits tilted in an A × B opening by Carver's condition
 *   (W. Carver 1956; Wetzel, "Rectangles in rectangles", Math. Mag. 73(3), 2000).
 */
import { type FitMessage, type FitMessages, fitSaid } from "./fit_wording.ts";
import type { Plan, Point } from "../../ground/plan.ts";
import { tolerance_m } from "../../ground/plan.ts";
import {
  clearWidthTolerance_m,
  doorClearWidth,
  findPlacement,
  freeFloor,
  orientedRectangle,
  type Placement,
} from "./clearance.ts";
import {
  objectsByRoom,
  type Route,
  type RouteEdge,
  routeEdge,
  type RouteGraph,
  verticalRun_m,
} from "./routes/mod.ts";
import { judge } from "../../ground/plan.ts";
import { nearestRoomEdge } from "./walls.ts";
import { ticker } from "../../ground/budget.ts";

/**
 * Longest thin rod carried level around a right-angle corner of corridor widths a and b, m:
 * (a^(2/3) + b^(2/3))^(3/2) (reference §4.1).
 */
export function ladderMaxLength_m(a_m: number, b_m: number): number {
  return Math.pow(Math.pow(a_m, 2 / 3) + Math.pow(b_m, 2 / 3), 1.5);
}

/** L(θ) of reference §4.2: the longest rectangle of width w touching both walls at angle θ. */
export function cornerLength_m(a_m: number, b_m: number, w_m: number, theta_rad: number): number {
  const s = Math.sin(theta_rad), c = Math.cos(theta_rad);
  return a_m / s + b_m / c - w_m / (s * c);
}

/** The longest rectangle through a corner and the angle where it is tightest. */
export interface CornerLimit {
  /** Longest rectangle of the given width that passes, m (0 when w ≥ min(a, b)). */
  max_length_m: number;
  /** The critical angle θ*, degrees (45 for equal widths). */
  theta_deg: number;
  /** "closed-form" for equal widths, "numeric" otherwise. */
  method: "closed-form" | "numeric";
}

/**
 * The longest rigid rectangle of width w (plan view) carried through a right-angle turn from a
 * corridor a wide into one b wide, m: 2√2·a − 2w when a = b (closed form), else min over θ of
 * L(θ) (reference §4.2) by golden-section search after a 256-step scan, to 1e-9 rad.
 */
export function cornerMaxLength(a_m: number, b_m: number, w_m: number): CornerLimit {
  if (w_m >= Math.min(a_m, b_m)) return { max_length_m: 0, theta_deg: 45, method: "closed-form" };
  if (Math.abs(a_m - b_m) < 1e-12) {
    return { max_length_m: 2 * Math.SQRT2 * a_m - 2 * w_m, theta_deg: 45, method: "closed-form" };
  }
  const f = (t: number) => cornerLength_m(a_m, b_m, w_m, t);
  const N = 256;
  let bi = 1;
  let bv = Infinity;
  for (let i = 1; i < N; i++) {
    const v = f((i / N) * (Math.PI / 2));
    if (v < bv) bv = v, bi = i;
  }
  let lo = ((bi - 1) / N) * (Math.PI / 2), hi = ((bi + 1) / N) * (Math.PI / 2);
  const g = (Math.sqrt(5) - 1) / 2;
  let x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
  let f1 = f(x1), f2 = f(x2);
  while (hi - lo > 1e-9) {
    if (f1 < f2) hi = x2, x2 = x1, f2 = f1, x1 = hi - g * (hi - lo), f1 = f(x1);
    else lo = x1, x1 = x2, f1 = f2, x2 = lo + g * (hi - lo), f2 = f(x2);
  }
  const t = (lo + hi) / 2;
  return { max_length_m: Math.max(0, f(t)), theta_deg: (t * 180) / Math.PI, method: "numeric" };
}

/**
 * Whether a p × q rectangle fits in an A × B rectangle, turned if need be (Carver 1956, as
 * stated by Wetzel 2000): with p ≥ q and A ≥ B, it fits iff p ≤ A and q ≤ B, or p > A, q ≤ B
 * and ((A + B)/(p + q))² + ((A − B)/(p − q))² ≥ 2. Returns whether it fits and whether it
 * had to be tilted.
 */
export function rectangleFitsIn(
  p_m: number,
  q_m: number,
  A_m: number,
  B_m: number,
): { fits: boolean; tilted: boolean } {
  const [p, q] = p_m >= q_m ? [p_m, q_m] : [q_m, p_m];
  const [A, B] = A_m >= B_m ? [A_m, B_m] : [B_m, A_m];
  if (p <= A && q <= B) return { fits: true, tilted: false };
  if (p > A && q <= B && p - q > 1e-12) {
    const v = ((A + B) / (p + q)) ** 2 + ((A - B) / (p - q)) ** 2;
    if (v >= 2) return { fits: true, tilted: true };
  }
  return { fits: false, tilted: false };
}

/** An item: a box w × d × h (width the longest side in plan, depth, height), metres. */
export interface Item {
  width_m: number;
  depth_m: number;
  height_m: number;
}

/** How an item is carried: which side faces up, which way it travels. */
export interface Carry {
  /** "upright", "on its side", "on end" (see {@link carryModes}). */
  name: string;
  /** Length along the direction of travel, m. */
  length_m: number;
  /** Horizontal size across the direction of travel, m. */
  across_m: number;
  /** Vertical size, m. */
  vertical_m: number;
}

/**
 * The six ways to carry a box: each of its three sides vertical, travelling along either of
 * the other two. "upright": its height vertical; "on its side": its depth vertical (tipped
 * onto its back or side); "on end": its width vertical (stood on end, reference §4.3 step 4).
 */
export function carryModes(item: Item): Carry[] {
  const { width_m: w, depth_m: d, height_m: h } = item;
  return [
    { name: "upright", length_m: w, across_m: d, vertical_m: h },
    { name: "upright, sideways", length_m: d, across_m: w, vertical_m: h },
    { name: "on its side", length_m: w, across_m: h, vertical_m: d },
    { name: "on its side, sideways", length_m: h, across_m: w, vertical_m: d },
    { name: "on end", length_m: h, across_m: d, vertical_m: w },
    { name: "on end, sideways", length_m: d, across_m: h, vertical_m: w },
  ];
}

/** The outcome of one step of the way for one way of carrying. */
export interface StepFit {
  fits: boolean;
  /** Capacity − requirement, m (negative when it does not fit). */
  margin_m: number;
  /** True when the item passes only tilted in the opening (Carver's condition). */
  tilted?: boolean;
}

/**
 * Through a doorway of clear width × height: the cross-section across × vertical must fit the
 * opening (reference §4.3), tilted if need be (Carver). Margin: the smaller spare dimension
 * for a straight fit; for a tilted fit, the spare width after turning by the fitting angle is
 * not computed, so its margin is 0.
 */
export function doorwayFit(c: Carry, clear_width_m: number, height_m: number): StepFit {
  if (c.across_m <= clear_width_m && c.vertical_m <= height_m) {
    return {
      fits: true,
      margin_m: Math.min(clear_width_m - c.across_m, height_m - c.vertical_m),
    };
  }
  // Turned by 90° it is another carry mode; only a truly tilted fit counts here.
  const r = rectangleFitsIn(c.across_m, c.vertical_m, clear_width_m, height_m);
  if (r.fits && r.tilted) return { fits: true, margin_m: 0, tilted: true };
  return {
    fits: false,
    margin_m: Math.min(clear_width_m - c.across_m, height_m - c.vertical_m),
  };
}

/**
 * Around a right-angle corner from a corridor a wide into one b wide: the plan rectangle
 * (length × across) passes iff length ≤ {@link cornerMaxLength}(a, b, across).
 */
export function cornerFit(c: Carry, a_m: number, b_m: number): StepFit & CornerLimit {
  const lim = cornerMaxLength(a_m, b_m, c.across_m);
  return { ...lim, fits: c.length_m <= lim.max_length_m, margin_m: lim.max_length_m - c.length_m };
}

/**
 * Up a straight flight: the item travels along the pitch line (angle atan(rise/run)), so its
 * vertical size perpendicular to the pitch takes vertical_m / cos(pitch) of the headroom,
 * measured vertically as IRC R311.7.2 measures it; its across size must pass the stair width.
 */
export function stairFit(
  c: Carry,
  stair: { width_m: number; rise_m: number; run_m: number; headroom_m: number },
): StepFit & { pitch_deg: number; needed_headroom_m: number } {
  const pitch = Math.atan2(stair.rise_m, stair.run_m);
  const needed = c.vertical_m / Math.cos(pitch);
  const margin = Math.min(stair.width_m - c.across_m, stair.headroom_m - needed);
  return {
    fits: margin >= 0,
    margin_m: margin,
    pitch_deg: (pitch * 180) / Math.PI,
    needed_headroom_m: needed,
  };
}

/**
 * Whether the item's plan footprint (w × d, standing upright) fits on the room's free floor:
 * a sampled placement search ({@link findPlacement}, 5 cm grid, wall directions and every 15°).
 */
export function floorFit(
  polygon: Point[],
  obstacles: Point[][],
  item: Pick<Item, "width_m" | "depth_m">,
  step_m = 0.05,
): Placement | undefined {
  return findPlacement(
    polygon,
    obstacles,
    (at, angle) => orientedRectangle(at, item.width_m, item.depth_m, angle),
    { clear_radius_m: Math.min(item.width_m, item.depth_m) / 2, step_m },
  );
}

/**
 * The two corridor widths at a room's inner (reflex) corner, m: how far each wall through the
 * corner, extended past it, runs before meeting the room's outline again (for an L-shaped
 * hallway, the widths of its two legs). Undefined at a corner that is not reflex.
 */
export function cornerWidths(
  polygon: Point[],
  vertex: number,
): { a_m: number; b_m: number } | undefined {
  const n = polygon.length;
  const prev = polygon[(vertex + n - 1) % n], p = polygon[vertex], next = polygon[(vertex + 1) % n];
  let area = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    area += (polygon[j][0] - polygon[i][0]) * (polygon[j][1] + polygon[i][1]);
  }
  const z = (p[0] - prev[0]) * (next[1] - p[1]) - (p[1] - prev[1]) * (next[0] - p[0]);
  const reflex = area > 0 ? z < 0 : z > 0;
  if (!reflex) return undefined;
  const unit = (a: Point, b: Point): Point => {
    const l = Math.hypot(b[0] - a[0], b[1] - a[1]);
    return [(b[0] - a[0]) / l, (b[1] - a[1]) / l];
  };
  const u = unit(prev, p), v = unit(next, p);
  const a = rayToOutline(polygon, p, u), b = rayToOutline(polygon, p, v);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return undefined;
  return { a_m: a, b_m: b };
}

/** Distance along a ray from p (direction d, unit) to the first crossing of the outline, m. */
export function rayToOutline(polygon: Point[], p: Point, d: Point): number {
  let best = Infinity;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i], b = polygon[(i + 1) % polygon.length];
    const ex = b[0] - a[0], ey = b[1] - a[1];
    const den = d[0] * ey - d[1] * ex;
    if (Math.abs(den) < 1e-12) continue;
    const t = ((a[0] - p[0]) * ey - (a[1] - p[1]) * ex) / den;
    const s = ((a[0] - p[0]) * d[1] - (a[1] - p[1]) * d[0]) / den;
    if (t > 1e-9 && s >= -1e-9 && s <= 1 + 1e-9) best = Math.min(best, t);
  }
  return best;
}

/** One step of an item's way: a door, a corner, a stair, a lift or ramp, the room's floor. */
export interface FitStep {
  kind: "door" | "corner" | "stair" | "ramp" | "lift" | "floor" | "passage";
  /** The opening, vertical or room id. */
  element: string;
  status: "pass" | "warn" | "fail" | "unknown";
  /** How to carry the item through this step (a {@link Carry} name, "tilted" when so). */
  carry?: string;
  /** Spare room at the binding dimension, m (negative: short by that much). */
  margin_m?: number;
  /** What happened at the step, as a message id of ./fit_wording.ts (ESLint's messageId). */
  message: FitMessage;
  /** The message's data: names and numbers. */
  data: FitMessages[FitMessage];
  /** The step in words and numbers (./fit_wording.ts makes it from message and data). */
  text: string;
  floor?: string;
  at?: Point;
}

/**
 * A way in judged from its steps: a step not known stops a "fits" (fail > warn > unknown >
 * pass), and the first step of each kind, by index (-1: none).
 */
export function wayInStatus(steps: Pick<FitStep, "status">[]): {
  status: "pass" | "warn" | "fail" | "unknown";
  first_fail: number;
  first_warn: number;
  first_unknown: number;
} {
  const first_fail = steps.findIndex((s) => s.status === "fail");
  const first_warn = steps.findIndex((s) => s.status === "warn");
  const first_unknown = steps.findIndex((s) => s.status === "unknown");
  const status = first_fail >= 0
    ? "fail"
    : first_warn >= 0
    ? "warn"
    : first_unknown >= 0
    ? "unknown"
    : "pass";
  return { status, first_fail, first_warn, first_unknown };
}

/** What {@link fitAlongRoute} needs besides the route. */
export interface FitOptions {
  /** Headroom over a stair's pitch line when the plan gives none, m (IRC R311.7.2: 2.032). */
  stair_headroom_m: number;
}

/**
 * Judges each step of a route for a rigid box, with design.md's uncertainty rule applied to
 * the item: a step passes when the item grown by the scan's tolerance (each side + tol) still
 * goes through, is too close to call when only the item as given (or shrunk by tol) does, and
 * fails otherwise. Doors: the cross-section against clear width × height (Carver tilt), plus the
 * turn into the door from each side (a corner of the room's depth in front of the door and the
 * door's clear width, reference §4.2) unless the room is deep enough to line up straight.
 * Rooms crossed: the turn at each inner corner the route bends round. Stairs: width and
 * headroom along the pitch. Last, the item on the room's free floor, upright.
 */
export function fitAlongRoute(
  plan: Pick<Plan, "rooms" | "openings" | "verticals" | "objects" | "source">,
  graph: RouteGraph,
  route: Route,
  item: Item,
  opts: FitOptions,
): FitStep[] {
  const steps: FitStep[] = [];
  const rooms = new Map(plan.rooms.map((r) => [r.id, r]));
  const openings = new Map(plan.openings.map((o) => [o.id, o]));
  const verticals = new Map(plan.verticals.map((v) => [v.id, v]));
  const j = stepJudge(plan, item);
  const tick = ticker(16);
  for (const { edge, from } of route.walk) {
    tick();
    const e = routeEdge(graph, edge);
    if (e.kind === "door") {
      steps.push(doorStep(openings.get(e.element)!, rooms, j));
    } else if (e.kind === "room") {
      steps.push(...roomSteps(rooms.get(e.element)!, e, from, graph, j, tick));
    } else {
      steps.push(verticalStep(verticals.get(e.element)!, j, opts));
    }
  }
  // Last: on the room's free floor, upright.
  const target = rooms.get(route.room);
  if (target) steps.push(floorStep(target, plan, item, j));
  return steps;
}

type Room = Plan["rooms"][number];
type Opening = Plan["openings"][number];
type Vertical = Plan["verticals"][number];

/** How one step is judged: the scan's tolerance at a size, and the best way to carry. */
interface StepJudge {
  /** The scan's tolerance at a measured size, m. */
  tol(v: number): number;
  /**
   * A door's clear width `cw` is judged within, m: the scan's and the door's own, plus the
   * estimate's error when the width comes from the leaf (clearance.ts clearWidthTolerance_m).
   */
  doorTol(o: Opening, cw: number): number;
  /**
   * Best carry over the six modes for a test at item sizes ±t; pass > warn > fail. The way it
   * was carried at the step before is tried first.
   */
  modes(
    t: number,
    test: (c: Carry) => StepFit,
  ): { status: "pass" | "warn" | "fail"; carry: Carry; fit: StepFit };
  /** A carry's name, ", tilted" added when the fit tilts it. */
  carryName(c: Carry, fit: StepFit): string;
}

function stepJudge(plan: Pick<Plan, "source">, item: Item): StepJudge {
  const grow = (d: number): Item => ({
    width_m: item.width_m + d,
    depth_m: item.depth_m + d,
    height_m: item.height_m + d,
  });
  let prev: string | undefined;
  return {
    tol: (v) => tolerance_m(plan, v),
    doorTol: (o, cw) => clearWidthTolerance_m(plan, o, cw),
    modes(t, test) {
      // The way it was carried last if that still goes, else the first in carryModes' order
      // (upright first: a fridge stays upright when it can).
      for (const [status, d] of [["pass", t], ["warn", -t]] as const) {
        const modes = carryModes(grow(d));
        const order = [...modes.filter((c) => c.name === prev), ...modes];
        for (const c of order) {
          const fit = test(c);
          if (fit.fits) {
            prev = c.name;
            return { status, carry: c, fit };
          }
        }
      }
      const modes = carryModes(item);
      let best = { carry: modes[0], fit: test(modes[0]) };
      for (const c of modes.slice(1)) {
        const fit = test(c);
        if (fit.margin_m > best.fit.margin_m) best = { carry: c, fit };
      }
      return { status: "fail", ...best };
    },
    carryName: (c, fit) => fit.tilted ? `${c.name}, tilted` : c.name,
  };
}

/**
 * A door: the cross-section against clear width × height (Carver tilt), and the turn into it
 * from each side whose room in front of the door is too shallow to line up straight.
 */
function doorStep(o: Opening, rooms: Map<string, Room>, j: StepJudge): FitStep {
  const cw = doorClearWidth(o).clear_width_m;
  const height = o.height_m;
  // The depth of each side's room in front of the door (Infinity outside).
  const sideDepth = (roomId: string | null) => {
    if (roomId === null) return Infinity;
    const room = rooms.get(roomId);
    const w = room ? nearestRoomEdge(room, o.at) : undefined;
    if (!room || !w) return Infinity;
    return rayToOutline(room.polygon, w.foot, [-w.normal[0], -w.normal[1]]);
  };
  const depths = o.between.map(sideDepth);
  const test = (c: Carry): StepFit => {
    const door = doorwayFit(c, cw, height ?? Infinity);
    let margin = door.margin_m, fits = door.fits;
    for (const a of depths) {
      if (a >= c.length_m) continue; // room deep enough to line up straight
      const k = cornerFit(c, a, cw);
      margin = Math.min(margin, k.margin_m), fits = fits && k.fits;
    }
    return { fits, margin_m: margin, tilted: door.tilted };
  };
  const r = j.modes(j.doorTol(o, cw), test);
  const status = height === undefined && r.status !== "fail" ? "unknown" : r.status;
  return {
    kind: "door",
    element: o.id,
    status,
    carry: j.carryName(r.carry, r.fit),
    margin_m: r.fit.margin_m,
    ...fitSaid("door", {
      what: o.kind,
      element: o.id,
      clear_width_m: cw,
      ...(height !== undefined ? { height_m: height } : {}),
      fits: r.status !== "fail",
      carry: r.status === "fail" ? r.carry.name : j.carryName(r.carry, r.fit),
      ...(r.status === "fail"
        ? { short_m: -r.fit.margin_m, limits: doorLimits(o, cw, depths, r.carry) }
        : {}),
    }),
    floor: o.floor,
    at: o.at,
  };
}

type DoorLimit = NonNullable<FitMessages["door"]["limits"]>[number];

/**
 * What stops a way of carrying at a door: the opening's width or height (its tighter side),
 * then each turn into it from a side whose room (`depths`, in `o.between`'s order) is too
 * shallow to line up straight.
 */
function doorLimits(o: Opening, cw: number, depths: number[], c: Carry): DoorLimit[] {
  const h = o.height_m ?? Infinity;
  const out: DoorLimit[] = [];
  if (!doorwayFit(c, cw, h).fits) {
    out.push(
      cw - c.across_m <= h - c.vertical_m
        ? { by: "width", across_m: c.across_m, margin_m: cw - c.across_m }
        : { by: "height", vertical_m: c.vertical_m, margin_m: h - c.vertical_m },
    );
  }
  o.between.forEach((side, i) => {
    const a = depths[i];
    if (a >= c.length_m || side === null) return;
    const k = cornerFit(c, a, cw);
    if (k.fits) return;
    out.push({
      by: "turn",
      room: side,
      depth_m: a,
      across_m: c.across_m,
      length_m: c.length_m,
      turns_m: k.max_length_m,
      margin_m: k.margin_m,
    });
  });
  return out;
}

/**
 * A room crossed: the turn at each inner corner the route bends round (stood on end only under
 * the ceiling), then what the route found tight or blocked in the room.
 */
function roomSteps(
  room: Room,
  e: RouteEdge,
  from: number,
  graph: RouteGraph,
  j: StepJudge,
  tick: () => void,
): FitStep[] {
  const steps: FitStep[] = [];
  const pts = e.a === from ? e.path : [...e.path].reverse();
  const r0 = graph.needs.body_width_m / 2;
  const seen = new Set<number>();
  for (let i = 1; i < pts.length - 1; i++) {
    tick();
    room.polygon.forEach((v, k) => {
      if (seen.has(k)) return;
      if (Math.hypot(v[0] - pts[i][0], v[1] - pts[i][1]) > r0 * Math.SQRT2 + 0.1) return;
      const w = cornerWidths(room.polygon, k);
      if (!w) return;
      seen.add(k);
      // Stood on end only under the ceiling (unknown: IRC R305.1's 2.134 m minimum).
      const ceiling = room.height_m ?? 2.134;
      const r = j.modes(j.tol(Math.min(w.a_m, w.b_m)), (c) => {
        const k = cornerFit(c, w.a_m, w.b_m);
        const head = ceiling - c.vertical_m;
        return { fits: k.fits && head >= 0, margin_m: Math.min(k.margin_m, head) };
      });
      steps.push({
        kind: "corner",
        element: room.id,
        status: r.status,
        carry: r.carry.name,
        margin_m: r.fit.margin_m,
        ...fitSaid("corner", {
          room: room.name ?? room.id,
          a_m: w.a_m,
          b_m: w.b_m,
          fits: r.status !== "fail",
          carry: r.carry.name,
          length_m: r.carry.length_m,
          turns_m: r.carry.length_m + r.fit.margin_m,
        }),
        floor: room.floor,
        at: v,
      });
    });
  }
  if (e.status === "fail" || e.status === "warn") {
    for (const c of e.constraints) {
      steps.push({
        kind: "passage",
        element: room.id,
        status: c.status,
        ...fitSaid("route_constraint", { message: c.message, data: c.data }),
        floor: graph.nodes[from].floor,
        at: c.at,
      });
    }
  }
  return steps;
}

/** A stair (width and headroom along the pitch; unknown without its going), a ramp or a lift. */
function verticalStep(v: Vertical, j: StepJudge, opts: FitOptions): FitStep {
  if (v.kind === "stair") {
    const run = verticalRun_m(v);
    if (run === undefined) {
      return {
        kind: "stair",
        element: v.id,
        status: "unknown",
        ...fitSaid("stair_no_going", { element: v.id }),
        floor: v.from_floor,
      };
    }
    const r = j.modes(
      j.tol(v.width_m),
      (c) =>
        stairFit(c, {
          width_m: v.width_m,
          rise_m: v.rise_m,
          run_m: run,
          headroom_m: opts.stair_headroom_m,
        }),
    );
    const pitch = (Math.atan2(v.rise_m, run) * 180) / Math.PI;
    return {
      kind: "stair",
      element: v.id,
      status: r.status,
      carry: r.carry.name,
      margin_m: r.fit.margin_m,
      ...fitSaid("stair", {
        element: v.id,
        width_m: v.width_m,
        pitch_deg: pitch,
        headroom_m: opts.stair_headroom_m,
        fits: r.status !== "fail",
        carry: r.carry.name,
        ...(r.status === "fail" ? { short_m: -r.fit.margin_m } : {}),
      }),
      floor: v.from_floor,
    };
  }
  const r = j.modes(j.tol(v.width_m), (c) => ({
    fits: c.across_m <= v.width_m,
    margin_m: v.width_m - c.across_m,
  }));
  return {
    kind: v.kind === "lift" ? "lift" : "ramp",
    element: v.id,
    status: v.kind === "lift" && r.status !== "fail" ? "unknown" : r.status,
    carry: r.carry.name,
    margin_m: r.fit.margin_m,
    ...fitSaid("vertical", {
      what: v.kind === "lift" ? "lift" : "ramp",
      element: v.id,
      width_m: v.width_m,
      fits: r.status !== "fail",
      carry: r.carry.name,
    }),
    floor: v.from_floor,
  };
}

/**
 * The target room: the item upright on its free floor (clear of the objects in it), at its
 * size grown by the tolerance (pass) or shrunk (too close to call), and under its ceiling.
 */
function floorStep(
  target: Room,
  plan: Pick<Plan, "objects">,
  item: Item,
  j: StepJudge,
): FitStep {
  if (!freeFloor(target.polygon).length) {
    return {
      kind: "floor",
      element: target.id,
      status: "unknown",
      ...fitSaid("floor_empty", { room: target.name ?? target.id }),
      floor: target.floor,
    };
  }
  const obs = objectsByRoom({ rooms: [target], objects: plan.objects }).get(target.id) ?? [];
  const t = j.tol(item.width_m);
  const grown = floorFit(target.polygon, obs, {
    width_m: item.width_m + t,
    depth_m: item.depth_m + t,
  });
  const asIs = grown ??
    floorFit(target.polygon, obs, { width_m: item.width_m - t, depth_m: item.depth_m - t });
  let status: FitStep["status"] = grown ? "pass" : asIs ? "warn" : "fail";
  const data: FitMessages["floor"] = {
    room: target.name ?? target.id,
    fits: status !== "fail",
    width_m: item.width_m,
    depth_m: item.depth_m,
  };
  if (target.height_m !== undefined && status !== "fail") {
    const h = judge(item.height_m, "<=", target.height_m, j.tol(target.height_m));
    if (h === "fail") status = "fail";
    else if (h === "warn" && status === "pass") status = "warn";
    data.height_m = item.height_m;
    data.ceiling_m = target.height_m;
  }
  return {
    kind: "floor",
    element: target.id,
    status,
    carry: "upright",
    ...fitSaid("floor", data),
    floor: target.floor,
    ...(asIs ? { at: asIs.at } : {}),
  };
}
