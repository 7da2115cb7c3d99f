/**
 * room_labels' check data on hand-made evidence: `shows` (what a guess's panoramas show, read from
 * its cues) and a guess decided by the house's door rule (engines/vision/house.ts).
 */
import assert from "node:assert/strict";
import { shows } from "../../tools/room_labels/report.ts";
import { guessData } from "../../tools/room_labels/guess.ts";
import {
  COMMIT_SCORE,
  type Cue,
  labelRoom,
  type RoomEvidence,
} from "../../engines/vision/labels.ts";
import { assignHouse } from "../../engines/vision/house.ts";
import { softmax } from "../../engines/vision/calibrate.ts";
import type { Room } from "../../ground/plan.ts";

Deno.test("room_labels shows: the object cues' classes and counts, in cue order; the rest ignored", () => {
  const cues: Cue[] = [
    { code: "object.seen", label: "toilet", score: 0.61, count: 1 },
    { code: "floor.hard", contrast: 0.2 },
    { code: "object.seen", label: "oven", score: 0.5, count: 1 },
    { code: "object.seen", label: "chair", score: 0.4, count: 3 },
  ];
  assert.equal(shows({ cues }), "a toilet, an oven and 3 × chair");
  assert.equal(shows({ cues: cues.slice(0, 2) }), "a toilet");
  // No object cue: the room was judged on its shape alone.
  assert.equal(
    shows({ cues: [{ code: "objects.none" }, { code: "size.large", area_m2: 20 }] }),
    shows({ cues: [] }),
  );
  assert.notEqual(shows({ cues: [] }), shows({ cues: cues.slice(0, 1) }));
});

Deno.test("room_labels guessData: a bedroom-like room off the kitchen is decided by the house's door rule", () => {
  // An empty 12 m² room with a window: bedroom is its best label, under the commit score.
  const base: RoomEvidence = {
    area_m2: 12,
    long_m: 4,
    short_m: 3,
    doors: 1,
    windows: 1,
    widest_door_m: 0.8,
    objects: [],
  };
  const own = labelRoom(base);
  assert.equal(own.best, "bedroom");
  const kitchen = labelRoom({ ...base, area_m2: 14, objects: [{ label: "oven", score: 0.7 }] });
  const rooms = [
    { id: "B", scores: softmax(own.logits), objects: [], widest_door_m: 0.8 },
    {
      id: "K",
      scores: softmax(kitchen.logits),
      objects: [{ label: "oven", score: 0.7 }],
      widest_door_m: 0.8,
    },
  ];
  const doors = new Map([["B", [{ into: "K", at: [0, 0] as [number, number] }]]]);
  const [hb] = assignHouse(rooms, undefined, doors);
  const rule = hb.door!;
  assert.equal(rule.code, "house.bedroom_off_kitchen");
  const room = { id: "B", label: "other" } as Room;
  const { g, guess } = guessData(room, "Back room", undefined, {
    own,
    panoramas: [],
    base,
    house: hb,
  }, COMMIT_SCORE);
  assert.equal(g.decided_by, "house");
  assert.equal(g.house?.door?.code, "house.bedroom_off_kitchen");
  assert.deepEqual(g.house?.door?.kitchens, ["K"]);
  // The house's scores (bedroom × 1/4, renormalised) decide: best and score are the rule's.
  assert.equal(guess.best, rule.best);
  assert.equal(guess.score, rule.score);
  assert.ok(guess.score < own.score || guess.best !== "bedroom");
  assert.equal(guess.label, rule.score >= COMMIT_SCORE ? rule.best : "unknown");
  // Without the door graph the room is its own.
  const [alone] = assignHouse(rooms);
  const d = guessData(
    room,
    "Back room",
    undefined,
    { own, panoramas: [], base, house: alone },
    0.6,
  );
  assert.equal(d.g.decided_by, "room");
  assert.equal(d.guess.score, own.score);
});
