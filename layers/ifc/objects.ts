/**
 * IfcFurnishingElement and IfcRailing -> objects: each on its storey, in the room holding its
 * centre; a railing labelled by its PredefinedType (handrail, guardrail, balustrade), which the
 * rules engine counts as a stair's or ramp's handrails.
 * @module
 */
import type { Point } from "../../ground/plan.ts";
import { pointInRing, round4 } from "../../engines/geometry/polygon.ts";
import { importTick, type Line, str, v } from "./attrs.ts";
import { stepEnum, stepInstance, stepLabels, type StepText } from "./step.ts";
import type { IfcModel, IfcPlanInput, Storey } from "./storeys.ts";
import type { RoomLookup } from "./openings.ts";

/** Furnishing -> objects. */
export function furnishing(
  m: IfcModel,
  plan: IfcPlanInput,
  { ringsOnFloor }: RoomLookup,
  nearestStoreyBelow: (y: number) => Storey,
): void {
  const { api, model, furnIds, meshes, storeyOf } = m;
  for (const fid of furnIds) {
    importTick();
    const m = meshes.get(fid);
    if (!m) continue;
    const e = api.GetLine(model, fid);
    const w = m.max[0] - m.min[0], d = m.max[2] - m.min[2], h = m.max[1] - m.min[1];
    if (!(w > 0 && d > 0)) continue;
    const storey = storeyOf(fid) ?? nearestStoreyBelow(m.min[1]);
    const center: Point = [(m.min[0] + m.max[0]) / 2, -(m.min[2] + m.max[2]) / 2];
    const room = ringsOnFloor(storey.guid).find((r) => pointInRing(center, r.ring))?.id;
    plan.objects.push({
      id: str(e.GlobalId) ?? `object-${fid}`,
      floor: storey.guid,
      ...(room ? { room } : {}),
      label: str(e.ObjectType) ?? str(e.Name) ?? "furnishing",
      center: [round4(center[0]), round4(center[1])],
      size: [round4(w), round4(d)],
      ...(h > 0 ? { height_m: round4(h) } : {}),
    });
  }
}

/** Railings -> objects labelled handrail, guardrail, balustrade (PredefinedType) or railing. */
export function railings(
  m: IfcModel,
  plan: IfcPlanInput,
  { ringsOnFloor }: RoomLookup,
  nearestStoreyBelow: (y: number) => Storey,
): void {
  const { api, model, railIds, meshes, storeyOf, text } = m;
  for (const rid of railIds) {
    importTick();
    const m = meshes.get(rid);
    if (!m) continue;
    const e = railingText(text, rid) ?? railingLine(api.GetLine(model, rid));
    const w = m.max[0] - m.min[0], d = m.max[2] - m.min[2], h = m.max[1] - m.min[1];
    if (!(w > 0 || d > 0)) continue;
    const storey = storeyOf(rid) ?? nearestStoreyBelow(m.min[1]);
    const center: Point = [(m.min[0] + m.max[0]) / 2, -(m.min[2] + m.max[2]) / 2];
    const room = ringsOnFloor(storey.guid).find((r) => pointInRing(center, r.ring))?.id;
    const kind = String(e.type ?? "").toLowerCase();
    plan.objects.push({
      id: e.guid ?? `railing-${rid}`,
      floor: storey.guid,
      ...(room ? { room } : {}),
      label: ["handrail", "guardrail", "balustrade"].includes(kind) ? kind : "railing",
      center: [round4(center[0]), round4(center[1])],
      // A railing seen from above is a thin line: at least 1 cm across.
      size: [round4(Math.max(w, 0.01)), round4(Math.max(d, 0.01))],
      ...(h > 0 ? { height_m: round4(h) } : {}),
    });
  }
}

/** A railing's GlobalId (as `str` reads it) and PredefinedType, from web-ifc's line. */
function railingLine(e: Line): { guid: string | undefined; type: unknown } {
  return { guid: str(e.GlobalId), type: v(e.PredefinedType) };
}

/**
 * A railing's GlobalId and PredefinedType (its ninth argument in IFC2X3 and IFC4) where the
 * text says them plainly (issue 29, i34: web-ifc's GetLine costs 40-90 µs a line); else
 * undefined.
 */
function railingText(text: StepText, rid: number) {
  const said = stepLabels(text, rid, "IFCRAILING", [0]);
  const inst = said && stepInstance(text, rid, 9);
  const type = inst && stepEnum(text, inst, 8);
  return type === undefined || !said ? undefined : { guid: said[0], type: type ?? undefined };
}
