/**
 * ceiling_height's words, made in one place from codes and data (core/wording.ts): the steps,
 * check labels and notes, overlay labels, findings, assumptions and verdicts. Lengths in metres.
 */
import { fmtM, TOO_CLOSE } from "../../core/result.ts";
import { unjudgedLead } from "../../core/verdict.ts";
import { findingWords, wording } from "../../core/wording.ts";

/** What each sentence needs, by code. */
export interface Messages {
  "step.checking": { rooms: number; min_m: number };
  "step.done": { low: number; close: number; unmeasured: number };
  "check.height": { room: string };
  "note.no_height": Record<string, never>;
  "overlay.room": { room: string; height_m?: number };
  "assumption.no_height": { rooms: string[] };
  "verdict.none_measured": { scan: string };
  "verdict.too_low": VerdictCounts & { lowest_room: string; lowest_m: number };
  "verdict.too_close": VerdictCounts;
  "verdict.all_reach": VerdictCounts & { lowest_m: number };
}

/** The counts every judged verdict is made from. */
export interface VerdictCounts {
  min_m: number;
  /** Rooms with a height. */
  measured: number;
  low: number;
  close: number;
  /** Rooms without a height (not judged), and all rooms checked. */
  unjudged: number;
  rooms: number;
}

export const say = wording<Messages>({
  "step.checking": (d) => `Checking ${d.rooms} rooms against ${fmtM(d.min_m)}`,
  "step.done": (d) =>
    `Done: ${d.low} low, ${d.close} too close to call, ${d.unmeasured} unmeasured`,
  "check.height": (d) => `${d.room}: height`,
  "note.no_height": () => "The scan has no height for this room.",
  "overlay.room": (d) => d.height_m === undefined ? d.room : `${d.room} ${fmtM(d.height_m)}`,
  "assumption.no_height": (d) =>
    `${d.rooms.length} room(s) have no measured height and were not judged: ${d.rooms.join(", ")}.`,
  "verdict.none_measured": (d) =>
    `No room in scan ${d.scan} has a measured ceiling height, so none could be checked.`,
  "verdict.too_low": (d) =>
    lead(d) + `${d.low} of ${d.measured} rooms are lower than ${fmtM(d.min_m)}` +
    (d.close ? `, and ${d.close} too close to call` : "") +
    `; the lowest is ${d.lowest_room} at ${fmtM(d.lowest_m)}.`,
  "verdict.too_close": (d) =>
    lead(d) +
    `${d.close} of ${d.measured} rooms are within the scan's uncertainty of ${
      fmtM(d.min_m)
    }: measure on site.`,
  "verdict.all_reach": (d) =>
    lead(d) +
    `All ${d.measured} measured rooms reach ${fmtM(d.min_m)}; the lowest is ${fmtM(d.lowest_m)}.`,
});

/** The truthful-verdict rule: what could not be judged comes first. */
function lead(d: VerdictCounts): string {
  return d.unjudged ? `${unjudgedLead(d.unjudged, d.rooms, "room", "no height")}. ` : "";
}

/** What each finding needs, by code. */
export interface FindingMessages {
  "room.too_low": { room: string; height_m: number; min_m: number };
  "room.too_close": { room: string; height_m: number; min_m: number };
}

export const finding = findingWords<FindingMessages>({
  "room.too_low": (d) => ({
    title: `${d.room} is lower than your minimum`,
    detail: `${d.room} measures ${fmtM(d.height_m)}; the minimum is ${fmtM(d.min_m)}.`,
  }),
  "room.too_close": (d) => ({
    title: `${d.room} is too close to your minimum to call`,
    detail: `${d.room} measures ${fmtM(d.height_m)}; the minimum is ${
      fmtM(d.min_m)
    } (${TOO_CLOSE}).`,
  }),
});
