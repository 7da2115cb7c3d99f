/**
 * Synthetic plans for the benchmarks: generated, seeded, never read from disk.
 */
import { type LoadedPlan, parsePlan, type PlanInput, type Point } from "../ground/plan.ts";
import type { RouteNeeds } from "../engines/geometry/routes/mod.ts";

/**
 * The traveller the grid's route benches and tests use: a 0.81 m wide chair user (ADA 2010
 * defaults: 0.815 m doors §404.2.3, 13 mm steps §404.2.5, ramps 1:12 §405.2), step-free.
 */
export const GRID_TRAVELLER: RouteNeeds = {
  body_width_m: 0.81,
  min_clear_width_m: 0.815,
  step_free: true,
  max_step_m: 0.013,
  max_ramp_slope: 1 / 12,
};

/** {@link gridBuilding} parsed: a plan object made anew at each call. */
export function gridPlan(cols = 40, rows = 25, doors = 3000): LoadedPlan {
  return parsePlan(gridBuilding(cols, rows, doors));
}

/** Mulberry32: a small seeded generator, so each run benchmarks the same plan. */
export function rng(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A one-floor building of `cols × rows` rooms of 3 × 3 m with exactly `doors` doors: one on
 * every shared wall, a second on walls taken in order until the count is reached, and the
 * entrance on the outside of room 0. Every 7th door is 0.70 m clear (too narrow for 0.815 m);
 * every 10th room holds a 1.6 × 0.9 m table, so the route engine takes its exact path there.
 */
export function gridBuilding(cols = 40, rows = 25, doors = 3000): PlanInput {
  const S = 3;
  const rooms = [];
  const objects = [];
  const id = (c: number, r: number) => `r${r}_${c}`;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = c * S, y = r * S;
      rooms.push({
        id: id(c, r),
        floor: "f0",
        label: "other" as const,
        polygon: [[x, y], [x + S, y], [x + S, y + S], [x, y + S]] as Point[],
      });
      if ((r * cols + c) % 10 === 5) {
        objects.push({
          id: `t_${id(c, r)}`,
          floor: "f0",
          room: id(c, r),
          label: "table",
          center: [x + 1.5, y + 1.5] as Point,
          size: [1.6, 0.9] as [number, number],
        });
      }
    }
  }
  const walls: { a: string; b: string; at: (k: number) => Point }[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols) {
        walls.push({
          a: id(c, r),
          b: id(c + 1, r),
          at: (k) => [(c + 1) * S, r * S + (k ? 0.7 : 2.3)],
        });
      }
      if (r + 1 < rows) {
        walls.push({
          a: id(c, r),
          b: id(c, r + 1),
          at: (k) => [c * S + (k ? 0.7 : 2.3), (r + 1) * S],
        });
      }
    }
  }
  const openings = [{
    id: "d_entrance",
    kind: "door" as const,
    floor: "f0",
    between: [id(0, 0), null] as [string, null],
    at: [0, 1.5] as Point,
    width_m: 0.95,
    clear_width_m: 0.9,
    main_entrance: true,
  }];
  for (let k = 0; k < 2 && openings.length < doors; k++) {
    for (const w of walls) {
      if (openings.length >= doors) break;
      const n = openings.length;
      openings.push({
        id: `d${n}`,
        kind: "door" as const,
        floor: "f0",
        between: [w.a, w.b] as unknown as [string, null],
        at: w.at(k),
        width_m: 0.95,
        clear_width_m: n % 7 === 0 ? 0.7 : 0.9,
        main_entrance: false,
      });
    }
  }
  return {
    id: "grid",
    floors: [{ id: "f0", index: 0, elevation_m: 0 }],
    rooms,
    openings,
    objects,
  };
}

/**
 * A room of `n` vertices (a 6 m circle with seeded radial noise, so still simple) holding
 * `k` tables and chairs (0.4–1.2 m, any yaw) on a grid inside it.
 */
export function busyRoom(n = 500, k = 50): { polygon: Point[]; obstacles: Point[][] } {
  const rand = rng(500);
  const polygon: Point[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = 6 + 0.25 * Math.sin(7 * a) + 0.05 * rand();
    polygon.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  const obstacles: Point[][] = [];
  const side = Math.ceil(Math.sqrt(k));
  for (let i = 0; i < k; i++) {
    const cx = -3.6 + (7.2 * (i % side)) / (side - 1),
      cy = -3.6 + (7.2 * Math.floor(i / side)) / (side - 1);
    const w = 0.4 + rand() * 0.8, d = 0.4 + rand() * 0.5, yaw = rand() * Math.PI;
    const ux = Math.cos(yaw), uy = Math.sin(yaw);
    obstacles.push([
      [cx - ux * w / 2 + uy * d / 2, cy - uy * w / 2 - ux * d / 2],
      [cx + ux * w / 2 + uy * d / 2, cy + uy * w / 2 - ux * d / 2],
      [cx + ux * w / 2 - uy * d / 2, cy + uy * w / 2 + ux * d / 2],
      [cx - ux * w / 2 - uy * d / 2, cy - uy * w / 2 + ux * d / 2],
    ]);
  }
  return { polygon, obstacles };
}
