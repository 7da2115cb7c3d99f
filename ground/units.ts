/**
 * Lengths and areas for people who think in feet and inches (the `display.units`
 * preference): metres to feet and inches to the nearest ⅛ in, square metres to ft². Pure;
 * for display only (results stay in SI). 1 in = 0.0254 m exactly (international yard and
 * pound agreement, 1959); 1 ft² = 0.09290304 m². Reading lengths a person writes is
 * ground/lengths.ts's; this writes them.
 */
import { AsyncLocalStorage } from "node:async_hooks";
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
function metric(v: number, unit: string, decimals: number): string {
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
  return system === "both" ? `${us} (${si})` : us;
}

/** An area for display: `12.5 m²`, `134.5 ft²`, or `134.5 ft² (12.5 m²)`. */
export function formatArea(area_m2: number, system: UnitSystem, metricText?: string): string {
  const si = metricText ?? metric(area_m2, "m²", 1);
  if (system === "metric") return si;
  const us = `${squareFeet(area_m2)} ft²`;
  return system === "both" ? `${us} (${si})` : us;
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

// ---------------------------------------------------------------- the run's unit system
// A tool's sentences are made while it runs (core/wording.ts); the run sets the unit system
// the person chose (display.units) around its handler, and the length and area formatters
// below follow it. Carried by AsyncLocalStorage like the run's budget (ground/budget.ts), so
// two runs in one process (the web's and MCP's pools) keep their own.

const currentSystem = new AsyncLocalStorage<UnitSystem>();

/** Runs `fn` (and everything it awaits) with its sentences in `system`. */
export function withUnits<T>(system: UnitSystem, fn: () => T): T {
  return currentSystem.run(system, fn);
}

/** The unit system sentences are made in now: the run's, metric outside a run. */
export function unitsNow(): UnitSystem {
  return currentSystem.getStore() ?? "metric";
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
 * A length for a sentence, in the unit system sentences are made in now: `0.82 m` (to
 * `digits` decimals), `2′ 8⅛″`, or `2′ 8⅛″ (0.82 m)`.
 */
export function sayLength(length_m: number, digits = 2): string {
  return formatLength(length_m, unitsNow(), metric(length_m, "m", digits));
}

/** An area for a sentence in the unit system now: `12.5 m²`, `134.5 ft²`, `134.5 ft² (12.5 m²)`. */
export function sayArea(area_m2: number, digits = 1): string {
  return formatArea(area_m2, unitsNow(), metric(area_m2, "m²", digits));
}
