/**
 * IfcStair, IfcStairFlight (not inside a stair), IfcRamp, IfcRampFlight -> verticals: the
 * storeys a vertical joins and the rooms at its ends (./vertical_ends.ts), its rise (risers ×
 * RiserHeight, the storeys' elevations, or its geometry), its going and an estimated width
 * (IFC states no stair width).
 * @module
 */
import * as W from "npm:web-ifc@0.0.78";
import type { PlanInput, Point } from "../../ground/plan.ts";
import { round4 } from "../../engines/geometry/polygon.ts";
import { numv, str } from "./attrs.ts";
import { stepLabels } from "./step.ts";
import { propertyAnywhere } from "./props.ts";
import type { MeshInfo } from "./meshes.ts";
import type { IfcModel, IfcPlanInput, Storey } from "./storeys.ts";
import type { RoomLookup } from "./openings.ts";
import { type BoundaryMap, referencedStoreys, verticalEnds } from "./vertical_ends.ts";

type VerticalInput = NonNullable<PlanInput["verticals"]>[number];

/** The elements that become verticals: stairs, ramps, and flights not inside either. */
function verticalSources(m: IfcModel): { id: number; kind: "stair" | "ramp" }[] {
  const { stairIds, flightIds, rampIds, rampFlightIds, parent } = m;
  return [
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
}

/** What a stair's attributes and properties state: risers, treads, riser height, tread length. */
interface StairDims {
  risers?: number;
  treads?: number;
  riser_m?: number;
  tread_m?: number;
  riserOk: boolean;
  treadOk: boolean;
}

/** The entities a vertical is read from (their Name: the third argument, as in every IfcRoot). */
const VERTICAL_ENTITIES = new Set(["IFCSTAIR", "IFCSTAIRFLIGHT", "IFCRAMP", "IFCRAMPFLIGHT"]);

/** Risers, treads and their sizes from the flights' attributes or any property set. */
function stairDims(m: IfcModel, vid: number, kind: string, name: string): StairDims {
  const { api, model, L, report, partsOf, props } = m;
  const flights = [vid, ...(partsOf.get(vid) ?? [])].map((p) => api.GetLine(model, p));
  const pr = props.get(vid);
  const first = (attr: string[], prop: string[]) =>
    flights.map((f) => attr.map((a) => numv(f[a])).find((n) => n !== undefined))
      .find((n) => n !== undefined) ?? propertyAnywhere(pr, prop);
  const risers = first(["NumberOfRisers", "NumberOfRiser"], ["NumberOfRiser", "NumberOfRisers"]);
  const treads = first(["NumberOfTreads"], ["NumberOfTreads"]);
  const riserRaw = first(["RiserHeight"], ["RiserHeight"]);
  const treadRaw = first(["TreadLength"], ["TreadLength"]);
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
  return { risers, treads, riser_m, tread_m, riserOk, treadOk };
}

/** A stair's or ramp's width from its bounding box, and how (IFC states no stair width). */
function estimateWidth(
  kind: "stair" | "ramp",
  { min, max }: MeshInfo,
  d: StairDims,
  rise_m: number,
): { width_m: number; widthFrom: string } {
  const dx = max[0] - min[0], dy = max[2] - min[2];
  const a = Math.min(dx, dy), b = Math.max(dx, dy);
  const nTreads = d.treads ??
    (d.risers ? d.risers - 1 : Math.max(1, Math.round(rise_m / 0.18) - 1));
  const run_est = kind === "ramp" ? b : Math.max(1, nTreads) * (d.treadOk ? d.tread_m! : 0.28);
  if (kind === "ramp") return { width_m: a, widthFrom: "the narrower side of its bounding box" };
  if (run_est > 1.5 * b) {
    return {
      width_m: a / 2,
      widthFrom: `half the narrower side of its ${round4(dx)} × ${
        round4(dy)
      } m bounding box: the run (≈${
        round4(run_est)
      } m) cannot be straight, so it turns (winder, spiral or U)`,
    };
  }
  const across = "the side of its bounding box across the run";
  return Math.abs(b - run_est) <= Math.abs(a - run_est)
    ? { width_m: a, widthFrom: across }
    : { width_m: b, widthFrom: across };
}

/** Stairs, flights not inside a stair, ramps -> verticals, each joined to its storeys and rooms. */
export function stairsAndRamps(
  m: IfcModel,
  plan: IfcPlanInput,
  lookup: RoomLookup,
  nearestStoreyBelow: (y: number) => Storey,
  boundaries: BoundaryMap = new Map(),
): void {
  const { api, model, report, boundsOf, partsDeep } = m;
  const referenced = referencedStoreys(m);
  const floorName = (s: Storey) => s.name ?? s.guid;
  for (const { id: vid, kind } of verticalSources(m)) {
    // GlobalId and Name from the text where it says them plainly (issue 29, i34), else from
    // web-ifc's line.
    const said = stepLabels(m.text, vid, VERTICAL_ENTITIES, [0, 2]);
    const e = said ? undefined : api.GetLine(model, vid);
    const [guid, ifcName] = said ?? [str(e!.GlobalId), str(e!.Name)];
    const name = ifcName ?? `#${vid}`;
    const bounds = boundsOf(vid);
    if (!bounds) {
      report.warnings.push(`${kind} ${name}: no geometry; skipped`);
      continue;
    }
    const d = stairDims(m, vid, kind, name);
    const statedRise_m = d.risers && d.riserOk ? d.risers * d.riser_m! : undefined;
    // Its flights and landings, not the railings aggregated into it (they stand above its top).
    const elements = [vid, ...partsDeep(vid)].filter((p) =>
      api.GetLineType(model, p) !== W.IFCRAILING
    );
    const ends = verticalEnds(
      m,
      { elements, bounds, statedRise_m },
      referenced,
      boundaries,
      lookup,
      nearestStoreyBelow,
    );
    const spans = ends.storeys.length >= 2;
    const from = ends.storeys[0], to = ends.storeys.at(-1)!;
    let rise_m: number, riseFrom: string;
    if (statedRise_m !== undefined) rise_m = statedRise_m, riseFrom = "risers × RiserHeight";
    else if (spans) {
      rise_m = to.elevation_m - from.elevation_m;
      riseFrom = "the storeys' elevations";
    } else rise_m = bounds.max[1] - bounds.min[1], riseFrom = "its geometry's height";
    const { width_m, widthFrom } = estimateWidth(kind, bounds, d, rise_m);
    if (!(width_m > 0)) continue;
    // The bounding box holds strings, handrails and landings as well as the flight: a width
    // read off it is an estimate. The stated bound: a quarter of the halved side for a turning
    // stair, 0.15 m (a string and a handrail each side) for a side read across the run.
    const widthError_m = round4(Math.min(1, widthFrom.startsWith("half") ? width_m / 2 : 0.15));
    const { min, max } = bounds;
    const base: VerticalInput = {
      id: guid ?? `${kind}-${vid}`,
      kind: spans ? kind : kind === "stair" ? "step" : "ramp",
      ...(ifcName ? { name: ifcName } : {}),
      from_floor: from.guid,
      to_floor: to.guid,
      rise_m: round4(Math.max(0, rise_m)),
      ...(d.treadOk ? { going_m: round4(d.tread_m!) } : {}),
      width_m: round4(width_m),
      uncertainty_m: widthError_m,
      estimated: { width_m: { basis: `from ${widthFrom}`, error_m: widthError_m } },
      ...(d.risers && d.risers > 0 ? { risers: Math.round(d.risers) } : {}),
      // Its own extent (plan x = IFC x, plan y = -IFC z), so it is drawn there.
      footprint: [
        [min[0], -max[2]],
        [max[0], -max[2]],
        [max[0], -min[2]],
        [min[0], -min[2]],
      ].map(([x, y]) => [round4(x), round4(y)] as Point),
    };
    plan.verticals.push(...segments(base, ends.storeys, ends.rooms, spans));
    const landed = ends.rooms.filter((r) => r !== undefined).length;
    report.assumptions.push(
      `${kind} ${name}: ${
        spans
          ? `from ${floorName(from)} to ${floorName(to)}${
            ends.storeys.length > 2 ? ` (through ${ends.storeys.length - 2} storeys between)` : ""
          }, known from ${ends.storeysFrom.join(" and ")}; it lands in ${
            landed === ends.storeys.length
              ? `a room on each (${ends.roomsFrom.join("; ")})`
              : `${landed} of the ${ends.storeys.length} rooms it joins (no room near its ${
                ends.rooms[0] === undefined ? "foot" : "head"
              })`
          }`
          : "within one storey (kind step)"
      }; rise ${round4(rise_m)} m from ${riseFrom}; width ${
        round4(width_m)
      } m estimated from ${widthFrom} (IFC states no stair width).`,
    );
  }
}

/**
 * One vertical per pair of storeys it joins in turn (its GlobalId for the first, `…/2`, `…/3`
 * after), each landing in its rooms on those two storeys; rise and risers split by elevation.
 */
export function segments(
  base: VerticalInput,
  storeys: Storey[],
  rooms: (string | undefined)[],
  spans: boolean,
): VerticalInput[] {
  const listed = (xs: (string | undefined)[]) => {
    const rs = xs.filter((r): r is string => r !== undefined);
    return rs.length ? { rooms: rs } : {};
  };
  if (!spans) return [{ ...base, ...listed([rooms[0]]) }];
  if (storeys.length === 2) return [{ ...base, ...listed(rooms) }];
  const total = storeys.at(-1)!.elevation_m - storeys[0].elevation_m;
  return storeys.slice(1).map((to, i) => {
    const from = storeys[i];
    const share = total > 0 ? (to.elevation_m - from.elevation_m) / total : 0;
    const { risers, ...rest } = base;
    const part = risers ? Math.round(risers * share) : 0;
    return {
      ...rest,
      id: i === 0 ? base.id : `${base.id}/${i + 1}`,
      from_floor: from.guid,
      to_floor: to.guid,
      rise_m: round4(base.rise_m * share),
      ...(part > 0 ? { risers: part } : {}),
      ...listed([rooms[i], rooms[i + 1]]),
    };
  });
}
