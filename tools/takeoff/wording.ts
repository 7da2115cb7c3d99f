/**
 * takeoff's words, made in one place from codes and data (core/wording.ts): steps, overlay
 * labels, assumptions and the verdict. Areas in m², lengths in m, paint in litres.
 */
import { fmtM2 } from "../../core/result.ts";
import { wording } from "../../core/wording.ts";

/** What each sentence needs, by code. */
export interface Messages {
  "step.measuring": { rooms: number; convention: string };
  "step.done": { rooms: number; floor_area_m2: number };
  "overlay.room": { room: string; floor_area_m2: number };
  "assumption.excluded": { rooms: { room: string; why: string }[] };
  "assumption.unfinished": { rooms: string[]; convention: string };
  "assumption.no_height": { rooms: string[] };
  /** Rooms not measured: the import marked their values implausible. */
  "assumption.implausible": { rooms: string[] };
  "verdict.none_measured": { scan: string; rooms: number };
  "check.implausible": { room: string };
  "note.implausible": { reasons: string[] };
  "verdict.quantities": {
    convention: string;
    floor_area_m2: number;
    rooms: number;
    floors: number;
    wall_net_m2: number;
    paint_l: number;
    paint_coats: number;
    flooring_m2: number;
    /** Fraction (0.1 = 10 %). */
    flooring_waste: number;
    /** Rooms without a height: their walls are not in the totals. */
    no_height: number;
    /** Rooms not measured (implausible values), and all the rooms of the scan. */
    not_measured: number;
    of: number;
  };
}

export const say = wording<Messages>({
  "step.measuring": (d) => `Measuring ${d.rooms} rooms (${d.convention} convention)`,
  "step.done": (d) => `Done: ${d.rooms} rooms, ${fmtM2(d.floor_area_m2, 2)}`,
  "overlay.room": (d) => `${d.room} ${fmtM2(d.floor_area_m2, 2)}`,
  "assumption.excluded": (d) =>
    `Left out of the totals under this convention: ${
      d.rooms.map((r) => `${r.room} (${r.why})`).join("; ")
    }.`,
  "assumption.unfinished": (d) =>
    `Paint and flooring include ${
      d.rooms.join(", ")
    } (unheated or unfinished) by the ${d.convention} convention's choice; the finished convention leaves them out.`,
  "assumption.no_height": (d) =>
    `${d.rooms.length} room(s) have no measured height, so their walls, volume and wall paint are not in the totals: ${
      d.rooms.join(", ")
    }.`,
  "assumption.implausible": (d) =>
    `Not measured, their scanned values being implausible (see the import warnings): ${
      d.rooms.slice(0, 20).join(", ")
    }${d.rooms.length > 20 ? ` and ${d.rooms.length - 20} more` : ""}.`,
  "verdict.none_measured": (d) =>
    `None of the ${d.rooms} room(s) of ${d.scan} could be measured: their scanned outlines are implausible (see the import warnings).`,
  "check.implausible": (d) => `Quantities of ${d.room}`,
  "note.implausible": (d) => `Not measured: the scan's ${d.reasons.join("; ")}`,
  "verdict.quantities": (d) =>
    (d.not_measured
      ? `${d.not_measured} of ${d.of} rooms could not be measured (implausible scan values); the totals are of the other ${
        d.of - d.not_measured
      }: `
      : "") +
    `${fmtM2(d.floor_area_m2, 2)} of floor (${d.convention}) in ${d.rooms} rooms` +
    ` on ${d.floors} floor(s); ${fmtM2(d.wall_net_m2)} of wall net of openings;` +
    ` ${d.paint_l.toFixed(1)} L of paint for ${d.paint_coats} coat(s); ${
      fmtM2(d.flooring_m2)
    } of flooring with ${Math.round(d.flooring_waste * 100)} % waste.` +
    (d.no_height ? ` Walls are partial: ${d.no_height} room(s) have no height.` : ""),
});
