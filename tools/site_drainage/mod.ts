/**
 * site_drainage: does the ground fall away from the building, where does water pond against
 * it, and how much ground drains towards it — on the site's elevation raster around the
 * ground-floor footprint. The fall rule is IRC R401.3 (lots graded to drain away from
 * foundations: a fall of 6 in (152 mm) within the first 10 ft (3048 mm), i.e. 5 %); its text
 * is not in shared/reference, so the check is marked unverified.
 */
import { fill, tool, z } from "../../core/manifest.ts";
import {
  type Assumption,
  type Check,
  type Finding,
  findingId,
  fmtM,
  judge,
  type Metric,
  type Overlay,
  type Status,
  TOO_CLOSE,
  worstStatus,
} from "../../core/result.ts";
import type { Point } from "../../core/plan.ts";
import { lineGeometry } from "../../engines/geometry/geojson.ts";
import {
  compassSide,
  footprintMask,
  groundFloorRooms,
  type OutsideWall,
  outsideWalls,
} from "../../engines/geometry/footprint.ts";
import { planAzimuth_deg } from "../../engines/geometry/walls.ts";
import {
  D8_DCOL,
  D8_DROW,
  fillDepressions,
  flowDirectionsD8,
  upstreamMask,
} from "../../engines/geometry/water.ts";
import { bilinear, cellSize_m, resampleToPlan } from "../../engines/aerial/sample.ts";
import { applyAffine } from "../../engines/aerial/reproject.ts";
import type { Grid } from "../../engines/aerial/grid.ts";
import { describeRaster } from "../../core/rasters.ts";

const TOOL = "site_drainage";
const SIDES = ["north", "east", "south", "west"] as const;
type Side = typeof SIDES[number];
const RULE = { pack: "irc", section: "R401.3", unverified: true };

interface Transect {
  side: Side;
  wall: OutsideWall;
  at: Point;
  fall_m: number;
}

