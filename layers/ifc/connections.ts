/**
 * Open-plan connections: two spaces with no door between them that meet where no wall
 * stands are joined by an opening (kind "opening": no leaf, clear over its whole width).
 * Known two ways: an IfcRelSpaceBoundary whose RelatedBuildingElement is an IfcVirtualElement
 * bounding both spaces (IFC4 ADD2 TC1 § 5.4.3.52 / IFC2x3 TC1: a virtual boundary "provides
 * a virtual separation between spaces", as in an open-plan kitchen), and, in any file, a
 * stretch of boundary the two footprints share (engines/geometry/shared_edges.ts) on which
 * no IfcWall stands (nor an IfcCurtainWall, IfcWindow or IfcRailing; each by its plan bounding
 * box on that storey).
 * @module
 */
import * as W from "npm:web-ifc@0.0.78";
import type { PlanInput, Point } from "../../ground/plan.ts";
import { round4 } from "../../engines/geometry/polygon.ts";
import {
  type Rect,
  sharedStretches,
  type Stretch,
  uncoveredParts,
} from "../../engines/geometry/shared_edges.ts";
import { ids, importTick, str } from "./attrs.ts";
import { readMeshes } from "./meshes.ts";
import { stepLabels } from "./step.ts";
import type { IfcModel, IfcPlanInput } from "./storeys.ts";
import type { RoomRings } from "./spaces.ts";
import type { BoundaryMap } from "./vertical_ends.ts";

/** Footprints this close (m) share a boundary with nothing between them. */
export const SHARED_GAP_M = 0.05;
/** The widest gap (m) a virtual boundary between two footprints may bridge (a thin wall's place). */
export const VIRTUAL_GAP_M = 0.5;
/** The narrowest open stretch (m) taken as a connection. */
export const MIN_OPEN_M = 0.5;

/** What the connections phase tells the report. */
export interface ConnectionTally {
  /** Openings from virtual boundaries. */
  virtual: number;
  /** Openings from a shared boundary with no wall on it. */
  wallless: number;
  /** Virtual boundaries between two spaces whose footprints do not meet: not placed. */
  unplaced: string[];
}

type Ring = { id: string; floor: string; ring: Point[] };
type OpeningInput = NonNullable<PlanInput["openings"]>[number];

/** Rooms already joined by a door or opening, as "a|b" keys (both orders). */
function joinedPairs(plan: IfcPlanInput): Set<string> {
  const out = new Set<string>();
  for (const o of plan.openings) {
    if (o.kind === "window" || o.between[0] === null || o.between[1] === null) continue;
    out.add(`${o.between[0]}|${o.between[1]}`).add(`${o.between[1]}|${o.between[0]}`);
  }
  return out;
}

/** The opening across a stretch between rooms `a` and `b`. */
function opening(id: string, a: Ring, b: Ring, s: Stretch): OpeningInput {
  return {
    id,
    kind: "opening",
    floor: a.floor,
    between: [a.id, b.id],
    at: [round4((s.a[0] + s.b[0]) / 2), round4((s.a[1] + s.b[1]) / 2)],
    width_m: round4(s.length_m),
  };
}

/** Virtual boundaries: each IfcVirtualElement bounding two spaces on one floor. */
function virtualConnections(
  m: IfcModel,
  plan: IfcPlanInput,
  rings: RoomRings,
  boundaries: BoundaryMap,
  joined: Set<string>,
  tally: ConnectionTally,
): void {
  const { api, model } = m;
  for (const [el, { spaces }] of boundaries) {
    importTick();
    if (spaces.length < 2 || api.GetLineType(model, el) !== W.IFCVIRTUALELEMENT) continue;
    // GlobalId from the text where it says it plainly (issue 29, i34), else web-ifc's line.
    const said = stepLabels(m.text, el, "IFCVIRTUALELEMENT", [0]);
    const guid = (said ? said[0] : str(api.GetLine(model, el).GlobalId)) ?? `virtual-${el}`;
    const rs = spaces.map((s) => rings.get(s)).filter((r): r is Ring => !!r);
    let n = 0;
    for (let i = 0; i < rs.length; i++) {
      for (let j = i + 1; j < rs.length; j++) {
        const a = rs[i], b = rs[j];
        if (a.floor !== b.floor || joined.has(`${a.id}|${b.id}`)) continue;
        // Where the footprints meet, else where they come within a thin wall's width.
        const [s] = [SHARED_GAP_M, VIRTUAL_GAP_M].map((gap) =>
          sharedStretches(a.ring, b.ring, gap, MIN_OPEN_M)[0]
        ).filter((x) => x !== undefined);
        if (!s) {
          tally.unplaced.push(guid);
          continue;
        }
        plan.openings.push(opening(n++ ? `${guid}:${n}` : guid, a, b, s));
        joined.add(`${a.id}|${b.id}`).add(`${b.id}|${a.id}`);
        tally.virtual++;
      }
    }
  }
}

