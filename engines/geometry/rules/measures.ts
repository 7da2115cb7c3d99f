/**
 * The catalogue of measures a rule can name: what each is taken on, its SI unit, and how it
 * is obtained from a plan (the sentence that becomes an assumption of the result). The
 * computation itself is measure.ts.
 */
import { sayLength } from "../../../ground/units_now.ts";

/** How far a WC's centre may stand from a side wall for its clearance to be placed, m. */
export const WC_SIDE_WALL_MAX_M = 0.6;

/** The subject a measure is taken on. */
export type SubjectKind = "room" | "opening" | "vertical";

/** What a measure needs and what it returns. */
export interface MeasureDef {
  title: string;
  subject: SubjectKind;
  /** SI unit of the measured value: m, m2, ratio, deg or count. */
  unit: "m" | "m2" | "ratio" | "deg" | "count";
  /** Opening or vertical kinds it applies to before a rule's own conditions. */
  kinds?: readonly string[];
  /** How the value is obtained, for the result's assumptions. */
  method: string;
}

/** How egress windows are measured (shared by their four measures). */
const EGRESS_METHOD = "Egress window measures are the net clear opening of each sleeping " +
  "room's largest window. A plan gives frame sizes, so the net clear opening is estimated as " +
  "the frame less 2 in (51 mm) of frame and sash on every side (assumed; a stated clear " +
  "width is used as is), which holds for a side-hinged casement: a hung or sliding sash " +
  "opens about half, so measure it on site.";

