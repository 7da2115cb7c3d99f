/**
 * IfcDoor / IfcWindow -> openings: sizes from OverallWidth/OverallHeight, base quantities or
 * geometry; the rooms on each side through IfcRelSpaceBoundary (an EXTERNAL boundary is the
 * outside), else the nearest rooms by geometry; a vendor's clear width when stated.
 * @module
 */
import type { PlanInput, Point } from "../../ground/plan.ts";
import { ringDistance_m, round4 } from "../../engines/geometry/polygon.ts";
import { importTick, numv, ref, str, v } from "./attrs.ts";
import { stepEnum, stepInstance, stepNumber, stepRef, stepText } from "./step.ts";
import { OPENING_ENTITIES } from "./entities.ts";
import { propertyAnywhere, quantity } from "./props.ts";
import type { IfcModel, IfcPlanInput, Storey } from "./storeys.ts";

/** Rooms by floor, and the room made from a space. */
export interface RoomLookup {
  ringsOnFloor(floor: string): { id: string; floor: string; ring: Point[] }[];
  roomOfSpace(sid: number): string | undefined;
  /** The floor a room (by id) is on. */
  floorOfRoom(id: string): string | undefined;
}

/** What the openings phase tells the report. */
export interface OpeningTally {
  viaBoundary: { door: number; window: number };
  viaGeometry: { door: number; window: number };
  sizeFrom: Record<string, number>;
  clearFromVendor: number;
  near_m: number;
}

/** Space boundaries: which spaces each door/window touches, and whether a side is outside. */
export function spaceBoundaries(m: IfcModel, rsbIds: number[]) {
  const boundaries = new Map<number, { spaces: number[]; external: boolean }>();
  for (const rid of rsbIds) {
    importTick();
    const { el, sp, side } = spaceBoundary(m, rid);
    if (el === undefined || sp === undefined) continue;
    const e = boundaries.get(el) ?? { spaces: [], external: false };
    if (!e.spaces.includes(sp)) e.spaces.push(sp);
    if (String(side ?? "").startsWith("EXTERNAL")) e.external = true;
    boundaries.set(el, e);
  }
  return boundaries;
}

/** IfcRelSpaceBoundary and its IFC4 subtypes: the same first nine attributes. */
const BOUNDARIES = new Set([
  "IFCRELSPACEBOUNDARY",
  "IFCRELSPACEBOUNDARY1STLEVEL",
  "IFCRELSPACEBOUNDARY2NDLEVEL",
]);

/**
 * A space boundary's element, space and InternalOrExternalBoundary: from the file's text where
 * it says them plainly (issue 29; layers/ifc/step.ts), else from web-ifc.
 */
function spaceBoundary(m: IfcModel, rid: number) {
  const { api, model, text } = m;
  const inst = stepInstance(text, rid, 9);
  if (inst && BOUNDARIES.has(inst.name)) {
    const el = stepRef(text, inst, 5), sp = stepRef(text, inst, 4), side = stepEnum(text, inst, 8);
    if (el !== undefined && sp !== undefined && side !== undefined) {
      return { el: el ?? undefined, sp: sp ?? undefined, side };
    }
  }
  const b = api.GetLine(model, rid);
  return {
    el: ref(b.RelatedBuildingElement),
    sp: ref(b.RelatingSpace),
    side: v(b.InternalOrExternalBoundary),
  };
}

/** The entities a door or window id is one of (./entities.ts). */
const OPENINGS = new Set<string>(OPENING_ENTITIES);

/** Text as `str` reads it: trimmed, undefined when empty or `$`. */
const plain = (s: string | null) => s?.trim() || undefined;

/** A number as `numv` reads it: undefined when `$` or not finite. */
const finite = (n: number | null) => (n !== null && Number.isFinite(n) ? n : undefined);

/**
 * A door's or window's GlobalId, Name, OverallHeight and OverallWidth (arguments 0, 2, 8 and 9
 * in IFC2X3 and IFC4 alike): from the file's text where it says all four plainly (issue 29,
 * i32; layers/ifc/step.ts), else from web-ifc's line.
 */
function openingLine(m: IfcModel, eid: number) {
  const { api, model, text } = m;
  const inst = stepInstance(text, eid, 10);
  if (inst && OPENINGS.has(inst.name)) {
    const guid = stepText(text, inst, 0), name = stepText(text, inst, 2);
    const height = stepNumber(text, inst, 8), width = stepNumber(text, inst, 9);
    if (guid !== undefined && name !== undefined && height !== undefined && width !== undefined) {
      return { guid: plain(guid), name: plain(name), width: finite(width), height: finite(height) };
    }
  }
  const e = api.GetLine(model, eid);
  return {
    guid: str(e.GlobalId),
    name: str(e.Name),
    width: numv(e.OverallWidth),
    height: numv(e.OverallHeight),
  };
}