export default tool({
  id: TOOL,
  title: "Site drainage",
  summary: "Does the ground fall away from the house, and where does water pond against it?",
  model_description:
    "Check, on the site's elevation raster, whether the ground falls away from each side of a building (IRC R401.3: 6 in within the first 10 ft), where rain water ponds against its walls and how much ground drains towards it. Returns a verdict, a check per side and a finding per pond.",
  audience: ["buyer", "inspector", "contractor"],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    min_fall_m: z.number().min(0).max(2).default(0.152).meta({
      label: "minimum fall away from the wall",
      unit: "m",
      description: "Fall the ground must drop within the distance below (IRC R401.3: 6 in).",
    }),
    within_m: z.number().positive().max(50).default(3.048).meta({
      label: "distance the fall is measured over",
      unit: "m",
      description: "IRC R401.3: the first 10 ft (3.048 m) from the wall.",
    }),
    vertical_uncertainty_m: z.number().min(0).max(5).default(0.05).meta({
      label: "vertical uncertainty of the elevation raster",
      unit: "m",
      description: "A fall or pond depth within this of its limit is too close to call.",
    }),
    margin_m: z.number().min(5).max(500).default(30).meta({
      label: "ground analysed around the building",
      unit: "m",
    }),
  }),
  requires: [
    { layer: "plan.rooms" },
    { layer: "site.location" },
    { layer: "site.elevation", why: "the ground's heights around the building" },
  ],
  blocks: [
    "VerdictHeader",
    "MetricGrid",
    "CheckList",
    "FindingList",
    "AssumptionList",
    "PlanView",
    "StepLog",
  ],
  draws: ["line", "arrow", "area"],
  read_only: true,
  async run(ctx, { scan, min_fall_m, within_m, vertical_uncertainty_m, margin_m }) {
    const plan = ctx.plan(scan);
    const site = ctx.site(scan);
    if (!site) {
      return {
        verdict: {
          status: "unknown",
          text:
            `Scan ${scan} has no site (latitude and longitude), so its ground cannot be found on a raster.`,
        },
      };
    }
    const rooms = groundFloorRooms(plan);
    const walls = outsideWalls(rooms).filter((w) => w.length_m >= 0.2);
    if (!walls.length) {
      return {
        verdict: {
          status: "unknown",
          text:
            `Scan ${scan} has no ground-floor rooms with outside walls, so there is no footprint to check.`,
        },
      };
    }
    const floor = rooms[0].floor;
    const north_deg = site.north_deg ?? 0;
    const assumptions: Assumption[] = [];
    if (site.north_deg === undefined) {
      assumptions.push({
        text: "The site has no north_deg; the plan's +y axis is taken to point true north.",
      });
    }

    // Footprint box and the probe points the rule needs.
    const xs = walls.flatMap((w) => [w.a[0], w.b[0]]), ys = walls.flatMap((w) => [w.a[1], w.b[1]]);
    const fbox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    const transectFeet = walls.flatMap((w) => feet(w));
    const probes: Point[] = transectFeet.flatMap(({ wall, at }) => [
      at,
      [at[0] + wall.normal[0] * within_m, at[1] + wall.normal[1] * within_m] as Point,
    ]);

    ctx.step("Opening the site's elevation raster");
    const opened = await ctx.elevation(site, probes, margin_m);
    if ("reasons" in opened) {
      return { verdict: { status: "unknown", text: opened.reasons.join(" ") }, assumptions };
    }
    const { grid, entry, planToGrid } = opened;
    const native = cellSize_m(grid, opened.geographic, site.lat);
    const native_m = Math.max(native[0], native[1]);
    assumptions.push({
      text: `Ground heights from the ${
        describeRaster(entry)
      }, read bilinearly; it is taken to be bare ground (a terrain model without the house), accurate to ${
        fmtM(vertical_uncertainty_m)
      } vertically.`,
      input: "vertical_uncertainty_m",
    });
    assumptions.push({
      text:
        `The plan's origin (0, 0) is at the site's position (${site.lat}, ${site.lon}) and its +y axis points ${north_deg}° clockwise from true north.`,
    });
    assumptions.push({
      text: `The fall is the ground height at the wall line minus the height ${
        fmtM(within_m)
      } straight out from it, read about every metre along each outside wall of the ground floor; a side's figure is its worst reading. Sides are the compass quarter each wall faces.`,
      input: "within_m",
    });
    const metrics: Metric[] = [
      { id: "raster_cell_m", label: "Raster cell size", value: round(native_m, 3), unit: "m" },
    ];
    if (native_m > within_m) {
      return {
        verdict: {
          status: "unknown",
          text: `The elevation raster's cells are ${fmtM(native_m, 1)} wide, coarser than the ${
            fmtM(within_m)
          } the fall is measured over, so it cannot tell how the ground falls next to the walls. Attach a finer one (about 1 m, e.g. lidar).`,
        },
        metrics,
        assumptions,
      };
    }

    // 1. Fall away from each wall, per compass side.
    ctx.step(`Measuring the fall within ${fmtM(within_m)} of ${walls.length} outside wall(s)`);
    const transects: Transect[] = transectFeet.map(({ wall, at }) => {
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
    const checks: Check[] = [];
    const overlays: Overlay[] = [];
    const bySide = new Map<Side, Transect[]>();
    for (const t of transects) bySide.set(t.side, [...(bySide.get(t.side) ?? []), t]);
    for (const side of SIDES) {
      const ts = bySide.get(side);
      if (!ts) continue;
      const worst = ts.reduce((a, b) => (b.fall_m < a.fall_m ? b : a));
      const status = judge(worst.fall_m, ">=", min_fall_m, vertical_uncertainty_m);
      const pct = worst.fall_m / within_m * 100;
      checks.push({
        id: `fall:${side}`,
        label: `${cap(side)} side: fall within ${fmtM(within_m)} of the wall`,
        status,
        measured: round(worst.fall_m, 3),
        limit: min_fall_m,
        unit: "m",
        rule: RULE,
        subject: side,
        note: (worst.fall_m >= 0
          ? `At its flattest the ground falls ${fmtM(worst.fall_m)} (${pct.toFixed(1)} %)`
          : `At its worst the ground rises ${fmtM(-worst.fall_m)} towards the wall`) +
          ` over ${ts.length} transect(s)` + (status === "warn" ? `; ${TOO_CLOSE}` : "") + ".",
      });
      const seen = new Set<OutsideWall>();
      for (const t of ts) {
        if (seen.has(t.wall)) continue;
        seen.add(t.wall);
        const wallWorst = Math.min(...ts.filter((u) => u.wall === t.wall).map((u) => u.fall_m));
        overlays.push({
          id: `wall:${side}:${overlays.length}`,
          kind: "line",
          floor,
          geometry: lineGeometry([t.wall.a, t.wall.b]),
          status: judge(wallWorst, ">=", min_fall_m, vertical_uncertainty_m),
          label: `${cap(side)}: ${wallWorst >= 0 ? "falls" : "rises"} ${fmtM(Math.abs(wallWorst))}`,
        });
      }
    }

    // 2. A plan-frame grid around the footprint: ponding (building as a barrier) and the
    // ground draining towards the building (the footprint's upstream area on bare ground).
    const cell_m = Math.max(0.5, Math.min(native[0], native[1]));
    const box: [number, number, number, number] = [
      fbox[0] - margin_m,
      fbox[1] - margin_m,
      fbox[2] + margin_m,
      fbox[3] + margin_m,
    ];
    ctx.step(`Filling depressions and tracing flow on a ${fmtM(cell_m, 1)} grid`);
    const local = resampleToPlan(grid, planToGrid, box, cell_m);
    const mask = footprintMask(rooms, local);
    const w = local.width, h = local.height, n = w * h;
    let top = -Infinity;
    for (let i = 0; i < n; i++) if (local.data[i] > top) top = local.data[i];
    const barrier = Float64Array.from(local.data, (v, i) => (mask[i] ? top + 100 : v));
    const filled = fillDepressions({ ...local, data: barrier });
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
    const ponds = pondsAgainst(local, barrier, filled.data, mask, nextToHouse, 0.005);
    const findings: Finding[] = [];
    const pondStatuses: Status[] = [];
    const sideCount = new Map<Side, number>();
    for (const pond of ponds) {
      const wall = nearestWall(walls, pond.contact);
      const side = compassSide(planAzimuth_deg(wall.normal, north_deg));
      const k = (sideCount.get(side) ?? 0) + 1;
      sideCount.set(side, k);
      const status = judge(pond.depth_m, "<=", 0, vertical_uncertainty_m);
      const st = status === "pass" ? "warn" : status;
      pondStatuses.push(st);
      const oid = `pond:${side}:${k}`;
      overlays.push({
        id: oid,
        kind: "area",
        floor,
        geometry: { type: "MultiPolygon", coordinates: pond.rects.map((r) => [r]) },
        status: st,
        label: `Ponds ${fmtM(pond.depth_m)} deep`,
      });
      findings.push({
        id: findingId(TOOL, "pond", `${side}_${k}`),
        status: "open",
        severity: st === "fail" ? "fail" : "warn",
        title: `Water ponds against the ${side} wall`,
        detail:
          `A hollow of ${round(pond.area_m2, 1)} m² next to the ${side} wall holds water up to ${
            fmtM(pond.depth_m)
          } deep (${round(pond.volume_m3, 2)} m³) before it spills away` +
          (st === "warn" ? ` (${TOO_CLOSE})` : "") + ".",
        subject: side,
        overlays: [oid],
      });
    }

    // Which ground drains towards the building: the upstream area of the footprint on the
    // bare terrain (D8 on the ε-filled grid) — the water that would reach its walls.
    const dirs = flowDirectionsD8(fillDepressions(local, { epsilon: true }), [cell_m, cell_m]);
    const footprint: number[] = [];
    for (let i = 0; i < n; i++) if (mask[i]) footprint.push(i);
    const up = upstreamMask(dirs, w, h, footprint);
    let upCells = 0;
    for (let i = 0; i < n; i++) if (up[i] && !mask[i]) upCells++;
    const upslope_m2 = upCells * cell_m * cell_m;
    overlays.push(...flowArrows(local, dirs, up, mask, fbox, floor, cell_m));
    // Per side: the side of the wall nearest where each flow path enters the footprint.
    const perSide = upslopeBySide(local, dirs, mask, walls, north_deg);
    const sideMetrics: Metric[] = [];
    for (const c of checks) {
      const a = (perSide.get(c.subject as Side) ?? 0) * cell_m * cell_m;
      c.note = `${c.note} ${round(a, 1)} m² of ground drains onto this side.`;
      sideMetrics.push({
        id: `upslope_${c.subject}_m2`,
        label: `Ground draining onto the ${c.subject} side`,
        value: round(a, 1),
        unit: "m²",
      });
    }

    metrics.push(
      {
        id: "worst_fall_m",
        label: `Smallest fall within ${fmtM(within_m)}`,
        value: round(Math.min(...transects.map((t) => t.fall_m)), 3),
        unit: "m",
      },
      {
        id: "sides_failing",
        label: "Sides that do not fall away",
        value: checks.filter((c) => c.status === "fail").length,
      },
      { id: "ponds", label: "Ponds against the building", value: ponds.length },
      {
        id: "deepest_pond_m",
        label: "Deepest pond",
        value: ponds.length ? round(Math.max(...ponds.map((p) => p.depth_m)), 3) : 0,
        unit: "m",
      },
      {
        id: "upslope_area_m2",
        label: "Ground draining towards the building",
        value: round(upslope_m2, 1),
        unit: "m²",
      },
    );
    metrics.push(...sideMetrics);
    assumptions.push({
      text: `Ponding and flow were traced on a ${fmtM(cell_m, 1)} grid within ${
        fmtM(margin_m, 0)
      } of the footprint (priority-flood filling, D8 flow); ground further away is not counted.`,
      input: "margin_m",
    });

    const status = worstStatus([...checks.map((c) => c.status), ...pondStatuses]);
    const text = verdictText(checks, ponds, upslope_m2, within_m, min_fall_m);
    ctx.step(
      `Done: ${
        checks.filter((c) => c.status === "fail").length
      } side(s) fail, ${ponds.length} pond(s)`,
    );
    return { verdict: { status, text }, metrics, checks, findings, overlays, assumptions };
  },
});

