/**
 * Wording: limits and measured values as they appear in sentences.
 */
import { formatArea, formatLength, unitsNow } from "../../../ground/units.ts";
import type { MeasureDef } from "./measures.ts";
import type { Limit, Rule } from "./schema.ts";

/**
 * A rule's section as people read it: with the edition whose numbering it follows where that
 * is not the rule's own ("R310.2.2 (2018 numbering)"), and "(paragraph number unconfirmed)"
 * where the number itself was not seen in a source.
 */
export function sectionLabel(
  r: Pick<Rule, "section" | "section_edition" | "section_status">,
): string {
  const tags = [
    ...(r.section_edition ? [`${r.section_edition} numbering`] : []),
    ...(r.section_status === "U" ? ["paragraph number unconfirmed"] : []),
  ];
  return tags.length ? `${r.section} (${tags.join("; ")})` : r.section;
}

/** A limit for sentences: "32 in (0.813 m)", "1:12 (0.083)". */
export function formatLimit(limit: Limit, unit: MeasureDef["unit"]): string {
  const src = limit.unit === "rise:run"
    ? `1:${limit.value}`
    : limit.unit === "%"
    ? `${limit.value} %`
    : limit.unit === "count"
    ? `${limit.value}`
    : `${limit.value} ${limit.unit === "m2" ? "m²" : limit.unit}`;
  const si = formatValue(limit.si, unit);
  return src === si ? src : `${src} (${si})`;
}

/** A measured value for sentences, in its SI unit. */
export function formatValue(v: number, unit: MeasureDef["unit"]): string {
  switch (unit) {
    // Lengths and areas in the run's unit system (display.units); the metric text as before.
    case "m":
      return formatLength(
        v,
        unitsNow(),
        v < 0.1 ? `${(v * 1000).toFixed(0)} mm` : `${v.toFixed(3)} m`,
      );
    case "m2":
      return formatArea(v, unitsNow(), `${v.toFixed(2)} m²`);
    case "ratio":
      return v.toFixed(3);
    case "deg":
      return `${v.toFixed(1)}°`;
    case "count":
      return `${+v.toFixed(0)}`;
  }
}
