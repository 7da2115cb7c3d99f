/**
 * Grid functions for site drainage around a building footprint, on a filled elevation grid
 * and its D8 directions (engines/geometry/water/): transect feet along outside walls, the
 * ponds (Planchon & Darboux 2001 filled depth) that touch the building, upslope area by the
 * side of the building it drains onto, the nearest outside wall, and a lattice of D8 arrows.
 * Pure functions over plain data; plan metres in, plan metres out.
 */
import { judge, type Point } from "../../ground/plan.ts";
import type { Grid } from "../../ground/grid.ts";
import { compassSide, type OutsideWall } from "./footprint.ts";
import { segmentDistance_m } from "./polygon.ts";
import { planAzimuth_deg } from "./walls.ts";
import {
  D8_DCOL,
  D8_DROW,
  fillDepressionsBarnes,
  flowDirectionsD8,
  upstreamMask,
} from "./water/mod.ts";
import { bilinear } from "../../ground/grid.ts";
import { type Affine, applyAffine } from "../../ground/grid.ts";
import { ticker } from "../../ground/budget.ts";

/** The four sides of a building, by the compass quarter its walls face. */
export const SIDES = ["north", "east", "south", "west"] as const;
export type Side = typeof SIDES[number];

/** Transect feet along a wall: every ≤ 1 m, 0.25 m in from its ends. */
export function transectFeet(wall: OutsideWall): { wall: OutsideWall; at: Point }[] {
  const inset = wall.length_m > 1 ? 0.25 : wall.length_m / 2;
  const usable = wall.length_m - 2 * inset;
  const count = Math.max(1, Math.ceil(usable / 1) + 1);
  const out: { wall: OutsideWall; at: Point }[] = [];
  for (let k = 0; k < count; k++) {
    const s = count === 1 ? wall.length_m / 2 : inset + usable * k / (count - 1);
    const t = s / wall.length_m;
    out.push({
      wall,
      at: [wall.a[0] + (wall.b[0] - wall.a[0]) * t, wall.a[1] + (wall.b[1] - wall.a[1]) * t],
    });
  }
  return out;
}

/** A pond against the building: cells holding water, their area, deepest depth and volume. */
export interface Pond {
  cells: number;
  area_m2: number;
  depth_m: number;
  volume_m3: number;
  /** A cell centre of the pond next to the building (plan metres). */
  contact: Point;
  /** Row runs of the pond's cells as closed rectangles (plan metres). */
  rects: number[][][];
}

/** Connected (8-neighbour) sets of cells holding water, kept when one touches the building. */
export function pondsAgainst(
  g: Grid,
  z: Float64Array,
  filled: Float64Array,
  mask: Uint8Array,
  nextToHouse: Uint8Array,
  minDepth_m: number,
): Pond[] {
  const { width: w, height: h, transform: t } = g;
  const cell = t[1];
  const wet = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) if (!mask[i] && filled[i] - z[i] > minDepth_m) wet[i] = 1;
  const seen = new Uint8Array(w * h);
  const out: Pond[] = [];
  const centre = (i: number): Point => {
    const r = (i / w) | 0, c = i - r * w;
    return [t[0] + (c + 0.5) * cell, t[3] + (r + 0.5) * t[5]];
  };
  const tick = ticker(4096);
  for (let s = 0; s < w * h; s++) {
    tick();
    if (!wet[s] || seen[s]) continue;
    const comp: number[] = [s];
    seen[s] = 1;
    for (let q = 0; q < comp.length; q++) {
      tick();
      const i = comp[q], r = (i / w) | 0, c = i - r * w;
      for (let k = 0; k < 8; k++) {
        const rr = r + D8_DROW[k], cc = c + D8_DCOL[k];
        if (rr < 0 || rr >= h || cc < 0 || cc >= w) continue;
        const j = rr * w + cc;
        if (wet[j] && !seen[j]) {
          seen[j] = 1;
          comp.push(j);
        }
      }
    }
    const touching = comp.filter((i) => nextToHouse[i]);
    if (!touching.length) continue;
    let depth = 0, vol = 0, deepest = touching[0];
    for (const i of comp) {
      const d = filled[i] - z[i];
      vol += d * cell * cell;
      if (d > depth) depth = d;
    }
    for (const i of touching) if (filled[i] - z[i] > filled[deepest] - z[deepest]) deepest = i;
    const rects: number[][][] = [];
    const rows = new Map<number, number[]>();
    for (const i of comp) {
      const r = (i / w) | 0;
      rows.set(r, [...(rows.get(r) ?? []), i - r * w]);
    }
    for (const [r, cols] of rows) {
      cols.sort((a, b) => a - b);
      let start = cols[0];
      for (let k = 1; k <= cols.length; k++) {
        if (k < cols.length && cols[k] === cols[k - 1] + 1) continue;
        const x0 = t[0] + start * cell, x1 = t[0] + (cols[k - 1] + 1) * cell;
        const y0 = t[3] + r * t[5], y1 = t[3] + (r + 1) * t[5];
        rects.push([[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]);
        if (k < cols.length) start = cols[k];
      }
    }
    out.push({
      cells: comp.length,
      area_m2: comp.length * cell * cell,
      depth_m: depth,
      volume_m3: vol,
      contact: centre(deepest),
      rects,
    });
  }
  return out.sort((a, b) => b.volume_m3 - a.volume_m3);
}

