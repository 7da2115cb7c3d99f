/**
 * Room labels from evidence: the objects seen in a room's panoramas and the room's own geometry,
 * combined as a log-linear model (additive log-odds per label, a softmax over the labels: the
 * multinomial logistic form of Bishop 2006, "Pattern Recognition and Machine Learning", § 4.3.4).
 * The weights are set by hand from what each cue means (a toilet is near-proof of a bathroom, a
 * sink is shared by bathrooms, kitchens and laundries, a 2.2 m+ door is a vehicle door), not
 * fitted: the 12 labelled ZInD panoramas are too few to fit them, and they are the evaluation;
 * what the scores were measured to mean is {@link SCORE_CHECK} / {@link SCORE_MEANING}.
 * bench/vision_heldout.ts fits what can be fitted on 11 panoramas — a scale per cue group
 * ({@link LabelFit}), the counter and carpet thresholds and the commit score — leave-one-out by
 * panorama, and judges each held-out panorama with them, beside these hand-set weights judged the
 * same way. Below {@link COMMIT_SCORE} the answer is `unknown`, with the evidence listed. The label a plan
 * already carries is never an input.
 */
import { sayLength } from "../../ground/units.ts";
import type { RoomLabel } from "../../ground/plan.ts";

/** What is known about one room. Counts and sizes come from the plan; objects from panoramas. */
export interface RoomEvidence {
  area_m2: number;
  /** Sides of the room's minimum-area rectangle (metres), long ≥ short. */
  long_m: number;
  short_m: number;
  doors: number;
  windows: number;
  /** The widest door (not opening) to the outside (metres); 0 when none. A vehicle door is ≥ 2.2 m. */
  widest_door_m: number;
  /** Objects detected in the room's panoramas (COCO classes, score 0–1). */
  objects: { label: string; score: number }[];
  /** The floor seen in the panoramas' downward views (floor.ts), when measured. */
  floor?: { kind: "carpet" | "hard"; contrast: number };
  /** The share of the walls with counter-height edge runs (counters.ts), when measured. */
  counter_share?: number;
  /** The summed width of the room's windows (metres) and its perimeter (metres), when known. */
  window_width_m?: number;
  perimeter_m?: number;
}

/** One cue that moved the scores: a code and its figures (sentences: {@link cueText}). */
export type Cue =
  | { code: "object.seen"; label: string; score: number; count: number }
  | { code: "door.vehicle"; width_m: number }
  | { code: "shape.closed_small"; area_m2: number; doors: number }
  | { code: "shape.narrow"; long_m: number; short_m: number }
  | { code: "size.bedroom"; area_m2: number; windows: number }
  | { code: "size.large"; area_m2: number }
  | { code: "size.living"; area_m2: number }
  | { code: "floor.carpet" | "floor.hard"; contrast: number }
  | { code: "windows.share"; share: number }
  | { code: "counters.seen"; share: number }
  | { code: "objects.none" };

/** An object cue's class and count in words: "a toilet", "an oven", "2 × chair". */
export function objectWords(c: Extract<Cue, { code: "object.seen" }>): string {
  return `${c.count > 1 ? `${c.count} × ` : /^[aeiou]/.test(c.label) ? "an " : "a "}${c.label}`;
}

/** A cue in words. */
export function cueText(c: Cue): string {
  switch (c.code) {
    case "object.seen":
      return `${objectWords(c)} seen (score ${c.score.toFixed(2)})`;
    case "door.vehicle":
      return `a ${sayLength(c.width_m)} wide door to the outside (a vehicle door is ≥ ${
        sayLength(2.2, 1)
      })`;
    case "shape.closed_small":
      return `a small room (${
        c.area_m2.toFixed(1)
      } m²) with ${c.doors} door and no window: a closet or storage`;
    case "shape.narrow":
      return `long and narrow (${c.long_m.toFixed(1)} × ${
        c.short_m.toFixed(1)
      } m): a hallway's shape`;
    case "size.bedroom":
      return `a ${
        c.area_m2.toFixed(1)
      } m² room with ${c.windows} window(s): sized like a bedroom or office`;
    case "size.large":
      return `a large room (${c.area_m2.toFixed(1)} m²): too big for a bathroom or closet`;
    case "size.living":
      return `${c.area_m2.toFixed(1)} m²: sized like a living room more than a bedroom`;
    case "floor.carpet":
      return `a carpeted floor (texture contrast ${c.contrast.toFixed(2)})`;
    case "floor.hard":
      return `a hard floor: tile, vinyl, wood or concrete (texture contrast ${
        c.contrast.toFixed(2)
      })`;
    case "windows.share":
      return `windows along ${Math.round(100 * c.share)} % of its walls`;
    case "counters.seen":
      return `long horizontal edges at counter height along ${
        Math.round(100 * c.share)
      } % of its walls`;
    case "objects.none":
      return "no fixture or furniture seen in its panoramas";
  }
}

