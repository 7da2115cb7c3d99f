/**
 * Constraints: what a door, opening or vertical asks of a traveller and whether it
 * gives it (ADA 2010 §404.2.3 door clear width, §404.2.5 threshold, §405.2 ramp slope, §303
 * changes in level), each with its measured value and its message and data (worded in
 * ./wording.ts where shown); the passage width measured on demand.
 */
import type { Opening, Vertical } from "../../../ground/plan.ts";
import { judge } from "../../../ground/plan.ts";
import { doorClearWidth_m, doorClearWidthEstimated, LEAF_ESTIMATE_ERROR_M } from "../clearance.ts";
import type { Constraint, RouteGraph, RouteNeeds } from "./model.ts";
import { passageClearWidth } from "./space.ts";
import { coded, type ConstraintMessages } from "./wording.ts";

/**
 * The horizontal run of a stair or ramp, m: a stair's going × (risers − 1) treads (risers
 * estimated at 0.18 m each when not recorded, IRC R311.7.5.1 allows up to 0.196); a ramp's
 * going is its run. Undefined when the going is not recorded.
 */
export function verticalRun_m(v: Vertical): number | undefined {
  if (v.going_m === undefined) return undefined;
  if (v.kind === "stair") {
    return v.going_m * Math.max(1, (v.risers ?? Math.max(1, Math.round(v.rise_m / 0.18))) - 1);
  }
  return v.going_m;
}

/** The length walked along a vertical, m: along the pitch line of a stair or ramp; a lift's rise. */
export function verticalLength(v: Vertical): number {
  if (v.kind === "lift") return v.rise_m;
  const run = verticalRun_m(v);
  return run === undefined ? v.rise_m : Math.hypot(v.rise_m, run);
}

/** The judged limits of a door or opening: its clear width and, step-free, its threshold. */
export function openingConstraints(
  o: Opening,
  needs: RouteNeeds,
  tol: (v: number) => number,
): Constraint[] {
  // The number and flag of clearance.ts doorClearWidth, without its (unused) sentence.
  const clear_width_m = doorClearWidth_m(o), estimated = doorClearWidthEstimated(o);
  const need = needs.min_clear_width_m;
  // A door the source was less sure of (its own uncertainty_m) widens the tolerance, and a
  // clear width estimated from the leaf is judged within its own bound on top
  // (clearance.ts LEAF_ESTIMATE_ERROR_M).
  const status = judge(
    clear_width_m,
    ">=",
    need,
    Math.max(tol(clear_width_m), o.uncertainty_m ?? 0) + (estimated ? LEAF_ESTIMATE_ERROR_M : 0),
  );
  // Its message and data written in place, the keys in the order spreading coded() gave.
  // Performance (issue 29): no intermediate objects for each of a plan's 3,000 doors.
  const data: ConstraintMessages["opening_clear_width"] = {
    what: o.kind,
    element: o.id,
    measured_m: clear_width_m,
    needed_m: need,
    estimated,
  };
  const out: Constraint[] = [{
    id: `clear_width:${o.id}`,
    kind: "clear_width",
    element: o.id,
    status,
    measured: clear_width_m,
    limit: need,
    unit: "m",
    estimated,
    message: "opening_clear_width",
    data,
    floor: o.floor,
    at: o.at,
  }];
  if (needs.step_free && o.threshold_m !== undefined && o.threshold_m > 0) {
    const s = judge(o.threshold_m, "<=", needs.max_step_m, tol(o.threshold_m));
    out.push({
      id: `threshold:${o.id}`,
      kind: "threshold",
      element: o.id,
      status: s,
      measured: o.threshold_m,
      limit: needs.max_step_m,
      unit: "m",
      ...coded("threshold", {
        what: o.kind,
        element: o.id,
        measured_m: o.threshold_m,
        allowed_m: needs.max_step_m,
      }),
      floor: o.floor,
      at: o.at,
    });
  }
  return out;
}