/**
 * Cells outside the footprint counted by the side their D8 path enters it on: the cells
 * that step into the footprint take the side of their nearest outside wall, and every cell
 * upstream inherits its downstream cell's side (walked in reverse topological order).
 */
export function upslopeBySide(
  g: Grid,
  dirs: Int8Array,
  mask: Uint8Array,
  walls: OutsideWall[],
  north_deg: number,
): Map<Side, number> {
  const { width: w, height: h, transform: t } = g;
  const n = w * h;
  const side = new Int8Array(n).fill(-1);
  const queue: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = dirs[i];
    if (mask[i] || k < 0) continue;
    const d = i + D8_DROW[k] * w + D8_DCOL[k];
    if (!mask[d]) continue;
    const r = (i / w) | 0, c = i - r * w;
    const p: Point = [t[0] + (c + 0.5) * t[1], t[3] + (r + 0.5) * t[5]];
    const wall = nearestOutsideWall(walls, p);
    side[i] = SIDES.indexOf(compassSide(planAzimuth_deg(wall.normal, north_deg)));
    queue.push(i);
  }
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q], r = (i / w) | 0, c = i - r * w;
    for (let k = 0; k < 8; k++) {
      const rr = r - D8_DROW[k], cc = c - D8_DCOL[k];
      if (rr < 0 || rr >= h || cc < 0 || cc >= w) continue;
      const j = rr * w + cc;
      if (dirs[j] === k && !mask[j] && side[j] < 0) {
        side[j] = side[i];
        queue.push(j);
      }
    }
  }
  const out = new Map<Side, number>();
  for (let i = 0; i < n; i++) {
    if (side[i] >= 0) out.set(SIDES[side[i]], (out.get(SIDES[side[i]]) ?? 0) + 1);
  }
  return out;
}

/** The outside wall nearest to p (plan metres); the first of equals. */
export function nearestOutsideWall(walls: OutsideWall[], p: Point): OutsideWall {
  let best = walls[0], bestD = Infinity;
  for (const w of walls) {
    const d = segmentDistance_m(p, w.a, w.b);
    if (d < bestD) {
      bestD = d;
      best = w;
    }
  }
  return best;
}

/** One D8 arrow of the lattice: the cell (row, column, index) and its arrow in plan metres. */
export interface FlowArrow {
  row: number;
  col: number;
  index: number;
  from: Point;
  to: Point;
}

/**
 * D8 arrows on a lattice about 2 m apart within `reach_m` (10 m) of a box [minX, minY, maxX,
 * maxY] around the footprint, outside it; the lattice doubles its step until at most `max`
 * (600) arrows remain, so a picture stays readable.
 */
export function flowArrowLattice(
  g: Grid,
  dirs: Int8Array,
  mask: Uint8Array,
  box: number[],
  cell_m: number,
  reach_m = 10,
  max = 600,
): FlowArrow[] {
  const { width: w, height: h, transform: t } = g;
  let step = Math.max(1, Math.round(2 / cell_m));
  const out: FlowArrow[] = [];
  for (let pass = 0; pass < 4; pass++, step *= 2) {
    out.length = 0;
    for (let r = 0; r < h; r += step) {
      for (let c = 0; c < w; c += step) {
        const i = r * w + c, k = dirs[i];
        if (k < 0 || mask[i]) continue;
        const x = t[0] + (c + 0.5) * cell_m, y = t[3] + (r + 0.5) * t[5];
        if (
          x < box[0] - reach_m || x > box[2] + reach_m || y < box[1] - reach_m ||
          y > box[3] + reach_m
        ) continue;
        const len = 0.8 * step * cell_m;
        const ux = D8_DCOL[k], uy = -D8_DROW[k], norm = Math.hypot(ux, uy);
        out.push({
          row: r,
          col: c,
          index: i,
          from: [x, y],
          to: [x + ux / norm * len, y + uy / norm * len],
        });
      }
    }
    if (out.length <= max) break;
  }
  return out;
}

/** The fall of the ground away from a wall at one transect foot. */
export interface WallFall {
  side: Side;
  wall: OutsideWall;
  at: Point;
  /** Ground height at the wall line minus the height `within_m` straight out, m. */
  fall_m: number;
}

/**
 * The fall at each transect foot: the ground (bilinear on the grid) at the foot minus the
 * ground `within_m` out along the wall's outward normal; each foot's side is the compass
 * quarter its wall faces (the plan's +y is `north_deg` from true north).
 */