/** One label's score (0–1; the scores of all candidates sum to 1). */
export interface LabelScore {
  label: RoomLabel;
  score: number;
}

/** The guess for one room. */
export interface LabelGuess {
  /** The best label when its score reaches the threshold, else "unknown". */
  label: RoomLabel | "unknown";
  /** The best label's score, committed or not. */
  score: number;
  /** The best label, even when not committed. */
  best: RoomLabel;
  /** The three best candidates. */
  top: LabelScore[];
  /** Each cue that moved the scores, as a code and figures. */
  cues: Cue[];
  /** The cues in words ({@link cueText}). */
  evidence: string[];
  /** The summed log-odds per label, in {@link CANDIDATE_LABELS} order (before the softmax). */
  logits: number[];
}

/** The labels this model chooses among (the plan vocabulary less stairs, balcony, outdoor). */
export const CANDIDATE_LABELS: RoomLabel[] = [
  "bathroom",
  "toilet",
  "kitchen",
  "bedroom",
  "living",
  "dining",
  "garage",
  "closet",
  "storage",
  "hallway",
  "laundry",
  "office",
  "utility",
  "entrance",
  "other",
];

/** The score the best label needs to be committed. */
export const COMMIT_SCORE = 0.6;

/**
 * What a score was measured to mean, on the only labelled panoramas available here: the 12 ZInD
 * sample panoramas of one house, with the floor, window and counter cues (tests/engines/vision/
 * eval_zind_test.ts checks these counts and prints the full reliability table). Temperature
 * scaling (engines/vision/calibrate.ts) fitted leave-one-out raised the held-out negative
 * log-likelihood of the true labels (0.72 at T = 1 to 5.3: one fold sharpens a wrong guess);
 * fitted on the house's 7 other rooms (geometry only: their images are not in the sample) it
 * lowered it by 0.03 (to 0.69), too little from 7 rooms to rescale on. The scores are left as the
 * hand-set weights give them.
 */
export const SCORE_CHECK = {
  panoramas: 12,
  /** Best label right / rooms, for scores ≥ {@link COMMIT_SCORE}. */
  committed: { right: 8, of: 8 },
  /** Best label right / rooms, for scores under {@link COMMIT_SCORE}. */
  below: { right: 2, of: 4 },
} as const;

/** The sentence tools show about what a label score means. */
export const SCORE_MEANING =
  `A label score is the label's share of a softmax over hand-set log-odds (engines/vision/labels.ts), not a probability fitted to data: no labelled panoramas beyond the ${SCORE_CHECK.panoramas} of the ZInD sample house exist here to fit one. On those ${SCORE_CHECK.panoramas}, rooms scored ${COMMIT_SCORE} or more had the right label ${SCORE_CHECK.committed.right} of ${SCORE_CHECK.committed.of} times and rooms scored below it ${SCORE_CHECK.below.right} of ${SCORE_CHECK.below.of}; read a score as a ranking with a threshold, not as the chance the label is right.`;

/** Log-odds per unit detection score that an object class adds to labels. */
export const OBJECT_WEIGHTS: Record<string, Partial<Record<RoomLabel, number>>> = {
  toilet: { bathroom: 7, toilet: 5 },
  sink: { bathroom: 3, kitchen: 3, laundry: 2, toilet: 2 },
  oven: { kitchen: 8 },
  microwave: { kitchen: 7 },
  refrigerator: { kitchen: 7, garage: 1 },
  bed: { bedroom: 8 },
  car: { garage: 9 },
  couch: { living: 6, office: 1 },
  tv: { living: 5, bedroom: 2 },
  "dining table": { dining: 6, kitchen: 2 },
  chair: { dining: 1.5, office: 1.5, living: 0.5 },
};

