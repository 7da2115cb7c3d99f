/** room_labels' `shows`: what a guess's panoramas show, read from its cues (codes and data). */
import assert from "node:assert/strict";
import { shows } from "../../tools/room_labels/report.ts";
import type { Cue } from "../../engines/vision/labels.ts";

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
