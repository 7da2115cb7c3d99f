/**
 * turning_space's words, made in one place from codes and data (core/wording.ts): steps, check
 * labels and notes, overlay labels, findings, assumptions and verdicts. Lengths in metres.
 */
import { fmtM, TOO_CLOSE } from "../../core/result.ts";
import { findingWords, wording } from "../../core/wording.ts";

/** How ADA 304.3.2's T came out where the circle did not pass. */
export type TTurn = "fits" | "fits_within_uncertainty" | "does_not_fit" | "not_tried";

/** The counts a verdict is made from. */
export interface Tally {
  need_m: number;
  judged: number;
  fails: number;
  warns: number;
  /** Rooms whose outline encloses no free floor. */
  empty: number;
}

/** What each sentence needs, by code. */
export interface Messages {
  "step.finding": { rooms: number };
  "step.done": { fails: number; warns: number };
  "check.turning": { room: string };
  "note.no_free_floor": Record<string, never>;
  "note.turning": { t: TTurn; warn: boolean };
  "overlay.circle": { room: string; diameter_m: number };
  "overlay.t_turn": { room: string };
  "assumption.precision": Record<string, never>;
  "assumption.skipped": { rooms: string[] };
  "assumption.empty": { rooms: string[] };
  "verdict.no_free_floor": { scan: string };
  "verdict.too_tight": Tally & { tightest: string; tightest_m: number };
  "verdict.too_close": Tally;
  "verdict.all_turn": Tally & { tightest: string; tightest_m: number };
}

const T_FITS = "ADA 304.3.2's T-shaped turning space fits instead";
const T_CLOSE =
  `ADA 304.3.2's T-shaped turning space fits only within the scan's uncertainty (${TOO_CLOSE})`;
const noFloor = (t: Tally) => t.empty ? ` ${t.empty} room(s) have no free floor.` : "";

export const say = wording<Messages>({
  "step.finding": (d) => `Finding the largest clear circle in ${d.rooms} rooms`,
  "step.done": (d) => `Done: ${d.fails} too tight, ${d.warns} too close to call`,
  "check.turning": (d) => `${d.room}: clear turning circle`,
  "note.no_free_floor": () =>
    "Its outline encloses no free floor (zero area, or covered by objects).",
  "note.turning": (d) =>
    d.t === "fits" ? T_FITS : d.t === "fits_within_uncertainty" ? T_CLOSE : d.warn ? TOO_CLOSE : "",
  "overlay.circle": (d) => `${d.room} ⌀ ${fmtM(d.diameter_m)}`,
  "overlay.t_turn": (d) => `${d.room}: T-turn`,
  "assumption.precision": () =>
    "Circles are found to within 5 mm on the floor free of the scanned objects; furniture the scan missed is not counted.",
  "assumption.skipped": (d) =>
    `Not checked (stairs, closets, outdoor spaces): ${d.rooms.join(", ")}.`,
  "assumption.empty": (d) =>
    `${d.rooms.length} room(s) enclose no free floor: ${d.rooms.join(", ")}.`,
  "verdict.no_free_floor": (d) => `No room in scan ${d.scan} has free floor to check.`,
  "verdict.too_tight": (d) =>
    `${d.fails} of ${d.judged} rooms have no clear ${
      fmtM(d.need_m, 3)
    } turning circle; the tightest is ${d.tightest} at ${fmtM(d.tightest_m)}` +
    (d.warns ? `, and ${d.warns} are too close to call` : "") + "." + noFloor(d),
  "verdict.too_close": (d) =>
    `${d.warns} of ${d.judged} rooms are within the scan's uncertainty of a ${
      fmtM(d.need_m, 3)
    } turning space: measure on site.` + noFloor(d),
  "verdict.all_turn": (d) =>
    `${d.judged === 1 ? "The room has" : `All ${d.judged} rooms have`} room to turn (${
      fmtM(d.need_m, 3)
    } circle, or ADA's T); the tightest circle is ${fmtM(d.tightest_m)} in ${d.tightest}.` +
    noFloor(d),
});

/** What each finding needs, by code. */
export interface FindingMessages {
  "room.too_tight": RoomFinding;
  "room.too_close": RoomFinding;
}
interface RoomFinding {
  room: string;
  diameter_m: number;
  need_m: number;
  objects: number;
  t: TTurn;
}

const detail = (d: RoomFinding, warn: boolean) =>
  `The largest clear circle in ${d.room} is ${fmtM(d.diameter_m)} across; ${
    fmtM(d.need_m, 3)
  } needed` +
  (d.objects ? ` (with ${d.objects} object(s) in the room)` : "") +
  (d.t === "fits"
    ? `; ${T_FITS}`
    : d.t === "fits_within_uncertainty"
    ? `; ${T_CLOSE}`
    : d.t === "does_not_fit"
    ? "; ADA 304.3.2's T-shaped space does not fit either"
    : "") +
  (warn && (d.t === "does_not_fit" || d.t === "not_tried") ? ` (${TOO_CLOSE})` : "") + ".";

export const finding = findingWords<FindingMessages>({
  "room.too_tight": (d) => ({
    title: `No room to turn around in ${d.room}`,
    detail: detail(d, false),
  }),
  "room.too_close": (d) => ({
    title: `Turning space in ${d.room} is too close to call`,
    detail: detail(d, true),
  }),
});
