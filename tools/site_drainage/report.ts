/**
 * site_drainage's report: the side checks and wall lines (IRC R401.3 fall), the pond findings
 * and areas, the flow arrows, the metrics and the assumptions, worded from what
 * engines/geometry/drainage.ts measured. Only tools/site_drainage/mod.ts imports it.
 */
import {
  type Assumption,
  type Check,
  type Finding,
  fmtM,
  fmtM2,
  type Metric,
  openFinding,
  type Overlay,
  type Status,
  TOO_CLOSE,
} from "../../core/result.ts";
import { capitalise, round } from "../../ground/text.ts";
import { wording } from "../../core/wording.ts";
import { lineGeometry } from "../../engines/geometry/geojson.ts";
import { compassSide, type OutsideWall } from "../../engines/geometry/footprint.ts";
import { planAzimuth_deg } from "../../engines/geometry/walls.ts";
import {
  type FlowArrow,
  nearestOutsideWall,
  type Pond,
  pondStatus,
  type Side,
  sideFalls,
  type WallFall,
} from "../../engines/geometry/drainage.ts";

const TOOL = "site_drainage";
export const RULE = { pack: "irc", section: "R401.3", unverified: true };

/** A check per compass side (its worst transect judged against the fall) and a line per wall. */
export function sideChecks(
  transects: WallFall[],
  { within_m, min_fall_m, vertical_uncertainty_m, floor }: {
    within_m: number;
    min_fall_m: number;
    vertical_uncertainty_m: number;
    floor: string;
  },
): { checks: Check[]; overlays: Overlay[] } {
  const checks: Check[] = [];
  const overlays: Overlay[] = [];
  for (const f of sideFalls(transects, min_fall_m, vertical_uncertainty_m)) {
    const { side, worst, status } = f;
    const pct = worst.fall_m / within_m * 100;
    checks.push({
      id: `fall:${side}`,
      code: "side.fall",
      data: { side, fall_m: worst.fall_m, min_fall_m, within_m, transects: f.transects },
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
        ` over ${f.transects} transect(s)` + (status === "warn" ? `; ${TOO_CLOSE}` : "") + ".",
    });
    for (const w of f.walls) {
      overlays.push({
        id: `wall:${side}:${overlays.length}`,
        kind: "line",
        floor,
        geometry: lineGeometry([w.wall.a, w.wall.b]),
        status: w.status,
        label: `${capitalise(side)}: ${w.worst_fall_m >= 0 ? "falls" : "rises"} ${
          fmtM(Math.abs(w.worst_fall_m))
        }`,
      });
    }
  }
  return { checks, overlays };
}

/** A finding and an area per pond against the building, named by the side of its nearest wall. */
export function pondResults(
  ponds: Pond[],
  walls: OutsideWall[],
  { north_deg, vertical_uncertainty_m, floor }: {
    north_deg: number;
    vertical_uncertainty_m: number;
    floor: string;
  },
): { overlays: Overlay[]; findings: Finding[]; statuses: Status[] } {
  const overlays: Overlay[] = [];
  const findings: Finding[] = [];
  const pondStatuses: Status[] = [];
  const sideCount = new Map<Side, number>();
  for (const pond of ponds) {
    const wall = nearestOutsideWall(walls, pond.contact);
    const side = compassSide(planAzimuth_deg(wall.normal, north_deg));
    const k = (sideCount.get(side) ?? 0) + 1;
    sideCount.set(side, k);
    const st = pondStatus(pond.depth_m, vertical_uncertainty_m);
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
      code: "pond.against_wall",
      data: {
        side,
        area_m2: pond.area_m2,
        depth_m: pond.depth_m,
        volume_m3: pond.volume_m3,
      },
      status: st,
      title: `Water ponds against the ${side} wall`,
      detail:
        `A hollow of ${fmtM2(pond.area_m2)} next to the ${side} wall holds water up to ${
          fmtM(pond.depth_m)
        } deep (${round(pond.volume_m3, 2)} m³) before it spills away` +
        (st === "warn" ? ` (${TOO_CLOSE})` : "") + ".",
      subject: side,
      overlays: [oid],
    }));
  }
  return { overlays, findings, statuses: pondStatuses };
}

/** The flow arrows: red where the flow reaches the building. */
export function flowOverlays(arrows: FlowArrow[], up: ArrayLike<number>, floor: string): Overlay[] {
  return arrows.map((a): Overlay => ({
    id: `flow:${a.row}:${a.col}`,
    kind: "arrow",
    floor,
    geometry: lineGeometry([a.from, a.to]),
    status: up[a.index] ? "fail" : "pass",
  }));
}