/** Transect feet along a wall: every ≤ 1 m, 0.25 m in from its ends. */
function feet(wall: OutsideWall): { wall: OutsideWall; at: Point }[] {
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

interface Pond {
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
function pondsAgainst(
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
  for (let s = 0; s < w * h; s++) {
    if (!wet[s] || seen[s]) continue;
    const comp: number[] = [s];
    seen[s] = 1;
    for (let q = 0; q < comp.length; q++) {
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
function upslopeBySide(
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
    const wall = nearestWall(walls, p);
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

function nearestWall(walls: OutsideWall[], p: Point): OutsideWall {
  let best = walls[0], bestD = Infinity;
  for (const w of walls) {
    const dx = w.b[0] - w.a[0], dy = w.b[1] - w.a[1];
    const l2 = dx * dx + dy * dy;
    const t = l2 ? Math.max(0, Math.min(1, ((p[0] - w.a[0]) * dx + (p[1] - w.a[1]) * dy) / l2)) : 0;
    const d = Math.hypot(p[0] - w.a[0] - t * dx, p[1] - w.a[1] - t * dy);
    if (d < bestD) {
      bestD = d;
      best = w;
    }
  }
  return best;
}

/** D8 arrows on a lattice about 2 m apart within 10 m of the footprint box; at most 600. */
function flowArrows(
  g: Grid,
  dirs: Int8Array,
  up: Uint8Array,
  mask: Uint8Array,
  fbox: number[],
  floor: string,
  cell_m: number,
): Overlay[] {
  const { width: w, height: h, transform: t } = g;
  let step = Math.max(1, Math.round(2 / cell_m));
  const out: Overlay[] = [];
  for (let pass = 0; pass < 4; pass++, step *= 2) {
    out.length = 0;
    for (let r = 0; r < h; r += step) {
      for (let c = 0; c < w; c += step) {
        const i = r * w + c, k = dirs[i];
        if (k < 0 || mask[i]) continue;
        const x = t[0] + (c + 0.5) * cell_m, y = t[3] + (r + 0.5) * t[5];
        if (x < fbox[0] - 10 || x > fbox[2] + 10 || y < fbox[1] - 10 || y > fbox[3] + 10) continue;
        const len = 0.8 * step * cell_m;
        const ux = D8_DCOL[k], uy = -D8_DROW[k], norm = Math.hypot(ux, uy);
        out.push({
          id: `flow:${r}:${c}`,
          kind: "arrow",
          floor,
          geometry: lineGeometry([[x, y], [x + ux / norm * len, y + uy / norm * len]]),
          status: up[i] ? "fail" : "pass",
        });
      }
    }
    if (out.length <= 600) break;
  }
  return out;
}

function verdictText(
  checks: Check[],
  ponds: Pond[],
  upslope_m2: number,
  within_m: number,
  min_fall_m: number,
): string {
  const failing = checks.filter((c) => c.status === "fail");
  const close = checks.filter((c) => c.status === "warn");
  const unknown = checks.filter((c) => c.status === "unknown");
  const parts: string[] = [];
  if (failing.length) {
    parts.push(
      `The ground does not fall ${fmtM(min_fall_m)} within ${fmtM(within_m)} on the ${
        listWords(failing.map((c) => c.subject!))
      } side${failing.length > 1 ? "s" : ""} (IRC R401.3; worst ${
        (failing.reduce((a, b) => (b.measured! < a.measured! ? b : a)).measured! >= 0)
          ? "falls"
          : "rises"
      } ${fmtM(Math.abs(Math.min(...failing.map((c) => c.measured!))))})`,
    );
  } else if (!close.length && !unknown.length) {
    parts.push(
      `The ground falls at least ${fmtM(Math.min(...checks.map((c) => c.measured!)))} within ${
        fmtM(within_m)
      } on all ${checks.length} sides`,
    );
  }
  if (close.length) {
    parts.push(
      `the fall on the ${listWords(close.map((c) => c.subject!))} side${
        close.length > 1 ? "s is" : " is"
      } too close to call`,
    );
  }
  if (ponds.length) {
    parts.push(
      `water ponds against the building in ${ponds.length} place${
        ponds.length > 1 ? "s" : ""
      } (up to ${fmtM(Math.max(...ponds.map((p) => p.depth_m)))} deep)`,
    );
  } else parts.push("no water ponds against it");
  const first = parts.join("; ");
  return `${first[0].toUpperCase()}${first.slice(1)}. About ${
    Math.round(upslope_m2)
  } m² of ground drains towards the building.`;
}

function listWords(words: string[]): string {
  return words.length < 2
    ? words.join("")
    : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function cap(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
