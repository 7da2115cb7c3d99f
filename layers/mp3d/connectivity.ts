/**
 * Matterport3D simulator connectivity graphs (peteanderson80/Matterport3DSimulator
 * `connectivity/README.md`; shared/reference/data-formats.md §2.3): a JSON array, one object per
 * viewpoint with `image_id`, `pose` (4×4 row-major, skybox → global, z up, metres; translation at
 * indices 3, 7, 11), `included`, `visible[]`, `unobstructed[]` (navigable transitions) and
 * `height` (viewpoint height above the floor).
 */
import { InputError } from "../../ground/errors.ts";
import type { ImportReport } from "../types.ts";
import { ticker } from "../../ground/budget.ts";
import { round } from "../../ground/text.ts";

/** The import's time limit, checked in the loops that grow with the file (layers/mod.ts). */
const importTick = ticker(64);

/** One viewpoint of a connectivity file. */
export interface Viewpoint {
  image_id: string;
  pose: number[];
  included: boolean;
  visible: boolean[];
  unobstructed: boolean[];
  height?: number;
}

/** Floors are split where the sorted floor heights of viewpoints jump by more than this (m). */
export const FLOOR_GAP_M = 1.5;
/** Camera height (m) assumed when a viewpoint has no `height`. */
export const DEFAULT_CAMERA_HEIGHT_M = 1.5;

/** Whether a parsed JSON value is a connectivity array (objects with image_id, pose, unobstructed). */
export function looksLikeConnectivity(v: unknown): boolean {
  if (!Array.isArray(v) || !v.length) return false;
  const f = v[0];
  return !!f && typeof f === "object" && typeof f.image_id === "string" &&
    Array.isArray(f.pose) && Array.isArray(f.unobstructed);
}

/**
 * Checks a connectivity array: 16 finite pose numbers, boolean arrays as long as the file, a
 * unique image_id. Problems are InputErrors naming the file, the viewpoint index and the field.
 */
export function parseConnectivity(v: unknown, ref: string): Viewpoint[] {
  if (!Array.isArray(v)) {
    throw new InputError(ref, "a connectivity file is a JSON array of viewpoints");
  }
  const n = v.length;
  const ids = new Set<string>();
  return v.map((x, i) => {
    const at = `[${i}]`;
    if (!x || typeof x !== "object") throw new InputError(ref, `${at}: not an object`);
    const o = x as Record<string, unknown>;
    if (typeof o.image_id !== "string" || !o.image_id) {
      throw new InputError(ref, `${at}.image_id: needs a non-empty string`);
    }
    if (ids.has(o.image_id)) throw new InputError(ref, `${at}.image_id: duplicate ${o.image_id}`);
    ids.add(o.image_id);
    const pose = o.pose;
    if (!Array.isArray(pose) || pose.length !== 16 || pose.some((p) => !Number.isFinite(p))) {
      throw new InputError(ref, `${at}.pose: needs 16 numbers (a 4×4 row-major matrix)`, {
        code: "mp3d.bad_pose",
        data: { path: `${at}.pose` },
      });
    }
    for (const k of ["visible", "unobstructed"] as const) {
      const a = o[k];
      if (!Array.isArray(a) || a.length !== n || a.some((b) => typeof b !== "boolean")) {
        throw new InputError(ref, `${at}.${k}: needs ${n} booleans (one per viewpoint)`);
      }
    }
    if (typeof o.included !== "boolean") {
      throw new InputError(ref, `${at}.included: needs a boolean`);
    }
    const height = o.height;
    if (height !== undefined && !Number.isFinite(height)) {
      throw new InputError(ref, `${at}.height: needs a number`);
    }
    return {
      image_id: o.image_id,
      pose: pose as number[],
      included: o.included,
      visible: o.visible as boolean[],
      unobstructed: o.unobstructed as boolean[],
      ...(height !== undefined ? { height: height as number } : {}),
    };
  });
}

/** A viewpoint's position: the translation of its pose (indices 3, 7, 11). */
export function posePosition(pose: number[]): [number, number, number] {
  return [pose[3], pose[7], pose[11]];
}

/**
 * The plan direction (degrees counter-clockwise from plan +x, as `Sweep.heading_deg`) of the
 * centre of skybox image 3, the face an equirectangular panorama stitched from the skybox has at
 * its centre column. The connectivity README says the pose "transforms matterport skyboxes to
 * global coordinates (z-up)" and is "based on the assumption that the camera is facing skybox
 * image 3"; the camera axes are Matterport's (niessner/Matterport `data_organization.md`: x right,
 * y down, z look), so the look direction is the pose's third column (indices 2, 6, 10). The real
 * poses bear this out: their second column points down (≈ −z) and the first is the look turned
 * clockwise seen from above, i.e. the camera's right. Undefined when the look is not level
 * (horizontal part under 0.5), where a heading would mean little.
 */
export function poseHeadingDeg(pose: number[]): number | undefined {
  const x = pose[2], y = pose[6];
  if (!(Math.hypot(x, y) >= 0.5)) return undefined;
  return round(Math.atan2(y, x) * 180 / Math.PI, 4);
}

/** The undirected walkable links: i < j, both included, unobstructed either way. */
export function walkableLinks(vps: Viewpoint[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < vps.length; i++) {
    importTick();
    if (!vps[i].included) continue;
    for (let j = i + 1; j < vps.length; j++) {
      importTick();
      if (vps[j].included && (vps[i].unobstructed[j] || vps[j].unobstructed[i])) out.push([i, j]);
    }
  }
  return out;
}

