/**
 * Computes a rule's measure on one plan element, with its tolerance propagated from the
 * plan's scan uncertainty (design.md; first-order error propagation, Taylor, "An Introduction
 * to Error Analysis", §3), or the reason it cannot be measured.
 */
import {
  type Opening,
  type Plan,
  type Point,
  type Room,
  tolerance_m,
  type Vertical,
} from "../../../core/plan.ts";
import { doorClearWidth, freeFloor, largestCircleIn } from "../clearance.ts";
import type { MultiRings } from "../clip.ts";
import { longestClearFloorSpace } from "../clear_floor.ts";
import { objectsByRoom, pickEntrance } from "../routes.ts";
import {
  polygonArea_m2,
  polygonIsConvex,
  polygonMinWidth_m,
  polygonPerimeter_m,
} from "../takeoff.ts";
import type { MeasureKind } from "./measures.ts";

/** One measured value with its propagated scan tolerance (same unit as the value). */
export interface Measured {
  value: number;
  tolerance: number;
  /** Which element the value was taken on, when it is not the subject itself. */
  via?: string;
  note?: string;
}

/** Why a value could not be measured. */
export interface Missing {
  missing: string;
}

/** A precomputed view of a plan for measuring. */
export interface PlanIndex {
  plan: Plan;
  groundFloors: Set<string>;
  windowsByRoom: Map<string, Opening[]>;
  mainEntrances: Opening[];
  mainEntranceInferred: boolean;
  /** Object footprints by room, built on first use (only turning-circle rules need them). */
  objectsByRoom?: Map<string, Point[][]>;
  freeFloors: Map<string, MultiRings>;
}

export function indexPlan(plan: Plan): PlanIndex {
  const minIndex = Math.min(...plan.floors.map((f) => f.index));
  const groundFloors = new Set(plan.floors.filter((f) => f.index === minIndex).map((f) => f.id));
  const windowsByRoom = new Map<string, Opening[]>();
  for (const o of plan.openings) {
    if (o.kind !== "window") continue;
    for (const side of o.between) {
      if (side === null) continue;
      let l = windowsByRoom.get(side);
      if (!l) windowsByRoom.set(side, l = []);
      l.push(o);
    }
  }
  const { doors, inferred } = mainEntrances(plan);
  return {
    plan,
    groundFloors,
    windowsByRoom,
    mainEntrances: doors,
    mainEntranceInferred: inferred,
    objectsByRoom: plan.objects.length ? objectsByRoom(plan) : new Map(),
    freeFloors: new Map(),
  };
}

/**
 * The main entrance as routes.ts `pickEntrance` chooses it (marked, the only door to the
 * outside, or the only one into an entrance room); when it cannot choose, every door to the
 * outside, with `inferred` true (each is then checked as a main entrance).
 */
export function mainEntrances(plan: Pick<Plan, "openings" | "rooms">): {
  doors: Opening[];
  inferred: boolean;
} {
  const choice = pickEntrance(plan);
  if (choice.entrance) return { doors: [choice.entrance], inferred: false };
  return { doors: choice.candidates, inferred: choice.candidates.length > 1 };
}

/** Length tolerance of a value taken straight from the plan. */
const tolLen = (plan: Plan, v: number) => tolerance_m(plan, v);
/** Area tolerance: max(u × perimeter, 2 × u_rel × area) (each edge moves by the uncertainty). */
function tolArea(plan: Plan, area: number, perimeter: number): number {
  return Math.max(plan.source.uncertainty_m * perimeter, 2 * plan.source.uncertainty_rel * area);
}

