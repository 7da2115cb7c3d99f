/**
 * A parsed Matterport3D house (./parse.ts) → plan: levels become floors, regions rooms, objects
 * objects (door objects on a region boundary also door openings), portals openings, panoramas
 * sweeps; the import report says what came from where.
 * @module
 */
import type { Plan, Point, RoomLabel } from "../../ground/plan.ts";
import type { ImportReport } from "../types.ts";
import {
  counterClockwise,
  edgeDistance_m,
  pointInRing,
  signedArea_m2,
} from "../../engines/geometry/polygon.ts";
import type { House, HouseImage, HouseObject, HouseVertex } from "./parse.ts";

/** A point or direction of the house, metres, z up. */
type V3 = HouseObject["center"];

/** Region label codes (data_organization.md) → plan label and a readable name. */
export const MP3D_REGION_LABELS: Readonly<Record<string, { label: RoomLabel; name: string }>> = {
  a: { label: "bathroom", name: "bathroom" },
  b: { label: "bedroom", name: "bedroom" },
  c: { label: "closet", name: "closet" },
  d: { label: "dining", name: "dining room" },
  e: { label: "entrance", name: "entryway/foyer/lobby" },
  f: { label: "living", name: "family room" },
  g: { label: "garage", name: "garage" },
  h: { label: "hallway", name: "hallway" },
  i: { label: "office", name: "library" },
  j: { label: "laundry", name: "laundry room/mudroom" },
  k: { label: "kitchen", name: "kitchen" },
  l: { label: "living", name: "living room" },
  m: { label: "office", name: "meeting room/conference room" },
  n: { label: "living", name: "lounge" },
  o: { label: "office", name: "office" },
  p: { label: "outdoor", name: "porch/terrace/deck/driveway" },
  r: { label: "living", name: "rec/game room" },
  s: { label: "stairs", name: "stairs" },
  t: { label: "toilet", name: "toilet" },
  u: { label: "utility", name: "utility room/tool room" },
  v: { label: "living", name: "tv room" },
  w: { label: "other", name: "workout/gym/exercise room" },
  x: { label: "outdoor", name: "outdoor area" },
  y: { label: "balcony", name: "balcony" },
  z: { label: "other", name: "other room" },
  B: { label: "other", name: "bar" },
  C: { label: "other", name: "classroom" },
  D: { label: "dining", name: "dining booth" },
  S: { label: "other", name: "spa/sauna" },
  Z: { label: "other", name: "junk" },
  "-": { label: "other", name: "no label" },
};

/** mpcat40 index of doors (metadata/mpcat40.tsv). */
export const MPCAT40_DOOR = 4;
/** How far (m) a door object's centre may lie from a region outline and still sit on it. */
export const DOOR_SNAP_M = 0.35;

const r6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** The footprint of an oriented box: horizontal size, yaw of its first horizontal axis, height. */
export function boxFootprint(
  axis0: V3,
  axis1: V3,
  radii: V3,
): { size: [number, number]; yaw_deg: number; height_m: number } {
  const norm = (v: V3): V3 => {
    const l = Math.hypot(...v) || 1;
    return [v[0] / l, v[1] / l, v[2] / l];
  };
  const a0 = norm(axis0), a1 = norm(axis1);
  const a2: V3 = [
    a0[1] * a1[2] - a0[2] * a1[1],
    a0[2] * a1[0] - a0[0] * a1[2],
    a0[0] * a1[1] - a0[1] * a1[0],
  ];
  const axes = [a0, a1, a2];
  const up = [0, 1, 2].reduce(
    (best, k) => Math.abs(axes[k][2]) > Math.abs(axes[best][2]) ? k : best,
    0,
  );
  const flat = [0, 1, 2].filter((k) => k !== up);
  // A horizontal extent: the box's full width along that axis projected onto the floor.
  const ext = (k: number) => 2 * radii[k] * Math.hypot(axes[k][0], axes[k][1]);
  return {
    size: [r6(ext(flat[0])), r6(ext(flat[1]))],
    yaw_deg: r6((Math.atan2(axes[flat[0]][1], axes[flat[0]][0]) * 180) / Math.PI),
    height_m: r6(2 * radii[up] * Math.abs(axes[up][2])),
  };
}

