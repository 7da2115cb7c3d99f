/**
 * Where a stair, ramp or lift starts and ends: the storeys it joins and the room at each end.
 * Storeys from what the file says of it — its containment (IfcRelContainedInSpatialStructure),
 * the storeys that reference it (IfcRelReferencedInSpatialStructure, IFC4 ADD2 TC1 § 5.4.3.48 /
 * IFC2x3 TC1: an element spanning several storeys is contained in one and referenced by the
 * others), the spaces it bounds (IfcRelSpaceBoundary.RelatedBuildingElement) — and from its
 * bottom and top elevations against the storeys' elevations (its geometry, or its
 * NumberOfRiser × RiserHeight above its bottom). Rooms: a space it bounds or is contained in on
 * that storey, else the room holding (or nearest, within {@link END_ROOM_M}) the flight's foot
 * on the lower storey and its head on the upper one.
 * @module
 */
import * as W from "npm:web-ifc@0.0.78";
import type { Point } from "../../ground/plan.ts";
import { ringDistance_m } from "../../engines/geometry/polygon.ts";
import { ids, importTick, ref, refs } from "./attrs.ts";
import type { MeshInfo } from "./meshes.ts";
import type { IfcModel, Storey } from "./storeys.ts";
import type { RoomLookup } from "./openings.ts";

/** How far (m) a storey's elevation may lie from a flight's bottom or top and still be its end. */
export const LEVEL_TOLERANCE_M = 0.3;
/** How far (m) from a flight's foot or head the room it lands in may be (a landing's depth). */
export const END_ROOM_M = 1.0;
/** How far (m) from a lift shaft's middle the room in front of it may be (half a car and a landing). */
export const LIFT_ROOM_M = 1.5;
/** How far (m) from a step within one storey its room may be. */
export const ONE_STOREY_ROOM_M = 0.3;

/** Which spaces each building element bounds (from IfcRelSpaceBoundary), by element id. */
export type BoundaryMap = Map<number, { spaces: number[]; external: boolean }>;

/** The storeys and rooms a vertical joins, and how each was known. */
export interface VerticalEnds {
  /** The storeys it joins, lowest first (two or more; one: it stays within a storey). */
  storeys: Storey[];
  /** The room it lands in on each of `storeys` (undefined: none found there). */
  rooms: (string | undefined)[];
  /** How the storeys were known ("its containment", "the storeys referencing it", …). */
  storeysFrom: string[];
  /** How the rooms were found, per end ("a space it bounds", "the room at its foot", …). */
  roomsFrom: string[];
}

/** Storeys referencing each element (IfcRelReferencedInSpatialStructure), read once. */
export function referencedStoreys(m: IfcModel): Map<number, Storey[]> {
  const { api, model, storeys, storeyOf } = m;
  const out = new Map<number, Storey[]>();
  for (const rid of ids(api, model, W.IFCRELREFERENCEDINSPATIALSTRUCTURE)) {
    importTick();
    const r = api.GetLine(model, rid);
    const s = ref(r.RelatingStructure);
    if (s === undefined) continue;
    const storey = storeys.find((x) => x.id === s) ?? storeyOf(s);
    if (!storey) continue;
    for (const el of refs(r.RelatedElements)) {
      const list = out.get(el) ?? out.set(el, []).get(el)!;
      if (!list.includes(storey)) list.push(storey);
    }
  }
  return out;
}

/**
 * The mean plan point (x, y) of a mesh's vertices within 5 cm of its lowest (`end` "foot") or
 * highest ("head") point; undefined without triangles.
 */
export function flightEnd(meshes: MeshInfo[], end: "foot" | "head"): Point | undefined {
  const withTris = meshes.filter((x) => x.tris && x.tris.length);
  if (!withTris.length) return undefined;
  const level = end === "foot"
    ? Math.min(...withTris.map((x) => x.min[1]))
    : Math.max(...withTris.map((x) => x.max[1]));
  let sx = 0, sy = 0, n = 0;
  for (const { tris } of withTris) {
    for (let i = 0; i < tris!.length; i += 3) {
      if (Math.abs(tris![i + 1] - level) > 0.05) continue;
      sx += tris![i], sy += -tris![i + 2], n++;
    }
  }
  return n ? [sx / n, sy / n] : undefined;
}

/** The storey whose elevation is nearest `z_m`, within {@link LEVEL_TOLERANCE_M}. */
function storeyAt(storeys: Storey[], z_m: number): Storey | undefined {
  let best: Storey | undefined;
  for (const s of storeys) {
    const d = Math.abs(s.elevation_m - z_m);
    if (d <= LEVEL_TOLERANCE_M && (!best || d < Math.abs(best.elevation_m - z_m))) best = s;
  }
  return best;
}

/** What a vertical's ends are judged from: its element, parts, extent and stated rise. */
export interface EndInputs {
  /** The element and the parts aggregated into it (flights, landings; no railings). */
  elements: number[];
  bounds: MeshInfo;
  /** Its rise as its properties state it (NumberOfRiser × RiserHeight), m. */
  statedRise_m?: number;
  /**
   * A lift: it joins every storey its extent passes, not only its two ends, and lands in the
   * room around (or in front of) its middle on each.
   */
  passes?: boolean;
}

