/**
 * IfcSpace -> rooms: footprints from the space's floor faces (or its flat space boundaries),
 * heights from base quantities or geometry, labels from names; a storey with no space gets one
 * derived room inside its walls, so doors and tools have a room.
 * @module
 */
import type { Point, RoomLabel } from "../../ground/plan.ts";
import { area_m2, round4 } from "../../engines/geometry/polygon.ts";
import { roomLabelFromName } from "../room_labels.ts";
import { boundaryFootprint } from "./boundary.ts";
import { importTick, type Line, str, v } from "./attrs.ts";
import { stepLabels } from "./step.ts";
import { quantity } from "./props.ts";
import { meshFootprint } from "./meshes.ts";
import type { IfcModel, IfcPlanInput, Storey } from "./storeys.ts";

/** Each room's outline by the IfcSpace it came from (negative keys: rooms made from walls). */
export type RoomRings = Map<number, { id: string; floor: string; ring: Point[] }>;

/** What the spaces phase tells the report. */
export interface SpaceTally {
  footprintFromBoundaries: number;
  heightFrom: Record<string, number>;
  areaChecked: number;
}

/** Spaces -> rooms. */
export function spacesToRooms(
  m: IfcModel,
  plan: IfcPlanInput,
  rsbIds: number[],
  roomRings: RoomRings,
  nearestStoreyBelow: (y: number) => Storey,
): SpaceTally {
  const { api, model, L, units, report, spaceIds, meshes, storeyOf, props, text } = m;
  let footprintFromBoundaries = 0;
  const heightFrom: Record<string, number> = {};
  let areaChecked = 0;
  for (const sid of spaceIds) {
    importTick();
    // GlobalId, Name, LongName from the text where it says them plainly (issue 29, i34), else
    // from web-ifc's line, which is also read for PredefinedType when it is needed.
    let line: Line | undefined;
    const s = () => line ??= api.GetLine(model, sid);
    const said = stepLabels(text, sid, "IFCSPACE", [0, 2, 7]);
    const guid = (said ? said[0] : str(s().GlobalId)) ?? `space-${sid}`;
    const nm = said ? said[1] : str(s().Name);
    const longName = said ? said[2] : str(s().LongName);
    const label = `${longName ?? nm ?? guid}`;
    const mesh = meshes.get(sid);
    const fp = mesh?.tris ? meshFootprint(mesh.tris) : undefined;
    let ring = fp && fp.ring.length >= 3 ? fp.ring : undefined;
    let bottom_m = mesh?.min[1];
    if (!ring) {
      const b = boundaryFootprint(api, model, sid, rsbIds, L);
      if (b) {
        ring = b.ring;
        bottom_m = b.z_m;
        footprintFromBoundaries++;
      }
    }
    if (!ring || bottom_m === undefined) {
      report.warnings.push(
        `IfcSpace #${sid} ${label}: no geometry and no flat space boundary to take a footprint from; skipped`,
      );
      continue;
    }
    const storey = storeyOf(sid) ?? nearestStoreyBelow(bottom_m);
    const pr = props.get(sid);
    let height_m: number | undefined;
    const count = (k: string) => (heightFrom[k] = (heightFrom[k] ?? 0) + 1);
    for (const q of ["FinishCeilingHeight", "ClearHeight", "Height"]) {
      const h = quantity(pr, q);
      if (h !== undefined && h > 0) {
        height_m = h * L;
        count(`base quantity ${q}`);
        break;
      }
    }
    if (height_m === undefined && mesh) {
      height_m = mesh.max[1] - mesh.min[1];
      count("geometry (the space's top minus its bottom)");
    }
    if (height_m === undefined) count("nothing (no base quantity, no geometry): no height");
    const area = area_m2(ring);
    if (fp && Math.abs(area - fp.faces_m2) > 0.01 * fp.faces_m2) {
      report.warnings.push(
        `${label}: footprint outline ${area.toFixed(2)} m² differs from its floor faces ${
          fp.faces_m2.toFixed(2)
        } m² (holes or several parts); the largest outline is kept`,
      );
    }
    const gross = quantity(pr, "GrossFloorArea");
    if (gross !== undefined) {
      areaChecked++;
      const g = gross * units.area_m2;
      if (Math.abs(area - g) > 0.02 * g) {
        report.warnings.push(
          `${label}: footprint ${area.toFixed(2)} m² differs from its GrossFloorArea ${
            g.toFixed(2)
          } m² by more than 2 %`,
        );
      }
    }
    let roomLabel: RoomLabel = roomLabelFromName(longName ?? nm);
    if (roomLabel === "other" && longName && nm) roomLabel = roomLabelFromName(nm);
    if (roomLabel === "other" && v(s().PredefinedType) === "EXTERNAL") roomLabel = "outdoor";
    const polygon = ring.map(([x, y]) => [round4(x), round4(y)] as Point);
    plan.rooms.push({
      id: guid,
      floor: storey.guid,
      label: roomLabel,
      name: longName ?? nm,
      // Name is the room number where LongName names the room ("A101" beside "Foyer").
      ...(longName && nm && nm !== longName ? { number: nm } : {}),
      polygon,
      ...(height_m !== undefined && height_m > 0 ? { height_m: round4(height_m) } : {}),
    });
    roomRings.set(sid, { id: guid, floor: storey.guid, ring: polygon });
  }
  return { footprintFromBoundaries, heightFrom, areaChecked };
}