/**
 * A panorama's heading (degrees counter-clockwise from plan +x, as `Sweep.heading_deg`): the plan
 * direction of skybox image 3, the face the Matterport3D simulator's poses face
 * (Matterport3DSimulator `connectivity/README.md`) and the centre column of an equirectangular
 * panorama stitched around it. Matterport3DSimulator `scripts/depth_to_skybox.py` says "Skybox
 * index 1 is the same orientation as camera image 1_5" and turns skybox 3 by 180° about the
 * vertical from skybox 1, so skybox 3 looks opposite the level camera (camera index 1) at yaw
 * index 5. The I line's extrinsics are world → camera: mp.cpp writes them as
 * `CameraToWorld().Inverse()` of the undistorted camera, whose canonical camera looks along
 * (0, 0, −1) with up (0, 1, 0) (data_organization.md, undistorted_camera_parameters). So that
 * camera looks along −(row 3 of the rotation) and skybox 3 along +(e20, e21). Undefined when the
 * panorama has no such image or its look is not level.
 */
export function panoramaHeadingDeg(images: HouseImage[], panorama: number): number | undefined {
  const im = images.find((m) => m.panorama === panorama && m.camera === 1 && m.yaw === 5);
  if (!im) return undefined;
  const x = im.extrinsics[8], y = im.extrinsics[9];
  if (!(Math.hypot(x, y) >= 0.5)) return undefined;
  return r6((Math.atan2(y, x) * 180) / Math.PI);
}

/** A plan as an importer hands it over (validated later by importSource); source defaults apply. */
export type HousePlan = Omit<Plan, "source"> & { source: { format: string; ref: string } };

/**
 * A parsed house → plan: levels become floors (elevation: the lowest floor surface of their
 * regions), regions become rooms (label code mapped, footprint from their floor surface's
 * vertices, height from R), objects keep their mpcat40 category as label, door objects whose
 * centre lies on the outlines of two regions (within {@link DOOR_SNAP_M}) become door openings
 * between them (one region: the outside), portals become openings, panoramas become sweeps.
 */
export function houseToPlan(
  house: House,
  ref: string,
  id?: string,
): { plan: HousePlan; report: ImportReport } {
  const report: ImportReport = {
    format: "mp3d-house",
    mapped: [],
    lacking: [],
    assumptions: [],
    warnings: [],
    counts: { ...house.header.counts },
  };
  const footprint = regionFootprints(house, report);
  const floors = houseFloors(house, report, footprint);
  const { rooms, roomOf } = houseRooms(house, report, footprint, floors);
  const floorOfRegion = (ri: number) => (ri >= 0 ? house.regions[ri]?.level : -1);
  const levelForZ = (z: number) => {
    let best = 0;
    floors.forEach((f, i) => {
      if (f.elevation_m <= z + 0.1 && f.elevation_m >= floors[best].elevation_m) best = i;
    });
    return best;
  };
  const at: HouseAt = { house, report, floors, rooms, roomOf, floorOfRegion, levelForZ };
  const { objects, openings } = houseObjects(at);
  housePortals(at, openings);
  const sweeps = houseSweeps(at);
  const plan: HousePlan = {
    id: id ?? (house.header.name !== "-" ? `mp3d-${house.header.name}` : "mp3d-house"),
    name: house.header.label !== "-"
      ? house.header.label
      : house.header.name !== "-"
      ? house.header.name
      : "",
    source: { format: "mp3d-house", ref },
    floors,
    rooms,
    openings,
    verticals: [],
    objects,
    sweeps,
  };
  return { plan, report };
}

/** What the phases after the rooms look things up in. */
interface HouseAt {
  house: House;
  report: ImportReport;
  floors: HousePlan["floors"];
  rooms: HousePlan["rooms"];
  roomOf: Map<number, string>;
  floorOfRegion(ri: number): number | undefined;
  levelForZ(z: number): number;
}

const levelId = (i: number) => `level${i}`;
const roomId = (i: number) => `region${i}`;

