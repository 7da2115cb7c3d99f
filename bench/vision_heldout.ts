/**
 * Room labels on the 12 ZInD sample panoramas with every fitted figure fitted apart from the
 * panorama it is judged on (leave-one-out by panorama). For each held-out panorama, on the 11
 * others only:
 * - the carpet threshold (floor.ts): midway between the highest hard floor and the lowest carpet
 *   of the hand-labelled floors (fixtures/vision/zind_floors.json);
 * - the counter-share threshold (counters.ts): the midpoint between two training shares that
 *   gives the least negative log-likelihood of the true labels;
 * - a scale per cue group (labels.ts LabelFit: objects, geometry, floor, windows, counters) on
 *   the grid {@link SCALE_GRID}, the least NLL of the true labels (a maximum-likelihood fit of
 *   the multinomial logistic model's group weights, Bishop 2006 § 4.3.4; the weights inside a
 *   group keep their hand-set ratios);
 * - the commit score: the lowest on {@link COMMIT_GRID} at which the training panoramas' own
 *   held-out guesses (each scored by scales fitted on the other 10: nested leave-one-out) are
 *   ≥ {@link TARGET_ACCURACY} right (selective classification at a target risk, Geifman and
 *   El-Yaniv 2017, "Selective classification for deep neural networks", NeurIPS).
 * Truth: the ZInD partial room label of the panorama (what the panorama shows), mapped onto the
 * plan vocabulary; per room: the plan room (the merged ZInD complete room), agreeing when each
 * committed panorama names its label or a part of its open plan (labels.ts judgeRoom).
 * Baselines in the same run: the hand-set weights (all scales 1, counter share 0.2) with the
 * carpet threshold and commit score fitted the same way, and the shipped figures (0.6, 2.5).
 * Intervals: Wilson 1927, 95 %.
 *
 * ```sh
 * deno run -A bench/vision_heldout.ts          # tables; --json for the rows as data
 * ```
 */
import { fixture } from "../tests/_data.ts";
import {
  type Case,
  cases,
  counterShareOf,
  cuesOf,
  detections,
  floorOf,
  guessCase,
} from "../tests/engines/vision/_zind_cases.ts";
import {
  CANDIDATE_LABELS,
  COMMIT_SCORE,
  COUNTER_SHARE,
  CUE_GROUPS,
  type CueGroup,
  isEvidence,
  judgeRoom,
  MIN_OBJECT_SCORE,
} from "../engines/vision/labels.ts";
import { CARPET_CONTRAST } from "../engines/vision/floor.ts";
import { wilson95 } from "../engines/vision/calibrate.ts";
import type { RoomLabel } from "../ground/plan.ts";

/** The scales tried for each cue group (0 drops the group; 1 is the hand-set weight). */
export const SCALE_GRID = [0, 0.5, 1, 1.5, 2, 3];
/** The commit scores tried, and the accuracy the training panoramas must reach. */
export const COMMIT_GRID = Array.from({ length: 14 }, (_, i) => 0.3 + 0.05 * i);
export const TARGET_ACCURACY = 0.8;

const floors = JSON.parse(Deno.readTextFileSync(fixture("vision/zind_floors.json"))) as {
  floors: Record<string, string>;
};

const all = cases();
const truthOf = (c: Case) => CANDIDATE_LABELS.indexOf(c.truth as RoomLabel);
const zero = Object.fromEntries(CUE_GROUPS.map((g) => [g, 0])) as Record<CueGroup, number>;

/** A case's logits split: the prior's, and each group's at scale 1 (the model is linear in them). */
interface Parts {
  prior: number[];
  by: Record<CueGroup, number[]>;
}
const partsMemo = new Map<string, Parts>();
async function parts(c: Case, carpet: number, counter: number): Promise<Parts> {
  const key = `${c.file}|${carpet}|${counter}`;
  const hit = partsMemo.get(key);
  if (hit) return hit;
  const dets = (await detections(c.file)).filter((d) =>
    d.score >= MIN_OBJECT_SCORE && isEvidence(d)
  );
  const cues = await cuesOf(c, carpet);
  const at = (scales: Record<CueGroup, number>) =>
    guessCase(c, dets, 1, cues, { scales, counter_share: counter }).g.logits;
  const prior = at(zero);
  const by = Object.fromEntries(CUE_GROUPS.map((g) => {
    const l = at({ ...zero, [g]: 1 });
    return [g, l.map((v, i) => v - prior[i])];
  })) as Record<CueGroup, number[]>;
  const p = { prior, by };
  partsMemo.set(key, p);
  return p;
}

