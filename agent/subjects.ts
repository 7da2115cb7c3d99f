/**
 * The kinds of subject a question names (core/manifest.ts SUBJECTS), read from its words and
 * its mentions: an item to move, a room, a door, a window, a stair, a person's aid, a rule pack
 * or a code section, the ground, a place, the panoramas, the sun. The router points a question
 * to the tools whose manifests take what it names (an item and a room → a tool that takes both;
 * a rule pack or a section → a tool that takes a rule pack). Nothing here names a tool.
 */
import type { QuestionSubject } from "../core/manifest.ts";
import type { Mention } from "./extract.ts";
import { ROOM_WORDS } from "./rooms.ts";

/** How strongly naming a kind points to the tools that take it (0–1). */
export const SUBJECT_WEIGHT: Record<QuestionSubject, number> = {
  item: 1,
  "rule pack": 1,
  panoramas: 0.8,
  place: 0.6,
  "the ground": 0.5,
  window: 0.4,
  sun: 0.4,
  person: 0.25,
  door: 0.2,
  stair: 0.15,
  room: 0.15,
  building: 0,
};

/** What a tool is about, by the first kind of subject it takes: the groups of "what it can answer". */
export const SUBJECT_GROUP: Record<string, string> = {
  person: "getting in and around (wheelchair, walker, stroller)",
  door: "getting in and around (wheelchair, walker, stroller)",
  stair: "getting in and around (wheelchair, walker, stroller)",
  item: "moving furniture in",
  room: "rooms (heights, areas and paint, sun)",
  sun: "rooms (heights, areas and paint, sun)",
  window: "rooms (heights, areas and paint, sun)",
  building: "the building",
  "rule pack": "building codes",
  "the ground": "the ground and the site",
  place: "the ground and the site",
  panoramas: "what the panoramas show",
};

const ROOM_RE = new RegExp(
  `\\b(?:${
    Object.values(ROOM_WORDS).flat().filter((w) => w.length >= 3)
      .sort((a, b) => b.length - a.length).join("|")
  })s?\\b`,
  "i",
);

/** Words that show a kind of subject, besides the mentions. */
const WORDS: [QuestionSubject, RegExp][] = [
  ["door", /\b(doors?|door ?ways?|dor(?:e)?ways?|entrances?|entry)\b/i],
  ["window", /\b(windows?|glazing|egress)\b/i],
  ["stair", /\b(stairs?|stairwell|staircase|steps?|upstairs|ramps?|risers?|goings?)\b/i],
  [
    "person",
    /\b(wheel ?chairs?|wheelchar|power ?chair|my chair|walkers?|walking frame|rollator|zimmer|stroller|pram|buggy|pushchair|crutch(?:es)?|mobility|i'?m \d|tall)\b/i,
  ],
  [
    "rule pack",
    /\b(ada|irc|fha|fair housing|part m|approved doc(?:ument)?|building (?:regs?|regulations|code)|m4\s*\(?[123]|codes?|compliant|compliance|regulations?|sections?|§)\b|\b\d{3,4}\.\d+(?:\.\d+)*\b/i,
  ],
  [
    "the ground",
    /\b(ground|yard|garden|lot|grading|graded|slopes?|sloping|terrain|soil|foundations?|runoff|drain(?:age|s)?|pond(?:s|ing)?|puddles?)\b/i,
  ],
  [
    "place",
    /\b(neighbou?rhood|area around|around the (?:house|property|building)|property|site|surroundings|sea level|elevation|altitude)\b/i,
  ],
  ["panoramas", /\b(panoramas?|photos?|pictures?|images?|360 (?:photos?|images?)|pano)\b/i],
  ["sun", /\b(sun\w*|daylight|bright|dark|shad(?:e|y|ow))\b/i],
];

/** The kinds of subject `question` names. */
export function subjectsOf(question: string, mentions: Mention[]): Set<QuestionSubject> {
  const out = new Set<QuestionSubject>();
  if (mentions.some((m) => m.kind === "item" || m.kind === "size")) out.add("item");
  if (mentions.some((m) => m.kind === "coordinates")) out.add("place");
  if (ROOM_RE.test(question)) out.add("room");
  for (const [kind, re] of WORDS) if (re.test(question)) out.add(kind);
  return out;
}