/** Region footprints from their floor surfaces (upward normals). */
function regionFootprints(house: House, report: ImportReport) {
  const warn = (s: string) => report.warnings.push(s);
  const vertsBySurface = new Map<number, HouseVertex[]>();
  house.vertices.forEach((v) => {
    const list = vertsBySurface.get(v.surface) ?? [];
    list.push(v);
    vertsBySurface.set(v.surface, list);
  });
  const footprint = new Map<number, { ring: Point[]; z: number }>();
  let extraSurfaces = 0;
  house.surfaces.forEach((s, si) => {
    if (s.region < 0) return;
    const vs = vertsBySurface.get(si) ?? [];
    if (s.normal[2] < 0.5) return; // walls and ceilings are not footprints
    if (vs.length < 3) {
      return warn(`surface S ${s.index} has ${vs.length} vertices; not a footprint`);
    }
    const ring: Point[] = vs.map((v) => [v.position[0], v.position[1]]);
    const z = vs.reduce((a, v) => a + v.position[2], 0) / vs.length;
    const prev = footprint.get(s.region);
    if (prev) {
      extraSurfaces++;
      if (Math.abs(signedArea_m2(ring)) <= Math.abs(signedArea_m2(prev.ring))) return;
    }
    footprint.set(s.region, { ring: counterClockwise(ring), z: r6(z) });
  });
  if (extraSurfaces) {
    report.assumptions.push(
      `${extraSurfaces} region(s) have more than one floor surface; the largest is the footprint`,
    );
  }
  return footprint;
}

/** Floors: levels, elevation = lowest floor surface of their regions, else the level's bbox bottom. */
function houseFloors(
  house: House,
  report: ImportReport,
  footprint: Map<number, { ring: Point[]; z: number }>,
): HousePlan["floors"] {
  const warn = (s: string) => report.warnings.push(s);
  let bboxElevations = 0;
  const floors: HousePlan["floors"] = house.levels.map((l, i) => {
    const zs: number[] = [];
    house.regions.forEach((r, ri) => {
      if (r.level === i && r.label[0] !== "Z" && footprint.has(ri)) zs.push(footprint.get(ri)!.z);
    });
    if (l.index !== i) {
      warn(`L line ${i} says level_index ${l.index}; levels are taken in file order`);
    }
    let elevation_m = zs.length ? Math.min(...zs) : l.bbox[2];
    if (!zs.length) bboxElevations++;
    elevation_m = r6(elevation_m);
    return { id: levelId(i), ...(l.label !== "-" ? { name: l.label } : {}), index: i, elevation_m };
  });
  report.assumptions.push(
    `floor elevations from the lowest floor surface of each level's regions${
      bboxElevations
        ? ` (${bboxElevations} level(s) without one: the level's bounding box bottom)`
        : ""
    }`,
  );
  return floors;
}

/** Rooms: regions but junk (Z), with their footprint and height. */
function houseRooms(
  house: House,
  report: ImportReport,
  footprint: Map<number, { ring: Point[]; z: number }>,
  floors: HousePlan["floors"],
) {
  const warn = (s: string) => report.warnings.push(s);
  const rooms: HousePlan["rooms"] = [];
  const roomOf = new Map<number, string>();
  let junk = 0, noFootprint = 0, heightFromBox = 0;
  house.regions.forEach((r, i) => {
    const code = r.label === "-" ? "-" : r.label[0];
    const mapped = MP3D_REGION_LABELS[code];
    if (code === "Z") {
      junk++;
      return;
    }
    if (r.level < 0) return warn(`region R ${r.index} has no level; skipped`);
    const fp = footprint.get(i);
    if (!fp) {
      noFootprint++;
      return warn(`region R ${r.index} has no floor surface; skipped`);
    }
    if (!mapped) warn(`region R ${r.index}: unknown label code "${r.label}"; labelled "other"`);
    let height_m: number | undefined = r.height_m > 0 ? r.height_m : undefined;
    if (height_m === undefined && r.bbox[5] > fp.z) {
      height_m = r6(r.bbox[5] - fp.z);
      heightFromBox++;
    }
    roomOf.set(i, roomId(i));
    rooms.push({
      id: roomId(i),
      floor: levelId(r.level),
      label: mapped?.label ?? "other",
      name: mapped?.name ?? `label ${r.label}`,
      polygon: fp.ring,
      ...(height_m !== undefined ? { height_m } : {}),
    });
  });
  if (junk) {
    report.warnings.push(`${junk} region(s) labelled Z (junk: reflections, noise) left out`);
  }
  if (heightFromBox) {
    report.assumptions.push(
      `${heightFromBox} room height(s) from the region's bounding box top over its floor (R height was 0)`,
    );
  }
  report.mapped.push(
    `${floors.length} floor(s) from L lines`,
    `${rooms.length} room(s) from R regions (footprint: their floor surface's V vertices; height: R height)`,
  );
  if (noFootprint) report.lacking.push(`${noFootprint} region(s) without a floor surface`);
  report.assumptions.push(
    "region extent is a prism: floor surface polygon × R height (data_organization.md)",
  );
  return { rooms, roomOf };
}

