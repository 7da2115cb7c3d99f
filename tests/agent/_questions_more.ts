/**
 * More of the agent's tuning questions (issue 23), in the form of _questions.ts: the two
 * questions the issue names, subjects that match several rooms (asked about by name), the
 * kinds of question that went to an unrelated tool (wall and floor quantities, what the
 * panoramas show, greenery, windows as escape openings, the ground sloping toward the house),
 * questions no tool answers (`tool: []`), US and UK words, typos, imperial and metric units.
 */
import type { Case } from "./_questions.ts";

export const MORE_CASES: Case[] = [
  // the two questions and their kin
  {
    who: "mover",
    q: "Will a 2.1 m sofa get to the bedroom?",
    tool: "will_it_fit",
    inputs: { item: "sofa", width_m: 2.1 },
    asks: ["to"],
  },
  {
    who: "wheelchair",
    q: "Can I get my wheelchair from the front door to the bedroom?",
    tool: "step_free_route",
    asks: ["to"],
  },
  {
    who: "wheelchair",
    q: "Can I get my wheelchair from the front door to the bathroom? My chair is 66 cm wide.",
    tool: "step_free_route",
    inputs: { to: "u_bath", chair_width_m: 0.66 },
  },
  {
    who: "mover",
    q: "Can the sofa get to the main bedroom?",
    tool: "will_it_fit",
    inputs: { item: "sofa", to: "u_bed1" },
  },
  {
    who: "mover",
    q: "will the fridge make it to the kitchen",
    tool: "will_it_fit",
    inputs: { item: "fridge", to: "g_kitchen" },
  },
  {
    who: "mover",
    q: "getting a piano to the dining room, possible?",
    tool: "will_it_fit",
    inputs: { item: "piano", to: "g_dining" },
  },
  {
    who: "mover",
    q: "Will our wardrobe go up the stairs to the study?",
    tool: "will_it_fit",
    inputs: { item: "wardrobe", to: "u_study" },
  },
  {
    who: "mover",
    q: "sofa 2.3m long into the office",
    tool: "will_it_fit",
    inputs: { item: "sofa", to: "g_office", width_m: 2.3 },
  },
  {
    who: "mover",
    q: "Can I fit a king size bed in the second bedroom?",
    tool: "will_it_fit",
    inputs: { item: "mattress", to: "u_bed2", width_m: 2.032, depth_m: 1.93, height_m: 0.305 },
  },
  {
    who: "mover",
    q: "will a three-seater settee go through to the lounge",
    tool: "will_it_fit",
    inputs: { item: "sofa", to: "g_living" },
  },
  {
    who: "mover",
    q: "can a washing machine get into the utility room",
    tool: "will_it_fit",
    inputs: { item: "custom", to: "g_utility", width_m: 0.6, depth_m: 0.6, height_m: 0.85 },
  },
  {
    who: "mover",
    q: "wil the sofa fitt in the dinning room",
    tool: "will_it_fit",
    inputs: { item: "sofa", to: "g_dining" },
  },
  {
    who: "mover",
    q: "will a mattress go up to the bedroom",
    tool: "will_it_fit",
    inputs: { item: "mattress" },
    asks: ["to"],
  },
  // step_free_route
  {
    who: "wheelchair",
    q: "my wheelchair is 26 in wide; can I reach the kitchen?",
    tool: "step_free_route",
    inputs: { chair_width_m: 0.6604, to: "g_kitchen" },
  },
  {
    who: "walker",
    q: "can I use my rollator to get to the bathroom from the front door",
    tool: "step_free_route",
    inputs: { to: "u_bath" },
  },
  {
    who: "walker",
    q: "walker access to the upstairs study?",
    tool: "step_free_route",
    inputs: { to: "u_study" },
  },
  { who: "wheelchair", q: "which rooms can't I get to in a wheelchair", tool: "step_free_route" },
  {
    who: "wheelchair",
    q: "Is the house step-free from the entrance to the WC?",
    tool: "step_free_route",
    inputs: { to: "g_wc" },
  },
  {
    who: "parent",
    q: "Can I wheel the pushchair into the kitchen?",
    tool: "step_free_route",
    inputs: { to: "g_kitchen" },
  },
  {
    who: "parent",
    q: "pram access to the living room from the front door?",
    tool: "step_free_route",
    inputs: { to: "g_living" },
  },
  {
    who: "wheelchair",
    q: "my chair needs 2' 4\" — can I get into the dining room?",
    tool: "step_free_route",
    inputs: { chair_width_m: 0.7112, to: "g_dining" },
  },
  {
    who: "wheelchair",
    q: "can I wheel from the back door to the kitchen",
    tool: "step_free_route",
    inputs: { entrance: "d_back", to: "g_kitchen" },
  },
  {
    who: "wheelchair",
    q: "how many rooms can a wheelchair user get to",
    tool: "step_free_route",
  },
  {
    who: "wheelchair",
    q: "can i get my wheelchar to the kitchen",
    tool: "step_free_route",
    inputs: { to: "g_kitchen" },
  },
  // door_clearance
  {
    who: "wheelchair",
    q: "doorway widths for a 0.68 m chair",
    tool: "door_clearance",
    inputs: { chair_width_m: 0.68 },
  },
  { who: "walker", q: "will my walking frame get through the doors", tool: "door_clearance" },
  {
    who: "inspector",
    q: "list every door under 36 in clear",
    tool: "door_clearance",
    inputs: { min_clear_width_m: 0.9144 },
  },
  { who: "wheelchair", q: "are any doorways too tight for a wheel chair", tool: "door_clearance" },
  { who: "parent", q: "are the doors wide enough for a twin pram?", tool: "door_clearance" },
  {
    who: "inspector",
    q: "door clear opening widths, 775 mm minimum",
    tool: "door_clearance",
    inputs: { min_clear_width_m: 0.775 },
  },
  {
    who: "inspector",
    q: "door clearence under 32 in",
    tool: "door_clearance",
    inputs: { min_clear_width_m: 0.8128 },
  },
  // turning_space
  {
    who: "wheelchair",
    q: "can I turn around in the kitchen in my wheelchair",
    tool: "turning_space",
    inputs: { room: "g_kitchen" },
  },
  { who: "wheelchair", q: "Where is there no room to turn a wheelchair?", tool: "turning_space" },
  {
    who: "architect",
    q: "check a 1.7 m turning circle in the bedroom",
    tool: "turning_space",
    inputs: { turning_diameter_m: 1.7 },
    asks: ["room"],
  },
  {
    who: "wheelchair",
    q: "turning room in the en suite?",
    tool: "turning_space",
    inputs: { room: "u_bath" },
  },
  {
    who: "wheelchair",
    q: "is the utility room big enough to manoeuvre a chair",
    tool: "turning_space",
    inputs: { room: "g_utility" },
  },
  // ceiling_height
  {
    who: "buyer",
    q: "are the ceilings at least 8 ft?",
    tool: "ceiling_height",
    inputs: { min_height_m: 2.4384 },
  },
  {
    who: "tall",
    q: "I'm six foot four, where will I hit my head?",
    tool: "ceiling_height",
    inputs: { min_height_m: 1.9304 },
  },
  { who: "buyer", q: "ceiling height in the attic?", tool: "ceiling_height" },
  {
    who: "inspector",
    q: "rooms under 2.1m ceiling height",
    tool: "ceiling_height",
    inputs: { min_height_m: 2.1 },
  },
  { who: "buyer", q: "low cielings in the loft conversion?", tool: "ceiling_height" },
  {
    who: "architect",
    q: "Habitable room heights below 2400mm",
    tool: "ceiling_height",
    inputs: { min_height_m: 2.4 },
  },
  // code_check
  {
    who: "inspector",
    q: "check the whole place against FHA",
    tool: "code_check",
    inputs: { pack: "fha" },
  },
  {
    who: "inspector",
    q: "IRC egress windows — do the bedroom windows pass?",
    tool: "code_check",
    inputs: { pack: "irc-2021" },
  },
  {
    who: "inspector",
    q: "can you get out of the bedroom windows in an emergency",
    tool: "code_check",
  },
  {
    who: "architect",
    q: "M4(3) wheelchair user dwelling check",
    tool: "code_check",
    inputs: { pack: "uk-adm", level: "M4(3)", occupancy: "dwelling" },
  },
  {
    who: "inspector",
    q: "Which ADA sections does it fail?",
    tool: "code_check",
    inputs: { pack: "ada-2010" },
  },
  {
    who: "inspector",
    q: "ADA 404.2.3 door clear width",
    tool: "code_check",
    inputs: { pack: "ada-2010" },
  },
  { who: "buyer", q: "is the house up to code?", tool: "code_check" },
  {
    who: "architect",
    q: "run the uk-adm pack, new build",
    tool: "code_check",
    inputs: { pack: "uk-adm", work: "new" },
  },
  {
    who: "inspector",
    q: "stair rise and going check against IRC",
    tool: "code_check",
    inputs: { pack: "irc-2021" },
  },
  // takeoff
  { who: "contractor", q: "How much wall area is there to paint?", tool: "takeoff" },
  { who: "contractor", q: "floor area of the kitchen in square metres", tool: "takeoff" },
  {
    who: "contractor",
    q: "how many tins of paint for the whole house, 3 coats",
    tool: "takeoff",
    inputs: { paint_coats: 3 },
  },
  {
    who: "contractor",
    q: "laminate needed with 5 percent waste",
    tool: "takeoff",
    inputs: { flooring_waste: 0.05 },
  },
  { who: "buyer", q: "how many sq m is the house", tool: "takeoff" },
  {
    who: "architect",
    q: "gross internal area",
    tool: "takeoff",
    inputs: { convention: "gross" },
  },
  {
    who: "contractor",
    q: "finished floor areas per room",
    tool: "takeoff",
    inputs: { convention: "finished" },
  },
  { who: "contractor", q: "ceiling area for plastering", tool: "takeoff" },
  { who: "contractor", q: "volume of each room for heating calcs", tool: "takeoff" },
  { who: "contractor", q: "how much flooring for the hole house", tool: "takeoff" },
  // sun_hours
  { who: "buyer", q: "which rooms get the most sun", tool: "sun_hours" },
  {
    who: "buyer",
    q: "sunlight in the living room on 21 june",
    tool: "sun_hours",
    inputs: { date: "2025-06-21" },
  },
  {
    who: "architect",
    q: "EN 17037 medium sunlight check",
    tool: "sun_hours",
    inputs: { standard: "en17037", en17037_level: "medium" },
  },
  { who: "buyer", q: "will the garden get sun in the afternoon?", tool: "sun_hours" },
  {
    who: "buyer",
    q: "is the bedroom bright and sunny in december",
    tool: "sun_hours",
    inputs: { date: "2025-12-21" },
  },
  {
    who: "buyer",
    q: "how much sunshine does the house get on the shortest day",
    tool: "sun_hours",
    inputs: { date: "2025-12-21" },
  },
  { who: "buyer", q: "sun ours in the kitchen", tool: "sun_hours" },
  // site_drainage
  { who: "buyer", q: "does the ground slope toward the house?", tool: "site_drainage" },
  { who: "buyer", q: "is the yard graded away from the foundation", tool: "site_drainage" },
  {
    who: "inspector",
    q: "check for 6 inches of fall in the first 10 feet around the house",
    tool: "site_drainage",
    inputs: { min_fall_m: 0.1524, within_m: 3.048 },
  },
  { who: "buyer", q: "does water collect by the walls when it rains?", tool: "site_drainage" },
  { who: "buyer", q: "drainige around the foundations", tool: "site_drainage" },
  // site_facts
  { who: "buyer", q: "how much greenery is there around the property?", tool: "site_facts" },
  {
    who: "buyer",
    q: "is the area around the demo house mostly paved?",
    tool: "site_facts",
    inputs: { place: "demo" },
  },
  {
    who: "buyer",
    q: "elevation and slope of the lot at 40.7, -74.0",
    tool: "site_facts",
    inputs: { place: "40.7,-74" },
  },
  { who: "buyer", q: "Is the house sitting in a hollow, on low ground?", tool: "site_facts" },
  { who: "architect", q: "aspect and slope of the site", tool: "site_facts" },
  // room_objects, room_labels
  {
    who: "buyer",
    q: "what furniture do the panoramas show in the bedroom",
    tool: "room_objects",
  },
  { who: "buyer", q: "list the objects seen in each room", tool: "room_objects" },
  { who: "mover", q: "how many beds and sofas are there in the photos?", tool: "room_objects" },
  {
    who: "buyer",
    q: "is there a toilet and a sink in the WC according to the pictures",
    tool: "room_objects",
  },
  {
    who: "architect",
    q: "check the plan's room labels against the panoramas",
    tool: "room_labels",
  },
  { who: "buyer", q: "which rooms are mislabelled?", tool: "room_labels" },
  {
    who: "buyer",
    q: "what kind of room is the unlabelled one, from the 360 images",
    tool: "room_labels",
  },
  // no tool answers these
  { who: "buyer", q: "what's the weather", tool: [] },
  { who: "buyer", q: "how much is council tax on this house", tool: [] },
  { who: "buyer", q: "Who lived here before?", tool: [] },
  { who: "parent", q: "is there a good school nearby", tool: [] },
  { who: "buyer", q: "can you recommend a mortgage", tool: [] },
  { who: "buyer", q: "what's the wifi password", tool: [] },
  // two tools
  {
    who: "contractor",
    q: "How much paint do I need, and does the ground slope away from the house?",
    tool: ["takeoff", "site_drainage"],
  },
  {
    who: "mover",
    q: "Will a sofa fit in the living room and are the ceilings high enough?",
    tool: ["will_it_fit", "ceiling_height"],
    inputs: { item: "sofa", to: "g_living" },
  },
];
