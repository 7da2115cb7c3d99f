/**
 * Matterport room types onto the plan's room vocabulary (ground/plan.ts ROOM_LABELS).
 * The 21 detected room types are listed in Matterport's Property Intelligence docs
 * (`modelapi_pi_room_names.html`, shared/reference/data-formats.md §1.4).
 */
import type { RoomLabel } from "../../ground/plan.ts";

/** The 21 Matterport room classifications and the plan label each becomes. */
export const MATTERPORT_ROOM_CLASSES: Readonly<Record<string, RoomLabel>> = {
  "Balcony": "balcony",
  "Basement": "other",
  "Bathroom": "bathroom",
  "Bedroom": "bedroom",
  "Closet": "closet",
  "Dining Room": "dining",
  "Entrance": "entrance",
  "Exercise Room": "other",
  "Family Room": "living",
  "Game Room": "living",
  "Garage": "garage",
  "Hallway": "hallway",
  "Kitchen": "kitchen",
  "Living Room": "living",
  "Loft": "other",
  "Office": "office",
  "Pantry": "storage",
  "Patio": "outdoor",
  "Staircase": "stairs",
  "Utility Room": "utility",
  "Other": "other",
};

/** Words in a free-text room name (a user's `label`) and the plan label they suggest; first match wins. */
const WORDS: [RegExp, RoomLabel][] = [
  [/\b(toilet|wc|powder|half[- ]?bath)\b/i, "toilet"],
  [/\b(bath|bathroom|ensuite|en-suite|shower)/i, "bathroom"],
  [/\b(bed|bedroom|nursery|guest room)/i, "bedroom"],
  [/\b(kitchen|kitchenette)/i, "kitchen"],
  [/\b(dining)/i, "dining"],
  [/\b(living|family|lounge|den|great room|sitting|game room|tv room)/i, "living"],
  [/\b(hall|hallway|corridor|landing)/i, "hallway"],
  [/\b(entry|entrance|foyer|vestibule|mudroom)/i, "entrance"],
  [/\b(closet|wardrobe|walk-in)/i, "closet"],
  [/\b(laundry)/i, "laundry"],
  [/\b(utility|mechanical|boiler|furnace)/i, "utility"],
  [/\b(office|study|library)/i, "office"],
  [/\b(garage|carport)/i, "garage"],
  [/\b(stair|stairs|staircase|stairwell)/i, "stairs"],
  [/\b(balcony)/i, "balcony"],
  [/\b(patio|deck|porch|terrace|yard|garden|outdoor)/i, "outdoor"],
  [/\b(storage|pantry|store room|attic)/i, "storage"],
];

/**
 * The plan label for a Matterport room type or a free-text room name: an exact one of the 21
 * classes first, then words in the name; "other" when nothing matches.
 */
export function roomLabelFromMatterport(text: string): RoomLabel {
  const t = text.trim();
  const exact = Object.entries(MATTERPORT_ROOM_CLASSES).find(([k]) =>
    k.toLowerCase() === t.toLowerCase()
  );
  if (exact) return exact[1];
  for (const [re, label] of WORDS) if (re.test(t)) return label;
  return "other";
}