/** Objects with their mpcat40 category; door objects on a region boundary become door openings. */
function houseObjects(at: HouseAt) {
  const { house, report, floors, rooms, roomOf, floorOfRegion, levelForZ } = at;
  const warn = (s: string) => report.warnings.push(s);
  const objects: HousePlan["objects"] = [];
  const openings: HousePlan["openings"] = [];
  const byCategory = new Map<string, number>();
  let flat = 0;
  let doorsPlaced = 0;
  const doorsLoose: string[] = [];
  house.objects.forEach((o) => {
    const cat = o.category >= 0 ? house.categories[o.category] : undefined;
    const label = cat && cat.mpcat40_name !== "-" ? cat.mpcat40_name : "unlabeled";
    const lvl = floorOfRegion(o.region);
    const level = lvl !== undefined && lvl >= 0 ? lvl : levelForZ(o.center[2]);
    if (!floors[level]) return warn(`object O ${o.index}: no level; skipped`);
    const fp = boxFootprint(o.axis0, o.axis1, o.radii);
    if (!(fp.size[0] > 0 && fp.size[1] > 0)) {
      flat++;
      return;
    }
    byCategory.set(label, (byCategory.get(label) ?? 0) + 1);
    const room = roomOf.get(o.region);
    objects.push({
      id: `object${o.index}`,
      floor: levelId(level),
      ...(room ? { room } : {}),
      label,
      center: [o.center[0], o.center[1]],
      size: fp.size,
      yaw_deg: fp.yaw_deg,
      ...(fp.height_m > 0 ? { height_m: fp.height_m } : {}),
    });
    // Doors on a region boundary become door openings.
    if (cat?.mpcat40_index === MPCAT40_DOOR) {
      const p: Point = [o.center[0], o.center[1]];
      const near = rooms.filter((r) => r.floor === levelId(level))
        .map((r) => ({
          r,
          d: edgeDistance_m(p, r.polygon),
          inside: pointInRing(p, r.polygon),
        }))
        .filter((x) => x.d <= DOOR_SNAP_M)
        .sort((a, b) => a.d - b.d);
      if (!near.length) {
        doorsLoose.push(`object${o.index}`);
        return;
      }
      // With one region only, the door is on the outside wall unless another room contains it.
      const insideOther = rooms.some((r) =>
        r.floor === levelId(level) && r.id !== near[0].r.id && pointInRing(p, r.polygon)
      );
      if (near.length === 1 && insideOther) {
        doorsLoose.push(`object${o.index}`);
        return;
      }
      doorsPlaced++;
      openings.push({
        id: `door${o.index}`,
        kind: "door",
        floor: levelId(level),
        between: [near[0].r.id, near[1]?.r.id ?? null],
        at: p,
        width_m: Math.max(fp.size[0], fp.size[1]),
        ...(fp.height_m > 0 ? { height_m: fp.height_m } : {}),
      });
    }
  });
  if (objects.length) {
    report.mapped.push(
      `${objects.length} object(s) from O lines, labelled with their mpcat40 category from the C lines (${
        [...byCategory].map(([k, n]) => `${n} ${k}`).join(", ")
      })`,
    );
  } else report.lacking.push("no objects");
  if (flat) warn(`${flat} object(s) have a zero-size footprint; skipped`);
  if (doorsPlaced) {
    report.mapped.push(
      `${doorsPlaced} door opening(s) from door objects on a boundary between regions (or the outside)`,
    );
    report.assumptions.push(
      `a door object lies on a region boundary when its centre is within ${DOOR_SNAP_M} m of the region outline; its width is its longer horizontal extent`,
    );
  }
  if (doorsLoose.length) {
    warn(
      `${doorsLoose.length} door object(s) not on a region boundary are kept as objects only: ${
        doorsLoose.join(", ")
      }`,
    );
  }
  return { objects, openings };
}