/**
 * Log-odds every room starts with: labels that are rare among a home's rooms (a utility room, an
 * entrance, an office, a WC apart from a bathroom, "other") start lower, so a room with no strong
 * cue does not spread its score evenly over fifteen labels. Set by hand, not fitted.
 */
export const LABEL_PRIOR: Partial<Record<RoomLabel, number>> = {
  utility: -1.5,
  entrance: -1.5,
  office: -1,
  other: -1.5,
  toilet: -1,
  storage: -0.5,
};

/**
 * A carpeted floor (floor.ts): carpet is laid in bedrooms, living rooms, closets and halls, rarely
 * in kitchens, bathrooms, laundries or garages (wet rooms and vehicles need a hard floor).
 */
export const CARPET_WEIGHTS: Partial<Record<RoomLabel, number>> = {
  bedroom: 1.5,
  living: 1,
  closet: 1,
  hallway: 0.5,
  office: 0.5,
  kitchen: -2,
  bathroom: -2.5,
  toilet: -2,
  laundry: -2,
  garage: -2.5,
  dining: -0.5,
};
/** A hard floor (tile, vinyl, wood, concrete): kitchens, bathrooms, laundries, dining, garages. */
export const HARD_FLOOR_WEIGHTS: Partial<Record<RoomLabel, number>> = {
  kitchen: 1,
  bathroom: 1,
  toilet: 1,
  laundry: 1.5,
  dining: 1,
  garage: 0.5,
  bedroom: -1,
  closet: -0.5,
};
/** The floor area from which a room reads as a living room more than a bedroom (m²). */
export const LIVING_AREA_M2 = 18;
/**
 * The counter-edge share (counters.ts) from which a room reads as having counters: between the
 * sample's one kitchen panorama (0.25) and every other (≤ 0.13, a bedroom's window sill) — set on
 * one kitchen, so a weak cue.
 */
export const COUNTER_SHARE = 0.2;
/** The share of the walls' length in windows from which a room reads as a living space. */
export const WINDOW_SHARE_HIGH = 0.08;

/** The least detection score that counts as evidence. */
export const MIN_OBJECT_SCORE = 0.3;

/**
 * Classes the detector reads into empty rooms (vision-notes.md: a bed on a bare floor at
 * 0.35–0.39, a refrigerator on a white door, a tv on a window): they count only from 0.45.
 */
export const MIN_SCORE_BY_CLASS: Record<string, number> = {
  bed: 0.45,
  refrigerator: 0.45,
  tv: 0.45,
  couch: 0.45,
};

/** Whether a detection is strong enough to be evidence for a label. */
export function isEvidence(o: { label: string; score: number }): boolean {
  return o.score >= (MIN_SCORE_BY_CLASS[o.label] ?? MIN_OBJECT_SCORE) && !!OBJECT_WEIGHTS[o.label];
}

/** The groups of cues whose log-odds a fit may scale together (see {@link LabelFit}). */
export const CUE_GROUPS = ["objects", "geometry", "floor", "windows", "counters"] as const;
export type CueGroup = (typeof CUE_GROUPS)[number];

/**
 * What an evaluation may fit on training panoramas (bench/vision_heldout.ts): a scale per cue
 * group multiplying its hand-set log-odds (the priors stay as set), and the counter-share
 * threshold. Absent, the hand-set values stand.
 */
export interface LabelFit {
  scales?: Partial<Record<CueGroup, number>>;
  counter_share?: number;
}

/**
 * Scores every candidate label for one room and commits to the best when it reaches
 * {@link COMMIT_SCORE}. `temperature` divides the log-odds before the softmax (temperature
 * scaling, engines/vision/calibrate.ts); it changes the scores, never their order. The default 1
 * leaves the hand-set weights as they are: see {@link SCORE_MEANING}. With `among` (an open-plan
 * room's parts' labels) it chooses among those only and leaves out the room's size, shape and
 * windows: they are the whole open space's, not the part where the panorama stands.
 */
