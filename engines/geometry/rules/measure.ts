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
} from "../../../ground/plan.ts";
import { DOOR_LEAF_AND_STOP_M, doorClearWidth, freeFloor, largestCircleIn } from "../clearance.ts";
import type { MultiRings } from "../clip.ts";
import { longestClearFloorSpace } from "../clear_floor.ts";
import { objectsByRoom, pickEntrance } from "../routes/mod.ts";
import { polygonArea_m2, polygonPerimeter_m } from "../takeoff.ts";
import type { MeasureKind } from "./measures.ts";
import {
  clearDepthAtDoor,
  doorPort,
  narrowestClearWidth,
  objectFrontPorts,
  PASSAGE_PRECISION_M,
  type WallPort,
} from "./room_geometry.ts";

/**
 * What a standard hinged door's open leaf and stop take from its leaf width, m: 2 3/8 in
 * (60.325 mm, FHA Design Manual ch. 3). One constant for every tool: clearance.ts's
 * {@link DOOR_LEAF_AND_STOP_M}, re-exported under the rules' name.
 */
export const LEAF_TO_CLEAR_M = DOOR_LEAF_AND_STOP_M;

/**
 * Frame and sash taken from each side of a window's frame size to estimate its net clear
 * opening or glazed area, m: 2 in (50.8 mm). Assumed (no plan states them); a typical
 * side-hinged casement's frame and sash sightline.
 */
export const WINDOW_FRAME_M = 2 * 0.0254;

