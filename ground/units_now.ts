/**
 * The run's unit system: a tool's sentences are made while it runs (core/wording.ts); the run
 * sets the unit system the person chose (display.units) around its handler, and the sentence
 * formatters here follow it. Kept apart from ground/units.ts, whose pure formatters the web
 * view's islands bundle for the browser, where node:async_hooks does not exist.
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { formatArea, formatLength, metric, type UnitSystem } from "./units.ts";

// Carried by AsyncLocalStorage like the run's budget (ground/budget.ts), so two runs in one
// process (the web's and MCP's pools) keep their own.
const currentSystem = new AsyncLocalStorage<UnitSystem>();

/** Runs `fn` (and everything it awaits) with its sentences in `system`. */
export function withUnits<T>(system: UnitSystem, fn: () => T): T {
  return currentSystem.run(system, fn);
}

/** The unit system sentences are made in now: the run's, metric outside a run. */
export function unitsNow(): UnitSystem {
  return currentSystem.getStore() ?? "metric";
}

/**
 * A length for a sentence, in the unit system sentences are made in now: `0.82 m` (to
 * `digits` decimals), `2′ 8⅛″`, or `2′ 8⅛″ (0.82 m)`.
 */
export function sayLength(length_m: number, digits = 2): string {
  return formatLength(length_m, unitsNow(), metric(length_m, "m", digits));
}

/**
 * A length said in millimetres in metric (`2000 mm`, as a rule's width is quoted), else in
 * the unit system now: `6′ 6¾″`, or `6′ 6¾″ (2000 mm)` in both.
 */
export function sayMillimetres(length_m: number): string {
  return formatLength(length_m, unitsNow(), `${(length_m * 1000).toFixed(0)} mm`);
}

/** An area for a sentence in the unit system now: `12.5 m²`, `134.5 ft²`, `134.5 ft² (12.5 m²)`. */
export function sayArea(area_m2: number, digits = 1): string {
  return formatArea(area_m2, unitsNow(), metric(area_m2, "m²", digits));
}
