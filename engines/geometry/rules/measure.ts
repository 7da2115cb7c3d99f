/**
 * Computes a rule's measure on one plan element, with its tolerance propagated from the
 * plan's scan uncertainty (design.md; first-order error propagation, Taylor, "An Introduction
 * to Error Analysis", §3), or the reason it cannot be measured.
 */
import { sayLength, sayMillimetres, unitsNow } from "../../../ground/units_now.ts";
import {
  type Opening,
  type Plan,
  type Point,
  type Room,
  tolerance_m,
  type Vertical,
} from "../../../ground/plan.ts";
import {
  DOOR_LEAF_AND_STOP_M,
  DOOR_LEAF_AND_STOP_TEXT,
  doorClearWidth,
  freeFloor,
  largestCircleIn,
  LEAF_ESTIMATE_ERROR_M,
  leafEstimateErrorText,
  objectFootprint,
} from "../clearance.ts";
import { nearestRoomEdge } from "../walls.ts";
import type { MultiRings } from "../clip.ts";
import { longestClearFloorSpace } from "../clear_floor.ts";
import { objectsByRoom, pickEntrance } from "../routes/mod.ts";
import {
  polygonArea_m2,
  polygonIsConvex,
  polygonMinWidth_m,
  polygonPerimeter_m,
} from "../takeoff.ts";
import { type MeasureKind, WC_SIDE_WALL_MAX_M } from "./measures.ts";
import {
  clearDepthAtDoor,
  doorPort,
  narrowestClearWidth,
  objectFrontPorts,
  PASSAGE_PRECISION_M,
  sweepDepth,
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
  /**
   * door_maneuvering_depth_m with a latch clearance asked for: the depth across the clear
   * width plus that clearance on both sides of the door.
   */
  wide?: number;
  /**
   * Why the value covers only part of what the rule asks (a door's outside, not in the
   * plan): a pass on it is unknown, with this reason; a fail stands.
   */
  partial?: string;
  /** Which element the value was taken on, when it is not the subject itself. */
  via?: string;
  note?: string;
  /**
   * The value is an estimate, not read (a door's clear width from its leaf, a stair's width
   * off its bounding box): how, and its error bound, m, which `tolerance` includes. A
   * judgement within it is too close to call ("estimated — measure on site").
   */
  estimated?: { basis: string; error_m: number };
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
 * What a pack takes from a door's leaf width for its open leaf and stop, with its source
 * (schema.ts `door_leaf_allowance`): SI metres, the printed value, the source.
 */
export interface LeafAllowance {
  si: number;
  printed: string;
  citation: string;
}

/**
 * A door's clear width, m, and the sentence saying how it was found: as stated; an opening's
 * whole width; else the leaf less the pack's own allowance (`leaf`), or, for a pack without
 * one, {@link LEAF_TO_CLEAR_M} (FHA Design Manual ch. 3).
 */
export function ruleDoorClearWidth(
  o: Pick<Opening, "kind" | "width_m" | "clear_width_m">,
  leaf?: LeafAllowance,
): { value: number; note?: string; error_m?: number; basis?: string } {
  const c = doorClearWidth(o);
  if (c.basis_code !== "leaf_estimate") return { value: c.clear_width_m };
  // The estimate carries its error bound (clearance.ts LEAF_ESTIMATE_ERROR_M): judged within
  // it on top of the scan's uncertainty, it is too close to call.
  if (!leaf) {
    return {
      value: c.clear_width_m,
      note: `clear width ${c.basis}`,
      error_m: c.error_m,
      basis: `clear width estimated as the leaf less ${DOOR_LEAF_AND_STOP_TEXT}`,
    };
  }
  return {
    value: Math.max(0, o.width_m - leaf.si),
    note: `clear width estimated as the ${sayLength(o.width_m, 3)} leaf less ${leaf.printed} ` +
      `for the open leaf and its stop (${leaf.citation}), ${leafEstimateErrorText()}`,
    error_m: LEAF_ESTIMATE_ERROR_M,
    basis: `clear width estimated as the leaf less ${leaf.printed} for the open leaf and its stop`,
  };
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

/** What one measurer is given: the measure, its subject, the plan index and the rule's options. */
interface MeasureArgs {
  kind: MeasureKind;
  subject: Room | Opening | Vertical;
  idx: MeasureIndex;
  plan: Plan;
  opts?: MeasureOptions;
}

/** A rule's options a measure reads: the space's width, the pack's leaf allowance, the latch clearance. */
export interface MeasureOptions {
  width_m?: number;
  leaf?: LeafAllowance;
  beyond_latch_m?: number;
}

/** `door_clear_width_m`. */
function measureDoorClearWidthM({ subject, plan, opts }: MeasureArgs): Measured | Missing {
  const cw = ruleDoorClearWidth(subject as Opening, opts?.leaf);
  return {
    value: cw.value,
    tolerance: tolLen(plan, cw.value) + (cw.error_m ?? 0),
    ...(cw.note ? { note: cw.note } : {}),
    ...(cw.error_m !== undefined
      ? { estimated: { basis: cw.basis ?? "estimated from the leaf", error_m: cw.error_m } }
      : {}),
  };
}

/** `door_clear_height_m`. */
function measureDoorClearHeightM({ subject, plan }: MeasureArgs): Measured | Missing {
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
      ? { note: `from the top of its ${sayMillimetres(o.threshold_m)} threshold` }
      : {}),
  };
}

