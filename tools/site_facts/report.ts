/**
 * site_facts' report: the assumptions, metrics, low-ground check and finding, cover figures and
 * verdict sentence, worded from what engines/aerial/facts.ts (Horn 1981 slope and aspect) and
 * engines/aerial/imagery.ts (excess green) measured. Only tools/site_facts/mod.ts imports it.
 */
import {
  type Assumption,
  type Check,
  type Finding,
  findingId,
  fmtM,
  type Metric,
  type Status,
} from "../../core/result.ts";
import type { PointFacts } from "../../engines/aerial/facts.ts";
import { compassPoint } from "../../engines/geometry/footprint.ts";
import { round } from "../../ground/text.ts";
import { wording } from "../../core/wording.ts";

const TOOL = "site_facts";

/** How elevation, slope, aspect and the lowest ground were read, and whether cells are too coarse. */
export function factAssumptions(
  f: PointFacts,
  src: string,
  cell: number,
  radius_m: number,
  tooCoarse: boolean,
): Assumption[] {
  const cells = f.cells_in_radius;
  const assumptions: Assumption[] = [
    say.assumption("assumption.terrain_method", { raster: src, cell_m: cell }),
    say.assumption("assumption.lowest_ground", {
      cells,
      radius_m,
      coverage: f.coverage,
    }, { input: "radius_m" }),
  ];
  const radius_needed_m = Math.ceil(2 * cell / 10) * 10;
  if (tooCoarse) {
    assumptions.push(
      say.assumption("assumption.too_coarse", {
        cell_m: cell,
        radius_m,
        cells,
        radius_needed_m,
      }, { input: "radius_m" }),
    );
  } else if (cell > radius_m / 3) {
    assumptions.push(say.assumption("assumption.coarse", { cell_m: cell, radius_m }));
  }
  return assumptions;
}

/** Elevation, slope, aspect, height above the lowest ground and the raster's cell size. */
export function factMetrics(
  f: PointFacts,
  cell: number,
  radius_m: number,
  tooCoarse: boolean,
): Metric[] {
  return [
    { id: "elevation_m", label: "Elevation", value: round(f.elevation_m, 2), unit: "m" },
    { id: "slope_deg", label: "Slope", value: round(f.slope_deg, 2), unit: "°" },
    { id: "slope_pct", label: "Slope", value: round(f.slope_pct, 2), unit: "%" },
    {
      id: "aspect_deg",
      label: "Aspect (downslope, from true north)",
      value: Number.isNaN(f.aspect_deg) ? null : round(f.aspect_deg, 1),
      unit: "°",
    },
    {
      id: "height_above_lowest_m",
      label: `Height above the lowest ground within ${fmtM(radius_m, 0)}`,
      value: tooCoarse ? null : round(f.height_above_lowest_m, 2),
      unit: "m",
    },
    {
      id: "lowest_elevation_m",
      label: `Lowest ground within ${fmtM(radius_m, 0)}`,
      value: tooCoarse ? null : round(f.lowest_elevation_m, 2),
      unit: "m",
    },
    {
      id: "raster_cell_m",
      label: "Elevation raster cell size",
      value: round(cell, 3),
      unit: "m",
    },
  ];
}

/** The low-ground check: height above the lowest ground within the radius (a hint, warn at worst). */
export function lowGroundCheck(
  f: PointFacts,
  status: Status,
  cell: number,
  radius_m: number,
  low_ground_m: number,
  tooCoarse: boolean,
): Check {
  return {
    id: "low_ground",
    code: tooCoarse ? "place.low_ground_coarse" : "place.low_ground",
    data: {
      radius_m,
      low_ground_m,
      ...(tooCoarse ? { cell_m: cell } : { height_above_lowest_m: f.height_above_lowest_m }),
    },
    label: `Height above the lowest ground within ${fmtM(radius_m, 0)}`,
    status,
    measured: tooCoarse ? undefined : round(f.height_above_lowest_m, 2),
    limit: low_ground_m,
    unit: "m",
    note: status === "warn"
      ? "A hint, not a flood map: water gathering nearby would reach this place first."
      : tooCoarse
      ? `Not judged: the raster's ${fmtM(cell, 0)} cells are wider than the ${
        fmtM(radius_m, 0)
      } radius.`
      : undefined,
  };
}

/** The finding for a place at or near the lowest ground around it. */
export function lowGroundFinding(
  f: PointFacts,
  key: string,
  radius_m: number,
  low_ground_m: number,
): Finding {
  return {
    id: findingId(TOOL, "low_ground", key),
    code: "place.low_ground",
    data: { height_above_lowest_m: f.height_above_lowest_m, radius_m, low_ground_m },
    status: "open",
    severity: "warn",
    title: "The place lies at or near the lowest ground around it",
    detail: `It stands ${fmtM(f.height_above_lowest_m)} above the lowest ground within ${
      fmtM(radius_m, 0)
    }, less than ${
      fmtM(low_ground_m)
    }: a flood-prone hint worth checking against the official flood maps.`,
  };
}

