/**
 * room_labels' wording and drawing helpers: the verdict sentence, the room overlay, what a
 * guess "shows" in words and the fixed assumptions. Only tools/room_labels/mod.ts imports it.
 */
import type { Room } from "../../ground/plan.ts";
import type { Overlay, ToolResult } from "../../core/result.ts";
import { polygonGeometry } from "../../engines/geometry/geojson.ts";
import { type LabelGuess, SCORE_MEANING } from "../../engines/vision/labels.ts";
import { VIEW_SETUP } from "../../engines/vision/panorama.ts";

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
    return { status: "unknown" as const, text: `No room could be labelled: ${c.unavailable}` };
  }
  if (committed === 0) {
    return {
      status: "unknown" as const,
      text:
        `None of the ${total} rooms could be labelled from panoramas with a score of ${commit_score} or more.`,
    };
  }
  if (disagree) {
    return {
      status: "warn" as const,
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
      text:
        `${notChecked} of ${total} rooms could not be checked against a label; the ${agree} judged agree with the plan.`,
    };
  }
  return { status: "pass" as const, text: `All ${total} rooms look like their plan labels.` };
}

/** The run's fixed assumptions: how objects are found, and what a score means. */
export function labelsAssumptions(): { text: string }[] {
  return [
    {
      text:
        `Objects are found by CenterNet (COCO classes) in ${VIEW_SETUP.count} views of ${VIEW_SETUP.fov_deg}° per panorama and put in the room their line of sight reaches through doors; an empty house shows fixtures (toilets, sinks, ovens) but rarely furniture, so bedrooms and living rooms are usually judged from geometry or left unknown.`,
    },
    { text: SCORE_MEANING },
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
export function shows(g: LabelGuess): string {
  const seen = g.evidence.filter((e) => / seen \(score/.test(e)).map((e) =>
    e.replace(/ seen \(score [0-9.]+\)/, "")
  );
  if (!seen.length) return "no fixtures, and its shape";
  return seen.length === 1 ? seen[0] : `${seen.slice(0, -1).join(", ")} and ${seen.at(-1)}`;
}

/** The guess in words: "kitchen 0.81", or "unknown (best bedroom 0.40)". */
export function guessText(g: LabelGuess): string {
  return g.label === "unknown"
    ? `unknown (best ${g.best} ${g.score.toFixed(2)})`
    : `${g.label} ${g.score.toFixed(2)}`;
}
