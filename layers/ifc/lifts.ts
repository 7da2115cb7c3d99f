/**
 * IfcTransportElement -> verticals: a lift (PredefinedType, IFC2x3 OperationType, ELEVATOR)
 * joins the storeys its shaft passes or that reference it, one vertical per pair in turn
 * (./vertical_ends.ts), landing in the room around or in front of its shaft on each; an
 * escalator is a stair (steps, never step-free). Its width: the car's ClearWidth
 * (Pset_TransportElementElevator, IFC4 ADD2 TC1), else the narrower side of its bounding box
 * as an estimate whose bound is half that side (a shaft is wider than its door).
 * @module
 */
import * as W from "npm:web-ifc@0.0.78";
import type { PlanInput, Point } from "../../ground/plan.ts";
import { round4 } from "../../engines/geometry/polygon.ts";
import { ids, str, v } from "./attrs.ts";
import { propertyAnywhere, readProps } from "./props.ts";
import { readMeshes } from "./meshes.ts";
import type { IfcModel, IfcPlanInput, Storey } from "./storeys.ts";
import type { RoomLookup } from "./openings.ts";
import { type BoundaryMap, referencedStoreys, verticalEnds } from "./vertical_ends.ts";
import { segments } from "./verticals.ts";

type VerticalInput = NonNullable<PlanInput["verticals"]>[number];

/** The vertical kind of a transport element's type, or undefined (a moving walkway, a crane). */
function transportKind(type: string, name: string): "lift" | "stair" | undefined {
  if (type === "ELEVATOR") return "lift";
  if (type === "ESCALATOR") return "stair";
  if (
    ["", "NOTDEFINED", "USERDEFINED"].includes(type) && /\b(lift|elevator|aufzug)\b/i.test(name)
  ) {
    return "lift";
  }
  return undefined;
}

/** Lifts and escalators -> verticals; returns how many transport elements the file has. */
export function lifts(
  m: IfcModel,
  plan: IfcPlanInput,
  lookup: RoomLookup,
  nearestStoreyBelow: (y: number) => Storey,
  boundaries: BoundaryMap,
): number {
  const { api, model, L, report } = m;
  const liftIds = ids(api, model, W.IFCTRANSPORTELEMENT, true);
  if (!liftIds.length) return 0;
  const meshes = readMeshes(api, model, liftIds, new Set());
  const props = readProps(api, model, new Set(liftIds), new Set(liftIds), m.text);
  const referenced = referencedStoreys(m);
  for (const lid of liftIds) {
    const e = api.GetLine(model, lid);
    const name = str(e.Name) ?? `#${lid}`;
    const type = String(v(e.PredefinedType) ?? v(e.OperationType) ?? "").toUpperCase();
    const kind = transportKind(type, name);
    const bounds = meshes.get(lid);
    if (!kind) {
      report.warnings.push(`transport element ${name} (${type || "no type"}): not a lift; skipped`);
      continue;
    }
    if (!bounds) {
      report.warnings.push(`${kind} ${name}: no geometry; skipped`);
      continue;
    }
    m.meshes.set(lid, bounds);
    const ends = verticalEnds(
      m,
      { elements: [lid], bounds, passes: kind === "lift" },
      referenced,
      boundaries,
      lookup,
      nearestStoreyBelow,
    );
    if (ends.storeys.length < 2) {
      report.warnings.push(
        `${kind} ${name}: the file joins it to one storey only (${
          ends.storeys[0]?.name ?? "none"
        }: its geometry spans no other and no other storey references it); left out`,
      );
      continue;
    }
    const stated = propertyAnywhere(props.get(lid), ["ClearWidth", "DoorWidth"]);
    const side = Math.min(bounds.max[0] - bounds.min[0], bounds.max[2] - bounds.min[2]);
    const width_m = stated !== undefined && stated > 0 ? stated * L : side;
    if (!(width_m > 0)) continue;
    const error_m = round4(Math.min(1, side / 2));
    const from = ends.storeys[0], to = ends.storeys.at(-1)!;
    const base: VerticalInput = {
      id: str(e.GlobalId) ?? `${kind}-${lid}`,
      kind,
      ...(str(e.Name) ? { name: str(e.Name) } : {}),
      from_floor: from.guid,
      to_floor: to.guid,
      rise_m: round4(to.elevation_m - from.elevation_m),
      width_m: round4(width_m),
      // Its shaft's extent (plan x = IFC x, plan y = -IFC z), so it is drawn there.
      footprint: [
        [bounds.min[0], -bounds.max[2]],
        [bounds.max[0], -bounds.max[2]],
        [bounds.max[0], -bounds.min[2]],
        [bounds.min[0], -bounds.min[2]],
      ].map(([x, y]) => [round4(x), round4(y)] as Point),
      ...(stated === undefined
        ? {
          uncertainty_m: error_m,
          estimated: {
            width_m: {
              basis: "from the narrower side of its bounding box (a shaft or car, not its door)",
              error_m,
            },
          },
        }
        : {}),
    };
    plan.verticals.push(...segments(base, ends.storeys, ends.rooms, true));
    report.assumptions.push(
      `${kind} ${name}: joins ${ends.storeys.map((s) => s.name ?? s.guid).join(", ")} (from ${
        ends.storeysFrom.join(" and ")
      }); width ${round4(width_m)} m ${
        stated !== undefined
          ? "from its stated ClearWidth"
          : `estimated from its bounding box (within ${error_m} m): measure its door`
      }.`,
    );
  }
  return liftIds.length;
}
