/**
 * ground/names.ts namesInText as it was before issue 29 (commit ccd22ed, with main's sweeps
 * of a417c4d): one regular expression alternating every id, longest first. Kept as the reference
 * tests/ground/names_in_text_test.ts compares the scan that replaced it with. Not library code.
 */
import type { PlanNames } from "../../ground/names.ts";

export function namesInTextReference(text: string, names: PlanNames): string {
  const re = namesPattern(names);
  if (!re) return text;
  // "door d2" becomes "door (Hall ↔ Kitchen)", not "door door (Hall ↔ Kitchen)": the tidy as
  // names.ts has it now (the comparison is of the id scan, not of this).
  return tidyWordsReference(text.replace(re, (id) => names.of(id)));
}

function namesPattern(names: PlanNames): RegExp | null {
  const ids = [
    ...names.room.keys(),
    ...names.opening.keys(),
    ...names.floor.keys(),
    ...names.vertical.keys(),
    ...names.sweep.keys(),
  ].filter((id) => names.of(id) !== id).sort((a, b) => b.length - a.length);
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return ids.length ? new RegExp(`(?<![\\w$])(?:${ids.map(esc).join("|")})(?![\\w$])`, "g") : null;
}

/** ground/names.ts tidyWords before issue 29's indexOf pre-checks: both patterns on every text. */
export function tidyWordsReference(text: string): string {
  if (!text.includes(" (")) return text;
  return text.replace(/\bsweep panorama \(/g, "panorama (").replace(
    /\b(door|window|opening|stair|ramp|lift|step) (front )?(door|window|opening|stair|ramp|lift|step) (?=\(|[^()\n]+ \()/gi,
    (m, word: string, front: string | undefined, again: string) => {
      if (again !== word.toLowerCase()) return m;
      const cap = word[0] === word[0].toUpperCase();
      if (!front) return `${word} `;
      return `${cap ? "Front" : "front"} ${word.toLowerCase()} `;
    },
  );
}
