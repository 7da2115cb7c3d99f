/**
 * The catalogue of measures a rule can name: what each is taken on, its SI unit, and how it
 * is obtained from a plan (the sentence that becomes an assumption of the result). The
 * computation itself is measure.ts.
 */
/** The subject a measure is taken on. */
export type SubjectKind = "room" | "opening" | "vertical";

/** What a measure needs and what it returns. */
export interface MeasureDef {
  title: string;
  subject: SubjectKind;
  /** SI unit of the measured value: m, m2, ratio or deg. */
  unit: "m" | "m2" | "ratio" | "deg";
  /** Opening or vertical kinds it applies to before a rule's own conditions. */
  kinds?: readonly string[];
  /** How the value is obtained, for the result's assumptions. */
  method: string;
}

/** Every measure a rule can name. */
export const MEASURES = {
  door_clear_width_m: {
    title: "door clear width",
    subject: "opening",
    unit: "m",
    kinds: ["door"],
    method: "Door clear width is the clear width the plan states; for a door with only a " +
      "leaf width it is estimated by the clearance engine (clearance.ts doorClearWidth: the " +
      "width less 38 mm for the open leaf and its stop), and each such check says so.",
  },
  door_clear_height_m: {
    title: "door clear height",
    subject: "opening",
    unit: "m",
    kinds: ["door"],
    method: "Door clear height is the door height the plan states.",
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
    method: "A room's least dimension is its polygon's least width (rotating calipers on " +
      "its convex hull); for a room that is not convex this can exceed its narrowest part.",
  },
  corridor_width_m: {
    title: "corridor width",
    subject: "room",
    unit: "m",
    method: "Corridor width is the hallway polygon's least width (rotating calipers on its " +
      "convex hull), wall face to wall face, not reduced for radiators or handrails; for an " +
      "L-shaped hallway this can exceed its narrowest arm.",
  },
  glazing_ratio: {
    title: "glazing area ÷ floor area",
    subject: "room",
    unit: "ratio",
    method: "Glazing ratio is the sum of the room's window areas (width × height as stated) " +
      "over its floor area.",
  },
  egress_opening_area_m2: {
    title: "egress window net clear opening",
    subject: "room",
    unit: "m2",
    method: "Egress window measures are taken on each sleeping room's largest window, with " +
      "its stated width × height as the clear opening: a scan cannot see which sash opens, so " +
      "the true net clear opening is smaller.",
  },
  egress_opening_height_m: {
    title: "egress window clear height",
    subject: "room",
    unit: "m",
    method: "Egress window measures are taken on each sleeping room's largest window, with " +
      "its stated width × height as the clear opening: a scan cannot see which sash opens, so " +
      "the true net clear opening is smaller.",
  },
  egress_opening_width_m: {
    title: "egress window clear width",
    subject: "room",
    unit: "m",
    method: "Egress window measures are taken on each sleeping room's largest window, with " +
      "its stated width × height as the clear opening: a scan cannot see which sash opens, so " +
      "the true net clear opening is smaller.",
  },
  egress_sill_height_m: {
    title: "egress window sill height",
    subject: "room",
    unit: "m",
    method: "Egress window measures are taken on each sleeping room's largest window; its " +
      "sill height is taken as the height of the bottom of the clear opening.",
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
      "room's floor clear of its objects, parallel to a wall (clear_floor.ts); fixtures are " +
      "not in the plan, so this says whether the room has such a space at all.",
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
};
