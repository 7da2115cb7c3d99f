/**
 * Per-panorama evaluation with the fitting kept apart: on the 12 ZInD sample panoramas, each
 * panorama is labelled with the two fitted figures — the carpet threshold of floor.ts and the
 * commit score — fitted on the other 11 only (leave-one-out), then judged against its own partial
 * room's label ("right") and against its plan room (the merged ZInD room: its label or one of
 * its parts, labels.ts planAgreement). Commit rate and accuracy where it commits are stated with
 * their 95 % Wilson intervals (Wilson 1927). The hand-set weights of labels.ts were not fitted by
 * this procedure (they were set knowing this house), so these figures are optimistic for other
 * homes; what leave-one-out guards is the two figures fitted on data.
 */
import assert from "node:assert/strict";
import { fixture } from "../../_data.ts";
import { softmax, wilson95 } from "../../../engines/vision/calibrate.ts";
import { assignHouse, type HouseRoom } from "../../../engines/vision/house.ts";
import {
  CANDIDATE_LABELS,
  COMMIT_SCORE,
  isEvidence,
  judgeRoom,
  MIN_OBJECT_SCORE,
} from "../../../engines/vision/labels.ts";
import type { RoomLabel } from "../../../ground/plan.ts";
import { type Case, cases, cuesOf, detections, floorOf, guessCase } from "./_zind_cases.ts";

const floors = JSON.parse(Deno.readTextFileSync(fixture("vision/zind_floors.json"))) as {
  floors: Record<string, string>;
};

/** The carpet threshold fitted on some panoramas: midway between hard floors and carpets. */
async function fitCarpet(train: Case[]): Promise<number> {
  const hard: number[] = [], carpet: number[] = [];
  for (const c of train) {
    const m = floors.floors[c.file];
    if (m === "mixed") continue;
    (m === "carpet" ? carpet : hard).push((await floorOf(c.file)).contrast);
  }
  return (Math.max(...hard) + Math.min(...carpet)) / 2;
}

/** The commit scores tried, and the accuracy a fitted one must reach on the training panoramas. */
const COMMIT_GRID = Array.from({ length: 14 }, (_, i) => 0.3 + 0.05 * i);
const TARGET_ACCURACY = 0.8;

/** The lowest commit score at which the training panoramas' committed guesses are ≥ 80 % right. */
function fitCommit(train: { score: number; right: boolean }[]): number {
  for (const s of COMMIT_GRID) {
    const c = train.filter((t) => t.score >= s);
    if (c.length && c.filter((t) => t.right).length / c.length >= TARGET_ACCURACY) return s;
  }
  return 1;
}

