/**
 * Free-text room names (English and German) onto the plan's room vocabulary (design.md § "The
 * plan": entrance, hallway, … other). Used by the ZInD importer (ZInD's labels, zillow/zind
 * `data_organization.md` and its FAQ: "bonus room", "master bedroom" …) and the IFC importer
 * (IfcSpace LongName/Name, e.g. the FZK-Haus's "Flur", "Küche", "Schlafzimmer").
 */
import type { RoomLabel } from "../ground/plan.ts";

/** Ordered rules: the first that matches wins (so "half bath" is a toilet before "bath"). */
const RULES: [RoomLabel, RegExp][] = [
  ["toilet", /\b(half[ -]?bath|powder|toilet|wc|lavatory|gäste[- ]?wc)\b/],
  ["closet", /closet|wardrobe|ankleide|kleiderschrank/],
  ["bathroom", /bath|shower|badezimmer|^bad\b|\bbad$|dusche/],
  ["laundry", /laundry|wasch|hauswirtschaft/],
  ["utility", /utility|mechanical|boiler|furnace|technik|heizung/],
  ["kitchen", /kitchen|küche|kueche/],
  ["dining", /dining|breakfast|essen|speise/],
  ["bedroom", /bed ?room|nursery|guest room|schlaf|kinderzimmer|gästezimmer/],
  ["office", /office|study|library|\bden\b|büro|buero|arbeitszimmer/],
  ["living", /living|family|great room|lounge|sitting|sun ?room|wohn/],
  ["entrance", /\b(entry|entryway|foyer|entrance|vestibule|mud ?room)\b|eingang|diele|windfang/],
  ["hallway", /\b(hall|hallway|corridor|landing)\b|flur|gang\b|korridor/],
  ["garage", /garage|carport/],
  ["stairs", /stair|treppe/],
  ["balcony", /balcon|balkon|loggia/],
  ["outdoor", /porch|patio|deck|yard|terrace|terrasse|garten|outdoor|exterior/],
  ["storage", /storage|pantry|attic|abstell|lager|vorrat|speicher|keller/],
];

/** Maps a room name onto the vocabulary; names nothing matches are "other". */
export function roomLabelFromName(name: string | undefined): RoomLabel {
  const s = (name ?? "").toLowerCase().trim();
  if (!s) return "other";
  for (const [label, re] of RULES) if (re.test(s)) return label;
  return "other";
}