/** The plan a connectivity file gives: floors, sweeps and the nav graph, no rooms. */
export interface ConnectivityPlan {
  id: string;
  name: string;
  source: { format: string; ref: string };
  floors: { id: string; name?: string; index: number; elevation_m: number }[];
  sweeps: { id: string; floor: string; at: [number, number, number]; heading_deg?: number }[];
  nav: {
    nodes: { id: string; floor: string; at: [number, number, number] }[];
    edges: { from: string; to: string; length_m: number }[];
  };
}

/**
 * Viewpoints → plan: every viewpoint is a sweep at its pose translation; included viewpoints are
 * nav nodes and their unobstructed links nav edges (length: straight 3-D distance). Floors are
 * found by grouping floor heights (camera z − `height`) wherever they jump by more than
 * {@link FLOOR_GAP_M}; a floor's elevation is the median of its group.
 */
export function connectivityToPlan(
  vps: Viewpoint[],
  ref: string,
  id?: string,
): { plan: ConnectivityPlan; report: ImportReport } {
  const report: ImportReport = {
    format: "mp3d-connectivity",
    mapped: [],
    lacking: [],
    assumptions: [],
    warnings: [],
  };
  const pos = vps.map((v) => posePosition(v.pose));
  const noHeight = vps.filter((v) => v.height === undefined).length;
  const floorZ = vps.map((v, i) => pos[i][2] - (v.height ?? DEFAULT_CAMERA_HEIGHT_M));
  const order = floorZ.map((z, i) => [z, i] as const).sort((a, b) => a[0] - b[0]);
  const groups: number[][] = [];
  let last = -Infinity;
  for (const [z, i] of order) {
    if (z - last > FLOOR_GAP_M || !groups.length) groups.push([]);
    groups[groups.length - 1].push(i);
    last = z;
  }
  const floorOf = new Array<string>(vps.length);
  const floors = groups.map((g, k) => {
    const zs = g.map((i) => floorZ[i]).sort((a, b) => a - b);
    const mid = zs.length % 2
      ? zs[(zs.length - 1) / 2]
      : (zs[zs.length / 2 - 1] + zs[zs.length / 2]) / 2;
    for (const i of g) floorOf[i] = `floor${k}`;
    return { id: `floor${k}`, index: k, elevation_m: round(mid, 6) };
  });
  const sweeps = vps.map((v, i) => {
    const heading_deg = poseHeadingDeg(v.pose);
    return {
      id: v.image_id,
      floor: floorOf[i],
      at: pos[i],
      ...(heading_deg !== undefined ? { heading_deg } : {}),
    };
  });
  const headed = sweeps.filter((s) => s.heading_deg !== undefined).length;
  const nodes = vps.flatMap((
    v,
    i,
  ) => (v.included ? [{ id: v.image_id, floor: floorOf[i], at: pos[i] }] : []));
  const links = walkableLinks(vps);
  const edges = links.map(([i, j]) => ({
    from: vps[i].image_id,
    to: vps[j].image_id,
    length_m: round(
      Math.hypot(pos[i][0] - pos[j][0], pos[i][1] - pos[j][1], pos[i][2] - pos[j][2]),
      6,
    ),
  }));
  let asymmetric = 0, toExcluded = 0;
  for (let i = 0; i < vps.length; i++) {
    importTick();
    for (let j = i + 1; j < vps.length; j++) {
      importTick();
      const a = vps[i].unobstructed[j], b = vps[j].unobstructed[i];
      if (a !== b) asymmetric++;
      if ((a || b) && !(vps[i].included && vps[j].included)) toExcluded++;
    }
  }
  const excluded = vps.length - nodes.length;
  report.mapped.push(
    `${sweeps.length} sweep(s) at their pose translations`,
    `${floors.length} floor(s) from the viewpoints' floor heights (camera z − height)`,
    `a nav graph of ${nodes.length} included viewpoint(s) and ${edges.length} walkable link(s) (unobstructed)`,
  );
  if (headed) {
    report.mapped.push(
      `${headed} sweep heading(s) from the pose: the plan direction of skybox image 3, the pose's look axis (connectivity README; camera x right, y down, z look)`,
    );
  }
  if (headed < sweeps.length) {
    report.lacking.push(
      `${sweeps.length - headed} sweep(s) without a heading: the pose's look axis is not level`,
    );
  }
  if (!nodes.length) {
    report.warnings.push(
      `none of the ${vps.length} viewpoint(s) is included in the simulator: the nav graph is empty (the viewpoints are kept as sweeps only)`,
    );
  } else if (excluded) {
    report.assumptions.push(
      `${excluded} viewpoint(s) are not included in the simulator: kept as sweeps, left out of the nav graph with their ${toExcluded} link(s)`,
    );
  }
  if (asymmetric) {
    report.warnings.push(
      `${asymmetric} link(s) are unobstructed one way only; taken as walkable both ways`,
    );
  }
  if (noHeight) {
    report.assumptions.push(
      `${noHeight} viewpoint(s) have no height; a camera ${DEFAULT_CAMERA_HEIGHT_M} m above the floor is assumed`,
    );
  }
  report.assumptions.push("nav edge length is the straight 3-D distance between camera centres");
  report.lacking.push(
    "no rooms (a connectivity file has only viewpoints)",
    "no doors or openings",
    "no objects",
    "no site location",
  );
  report.counts = {
    viewpoints: vps.length,
    included: nodes.length,
    unobstructed_links: links.length + toExcluded,
    walkable_links: edges.length,
    floors: floors.length,
  };
  const base = ref.split(/[\\/]/).pop() ?? ref;
  const scan = base.replace(/_connectivity\.json$/i, "").replace(/\.json$/i, "");
  return {
    plan: {
      id: id ?? `mp3d-${scan || "connectivity"}`,
      name: scan,
      source: { format: "mp3d-connectivity", ref },
      floors,
      sweeps,
      nav: { nodes, edges },
    },
    report,
  };
}
