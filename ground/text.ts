/**
 * Small text and number helpers every tier shares (said once): rounding, a number for display,
 * a capital first letter, and a list of words joined "a, b and c".
 */

/** `value` rounded to `digits` decimals (default 2) for display: Math.round(v·10^d)/10^d. */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The text with its first letter in capitals ("" stays ""). */
export function capitalise(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** Words joined for a sentence: "a", "a and b", "a, b and c". */
export function listWords(words: string[]): string {
  return words.length < 2
    ? words.join("")
    : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/**
 * An input's name as words, its unit suffix left off (the unit is said beside it):
 * `min_clear_width_m` → "min clear width", `floor_area_m2` → "floor area".
 */
export function inputWords(name: string): string {
  return name.replace(/_(m|m2|mm|deg|min|s|l|mb|px|pct)$/, "").replaceAll("_", " ");
}

/**
 * A number for a person (tables, the web view's blocks): at most 3 decimals, no trailing
 * zeros; integers, NaN and infinities as JavaScript writes them.
 */
export function fmtNumber(v: number): string {
  if (Number.isInteger(v) || !Number.isFinite(v)) return String(v);
  return String(round(v, 3));
}

/**
 * `text` cut to at most `max` characters at a word boundary, with "…" when cut (a word longer
 * than `max` is cut inside it). Never cuts mid-word where a space allows.
 */
export function clipWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, Math.max(1, max - 1));
  if (text.charAt(head.length) === " ") return `${head.trimEnd()}…`;
  const space = head.lastIndexOf(" ");
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** English number words, zero to nineteen, for reading numbers written in words. */
export const NUMBER_WORD_UNITS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};

/** English tens words, twenty to ninety. */
export const NUMBER_WORD_TENS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/**
 * Characters a POSIX shell reads as syntax (quoting, expansion, globbing, redirection,
 * comments): never in a finding id, which a person types after `threshold reject`. IFC
 * GlobalIds use `$` (buildingSMART's base-64 alphabet: 0-9 A-Z a-z _ $) and never `-`.
 */
const SHELL_SPECIAL = /[$`'"\\!*?&;|<>(){}[\]#~^]/g;

/**
 * A finding id as it is kept and typed: whitespace as `_`, each shell-special character
 * (`$` from an IFC GlobalId) as `-`. Applied to a typed id too, so an id written the old
 * way (with `$`, quoted) still finds its finding.
 */
export function shellSafeId(id: string): string {
  return id.replace(/\s+/g, "_").replace(SHELL_SPECIAL, "-");
}
