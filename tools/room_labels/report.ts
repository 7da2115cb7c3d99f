/**
 * room_labels' wording and drawing helpers: the verdict sentence, the room overlay, what a
 * guess "shows" in words and the fixed assumptions. Only tools/room_labels/mod.ts imports it.
 */
import type { Room } from "../../ground/plan.ts";
import type { CodeData, Overlay, ToolResult } from "../../core/result.ts";
import { polygonGeometry } from "../../engines/geometry/geojson.ts";
import { type LabelGuess, objectWords, SCORE_MEANING } from "../../engines/vision/labels.ts";
import { VIEW_SETUP } from "../../engines/vision/panorama.ts";
import { findingWords, wording } from "../../core/wording.ts";
import { capitalise } from "../../ground/text.ts";

/** The counts the verdict is worded from. */
export interface LabelCounts {
  total: number;
  agree: number;
  disagree: number;
  committed: number;
  commit_score: number;
  /** Why panoramas could not be seen at all, when none could. */
  unavailable?: string;
}

/** The run's verdict: rooms that could not be checked come first (design.md § "Truthful results"). */
export function labelsVerdict(c: LabelCounts): ToolResult["verdict"] {
  const { total, agree, disagree, committed, commit_score } = c;
  const notChecked = total - agree - disagree;
  if (c.unavailable !== undefined) {
    return {
      status: "unknown" as const,
      code: "verdict.unavailable",
      data: { why: c.unavailable },
      text: `No room could be labelled: ${c.unavailable}`,
    };
  }
  if (committed === 0) {
    return {
      status: "unknown" as const,
      code: "verdict.none_committed",
      data: { total, commit_score },
      text:
        `None of the ${total} rooms could be labelled from panoramas with a score of ${commit_score} or more.`,
    };
  }
  if (disagree) {
    return {
      status: "warn" as const,
      code: "verdict.disagree",
      data: { total, disagree, agree, ...(notChecked ? { unjudged: notChecked } : {}) },
      text: (notChecked
        ? `${notChecked} of ${total} rooms could not be checked against a label; `
        : "") +
        `${disagree}${notChecked ? "" : ` of ${total}`} ${
          disagree === 1 ? "room looks" : "rooms look"
        } like something other than the plan's label.`,
    };
  }
  if (notChecked) {
    return {
      status: "unknown" as const,
      code: "verdict.agree_judged",
      data: { total, agree, unjudged: notChecked },
      text:
        `${notChecked} of ${total} rooms could not be checked against a label; the ${agree} judged agree with the plan.`,
    };
  }
  return {
    status: "pass" as const,
    code: "verdict.all_agree",
    data: { total },
    text: `All ${total} rooms look like their plan labels.`,
  };
}

/** The run's fixed assumptions: how objects are found, and what a score means. */
export function labelsAssumptions(): { text: string; code: string; data: CodeData }[] {
  return [
    {
      code: "assumption.detector",
      data: { views: VIEW_SETUP.count, fov_deg: VIEW_SETUP.fov_deg },
      text:
        `Objects are found by CenterNet (COCO classes) in ${VIEW_SETUP.count} views of ${VIEW_SETUP.fov_deg}° per panorama and put in the room their line of sight reaches through doors; an empty house shows fixtures (toilets, sinks, ovens) but rarely furniture, so bedrooms and living rooms are usually judged from geometry or left unknown.`,
    },
    { code: "assumption.score_meaning", data: {}, text: SCORE_MEANING },
  ];
}

/** A room drawn in the plan view with its judged status. */
export function roomOverlay(
  room: Room,
  id: string,
  status: Overlay["status"],
  label: string,
): Overlay {
  return {
    id,
    kind: "room",
    floor: room.floor,
    geometry: polygonGeometry(room.polygon),
    status,
    label,
  };
}

/** What a guess's panoramas show, in words ("toilet and sink"), or its shape alone. */
export function shows(g: Pick<LabelGuess, "cues">): string {
  const seen = g.cues.flatMap((c) => c.code === "object.seen" ? [objectWords(c)] : []);
  if (!seen.length) return "no fixtures, and its shape";
  return seen.length === 1 ? seen[0] : `${seen.slice(0, -1).join(", ")} and ${seen.at(-1)}`;
}

/** The guess in words: "kitchen 0.81", or "unknown (best bedroom 0.40)". */
export function guessText(g: LabelGuess): string {
  return g.label === "unknown"
    ? `unknown (best ${g.best} ${g.score.toFixed(2)})`
    : `${g.label} ${g.score.toFixed(2)}`;
}

/** Why a room could not be judged: no panorama in it, or its panoramas could not be seen. */
export type Unseen = { why: "no_panorama" } | { why: "not_seen"; missing: string[] };

/** One panorama's own label. */
export interface PanoramaGuess {
  sweep: string;
  label: LabelGuess["label"];
  best: LabelGuess["best"];
  score: number;
}

