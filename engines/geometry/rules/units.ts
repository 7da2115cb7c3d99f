/**
 * Units a rule's limit may be printed in, and their exact conversion to SI: 1 in = 25.4 mm,
 * 1 ft = 0.3048 m, 1 sq ft = 0.09290304 m² (NIST SP 811 Appendix B); a gradient 1:n is the
 * ratio 1/n.
 */
/** Units a limit may be printed in, with their exact factor to SI. */
export const SOURCE_UNITS = {
  in: { si: 0.0254, family: "length" },
  ft: { si: 0.3048, family: "length" },
  mm: { si: 0.001, family: "length" },
  m: { si: 1, family: "length" },
  "sq ft": { si: 0.09290304, family: "area" },
  m2: { si: 1, family: "area" },
  /** 1:n written as n (run per unit rise); SI is the ratio 1/n. */
  "rise:run": { si: NaN, family: "ratio" },
  "%": { si: 0.01, family: "ratio" },
  deg: { si: 1, family: "angle" },
  /** A number of things (handrails, sides): its own SI. */
  count: { si: 1, family: "count" },
} as const;
export type SourceUnit = keyof typeof SOURCE_UNITS;

/** Exact SI value of a limit printed as `value unit`. */
export function toSI(value: number, unit: SourceUnit): number {
  return unit === "rise:run" ? 1 / value : value * SOURCE_UNITS[unit].si;
}