type Scales = Record<CueGroup, number>;
const logitsOf = (p: Parts, s: Scales) =>
  p.prior.map((v, i) => v + CUE_GROUPS.reduce((a, g) => a + s[g] * p.by[g][i], 0));
function softmax(z: number[]): number[] {
  const m = Math.max(...z), e = z.map((v) => Math.exp(v - m)), t = e.reduce((a, b) => a + b);
  return e.map((v) => v / t);
}
const nll = (ps: { p: Parts; truth: number }[], s: Scales) =>
  ps.reduce((a, x) => a - Math.log(Math.max(softmax(logitsOf(x.p, s))[x.truth], 1e-300)), 0);

/** Every scale combination on the grid, nearest the hand-set (all 1) first, so ties keep it. */
const COMBOS: Scales[] = (() => {
  let out: number[][] = [[]];
  for (const _ of CUE_GROUPS) out = out.flatMap((c) => SCALE_GRID.map((v) => [...c, v]));
  const dist = (c: number[]) => c.reduce((a, v) => a + Math.abs(v - 1), 0);
  return out.sort((a, b) => dist(a) - dist(b))
    .map((c) => Object.fromEntries(CUE_GROUPS.map((g, i) => [g, c[i]])) as Scales);
})();
const ONES = COMBOS[0];

/** A case's NLL of its truth at every combination of {@link COMBOS}, computed once. */
const nllMemo = new WeakMap<Parts, Float64Array>();
function nllAll(x: { p: Parts; truth: number }): Float64Array {
  let a = nllMemo.get(x.p);
  if (!a) {
    a = Float64Array.from(COMBOS, (s) => nll([x], s));
    nllMemo.set(x.p, a);
  }
  return a;
}

/** The least-NLL scales on some cases (the first of equal ones: nearest the hand-set). */
function fitScales(ps: { p: Parts; truth: number }[]): Scales {
  const each = ps.map(nllAll);
  let best = 0, bestNll = Infinity;
  for (let k = 0; k < COMBOS.length; k++) {
    let v = 0;
    for (const a of each) v += a[k];
    if (v < bestNll - 1e-9) (best = k, bestNll = v);
  }
  return COMBOS[best];
}

/** The carpet threshold from the training panoramas' hand-labelled floors. */
async function fitCarpet(train: Case[]): Promise<number> {
  const hard: number[] = [], carpet: number[] = [];
  for (const c of train) {
    const m = floors.floors[c.file];
    if (m === "mixed") continue;
    (m === "carpet" ? carpet : hard).push((await floorOf(c.file)).contrast);
  }
  return (Math.max(...hard) + Math.min(...carpet)) / 2;
}

/** The counter threshold: of the midpoints between sorted training shares, the least NLL at scale 1. */
async function fitCounter(train: Case[], carpet: number): Promise<number> {
  const shares = [...new Set(await Promise.all(train.map((c) => counterShareOf(c.file))))]
    .sort((a, b) => a - b);
  const mids = shares.slice(1).map((v, i) => (v + shares[i]) / 2);
  let best = COUNTER_SHARE, bestNll = Infinity;
  for (const t of [COUNTER_SHARE, ...mids]) {
    const ps = await Promise.all(
      train.map(async (c) => ({ p: await parts(c, carpet, t), truth: truthOf(c) })),
    );
    const v = nll(ps, ONES);
    if (v < bestNll - 1e-9) (best = t, bestNll = v);
  }
  return best;
}

/** The lowest commit score at which the scored cases are ≥ TARGET_ACCURACY right. */
function fitCommit(scored: { score: number; right: boolean }[]): number {
  for (const s of COMMIT_GRID) {
    const c = scored.filter((t) => t.score >= s);
    if (c.length && c.filter((t) => t.right).length / c.length >= TARGET_ACCURACY) return s;
  }
  return 1;
}

