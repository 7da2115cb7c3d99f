/**
 * The judging moved out of tools' report files into engines (issue 22): a way in's status
 * (fit.ts wayInStatus), a pond's (drainage.ts pondStatus), each side's worst fall
 * (drainage.ts sideFalls) and a room's turning space (clearance.ts judgeTurningSpace), on
 * hand-made data with hand-computed answers.
 */
import { assertEquals, assertOk } from "../../_assert.ts";
import { wayInStatus } from "../../../engines/geometry/fit.ts";
import { pondStatus, sideFalls, type WallFall } from "../../../engines/geometry/drainage.ts";
import { judgeTurningSpace } from "../../../engines/geometry/clearance.ts";
import type { OutsideWall } from "../../../engines/geometry/footprint.ts";
import type { Point } from "../../../ground/plan.ts";

Deno.test("wayInStatus: a fail anywhere fails; else a warn; a step not known stops a pass", () => {
  const s = (...st: ("pass" | "warn" | "fail" | "unknown")[]) => st.map((status) => ({ status }));
  assertEquals(wayInStatus(s("pass", "warn", "fail", "fail")), {
    status: "fail",
    first_fail: 2,
    first_warn: 1,
    first_unknown: -1,
  });
  assertEquals(wayInStatus(s("unknown", "warn")).status, "warn");
  assertEquals(wayInStatus(s("pass", "unknown")).status, "unknown");
  assertEquals(wayInStatus(s("pass", "pass")).status, "pass");
});

Deno.test("pondStatus: deeper than the raster's uncertainty fails, within it is too close; never a pass", () => {
  assertEquals(pondStatus(0.2, 0.05), "fail");
  assertEquals(pondStatus(0.05, 0.05), "warn");
  assertEquals(pondStatus(0.01, 0.05), "warn");
  // 1 mm beyond the uncertainty.
  assertEquals(pondStatus(0.051, 0.05), "fail");
});

Deno.test("sideFalls: a side is its worst transect; each wall its own worst; SIDES order", () => {
  const wall = (a: Point, b: Point): OutsideWall =>
    ({ a, b, normal: [0, -1], length_m: 1 }) as unknown as OutsideWall;
  const w1 = wall([0, 0], [1, 0]), w2 = wall([1, 0], [2, 0]), w3 = wall([0, 5], [1, 5]);
  const t = (side: WallFall["side"], w: OutsideWall, fall_m: number): WallFall => ({
    side,
    wall: w,
    at: w.a,
    fall_m,
  });
  // IRC R401.3: 0.152 m within 3.048 m, ±0.05 m: 0.30 pass, 0.17 warn (within 0.05), −0.1 fail.
  const f = sideFalls(
    [t("west", w3, 0.3), t("south", w1, 0.3), t("south", w1, 0.17), t("south", w2, -0.1)],
    0.152,
    0.05,
  );
  assertEquals(f.map((x) => [x.side, x.status, x.worst.fall_m, x.transects]), [
    ["south", "fail", -0.1, 3],
    ["west", "pass", 0.3, 1],
  ]);
  assertEquals(f[0].walls.map((w) => [w.worst_fall_m, w.status]), [[0.17, "warn"], [-0.1, "fail"]]);
});

Deno.test("judgeTurningSpace: a 2 m square turns a 1.525 m circle; a 2.5 m need falls back to ADA's T", () => {
  const square: Point[] = [[0, 0], [2, 0], [2, 2], [0, 2]];
  const tol = () => 0.02;
  const ok = judgeTurningSpace(square, [], 1.525, tol, true)!;
  // polylabel to 5 mm: the inscribed circle of a 2 m square is 2 m across.
  assertOk(Math.abs(ok.diameter_m - 2) <= 0.01, `${ok.diameter_m}`);
  assertEquals([ok.status, ok.section, ok.t], ["pass", "304.3.1", undefined]);
  // Asked for 2.5 m the circle fails; the T (a 1.525 m square, arms 0.915 m) fits grown by
  // 0.02 m in a 2 m square: pass under §304.3.2.
  const t = judgeTurningSpace(square, [], 2.5, tol, true)!;
  assertEquals([t.circle_status, t.status, t.section, t.t?.status], [
    "fail",
    "pass",
    "304.3.2",
    "pass",
  ]);
  assertEquals(judgeTurningSpace(square, [], 2.5, tol, false)!.status, "fail");
  // An outline with no area encloses no free floor.
  assertEquals(judgeTurningSpace([[0, 0], [1, 0], [2, 0]], [], 1.5, tol, true), undefined);
});
