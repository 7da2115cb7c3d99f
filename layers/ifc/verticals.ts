/**
 * IfcStair, IfcStairFlight (not inside a stair), IfcRamp, IfcRampFlight -> verticals: the
 * storeys a vertical spans, its rise (risers × RiserHeight, the storeys' elevations, or its
 * geometry), its going and an estimated width (IFC states no stair width).
 * @module
 */
import type { Point } from "../../ground/plan.ts";
import { ringDistance_m, round4 } from "../../engines/geometry/polygon.ts";
import { numv, str } from "./attrs.ts";
import { propertyAnywhere } from "./props.ts";
import type { IfcModel, IfcPlanInput, Storey } from "./storeys.ts";
import type { RoomLookup } from "./openings.ts";

/** Stairs, flights not inside a stair, ramps -> verticals. */
export function stairsAndRamps(
  m: IfcModel,
  plan: IfcPlanInput,
  { ringsOnFloor }: RoomLookup,
  nearestStoreyBelow: (y: number) => Storey,
): void {
  const { api, model, L, report, stairIds, flightIds, rampIds, rampFlightIds, parent } = m;
  const { boundsOf, storeyOf, storeys, partsOf, props } = m;
  const verticalSources = [
    ...stairIds.map((i) => ({ id: i, kind: "stair" as const })),
    ...flightIds.filter((i) => !stairIds.includes(parent.get(i) ?? -1)).map((i) => ({
      id: i,
      kind: "stair" as const,
    })),
    ...rampIds.map((i) => ({ id: i, kind: "ramp" as const })),
    ...rampFlightIds.filter((i) => !rampIds.includes(parent.get(i) ?? -1)).map((i) => ({
      id: i,
      kind: "ramp" as const,
    })),
  ];
  for (const { id: vid, kind } of verticalSources) {
    const e = api.GetLine(model, vid);
    const name = str(e.Name) ?? `#${vid}`;
    const bounds = boundsOf(vid);
    if (!bounds) {
      report.warnings.push(`${kind} ${name}: no geometry; skipped`);
      continue;
    }
    const { min, max } = bounds;
    const from = storeyOf(vid) ?? nearestStoreyBelow(min[1]);
    const fi = storeys.indexOf(from);
    const next = storeys[fi + 1];
    const flights = [vid, ...(partsOf.get(vid) ?? [])].map((p) => api.GetLine(model, p));
    const pr = props.get(vid);
    const risers = flights.map((f) => numv(f.NumberOfRisers) ?? numv(f.NumberOfRiser))
      .find((n) => n !== undefined) ??
      propertyAnywhere(pr, ["NumberOfRiser", "NumberOfRisers"]);
    const treads = flights.map((f) => numv(f.NumberOfTreads)).find((n) => n !== undefined) ??
      propertyAnywhere(pr, ["NumberOfTreads"]);
    const riserRaw = flights.map((f) => numv(f.RiserHeight)).find((n) => n !== undefined) ??
      propertyAnywhere(pr, ["RiserHeight"]);
    const treadRaw = flights.map((f) => numv(f.TreadLength)).find((n) => n !== undefined) ??
      propertyAnywhere(pr, ["TreadLength"]);
    const riser_m = riserRaw !== undefined ? riserRaw * L : undefined;
    const tread_m = treadRaw !== undefined ? treadRaw * L : undefined;
    const riserOk = riser_m !== undefined && riser_m >= 0.05 && riser_m <= 0.3;
    const treadOk = tread_m !== undefined && tread_m >= 0.15 && tread_m <= 0.6;
    if (riser_m !== undefined && !riserOk) {
      report.warnings.push(
        `${kind} ${name}: RiserHeight ${riserRaw} (${round4(riser_m)} m) is implausible; not used`,
      );
    }
    if (tread_m !== undefined && !treadOk) {
      report.warnings.push(
        `${kind} ${name}: TreadLength ${treadRaw} (${round4(tread_m)} m) is implausible; not used`,
      );
    }
    const spans = next !== undefined && max[1] >= next.elevation_m - 0.3 &&
      min[1] <= from.elevation_m + 0.3;
    const to = spans ? next : from;
    let rise_m: number;
    let riseFrom: string;
    if (risers && riserOk) {
      rise_m = risers * riser_m!;
      riseFrom = "risers × RiserHeight";
    } else if (spans) {
      rise_m = next.elevation_m - from.elevation_m;
      riseFrom = "the storeys' elevations";
    } else {
      rise_m = max[1] - min[1];
      riseFrom = "its geometry's height";
    }
    const dx = max[0] - min[0], dy = max[2] - min[2];
    const a = Math.min(dx, dy), b = Math.max(dx, dy);
    const nTreads = treads ?? (risers ? risers - 1 : Math.max(1, Math.round(rise_m / 0.18) - 1));
    const run_est = kind === "ramp" ? b : Math.max(1, nTreads) * (treadOk ? tread_m! : 0.28);
    let width_m: number;
    let widthFrom: string;
    if (kind === "ramp") {
      width_m = a;
      widthFrom = "the narrower side of its bounding box";
    } else if (run_est > 1.5 * b) {
      width_m = a / 2;
      widthFrom = `half the narrower side of its ${round4(dx)} × ${
        round4(dy)
      } m bounding box: the run (≈${
        round4(run_est)
      } m) cannot be straight, so it turns (winder, spiral or U)`;
    } else if (Math.abs(b - run_est) <= Math.abs(a - run_est)) {
      width_m = a;
      widthFrom = "the side of its bounding box across the run";
    } else {
      width_m = b;
      widthFrom = "the side of its bounding box across the run";
    }
    if (!(width_m > 0)) continue;
    // The bounding box holds strings, handrails and landings as well as the flight: a width
    // read off it is an estimate. The stated bound: a quarter of the halved side for a turning
    // stair, 0.15 m (a string and a handrail each side) for a side read across the run.
    const widthError_m = round4(
      Math.min(1, widthFrom.startsWith("half") ? width_m / 2 : 0.15),
    );
    const center: Point = [(min[0] + max[0]) / 2, -(min[2] + max[2]) / 2];
    const roomsTouched = new Set<string>();
    for (const fl of new Set([from.guid, to.guid])) {
      for (const r of ringsOnFloor(fl)) {
        if (ringDistance_m(center, r.ring) <= 0.3) roomsTouched.add(r.id);
      }
    }
    plan.verticals.push({
      id: str(e.GlobalId) ?? `${kind}-${vid}`,
      kind: spans ? kind : kind === "stair" ? "step" : "ramp",
      from_floor: from.guid,
      to_floor: to.guid,
      ...(roomsTouched.size ? { rooms: [...roomsTouched] } : {}),
      rise_m: round4(Math.max(0, rise_m)),
      ...(treadOk ? { going_m: round4(tread_m!) } : {}),
      width_m: round4(width_m),
      uncertainty_m: widthError_m,
      estimated: { width_m: { basis: `from ${widthFrom}`, error_m: widthError_m } },
      ...(risers && risers > 0 ? { risers: Math.round(risers) } : {}),
      // Its own extent (plan x = IFC x, plan y = -IFC z), so it is drawn there.
      footprint: [
        [min[0], -max[2]],
        [max[0], -max[2]],
        [max[0], -min[2]],
        [min[0], -min[2]],
      ].map(([x, y]) => [round4(x), round4(y)] as Point),
    });
    report.assumptions.push(
      `${kind} ${name}: ${
        spans
          ? `from ${from.name ?? from.guid} to ${to.name ?? to.guid}`
          : "within one storey (kind step)"
      }; rise ${round4(rise_m)} m from ${riseFrom}; width ${
        round4(width_m)
      } m estimated from ${widthFrom} (IFC states no stair width).`,
    );
  }
}