/** A best guess from logits: the label and its score. */
function best(z: number[]) {
  const p = softmax(z), k = p.indexOf(Math.max(...p));
  return { label: CANDIDATE_LABELS[k], score: p[k] };
}

interface Row {
  file: string;
  truth: string;
  zind: string;
  room: string;
  plan: string;
  parts: string[];
  seen: string;
  best: string;
  score: number;
  committed: boolean;
  right: boolean;
  commit: number;
  carpet: number;
  counter: number;
  scales: Scales;
}

/** One method over the 12 panoramas, each held out in turn. */
async function evaluate(fitWeights: boolean): Promise<Row[]> {
  const rows: Row[] = [];
  for (const held of all) {
    const train = all.filter((c) => c !== held);
    const carpet = await fitCarpet(train);
    const counter = fitWeights ? await fitCounter(train, carpet) : COUNTER_SHARE;
    const tp = await Promise.all(
      train.map(async (c) => ({ c, p: await parts(c, carpet, counter), truth: truthOf(c) })),
    );
    const scales = fitWeights ? fitScales(tp) : ONES;
    // The commit score from guesses held out of their own fit (nested leave-one-out).
    const inner = tp.map((x, i) => {
      const s = fitWeights ? fitScales(tp.filter((_, j) => j !== i)) : ONES;
      const b = best(logitsOf(x.p, s));
      return { score: b.score, right: b.label === x.c.truth };
    });
    const commit = fitCommit(inner);
    const b = best(logitsOf(await parts(held, carpet, counter), scales));
    const committed = b.score >= commit;
    rows.push({
      file: held.file.replace(/^floor_01_partial_/, ""),
      truth: held.truth,
      zind: held.zindLabel,
      room: held.complete,
      plan: held.planLabel,
      parts: held.completeLabels.length > 1 ? held.completeLabels : [],
      seen: committed ? b.label : "unknown",
      best: b.label,
      score: b.score,
      committed,
      right: committed && b.label === held.truth,
      commit,
      carpet,
      counter,
      scales,
    });
  }
  return rows;
}

/** The shipped figures (commit 0.6, carpet 2.5, hand-set weights), not held out: the reference. */
async function shipped(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const c of all) {
    const b = best(logitsOf(await parts(c, CARPET_CONTRAST, COUNTER_SHARE), ONES));
    const committed = b.score >= COMMIT_SCORE;
    rows.push({
      file: c.file.replace(/^floor_01_partial_/, ""),
      truth: c.truth,
      zind: c.zindLabel,
      room: c.complete,
      plan: c.planLabel,
      parts: c.completeLabels.length > 1 ? c.completeLabels : [],
      seen: committed ? b.label : "unknown",
      best: b.label,
      score: b.score,
      committed,
      right: committed && b.label === c.truth,
      commit: COMMIT_SCORE,
      carpet: CARPET_CONTRAST,
      counter: COUNTER_SHARE,
      scales: ONES,
    });
  }
  return rows;
}

/** Per plan room: its panoramas' labels against its label and its open plan's parts. */
function perRoom(rows: Row[]) {
  const by = new Map<string, Row[]>();
  for (const r of rows) by.set(r.room, [...(by.get(r.room) ?? []), r]);
  return [...by].map(([room, rs]) => {
    const j = judgeRoom(
      { label: "unknown" },
      rs.map((r) => ({ label: r.seen as RoomLabel | "unknown" })),
      rs[0].plan as RoomLabel,
      rs[0].parts as RoomLabel[],
    );
    return {
      room,
      plan: rs[0].plan,
      parts: rs[0].parts,
      panoramas: rs.map((r) => `${r.file.replace(/\.jpg$/, "")}:${r.seen}`),
      agreement: j.agreement,
    };
  });
}

/** Commit rate and accuracy where it commits, with their Wilson intervals. */
function summary(rows: Row[]) {
  const n = rows.length, k = rows.filter((r) => r.committed).length;
  const ok = rows.filter((r) => r.right).length;
  const rooms = perRoom(rows), judged = rooms.filter((r) => r.agreement !== "unknown");
  const agree = judged.filter((r) => r.agreement !== "differs").length;
  return {
    panoramas: n,
    committed: k,
    commit_rate_95: wilson95(k, n),
    right: ok,
    accuracy_95: wilson95(ok, k),
    rooms: rooms.length,
    rooms_judged: judged.length,
    rooms_agreeing: agree,
    rooms_agreeing_95: wilson95(agree, judged.length),
    done: k >= n / 2 && k > 0 && ok / k >= 0.7,
  };
}