/** Doors and windows -> openings. */
export function doorsAndWindows(
  m: IfcModel,
  plan: IfcPlanInput,
  rooms: RoomLookup,
  boundaries: Map<number, { spaces: number[]; external: boolean }>,
  nearestStoreyBelow: (y: number) => Storey,
): OpeningTally {
  const { L, report, doorIds, windowIds, boundsOf, props, storeyOf } = m;
  const { ringsOnFloor, roomOfSpace } = rooms;
  const viaBoundary = { door: 0, window: 0 };
  const viaGeometry = { door: 0, window: 0 };
  const sizeFrom: Record<string, number> = {};
  let clearFromVendor = 0;
  const near_m = 0.6;
  for (const [kind, list] of [["door", doorIds], ["window", windowIds]] as const) {
    for (const eid of list) {
      importTick();
      const e = openingLine(m, eid);
      const name = e.name ?? `#${eid}`;
      const mesh = boundsOf(eid);
      const pr = props.get(eid);
      let { width, height } = e;
      let from = "OverallWidth/OverallHeight";
      if (width === undefined) {
        width = quantity(pr, "Width");
        height ??= quantity(pr, "Height");
        from = "base quantities Width/Height";
      }
      let width_m = width !== undefined ? width * L : undefined;
      let height_m = height !== undefined ? height * L : undefined;
      if (width_m === undefined && mesh) {
        width_m = Math.max(mesh.max[0] - mesh.min[0], mesh.max[2] - mesh.min[2]);
        height_m ??= mesh.max[1] - mesh.min[1];
        from = "geometry (the larger horizontal side of its bounding box)";
      }
      if (!mesh || !width_m || !(width_m > 0)) {
        report.warnings.push(`${kind} ${name}: no geometry or size to place it; skipped`);
        continue;
      }
      sizeFrom[from] = (sizeFrom[from] ?? 0) + 1;
      const at: Point = [(mesh.min[0] + mesh.max[0]) / 2, -(mesh.min[2] + mesh.max[2]) / 2];
      const storey = storeyOf(eid) ?? nearestStoreyBelow(mesh.min[1]);
      const floorRooms = ringsOnFloor(storey.guid);
      const b = boundaries.get(eid);
      let between: [string | null, string | null] | undefined;
      if (b) {
        const rs = b.spaces.map(roomOfSpace).filter((r): r is string => !!r);
        if (rs.length >= 2) between = [rs[0], rs[1]];
        else if (rs.length === 1) {
          if (b.external) between = [rs[0], null];
          else {
            const other = floorRooms.filter((r) => r.id !== rs[0])
              .map((r) => ({ r, d: ringDistance_m(at, r.ring) }))
              .filter((x) => x.d <= near_m).sort((a, c) => a.d - c.d)[0];
            between = [rs[0], other ? other.r.id : null];
          }
        }
        if (between) viaBoundary[kind]++;
      }
      if (!between) {
        const close = floorRooms.map((r) => ({ r, d: ringDistance_m(at, r.ring) }))
          .filter((x) => x.d <= near_m).sort((a, c) => a.d - c.d);
        if (!close.length) {
          report.warnings.push(
            `${kind} ${name}: no room within ${near_m} m on storey ${
              storey.name ?? storey.guid
            }; skipped`,
          );
          continue;
        }
        between = [close[0].r.id, close[1]?.r.id ?? null];
        viaGeometry[kind]++;
      }
      const opening: PlanInput["openings"] extends (infer O)[] | undefined ? O : never = {
        id: e.guid ?? `${kind}-${eid}`,
        kind,
        floor: storey.guid,
        between,
        at: [round4(at[0]), round4(at[1])],
        width_m: round4(width_m),
      };
      if (height_m && height_m > 0) opening.height_m = round4(height_m);
      if (kind === "window") opening.sill_m = round4(Math.max(0, mesh.min[1] - storey.elevation_m));
      if (kind === "door") {
        const clear = propertyAnywhere(pr, [
          "Durchgangslichte Breite",
          "ClearWidth",
          "Clear Width",
        ]);
        if (clear !== undefined && clear * L > 0 && clear * L <= width_m) {
          opening.clear_width_m = round4(clear * L);
          clearFromVendor++;
        }
      }
      plan.openings.push(opening);
    }
  }
  return { viaBoundary, viaGeometry, sizeFrom, clearFromVendor, near_m };
}
