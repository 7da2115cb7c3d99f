/**
 * Lengths and areas for people who think in feet and inches (the `display.units`
 * preference): metres to feet and inches to the nearest ⅛ in, square metres to ft². Pure;
 * for display only (results stay in SI). 1 in = 0.0254 m exactly (international yard and
 * pound agreement, 1959); 1 ft² = 0.09290304 m². Reading lengths a person writes is
 * ground/lengths.ts's; this writes them.
 */
import { FT_M, IN_M } from "./lengths.ts";

/** How lengths and areas are shown: SI, US customary, or US customary with SI after it. */
export const UNIT_SYSTEMS = ["metric", "imperial", "both"] as const;
export type UnitSystem = typeof UNIT_SYSTEMS[number];

const M_PER_IN = IN_M;
const M2_PER_FT2 = FT_M * FT_M;
/** Eighths of an inch, reduced: index 1..7. */
const EIGHTHS = ["", "⅛", "¼", "⅜", "½", "⅝", "¾", "⅞"];

/** A length in metres as eighths of an inch, rounded to the nearest (halves away from zero). */
export function toEighths(length_m: number): number {
  const e = Math.abs(length_m) / M_PER_IN * 8;
  // A hair of tolerance so that exact eighths given in metres (0.0254 / 8 · n) do not flip.
  return Math.sign(length_m) * Math.round(e + 1e-9);
}

/**
 * A length in metres as feet and inches to the nearest ⅛ in: `2′ 3⅝″`, `9⅝″`, `3′ 0″`.
 * 11⅞ in that rounds up becomes the next foot (`1′ 0″`), never `12″`. Feet and inches are
 * joined by a no-break space (U+00A0), so a wrapped line never parts them.
 */
export function feetInches(length_m: number): string {
  const eighths = toEighths(length_m);
  const sign = eighths < 0 ? "−" : "";
  const a = Math.abs(eighths);
  const feet = Math.floor(a / 96);
  const rest = a - feet * 96;
  const inches = Math.floor(rest / 8);
  const frac = EIGHTHS[rest % 8];
  const inchText = inches || !frac ? `${inches}${frac}″` : `${frac}″`;
  return feet ? `${sign}${feet}′\u00a0${inchText}` : `${sign}${inchText}`;
}

/** An area in m² as ft², to 0.1 ft². */
export function squareFeet(area_m2: number): number {
  return Math.round(area_m2 / M2_PER_FT2 * 10) / 10;
}

/** A metric figure as people read it: up to `decimals` decimals, trailing zeros kept. */
export function metric(v: number, unit: string, decimals: number): string {
  return `${v.toFixed(decimals)} ${unit}`;
}

/**
 * A length for display in a unit system: `0.70 m`, `2′ 3⅝″`, or `2′ 3⅝″ (0.70 m)`.
 * Metric shows the number as given (`metricText`), else to the centimetre.
 */
export function formatLength(length_m: number, system: UnitSystem, metricText?: string): string {
  const si = metricText ?? metric(length_m, "m", 2);
  if (system === "metric") return si;
  const us = feetInches(length_m);
  return system === "both" ? `${us} (${keepTogether(si)})` : us;
}

/**
 * A figure with its unit joined by a no-break space (U+00A0), as the `both` form prints it:
 * a terminal's wrapper (cli/layout.ts) breaks only at plain spaces, so "(0.815 m)" never
 * parts between the number and its unit. Metric and imperial text keep their plain spaces.
 */
function keepTogether(figure: string): string {
  return figure.replaceAll(" ", "\u00a0");
}

/** An area for display: `12.5 m²`, `134.5 ft²`, or `134.5 ft² (12.5 m²)`. */
export function formatArea(area_m2: number, system: UnitSystem, metricText?: string): string {
  const si = metricText ?? metric(area_m2, "m²", 1);
  if (system === "metric") return si;
  const us = `${squareFeet(area_m2)} ft²`;
  return system === "both" ? `${keepTogether(us)} (${keepTogether(si)})` : us;
}

/**
 * A value with its SI unit for display, converted when the unit is a length (`m`) or an area
 * (`m²`); any other unit (slopes, counts, degrees) is shown as it is.
 */
export function formatQuantity(
  value: number,
  unit: string | undefined,
  system: UnitSystem,
  metricNumber: string,
): string {
  if (unit === "m") return formatLength(value, system, `${metricNumber} m`);
  if (unit === "m²" || unit === "m2") return formatArea(value, system, `${metricNumber} m²`);
  return unit ? `${metricNumber} ${unit}` : metricNumber;
}

/** Whether a unit is one a unit system changes (lengths and areas). */
export function convertible(unit: string | undefined): boolean {
  return unit === "m" || unit === "m²" || unit === "m2";
}

/** The unit system chosen: the one given, else a saved preference's value when valid, else metric. */
export function chosenUnits(given: UnitSystem | undefined, pref: unknown): UnitSystem {
  return given ?? (isUnitSystem(pref) ? pref : "metric");
}

/** Whether a value is one of the unit systems. */
export function isUnitSystem(v: unknown): v is UnitSystem {
  return (UNIT_SYSTEMS as readonly unknown[]).includes(v);
}

/**
 * The unit a length question asks in, said where the question is made (core/inputs.ts):
 * "in metres", "in feet and inches, e.g. 2′ 3″", or both. A manifest's ask for a length is the
 * question without its unit ("How wide is your wheelchair or mobility aid?"); `example` is a
 * typical value with its source ("ADA §304.3.1", 1.525 m), said in the same units.
 */
export function lengthAsk(
  ask: string,
  system: UnitSystem,
  example?: { value_m: number; source: string },
): string {
  const stem = ask.replace(/\?\s*$/, "");
  const e = example
    ? ` (${example.source}: ${
      system === "metric"
        ? String(example.value_m)
        : system === "imperial"
        ? feetInches(example.value_m)
        : `${feetInches(example.value_m)} or ${keepTogether(`${example.value_m} m`)}`
    })`
    : "";
  const unit = system === "metric"
    ? "in metres"
    : system === "imperial"
    ? `in feet and inches${example ? "" : ", e.g. 2′\u00a03″"}`
    : `in feet and inches or metres${example ? "" : ", e.g. 2′\u00a03″ or 0.7\u00a0m"}`;
  return `${stem}, ${unit}${e}?`;
}

/**
 * The hint a length question shows after its sentence: which units an answer may be written
 * in, the unit system's own first. A bare number is read as metres in every system
 * (ground/lengths.ts), so the imperial hint says so. Outside metric (whose hint is as it was),
 * each example's number and unit are joined by a no-break space, which the reader takes too.
 */
export function lengthHint(system: UnitSystem): string {
  return system === "metric"
    ? `(m, or with a unit: 66 cm, 26 in, 2' 10")`
    : system === "imperial"
    ? `(feet and inches: 2'\u00a010", 26\u00a0in; a number alone is metres)`
    : `(2'\u00a010", 26\u00a0in, 66\u00a0cm or 0.66\u00a0m; a number alone is metres)`;
}

/**
 * A question's unit, short, beside its sentence in a list of questions: `(m)`, `(rise/run)`;
 * a length asked in feet and inches or both names the units an answer may be written in
 * ({@link lengthHint}) instead of "(m)". Empty without a unit.
 */
export function questionUnit(unit: string | undefined, system: UnitSystem | undefined): string {
  if (unit === "m" && system && system !== "metric") return lengthHint(system);
  return unit ? `(${unit})` : "";
}