/** `threshold_height_m`. */
function measureThresholdHeightM({ subject, plan }: MeasureArgs): Measured | Missing {
  const o = subject as Opening;
  if (o.threshold_m === undefined) {
    return { missing: "the plan gives no threshold height for this door" };
  }
  return { value: o.threshold_m, tolerance: tolLen(plan, o.threshold_m) };
}

/** `ceiling_height_m`. */
function measureCeilingHeightM({ subject, plan }: MeasureArgs): Measured | Missing {
  const r = subject as Room;
  if (r.height_m === undefined) return { missing: "the scan has no height for this room" };
  return { value: r.height_m, tolerance: tolLen(plan, r.height_m) };
}

/** `room_area_m2`. */
function measureRoomAreaM2({ subject, plan }: MeasureArgs): Measured | Missing {
  const r = subject as Room;
  const a = polygonArea_m2(r.polygon);
  return { value: a, tolerance: tolArea(plan, a, polygonPerimeter_m(r.polygon)) };
}

/** `room_min_dimension_m`, `corridor_width_m`, `kitchen_clear_width_m`. */
function measureRoomMinDimensionM({ kind, subject, idx, plan }: MeasureArgs): Measured | Missing {
  const r = subject as Room;
  const obstacles = kind === "kitchen_clear_width_m" ? idx.objectsByRoom?.get(r.id) ?? [] : [];
  if (kind === "kitchen_clear_width_m" && !obstacles.length) {
    return {
      missing: "the plan places no units or appliances in this kitchen, so the clear " +
        "width in front of them cannot be measured (its width wall to wall says nothing " +
        "of the units)",
    };
  }
  const ports: WallPort[] = [];
  if (kind !== "room_min_dimension_m") {
    for (const o of idx.doorsByRoom?.get(r.id) ?? []) {
      const p = doorPort(r.polygon, o.at);
      if (p) ports.push(p);
    }
    ports.push(...objectFrontPorts(r.polygon, obstacles));
  }
  let w = narrowestClearWidth(r.polygon, obstacles, ports);
  if (obstacles.length) {
    // Units along the walls often leave a convex free floor (a galley): its least width
    // (rotating calipers) is then exact.
    const free = roomFreeFloor(r, obstacles, idx.freeFloors);
    if (free.length === 1 && free[0].length === 1 && polygonIsConvex(free[0][0])) {
      w = { width_m: polygonMinWidth_m(free[0][0]), exact: true };
    }
  }
  const notes: string[] = [];
  if (!w.exact) {
    notes.push(
      kind === "corridor_width_m" && ports.length >= 2
        ? "the narrowest clear width between its doors, found to within 2 mm"
        : "the narrowest clear width along the room, found to within 2 mm",
    );
  }
  if (kind === "kitchen_clear_width_m") {
    notes.push(`${obstacles.length} object(s) in the room are kept clear`);
  }
  return {
    value: w.width_m,
    tolerance: tolLen(plan, w.width_m) + (w.exact ? 0 : PASSAGE_PRECISION_M),
    ...(notes.length ? { note: notes.join("; ") } : {}),
  };
}