/** What a seen room's guess is worded from (the check's data: programs read these). */
export interface GuessData {
  room: string;
  /** The plan's label; absent when it has none (or "other"). */
  plan?: string;
  /** An open-plan room's parts' labels (Room.parts). */
  parts?: string[];
  /** The label seen: the best when its score reaches the commit score, else "unknown". */
  label: LabelGuess["label"];
  /** The same as `label` (kept for readers of the first form). */
  guess: LabelGuess["label"];
  /** The three best candidates and their scores. */
  top: { label: string; score: number }[];
  /** The cues that moved the scores, as codes and figures. */
  cues: LabelGuess["cues"];
  /** Each panorama's own label from what it alone shows. */
  panoramas: PanoramaGuess[];
  /** Who decided the label: the room's own evidence, or the house (a need it clearly fills). */
  decided_by: "room" | "house";
  /** The house-level assignment's label for the room (engines/vision/house.ts). */
  house?: {
    label: string;
    need?: string;
    clear?: boolean;
    /** The door rule (house.ts): its doors open into a kitchen and no hallway. */
    door?: { code: string; kitchens: string[]; cost: number; best: string; score: number };
  };
  /** A closet-or-storage room split by the room its one door opens into (house.ts nestLabels). */
  nest?: { label: string; code: string; into: string; into_label: string; score: number };
  /** Against the plan: its label, a part of its open plan, differs, or unknown; judged by. */
  agreement?: "label" | "part" | "differs" | "unknown";
  by?: "room" | "panoramas";
  best: LabelGuess["best"];
  score: number;
  evidence: string[];
  /** What its panoramas show, in words (see {@link shows}). */
  shows: string;
}

const unseenWords = (u: Unseen) =>
  u.why === "no_panorama"
    ? "no panorama was taken in it"
    : `its panoramas could not be seen: ${u.missing.join("; ")}`;
const guessOf = (d: GuessData) =>
  guessText({ label: d.guess, best: d.best, score: d.score } as LabelGuess);
const evidenceOf = (d: GuessData) => capitalise(d.evidence.join("; "));

/** room_labels' steps, labels, notes, table cells and overlay labels from codes and data. */
export const say = wording<{
  "step.looking": { panoramas: number; rooms: number; of: number };
  "step.labelled": GuessData;
  "check.label": { room: string };
  "note.not_judged": Unseen;
  "note.label": GuessData;
  "cell.why": Unseen;
  "overlay.not_seen": { room: string };
  "overlay.guess": GuessData;
}>({
  "step.looking": (d) => `Looking at ${d.panoramas} panoramas in ${d.rooms} of ${d.of} rooms`,
  "step.labelled": (d) =>
    `${d.room} labelled: ${guessOf(d)} (the plan says ${d.plan ?? "nothing"})`,
  "check.label": (d) => `${d.room}: label`,
  "note.not_judged": (d) => `Not judged: ${unseenWords(d)}.`,
  "note.label": (d) =>
    `Plan: ${d.plan ?? "no label"}${
      d.parts?.length ? ` (an open plan of ${d.parts.join(", ")})` : ""
    }. Seen: ${guessOf(d)}${
      d.decided_by !== "house"
        ? ""
        : d.nest && d.label === d.nest.label
        ? `, decided for the whole home: it is surely a closet or storage (${
          d.nest.score.toFixed(2)
        }), and its one door opens into a ${d.nest.into_label}`
        : d.house?.door && !d.house.need
        ? `, decided for the whole home: it looks most like a bedroom, but its doors open off the kitchen and into no hallway, and bedrooms open off a hallway`
        : `, decided for the whole home: its panoramas alone leave it under the score needed, but it is the clear candidate for the ${d.house?.label} the home needs`
    }. ${evidenceOf(d)}.${
      d.panoramas.length > 1 || d.by === "panoramas"
        ? ` Each panorama: ${
          d.panoramas.map((p) =>
            `sweep ${p.sweep} ${
              guessText({ label: p.label, best: p.best, score: p.score } as LabelGuess)
            }`
          ).join("; ")
        }.`
        : ""
    }`,
  "cell.why": (d) => unseenWords(d),
  "overlay.not_seen": (d) => `${d.room}: not seen`,
  "overlay.guess": (d) => `${d.room}: ${guessOf(d)}`,
});

/** room_labels' findings from codes and data. */
export const finding = findingWords<{
  "room.unlabelled_unseen": Unseen & { room: string };
  "room.unlabelled_undecided": GuessData & { commit_score: number };
  "room.unlabelled_seen": GuessData;
  "room.disagrees": GuessData & { plan: string };
}>({
  "room.unlabelled_unseen": (d) => ({
    title: `${d.room} has no label in the plan, and ${unseenWords(d)}`,
  }),
  "room.unlabelled_undecided": (d) => ({
    title: `${d.room} has no label in the plan; its panoramas do not decide one`,
    detail: `${evidenceOf(d)}. Best guess ${d.best}, ${
      d.score.toFixed(2)
    }, under the ${d.commit_score} needed.`,
  }),
  "room.unlabelled_seen": (d) => ({
    title: `${d.room} has no label in the plan; its panoramas show ${d.shows}: ${guessOf(d)}`,
    detail: evidenceOf(d) + ".",
  }),
  "room.disagrees": (d) => ({
    title: `${d.room}: the plan says ${d.plan}; its panorama shows ${d.shows}: ${guessOf(d)}`,
    detail: evidenceOf(d) + ".",
  }),
});
