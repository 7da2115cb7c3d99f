/**
 * site_drainage's verdict: its data (which sides do not fall away, IRC R401.3; which are too
 * close to call; where water ponds against the building; how much ground drains to it), and
 * the sentence made from that data.
 */
import type { Check } from "../../core/result.ts";
import { fmtM, fmtM2 } from "../../core/result.ts";
import { capitalise, listWords } from "../../ground/text.ts";
import type { Pond } from "../../engines/geometry/drainage.ts";

/** What the verdict's sentence is made from (lengths in m, areas in m²). */
export type DrainageVerdict = {
  min_fall_m: number;
  within_m: number;
  sides: number;
  failing: string[];
  close: string[];
  unknown: string[];
  /** The least fall of the failing sides (negative: the ground rises), else of all sides. */
  worst_fall_m: number;
  ponds: number;
  deepest_pond_m: number;
  upslope_m2: number;
};

/** The verdict's data from the side checks, the ponds and the upslope area. */
export function verdictData(
  checks: Check[],
  ponds: Pond[],
  upslope_m2: number,
  within_m: number,
  min_fall_m: number,
): DrainageVerdict {
  const failing = checks.filter((c) => c.status === "fail");
  return {
    min_fall_m,
    within_m,
    sides: checks.length,
    failing: failing.map((c) => c.subject!),
    close: checks.filter((c) => c.status === "warn").map((c) => c.subject!),
    unknown: checks.filter((c) => c.status === "unknown").map((c) => c.subject!),
    worst_fall_m: Math.min(...(failing.length ? failing : checks).map((c) => c.measured!)),
    ponds: ponds.length,
    deepest_pond_m: ponds.length ? Math.max(...ponds.map((p) => p.depth_m)) : 0,
    upslope_m2,
  };
}

/** The verdict's sentence. */
export function verdictText(d: DrainageVerdict): string {
  const parts: string[] = [];
  if (d.failing.length) {
    parts.push(
      `The ground does not fall ${fmtM(d.min_fall_m)} within ${fmtM(d.within_m)} on the ${
        listWords(d.failing)
      } side${d.failing.length > 1 ? "s" : ""} (IRC R401.3; worst ${
        d.worst_fall_m >= 0 ? "falls" : "rises"
      } ${fmtM(Math.abs(d.worst_fall_m))})`,
    );
  } else if (!d.close.length && !d.unknown.length) {
    parts.push(
      `The ground falls at least ${fmtM(d.worst_fall_m)} within ${
        fmtM(d.within_m)
      } on all ${d.sides} sides`,
    );
  }
  if (d.close.length) {
    parts.push(
      `the fall on the ${listWords(d.close)} side${
        d.close.length > 1 ? "s is" : " is"
      } too close to call`,
    );
  }
  if (d.ponds) {
    parts.push(
      `water ponds against the building in ${d.ponds} place${d.ponds > 1 ? "s" : ""} (up to ${
        fmtM(d.deepest_pond_m)
      } deep)`,
    );
  } else parts.push("no water ponds against it");
  const first = parts.join("; ");
  return `${capitalise(first)}. About ${
    fmtM2(Math.round(d.upslope_m2), 0)
  } of ground drains towards the building.`;
}
