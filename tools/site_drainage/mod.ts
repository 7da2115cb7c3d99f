/**
 * site_drainage: does the ground fall away from the building, where does water pond against
 * it, and how much ground drains towards it — on the site's elevation raster around the
 * ground-floor footprint. The fall rule is IRC R401.3 (lots graded to drain away from
 * foundations: a fall of 6 in (152 mm) within the first 10 ft (3048 mm), i.e. 5 %); its text
 * is not in shared/reference, so the check is marked unverified.
 */
import { fill, tool, z } from "../../core/manifest.ts";
import { type Assumption, JUDGED_BLOCKS, type Metric, worstStatus } from "../../core/result.ts";
import type { Point } from "../../ground/plan.ts";
import { footprintMask, groundFloorRooms, outsideWalls } from "../../engines/geometry/footprint.ts";
import { cellSize_m, resampleToPlan } from "../../engines/aerial/sample.ts";
import {
  drainageToFootprint,
  flowArrowLattice,
  pondsAroundFootprint,
  transectFeet,
  upslopeBySide,
  wallFalls,
} from "../../engines/geometry/drainage.ts";
import { describeRaster } from "../../ground/rasters.ts";
import { verdictData, verdictText } from "./verdict.ts";
import {
  drainageMetrics,
  flowOverlays,
  gridAssumption,
  pondResults,
  rasterAssumptions,
  say,
  sideChecks,
  tooCoarseText,
  upslopeNotes,
} from "./report.ts";
import { round } from "../../ground/text.ts";

const TOOL = "site_drainage";

export default tool({
  id: TOOL,
  title: "Site drainage",
  summary: "Does the ground fall away from the house, and where does water pond against it?",
  model_description:
    "Check, on the site's elevation raster, whether the ground falls away from each side of a building (IRC R401.3: 6 in within the first 10 ft), where rain water ponds against its walls and how much ground drains towards it. Returns a verdict, a check per side and a finding per pond.",
  audience: ["buyer", "inspector", "contractor"],
  subjects: ["the ground", "building"],
  questions: [
    "Does the ground slope away from the house?",
    "Does the yard slope toward the house?",
    "Where does rain water pond against the walls?",
    "Will the basement get wet from runoff?",
    "Lot grading: 6 in of fall within the first 10 ft?",
    "Puddles next to the foundation?",
    "Is the lot graded so water runs away from the building?",
    "Does the land fall toward the walls anywhere?",
  ],
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
          code: "verdict.no_site",
          data: { scan },
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
          code: "verdict.no_footprint",
          data: { scan },
          text:
            `Scan ${scan} has no ground-floor rooms with outside walls, so there is no footprint to check.`,
        },
      };
    }
    const floor = rooms[0].floor;
    const north_deg = site.north_deg ?? 0;
    const assumptions: Assumption[] = [];
    if (site.north_deg === undefined) {
      assumptions.push(say.assumption("assumption.no_north", {}));
    }

    // Footprint box and the probe points the rule needs.
    const xs = walls.flatMap((w) => [w.a[0], w.b[0]]), ys = walls.flatMap((w) => [w.a[1], w.b[1]]);
    const fbox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    const allFeet = walls.flatMap((w) => transectFeet(w));
    const probes: Point[] = allFeet.flatMap(({ wall, at }) => [
      at,
      [at[0] + wall.normal[0] * within_m, at[1] + wall.normal[1] * within_m] as Point,
    ]);

    ctx.step(say.step("step.opening_raster", {}));
    const opened = await ctx.elevation(site, probes, margin_m);
    if ("reasons" in opened) {
      return {
        verdict: {
          status: "unknown",
          code: "verdict.no_raster",
          data: { reasons: opened.reasons },
          text: opened.reasons.join(" "),
        },
        assumptions,
      };
    }
    const { grid, entry, planToGrid } = opened;
    const native = cellSize_m(grid, opened.geographic, site.lat);
    const native_m = Math.max(native[0], native[1]);
    assumptions.push(...rasterAssumptions(describeRaster(entry), site, north_deg, {
      vertical_uncertainty_m,
      within_m,
    }));
    const metrics: Metric[] = [
      { id: "raster_cell_m", label: "Raster cell size", value: round(native_m, 3), unit: "m" },
    ];
    if (native_m > within_m) {
      return {
        verdict: {
          status: "unknown",
          code: "verdict.raster_too_coarse",
          data: { cell_m: native_m, within_m },
          text: tooCoarseText(native_m, within_m),
        },
        metrics,
        assumptions,
      };
    }

    // 1. Fall away from each wall, per compass side.
    ctx.step(say.step("step.measuring_fall", { within_m, walls: walls.length }));
    const transects = wallFalls(grid, planToGrid, allFeet, within_m, north_deg);
    const { checks, overlays } = sideChecks(transects, {
      within_m,
      min_fall_m,
      vertical_uncertainty_m,
      floor,
    });

    // 2. A plan-frame grid around the footprint: ponding (building as a barrier) and the
    // ground draining towards the building (the footprint's upstream area on bare ground).
    const cell_m = Math.max(0.5, Math.min(native[0], native[1]));
    const box: [number, number, number, number] = [
      fbox[0] - margin_m,
      fbox[1] - margin_m,
      fbox[2] + margin_m,
      fbox[3] + margin_m,
    ];
    ctx.step(say.step("step.tracing_flow", { cell_m }));
    const local = resampleToPlan(grid, planToGrid, box, cell_m);
    const mask = footprintMask(rooms, local);
    const ponds = pondsAroundFootprint(local, mask);
    const pondsSaid = pondResults(ponds, walls, { north_deg, vertical_uncertainty_m, floor });
    const { findings, statuses: pondStatuses } = pondsSaid;
    overlays.push(...pondsSaid.overlays);

    // Which ground drains towards the building: the upstream area of the footprint on the
    // bare terrain (D8 on the ε-filled grid) — the water that would reach its walls.
    const { dirs, up, upslope_cells } = drainageToFootprint(local, mask, cell_m);
    const upslope_m2 = upslope_cells * cell_m * cell_m;
    overlays.push(...flowOverlays(flowArrowLattice(local, dirs, mask, fbox, cell_m), up, floor));
    // Per side: the side of the wall nearest where each flow path enters the footprint.
    const perSide = upslopeBySide(local, dirs, mask, walls, north_deg);
    const sideMetrics = upslopeNotes(checks, perSide, cell_m);

    metrics.push(...drainageMetrics(transects, checks, ponds, upslope_m2, within_m));
    metrics.push(...sideMetrics);
    assumptions.push(gridAssumption(cell_m, margin_m));

    const status = worstStatus([...checks.map((c) => c.status), ...pondStatuses]);
    const data = verdictData(checks, ponds, upslope_m2, within_m, min_fall_m);
    ctx.step(say.step("step.done", {
      failing_sides: checks.filter((c) => c.status === "fail").length,
      ponds: ponds.length,
    }));
    return {
      verdict: { status, code: "verdict.drainage", data, text: verdictText(data) },
      metrics,
      checks,
      findings,
      overlays,
      assumptions,
    };
  },
});
