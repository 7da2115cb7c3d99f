/**
 * Judging sun hours against the sunlight standards, as codes with data (the tool words them):
 *
 * - EN 17037:2018 §5 sunlight exposure: at least 1.5 h (minimum), 3 h (medium) or 4 h (high)
 *   of direct sun on one day between 1 February and 21 March, in at least one habitable room
 *   (shared/reference/rules-and-sun.md §1.6: hours from a secondary summary, unverified).
 * - BRE BR 209 (2011) sunlight to windows: windows facing within 90° of due south get at
 *   least 25 % of annual probable sunlight hours and 5 % between 21 September and 21 March
 *   (§1.6: S). Without sunshine-probability records the shares are of possible (clear-sky)
 *   hours: an approximation, unverified.
 *
 * Counted hours carry a sampling error; a measure within it of its limit is `warn` (the
 * uncertainty rule of design.md, through `judge`).
 */
import { judge } from "../../ground/plan.ts";

/** EN 17037:2018 sunlight exposure levels, hours of direct sun on the chosen day. */
export const EN17037_HOURS = { minimum: 1.5, medium: 3, high: 4 } as const;
export type En17037Level = keyof typeof EN17037_HOURS;

/** BRE BR 209 (2011): shares of annual probable sunlight hours, over the year and in winter. */
export const BRE209_ANNUAL = 0.25, BRE209_WINTER = 0.05;

/** Room labels EN 17037 and BR 209 look at: the habitable rooms of a dwelling. */
export const HABITABLE_LABELS = ["living", "dining", "kitchen", "bedroom", "office"];

/** Whether a day lies in EN 17037's counting season (1 February to 21 March). */
export function en17037InSeason(month: number, day: number): boolean {
  return month === 2 || (month === 3 && day <= 21);
}

/** A room's hours of direct sun on the chosen day. */
export interface RoomSun {
  id: string;
  day_h: number;
  habitable: boolean;
}

/** EN 17037 judged on a dwelling's rooms: which code, and its data. */
export type En17037Outcome =
  | { code: "en17037.no_habitable_room"; limit_h: number }
  | {
    code: "en17037.met" | "en17037.too_close" | "en17037.not_met";
    status: "pass" | "warn" | "fail";
    limit_h: number;
    /** The habitable room with the most sun (the first of equals). */
    best: string;
    best_day_h: number;
    /** Each habitable room judged on its own. */
    rooms: Map<string, "pass" | "warn" | "fail">;
  };

/**
 * EN 17037 sunlight exposure at `level`: the best habitable room's hours against the limit,
 * with `step_h` (the day's counting step: the midpoint rule is within one step) as tolerance.
 */
export function judgeEn17037(
  rooms: RoomSun[],
  level: En17037Level,
  step_h: number,
): En17037Outcome {
  const limit_h = EN17037_HOURS[level];
  const habitable = rooms.filter((r) => r.habitable);
  if (!habitable.length) return { code: "en17037.no_habitable_room", limit_h };
  const best = habitable.reduce((a, b) => (b.day_h > a.day_h ? b : a));
  const status = judge(best.day_h, ">=", limit_h, step_h);
  return {
    code: status === "pass"
      ? "en17037.met"
      : status === "warn"
      ? "en17037.too_close"
      : "en17037.not_met",
    status,
    limit_h,
    best: best.id,
    best_day_h: best.day_h,
    rooms: new Map(habitable.map((r) => [r.id, judge(r.day_h, ">=", limit_h, step_h)])),
  };
}

/** A window's counted sun over the year and in winter. */
export interface WindowSun {
  id: string;
  /** Compass azimuth the window faces, degrees clockwise from north. */
  facing_deg: number;
  year_h: number;
  winter_h: number;
  /** Whether its room is habitable. */
  habitable: boolean;
}

/** One window judged against BR 209: shares (0–1) and their statuses. */
export interface Bre209Window {
  id: string;
  annual_share: number;
  winter_share: number;
  annual: "pass" | "warn" | "fail";
  winter: "pass" | "warn" | "fail";
}

/**
 * BR 209 on the windows it applies to (habitable rooms, facing within 90° of due south).
 * The tolerance of a share: each edge of a sunny spell (sunrise, sunset, the sun crossing
 * the wall's plane) is off by up to ±step/2; the year's samples shift their phase daily, so
 * the errors are independent with sd step/√12 each; two edges a day over 365 days, 2 sd.
 */
export function judgeBre209(
  windows: WindowSun[],
  possibleYear_h: number,
  possibleWinter_h: number,
  yearStep_h: number,
): Bre209Window[] {
  const edgeSd_h = yearStep_h * Math.sqrt((2 * 365) / 12);
  const tolYear = 2 * edgeSd_h / possibleYear_h, tolWinter = 2 * edgeSd_h / possibleWinter_h;
  const out: Bre209Window[] = [];
  for (const w of windows) {
    const southish = Math.cos((w.facing_deg - 180) * Math.PI / 180) > 1e-9;
    if (!southish || !w.habitable) continue;
    const share = w.year_h / possibleYear_h, shareW = w.winter_h / possibleWinter_h;
    out.push({
      id: w.id,
      annual_share: share,
      winter_share: shareW,
      annual: judge(share, ">=", BRE209_ANNUAL, tolYear),
      winter: judge(shareW, ">=", BRE209_WINTER, tolWinter),
    });
  }
  return out;
}
