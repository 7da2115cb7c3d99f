/**
 * Room labels from evidence: the objects seen in a room's panoramas and the room's own geometry,
 * combined as a log-linear model (additive log-odds per label, a softmax over the labels: the
 * multinomial logistic form of Bishop 2006, "Pattern Recognition and Machine Learning", § 4.3.4).
 * The weights are set by hand from what each cue means (a toilet is near-proof of a bathroom, a
 * sink is shared by bathrooms, kitchens and laundries, a 2.2 m+ door is a vehicle door), not
 * fitted: the 12 labelled ZInD panoramas are too few to fit them, and they are the evaluation;
 * what the scores were measured to mean is {@link SCORE_CHECK} / {@link SCORE_MEANING}. Below {@link COMMIT_SCORE} the answer is `unknown`, with the evidence listed. The label a plan
 * already carries is never an input.
 */
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
  /** Sentences naming each cue that moved the scores. */
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
 * sample panoramas of one house (tests/engines/vision/eval_zind_test.ts checks these counts and
 * prints the full reliability table). Temperature scaling (engines/vision/calibrate.ts) fitted
 * leave-one-out on them, or on the house's 7 other rooms (geometry only: their images are not in
 * the sample), raised the held-out negative log-likelihood of the true labels (1.41 at T = 1 to
 * 1.42 and 1.45), so the scores are left as the hand-set weights give them.
 */
export const SCORE_CHECK = {
  panoramas: 12,
  /** Best label right / rooms, for scores ≥ {@link COMMIT_SCORE}. */
  committed: { right: 3, of: 3 },
  /** Best label right / rooms, for scores under {@link COMMIT_SCORE}. */
  below: { right: 3, of: 9 },
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

/**
 * Scores every candidate label for one room and commits to the best when it reaches
 * {@link COMMIT_SCORE}. `temperature` divides the log-odds before the softmax (temperature
 * scaling, engines/vision/calibrate.ts); it changes the scores, never their order. The default 1
 * leaves the hand-set weights as they are: see {@link SCORE_MEANING}.
 */
export function labelRoom(
  e: RoomEvidence,
  commitScore = COMMIT_SCORE,
  temperature = 1,
): LabelGuess {
  const logit = new Map<RoomLabel, number>(CANDIDATE_LABELS.map((l) => [l, 0]));
  const add = (l: RoomLabel, v: number) => logit.set(l, (logit.get(l) ?? 0) + v);
  const evidence: string[] = [];
  // Objects: the best score per class counts once.
  const best = new Map<string, number>();
  for (const o of e.objects) {
    if (isEvidence(o)) best.set(o.label, Math.max(best.get(o.label) ?? 0, o.score));
  }
  for (const [cls, s] of [...best].sort((a, b) => b[1] - a[1])) {
    for (const [l, w] of Object.entries(OBJECT_WEIGHTS[cls])) add(l as RoomLabel, w! * s);
    const n = e.objects.filter((o) => o.label === cls && isEvidence(o)).length;
    const one = /^[aeiou]/.test(cls) ? "an " : "a ";
    evidence.push(`${n > 1 ? `${n} × ` : one}${cls} seen (score ${s.toFixed(2)})`);
  }
  // Geometry.
  const a = e.area_m2, ratio = e.short_m > 0 ? e.long_m / e.short_m : 1;
  const area = `${a.toFixed(1)} m²`;
  if (e.widest_door_m >= 2.2) {
    add("garage", 5);
    evidence.push(
      `a ${e.widest_door_m.toFixed(2)} m wide door to the outside (a vehicle door is ≥ 2.2 m)`,
    );
  }
  if (a < 3 && e.doors <= 1 && e.windows === 0 && !best.size) {
    add("closet", 4);
    add("storage", 4);
    add("toilet", 1);
    evidence.push(`a small room (${area}) with ${e.doors} door and no window: a closet or storage`);
  } else if (ratio >= 2.5 && e.short_m < 1.8) {
    add("hallway", 4.5);
    evidence.push(
      `long and narrow (${e.long_m.toFixed(1)} × ${e.short_m.toFixed(1)} m): a hallway's shape`,
    );
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
    evidence.push(`a ${area} room with ${e.windows} window(s): sized like a bedroom or office`);
  }
  if (a > 25) add("living", 1), add("dining", 0.5), add("garage", 0.5);
  if (a > 15) {
    // Bathrooms and WCs are small rooms: a toilet "seen" in a large room is more likely wrong.
    add("bathroom", -3), add("toilet", -4), add("closet", -4), add("storage", -2);
    evidence.push(`a large room (${area}): too big for a bathroom or closet`);
  }
  if (!best.size) evidence.push("no fixture or furniture seen in its panoramas");

  // Softmax.
  const max = Math.max(...logit.values());
  let sum = 0;
  const exp = new Map<RoomLabel, number>();
  for (const [l, v] of logit) {
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
    evidence,
    logits: CANDIDATE_LABELS.map((l) => logit.get(l)!),
  };
}
