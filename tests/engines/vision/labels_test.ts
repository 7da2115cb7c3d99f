/** Room labels from evidence (engines/vision/labels.ts). */
import assert from "node:assert/strict";
import { goldenEntries } from "../../_golden.ts";
import {
  CANDIDATE_LABELS,
  COMMIT_SCORE,
  judgeRoom,
  labelRoom,
  planAgreement,
  type RoomEvidence,
} from "../../../engines/vision/labels.ts";

const room = (o: Partial<RoomEvidence> = {}): RoomEvidence => ({
  area_m2: 12,
  long_m: 4,
  short_m: 3,
  doors: 1,
  windows: 1,
  widest_door_m: 0.8,
  objects: [],
  ...o,
});

Deno.test("labels: a toilet and a sink make a bathroom", () => {
  const g = labelRoom(room({
    area_m2: 4.5,
    long_m: 2.5,
    short_m: 1.8,
    windows: 0,
    objects: [{ label: "toilet", score: 0.56 }, { label: "sink", score: 0.57 }],
  }));
  assert.equal(g.label, "bathroom");
  assert.ok(g.score >= COMMIT_SCORE && g.score < 1, `${g.score}`);
  assert.ok(g.evidence.some((e) => e.includes("toilet")));
});

Deno.test("labels: oven and sink in a large room make a kitchen; the sink alone does not", () => {
  const k = labelRoom(
    room({ objects: [{ label: "oven", score: 0.5 }, { label: "sink", score: 0.4 }] }),
  );
  assert.equal(k.label, "kitchen");
  const s = labelRoom(room({ objects: [{ label: "sink", score: 0.4 }] }));
  assert.notEqual(s.label, "bathroom");
});

Deno.test("labels: an empty bedroom-sized room is unknown, and says it was judged without objects", () => {
  const g = labelRoom(room());
  assert.equal(g.label, "unknown");
  assert.equal(g.best, "bedroom");
  assert.ok(g.cues.some((c) => c.code === "objects.none"), JSON.stringify(g.cues));
});

Deno.test("labels: a vehicle door makes a garage; a small room with one door is closet or storage", () => {
  assert.equal(
    labelRoom(room({ area_m2: 36, long_m: 7, short_m: 5.2, widest_door_m: 4.66 })).label,
    "garage",
  );
  const c = labelRoom(room({ area_m2: 2, long_m: 1.6, short_m: 1.25, windows: 0 }));
  assert.equal(c.label, "unknown");
  assert.deepEqual(c.top.slice(0, 2).map((t) => t.label).sort(), ["closet", "storage"]);
});

Deno.test("labels: long and narrow is a hallway", () => {
  assert.equal(
    labelRoom(room({ area_m2: 6, long_m: 5, short_m: 1.2, doors: 4, windows: 0 })).label,
    "hallway",
  );
});

Deno.test("labels: the commit threshold is inclusive", () => {
  const e = room({ objects: [{ label: "toilet", score: 0.3 }] });
  const s = labelRoom(e).score;
  assert.notEqual(labelRoom(e, s).label, "unknown");
  assert.equal(labelRoom(e, s + 1e-9).label, "unknown");
});

Deno.test("labels: detections scored below 0.3 are not evidence", () => {
  const g = labelRoom(room({ objects: [{ label: "toilet", score: 0.29 }] }));
  assert.ok(!g.evidence.some((e) => e.includes("toilet")));
});

Deno.test("labels: the cues are codes with figures, and their sentences are made from them", async (t) => {
  const said = goldenEntries("labels_test", t);
  const g = labelRoom(
    room({ objects: [{ label: "toilet", score: 0.56 }], area_m2: 3, windows: 0 }),
  );
  assert.deepEqual(g.cues[0], { code: "object.seen", label: "toilet", score: 0.56, count: 1 });
  assert.equal(g.cues.length, g.evidence.length);
  said.add(g.evidence[0]);
  await said.check();
});

Deno.test("labels: a carpeted floor moves a bedroom-sized room towards bedroom, a hard floor away", () => {
  const carpet = labelRoom(room({ floor: { kind: "carpet", contrast: 4 } }));
  const hard = labelRoom(room({ floor: { kind: "hard", contrast: 1.2 } }));
  const bare = labelRoom(room());
  const p = (g: typeof bare, l: string) => g.top.find((t) => t.label === l)?.score ?? 0;
  assert.ok(p(carpet, "bedroom") > p(bare, "bedroom"), `${p(carpet, "bedroom")}`);
  assert.ok(p(hard, "bedroom") < p(bare, "bedroom"));
  assert.equal(carpet.best, "bedroom");
  assert.ok(carpet.cues.some((c) => c.code === "floor.carpet"));
  // A sink on a hard floor reads kitchen or laundry, never bedroom; on carpet, not a bathroom.
  const sinkHard = labelRoom(room({
    objects: [{ label: "sink", score: 0.5 }, { label: "oven", score: 0.4 }],
    floor: { kind: "hard", contrast: 1 },
  }));
  assert.equal(sinkHard.label, "kitchen");
});