/** What the orthophoto's colours say around the building. */
export interface Cover {
  pixels: number;
  vegetation_fraction: number;
  hard_fraction: number;
  around: string;
}

/** The vegetated and hard-surfaced shares as metrics. */
export function coverMetrics(res: Cover): Metric[] {
  return [
    {
      id: "vegetation_fraction",
      label: "Vegetated share around the building",
      value: round(res.vegetation_fraction, 3),
    },
    {
      id: "hard_surface_fraction",
      label: "Hard-surfaced share around the building",
      value: round(res.hard_fraction, 3),
    },
  ];
}

/** How the cover was measured. */
export function coverAssumption(raster: string, res: Cover): Assumption {
  return say.assumption("assumption.cover_method", {
    raster,
    pixels: res.pixels,
    around: res.around,
  }, { input: "imagery_buffer_m" });
}

/** The cover, as the verdict's last sentence (with a leading space). */
export function coverText(res: Cover): string {
  return ` ${
    Math.round(res.vegetation_fraction * 100)
  } % of the ground ${res.around} is vegetated and ${
    Math.round(res.hard_fraction * 100)
  } % hard-surfaced.`;
}

/** site_facts' steps and assumptions, made from codes and data (core/wording.ts). */
export const say = wording<{
  "step.opening_raster": Record<string, never>;
  "step.measuring_cover": Record<string, never>;
  "step.done": Record<string, never>;
  "assumption.terrain_method": { raster: string; cell_m: number };
  "assumption.lowest_ground": { cells: number; radius_m: number; coverage: number };
  "assumption.too_coarse": {
    cell_m: number;
    radius_m: number;
    cells: number;
    radius_needed_m: number;
  };
  "assumption.coarse": { cell_m: number; radius_m: number };
  "assumption.cover_method": { raster: string; pixels: number; around: string };
  /** Why the imagery could not be measured, as the raster reader says it. */
  "assumption.cover_unmeasured": { reason: string };
  "assumption.no_imagery": Record<string, never>;
}>({
  "step.opening_raster": () => "Opening the site's elevation raster",
  "step.measuring_cover": () => "Measuring vegetation and hard surfaces on the orthophoto",
  "step.done": () => "Done",
  "assumption.terrain_method": (d) =>
    `Elevation, slope and aspect from the ${d.raster}: bilinear between cell centres, slope and aspect by Horn's method over cells ${
      fmtM(d.cell_m, 1)
    } apart — a slope over that distance, not the slope of the plot.`,
  "assumption.lowest_ground": (d) =>
    `Lowest ground: the lowest of ${d.cells} cells of the same raster within ${
      fmtM(d.radius_m, 0)
    } (${
      Math.round(d.coverage * 100)
    } % of the circle has data). Elevations are in the raster's own vertical datum.`,
  "assumption.too_coarse": (d) =>
    `The raster's ${fmtM(d.cell_m, 0)} cells are too coarse for a ${
      fmtM(d.radius_m, 0)
    } radius (${d.cells} cell${
      d.cells === 1 ? "" : "s"
    } with data in it): low ground was not judged. A finer DEM, or a radius of at least ${
      fmtM(d.radius_needed_m, 0)
    }, would let it be.`,
  "assumption.coarse": (d) =>
    `The raster's ${fmtM(d.cell_m, 0)} cells are coarse for a ${
      fmtM(d.radius_m, 0)
    } radius: the low-ground figure compares only a handful of cells.`,
  "assumption.cover_method": (d) =>
    `Cover from the ${d.raster}: ${d.pixels} pixels ${d.around}; vegetation where excess green 2g − r − b > 0.1, hard surface where the rest is grey (saturation < 0.2) — a colour rule, not a survey.`,
  "assumption.cover_unmeasured": (d) => d.reason,
  "assumption.no_imagery": () =>
    "No aerial imagery is attached to the site, so vegetation was not measured.",
});

export const NO_IMAGERY: Assumption = say.assumption("assumption.no_imagery", {});

/** The verdict sentence: elevation, slope and aspect, and height above the lowest ground. */
export function factsText(
  f: PointFacts,
  where: string,
  cell: number,
  radius_m: number,
  tooCoarse: boolean,
  status: Status,
): string {
  const aspect = Number.isNaN(f.aspect_deg)
    ? "flat"
    : `sloping ${f.slope_pct.toFixed(1)} % towards the ${compassPoint(f.aspect_deg)}`;
  return `At ${where} the ground is at ${fmtM(f.elevation_m, 1)}, ${aspect}; ` +
    (tooCoarse
      ? `the raster's ${
        fmtM(cell, 0)
      } cells are too coarse to say whether it is low ground within ${fmtM(radius_m, 0)}.`
      : `it stands ${fmtM(f.height_above_lowest_m, 1)} above the lowest ground within ${
        fmtM(radius_m, 0)
      }` + (status === "warn" ? " (low ground: a flood-prone hint)." : "."));
}
