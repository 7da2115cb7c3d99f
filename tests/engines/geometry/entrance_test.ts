/** pickEntrance with two doors both marked as the main entrance says so (issue 13). */
import assert from "node:assert/strict";
import { pickEntrance } from "../../../engines/geometry/routes/mod.ts";
import { parsePlan } from "../../../ground/plan.ts";

Deno.test("pickEntrance: two doors marked as the main entrance are named, not called unmarked", () => {
  const { plan } = parsePlan({
    id: "p",
    floors: [{ id: "f0", index: 0 }],
    rooms: [
      { id: "a", floor: "f0", label: "living", polygon: [[0, 0], [4, 0], [4, 4], [0, 4]] },
      { id: "b", floor: "f0", label: "living", polygon: [[4, 0], [8, 0], [8, 4], [4, 4]] },
    ],
    openings: [
      {
        id: "d1",
        kind: "door",
        floor: "f0",
        between: ["a", null],
        at: [2, 0],
        width_m: 0.9,
        main_entrance: true,
      },
      {
        id: "d2",
        kind: "door",
        floor: "f0",
        between: ["b", null],
        at: [6, 0],
        width_m: 0.9,
        main_entrance: true,
      },
    ],
  });
  const e = pickEntrance(plan);
  assert.equal(e.entrance, undefined);
  assert.deepEqual([e.basis_code, e.among], ["marked_several", ["d1", "d2"]]);
});