/** IRC R202 "grade floor opening": a sill within 44 in (1118 mm) of the outside ground. */
export const GRADE_FLOOR_SILL_M = 44 * 0.0254;

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
  /** The storey (floor ids) of the main entrance(s). */
  entranceFloors: Set<string>;
  /** Floors below the ground: a negative index. */
  basementFloors: Set<string>;
  /** Elevation of the outside ground, m: the floor of index 0 (else the lowest floor). */
  grade_m: number;
  floorElevation: Map<string, number>;
  rooms: Map<string, Room>;
  /** Doors and doorless openings by the rooms they join. */
  doorsByRoom: Map<string, Opening[]>;
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
  const doorsByRoom = new Map<string, Opening[]>();
  for (const o of plan.openings) {
    const by = o.kind === "window" ? windowsByRoom : doorsByRoom;
    for (const side of o.between) {
      if (side === null) continue;
      let l = by.get(side);
      if (!l) by.set(side, l = []);
      if (!l.includes(o)) l.push(o);
    }
  }
  const { doors, inferred } = mainEntrances(plan);
  const floorElevation = new Map(plan.floors.map((f) => [f.id, f.elevation_m]));
  const zero = plan.floors.find((f) => f.index === 0) ??
    plan.floors.find((f) => f.index === minIndex);
  return {
    plan,
    groundFloors,
    entranceFloors: new Set(doors.map((d) => d.floor)),
    basementFloors: new Set(plan.floors.filter((f) => f.index < 0).map((f) => f.id)),
    grade_m: zero?.elevation_m ?? 0,
    floorElevation,
    rooms: new Map(plan.rooms.map((r) => [r.id, r])),
    doorsByRoom,
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

/**
 * A door's clear width, m, and the sentence saying how it was found: as stated; an opening's
 * whole width; else the leaf less {@link LEAF_TO_CLEAR_M} (FHA Design Manual ch. 3).
 */
export function ruleDoorClearWidth(
  o: Pick<Opening, "kind" | "width_m" | "clear_width_m">,
): { value: number; note?: string } {
  const c = doorClearWidth(o);
  if (c.basis_code !== "leaf_estimate") return { value: c.clear_width_m };
  return { value: c.clear_width_m, note: `clear width ${c.basis}` };
}

/** A window's estimated net clear opening (or glazed size): the frame less its members. */
export function windowNet(w: Opening): { width_m: number; height_m: number; sill_m?: number } {
  return {
    width_m: w.clear_width_m ?? Math.max(0, w.width_m - 2 * WINDOW_FRAME_M),
    height_m: Math.max(0, (w.height_m ?? 0) - 2 * WINDOW_FRAME_M),
    ...(w.sill_m !== undefined ? { sill_m: w.sill_m + WINDOW_FRAME_M } : {}),
  };
}

/**
 * The window an egress rule is measured on (the room's largest with a height) and whether it
 * is a grade-floor opening (IRC R202: its clear opening's sill within 44 in of the outside
 * ground, taken as {@link PlanIndex.grade_m}); undefined when its sill is not stated.
 */
export function egressWindow(
  room: Room,
  idx: Pick<PlanIndex, "windowsByRoom" | "floorElevation" | "grade_m">,
): { window?: Opening; gradeFloor?: boolean } {
  const w = largestWindow(idx.windowsByRoom.get(room.id) ?? []);
  if (!w) return {};
  const net = windowNet(w);
  if (net.sill_m === undefined) return { window: w };
  const above = (idx.floorElevation.get(w.floor) ?? 0) + net.sill_m - idx.grade_m;
  return { window: w, gradeFloor: Math.abs(above) <= GRADE_FLOOR_SILL_M + 1e-12 };
}

/** What measuring needs of a plan (a {@link PlanIndex}, or the parts a caller has). */
export type MeasureIndex = Pick<PlanIndex, "plan"> & Partial<PlanIndex>;

/** Computes one measure on one subject. */
export function measure(
  kind: MeasureKind,
  subject: Room | Opening | Vertical,
  idx: MeasureIndex,
  opts?: { width_m?: number },
): Measured | Missing {
  const plan = idx.plan;
  switch (kind) {
    case "door_clear_width_m": {
      const cw = ruleDoorClearWidth(subject as Opening);
      return {
        value: cw.value,
        tolerance: tolLen(plan, cw.value),
        ...(cw.note ? { note: cw.note } : {}),
      };
    }
    case "door_clear_height_m": {
      const o = subject as Opening;
      if (o.height_m === undefined) return { missing: "the plan gives no height for this door" };
      if (o.threshold_m === undefined) {
        return {
          value: o.height_m,
          tolerance: tolLen(plan, o.height_m),
          note: "the plan states no threshold, so the height is taken from the floor",
        };
      }
      const h = Math.max(0, o.height_m - o.threshold_m);
      return {
        value: h,
        tolerance: tolLen(plan, o.height_m) + tolLen(plan, o.threshold_m),
        ...(o.threshold_m > 0
          ? { note: `from the top of its ${(o.threshold_m * 1000).toFixed(0)} mm threshold` }
          : {}),
      };
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
    case "corridor_width_m":
    case "kitchen_clear_width_m": {
      const r = subject as Room;
      const obstacles = kind === "kitchen_clear_width_m" ? idx.objectsByRoom?.get(r.id) ?? [] : [];
      const ports: WallPort[] = [];
      if (kind !== "room_min_dimension_m") {
        for (const o of idx.doorsByRoom?.get(r.id) ?? []) {
          const p = doorPort(r.polygon, o.at);
          if (p) ports.push(p);
        }
        ports.push(...objectFrontPorts(r.polygon, obstacles));
      }
      const w = narrowestClearWidth(r.polygon, obstacles, ports);
      const notes: string[] = [];
      if (!w.exact) {
        notes.push(
          kind === "corridor_width_m" && ports.length >= 2
            ? "the narrowest clear width between its doors, found to within 2 mm"
            : "the narrowest clear width along the room, found to within 2 mm",
        );
      }
      if (kind === "kitchen_clear_width_m") {
        notes.push(
          obstacles.length
            ? `${obstacles.length} object(s) in the room are kept clear`
            : "the plan places no units or appliances in this kitchen, so it is measured wall " +
              "to wall",
        );
      }
      return {
        value: w.width_m,
        tolerance: tolLen(plan, w.width_m) + (w.exact ? 0 : PASSAGE_PRECISION_M),
        ...(notes.length ? { note: notes.join("; ") } : {}),
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
        const g = windowNet({ ...w, clear_width_m: undefined });
        const a = g.width_m * g.height_m;
        aw += a;
        tw += tolArea(plan, a, 2 * (g.width_m + g.height_m));
      }
      if (aw <= 0) return { value: 0, tolerance: 0, note: "glazed area estimated from frames" };
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
      const net = windowNet(w);
      const est = (what: string) => `${what} estimated from the frame size`;
      if (kind === "egress_opening_area_m2") {
        const a = net.width_m * net.height_m;
        return {
          value: a,
          tolerance: tolArea(plan, a, 2 * (net.width_m + net.height_m)),
          via,
          note: est("net clear opening"),
        };
      }
      if (kind === "egress_opening_height_m") {
        return {
          value: net.height_m,
          tolerance: tolLen(plan, net.height_m),
          via,
          note: est("net clear height"),
        };
      }
      if (kind === "egress_opening_width_m") {
        return {
          value: net.width_m,
          tolerance: tolLen(plan, net.width_m),
          via,
          ...(w.clear_width_m === undefined ? { note: est("net clear width") } : {}),
        };
      }
      if (net.sill_m === undefined) return { missing: `window ${w.id} has no sill height` };
      return {
        value: net.sill_m,
        tolerance: tolLen(plan, w.sill_m!),
        via,
        note: "the clear opening's bottom taken 2 in above the frame's sill",
      };
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
    case "ramp_going_m": {
      const v = subject as Vertical;
      if (v.going_m === undefined) {
        return { missing: "the plan gives no horizontal run (going) for this ramp" };
      }
      return { value: v.going_m, tolerance: tolLen(plan, v.going_m) };
    }
    case "ramp_landing_length_m": {
      const v = subject as Vertical;
      const rooms = (v.rooms ?? []).map((id) => idx.rooms?.get(id)).filter((r) =>
        r !== undefined
      ) as Room[];
      if (!rooms.length) return { missing: "the plan does not say which rooms this ramp joins" };
      let best: { len: number; room: Room } | undefined;
      for (const r of rooms) {
        const obstacles = idx.objectsByRoom?.get(r.id) ?? [];
        const c = longestClearFloorSpace(
          r.polygon,
          obstacles,
          v.width_m,
          roomFreeFloor(r, obstacles, idx.freeFloors),
        );
        if (!best || c.length_m < best.len) best = { len: c.length_m, room: r };
      }
      return {
        value: best!.len,
        tolerance: tolLen(plan, best!.len),
        via: `the landing in ${best!.room.name ?? best!.room.id}`,
      };
    }
    case "door_maneuvering_depth_m":
    case "door_landing_depth_m": {
      const o = subject as Opening;
      const sides = o.between.filter((id) => id !== null).map((id) => idx.rooms?.get(id!))
        .filter((r) => r !== undefined) as Room[];
      if (!sides.length) return { missing: "the plan has none of the rooms this door joins" };
      const width = kind === "door_maneuvering_depth_m" ? ruleDoorClearWidth(o).value : o.width_m;
      let best: { depth: number; room: Room } | undefined;
      for (const r of sides) {
        const obstacles = idx.objectsByRoom?.get(r.id) ?? [];
        const d = clearDepthAtDoor(
          r.polygon,
          roomFreeFloor(r, obstacles, idx.freeFloors),
          o.at,
          width,
        );
        if (!best || d < best.depth) best = { depth: d, room: r };
      }
      return {
        value: best!.depth,
        tolerance: tolLen(plan, best!.depth),
        via: `the floor in ${best!.room.name ?? best!.room.id}`,
        ...(sides.length < 2 && o.between.includes(null)
          ? { note: "the outside is not in the plan, so only the inside is measured" }
          : {}),
      };
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
export function roomFreeFloor(
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

export function largestWindow(windows: Opening[]): Opening | undefined {
  let best: Opening | undefined;
  for (const w of windows) {
    if (w.height_m === undefined) continue;
    if (!best || w.width_m * w.height_m > best.width_m * best.height_m!) best = w;
  }
  return best;
}
