/**
 * room_objects' words, made in one place from codes and data (core/wording.ts): the step, check
 * labels and notes, overlay labels, table cells, assumptions and verdicts.
 */
import { fmtM } from "../../core/result.ts";
import { wording } from "../../core/wording.ts";

/** An object placed on the plan, as the table lists it. */
export interface PlacedCell {
  center: [number, number];
  uncertainty_m: number;
  at_wall?: boolean;
}

/** What each sentence needs, by code. */
export interface Messages {
  "step.looking": { rooms: number; of: number };
  "check.objects": { room: string };
  "note.not_seen": { why: string[] };
  "note.seen": { classes: string[] };
  "overlay.object": { label: string; score: number };
  "cell.placed": PlacedCell;
  "cell.bearing": { yaw_deg: number; sweep: string };
  "assumption.line_of_sight": Record<string, never>;
  "assumption.flat_floor": Record<string, never>;
  "assumption.camera_height": { sweeps: number; height_m: number };
  "assumption.no_heading": { sweeps: string[] };
  "verdict.unavailable": { why: string };
  "verdict.none_seen": {
    rooms: number;
    /** The first panorama's reason, how many others were not seen, and the reasons' codes. */
    why?: string;
    others?: number;
    codes?: string[];
  };
  "verdict.some_unseen": Tally;
  "verdict.all_seen": Tally;
}

/** The counts a verdict is made from. */
export interface Tally {
  rooms: number;
  seen: number;
  /** Rooms with panoramas that could not be read. */
  unreadable: number;
  objects: number;
}

export const say = wording<Messages>({
  "step.looking": (d) => `Looking at the panoramas of ${d.rooms} of ${d.of} rooms`,
  "check.objects": (d) => `${d.room}: objects`,
  "note.not_seen": (d) => `Not seen: ${d.why.join("; ")}.`,
  "note.seen": (d) => d.classes.length ? `Seen: ${d.classes.join(", ")}.` : "Nothing seen.",
  "overlay.object": (d) => `${d.label} ${d.score.toFixed(2)}`,
  "cell.placed": (d) =>
    `(${d.center[0].toFixed(2)}, ${d.center[1].toFixed(2)}) ± ${d.uncertainty_m.toFixed(2)} m${
      d.at_wall ? " at the wall" : ""
    }`,
  "cell.bearing": (d) => `bearing ${d.yaw_deg.toFixed(0)}° from ${d.sweep}, not placed`,
  "assumption.line_of_sight": () =>
    "An object is put in the room its line of sight reaches through doors and openings; one whose floor estimate falls beyond a wall (on a counter, on the wall) is put at the wall, its uncertainty as large as the move.",
  "assumption.flat_floor": () =>
    "Each object is taken to stand on a flat floor where the bottom of its box is seen; its depth is taken equal to its width. Objects on counters or walls (microwaves, sinks) land beyond their true place.",
  "assumption.camera_height": (d) =>
    `${d.sweeps} sweep(s) have no plausible camera height in the plan; ${
      fmtM(d.height_m)
    } (a tripod) is assumed for them.`,
  "assumption.no_heading": (d) =>
    `${d.sweeps.length} sweep(s) have no heading, so their objects are listed by bearing and not placed: ${
      d.sweeps.join(", ")
    }.`,
  "verdict.unavailable": (d) => `No room could be seen: ${d.why}`,
  "verdict.none_seen": (d) =>
    `None of the ${d.rooms} rooms could be seen in a panorama${
      d.why ? `: ${d.why}${d.others ? ` (and ${d.others} more panorama(s) not seen)` : ""}` : ""
    }.`,
  // Rooms that could not be seen come first (design.md § "Truthful results").
  "verdict.some_unseen": (d) =>
    `${d.rooms - d.seen} of ${d.rooms} rooms could not be seen (no panorama${
      d.unreadable ? `, or ${d.unreadable} unreadable` : ""
    }); ${d.objects} object(s) in the other ${d.seen}.`,
  "verdict.all_seen": (d) => `${d.objects} object(s) seen in all ${d.seen} room(s).`,
});