/** Every measure a rule can name. */
export const MEASURES = {
  door_clear_width_m: {
    title: "door clear width",
    subject: "opening",
    unit: "m",
    kinds: ["door"],
    method: "Door clear width is the clear width the plan states; for a door with only a " +
      "leaf width it is estimated as the leaf less the pack's own allowance for the open leaf " +
      "and its stop (each pack cites its source), and each such check says so.",
  },
  door_clear_height_m: {
    title: "door clear height",
    subject: "opening",
    unit: "m",
    kinds: ["door"],
    method: "Door clear height is measured from the top of the threshold (IRC R311.2): the " +
      "door height the plan states less its threshold; a door with no threshold stated is " +
      "taken from the floor, and its check says so.",
  },
  threshold_height_m: {
    title: "threshold height",
    subject: "opening",
    unit: "m",
    kinds: ["door"],
    method: "Threshold height is the threshold the plan states for each door; a door " +
      "without one is unknown, not assumed flush.",
  },
  ceiling_height_m: {
    title: "ceiling height",
    subject: "room",
    unit: "m",
    method: "Ceiling height is each room's measured height (flat ceilings).",
  },
  room_area_m2: {
    title: "floor area",
    subject: "room",
    unit: "m2",
    method: "Room area is the area of the room polygon (shoelace formula).",
  },
  room_min_dimension_m: {
    title: "least horizontal dimension",
    subject: "room",
    unit: "m",
    method: "A room's least dimension is its narrowest clear width: for a convex room its " +
      "polygon's least width (rotating calipers); for any other room the widest disc that can " +
      "reach every part of it from every other (routes.ts passageClearWidth between the " +
      "midpoints of its walls), found to within 2 mm.",
  },
  corridor_width_m: {
    title: "corridor width",
    subject: "room",
    unit: "m",
    method: "Corridor width is the hallway's narrowest clear width along its route, wall " +
      "face to wall face, not reduced for radiators or handrails: for a convex hallway its " +
      "least width (rotating calipers); for an L-shaped or other hallway the widest disc that " +
      "passes between its doors (routes.ts passageClearWidth; between the midpoints of its " +
      "walls when it has fewer than two doors), found to within 2 mm.",
  },
  glazing_ratio: {
    title: "glazing area ÷ floor area",
    subject: "room",
    unit: "ratio",
    method: "Glazing ratio is the room's glazed area over its floor area; the plan gives " +
      "window frame sizes, so the glazed area is estimated as each window's width and height " +
      "less 2 in (51 mm) of frame and sash on every side (assumed).",
  },
  egress_opening_area_m2: {
    title: "egress window net clear opening",
    subject: "room",
    unit: "m2",
    method: EGRESS_METHOD,
  },
  egress_opening_height_m: {
    title: "egress window clear height",
    subject: "room",
    unit: "m",
    method: EGRESS_METHOD,
  },
  egress_opening_width_m: {
    title: "egress window clear width",
    subject: "room",
    unit: "m",
    method: EGRESS_METHOD,
  },
  egress_sill_height_m: {
    title: "egress window sill height",
    subject: "room",
    unit: "m",
    method: "Egress window measures are taken on each sleeping room's largest window; its " +
      "sill height is taken as the height of the bottom of the clear opening. A window is a " +
      "grade-floor opening (IRC R202) when its sill is within 44 in of the outside ground, " +
      "taken as the level of the plan's floor of index 0 (or its lowest floor).",
  },
  stair_riser_m: {
    title: "riser height",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "Riser height is the stair's rise ÷ its number of risers (uniform risers assumed).",
  },
  stair_going_m: {
    title: "going (tread depth)",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "Going is the stair's stated going, nosing to nosing.",
  },
  stair_width_m: {
    title: "stair width",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "Stair width is the stair's stated width.",
  },
  stair_headroom_m: {
    title: "stair headroom",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "Stair headroom is measured from the pitch line, which a plan does not record; " +
      "it is unknown until measured on site.",
  },
  stair_flight_rise_m: {
    title: "rise of a flight",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "A stair's rise is taken as one flight (the plan records no landings).",
  },
  stair_pitch_deg: {
    title: "pitch",
    subject: "vertical",
    unit: "deg",
    kinds: ["stair"],
    method: "Stair pitch is atan(riser ÷ going).",
  },
  stair_2r_plus_g_m: {
    title: "2 × riser + going",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "2R + G is twice the riser height plus the going.",
  },
  ramp_slope: {
    title: "ramp slope",
    subject: "vertical",
    unit: "ratio",
    kinds: ["ramp"],
    method: "Ramp slope is its rise ÷ its going (the ramp's stated horizontal run).",
  },
  ramp_going_m: {
    title: "going of a ramp flight",
    subject: "vertical",
    unit: "m",
    kinds: ["ramp"],
    method: "A ramp's going is its stated horizontal run, taken as one flight.",
  },
  ramp_landing_length_m: {
    title: "ramp landing length",
    subject: "vertical",
    unit: "m",
    kinds: ["ramp"],
    method: "A plan records no ramp landings, so each room a ramp joins stands for its " +
      "landing: the longest clear floor space as wide as the ramp in it (clear_floor.ts), the " +
      "shorter of the rooms at its two ends.",
  },
  ramp_rise_m: {
    title: "ramp rise",
    subject: "vertical",
    unit: "m",
    kinds: ["ramp"],
    method: "A ramp's rise is taken as one run (the plan records no landings).",
  },
  ramp_width_m: {
    title: "ramp width",
    subject: "vertical",
    unit: "m",
    kinds: ["ramp"],
    method: "Ramp width is the ramp's stated width.",
  },
  step_height_m: {
    title: "change in level",
    subject: "vertical",
    unit: "m",
    kinds: ["step"],
    method: "A change in level is the stated rise of a step.",
  },
  clear_floor_length_m: {
    title: "clear floor space length",
    subject: "room",
    unit: "m",
    method: "Clear floor space is the longest rectangle of the rule's width (30 in) on the " +
      "room's floor clear of its objects, parallel to a wall (clear_floor.ts): whether the room " +
      "has such a space beside its fixtures at all, not where each fixture's space lies. A " +
      "room whose fixtures are not in the plan is unknown, not measured on its empty floor.",
  },
  kitchen_clear_width_m: {
    title: "clear width in front of kitchen units",
    subject: "room",
    unit: "m",
    method: "Kitchen clear width is the widest disc that can reach the kitchen's door and " +
      "the front of each of its objects (units, appliances) clear of them and the walls " +
      "(routes.ts passageClearWidth), to within 2 mm: between two runs of units it is their " +
      "gap, or a few cm more where a disc fits beside the end of a run. A kitchen whose units " +
      "are not in the plan is unknown: its width wall to wall says nothing of the units.",
  },
  door_maneuvering_depth_m: {
    title: "clear depth in front of the door",
    subject: "opening",
    unit: "m",
    kinds: ["door"],
    method: "Clear depth at a door is the deepest rectangle as wide as the door's clear " +
      "width that fits on the floor in front of it, square to its wall, clear of walls and " +
      "objects, the lesser of its two sides. A plan records no door swing, so a rule whose " +
      "pull side needs more (ADA 404.2.4.1: 60 in and 18 in beyond the latch) also measures " +
      "a rectangle as wide as the clear width plus the latch clearance on both sides: enough " +
      "there passes whichever way the door swings; between the two depths is unknown.",
  },
  door_landing_depth_m: {
    title: "landing depth inside the door",
    subject: "opening",
    unit: "m",
    kinds: ["door"],
    method: "The landing inside a door is the deepest rectangle as wide as the door that " +
      "fits on the floor of the room inside it, square to its wall, clear of walls and " +
      "objects; the outside landing is not in the plan.",
  },
  stair_landing_length_m: {
    title: "stair landing length",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "A plan records no stair landings, so each room a stair joins stands for its " +
      "landing: the longest clear floor space as wide as the stair in it (clear_floor.ts), the " +
      "shorter of the rooms at its two ends.",
  },
  stair_riser_variation_m: {
    title: "difference between the tallest and shortest riser",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "A plan gives a stair's total rise and number of risers, not each riser, so the " +
      "difference between them is unknown until measured on site.",
  },
  stair_handrail_sides: {
    title: "sides of the stair with a handrail",
    subject: "vertical",
    unit: "count",
    kinds: ["stair"],
    method: "Handrails are the plan's railings (IFC IfcRailing, imported as objects " +
      "labelled handrail, guardrail or balustrade) within 0.3 m of the stair's or ramp's " +
      "outline, each taken as one side; a plan without railings (Matterport, RoomPlan, ZInD) " +
      "leaves them unknown.",
  },
  ramp_handrail_sides: {
    title: "sides of the ramp with a handrail",
    subject: "vertical",
    unit: "count",
    kinds: ["ramp"],
    method: "Handrails are the plan's railings (IFC IfcRailing, imported as objects " +
      "labelled handrail, guardrail or balustrade) within 0.3 m of the stair's or ramp's " +
      "outline, each taken as one side; a plan without railings (Matterport, RoomPlan, ZInD) " +
      "leaves them unknown.",
  },
  ramp_cross_slope: {
    title: "ramp cross slope",
    subject: "vertical",
    unit: "ratio",
    kinds: ["ramp"],
    method: "A plan records a ramp's rise and going, not its fall across, so its cross slope " +
      "is unknown until measured on site.",
  },
  ramp_turn_landing_m: {
    title: "landing at a turn in the ramp",
    subject: "vertical",
    unit: "m",
    kinds: ["ramp"],
    method: "A plan records a ramp as one run between two rooms, not where it turns, so a " +
      "landing at a change of direction is unknown.",
  },
  guard_height_m: {
    title: "guard height",
    subject: "room",
    unit: "m",
    method: "A guard's height is the tallest railing the plan places in the room (IFC " +
      "IfcRailing, imported as an object labelled guardrail, balustrade, railing or handrail, " +
      "its height its bounding box's, taken from the floor it stands on); a room with no " +
      "railing of stated height (Matterport, RoomPlan and ZInD give none) is unknown.",
  },
  guard_opening_m: {
    title: "largest opening in the guard",
    subject: "room",
    unit: "m",
    method: "The gaps between a guard's balusters or panels are in no plan an importer makes " +
      "(IFC gives a railing's bounding box, not its members), so they are unknown until " +
      "measured on site.",
  },
  stair_guard_height_m: {
    title: "guard height beside the stair",
    subject: "vertical",
    unit: "m",
    kinds: ["stair"],
    method: "A guard's height above a flight's pitch line is in no plan an importer makes " +
      "(IFC gives a railing's bounding box, which on a raking flight includes the flight's " +
      "rise), so it is unknown until measured on site.",
  },
  corridor_narrow_length_m: {
    title: "length of the corridor narrower than 60 in",
    subject: "room",
    unit: "m",
    method: "A corridor whose narrowest clear width (as for corridor width) is under 60 in " +
      "(1525 mm) is measured along its centreline, taken as half its perimeter less its " +
      "width (exact for a straight or L-shaped corridor of even width); one 60 in wide or " +
      "more needs no passing space and measures 0. A passing space inside it is not looked " +
      "for, so a length beyond the limit is unknown, not a fail.",
  },
  wc_front_zone_m: {
    title: "clear access zone in front of the WC",
    subject: "room",
    unit: "m",
    method: "A WC's access zone is taken at each WC the plan places (an object labelled " +
      "toilet, wc or water closet): its front is the side opposite the one nearest a wall; a " +
      "space as wide as the rule's width, centred on the front, is swept out until it meets " +
      "a wall or another object; the least depth over the room's WCs. A room whose WC is not " +
      "in the plan is unknown.",
  },
  wc_side_clear_far_m: {
    title: "WC centreline to the obstacle on its grab-bar side",
    subject: "room",
    unit: "m",
    method: "From each WC the plan places, along the wall behind it, the clear distance from " +
      "its centreline to the nearest wall, bathtub or other object on each side; the larger " +
      "side is the one a grab bar can go on (FHAG Requirement 7(2)(b)(iv)); the least over " +
      "the room's WCs. A room whose WC is not in the plan is unknown.",
  },
  wc_side_clear_near_m: {
    title: "WC centreline to the obstacle on its other side",
    subject: "room",
    unit: "m",
    method: "From each WC the plan places, along the wall behind it, the clear distance from " +
      "its centreline to the nearest wall, vanity, lavatory or other object on each side; the " +
      "smaller side; the least over the room's WCs. A room whose WC is not in the plan is " +
      "unknown.",
  },
  control_height_m: {
    title: "height of switches, sockets and controls",
    subject: "room",
    unit: "m",
    method: "Switches, sockets and controls are in no plan an importer makes, so their " +
      "heights are unknown until measured on site.",
  },
  grab_bar_reinforcement: {
    title: "walls reinforced for grab bars",
    subject: "room",
    unit: "count",
    method: "Reinforcement for grab bars is inside the wall: no scan or plan shows it, so it " +
      "is unknown until the builder's drawings or an inspection say.",
  },
  egress_window_well_area_m2: {
    title: "window well area",
    subject: "room",
    unit: "m2",
    method: "Window wells outside basement windows are not in any plan an importer makes, " +
      "so their size is unknown.",
  },
  door_nib_m: {
    title: "clear wall beside the door's leading edge",
    subject: "opening",
    unit: "m",
    kinds: ["door"],
    method: "A plan records no door swing, so which side a door's leading edge is on, and " +
      "the nib of wall beside it, is unknown.",
  },
  bed_clear_zone_m: {
    title: "clear zone beside and at the foot of the bed",
    subject: "room",
    unit: "m",
    method: "A bed's clear zones are taken at the room's largest bed the plan places (an " +
      "object labelled bed): its head is the short side nearest a wall; from each long side " +
      "and the foot a space as long as that side is swept out until it meets a wall or " +
      "another object; the least of the three. A bedroom whose bed is not in the plan is " +
      "unknown.",
  },
  range_parallel_depth_m: {
    title: "clear floor beside the range for a parallel approach",
    subject: "room",
    unit: "m",
    method: "The parallel approach at a range is taken at each range, oven, cooktop, hob or " +
      "stove the plan places: a space as long as the rule's width (48 in), centred on its " +
      "front (the side away from the wall nearest it), swept out until it meets a wall or " +
      "another object; the least over them. A kitchen whose range is not in the plan is " +
      "unknown.",
  },
  doors_in_series_gap_m: {
    title: "space between two doors in series",
    subject: "room",
    unit: "m",
    method: "Doors in series are a room's only two doors when they stand in opposite, " +
      "parallel walls facing each other (a vestibule); the space between them is the distance " +
      "between those walls. A plan records no door swing, so a space between the rule's limit " +
      "and the limit plus the wider leaf (a door that may swing into it) is unknown.",
  },
  wc_clearance_depth_m: {
    title: "clearance around the WC",
    subject: "room",
    unit: "m",
    // Made when read: its length in the run's unit system (display.units).
    get method() {
      return "WC clearance is taken at each WC the plan places (an object labelled toilet, wc " +
        "or water closet): from the corner of the wall behind it and the nearer side wall, a " +
        "space as wide as the rule's width (ADA 604.3.1: 60 in from the side wall) swept out " +
        "from the rear wall until it meets a wall or another object (the WC itself may stand " +
        "in it); its depth, the least over the room's WCs. A room whose WC is not in the plan, " +
        `or stands more than ${sayLength(WC_SIDE_WALL_MAX_M, 1)} from a side wall, is unknown.`;
    },
  },
  entrance_storey_wc_count: {
    title: "rooms with a WC on the entrance storey",
    subject: "opening",
    unit: "count",
    kinds: ["door"],
    method: "A WC on the entrance storey is a room labelled toilet or bathroom on the floor of " +
      "the main entrance (its fittings are not checked).",
  },
  window_sill_height_m: {
    title: "window sill height above the floor",
    subject: "opening",
    unit: "m",
    kinds: ["window"],
    method: "A window's sill height is the sill the plan states for its frame, above the " +
      "room's floor (the clear opening starts a little higher); a window without one is " +
      "unknown. Every window is taken as operable.",
  },
  turning_diameter_m: {
    title: "turning circle diameter",
    subject: "room",
    unit: "m",
    method: "The turning circle is the largest circle on the room's floor free of its " +
      "objects (clearance.ts freeFloor and largestCircleIn, found to within 5 mm).",
  },
} as const satisfies Record<string, MeasureDef>;
export type MeasureKind = keyof typeof MEASURES;
export const MEASURE_KINDS = Object.keys(MEASURES) as MeasureKind[];

export const UNIT_FAMILY: Record<MeasureDef["unit"], string> = {
  m: "length",
  m2: "area",
  ratio: "ratio",
  deg: "angle",
  count: "count",
};