Deno.test({
  name: "vision eval: per panorama, fitting kept apart (leave-one-out), with 95 % intervals",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const all = cases();
    assert.equal(all.length, 12);
    const guess = async (c: Case, carpet: number) => {
      const dets = (await detections(c.file)).filter((d) =>
        d.score >= MIN_OBJECT_SCORE && isEvidence(d)
      );
      return guessCase(c, dets, 1, await cuesOf(c, carpet));
    };
    const rows: {
      c: Case;
      said: string;
      score: number;
      committed: boolean;
      right: boolean;
      plan: string;
      through: number;
      commit: number;
      carpet: number;
    }[] = [];
    const house: HouseRoom[] = [];
    for (const held of all) {
      const train = all.filter((c) => c !== held);
      const carpet = await fitCarpet(train);
      const trained = [];
      for (const c of train) {
        const { g } = await guess(c, carpet);
        trained.push({ score: g.score, right: g.best === c.truth });
      }
      const commit = fitCommit(trained);
      const { g, through, objects } = await guess(held, carpet);
      const committed = g.score >= commit;
      house.push({
        id: held.file,
        scores: softmax(g.logits),
        objects,
        widest_door_m: held.widest_m,
      });
      rows.push({
        c: held,
        said: committed ? g.best : "unknown",
        score: g.score,
        committed,
        right: committed && g.best === held.truth,
        plan: held.planLabel,
        through,
        commit,
        carpet,
      });
    }
    const n = rows.length, k = rows.filter((r) => r.committed).length;
    const ok = rows.filter((r) => r.right).length;
    // The shipped commit score (hand-set, not fitted), with the held-out carpet threshold.
    const bestOf = (r: (typeof rows)[number]) => house.find((h) => h.id === r.c.file)!;
    const best = (h: HouseRoom) => CANDIDATE_LABELS[h.scores.indexOf(Math.max(...h.scores))];
    const fixed = rows.filter((r) => r.score >= COMMIT_SCORE);
    const fixedOk = fixed.filter((r) => best(bestOf(r)) === r.c.truth).length;
    // The whole home at once (house.ts): the 12 panoramas' rooms and the house's 7 other
    // partial rooms (geometry only). A room under the commit score is decided by the house when
    // it clearly fills a need.
    for (const c of cases(true)) {
      const { g } = guessCase(c, [], 1, {});
      house.push({ id: c.file, scores: softmax(g.logits), objects: [], widest_door_m: c.widest_m });
    }
    const assigned = assignHouse(house);
    const byHouse = rows.map((r) => {
      const a = assigned.find((x) => x.id === r.c.file)!;
      if (r.score >= COMMIT_SCORE) return { r, label: best(bestOf(r)), how: "room" };
      return a.need && a.clear
        ? { r, label: a.label, how: a.need }
        : { r, label: "unknown", how: "" };
    });
    const houseCommitted = byHouse.filter((h) => h.label !== "unknown");
    const houseOk = houseCommitted.filter((h) => h.label === h.r.c.truth).length;
    const pct = (a: number, b: number) => `${Math.round((100 * a) / Math.max(1, b))} %`;
    const iv = ([lo, hi]: [number, number]) => `${lo.toFixed(2)}–${hi.toFixed(2)}`;
    // Per plan room: its panoramas' held-out labels against its label and its parts.
    const byRoom = new Map<string, typeof rows>();
    for (const r of rows) byRoom.set(r.c.complete, [...(byRoom.get(r.c.complete) ?? []), r]);
    const rooms = [...byRoom].map(([id, rs]) => {
      const plan = rs[0].plan as RoomLabel;
      const parts = rs[0].c.completeLabels.length > 1 ? rs[0].c.completeLabels as RoomLabel[] : [];
      const j = judgeRoom(
        { label: "unknown" },
        rs.map((r) => ({ label: r.said as RoomLabel | "unknown" })),
        plan,
        parts,
      );
      return { id, plan, parts, panos: rs.length, agreement: j.agreement };
    });
    const judged = rooms.filter((r) => r.agreement !== "unknown");
    const agreeing = judged.filter((r) => r.agreement !== "differs").length;
    console.log(
      [
        "",
        "panorama                 plan      truth     said      score  committed  right  (commit ≥, carpet ≥; seen through a door)",
        ...rows.map((r) =>
          `${r.c.file.replace(/^floor_01_partial_/, "").padEnd(24)} ${r.plan.padEnd(9)} ${
            r.c.truth.padEnd(9)
          } ${r.said.padEnd(9)} ${r.score.toFixed(2)}   ${
            (r.committed ? "yes" : "no").padEnd(9)
          }  ${(r.committed ? (r.right ? "yes" : "no") : "–").padEnd(5)}  (${
            r.commit.toFixed(2)
          }, ${r.carpet.toFixed(2)}; ${r.through})`
        ),
        `per panorama: commits on ${k} of ${n} (${pct(k, n)}, 95 % ${
          iv(wilson95(k, n))
        }), right on ${ok} of ${k} (${pct(ok, k)}, 95 % ${iv(wilson95(ok, k))})`,
        `at the shipped commit score ${COMMIT_SCORE}: commits on ${fixed.length} of ${n} (95 % ${
          iv(wilson95(fixed.length, n))
        }), right on ${fixedOk} of ${fixed.length} (95 % ${iv(wilson95(fixedOk, fixed.length))})`,
        `with the house (assignment): commits on ${houseCommitted.length} of ${n} (95 % ${
          iv(wilson95(houseCommitted.length, n))
        }), right on ${houseOk} of ${houseCommitted.length} (95 % ${
          iv(wilson95(houseOk, houseCommitted.length))
        }); decided by the house: ${
          byHouse.filter((h) => h.how.startsWith("need.")).map((h) =>
            `${h.r.c.file.replace(/^floor_01_partial_/, "")} ${h.label} (${h.how})`
          ).join(", ") || "none"
        }`,
        ...rooms.map((r) =>
          `room ${r.id}: plan ${r.plan}${
            r.parts.length ? ` (parts ${r.parts.join(", ")})` : ""
          }, ${r.panos} panorama(s): ${r.agreement}`
        ),
        `per room: judged ${judged.length} of ${rooms.length} (95 % ${
          iv(wilson95(judged.length, rooms.length))
        }), agreeing with the plan ${agreeing} of ${judged.length} (95 % ${
          iv(wilson95(agreeing, judged.length))
        })`,
        "",
      ].join("\n"),
    );
    // The issue's aims, held out: commits on at least half, right on at least 70 % of those.
    assert.ok(k >= n / 2, `commits on ${k} of ${n}`);
    assert.ok(ok / k >= 0.7, `right on ${ok} of ${k}`);
    assert.ok(fixed.length >= n / 2 && fixedOk / fixed.length >= 0.7, "at the shipped score too");
    assert.ok(houseCommitted.length >= fixed.length, "the house never withdraws a commit");
    assert.ok(houseOk / houseCommitted.length >= 0.7, `house: ${houseOk}/${houseCommitted.length}`);
    // The open-plan room's panoramas name different parts and still agree with it.
    const open = rooms.find((r) => r.parts.length > 1)!;
    assert.ok(open.panos >= 3, "the open plan holds several sample panoramas");
    assert.equal(open.agreement, "part");
  },
});