/** Storeys without spaces: one room inside their walls, so doors and tools have a room. */
export function roomsInsideWalls(m: IfcModel, plan: IfcPlanInput, roomRings: RoomRings): void {
  const { storeys, wallIds, storeyOf, meshes, report } = m;
  for (const s of storeys) {
    if ([...roomRings.values()].some((r) => r.floor === s.guid)) continue;
    const walls = wallIds.filter((w) => storeyOf(w) === s && meshes.has(w));
    if (!walls.length) continue;
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity, top = Infinity;
    const thick: number[] = [];
    for (const w of walls) {
      const m = meshes.get(w)!;
      x0 = Math.min(x0, m.min[0]), x1 = Math.max(x1, m.max[0]);
      y0 = Math.min(y0, -m.max[2]), y1 = Math.max(y1, -m.min[2]);
      top = Math.min(top, m.max[1]);
      thick.push(Math.min(m.max[0] - m.min[0], m.max[2] - m.min[2]));
    }
    thick.sort((a, b) => a - b);
    const t = thick[Math.floor(thick.length / 2)];
    const inset = x1 - x0 > 4 * t && y1 - y0 > 4 * t ? t : 0;
    const polygon: Point[] = [
      [x0 + inset, y0 + inset],
      [x1 - inset, y0 + inset],
      [x1 - inset, y1 - inset],
      [x0 + inset, y1 - inset],
    ].map(([x, y]) => [round4(x), round4(y)] as Point);
    const height_m = round4(top - s.elevation_m);
    const rid = `${s.guid}-inside-walls`;
    plan.rooms.push({
      id: rid,
      floor: s.guid,
      label: "other",
      name: `${s.name ?? "storey"} (inside the walls; the file has no IfcSpace)`,
      polygon,
      // No height: the lowest wall top is not a ceiling (a foundation level's 1.12 m "ceiling"
      // must not fail ceiling_height). The room is marked derived: tools do not judge it.
      derived: `level ${
        s.name ?? s.guid
      } has no IfcSpace; this room is the bounding rectangle inside its walls, not a room of the file`,
    });
    roomRings.set(-1 - plan.rooms.length, { id: rid, floor: s.guid, ring: polygon });
    report.assumptions.push(
      `Storey ${
        s.name ?? s.guid
      } has no IfcSpace: one room is made from the bounding rectangle of its ${walls.length} walls, inset by their typical thickness (${
        round4(inset)
      } m), marked as derived and kept out of every judgement; it has no height (the lowest wall top, ${height_m} m above the storey, is not a ceiling).`,
    );
  }
}