export function labelRoom(
  e: RoomEvidence,
  commitScore = COMMIT_SCORE,
  temperature = 1,
  among?: readonly RoomLabel[],
  fit: LabelFit = {},
): LabelGuess {
  const logit = new Map<RoomLabel, number>(CANDIDATE_LABELS.map((l) => [l, 0]));
  // Each cue group's log-odds are multiplied by its scale (1 unless fitted: LabelFit).
  let scale = 1;
  const group = (g: CueGroup) => (scale = fit.scales?.[g] ?? 1);
  const add = (l: RoomLabel, v: number) => logit.set(l, (logit.get(l) ?? 0) + scale * v);
  const cues: Cue[] = [];
  for (const [l, v] of Object.entries(LABEL_PRIOR)) add(l as RoomLabel, v!);
  group("objects");
  // Objects: the best score per class counts once.
  const best = new Map<string, number>();
  for (const o of e.objects) {
    if (isEvidence(o)) best.set(o.label, Math.max(best.get(o.label) ?? 0, o.score));
  }
  for (const [cls, s] of [...best].sort((a, b) => b[1] - a[1])) {
    for (const [l, w] of Object.entries(OBJECT_WEIGHTS[cls])) add(l as RoomLabel, w! * s);
    const count = e.objects.filter((o) => o.label === cls && isEvidence(o)).length;
    cues.push({ code: "object.seen", label: cls, score: s, count });
  }
  // Geometry: the room's own, so not when choosing among an open plan's parts.
  if (!among) {
    group("geometry");
    const a = e.area_m2, ratio = e.short_m > 0 ? e.long_m / e.short_m : 1;
    if (e.widest_door_m >= 2.2) {
      add("garage", 5);
      cues.push({ code: "door.vehicle", width_m: e.widest_door_m });
    }
    if (a < 3 && e.doors <= 1 && e.windows === 0 && !best.size) {
      add("closet", 4);
      add("storage", 4);
      add("toilet", 1);
      cues.push({ code: "shape.closed_small", area_m2: a, doors: e.doors });
    } else if (ratio >= 2.5 && e.short_m < 1.8) {
      add("hallway", 4.5);
      cues.push({ code: "shape.narrow", long_m: e.long_m, short_m: e.short_m });
    }
    if (e.doors >= 3 && e.short_m < 2.2) add("hallway", 1);
    if (best.has("toilet")) {
      // COCO has no bathtub or shower class: a WC cannot be told from a bathroom by what is seen,
      // so a toilet counts for "bathroom" (as ZInD labels half baths).
      add("bathroom", 1.5);
    }
    if (a < 4) {
      add("kitchen", -3), add("living", -3), add("bedroom", -3), add("dining", -3);
      add("garage", -3), add("office", -2);
    } else if (a < 7) {
      add("bedroom", -1.5), add("living", -2), add("garage", -2);
    }
    if (a >= 7 && a <= 25 && e.windows >= 1 && !best.size) {
      add("bedroom", 1.5), add("office", 1), add("living", 0.5);
      cues.push({ code: "size.bedroom", area_m2: a, windows: e.windows });
    }
    if (a > 6) add("bathroom", -1.5), add("toilet", -2), add("laundry", -1);
    if (a >= LIVING_AREA_M2) {
      // Bedrooms are mostly 9–16 m²; a carpeted room of 18 m² or more is more often a living room.
      add("living", 1.5), add("dining", 0.5), add("bedroom", -1);
      cues.push({ code: "size.living", area_m2: a });
    }
    if (a > 25) add("living", 1), add("dining", 0.5), add("garage", 0.5);
    if (a > 15) {
      // Bathrooms and WCs are small rooms: a toilet "seen" in a large room is more likely wrong.
      add("bathroom", -3), add("toilet", -4), add("closet", -4), add("storage", -2);
      cues.push({ code: "size.large", area_m2: a });
    }
  }
  // The floor (floor.ts).
  group("floor");
  if (e.floor) {
    const w = e.floor.kind === "carpet" ? CARPET_WEIGHTS : HARD_FLOOR_WEIGHTS;
    for (const [l, v] of Object.entries(w)) add(l as RoomLabel, v!);
    cues.push({ code: `floor.${e.floor.kind}`, contrast: e.floor.contrast });
  }
  // Window share of the walls: living rooms, dining rooms and bedrooms have the most glazing.
  group("windows");
  if (!among && e.window_width_m !== undefined && e.perimeter_m) {
    const share = e.window_width_m / e.perimeter_m;
    if (share >= WINDOW_SHARE_HIGH) {
      add("bedroom", 1), add("living", 1), add("dining", 1), add("office", 0.5);
      add("closet", -2), add("storage", -2), add("hallway", -1.5), add("garage", -1);
      add("laundry", -1);
      cues.push({ code: "windows.share", share });
    }
  }
  // Counters and base cabinets (counters.ts): kitchens above all, laundries sometimes.
  group("counters");
  if ((e.counter_share ?? 0) >= (fit.counter_share ?? COUNTER_SHARE)) {
    add("kitchen", 1.5), add("laundry", 0.5);
    cues.push({ code: "counters.seen", share: e.counter_share! });
  }
  // Labels whose cue is equipment: without it they are no more than the prior says.
  group("objects");
  if (!best.size) {
    add("kitchen", -1.5);
    cues.push({ code: "objects.none" });
  }
  const evidence = cues.map(cueText);

  // Softmax.
  const max = Math.max(
    ...[...logit].filter(([l]) => !among || among.includes(l)).map(([, v]) => v),
  );
  let sum = 0;
  const exp = new Map<RoomLabel, number>();
  for (const [l, v] of logit) {
    if (among && !among.includes(l)) continue;
    const x = Math.exp((v - max) / temperature);
    exp.set(l, x);
    sum += x;
  }
  const scores = [...exp].map(([label, x]) => ({ label, score: x / sum }))
    .sort((p, q) =>
      q.score - p.score || CANDIDATE_LABELS.indexOf(p.label) - CANDIDATE_LABELS.indexOf(q.label)
    );
  const top = scores[0];
  return {
    label: top.score >= commitScore ? top.label : "unknown",
    score: top.score,
    best: top.label,
    top: scores.slice(0, 3),
    cues,
    evidence,
    logits: CANDIDATE_LABELS.map((l) => logit.get(l)!),
  };
}