/** `glazing_ratio`. */
function measureGlazingRatio({ subject, idx, plan }: MeasureArgs): Measured | Missing {
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

/** `egress_opening_area_m2`, `egress_opening_height_m`, `egress_opening_width_m`, `egress_sill_height_m`. */
function measureEgressOpeningAreaM2({ kind, subject, idx, plan }: MeasureArgs): Measured | Missing {
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

/** `stair_riser_m`. */
function measureStairRiserM({ subject, plan }: MeasureArgs): Measured | Missing {
  const v = subject as Vertical;
  if (!v.risers) return { missing: "the plan gives no number of risers for this stair" };
  return { value: v.rise_m / v.risers, tolerance: tolLen(plan, v.rise_m) / v.risers };
}

/** `stair_going_m`. */
function measureStairGoingM({ subject, plan }: MeasureArgs): Measured | Missing {
  const v = subject as Vertical;
  if (v.going_m === undefined) return { missing: "the plan gives no going for this stair" };
  return { value: v.going_m, tolerance: tolLen(plan, v.going_m) };
}

/** `stair_width_m`, `ramp_width_m`. */
function measureStairWidthM({ subject, plan }: MeasureArgs): Measured | Missing {
  const v = subject as Vertical;
  const est = v.estimated?.width_m;
  // An estimated width is judged within its stated bound: too close to call, not a fail.
  return {
    value: v.width_m,
    tolerance: tolerance_m(plan, v.width_m, { uncertainty_m: est?.error_m ?? v.uncertainty_m }),
    ...(est
      ? {
        note: `width estimated ${est.basis} (±${sayLength(est.error_m)})`,
        estimated: { basis: `width estimated ${est.basis}`, error_m: est.error_m },
      }
      : {}),
  };
}

/** `stair_headroom_m`. */
function measureStairHeadroomM(_: MeasureArgs): Measured | Missing {
  return {
    missing: "a plan does not record the headroom above a stair's pitch line",
  };
}

/** `stair_flight_rise_m`, `ramp_rise_m`, `step_height_m`. */
function measureStairFlightRiseM({ subject, plan }: MeasureArgs): Measured | Missing {
  const v = subject as Vertical;
  return { value: v.rise_m, tolerance: tolLen(plan, v.rise_m) };
}

/** `stair_pitch_deg`, `stair_2r_plus_g_m`. */
function measureStairPitchDeg({ kind, subject, plan }: MeasureArgs): Measured | Missing {
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

/** `ramp_going_m`. */
function measureRampGoingM({ subject, plan }: MeasureArgs): Measured | Missing {
  const v = subject as Vertical;
  if (v.going_m === undefined) {
    return { missing: "the plan gives no horizontal run (going) for this ramp" };
  }
  return { value: v.going_m, tolerance: tolLen(plan, v.going_m) };
}

/** `stair_riser_variation_m`. */
function measureStairRiserVariationM(_: MeasureArgs): Measured | Missing {
  return {
    missing: "a plan gives a stair's total rise and number of risers, not each riser, so " +
      "how much they differ is unknown: measure the tallest and shortest on site",
  };
}

/** `stair_handrail_sides`, `ramp_handrail_sides`. */
function measureStairHandrailSides({ subject, plan }: MeasureArgs): Measured | Missing {
  return handrailSides(subject as Vertical, plan);
}

/** `ramp_cross_slope`. */
function measureRampCrossSlope(_: MeasureArgs): Measured | Missing {
  return { missing: "a plan records no ramp's cross slope: measure it on site" };
}

/** `ramp_turn_landing_m`. */
function measureRampTurnLandingM(_: MeasureArgs): Measured | Missing {
  return {
    missing: "a plan records a ramp as one run, not where it turns, so a landing at a " +
      "change of direction cannot be checked",
  };
}

/** `guard_height_m`. */
function measureGuardHeightM({ subject, plan }: MeasureArgs): Measured | Missing {
  return guardHeight(subject as Room, plan);
}

/** `guard_opening_m`. */
function measureGuardOpeningM(_: MeasureArgs): Measured | Missing {
  return {
    missing: "the gaps between a guard's balusters are in no plan (IFC gives a railing's " +
      "bounding box, not its members): measure them on site",
  };
}

/** `stair_guard_height_m`. */
function measureStairGuardHeightM(_: MeasureArgs): Measured | Missing {
  return {
    missing: "a guard's height above the flight's pitch line is in no plan (a railing's " +
      "bounding box on a raking flight includes the flight's rise): measure it on site",
  };
}

/** `corridor_narrow_length_m`. */
function measureCorridorNarrowLengthM(a: MeasureArgs): Measured | Missing {
  const w = measureRoomMinDimensionM({ ...a, kind: "corridor_width_m" });
  if ("missing" in w) return w;
  return corridorNarrowLength(a.subject as Room, a.plan, w);
}

/** `wc_front_zone_m`. */
function measureWcFrontZoneM({ subject, plan, opts }: MeasureArgs): Measured | Missing {
  return wcFrontZone(subject as Room, plan, opts?.width_m);
}

/** `wc_side_clear_far_m`, `wc_side_clear_near_m`. */
function measureWcSideClear({ kind, subject, plan }: MeasureArgs): Measured | Missing {
  return wcSideClear(subject as Room, plan, kind === "wc_side_clear_far_m" ? "far" : "near");
}

/** `control_height_m`. */
function measureControlHeightM(_: MeasureArgs): Measured | Missing {
  return {
    missing: "the plan records no switches, sockets or controls (no importer supplies " +
      "them), so their heights are unknown",
  };
}

/** `grab_bar_reinforcement`. */
function measureGrabBarReinforcement(_: MeasureArgs): Measured | Missing {
  return {
    missing: "reinforcement for grab bars is inside the wall, which no scan or plan shows",
  };
}

/** `egress_window_well_area_m2`. */
function measureEgressWindowWellAreaM2(_: MeasureArgs): Measured | Missing {
  return { missing: "the plan records no window well outside this room's window" };
}

/** `door_nib_m`. */
function measureDoorNibM(_: MeasureArgs): Measured | Missing {
  return {
    missing: "the plan records no door swing, so the wall beside the door's leading edge " +
      "cannot be found",
  };
}

/** `bed_clear_zone_m`. */
function measureBedClearZoneM({ subject, plan }: MeasureArgs): Measured | Missing {
  return bedClearZone(subject as Room, plan);
}

/** `range_parallel_depth_m`. */
function measureRangeParallelDepthM({ subject, plan, opts }: MeasureArgs): Measured | Missing {
  return rangeParallel(subject as Room, plan, opts?.width_m);
}

/** `doors_in_series_gap_m`. */
function measureDoorsInSeriesGapM({ subject, idx, plan }: MeasureArgs): Measured | Missing {
  const pair = doorsInSeries(subject as Room, idx);
  if (!pair) return { missing: "this room's doors are not two doors in series" };
  return {
    value: pair.gap_m,
    tolerance: tolLen(plan, pair.gap_m),
    wide: pair.leaf_m,
    note: `between ${pair.doors[0].id} and ${pair.doors[1].id}`,
  };
}

/** `wc_clearance_depth_m`. */
function measureWcClearanceDepthM({ subject, plan, opts }: MeasureArgs): Measured | Missing {
  return wcClearance(subject as Room, plan, opts?.width_m);
}

/** `entrance_storey_wc_count`. */
function measureEntranceStoreyWcCount({ subject, plan }: MeasureArgs): Measured | Missing {
  const o = subject as Opening;
  const n =
    plan.rooms.filter((r) =>
      r.floor === o.floor && (r.label === "toilet" || r.label === "bathroom")
    ).length;
  return { value: n, tolerance: 0, note: "a room labelled toilet or bathroom counts" };
}

/** `window_sill_height_m`. */
function measureWindowSillHeightM({ subject, plan }: MeasureArgs): Measured | Missing {
  const w = subject as Opening;
  if (w.sill_m === undefined) return { missing: `window ${w.id} has no sill height` };
  return {
    value: w.sill_m,
    tolerance: tolLen(plan, w.sill_m),
    note: "the frame's sill; the window is taken as operable",
  };
}

/** `stair_landing_length_m`, `ramp_landing_length_m`. */
function measureStairLandingLengthM({ subject, idx, plan }: MeasureArgs): Measured | Missing {
  const v = subject as Vertical;
  const rooms = (v.rooms ?? []).map((id) => idx.rooms?.get(id)).filter((r) =>
    r !== undefined
  ) as Room[];
  if (!rooms.length) {
    return { missing: `the plan does not say which rooms this ${v.kind} joins` };
  }
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

/** `door_maneuvering_depth_m`, `door_landing_depth_m`. */
function measureDoorManeuveringDepthM(
  { kind, subject, idx, plan, opts }: MeasureArgs,
): Measured | Missing {
  const o = subject as Opening;
  const sides = o.between.filter((id) => id !== null).map((id) => idx.rooms?.get(id!))
    .filter((r) => r !== undefined) as Room[];
  if (!sides.length) return { missing: "the plan has none of the rooms this door joins" };
  const width = kind === "door_maneuvering_depth_m"
    ? ruleDoorClearWidth(o, opts?.leaf).value
    : o.width_m;
  let best: { depth: number; room: Room } | undefined;
  let wide: number | undefined;
  for (const r of sides) {
    const obstacles = idx.objectsByRoom?.get(r.id) ?? [];
    const free = roomFreeFloor(r, obstacles, idx.freeFloors);
    const d = clearDepthAtDoor(r.polygon, free, o.at, width);
    if (!best || d < best.depth) best = { depth: d, room: r };
    if (kind === "door_maneuvering_depth_m" && opts?.beyond_latch_m !== undefined) {
      const w = clearDepthAtDoor(
        r.polygon,
        free,
        o.at,
        width + 2 * opts.beyond_latch_m,
        2.5,
        true,
      );
      wide = wide === undefined ? w : Math.min(wide, w);
    }
  }
  return {
    value: best!.depth,
    tolerance: tolLen(plan, best!.depth),
    ...(wide !== undefined ? { wide } : {}),
    via: `the floor in ${best!.room.name ?? best!.room.id}`,
    ...(sides.length < 2 && o.between.includes(null)
      ? {
        note: "the outside is not in the plan, so only the inside is measured",
        partial: "the inside passes, but the outside, which the rule also asks for, is " +
          "not in the plan: look at it",
      }
      : {}),
  };
}

/** `ramp_slope`. */
function measureRampSlope({ subject, plan }: MeasureArgs): Measured | Missing {
  const v = subject as Vertical;
  if (v.going_m === undefined) {
    return { missing: "the plan gives no horizontal run (going) for this ramp" };
  }
  const s = v.rise_m / v.going_m;
  const rel = (v.rise_m > 0 ? tolLen(plan, v.rise_m) / v.rise_m : 0) +
    tolLen(plan, v.going_m) / v.going_m;
  return { value: s, tolerance: s * rel };
}

/** `clear_floor_length_m`. */
function measureClearFloorLengthM({ subject, idx, plan, opts }: MeasureArgs): Measured | Missing {
  const r = subject as Room;
  const width = opts?.width_m;
  if (width === undefined) return { missing: "the rule gives no width for the space" };
  const obstacles = idx.objectsByRoom?.get(r.id) ?? [];
  if (!obstacles.length) {
    return {
      missing: "the plan places no fixtures or appliances in this room, so the clear " +
        "floor space at them cannot be judged (an empty room's floor says nothing of it)",
    };
  }
  const c = longestClearFloorSpace(
    r.polygon,
    obstacles,
    width,
    roomFreeFloor(r, obstacles, idx.freeFloors),
  );
  const notes = [
    `the space is ${sayMillimetres(width)} wide`,
    ...(obstacles.length ? [`${obstacles.length} object(s) kept clear`] : []),
    ...(c.exact ? [] : ["the room has walls at odd angles: a lower bound, within about 1 cm"]),
  ];
  return { value: c.length_m, tolerance: tolLen(plan, c.length_m), note: notes.join("; ") };
}

/** `turning_diameter_m`. */
function measureTurningDiameterM({ subject, idx, plan }: MeasureArgs): Measured | Missing {
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

/** The measurer of each measure kind. */
const MEASURERS: Record<MeasureKind, (a: MeasureArgs) => Measured | Missing> = {
  door_clear_width_m: measureDoorClearWidthM,
  door_clear_height_m: measureDoorClearHeightM,
  threshold_height_m: measureThresholdHeightM,
  ceiling_height_m: measureCeilingHeightM,
  room_area_m2: measureRoomAreaM2,
  room_min_dimension_m: measureRoomMinDimensionM,
  corridor_width_m: measureRoomMinDimensionM,
  kitchen_clear_width_m: measureRoomMinDimensionM,
  glazing_ratio: measureGlazingRatio,
  egress_opening_area_m2: measureEgressOpeningAreaM2,
  egress_opening_height_m: measureEgressOpeningAreaM2,
  egress_opening_width_m: measureEgressOpeningAreaM2,
  egress_sill_height_m: measureEgressOpeningAreaM2,
  stair_riser_m: measureStairRiserM,
  stair_going_m: measureStairGoingM,
  stair_width_m: measureStairWidthM,
  ramp_width_m: measureStairWidthM,
  stair_headroom_m: measureStairHeadroomM,
  stair_flight_rise_m: measureStairFlightRiseM,
  ramp_rise_m: measureStairFlightRiseM,
  step_height_m: measureStairFlightRiseM,
  stair_pitch_deg: measureStairPitchDeg,
  stair_2r_plus_g_m: measureStairPitchDeg,
  ramp_going_m: measureRampGoingM,
  stair_riser_variation_m: measureStairRiserVariationM,
  stair_handrail_sides: measureStairHandrailSides,
  ramp_handrail_sides: measureStairHandrailSides,
  ramp_cross_slope: measureRampCrossSlope,
  ramp_turn_landing_m: measureRampTurnLandingM,
  guard_height_m: measureGuardHeightM,
  guard_opening_m: measureGuardOpeningM,
  stair_guard_height_m: measureStairGuardHeightM,
  corridor_narrow_length_m: measureCorridorNarrowLengthM,
  wc_front_zone_m: measureWcFrontZoneM,
  wc_side_clear_far_m: measureWcSideClear,
  wc_side_clear_near_m: measureWcSideClear,
  control_height_m: measureControlHeightM,
  grab_bar_reinforcement: measureGrabBarReinforcement,
  egress_window_well_area_m2: measureEgressWindowWellAreaM2,
  door_nib_m: measureDoorNibM,
  bed_clear_zone_m: measureBedClearZoneM,
  range_parallel_depth_m: measureRangeParallelDepthM,
  doors_in_series_gap_m: measureDoorsInSeriesGapM,
  wc_clearance_depth_m: measureWcClearanceDepthM,
  entrance_storey_wc_count: measureEntranceStoreyWcCount,
  window_sill_height_m: measureWindowSillHeightM,
  stair_landing_length_m: measureStairLandingLengthM,
  ramp_landing_length_m: measureStairLandingLengthM,
  door_maneuvering_depth_m: measureDoorManeuveringDepthM,
  door_landing_depth_m: measureDoorManeuveringDepthM,
  ramp_slope: measureRampSlope,
  clear_floor_length_m: measureClearFloorLengthM,
  turning_diameter_m: measureTurningDiameterM,
};

/** Computes one measure on one subject. */
export function measure(
  kind: MeasureKind,
  subject: Room | Opening | Vertical,
  idx: MeasureIndex,
  opts?: MeasureOptions,
): Measured | Missing {
  return MEASURERS[kind]({ kind, subject, idx, plan: idx.plan, opts });
}

/** Object labels that are a bed (not a bedside table). */
const BED = /\bbed$/i;

/**
 * The clear zones of a bedroom's largest bed (ADM Vol 1 M4(2): 750 mm to both sides and the
 * foot of the main bed): its footprint's short side nearest a wall is the head; from the foot
 * and each long side a strip as long as that side is swept outward (room_geometry.ts
 * sweepDepth) over the floor free of every other object. The least of the three, m.
 */
function bedClearZone(room: Room, plan: Plan): Measured | Missing {
  const beds = plan.objects.filter((o) => o.room === room.id && BED.test(o.label));
  if (!beds.length) {
    return {
      missing: "the plan places no bed in this bedroom, so its clear zones cannot be placed",
    };
  }
  const bed = beds.reduce((a, b) => (b.size[0] * b.size[1] > a.size[0] * a.size[1] ? b : a));
  const ring = objectFootprint(bed);
  const sides = ring.map((a, i) => {
    const b = ring[(i + 1) % 4];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    // Outward: away from the bed's centre.
    let n: Point = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
    if ((mid[0] - bed.center[0]) * n[0] + (mid[1] - bed.center[1]) * n[1] < 0) n = [-n[0], -n[1]];
    const e = nearestRoomEdge(room, mid);
    return { len, mid, n, wall: e ? e.distance_m : Infinity };
  });
  const short = [0, 1, 2, 3].filter((i) => sides[i].len <= sides[(i + 1) % 4].len + 1e-9);
  const head = short.reduce((a, b) => (sides[b].wall < sides[a].wall ? b : a));
  const others = plan.objects.filter((o) => o !== bed && o.room === room.id).map(objectFootprint);
  const free = others.length ? freeFloor(room.polygon, others) : [[room.polygon]];
  let least = Infinity;
  for (let i = 0; i < 4; i++) {
    if (i === head) continue;
    const sd = sides[i];
    least = Math.min(least, sweepDepth(free, sd.mid, sd.n, sd.len, 2.5, true));
  }
  return {
    value: least,
    tolerance: tolLen(plan, least),
    note:
      `the ${bed.label} ${
        unitsNow() === "metric"
          ? `${bed.size[0].toFixed(2)} × ${bed.size[1].toFixed(2)} m`
          : `${sayLength(bed.size[0])} × ${sayLength(bed.size[1])}`
      }; both ` +
      "long sides and the foot",
  };
}

/**
 * Two doors in series (ADA 404.2.6): a room's only two doors (not doorless openings), in walls
 * that are parallel (within 5°) and face each other, their spans overlapping across the room.
 * The gap between the walls and the wider leaf, m; undefined otherwise.
 */
export function doorsInSeries(
  room: Room,
  idx: MeasureIndex,
): { doors: [Opening, Opening]; gap_m: number; leaf_m: number } | undefined {
  const doors = (idx.doorsByRoom?.get(room.id) ?? []).filter((o) => o.kind === "door");
  if (doors.length !== 2) return undefined;
  const [a, b] = doors;
  const ea = nearestRoomEdge(room, a.at), eb = nearestRoomEdge(room, b.at);
  if (!ea || !eb || ea.edge === eb.edge) return undefined;
  const dot = ea.dir[0] * eb.dir[0] + ea.dir[1] * eb.dir[1];
  if (Math.abs(dot) < Math.cos((5 * Math.PI) / 180)) return undefined;
  // Facing: b's foot is inward of a's wall, and the doors overlap along the wall direction.
  const n: Point = [-ea.normal[0], -ea.normal[1]];
  const gap = (eb.foot[0] - ea.foot[0]) * n[0] + (eb.foot[1] - ea.foot[1]) * n[1];
  if (gap <= 0) return undefined;
  const along = (eb.foot[0] - ea.foot[0]) * ea.dir[0] + (eb.foot[1] - ea.foot[1]) * ea.dir[1];
  if (Math.abs(along) > (a.width_m + b.width_m) / 2) return undefined;
  return { doors: [a, b], gap_m: gap, leaf_m: Math.max(a.width_m, b.width_m) };
}

/** Object labels that are a range or cooktop. */
const RANGE = /^(range|oven|cooktop|hob|stove|cooker)$/i;

/** The four sides of a footprint: midpoint, length and outward normal, with its wall distance. */
function footprintSides(room: Room, o: Plan["objects"][number]) {
  const ring = objectFootprint(o);
  return ring.map((a, i) => {
    const b = ring[(i + 1) % ring.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    let n: Point = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
    if ((mid[0] - o.center[0]) * n[0] + (mid[1] - o.center[1]) * n[1] < 0) n = [-n[0], -n[1]];
    const e = nearestRoomEdge(room, mid);
    return { len, mid, n, wall: e ? e.distance_m : Infinity };
  });
}

/**
 * FHAG Requirement 7's parallel approach at a range: from the front of each range (the side
 * opposite the one nearest a wall) a strip `width_m` (48 in) long, centred on it, swept out
 * over the floor free of every other object (sweepDepth). The least depth, m.
 */
function rangeParallel(room: Room, plan: Plan, width_m?: number): Measured | Missing {
  if (width_m === undefined) return { missing: "the rule gives no length for the space" };
  const ranges = plan.objects.filter((o) => o.room === room.id && RANGE.test(o.label));
  if (!ranges.length) {
    return { missing: "the plan places no range or cooktop in this kitchen" };
  }
  let least = Infinity;
  for (const r of ranges) {
    const sides = footprintSides(room, r);
    const back = sides.reduce((a, b, i) => (b.wall < sides[a].wall ? i : a), 0);
    const front = sides[(back + 2) % 4];
    const others = plan.objects.filter((o) => o !== r && o.room === room.id).map(objectFootprint);
    const free = others.length ? freeFloor(room.polygon, others) : [[room.polygon]];
    least = Math.min(least, sweepDepth(free, front.mid, front.n, width_m, 2.5, true));
  }
  return {
    value: least,
    tolerance: tolLen(plan, least),
    note: `${ranges.length} range(s); ${sayMillimetres(width_m)} centred on the front`,
  };
}

/** Object labels that are a WC. */
const WC = /^(toilet|wc|water ?closet)$/i;

/**
 * The clearance at a room's WCs (ADA 604.3.1: 60 in wide from the side wall, 56 in deep from
 * the rear wall): for each WC object, the rear wall is the room wall nearest its centre and
 * the side wall the nearer end of it; a space `width_m` wide from that corner along the rear
 * wall is swept out from it (room_geometry.ts clearDepthAtDoor, stopping at walls it reaches
 * past) over the floor free of every other object. The least depth over the WCs.
 */
function wcClearance(room: Room, plan: Plan, width_m?: number): Measured | Missing {
  if (width_m === undefined) return { missing: "the rule gives no width for the clearance" };
  const wcs = plan.objects.filter((o) => o.room === room.id && WC.test(o.label));
  if (!wcs.length) {
    return { missing: "the plan places no WC in this room, so its clearance cannot be placed" };
  }
  let least: number | undefined;
  for (const wc of wcs) {
    const e = nearestRoomEdge(room, wc.center);
    if (!e) return { missing: "the room's outline is degenerate" };
    const t = (wc.center[0] - e.a[0]) * e.dir[0] + (wc.center[1] - e.a[1]) * e.dir[1];
    const fromA = t, fromB = e.length_m - t;
    if (Math.min(fromA, fromB) > WC_SIDE_WALL_MAX_M) {
      return {
        missing: `the WC stands ${sayMillimetres(Math.min(fromA, fromB))} from the ` +
          "nearest side wall, so the clearance measured from a side wall cannot be placed",
      };
    }
    const sign = fromA <= fromB ? 1 : -1;
    const corner = fromA <= fromB ? e.a : e.b;
    const at: Point = [
      corner[0] + sign * e.dir[0] * width_m / 2,
      corner[1] + sign * e.dir[1] * width_m / 2,
    ];
    const others = plan.objects.filter((o) => o !== wc && o.room === room.id).map(objectFootprint);
    const free = others.length ? freeFloor(room.polygon, others) : [[room.polygon]];
    const d = clearDepthAtDoor(room.polygon, free, at, width_m, 2.5, true);
    least = least === undefined ? d : Math.min(least, d);
  }
  return {
    value: least!,
    tolerance: tolLen(plan, least!),
    note: `${wcs.length} WC(s); ${sayMillimetres(width_m)} from the side wall, swept ` +
      "out from the wall behind it",
  };
}

/** Object labels that are railings (IFC IfcRailing's PredefinedType, layers/ifc). */
const RAILING = /^(handrail|guardrail|balustrade|railing)$/i;
/** How far from a stair's or ramp's outline a railing is taken as its handrail, m. */
export const HANDRAIL_REACH_M = 0.3;

/**
 * The handrails of a stair or ramp: the plan's railing objects (IFC IfcRailing) on its floors
 * whose footprint comes within {@link HANDRAIL_REACH_M} of its outline, each taken as one
 * side (at most 2). Unknown when the plan has no railings at all, or the stair no outline.
 */
function handrailSides(v: Vertical, plan: Plan): Measured | Missing {
  const rails = plan.objects.filter((o) => RAILING.test(o.label));
  if (!rails.length) {
    return {
      missing: "the plan records no handrails or railings (IFC IfcRailing gives them; " +
        "Matterport, RoomPlan and ZInD give none), so whether this one has them is unknown",
    };
  }
  if (!v.footprint) {
    return {
      missing: `the plan has railings but no outline of this ${v.kind} to find its ` +
        "handrails against",
    };
  }
  const xs = v.footprint.map((p) => p[0]), ys = v.footprint.map((p) => p[1]);
  const r = HANDRAIL_REACH_M;
  const box = [Math.min(...xs) - r, Math.min(...ys) - r, Math.max(...xs) + r, Math.max(...ys) + r];
  const near = rails.filter((o) => {
    if (o.floor !== v.from_floor && o.floor !== v.to_floor) return false;
    // The railing's footprint, turned by its yaw: its bounding circle's box is enough here.
    const half = o.yaw_deg ? Math.hypot(o.size[0], o.size[1]) / 2 : undefined;
    const hx = half ?? o.size[0] / 2, hy = half ?? o.size[1] / 2;
    return o.center[0] + hx >= box[0] && o.center[0] - hx <= box[2] &&
      o.center[1] + hy >= box[1] && o.center[1] - hy <= box[3];
  });
  return {
    value: Math.min(2, near.length),
    tolerance: 0,
    note: near.length
      ? `${near.length} railing(s) of the plan within ${r} m of its outline, each taken as ` +
        "one side (their height and grip are not checked)"
      : `none of the plan's ${rails.length} railing(s) is within ${r} m of its outline`,
  };
}

/**
 * A room's guard (ADK Diagram 3.1, IRC R312.1.2): the tallest railing object the plan places in
 * the room with a stated height (IFC IfcRailing: its bounding box's height, from the floor it
 * stands on). Unknown when the plan has no such railing in the room.
 */
function guardHeight(room: Room, plan: Plan): Measured | Missing {
  const rails = plan.objects.filter((o) => RAILING.test(o.label));
  if (!rails.length) {
    return {
      missing: "the plan records no guards or railings (IFC IfcRailing gives them; " +
        "Matterport, RoomPlan and ZInD give none), so whether this room has the guard it " +
        "needs is unknown",
    };
  }
  const here = rails.filter((o) => o.room === room.id && o.height_m !== undefined);
  if (!here.length) {
    return {
      missing: `none of the plan's ${rails.length} railing(s) stands in this room with a ` +
        "stated height, so its guard is unknown",
    };
  }
  const top = here.reduce((a, b) => (b.height_m! > a.height_m! ? b : a));
  return {
    value: top.height_m!,
    tolerance: tolerance_m(plan, top.height_m!, objectsUncertainty(plan, [top])),
    via: `railing ${top.id}`,
    note: "the railing's own height (its bounding box), taken from the floor",
  };
}

/** ADA 403.5.3: a route narrower than this needs passing spaces, m (60 in). */
export const PASSING_SPACE_WIDTH_M = 60 * 0.0254;

/**
 * The length of a corridor narrower than {@link PASSING_SPACE_WIDTH_M} (ADA 403.5.3), m: half
 * its perimeter less its narrowest clear width, which is its centreline for a straight or an
 * L-shaped corridor of even width; 0 for a corridor at least that wide.
 */
function corridorNarrowLength(room: Room, plan: Plan, w: Measured): Measured {
  if (w.value >= PASSING_SPACE_WIDTH_M) {
    return {
      value: 0,
      tolerance: 0,
      note: `${sayMillimetres(w.value)} wide, 60 in or more: no passing space needed`,
    };
  }
  const len = Math.max(0, polygonPerimeter_m(room.polygon) / 2 - w.value);
  return {
    value: len,
    tolerance: tolLen(plan, len) + w.tolerance,
    note: `${sayMillimetres(w.value)} at its narrowest; its length taken along its ` +
      "centreline as half its perimeter less its width",
  };
}

/**
 * The clear access zone in front of a room's WCs (ADM Vol 1 M4(2) Diagram 2.5, as this pack
 * reads it): the WC's front is the footprint side opposite the one nearest a wall; a strip
 * `width_m` wide centred on it is swept out (sweepDepth) over the floor free of every other
 * object. The least depth over the WCs, m.
 */
function wcFrontZone(room: Room, plan: Plan, width_m?: number): Measured | Missing {
  if (width_m === undefined) return { missing: "the rule gives no width for the zone" };
  const wcs = plan.objects.filter((o) => o.room === room.id && WC.test(o.label));
  if (!wcs.length) {
    return { missing: "the plan places no WC in this room, so its access zone cannot be placed" };
  }
  let least = Infinity;
  for (const wc of wcs) {
    const sides = footprintSides(room, wc);
    const back = sides.reduce((a, b, i) => (b.wall < sides[a].wall ? i : a), 0);
    const front = sides[(back + 2) % 4];
    const others = plan.objects.filter((o) => o !== wc && o.room === room.id).map(objectFootprint);
    const free = others.length ? freeFloor(room.polygon, others) : [[room.polygon]];
    least = Math.min(least, sweepDepth(free, front.mid, front.n, width_m, 2.5, true));
  }
  return {
    value: least,
    tolerance: tolerance_m(
      plan,
      least,
      objectsUncertainty(plan, plan.objects.filter((o) => o.room === room.id)),
    ),
    note: `${wcs.length} WC(s); ${sayMillimetres(width_m)} wide, centred on its front`,
  };
}

/**
 * The larger of a plan's and some objects' own stated uncertainty, m: what a length taken
 * between them (and the walls) may be off by, for tolerance_m.
 */
function objectsUncertainty(plan: Plan, objects: Plan["objects"]): { uncertainty_m: number } {
  return {
    uncertainty_m: Math.max(plan.source.uncertainty_m, ...objects.map((o) => o.uncertainty_m ?? 0)),
  };
}

/**
 * FHAG Requirement 7(2)(b)(iv): from each WC's centre, along its back (the footprint side
 * nearest a wall, so the WC's own orientation), the clear distance to the nearest wall or
 * object on each side (a ray swept over the floor free of every other object). `far`: the
 * larger side, where a grab bar can go (18 in); `near`: the smaller (15 in). The least over
 * the room's WCs, m, within the plan's or the objects' own uncertainty, the larger.
 */
function wcSideClear(room: Room, plan: Plan, side: "far" | "near"): Measured | Missing {
  const wcs = plan.objects.filter((o) => o.room === room.id && WC.test(o.label));
  if (!wcs.length) {
    return { missing: "the plan places no WC in this room, so its centreline cannot be placed" };
  }
  let least = Infinity;
  const inRoom = plan.objects.filter((o) => o.room === room.id);
  for (const wc of wcs) {
    const sides = footprintSides(room, wc);
    const back = sides.reduce((a, b, i) => (b.wall < sides[a].wall ? i : a), 0);
    const n = sides[back].n;
    const along: Point = [-n[1], n[0]];
    const others = inRoom.filter((o) => o !== wc).map(objectFootprint);
    const free = others.length ? freeFloor(room.polygon, others) : [[room.polygon]];
    const ray = (d: Point) => sweepDepth(free, wc.center, d, 1e-6, 5, true);
    const a = ray(along), b = ray([-along[0], -along[1]]);
    least = Math.min(least, side === "far" ? Math.max(a, b) : Math.min(a, b));
  }
  return {
    value: least,
    tolerance: tolerance_m(plan, least, objectsUncertainty(plan, inRoom)),
    note: `${wcs.length} WC(s); from the centreline along the wall behind it, the ${
      side === "far" ? "larger" : "smaller"
    } side`,
  };
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
