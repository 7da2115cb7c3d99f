/**
 * sun_hours' checks against the chosen sunlight standard, worded: the judging itself is
 * engines/geometry/sunlight_rules.ts (codes with data); this turns its outcome into checks,
 * findings, assumptions and the verdict's sentence.
 */
import type { Assumption, Check, Finding, Status } from "../../core/result.ts";
import { openFinding, TOO_CLOSE, worstStatus } from "../../core/result.ts";
import { capitalise, round } from "../../ground/text.ts";
import type { RoomSun, WindowSun } from "../../engines/geometry/sun_count.ts";
import {
  BRE209_ANNUAL,
  BRE209_WINTER,
  en17037InSeason,
  type En17037Level,
  judgeBre209,
  judgeEn17037,
} from "../../engines/geometry/sunlight_rules.ts";

const TOOL = "sun_hours";
const fmtH = (h: number) => `${h.toFixed(1)} h`;

/** What the standard's checks need: the choice, the day, the counted rooms and windows. */
export interface StandardInput {
  standard: "en17037" | "bre209" | "none";
  en17037_level: En17037Level;
  /** The chosen day as given (YYYY-MM-DD), and its month and day. */
  date: string;
  month: number;
  day: number;
  scan: string;
  rooms: RoomSun[];
  results: WindowSun[];
  /** A window's display name (ground/names.ts): what a person reads instead of its id. */
  windowName: (id: string) => string;
  /** The day's and the year's counting steps, h. */
  dayStep_h: number;
  yearStep_h: number;
  possibleYear_h: number;
  possibleWinter_h: number;
}

/** What the chosen standard gives: its checks, findings, assumptions and the verdict's words. */
export interface StandardOutcome {
  checks: Check[];
  findings: Finding[];
  assumptions: Assumption[];
  windowStatus: Map<string, Status>;
  roomStatus: Map<string, Status>;
  /** The verdict's sentence ("" when the standard says nothing: the sunniest room is said). */
  verdictText: string;
  /** The verdict's code and data when the standard says something. */
  verdictCode?: { code: string; data: Record<string, unknown> };
}

/** The checks, findings and assumptions of the chosen standard, and the verdict's sentence. */
export function standardChecks(p: StandardInput): StandardOutcome {
  if (p.standard === "en17037") return en17037Checks(p);
  if (p.standard === "bre209") return bre209Checks(p);
  return {
    checks: [],
    findings: [],
    assumptions: [],
    windowStatus: new Map(),
    roomStatus: new Map(),
    verdictText: "",
  };
}

/** EN 17037 sunlight exposure: the best habitable room's hours on the day against the level. */
function en17037Checks(p: StandardInput): StandardOutcome {
  const {
    en17037_level,
    date,
    month,
    day,
    scan,
    rooms,
    dayStep_h,
  } = p;
  const assumptions: Assumption[] = [];
  const checks: Check[] = [];
  const findings: Finding[] = [];
  const windowStatus = new Map<string, Status>();
  const roomStatus = new Map<string, Status>();
  const dayTol_h = dayStep_h; // midpoint rule: within one step
  let verdictText = "";
  let verdictCode: { code: string; data: Record<string, unknown> } | undefined;
  const en = judgeEn17037(rooms, en17037_level, dayTol_h);
  const limit = en.limit_h;
  if (!en17037InSeason(month, day)) {
    assumptions.push({
      code: "assumption.en17037_out_of_season",
      data: { date },
      text:
        `EN 17037 counts sunlight on a day between 1 February and 21 March; ${date} is outside it, so the check is indicative.`,
      input: "date",
    });
  }
  assumptions.push({
    code: "assumption.en17037",
    data: { level: en17037_level, limit_h: limit, date },
    text:
      `EN 17037 ${en17037_level} sunlight exposure: at least ${limit} h of direct sun on ${date} in one habitable room (living, dining, kitchen, bedroom, office), at the window's centre. The hour values come from a secondary summary and are unverified.`,
  });
  const rule = {
    pack: "en17037",
    section: "§5 sunlight exposure (clause number unverified)",
    unverified: true,
  };
  if (en.code === "en17037.no_habitable_room") {
    checks.push({
      id: "en17037:dwelling",
      code: "en17037.no_habitable_room",
      data: { level: en17037_level, limit_h: limit },
      label: "EN 17037 sunlight exposure: best habitable room",
      status: "unknown",
      limit,
      unit: "h",
      rule,
      note: "No room with a window to the outside is a habitable room.",
    });
  } else {
    const best = rooms.find((r) => r.id === en.best)!;
    const status = en.status;
    const data = {
      level: en17037_level,
      limit_h: limit,
      room: best.name,
      day_h: best.day_h,
      date,
    };
    checks.push({
      id: "en17037:dwelling",
      code: en.code,
      data,
      label: `EN 17037 sunlight exposure (${en17037_level}): best habitable room, ${best.name}`,
      status,
      measured: round(best.day_h, 3),
      limit,
      unit: "h",
      rule,
      subject: best.id,
      ...(status === "warn" ? { note: TOO_CLOSE } : {}),
    });
    for (const [id, st] of en.rooms) roomStatus.set(id, st);
    if (status !== "pass") {
      findings.push(openFinding({
        tool: TOOL,
        kind: "dwelling",
        id: scan,
        rule: "en17037",
        code: status === "fail" ? "dwelling.too_little_sun" : "dwelling.too_close",
        data,
        status,
        title: status === "fail"
          ? `No habitable room gets ${limit} h of direct sun on ${date}`
          : `The sunniest habitable room is too close to ${limit} h to call`,
        detail: `${best.name} gets ${
          fmtH(best.day_h)
        } of direct sun on ${date}; EN 17037 (${en17037_level}) asks for ${limit} h in at least one habitable room.`,
        subject: best.id,
        overlays: [`room:${best.id}`],
      }));
    }
    verdictCode = { code: en.code, data };
    verdictText = en.code === "en17037.met"
      ? `${best.name} gets ${
        fmtH(best.day_h)
      } of direct sun on ${date}, meeting EN 17037 ${en17037_level} (${limit} h).`
      : en.code === "en17037.too_close"
      ? `${best.name} gets ${
        fmtH(best.day_h)
      } on ${date}, within the counting step of EN 17037's ${limit} h: too close to call.`
      : `No habitable room reaches EN 17037 ${en17037_level} (${limit} h) on ${date}; the best, ${best.name}, gets ${
        fmtH(best.day_h)
      }.`;
  }
  return {
    checks,
    findings,
    assumptions,
    windowStatus,
    roomStatus,
    verdictText,
    ...(verdictCode ? { verdictCode } : {}),
  };
}