/** How a seen label stands against a plan room's: its label, a part of its open plan, or neither. */
export type PlanAgreement = "label" | "part" | "differs";

/** A seen label against the plan's label and, for an open-plan room, its parts' labels. */
export function planAgreement(
  seen: RoomLabel,
  plan: RoomLabel,
  parts: readonly RoomLabel[] = [],
): PlanAgreement {
  return seen === plan ? "label" : parts.includes(seen) ? "part" : "differs";
}

/**
 * A room judged from its pooled guess and its panoramas' own: the pooled guess decides when it
 * commits and agrees; otherwise the committed panoramas do, and they agree when each names the
 * plan's label or a part of its open plan (a panorama at the kitchen end of a "living room +
 * dining room + kitchen" says kitchen, one at the sofa end living). "unknown" when nothing
 * committed.
 */
export function judgeRoom(
  room: Pick<LabelGuess, "label">,
  panoramas: Pick<LabelGuess, "label">[],
  plan: RoomLabel,
  parts: readonly RoomLabel[] = [],
): { agreement: PlanAgreement | "unknown"; by: "room" | "panoramas" } {
  const seen = panoramas.map((p) => p.label).filter((l): l is RoomLabel => l !== "unknown");
  const byPanos = (): PlanAgreement | "unknown" => {
    if (!seen.length) return "unknown";
    const each = seen.map((l) => planAgreement(l, plan, parts));
    if (each.includes("differs")) return "differs";
    return each.every((a) => a === "label") ? "label" : "part";
  };
  if (room.label !== "unknown") {
    const a = planAgreement(room.label, plan, parts);
    if (a !== "differs") return { agreement: a, by: "room" };
    const p = byPanos();
    return p === "label" || p === "part"
      ? { agreement: p, by: "panoramas" }
      : { agreement: "differs", by: "room" };
  }
  return { agreement: byPanos(), by: "panoramas" };
}
