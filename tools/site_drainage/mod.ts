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
  fmtM,
  judge,
  JUDGED_BLOCKS,
  type Metric,
  openFinding,
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
import { cellSize_m, resampleToPlan } from "../../engines/aerial/sample.ts";
import {
  drainageToFootprint,
  flowArrowLattice,
  nearestOutsideWall,
  pondsAroundFootprint,
  type Side,
  SIDES,
  transectFeet,
  upslopeBySide,
  type WallFall,
  wallFalls,
} from "../../engines/geometry/drainage.ts";
import { describeRaster } from "../../core/rasters.ts";
import { verdictText } from "./verdict.ts";
import { capitalise, round } from "../../core/text.ts";

const TOOL = "site_drainage";
const RULE = { pack: "irc", section: "R401.3", unverified: true };

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
  blocks: JUDGED_BLOCKS,
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
    const allFeet = walls.flatMap((w) => transectFeet(w));
    const probes: Point[] = allFeet.flatMap(({ wall, at }) => [
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
    const transects = wallFalls(grid, planToGrid, allFeet, within_m, north_deg);
    const checks: Check[] = [];
    const overlays: Overlay[] = [];
    const bySide = new Map<Side, WallFall[]>();
    for (const t of transects) bySide.set(t.side, [...(bySide.get(t.side) ?? []), t]);
    for (const side of SIDES) {
      const ts = bySide.get(side);
      if (!ts) continue;
      const worst = ts.reduce((a, b) => (b.fall_m < a.fall_m ? b : a));
      const status = judge(worst.fall_m, ">=", min_fall_m, vertical_uncertainty_m);
      const pct = worst.fall_m / within_m * 100;
      checks.push({
        id: `fall:${side}`,
        label: `${capitalise(side)} side: fall within ${fmtM(within_m)} of the wall`,
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
          label: `${capitalise(side)}: ${wallWorst >= 0 ? "falls" : "rises"} ${
            fmtM(Math.abs(wallWorst))
          }`,
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
    const ponds = pondsAroundFootprint(local, mask);
    const findings: Finding[] = [];
    const pondStatuses: Status[] = [];
    const sideCount = new Map<Side, number>();
    for (const pond of ponds) {
      const wall = nearestOutsideWall(walls, pond.contact);
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
      findings.push(openFinding({
        tool: TOOL,
        kind: "pond",
        id: `${side}_${k}`,
        status: st,
        title: `Water ponds against the ${side} wall`,
        detail:
          `A hollow of ${round(pond.area_m2, 1)} m² next to the ${side} wall holds water up to ${
            fmtM(pond.depth_m)
          } deep (${round(pond.volume_m3, 2)} m³) before it spills away` +
          (st === "warn" ? ` (${TOO_CLOSE})` : "") + ".",
        subject: side,
        overlays: [oid],
      }));
    }

    // Which ground drains towards the building: the upstream area of the footprint on the
    // bare terrain (D8 on the ε-filled grid) — the water that would reach its walls.
    const { dirs, up, upslope_cells } = drainageToFootprint(local, mask, cell_m);
    const upslope_m2 = upslope_cells * cell_m * cell_m;
    overlays.push(
      ...flowArrowLattice(local, dirs, mask, fbox, cell_m).map((a): Overlay => ({
        id: `flow:${a.row}:${a.col}`,
        kind: "arrow",
        floor,
        geometry: lineGeometry([a.from, a.to]),
        status: up[a.index] ? "fail" : "pass",
      })),
    );
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