/** BRE BR 209: each south-facing habitable window's share of annual and winter sun hours. */
function bre209Checks(p: StandardInput): StandardOutcome {
  const {
    rooms,
    results,
    yearStep_h,
    possibleYear_h,
    possibleWinter_h,
  } = p;
  const assumptions: Assumption[] = [];
  const checks: Check[] = [];
  const findings: Finding[] = [];
  const windowStatus = new Map<string, Status>();
  const roomStatus = new Map<string, Status>();
  let verdictText = "";
  let verdictCode: { code: string; data: Record<string, unknown> } | undefined;
  assumptions.push({
    code: "assumption.bre209",
    data: { annual: BRE209_ANNUAL, winter: BRE209_WINTER },
    text: `BRE BR 209 (2011) asks ${BRE209_ANNUAL * 100} % of annual probable sunlight hours (and ${
      BRE209_WINTER * 100
    } % from 21 September to 21 March) for windows facing within 90° of due south. Probable sunlight hours weigh each hour by the local chance of sunshine; without those records this counts the share of possible (clear-sky) sun hours above the horizon instead, so the check is an approximation and its values are unverified.`,
  });
  const judged = judgeBre209(
    results.map((w) => ({
      ...w,
      habitable: rooms.find((r) => r.id === w.room)!.habitable,
    })),
    possibleYear_h,
    possibleWinter_h,
    yearStep_h,
  );
  const rule = {
    pack: "bre-br209-2011",
    section: "sunlight to windows (section unverified)",
    unverified: true,
  };
  for (const j of judged) {
    const w = results.find((x) => x.id === j.id)!;
    const room = rooms.find((r) => r.id === w.room)!;
    const name = p.windowName(w.id);
    const share = j.annual_share, shareW = j.winter_share, s1 = j.annual, s2 = j.winter;
    const data = {
      window: w.id,
      window_name: name,
      room: room.name,
      annual_share: share,
      winter_share: shareW,
      annual_limit: BRE209_ANNUAL,
      winter_limit: BRE209_WINTER,
    };
    // The two BRE 209 checks of a window: its share of annual and of winter sun hours.
    const seasons = [
      { season: "annual", share, limit: BRE209_ANNUAL, status: s1 },
      { season: "winter", share: shareW, limit: BRE209_WINTER, status: s2 },
    ] as const;
    for (const x of seasons) {
      checks.push({
        id: `bre209:${x.season}:${w.id}`,
        code: `bre209.${x.season}`,
        data,
        label: `${name}: share of ${x.season} sun hours`,
        status: x.status,
        measured: round(x.share * 100, 2),
        limit: x.limit * 100,
        unit: "%",
        rule,
        subject: w.id,
        ...(x.status === "warn" ? { note: TOO_CLOSE } : {}),
      });
    }
    const ws = worstStatus([s1, s2]);
    windowStatus.set(w.id, ws);
    if (ws !== "pass") {
      findings.push(openFinding({
        tool: TOOL,
        kind: "window",
        id: w.id,
        rule: "bre209",
        code: "window.below_bre209",
        data,
        status: ws,
        title: `${capitalise(name)} gets less sun than BRE BR 209 asks`,
        detail: `${capitalise(name)} gets ${
          (share * 100).toFixed(1)
        } % of the year's possible sun hours (BR 209: ${BRE209_ANNUAL * 100} %) and ${
          (shareW * 100).toFixed(1)
        } % in winter (${BRE209_WINTER * 100} %).`,
        subject: w.id,
        overlays: [`window:${w.id}`],
      }));
    }
  }
  if (!checks.length) {
    verdictCode = { code: "bre209.not_applicable", data: {} };
    verdictText =
      `No habitable room's window faces within 90° of due south, so BRE BR 209 does not apply.`;
  }

  return {
    checks,
    findings,
    assumptions,
    windowStatus,
    roomStatus,
    verdictText,
    ...(verdictCode ? { verdictCode } : {}),
  };
}