/** The storeys a vertical joins: what the file says of it, and its extent. */
function joinedStoreys(
  m: IfcModel,
  { elements, bounds, statedRise_m, passes }: EndInputs,
  referenced: Map<number, Storey[]>,
  boundaries: BoundaryMap,
  nearestStoreyBelow: (y: number) => Storey,
): { joined: Set<Storey>; from: string[] } {
  const { storeys, storeyOf, container } = m;
  const joined = new Set<Storey>();
  const from: string[] = [];
  const add = (list: (Storey | undefined)[], why: string) => {
    const got = list.filter((s): s is Storey => !!s);
    if (got.length && !from.includes(why)) from.push(why);
    for (const s of got) joined.add(s);
  };
  add(elements.map((e) => container.has(e) ? storeyOf(e) : undefined), "its containment");
  add(elements.flatMap((e) => referenced.get(e) ?? []), "the storeys referencing it");
  add(
    elements.flatMap((e) => boundaries.get(e)?.spaces ?? []).map((sp) => storeyOf(sp)),
    "the spaces it bounds",
  );
  const bottom_m = bounds.min[1], top_m = bounds.max[1];
  const foot = storeyAt(storeys, bottom_m) ?? nearestStoreyBelow(bottom_m);
  // The head: a storey at its top; a handrail may reach above it, so the highest storey at
  // most LEVEL_TOLERANCE_M above its top and clear of its foot.
  const head = storeys.filter((s) =>
    s.elevation_m <= top_m + LEVEL_TOLERANCE_M &&
    s.elevation_m > foot.elevation_m + LEVEL_TOLERANCE_M
  ).at(-1);
  add([foot, head], "its bottom and top against the storeys' elevations");
  if (statedRise_m !== undefined && !head) {
    add([storeyAt(storeys, bottom_m + statedRise_m)], "its risers × RiserHeight above its bottom");
  }
  if (passes) {
    add(
      storeys.filter((s) =>
        s.elevation_m >= bottom_m - LEVEL_TOLERANCE_M && s.elevation_m <= top_m - 1.5
      ),
      "the storeys its extent passes",
    );
  }
  return { joined, from };
}

/** The storeys and rooms a vertical joins (see the module's comment). */
export function verticalEnds(
  m: IfcModel,
  input: EndInputs,
  referenced: Map<number, Storey[]>,
  boundaries: BoundaryMap,
  lookup: RoomLookup,
  nearestStoreyBelow: (y: number) => Storey,
): VerticalEnds {
  const { container, meshes } = m;
  const { joined, from } = joinedStoreys(m, input, referenced, boundaries, nearestStoreyBelow);
  const storeys = [...joined].sort((a, b) => a.elevation_m - b.elevation_m);
  const { elements, bounds } = input;
  const parts = elements.map((e) => meshes.get(e)).filter((x): x is MeshInfo => !!x);
  const center: Point = [(bounds.min[0] + bounds.max[0]) / 2, -(bounds.min[2] + bounds.max[2]) / 2];
  const foot = flightEnd(parts, "foot") ?? center, head = flightEnd(parts, "head") ?? center;
  // Spaces it bounds or stands in, by floor: the file's own word on where it lands.
  const said = new Map<string, string>();
  const spaces = [
    ...elements.flatMap((e) => boundaries.get(e)?.spaces ?? []),
    ...elements.map((e) => container.get(e)).filter((s): s is number => s !== undefined),
  ];
  for (const sp of spaces) {
    const room = lookup.roomOfSpace(sp);
    const floor = room && lookup.floorOfRoom(room);
    if (room && floor && !said.has(floor)) said.set(floor, room);
  }
  const roomsFrom: string[] = [];
  const rooms = storeys.map((s, i) => {
    const stated = said.get(s.guid);
    if (stated) {
      roomsFrom.push("a space it bounds or stands in");
      return stated;
    }
    // Within one storey (a step): the room around its middle, as close as a flight's own edge.
    // A lift: the room around its shaft or in front of it, on every storey.
    const one = storeys.length === 1;
    const at = one || input.passes
      ? center
      : i === 0
      ? foot
      : i === storeys.length - 1
      ? head
      : center;
    const reach = input.passes ? LIFT_ROOM_M : one ? ONE_STOREY_ROOM_M : END_ROOM_M;
    const near = lookup.ringsOnFloor(s.guid).map((r) => ({ r, d: ringDistance_m(at, r.ring) }))
      .filter((x) => x.d <= reach).sort((a, b) => a.d - b.d)[0];
    if (near) {
      roomsFrom.push(
        `the room ${near.d === 0 ? "holding" : "nearest"} its ${
          one || (i > 0 && i < storeys.length - 1) ? "middle" : i === 0 ? "foot" : "head"
        }`,
      );
    }
    return near?.r.id;
  });
  return { storeys, rooms, storeysFrom: from, roomsFrom: [...new Set(roomsFrom)] };
}
