/**
 * The one length reader: what a person writes for a length — "2' 10\"", "5 ft 6", "66 cm",
 * "26 in", "815mm", "0.66" — read to metres, with the unit they wrote it in. The agent reads
 * questions with it (agent/extract.ts) and every surface reads answers with it (the run
 * session, `--set`, the web form, MCP elicitation), so "66 cm" means the same everywhere and is
 * echoed back in the person's units. Conversions: 1 in = 25.4 mm, 1 ft = 12 in (exact,
 * international yard and pound, 1959).
 */

/** Metres in an inch and in a foot (exact). */
export const IN_M = 0.0254;
export const FT_M = 0.3048;

/** A number: "2", "2.5", ".5". */
export const NUM = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
/** An optional fraction after a number: "5 1/2", "5½". */
export const FRACTION = String.raw`(?:\s*(?:and\s+)?(1\/2|1\/4|3\/4|1\/8|3\/8|5\/8|7\/8|½|¼|¾))?`;

/** The value of a fraction FRACTION matched (0 when none). */
export function frac(s: string | undefined): number {
  if (!s) return 0;
  const map: Record<string, number> = { "½": 0.5, "¼": 0.25, "¾": 0.75 };
  if (s in map) return map[s];
  const [a, b] = s.split("/").map(Number);
  return a / b;
}

/** Unit words after a number. `in` only where it is not a preposition. */
export const UNIT = String
  .raw`(mm|millimet(?:er|re)s?|cm|centimet(?:er|re)s?|m|met(?:er|re)s?|mtrs?|ft|feet|foot|'|’|′|in(?:ch(?:es)?)?(?![a-z])(?!\s+(?:the|a|an|my|our|this|that|which|what|each|every|there|it|its|his|her|their|front|order|total|one|two)\b)|"|”|″|'')`;

/** The unit a person wrote, as it is echoed back. */
export type LengthUnit = "mm" | "cm" | "m" | "ft" | "in" | "ft+in";

/** The canonical unit of a unit word. */
export function unitOf(u: string): LengthUnit {
  const x = u.toLowerCase();
  if (x === "mm" || x.startsWith("milli")) return "mm";
  if (x === "cm" || x.startsWith("centi")) return "cm";
  if (x === "ft" || x === "feet" || x === "foot" || x === "'" || x === "’" || x === "′") {
    return "ft";
  }
  if (x.startsWith("in") || x === '"' || x === "”" || x === "″" || x === "''") return "in";
  return "m";
}

const PER_M: Record<LengthUnit, number> = {
  mm: 0.001,
  cm: 0.01,
  m: 1,
  ft: FT_M,
  in: IN_M,
  "ft+in": FT_M,
};

/** Metres per unit word. */
export function unitM(u: string): number {
  return PER_M[unitOf(u)];
}

/** Rounds to a micrometre so conversions print cleanly (0.7112, not 0.71120000001). */
export function clean(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Feet and inches: 2' 10", 5 ft 6, 6 foot 2 in, 7 feet 1/2 in (groups: feet, inches, fraction). */
export function feetInchesRe(flags = "gi"): RegExp {
  return new RegExp(
    String
      .raw`\b(\d+)\s*(?:'|’|′|ft\.?|feet|foot)\s*(?:and\s+)?(\d+(?:\.\d+)?)${FRACTION}\s*(?:"|”|″|''|in(?:ch(?:es)?)?\b|(?![\d.]))`,
    flags,
  );
}

/** The metres of a {@link feetInchesRe} match. */
export function feetInchesM(m: RegExpExecArray): number {
  return clean(Number(m[1]) * FT_M + (Number(m[2]) + frac(m[3])) * IN_M);
}

/** One number and its unit: 70 cm, 32 inches, 7 feet, 2.4m, 6' (groups: number, fraction, unit). */
export function singleLengthRe(flags = "gi"): RegExp {
  return new RegExp(String.raw`(?<![\w.])${NUM}${FRACTION}\s*${UNIT}(?![a-z0-9])`, flags);
}

/** The metres of a {@link singleLengthRe} match. */
export function singleLengthM(m: RegExpExecArray): number {
  return clean((Number(m[1]) + frac(m[2])) * unitM(m[3]));
}

/** A length read from an answer: metres, the unit written, and the text as it is echoed. */
export interface ReadLength {
  value_m: number;
  unit: LengthUnit;
  /** The length in the person's units ("66 cm", "2′ 10″", "0.66 m"). */
  shown: string;
}

const num = (x: number) => String(Math.round(x * 1000) / 1000);

/**
 * Reads a whole answer as one length: feet and inches, a number with a unit, or a bare
 * number in `bare` (the input's own unit, metres by default). Undefined when the text is not
 * one length (the caller says what was wrong).
 */
export function readLength(text: string, bare: LengthUnit = "m"): ReadLength | undefined {
  const t = text.trim().replace(/,(?=\d{1,2}\b)/, ".");
  if (!t) return undefined;
  const whole = (re: RegExp) => {
    const m = re.exec(t);
    return m && m.index === 0 && m[0].trim().length === t.length ? m : undefined;
  };
  const fi = whole(feetInchesRe("i"));
  if (fi) {
    const inches = Number(fi[2]) + frac(fi[3]);
    return { value_m: feetInchesM(fi), unit: "ft+in", shown: `${fi[1]}′ ${num(inches)}″` };
  }
  const one = whole(singleLengthRe("i"));
  if (one) {
    const unit = unitOf(one[3]);
    const n = Number(one[1]) + frac(one[2]);
    const shown = unit === "ft" ? `${num(n)} ft` : `${num(n)} ${unit}`;
    return { value_m: singleLengthM(one), unit, shown };
  }
  if (/^(\d+(?:\.\d+)?|\.\d+)$/.test(t)) {
    const n = Number(t);
    return { value_m: clean(n * PER_M[bare]), unit: bare, shown: `${num(n)} ${bare}` };
  }
  return undefined;
}