/** Computes one measure on one subject. */
export function measure(
  kind: MeasureKind,
  subject: Room | Opening | Vertical,
  idx: {
    plan: Plan;
    windowsByRoom?: Map<string, Opening[]>;
    objectsByRoom?: Map<string, Point[][]>;
    /** Free floors computed so far, by room id (shared by the rules that need them). */
    freeFloors?: Map<string, MultiRings>;
  },
  opts?: { width_m?: number },
): Measured | Missing {
  const plan = idx.plan;
  switch (kind) {
    case "door_clear_width_m": {
      const cw = doorClearWidth(subject as Opening);
      return {
        value: cw.clear_width_m,
        tolerance: tolLen(plan, cw.clear_width_m),
        ...(cw.estimated ? { note: `clear width ${cw.basis}` } : {}),
      };
    }
    case "door_clear_height_m": {
      const o = subject as Opening;
      if (o.height_m === undefined) return { missing: "the plan gives no height for this door" };
      return { value: o.height_m, tolerance: tolLen(plan, o.height_m) };
    }
    case "threshold_height_m": {
      const o = subject as Opening;
      if (o.threshold_m === undefined) {
        return { missing: "the plan gives no threshold height for this door" };
      }
      return { value: o.threshold_m, tolerance: tolLen(plan, o.threshold_m) };
    }
    case "ceiling_height_m": {
      const r = subject as Room;
      if (r.height_m === undefined) return { missing: "the scan has no height for this room" };
      return { value: r.height_m, tolerance: tolLen(plan, r.height_m) };
    }
    case "room_area_m2": {
      const r = subject as Room;
      const a = polygonArea_m2(r.polygon);
      return { value: a, tolerance: tolArea(plan, a, polygonPerimeter_m(r.polygon)) };
    }
    case "room_min_dimension_m":
    case "corridor_width_m": {
      const r = subject as Room;
      const w = polygonMinWidth_m(r.polygon);
      return {
        value: w,
        tolerance: tolLen(plan, w),
        ...(polygonIsConvex(r.polygon) ? {} : {
          note: "the room is not convex: its least width is taken across its convex hull",
        }),
      };
    }
    case "glazing_ratio": {
      const r = subject as Room;
      const windows = idx.windowsByRoom?.get(r.id) ?? [];
      if (!windows.length) return { missing: "the plan records no window in this room" };
      let aw = 0, tw = 0;
      for (const w of windows) {
        if (w.height_m === undefined) {
          return { missing: `window ${w.id} has no height, so its glazing area is unknown` };
        }
        const a = w.width_m * w.height_m;
        aw += a;
        tw += tolArea(plan, a, 2 * (w.width_m + w.height_m));
      }
      const af = polygonArea_m2(r.polygon);
      const tf = tolArea(plan, af, polygonPerimeter_m(r.polygon));
      const ratio = aw / af;
      return { value: ratio, tolerance: ratio * (tw / aw + tf / af) };
    }
    case "egress_opening_area_m2":
    case "egress_opening_height_m":
    case "egress_opening_width_m":
    case "egress_sill_height_m": {
      const r = subject as Room;
      const windows = idx.windowsByRoom?.get(r.id) ?? [];
      if (!windows.length) return { missing: "the plan records no window in this room" };
      const w = largestWindow(windows);
      if (!w) return { missing: "no window in this room has a stated height" };
      const via = `window ${w.id}`;
      if (kind === "egress_opening_area_m2") {
        const a = w.width_m * w.height_m!;
        return { value: a, tolerance: tolArea(plan, a, 2 * (w.width_m + w.height_m!)), via };
      }
      if (kind === "egress_opening_height_m") {
        return { value: w.height_m!, tolerance: tolLen(plan, w.height_m!), via };
      }
      if (kind === "egress_opening_width_m") {
        return { value: w.width_m, tolerance: tolLen(plan, w.width_m), via };
      }
      if (w.sill_m === undefined) return { missing: `window ${w.id} has no sill height` };
      return { value: w.sill_m, tolerance: tolLen(plan, w.sill_m), via };
    }
    case "stair_riser_m": {
      const v = subject as Vertical;
      if (!v.risers) return { missing: "the plan gives no number of risers for this stair" };
      return { value: v.rise_m / v.risers, tolerance: tolLen(plan, v.rise_m) / v.risers };
    }
    case "stair_going_m": {
      const v = subject as Vertical;
      if (v.going_m === undefined) return { missing: "the plan gives no going for this stair" };
      return { value: v.going_m, tolerance: tolLen(plan, v.going_m) };
    }
    case "stair_width_m":
    case "ramp_width_m": {
      const v = subject as Vertical;
      return { value: v.width_m, tolerance: tolLen(plan, v.width_m) };
    }
    case "stair_headroom_m":
      return {
        missing: "a plan does not record the headroom above a stair's pitch line",
      };
    case "stair_flight_rise_m":
    case "ramp_rise_m":
    case "step_height_m": {
      const v = subject as Vertical;
      return { value: v.rise_m, tolerance: tolLen(plan, v.rise_m) };
    }
    case "stair_pitch_deg":
    case "stair_2r_plus_g_m": {
      const v = subject as Vertical;
      if (!v.risers) return { missing: "the plan gives no number of risers for this stair" };
      if (v.going_m === undefined) return { missing: "the plan gives no going for this stair" };
      const r = v.rise_m / v.risers, g = v.going_m;
      const dr = tolLen(plan, v.rise_m) / v.risers, dg = tolLen(plan, g);
      if (kind === "stair_2r_plus_g_m") return { value: 2 * r + g, tolerance: 2 * dr + dg };
      const deg = (Math.atan2(r, g) * 180) / Math.PI;
      const dDeg = ((g * dr + r * dg) / (r * r + g * g)) * 180 / Math.PI;
      return { value: deg, tolerance: dDeg };
    }
    case "ramp_slope": {
      const v = subject as Vertical;
      if (v.going_m === undefined) {
        return { missing: "the plan gives no horizontal run (going) for this ramp" };
      }
      const s = v.rise_m / v.going_m;
      const rel = (v.rise_m > 0 ? tolLen(plan, v.rise_m) / v.rise_m : 0) +
        tolLen(plan, v.going_m) / v.going_m;
      return { value: s, tolerance: s * rel };
    }
    case "clear_floor_length_m": {
      const r = subject as Room;
      const width = opts?.width_m;
      if (width === undefined) return { missing: "the rule gives no width for the space" };
      const obstacles = idx.objectsByRoom?.get(r.id) ?? [];
      const c = longestClearFloorSpace(
        r.polygon,
        obstacles,
        width,
        roomFreeFloor(r, obstacles, idx.freeFloors),
      );
      const notes = [
        `the space is ${(width * 1000).toFixed(0)} mm wide`,
        ...(obstacles.length ? [`${obstacles.length} object(s) kept clear`] : []),
        ...(c.exact ? [] : ["the room has walls at odd angles: a lower bound, within about 1 cm"]),
      ];
      return { value: c.length_m, tolerance: tolLen(plan, c.length_m), note: notes.join("; ") };
    }
    case "turning_diameter_m": {
      const r = subject as Room;
      const obstacles = idx.objectsByRoom?.get(r.id) ?? [];
      const c = largestCircleIn(roomFreeFloor(r, obstacles, idx.freeFloors));
      if (!c) return { missing: "the room has no free floor (zero area, or covered by objects)" };
      const d = 2 * c.radius_m;
      return {
        value: d,
        tolerance: tolLen(plan, d),
        ...(obstacles.length
          ? { note: `${obstacles.length} object(s) in the room are kept clear` }
          : {}),
      };
    }
  }
}

/**
 * A room's floor free of its objects (clearance.ts freeFloor, Clipper), cached per room; a
 * room without objects is its own polygon, unclipped.
 */
function roomFreeFloor(
  room: Room,
  obstacles: Point[][],
  cache?: Map<string, MultiRings>,
): MultiRings {
  let free = cache?.get(room.id);
  if (!free) {
    free = obstacles.length ? freeFloor(room.polygon, obstacles) : [[room.polygon]];
    cache?.set(room.id, free);
  }
  return free;
}

function largestWindow(windows: Opening[]): Opening | undefined {
  let best: Opening | undefined;
  for (const w of windows) {
    if (w.height_m === undefined) continue;
    if (!best || w.width_m * w.height_m > best.width_m * best.height_m!) best = w;
  }
  return best;
}