Deno.test("labels: an open plan agrees when each panorama names the plan's label or one of its parts", () => {
  const parts = ["living", "dining", "kitchen", "hallway"] as const;
  const u = { label: "unknown" as const };
  assert.equal(planAgreement("kitchen", "living", parts), "part");
  assert.equal(planAgreement("living", "living", parts), "label");
  assert.equal(planAgreement("bedroom", "living", parts), "differs");
  assert.equal(planAgreement("kitchen", "living"), "differs");
  assert.deepEqual(judgeRoom(u, [{ label: "kitchen" }, { label: "living" }], "living", parts), {
    agreement: "part",
    by: "panoramas",
  });
  assert.deepEqual(
    judgeRoom(u, [{ label: "kitchen" }, { label: "bedroom" }], "living", parts).agreement,
    "differs",
  );
  assert.deepEqual(judgeRoom(u, [u, u], "living", parts).agreement, "unknown");
  // The pooled guess decides when it agrees; when it does not, agreeing panoramas still do.
  assert.deepEqual(judgeRoom({ label: "living" }, [{ label: "bedroom" }], "living"), {
    agreement: "label",
    by: "room",
  });
  assert.deepEqual(judgeRoom({ label: "bathroom" }, [{ label: "kitchen" }], "living", parts), {
    agreement: "part",
    by: "panoramas",
  });
  assert.deepEqual(judgeRoom({ label: "bathroom" }, [u], "living", parts), {
    agreement: "differs",
    by: "room",
  });
});

Deno.test("labels: among an open plan's parts, a sink on a hard floor is the kitchen end; size is not a cue", () => {
  const parts = ["living", "dining", "kitchen", "hallway"] as const;
  // A 48 m² open space with windows: as a whole it reads living; a panorama seeing a sink on
  // vinyl names the kitchen part. By hand: kitchen 3 × 0.37 + 1 (hard floor) = 2.11, dining 1
  // (hard floor), living and hallway 0; 8.25 / (8.25 + 2.72 + 1 + 1) = 0.64.
  const open = room({
    area_m2: 48,
    long_m: 9,
    short_m: 6,
    windows: 4,
    window_width_m: 5,
    perimeter_m: 30,
    objects: [{ label: "sink", score: 0.37 }],
    floor: { kind: "hard", contrast: 1.5 },
  });
  const part = labelRoom(open, COMMIT_SCORE, 1, parts);
  assert.equal(part.label, "kitchen");
  assert.ok(Math.abs(part.score - 0.636) < 0.005, `${part.score}`);
  assert.ok(part.top.every((t) => (parts as readonly string[]).includes(t.label)));
  assert.ok(!part.cues.some((c) => c.code.startsWith("size.") || c.code === "windows.share"));
  // Carpet and nothing seen: the living part.
  const sofaEnd = labelRoom(
    { ...open, objects: [], floor: { kind: "carpet", contrast: 4 } },
    COMMIT_SCORE,
    1,
    parts,
  );
  assert.equal(sofaEnd.best, "living");
});

Deno.test("labels: a fit's group scales multiply each group's log-odds; absent, the hand-set ones stand", () => {
  const e = room({
    area_m2: 10,
    objects: [{ label: "oven", score: 0.5 }],
    floor: { kind: "hard", contrast: 1 },
    counter_share: 0.15,
  });
  const base = labelRoom(e);
  const ones = labelRoom(e, COMMIT_SCORE, 1, undefined, {
    scales: { objects: 1, geometry: 1, floor: 1, windows: 1, counters: 1 },
  });
  assert.deepEqual(ones.logits, base.logits);
  const k = CANDIDATE_LABELS.indexOf("kitchen");
  const noObjects = labelRoom(e, COMMIT_SCORE, 1, undefined, { scales: { objects: 0 } });
  const twice = labelRoom(e, COMMIT_SCORE, 1, undefined, { scales: { objects: 2 } });
  // The oven adds 8 × 0.5 = 4 to kitchen (OBJECT_WEIGHTS): 0 without it, 8 at scale 2.
  assert.ok(Math.abs(base.logits[k] - noObjects.logits[k] - 4) < 1e-12);
  assert.ok(Math.abs(twice.logits[k] - base.logits[k] - 4) < 1e-12);
  // Counters at 0.15 count only when the fitted threshold is at or under it (+1.5 kitchen).
  assert.equal(base.cues.some((c) => c.code === "counters.seen"), false);
  const low = labelRoom(e, COMMIT_SCORE, 1, undefined, { counter_share: 0.15 });
  assert.ok(low.cues.some((c) => c.code === "counters.seen"));
  assert.ok(Math.abs(low.logits[k] - base.logits[k] - 1.5) < 1e-12);
});