export function wallFalls(
  grid: Grid,
  planToGrid: Affine,
  feet: { wall: OutsideWall; at: Point }[],
  within_m: number,
  north_deg: number,
): WallFall[] {
  return feet.map(({ wall, at }) => {
    const far: Point = [at[0] + wall.normal[0] * within_m, at[1] + wall.normal[1] * within_m];
    const z0 = bilinear(grid, applyAffine(planToGrid, at));
    const z1 = bilinear(grid, applyAffine(planToGrid, far));
    return {
      side: compassSide(planAzimuth_deg(wall.normal, north_deg)),
      wall,
      at,
      fall_m: z0 - z1,
    };
  });
}

/**
 * The ponds against a footprint on a plan-frame grid: the footprint is raised 100 m above the
 * grid's top (a barrier water cannot cross), depressions are filled by priority-flood
 * (Barnes et al. 2014), and the wet cells (deeper than `minDepth_m`, 5 mm) that touch the
 * footprint (8-neighbours) form the ponds; see pondsAgainst.
 */
export function pondsAroundFootprint(local: Grid, mask: Uint8Array, minDepth_m = 0.005): Pond[] {
  const w = local.width, h = local.height, n = w * h;
  let top = -Infinity;
  for (let i = 0; i < n; i++) if (local.data[i] > top) top = local.data[i];
  const barrier = Float64Array.from(local.data, (v, i) => (mask[i] ? top + 100 : v));
  const filled = fillDepressionsBarnes({ ...local, data: barrier });
  const nextToHouse = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (mask[i]) continue;
    const r = (i / w) | 0, c = i - r * w;
    for (let k = 0; k < 8; k++) {
      const rr = r + D8_DROW[k], cc = c + D8_DCOL[k];
      if (rr >= 0 && rr < h && cc >= 0 && cc < w && mask[rr * w + cc]) {
        nextToHouse[i] = 1;
        break;
      }
    }
  }
  return pondsAgainst(local, barrier, filled.data, mask, nextToHouse, minDepth_m);
}

/**
 * The ground that drains towards a footprint on bare terrain: D8 directions (O'Callaghan &
 * Mark 1984) on the ε-filled grid (Barnes et al. 2014, Algorithm 3), the footprint's upstream
 * cells, and how many of them lie outside it.
 */
export function drainageToFootprint(
  local: Grid,
  mask: Uint8Array,
  cell_m: number,
): { dirs: Int8Array; up: Uint8Array; upslope_cells: number } {
  const w = local.width, h = local.height, n = w * h;
  const dirs = flowDirectionsD8(fillDepressionsBarnes(local, { epsilon: true }), [cell_m, cell_m]);
  const footprint: number[] = [];
  for (let i = 0; i < n; i++) if (mask[i]) footprint.push(i);
  const up = upstreamMask(dirs, w, h, footprint);
  let upslope_cells = 0;
  for (let i = 0; i < n; i++) if (up[i] && !mask[i]) upslope_cells++;
  return { dirs, up, upslope_cells };
}

/** A compass side's fall: its worst transect judged, and each wall's own worst. */
export interface SideFall {
  side: Side;
  /** The transect with the least fall (most rise) on the side. */
  worst: WallFall;
  status: "pass" | "warn" | "fail";
  transects: number;
  walls: { wall: OutsideWall; worst_fall_m: number; status: "pass" | "warn" | "fail" }[];
}

/**
 * Each compass side's fall judged against the fall asked (IRC R401.3: 6 in within 10 ft),
 * in {@link SIDES} order: a side is as good as its worst transect (the least fall, judged with
 * the raster's vertical uncertainty), and each wall on it as good as its own worst.
 */
export function sideFalls(
  transects: WallFall[],
  min_fall_m: number,
  vertical_uncertainty_m: number,
): SideFall[] {
  const bySide = new Map<Side, WallFall[]>();
  for (const t of transects) bySide.set(t.side, [...(bySide.get(t.side) ?? []), t]);
  const out: SideFall[] = [];
  for (const side of SIDES) {
    const ts = bySide.get(side);
    if (!ts) continue;
    const worst = ts.reduce((a, b) => (b.fall_m < a.fall_m ? b : a));
    const walls: SideFall["walls"] = [];
    const seen = new Set<OutsideWall>();
    for (const t of ts) {
      if (seen.has(t.wall)) continue;
      seen.add(t.wall);
      const w = Math.min(...ts.filter((u) => u.wall === t.wall).map((u) => u.fall_m));
      walls.push({
        wall: t.wall,
        worst_fall_m: w,
        status: judge(w, ">=", min_fall_m, vertical_uncertainty_m),
      });
    }
    out.push({
      side,
      worst,
      status: judge(worst.fall_m, ">=", min_fall_m, vertical_uncertainty_m),
      transects: ts.length,
      walls,
    });
  }
  return out;
}

/**
 * A pond against the building judged: water standing deeper than the raster's vertical
 * uncertainty fails, shallower is too close to call; never a pass (water stands there).
 */
export function pondStatus(depth_m: number, vertical_uncertainty_m: number): "warn" | "fail" {
  const s = judge(depth_m, "<=", 0, vertical_uncertainty_m);
  return s === "pass" ? "warn" : s;
}