/** Portals (region-to-region connections; absent from the released files, issue #38). */
function housePortals(at: HouseAt, openings: HousePlan["openings"]): void {
  const { house, report, roomOf, floorOfRegion } = at;
  const warn = (s: string) => report.warnings.push(s);
  house.portals.forEach((p) => {
    const [a, b] = p.regions.map((r) => roomOf.get(r) ?? null);
    if (a === null && b === null) {
      return warn(`portal P ${p.index} connects no imported region; skipped`);
    }
    const width = Math.hypot(p.p1[0] - p.p0[0], p.p1[1] - p.p0[1]);
    if (!(width > 0)) return warn(`portal P ${p.index} has no width; skipped`);
    const lvl = floorOfRegion(p.regions[0] >= 0 ? p.regions[0] : p.regions[1]);
    const height = Math.abs(p.p1[2] - p.p0[2]);
    openings.push({
      id: `portal${p.index}`,
      kind: /door/i.test(p.label) ? "door" : "opening",
      floor: levelId(lvl ?? 0),
      between: [a, b],
      at: [r6((p.p0[0] + p.p1[0]) / 2), r6((p.p0[1] + p.p1[1]) / 2)],
      width_m: r6(width),
      ...(height > 0 ? { height_m: r6(height) } : {}),
    });
  });
  if (house.portals.length) {
    report.mapped.push(
      `${house.portals.length} portal(s) as openings (width: the horizontal span)`,
    );
  } else {report.lacking.push(
      "no portals (the released .house files have none; doors come from door objects)",
    );}
}

/** Panoramas → sweeps (heading from the level camera image). */
function houseSweeps(at: HouseAt): HousePlan["sweeps"] {
  const { house, report, roomOf, floorOfRegion, levelForZ } = at;
  const sweeps: HousePlan["sweeps"] = house.panoramas.map((p) => {
    const lvl = floorOfRegion(p.region);
    const level = lvl !== undefined && lvl >= 0 ? lvl : levelForZ(p.position[2] - 1.5);
    const room = roomOf.get(p.region);
    const heading_deg = panoramaHeadingDeg(house.images, p.index);
    return {
      id: p.name,
      floor: levelId(level),
      ...(room ? { room } : {}),
      at: p.position,
      ...(heading_deg !== undefined ? { heading_deg } : {}),
    };
  });
  if (sweeps.length) report.mapped.push(`${sweeps.length} sweep(s) from panoramas (camera centre)`);
  else report.lacking.push("no panoramas");
  const headed = sweeps.filter((s) => s.heading_deg !== undefined).length;
  if (headed) {
    report.mapped.push(
      `${headed} sweep heading(s) from the level camera image i1_5 (I line camera 1, yaw 5): skybox image 3 looks opposite it`,
    );
  }
  if (headed < sweeps.length) {
    report.lacking.push(
      `${
        sweeps.length - headed
      } sweep(s) without a heading: no level I line with camera 1, yaw 5 (the image skybox 1 is aligned with), so the panorama's orientation is not known`,
    );
  }
  if (house.images.length) {
    report.assumptions.push(
      `${house.images.length} camera image(s) (I lines) counted, not imported: sweeps have no equirectangular image`,
    );
  }
  report.lacking.push(
    "no stairs as verticals (stairs regions are rooms labelled stairs)",
    "no windows as openings (window objects are kept as objects)",
    "no site location",
  );
  return sweeps;
}