/** Adds to each side check the ground draining onto it; returns a metric per side. */
export function upslopeNotes(
  checks: Check[],
  perSide: Map<Side, number>,
  cell_m: number,
): Metric[] {
  const sideMetrics: Metric[] = [];
  for (const c of checks) {
    const a = (perSide.get(c.subject as Side) ?? 0) * cell_m * cell_m;
    c.note = `${c.note} ${fmtM2(a)} of ground drains onto this side.`;
    sideMetrics.push({
      id: `upslope_${c.subject}_m2`,
      label: `Ground draining onto the ${c.subject} side`,
      value: round(a, 1),
      unit: "m²",
    });
  }
  return sideMetrics;
}

/** The summary metrics: smallest fall, failing sides, ponds, upslope area. */
export function drainageMetrics(
  transects: WallFall[],
  checks: Check[],
  ponds: Pond[],
  upslope_m2: number,
  within_m: number,
): Metric[] {
  return [
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
  ];
}

/** Where the heights come from, how the plan sits on the site, and how the fall is read. */
export function rasterAssumptions(
  raster: string,
  site: { lat: number; lon: number },
  north_deg: number,
  { vertical_uncertainty_m, within_m }: { vertical_uncertainty_m: number; within_m: number },
): Assumption[] {
  return [
    say.assumption("assumption.ground_heights", { raster, vertical_uncertainty_m }, {
      input: "vertical_uncertainty_m",
    }),
    say.assumption("assumption.georeference", { lat: site.lat, lon: site.lon, north_deg }),
    say.assumption("assumption.fall_method", { within_m }, { input: "within_m" }),
  ];
}

/** site_drainage's steps and assumptions, made from codes and data (core/wording.ts). */
export const say = wording<{
  "step.opening_raster": Record<string, never>;
  "step.measuring_fall": { within_m: number; walls: number };
  "step.tracing_flow": { cell_m: number };
  "step.done": { failing_sides: number; ponds: number };
  "assumption.no_north": Record<string, never>;
  "assumption.ground_heights": { raster: string; vertical_uncertainty_m: number };
  "assumption.georeference": { lat: number; lon: number; north_deg: number };
  "assumption.fall_method": { within_m: number };
  "assumption.grid": { cell_m: number; margin_m: number };
}>({
  "step.opening_raster": () => "Opening the site's elevation raster",
  "step.measuring_fall": (d) =>
    `Measuring the fall within ${fmtM(d.within_m)} of ${d.walls} outside wall(s)`,
  "step.tracing_flow": (d) => `Filling depressions and tracing flow on a ${fmtM(d.cell_m, 1)} grid`,
  "step.done": (d) => `Done: ${d.failing_sides} side(s) fail, ${d.ponds} pond(s)`,
  "assumption.no_north": () =>
    "The site has no north_deg; the plan's +y axis is taken to point true north.",
  "assumption.ground_heights": (d) =>
    `Ground heights from the ${d.raster}, read bilinearly; it is taken to be bare ground (a terrain model without the house), accurate to ${
      fmtM(d.vertical_uncertainty_m)
    } vertically.`,
  "assumption.georeference": (d) =>
    `The plan's origin (0, 0) is at the site's position (${d.lat}, ${d.lon}) and its +y axis points ${d.north_deg}° clockwise from true north.`,
  "assumption.fall_method": (d) =>
    `The fall is the ground height at the wall line minus the height ${
      fmtM(d.within_m)
    } straight out from it, read about every metre along each outside wall of the ground floor; a side's figure is its worst reading. Sides are the compass quarter each wall faces.`,
  "assumption.grid": (d) =>
    `Ponding and flow were traced on a ${fmtM(d.cell_m, 1)} grid within ${
      fmtM(d.margin_m, 0)
    } of the footprint (priority-flood filling, D8 flow); ground further away is not counted.`,
});

/** The grid ponding and flow were traced on. */
export function gridAssumption(cell_m: number, margin_m: number): Assumption {
  return say.assumption("assumption.grid", { cell_m, margin_m }, { input: "margin_m" });
}

/** The verdict when the raster's cells are coarser than the distance the fall is read over. */
export function tooCoarseText(native_m: number, within_m: number): string {
  return `The elevation raster's cells are ${fmtM(native_m, 1)} wide, coarser than the ${
    fmtM(within_m)
  } the fall is measured over, so it cannot tell how the ground falls next to the walls. Attach a finer one (about 1 m, e.g. lidar).`;
}
