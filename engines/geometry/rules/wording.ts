/**
 * Wording: limits and measured values as they appear in sentences.
 */
import type { MeasureDef } from "./measures.ts";
import type { Limit } from "./schema.ts";

/** A limit for sentences: "32 in (0.813 m)", "1:12 (0.083)". */
export function formatLimit(limit: Limit, unit: MeasureDef["unit"]): string {
  const src = limit.unit === "rise:run"
    ? `1:${limit.value}`
    : limit.unit === "%"
    ? `${limit.value} %`
    : `${limit.value} ${limit.unit === "m2" ? "m²" : limit.unit}`;
  const si = formatValue(limit.si, unit);
  return src === si ? src : `${src} (${si})`;
}

/** A measured value for sentences, in its SI unit. */
export function formatValue(v: number, unit: MeasureDef["unit"]): string {
  switch (unit) {
    case "m":
      return v < 0.1 ? `${(v * 1000).toFixed(0)} mm` : `${v.toFixed(3)} m`;
    case "m2":
      return `${v.toFixed(2)} m²`;
    case "ratio":
      return v.toFixed(3);
    case "deg":
      return `${v.toFixed(1)}°`;
  }
}
