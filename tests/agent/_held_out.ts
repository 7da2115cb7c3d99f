/**
 * The held-out part of the agent's question set (issue 23): written before the router was
 * changed to BM25 over the manifests' examples and subjects, and never tuned on. Same form as
 * _questions.ts (demo building selected; metres, fractions and the demo plan's room and door
 * ids; conversions by hand, 1 in = 0.0254 m, 1 ft = 0.3048 m). `tool: []` is a question no
 * tool answers; `asks` are subjects named that match several rooms (asked about by name).
 */
import type { Case } from "./_questions.ts";

export const HELD_OUT_23: Case[] = [
  // step_free_route
  {
    who: "wheelchair",
    q: "Is there a level way in from the street to the WC for a wheelchair?",
    tool: "step_free_route",
    inputs: { to: "g_wc" },
  },
  {
    who: "walker",
    q: "I use a walker, can I reach the kitchen from the front door without steps?",
    tool: "step_free_route",
    inputs: { to: "g_kitchen" },
  },
  {
    who: "parent",
    q: "Will the buggy get from the entrance to the living room?",
    tool: "step_free_route",
    inputs: { to: "g_living" },
  },
  {
    who: "parent",
    q: "Is there a step-free path for a double stroller 30 inches wide to every room?",
    tool: "step_free_route",
    inputs: { chair_width_m: 0.762 },
  },
  {
    who: "wheelchair",
    q: "can my wheelchair make it from the front door up to the bedroom?",
    tool: "step_free_route",
    asks: ["to"],
  },
  {
    who: "walker",
    q: "Rollator route from the back door to the dining room please",
    tool: "step_free_route",
    inputs: { entrance: "d_back", to: "g_dining" },
  },
  // door_clearance
  {
    who: "walker",
    q: "Can my zimmer frame get through every doorway? it's 62cm across",
    tool: "door_clearance",
    inputs: { chair_width_m: 0.62 },
  },
  {
    who: "wheelchair",
    q: "which doors are narrower than 34 inches",
    tool: "door_clearance",
    inputs: { min_clear_width_m: 0.8636 },
  },
  {
    who: "inspector",
    q: "door widths vs 850mm",
    tool: "door_clearance",
    inputs: { min_clear_width_m: 0.85 },
  },
  {
    who: "wheelchair",
    q: "is the bathroom door wide enough for my chair",
    tool: "door_clearance",
  },
  // turning_space
  {
    who: "wheelchair",
    q: "Is there a 5 foot turning circle in the bathroom?",
    tool: "turning_space",
    inputs: { room: "u_bath", turning_diameter_m: 1.524 },
  },
  {
    who: "wheelchair",
    q: "can I turn my chair round in the loo",
    tool: "turning_space",
    inputs: { room: "g_wc" },
  },
  {
    who: "architect",
    q: "T-turn or 1525 mm circle in each room?",
    tool: "turning_space",
    inputs: { turning_diameter_m: 1.525 },
  },
  {
    who: "wheelchair",
    q: "enough space to spin round in the bedroom in a power chair?",
    tool: "turning_space",
    asks: ["room"],
  },
  // will_it_fit
  {
    who: "mover",
    q: "Can we carry a wardrobe up to the second bedroom?",
    tool: "will_it_fit",
    inputs: { item: "wardrobe", to: "u_bed2" },
  },
  {
    who: "mover",
    q: "is the stairwell wide enough to get a double bed up to the study",
    tool: "will_it_fit",
    inputs: { item: "mattress", to: "u_study", width_m: 1.905, depth_m: 1.372, height_m: 0.305 },
  },
  {
    who: "mover",
    q: "Would a 90 x 200 cm bed fit into the attic room?",
    tool: "will_it_fit",
    inputs: { item: "mattress", to: "u_attic", width_m: 0.9, depth_m: 2 },
  },
  {
    who: "mover",
    q: "will our piano fit in the front room",
    tool: "will_it_fit",
    inputs: { item: "piano", to: "g_living" },
  },
  {
    who: "buyer",
    q: "Can a settee go in the lounge?",
    tool: "will_it_fit",
    inputs: { item: "sofa", to: "g_living" },
  },
  {
    who: "mover",
    q: "will a 7 foot couch fit thru the hallway into the den",
    tool: "will_it_fit",
    inputs: { item: "sofa", to: "g_living", width_m: 2.1336 },
  },
  {
    who: "mover",
    q: "does a fridge get to the bedroom upstairs?",
    tool: "will_it_fit",
    inputs: { item: "fridge" },
    asks: ["to"],
  },
  // ceiling_height
  {
    who: "tall",
    q: "I'm 1.93 m tall, are any ceilings too low for me?",
    tool: "ceiling_height",
    inputs: { min_height_m: 1.93 },
  },
  {
    who: "inspector",
    q: "flag rooms with a ceiling under 7'6\"",
    tool: "ceiling_height",
    inputs: { min_height_m: 2.286 },
  },
  { who: "buyer", q: "whats the lowest celing in the house", tool: "ceiling_height" },
  {
    who: "architect",
    q: "headroom check at 2.2 metres",
    tool: "ceiling_height",
    inputs: { min_height_m: 2.2 },
  },
  // code_check
  { who: "inspector", q: "Run the ADA checks", tool: "code_check", inputs: { pack: "ada-2010" } },
  {
    who: "architect",
    q: "Approved Doc M compliance for an existing dwelling",
    tool: "code_check",
    inputs: { pack: "uk-adm", work: "existing", occupancy: "dwelling" },
  },
  {
    who: "inspector",
    q: "are the bedroom windows big enough to escape through in a fire?",
    tool: "code_check",
  },
  {
    who: "architect",
    q: "egress window check under IRC 2021",
    tool: "code_check",
    inputs: { pack: "irc-2021" },
  },
  {
    who: "inspector",
    q: "Check the stair risers and goings against the building regulations",
    tool: "code_check",
    inputs: { pack: "uk-adm" },
  },
  {
    who: "inspector",
    q: "ramp slope compliance, ADA",
    tool: "code_check",
    inputs: { pack: "ada-2010" },
  },
  // takeoff
  { who: "contractor", q: "How many square feet of drywall for the walls?", tool: "takeoff" },
  {
    who: "contractor",
    q: "how much carpet do I need for the bedrooms, plus 8% for waste",
    tool: "takeoff",
    inputs: { flooring_waste: 0.08 },
  },
  {
    who: "contractor",
    q: "litres of emulsion for the ceilings, one coat",
    tool: "takeoff",
    inputs: { paint_coats: 1 },
  },
  { who: "buyer", q: "total living area in sq ft?", tool: "takeoff" },
  { who: "contractor", q: "skirting board length in metres", tool: "takeoff" },
  // sun_hours
  { who: "buyer", q: "does the kitchen get morning sun?", tool: "sun_hours" },
  {
    who: "buyer",
    q: "how much daylight does the sitting room get on 1 February",
    tool: "sun_hours",
    inputs: { date: "2025-02-01" },
  },
  {
    who: "architect",
    q: "BRE annual probable sunlight hours per window",
    tool: "sun_hours",
    inputs: { standard: "bre209" },
  },
  {
    who: "buyer",
    q: "is it a dark house, how many hours of sunshine in winter",
    tool: "sun_hours",
  },
  // site_drainage
  {
    who: "buyer",
    q: "Does rain run off towards the house or away from it?",
    tool: "site_drainage",
  },
  { who: "inspector", q: "negative grading along the foundation walls?", tool: "site_drainage" },
  {
    who: "buyer",
    q: "does the garden slope towards the back of the house",
    tool: "site_drainage",
  },
  {
    who: "contractor",
    q: "where would water pool against the walls after a storm",
    tool: "site_drainage",
  },
  // site_facts
  {
    who: "buyer",
    q: "how leafy is the neighbourhood around demo",
    tool: "site_facts",
    inputs: { place: "demo" },
  },
  { who: "buyer", q: "trees and green space near the property", tool: "site_facts" },
  {
    who: "buyer",
    q: "what is the elevation of the demo house above sea level",
    tool: "site_facts",
    inputs: { place: "demo" },
  },
  {
    who: "buyer",
    q: "is 51.5, -0.12 on a slope?",
    tool: "site_facts",
    inputs: { place: "51.5,-0.12" },
  },
  // room_objects, room_labels
  {
    who: "mover",
    q: "what furniture is in the living room, from the 360 photos?",
    tool: "room_objects",
  },
  { who: "buyer", q: "is there a bathtub or just a shower in the bathroom?", tool: "room_objects" },
  {
    who: "inspector",
    q: "do the room labels on the plan match what the pictures show?",
    tool: "room_labels",
  },
  {
    who: "buyer",
    q: "is the room they call a bedroom really a bedroom, judging by the panoramas?",
    tool: "room_labels",
  },
  // no tool answers these
  { who: "buyer", q: "What's the weather like in Leeds tomorrow?", tool: [] },
  { who: "buyer", q: "how much is the house worth", tool: [] },
  { who: "parent", q: "is the neighbourhood safe at night", tool: [] },
  { who: "buyer", q: "what year was the house built", tool: [] },
  // two tools
  {
    who: "wheelchair",
    q: "Are the doorways wide enough for a 70 cm chair and is there room to turn in the kitchen?",
    tool: ["door_clearance", "turning_space"],
    inputs: { chair_width_m: 0.7, room: "g_kitchen" },
  },
];
