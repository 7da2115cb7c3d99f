/**
 * door_clearance's words, made in one place from codes and data (core/wording.ts): steps,
 * check labels and notes, overlay labels, findings, the estimate's assumption and the verdicts.
 * Lengths in metres.
 */
import { capitalise } from "../../ground/text.ts";
import { fmtM, type Metric, type Status, TOO_CLOSE } from "../../core/result.ts";
import { findingWords, wording } from "../../core/wording.ts";

/** Whose need a door is judged against: the person's chair and margin, or the standard. */
export interface Need {
  need_m: number;
  /** The person's chair (metres); absent when the standard's minimum is the need. */
  chair_m?: number;
  margin_m: number;
  standard: string;
  /** The standard's minimum clear width. */
  min_m: number;
}

/** The counts a verdict is made from. */
export interface Tally extends Need {
  doors: number;
  fails: number;
  warns: number;
  narrowest: string;
  narrowest_m: number;
  /** With a chair: doors that do not clearly meet the standard (checked aside). */
  below_standard: number;
}

/** What each sentence needs, by code. */
export interface Messages {
  "step.checking": Need & { doors: number };
  "step.standard_aside": Need;
  "step.done": { fails: number; warns: number };
  "check.clear_width": { door: string; mine: boolean; estimated: boolean };
  "check.meets_standard": { door: string; standard: string; min_m: number; status: Status };
  "note.clear_width": { basis: string; status: Status; estimated: boolean };
  "overlay.door": { door: string; clear_m: number };
  "metric.below_standard": { standard: string; min_m: number };
  "assumption.estimated": { doors: string[]; leaf_and_stop: string; error: string };
  "verdict.no_doors": { scan: string };
  "verdict.too_narrow": Tally;
  "verdict.too_close": Tally;
  "verdict.all_clear": Tally;
}

/** Why the need is what it is. */
const why = (n: Need) =>
  n.chair_m !== undefined
    ? `your ${fmtM(n.chair_m)} chair plus ${fmtM(n.margin_m)} beside it`
    : `the minimum clear width, ${n.standard}`;
const you = (n: Need) => n.chair_m !== undefined ? "your chair needs" : `${n.standard} asks`;
const yesNo = (s: Status) => s === "pass" ? "yes" : s === "fail" ? "no" : "too close to call";
/** With a chair, the standard's minimum is said beside the person's verdict. */
const aside = (t: Tally) =>
  t.chair_m === undefined
    ? ""
    : t.below_standard
    ? ` Separately, ${t.below_standard} of ${t.doors} do not clearly meet ${t.standard} (${
      fmtM(t.min_m, 3)
    }).`
    : ` All meet ${t.standard} (${fmtM(t.min_m, 3)}).`;

export const say = wording<Messages>({
  "step.checking": (d) =>
    `Checking ${d.doors} doors and openings against ${fmtM(d.need_m, 3)} (${why(d)})`,
  "step.standard_aside": (d) =>
    `And each against ${d.standard}'s ${fmtM(d.min_m, 3)}, as a separate check`,
  "step.done": (d) => `Done: ${d.fails} too narrow, ${d.warns} too close to call`,
  "check.clear_width": (d) =>
    `${d.door}: clear width${d.mine ? " for your chair" : ""}${d.estimated ? " (estimated)" : ""}`,
  "check.meets_standard": (d) =>
    `${d.door}: meets ${d.standard} (${fmtM(d.min_m, 3)})? ${yesNo(d.status)}`,
  "note.clear_width": (d) =>
    d.status !== "warn"
      ? d.basis
      : d.estimated
      ? `estimated — measure on site; ${d.basis}`
      : `${TOO_CLOSE}; ${d.basis}`,
  "overlay.door": (d) => `${d.door} ${fmtM(d.clear_m)}`,
  "metric.below_standard": (d) => `Below ${d.standard} (${fmtM(d.min_m, 3)}) or too close`,
  "assumption.estimated": (d) =>
    `${d.doors.length} door(s) state only their leaf width, so their clear width is estimated as the leaf less ${d.leaf_and_stop}, ${d.error}, and judged within that bound on top of the scan's uncertainty (estimated — measure on site); ADA 404.2.3 measures face of door to stop: ${
      d.doors.join(", ")
    }.`,
  "verdict.no_doors": (d) => `Scan ${d.scan} records no doors or openings to check.`,
  "verdict.too_narrow": (d) =>
    `${d.fails} of ${d.doors} doors are narrower than the ${fmtM(d.need_m, 3)} ${
      you(d)
    }; the narrowest is ${d.narrowest} at ${fmtM(d.narrowest_m)}` +
    (d.warns ? `, and ${d.warns} are too close to call` : "") + "." + aside(d),
  "verdict.too_close": (d) =>
    `${d.warns} of ${d.doors} doors are within the scan's uncertainty of the ${fmtM(d.need_m, 3)} ${
      you(d)
    }: measure them on site.` + aside(d),
  "verdict.all_clear": (d) =>
    `${d.doors === 1 ? "The only door gives" : `All ${d.doors} doors give`} at least the ${
      fmtM(d.need_m, 3)
    } ${you(d)}; the narrowest is ${d.narrowest} at ${fmtM(d.narrowest_m)}.` + aside(d),
});

/** The metrics: doors checked, too narrow, too close, the need, below the standard, narrowest. */
export function doorMetrics(
  need: Need,
  t: {
    doors: number;
    fails: number;
    warns: number;
    below_standard: number;
    narrowest_m: number | null;
  },
): Metric[] {
  return [
    { id: "doors_checked", label: "Doors and openings checked", value: t.doors },
    { id: "doors_too_narrow", label: "Too narrow", value: t.fails },
    { id: "doors_too_close", label: "Too close to call", value: t.warns },
    { id: "needed_clear_width_m", label: "Clear width needed", value: need.need_m, unit: "m" },
    ...(need.chair_m !== undefined
      ? [{
        id: "doors_below_standard",
        label: say("metric.below_standard", need),
        value: t.below_standard,
      }]
      : []),
    {
      id: "narrowest_clear_width_m",
      label: "Narrowest clear width",
      value: t.narrowest_m,
      unit: "m",
    },
  ];
}

/** What each finding needs, by code. */
export interface FindingMessages {
  "door.too_narrow": DoorFinding;
  "door.too_close": DoorFinding;
}
interface DoorFinding extends Need {
  door: string;
  clear_m: number;
  estimated: boolean;
  /** With a chair: whether the door meets the standard's minimum. */
  standard_status?: Status;
}

const detail = (d: DoorFinding, warn: boolean) =>
  `${capitalise(d.door)} is ${fmtM(d.clear_m)} clear${
    d.estimated ? " (estimated from its width)" : ""
  }; ${fmtM(d.need_m, 3)} needed (${why(d)})` + (warn ? ` (${TOO_CLOSE})` : "") +
  (d.standard_status !== undefined
    ? `. Meets ${d.standard} (${fmtM(d.min_m, 3)}): ${yesNo(d.standard_status)}`
    : "") +
  ".";

export const finding = findingWords<FindingMessages>({
  "door.too_narrow": (d) => ({
    title: `${capitalise(d.door)} is too narrow${d.chair_m !== undefined ? " for your chair" : ""}`,
    detail: detail(d, false),
  }),
  "door.too_close": (d) => ({
    title: `${capitalise(d.door)} is too close to call`,
    detail: detail(d, true),
  }),
});