const t0 = performance.now();
const methods = {
  "fitted (scales, counter, carpet, commit; leave-one-out)": await evaluate(true),
  "hand-set weights (carpet, commit leave-one-out)": await evaluate(false),
  "shipped (0.6, carpet 2.5; not held out)": await shipped(),
};
// What a fit on all 12 would give (not an evaluation: nothing is held out of it).
const allCarpet = await fitCarpet(all);
const allCounter = await fitCounter(all, allCarpet);
const allParts = await Promise.all(
  all.map(async (c) => ({ c, p: await parts(c, allCarpet, allCounter), truth: truthOf(c) })),
);
const allScales = fitScales(allParts);
const allCommit = fitCommit(allParts.map((x, i) => {
  const b = best(logitsOf(x.p, fitScales(allParts.filter((_, j) => j !== i))));
  return { score: b.score, right: b.label === x.c.truth };
}));
const onAll = { carpet: allCarpet, counter: allCounter, scales: allScales, commit: allCommit };
const secs = (performance.now() - t0) / 1000;

if (Deno.args.includes("--json")) {
  const each = Object.fromEntries(
    Object.entries(methods).map(([k, rows]) => [k, {
      summary: summary(rows),
      rows,
      rooms: perRoom(rows),
    }]),
  );
  console.log(JSON.stringify({ methods: each, fitted_on_all_12: onAll }, null, 1));
} else {
  const f2 = (v: number) => v.toFixed(2);
  const iv = ([a, b]: [number, number]) => `${f2(a)}–${f2(b)}`;
  for (const [name, rows] of Object.entries(methods)) {
    const s = summary(rows);
    console.log(`\n## ${name}`);
    console.log(
      "panorama                 truth (ZInD)          plan      seen      best      score commit right  commit≥ carpet≥ counter≥ scales (obj geo floor win cnt)",
    );
    for (const r of rows) {
      console.log(
        `${r.file.padEnd(24)} ${`${r.truth} (${r.zind})`.padEnd(21)} ${r.plan.padEnd(9)} ${
          r.seen.padEnd(9)
        } ${r.best.padEnd(9)} ${f2(r.score)}  ${(r.committed ? "yes" : "no").padEnd(6)} ${
          (r.committed ? (r.right ? "yes" : "no") : "–").padEnd(6)
        } ${f2(r.commit).padStart(6)}  ${f2(r.carpet).padStart(6)}  ${f2(r.counter).padStart(7)}  ${
          CUE_GROUPS.map((g) => r.scales[g]).join(" ")
        }`,
      );
    }
    for (const r of perRoom(rows)) {
      console.log(
        `room ${r.room.padEnd(14)} plan ${r.plan}${
          r.parts.length ? ` (parts ${r.parts.join(", ")})` : ""
        }: ${r.panoramas.join(", ")} → ${r.agreement}`,
      );
    }
    console.log(
      `commits on ${s.committed}/${s.panoramas} (95 % ${
        iv(s.commit_rate_95)
      }), right on ${s.right}/${s.committed} (95 % ${
        iv(s.accuracy_95)
      }); rooms judged ${s.rooms_judged}/${s.rooms}, agreeing ${s.rooms_agreeing}/${s.rooms_judged} (95 % ${
        iv(s.rooms_agreeing_95)
      }); done-when (≥ half, ≥ 70 %): ${s.done ? "met" : "NOT met"}`,
    );
  }
  console.log(
    `\nfitted on all 12 (what the procedure would ship; not an evaluation): carpet ≥ ${
      f2(allCarpet)
    }, counter share ≥ ${f2(allCounter)}, scales ${
      CUE_GROUPS.map((g) => `${g} ${allScales[g]}`).join(", ")
    }, commit ≥ ${f2(allCommit)}`,
  );
  console.log(`(${secs.toFixed(1)} s)`);
}
