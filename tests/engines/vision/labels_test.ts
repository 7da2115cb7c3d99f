/** Room labels from evidence (engines/vision/labels.ts). */
import assert from "node:assert/strict";
import { COMMIT_SCORE, labelRoom, type RoomEvidence } from "../../../engines/vision/labels.ts";

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
  assert.ok(g.evidence.some((e) => e.includes("no fixture")));
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
