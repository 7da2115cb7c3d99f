/**
 * The web view's words and icons: statuses said in words with an icon (never by colour alone,
 * WCAG 2.2 SC 1.4.1), where an input's value comes from, and who a tool is for. Plain data,
 * shared by server pages and islands.
 */
import { formatQuantity, UNIT_SYSTEMS, type UnitSystem } from "../ground/units.ts";
import { fmtNumber } from "../ground/text.ts";

/** A status as a person reads it: an icon (decorative) and words. */
export const STATUS_WORDS: Record<string, { icon: string; word: string }> = {
  pass: { icon: "✓", word: "Pass" },
  fail: { icon: "✗", word: "Fail" },
  warn: { icon: "⚠", word: "Too close to call" },
  unknown: { icon: "?", word: "Unknown" },
  error: { icon: "!", word: "Error" },
  open: { icon: "●", word: "Open" },
  resolved: { icon: "✓", word: "Resolved" },
  rejected: { icon: "⊘", word: "Rejected" },
};

/** Where a filled input's value came from, in words for a form. */
export function sourceWords(from: string | undefined, detail?: string): string {
  switch (from) {
    case "explicit":
      return "given by you";
    case "selection":
      return "your selected scan";
    case "preference":
      return `your saved preference${detail ? ` ${detail}` : ""}`;
    case "persona":
      return `your persona${detail ? ` (${detail})` : ""}`;
    case "default":
      return "the default";
    case "asked":
      return "your answer";
    default:
      return "nothing yet";
  }
}

/** Who a tool is for, as a filter reads: "for wheelchair users". */
export const AUDIENCE_WORDS: Record<string, string> = {
  "buyer": "buyers",
  "renter": "renters",
  "wheelchair-user": "wheelchair users",
  "mobility-aid-user": "people with a walker or other mobility aid",
  "parent": "parents with a stroller",
  "tall-person": "tall people",
  "mover": "movers",
  "architect": "architects",
  "inspector": "inspectors",
  "contractor": "contractors",
  "agent": "estate agents",
};

/** An audience id in words; an id not in the list is shown with its dashes as spaces. */
export function audienceWords(id: string): string {
  return AUDIENCE_WORDS[id] ?? id.replaceAll("-", " ");
}

/** What a tool needs from a scan or a site, in words ("rooms", "ground elevation"). */
export const LAYER_WORDS: Record<string, string> = {
  "plan.rooms": "rooms",
  "plan.heights": "ceiling heights",
  "plan.openings": "doors, windows and openings",
  "plan.doors": "doors",
  "plan.windows": "windows",
  "plan.verticals": "stairs, ramps and lifts",
  "plan.objects": "furniture and objects",
  "plan.sweeps": "panoramas",
  "plan.nav": "a walkable layout",
  "site.location": "the site's location",
  "site.elevation": "ground elevation",
  "site.imagery": "aerial imagery",
};

/**
 * A value with its unit as a person reads it, lengths and areas in the chosen unit system
 * (ground/units.ts): `0.84 m`, `2′ 9⅛″`, `2′ 9⅛″ (0.84 m)`; other units as they are.
 */
export function fmtQuantity(v: number, unit: string | undefined, units: UnitSystem = "metric") {
  return formatQuantity(v, unit, units, fmtNumber(v));
}

/** The display.units preference (metric when unset or not one of the three). */
export function unitsOf(app: { store: { getPref(key: string): unknown } }): UnitSystem {
  const v = app.store.getPref("display.units");
  return (UNIT_SYSTEMS as readonly unknown[]).includes(v) ? v as UnitSystem : "metric";
}
