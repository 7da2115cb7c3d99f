/**
 * Small text and number helpers every tool and the session share (said once): rounding for
 * display, a capital first letter, and a list of words joined "a, b and c".
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