/**
 * The plan bounding boxes of what stands between spaces on a storey (walls, curtain walls,
 * windows, railings), between 0.1 m and 2 m above its floor.
 */
function wallRects(m: IfcModel, floor: string): Rect[] {
  const { api, model, wallIds, windowIds, railIds, meshes, storeys, storeyOf } = m;
  const storey = storeys.find((s) => s.guid === floor);
  if (!storey) return [];
  // What stands between two spaces: walls and curtain walls, a window (it sits in a wall), a
  // railing or balustrade (no way through it).
  const barriers = [
    ...wallIds,
    ...ids(api, model, W.IFCCURTAINWALL, true),
    ...windowIds,
    ...railIds,
  ];
  const missing = barriers.filter((w) => !meshes.has(w));
  if (missing.length) {
    // Read once, for the walls the import had no need of so far (a wall without geometry is
    // kept as an empty box, so it is not read again).
    const read = readMeshes(api, model, missing, new Set());
    for (const w of missing) meshes.set(w, read.get(w) ?? { min: [0, 0, 0], max: [0, 0, 0] });
  }
  const low = storey.elevation_m + 0.1, high = storey.elevation_m + 2;
  return barriers.filter((w) => {
    const x = meshes.get(w)!;
    const own = storeyOf(w);
    return (own === undefined || own === storey) && x.max[1] > low && x.min[1] < high &&
      x.max[0] > x.min[0];
  }).map((w) => {
    const x = meshes.get(w)!;
    return [x.min[0], -x.max[2], x.max[0], -x.min[2]] as Rect;
  });
}

/** Shared boundaries with no wall on them, between rooms not yet joined. */
function wallessConnections(
  m: IfcModel,
  plan: IfcPlanInput,
  rings: RoomRings,
  joined: Set<string>,
  tally: ConnectionTally,
): void {
  const derived = new Set(plan.rooms.filter((r) => r.derived).map((r) => r.id));
  const all = [...rings.values()].filter((r) => !derived.has(r.id));
  // Each outline's box, so pairs further apart than the gap are passed over at once.
  const box = all.map(({ ring }) => [
    Math.min(...ring.map((p) => p[0])) - SHARED_GAP_M,
    Math.min(...ring.map((p) => p[1])) - SHARED_GAP_M,
    Math.max(...ring.map((p) => p[0])) + SHARED_GAP_M,
    Math.max(...ring.map((p) => p[1])) + SHARED_GAP_M,
  ]);
  const walls = new Map<string, Rect[]>();
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      importTick();
      const a = all[i], b = all[j];
      const [p, q] = [box[i], box[j]];
      if (p[0] > q[2] || q[0] > p[2] || p[1] > q[3] || q[1] > p[3]) continue;
      if (a.floor !== b.floor || joined.has(`${a.id}|${b.id}`)) continue;
      const shared = sharedStretches(a.ring, b.ring, SHARED_GAP_M, MIN_OPEN_M);
      if (!shared.length) continue;
      const rects = walls.get(a.floor) ?? walls.set(a.floor, wallRects(m, a.floor)).get(a.floor)!;
      const open = shared.flatMap((s) => uncoveredParts(s, rects, MIN_OPEN_M))
        .sort((x, y) => y.length_m - x.length_m)[0];
      if (!open) continue;
      plan.openings.push(opening(`open:${a.id}:${b.id}`, a, b, open));
      joined.add(`${a.id}|${b.id}`).add(`${b.id}|${a.id}`);
      tally.wallless++;
    }
  }
}

/** Open-plan connections -> openings (see the module's comment). */
export function openConnections(
  m: IfcModel,
  plan: IfcPlanInput,
  rings: RoomRings,
  boundaries: BoundaryMap,
): ConnectionTally {
  const tally: ConnectionTally = { virtual: 0, wallless: 0, unplaced: [] };
  const joined = joinedPairs(plan);
  virtualConnections(m, plan, rings, boundaries, joined, tally);
  wallessConnections(m, plan, rings, joined, tally);
  return tally;
}