/** The judged limits of a vertical: a stair (never step-free), a step, a ramp's slope, a width. */
export function verticalConstraints(
  v: Vertical,
  needs: RouteNeeds,
  tol: (v: number) => number,
): Constraint[] {
  const out: Constraint[] = [];
  const base = { element: v.id, floor: v.from_floor };
  if (v.kind === "stair" && needs.step_free) {
    out.push({
      ...base,
      id: `stair:${v.id}`,
      kind: "stair",
      status: "fail",
      measured: v.rise_m,
      limit: needs.max_step_m,
      unit: "m",
      ...coded("stair", {
        element: v.id,
        rise_m: v.rise_m,
        ...(v.risers ? { risers: v.risers } : {}),
      }),
    });
  }
  if (v.kind === "step" && needs.step_free) {
    out.push({
      ...base,
      id: `step:${v.id}`,
      kind: "step",
      status: judge(v.rise_m, "<=", needs.max_step_m, tol(v.rise_m)),
      measured: v.rise_m,
      limit: needs.max_step_m,
      unit: "m",
      ...coded("step", { element: v.id, measured_m: v.rise_m, allowed_m: needs.max_step_m }),
    });
  }
  if (v.kind === "ramp") {
    if (v.going_m === undefined) {
      out.push({
        ...base,
        id: `ramp_slope:${v.id}`,
        kind: "ramp_slope",
        status: "unknown",
        limit: needs.max_ramp_slope,
        unit: "rise/run",
        ...coded("ramp_no_length", { element: v.id }),
      });
    } else {
      const slope = v.rise_m / v.going_m;
      // Propagated scan uncertainty of rise/run: relative errors add.
      const t = slope * (tol(v.rise_m) / Math.max(v.rise_m, 1e-9) + tol(v.going_m) / v.going_m);
      out.push({
        ...base,
        id: `ramp_slope:${v.id}`,
        kind: "ramp_slope",
        status: v.rise_m === 0 ? "pass" : judge(slope, "<=", needs.max_ramp_slope, t),
        measured: slope,
        limit: needs.max_ramp_slope,
        unit: "rise/run",
        ...coded("ramp_slope", { element: v.id, slope, allowed: needs.max_ramp_slope }),
      });
    }
  }
  if (v.kind === "ramp" || v.kind === "lift") {
    out.push({
      ...base,
      id: `clear_width:${v.id}`,
      kind: "clear_width",
      // A width the source was less sure of (its own uncertainty_m: an estimate's bound, a lift
      // shaft's box) widens the tolerance, as for doors.
      status: judge(
        v.width_m,
        ">=",
        needs.min_clear_width_m,
        Math.max(tol(v.width_m), v.uncertainty_m ?? 0),
      ),
      measured: v.width_m,
      limit: needs.min_clear_width_m,
      unit: "m",
      ...coded("vertical_width", {
        what: v.kind,
        element: v.id,
        measured_m: v.width_m,
        needed_m: needs.min_clear_width_m,
      }),
    });
  }
  return out;
}

/**
 * Measures a passage constraint in place (once): its width by {@link passageClearWidth}, put
 * in its data too (worded "… is 0.55 m wide at its narrowest; 0.81 m needed").
 */
export function measurePassage(g: RouteGraph, c: Constraint): Constraint {
  if (c.kind !== "passage" || c.measured !== undefined) return c;
  const p = g.passages.get(c.id);
  if (!p) return c;
  const width = passageClearWidth(p.polygon, p.obstacles, p.a, p.b);
  c.measured = width;
  // The measured width and the path search must not contradict each other: a passage whose
  // measured width clears the need by more than the scan's uncertainty is not a fail (the
  // search, run at the need plus the uncertainty, could not confirm it): too close to call
  // (design.md's uncertainty rule).
  const tol = p.tolerance_m ?? 0;
  const eased = c.status === "fail" && c.limit !== undefined &&
    judge(width, ">=", c.limit, tol) !== "fail";
  if (eased) c.status = "warn";
  if (c.message === "passage") {
    const data = {
      ...(c.data as ConstraintMessages["passage"]),
      measured_m: width,
      ...(eased ? { uncertainty_m: tol } : {}),
    };
    c.data = data;
  }
  return c;
}
