/**
 * site_drainage's verdict in words: which sides do not fall away (IRC R401.3), which are too
 * close to call, where water ponds against the building, and how much ground drains to it.
 */
import type { Check } from "../../core/result.ts";
import { fmtM } from "../../core/result.ts";
import { capitalise, listWords } from "../../ground/text.ts";
import type { Pond } from "../../engines/geometry/drainage.ts";

/** The verdict's sentence from the side checks, the ponds and the upslope area. */
export function verdictText(
  checks: Check[],
  ponds: Pond[],
  upslope_m2: number,
  within_m: number,
  min_fall_m: number,
): string {
  const failing = checks.filter((c) => c.status === "fail");
  const close = checks.filter((c) => c.status === "warn");
  const unknown = checks.filter((c) => c.status === "unknown");
  const parts: string[] = [];
  if (failing.length) {
    parts.push(
      `The ground does not fall ${fmtM(min_fall_m)} within ${fmtM(within_m)} on the ${
        listWords(failing.map((c) => c.subject!))
      } side${failing.length > 1 ? "s" : ""} (IRC R401.3; worst ${
        (failing.reduce((a, b) => (b.measured! < a.measured! ? b : a)).measured! >= 0)
          ? "falls"
          : "rises"
      } ${fmtM(Math.abs(Math.min(...failing.map((c) => c.measured!))))})`,
    );
  } else if (!close.length && !unknown.length) {
    parts.push(
      `The ground falls at least ${fmtM(Math.min(...checks.map((c) => c.measured!)))} within ${
        fmtM(within_m)
      } on all ${checks.length} sides`,
    );
  }
  if (close.length) {
    parts.push(
      `the fall on the ${listWords(close.map((c) => c.subject!))} side${
        close.length > 1 ? "s is" : " is"
      } too close to call`,
    );
  }
  if (ponds.length) {
    parts.push(
      `water ponds against the building in ${ponds.length} place${
        ponds.length > 1 ? "s" : ""
      } (up to ${fmtM(Math.max(...ponds.map((p) => p.depth_m)))} deep)`,
    );
  } else parts.push("no water ponds against it");
  const first = parts.join("; ");
  return `${capitalise(first)}. About ${
    Math.round(upslope_m2)
  } m² of ground drains towards the building.`;
}
