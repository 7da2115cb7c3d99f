/**
 * fit.ts: the reference's corner test vectors (shared/reference/rules-and-sun.md §4.1–4.2),
 * Carver's rectangle-in-rectangle condition, doorway, stair and corner widths by hand.
 */
import { assert, assertEquals, assertOk } from "../../_assert.ts";
import {
  carryModes,
  cornerLength_m,
  cornerMaxLength,
  cornerWidths,
  doorwayFit,
  floorFit,
  ladderMaxLength_m,
  rectangleFitsIn,
  stairFit,
} from "../../../engines/geometry/fit.ts";

const near = (a: number, b: number, eps: number, msg?: string) =>
  assertOk(Math.abs(a - b) <= eps, `${msg ?? ""} ${a} vs ${b} (±${eps})`);

Deno.test("fit: reference §4.2 rectangle-around-a-corner vectors", () => {
  // a, b, w -> L_max, θ* (degrees), as printed in the reference table.
  const vectors: [number, number, number, number, number][] = [
    [1, 1, 0, 2.828427, 45],
    [36, 36, 20, 61.823, 45],
    [36, 36, 30, 41.823, 45],
    [36, 42, 30, 49.904, 39.5],
    [1000, 1000, 900, 1028.43, 45],
  ];
  for (const [a, b, w, L, th] of vectors) {
    const r = cornerMaxLength(a, b, w);
    near(r.max_length_m, L, 5e-4 * Math.max(1, L / 100), `L_max(${a}, ${b}, ${w})`);
    near(r.theta_deg, th, 0.1, `θ*(${a}, ${b}, ${w})`);
    assertEquals(r.method, a === b ? "closed-form" : "numeric");
  }
  // The Wolfram demonstration value at θ = 31°, and its minimum 12.8563 at θ ≈ 33.5°.
  near(cornerLength_m(3, 8, 1, (31 * Math.PI) / 180), 12.8927, 1e-4);
  const m = cornerMaxLength(3, 8, 1);
  near(m.max_length_m, 12.8563, 1e-4);
  near(m.theta_deg, 33.5, 0.05);
  // Equal widths: the closed form equals the numeric minimum of the same L(θ).
  const numeric = cornerMaxLength(1.2, 1.2 + 1e-9, 0.5);
  near(cornerMaxLength(1.2, 1.2, 0.5).max_length_m, numeric.max_length_m, 1e-6);
});

Deno.test("fit: reference §4.1 ladder vectors, and the width-0 rectangle agrees", () => {
  near(ladderMaxLength_m(36, 36), 101.823, 1e-3);
  near(ladderMaxLength_m(36, 42), 110.200, 1e-3);
  near(ladderMaxLength_m(3, 8), 14.9922, 1e-4);
  near(ladderMaxLength_m(1, 1), 2 * Math.SQRT2, 1e-12);
  near(cornerMaxLength(36, 42, 0).max_length_m, ladderMaxLength_m(36, 42), 1e-6);
});

Deno.test("fit: a rectangle as wide as the corridor never turns", () => {
  assertEquals(cornerMaxLength(0.9, 1.2, 0.9).max_length_m, 0);
  assertEquals(cornerMaxLength(1.2, 0.9, 1.0).max_length_m, 0);
});

Deno.test("fit: Carver's condition (rectangle in rectangle, tilted)", () => {
  // Straight fits.
  assertEquals(rectangleFitsIn(2.0, 0.3, 0.8, 2.1), { fits: true, tilted: false });
  // 2.2 × 0.1 in a 2.1 × 0.8 opening: too long straight, fits on the diagonal
  // (diagonal 2.247 m): ((2.9)/(2.3))² + ((1.3)/(2.1))² = 1.590 + 0.383 = 1.973 < 2 -> no;
  // 2.15 × 0.1: (2.9/2.25)² + (1.3/2.05)² = 1.661 + 0.402 = 2.063 ≥ 2 -> fits tilted.
  assertEquals(rectangleFitsIn(2.2, 0.1, 2.1, 0.8), { fits: false, tilted: false });
  assertEquals(rectangleFitsIn(2.15, 0.1, 2.1, 0.8), { fits: true, tilted: true });
  // Too thick for the short side.
  assertEquals(rectangleFitsIn(1.0, 0.9, 2.1, 0.8), { fits: false, tilted: false });
});

Deno.test("fit: carry modes and a doorway", () => {
  const modes = carryModes({ width_m: 2.13, depth_m: 0.95, height_m: 0.85 });
  assertEquals(modes.length, 6);
  const upright = modes[0];
  assertEquals([upright.length_m, upright.across_m, upright.vertical_m], [2.13, 0.95, 0.85]);
  // 0.95 across a 0.90 door: short by 0.05; on its side (0.85 across, 0.95 up) it passes.
  const d = doorwayFit(upright, 0.9, 2.0);
  assertEquals(d.fits, false);
  near(d.margin_m, -0.05, 1e-12);
  const side = modes.find((m) => m.name === "on its side")!;
  const s = doorwayFit(side, 0.9, 2.0);
  assertOk(s.fits);
  near(s.margin_m, 0.05, 1e-12);
});

Deno.test("fit: up a stair, headroom along the pitch", () => {
  // rise 2.9 over a 3.64 m run (14 goings of 0.26): pitch atan(2.9/3.64) = 38.55°,
  // a 1.52 m tall cross-section takes 1.52 / cos(38.55°) = 1.943 m of headroom.
  const c = { name: "x", length_m: 2.03, across_m: 0.3, vertical_m: 1.52 };
  const r = stairFit(c, { width_m: 0.9, rise_m: 2.9, run_m: 3.64, headroom_m: 2.032 });
  near(r.pitch_deg, 38.55, 0.01);
  near(r.needed_headroom_m, 1.943, 1e-3);
  assertOk(r.fits);
  near(r.margin_m, 2.032 - 1.943, 1e-3);
  assert.equal(
    stairFit({ ...c, vertical_m: 1.7 }, {
      width_m: 0.9,
      rise_m: 2.9,
      run_m: 3.64,
      headroom_m: 2.032,
    })
      .fits,
    false,
  );
});

Deno.test("fit: corner widths of an L hallway and of a convex corner", () => {
  const L: [number, number][] = [[0, 0], [5, 0], [5, 1], [1, 1], [1, 5], [0, 5]];
  assertEquals(cornerWidths(L, 3), { a_m: 1, b_m: 1 });
  assertEquals(cornerWidths(L, 0), undefined, "a convex corner is no turn");
  const wide: [number, number][] = [[0, 0], [5, 0], [5, 1.2], [0.9, 1.2], [0.9, 5], [0, 5]];
  const w = cornerWidths(wide, 3)!;
  near(w.a_m, 0.9, 1e-12);
  near(w.b_m, 1.2, 1e-12);
});

Deno.test("fit: a footprint on the floor", () => {
  const room: [number, number][] = [[0, 0], [3, 0], [3, 3.2], [0, 3.2]];
  const bed = [[0.7, 1.2], [2.3, 1.2], [2.3, 3.2], [0.7, 3.2]] as [number, number][];
  // Below the bed is a 3 × 1.2 strip: a 2.0 × 1.0 box fits, a 2.0 × 1.3 one does not.
  assertOk(floorFit(room, [bed], { width_m: 2.0, depth_m: 1.0 }));
  assertEquals(floorFit(room, [bed], { width_m: 2.0, depth_m: 1.3 }), undefined);
});
