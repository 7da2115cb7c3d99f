/** engines/geometry/sunlight_rules.ts: EN 17037 and BR 209 judged as codes with data, at and around their limits. */
import assert from "node:assert/strict";
import {
  en17037InSeason,
  judgeBre209,
  judgeEn17037,
} from "../../../engines/geometry/sunlight_rules.ts";

const step = 1 / 60; // one-minute counting step, h

Deno.test("EN 17037: the best habitable room against the level; within one step is too close", () => {
  const rooms = (h: number) => [
    { id: "living", day_h: h, habitable: true },
    { id: "hall", day_h: 9, habitable: false }, // sunnier, but not habitable
    { id: "bed", day_h: 0.5, habitable: true },
  ];
  const met = judgeEn17037(rooms(1.5 + 2 * step), "minimum", step);
  if (met.code !== "en17037.met") throw new Error(`expected met, got ${met.code}`);
  assert.equal(met.best, "living");
  assert.equal(met.limit_h, 1.5);
  assert.deepEqual([...met.rooms], [["living", "pass"], ["bed", "fail"]]);
  assert.equal(judgeEn17037(rooms(1.5), "minimum", step).code, "en17037.too_close");
  assert.equal(judgeEn17037(rooms(1.5 - step), "minimum", step).code, "en17037.too_close");
  assert.equal(judgeEn17037(rooms(1.5 - 2 * step), "minimum", step).code, "en17037.not_met");
  assert.equal(judgeEn17037(rooms(3.5), "high", step).code, "en17037.not_met", "high asks 4 h");
  assert.deepEqual(judgeEn17037([{ id: "hall", day_h: 9, habitable: false }], "medium", step), {
    code: "en17037.no_habitable_room",
    limit_h: 3,
  });
});

Deno.test("EN 17037's season is 1 February to 21 March", () => {
  assert.deepEqual(
    [[1, 31], [2, 1], [3, 21], [3, 22]].map(([m, d]) => en17037InSeason(m, d)),
    [false, true, true, false],
  );
});

Deno.test("BR 209: south-facing habitable windows only; shares against 25 % and 5 % with a sampling tolerance", () => {
  const possible_y = 4000, possible_w = 1200, step_h = 0.5;
  // tolerance: 2 · 0.5 · √(730/12) h = 7.80 h → 0.195 % of the year, 0.65 % of winter.
  const tolYear = 2 * step_h * Math.sqrt(730 / 12) / possible_y;
  const tolWinter = 2 * step_h * Math.sqrt(730 / 12) / possible_w;
  const w = (
    id: string,
    facing_deg: number,
    year_h: number,
    winter_h: number,
    habitable = true,
  ) => ({
    id,
    facing_deg,
    year_h,
    winter_h,
    habitable,
  });
  const out = judgeBre209(
    [
      w("south", 180, 1200, 120),
      w("east", 90, 0, 0), // exactly 90° from south: not within
      w("sse", 160, 1000 - 1, 120),
      w("north", 10, 0, 0),
      w("store", 180, 0, 0, false),
      w("far", 200, 1000 - tolYear * possible_y * 1.01, 60 - tolWinter * possible_w * 1.01),
      w("edge", 200, 1000 - tolYear * possible_y * 0.99, 60 - tolWinter * possible_w * 0.99),
    ],
    possible_y,
    possible_w,
    step_h,
  );
  assert.deepEqual(out.map((x) => [x.id, x.annual, x.winter]), [
    ["south", "pass", "pass"],
    ["sse", "warn", "pass"], // 24.975 %: within 0.195 % of 25 %
    ["far", "fail", "fail"], // 1 % beyond the tolerance
    ["edge", "warn", "warn"], // 1 % inside it
  ]);
  assert.equal(out[0].annual_share, 0.3);
  assert.equal(out[0].winter_share, 0.1);
});
