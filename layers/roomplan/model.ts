/**
 * Apple RoomPlan exports read into one checked model, whichever file they came in: a
 * `CapturedRoom` or `CapturedStructure` JSON (its `Codable` encoding, developer.apple.com/
 * documentation/roomplan; shared/reference/data-formats.md §8) or a USDZ's USD layer
 * (`usd.ts`). Every number is checked here, so the plan builder (`plan.ts`) works on finite
 * values only; a problem is an InputError naming the file and the JSON path.
 */
import { InputError } from "../../ground/errors.ts";

/** A surface or object's RoomPlan confidence. */
export type Confidence = "high" | "medium" | "low";

/** A wall, door, window, opening or floor (RoomPlan `CapturedRoom.Surface`). */
export interface RpSurface {
  /** `walls[3]`: where it came from, for messages. */
  path: string;
  id: string;
  /** wall, door, window, opening, floor. */
  category: string;
  /** A door's `isOpen`, when the source states it. */
  isOpen?: boolean;
  confidence?: Confidence;
  /** [width, height, depth], metres. */
  dimensions: [number, number, number];
  /** Column-major 4×4: columns 0–2 the surface's x/y/z axes, 12–14 its centre (world, y up). */
  transform: number[];
  parent?: string;
  /** Corners in the surface's own frame (iOS 17+; a floor's outline). */
  corners: [number, number, number][];
  story: number;
  /** Whether the wall is curved (`curve` not null): it is taken as its chord. */
  curved: boolean;
}

/** A RoomPlan `CapturedRoom.Object`. */
export interface RpObject {
  path: string;
  id: string;
  category: string;
  confidence?: Confidence;
  dimensions: [number, number, number];
  transform: number[];
  parent?: string;
  story: number;
}

/** A RoomPlan `CapturedRoom.Section` (iOS 17+): a label and a centre, world metres. */
export interface RpSection {
  label: string;
  center: [number, number, number];
  story: number;
}

/** One scan, as the plan builder takes it. */
export interface RpScan {
  /** "CapturedRoom", "CapturedStructure" or "USDZ". */
  kind: string;
  walls: RpSurface[];
  doors: RpSurface[];
  windows: RpSurface[];
  openings: RpSurface[];
  floors: RpSurface[];
  objects: RpObject[];
  sections: RpSection[];
  /** Rooms a CapturedStructure merged. */
  rooms?: number;
  version?: number;
  /** Fields the source had that are read by nobody (referenceOriginTransform, coreModel). */
  ignored: string[];
  /** Whether the export had `floors`, `sections` and `parentIdentifier` (iOS 17+). */
  has: { floors: boolean; sections: boolean; parents: boolean };
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** A number that must be finite; the message names the path and what it got. */
export function finite(ref: string, path: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isFinite(v)) {
    throw new InputError(
      ref,
      `${path} must be a finite number, got ${
        typeof v === "string" ? JSON.stringify(v.slice(0, 40)) : String(v)
      }`,
      {
        code: "roomplan.not_finite",
        data: { path, got: typeof v === "string" ? v.slice(0, 40) : v },
      },
    );
  }
  return v;
}

/** A 4×4 transform: exactly 16 finite numbers, its last row (3, 7, 11, 15) 0 0 0 1. */
export function transform16(ref: string, path: string, v: unknown): number[] {
  if (!Array.isArray(v) || v.length !== 16) {
    throw new InputError(
      ref,
      `${path} must be a 4×4 transform of 16 numbers (column-major), got ${
        Array.isArray(v) ? `${v.length} values` : v === undefined ? "nothing" : typeof v
      }`,
      {
        code: "roomplan.bad_transform",
        data: { path, got: Array.isArray(v) ? v.length : v === undefined ? null : typeof v },
      },
    );
  }
  const t = v.map((x, i) => finite(ref, `${path}[${i}]`, x));
  if (Math.abs(t[15] - 1) > 1e-3 || [3, 7, 11].some((i) => Math.abs(t[i]) > 1e-3)) {
    throw new InputError(
      ref,
      `${path} is not an affine transform: elements 3, 7, 11, 15 must be 0, 0, 0, 1 (column-major), got ${
        [t[3], t[7], t[11], t[15]].join(", ")
      }`,
    );
  }
  return t;
}

/** RoomPlan's single-key enum encoding (`{"door":{"isOpen":false}}`): the key and its payload. */
function enumKey(
  ref: string,
  path: string,
  v: unknown,
  example = '{"wall":{}}',
): { key: string; payload: Record<string, unknown> } {
  if (typeof v === "string") return { key: v, payload: {} };
  if (!isObj(v) || Object.keys(v).length !== 1) {
    throw new InputError(
      ref,
      `${path} must be a one-key object such as ${example}, got ${JSON.stringify(v)?.slice(0, 60)}`,
    );
  }
  const key = Object.keys(v)[0];
  const payload = v[key];
  return { key, payload: isObj(payload) ? payload : {} };
}

function confidence(ref: string, path: string, v: unknown): Confidence | undefined {
  if (v === undefined || v === null) return undefined;
  const { key } = enumKey(ref, path, v, '{"high":{}}');
  if (key !== "high" && key !== "medium" && key !== "low") {
    throw new InputError(ref, `${path} must be high, medium or low, got ${JSON.stringify(key)}`);
  }
  return key;
}

function dims(ref: string, path: string, v: unknown): [number, number, number] {
  if (!Array.isArray(v) || v.length !== 3) {
    throw new InputError(
      ref,
      `${path} must be [width, height, depth] in metres, got ${
        Array.isArray(v) ? `${v.length} values` : v === undefined ? "nothing" : typeof v
      }`,
    );
  }
  const d = v.map((x, i) => finite(ref, `${path}[${i}]`, x));
  if (d.some((x) => x < 0)) {
    throw new InputError(ref, `${path} must not be negative, got [${d.join(", ")}]`);
  }
  return d as [number, number, number];
}

function storyOf(ref: string, path: string, v: unknown, fallback: number): number {
  if (v === undefined || v === null) return fallback;
  const s = finite(ref, path, v);
  if (!Number.isInteger(s)) throw new InputError(ref, `${path} must be a whole number, got ${s}`);
  return s;
}

function surface(
  ref: string,
  path: string,
  v: unknown,
  expect: string,
  story: number,
): RpSurface {
  if (!isObj(v)) throw new InputError(ref, `${path} must be an object, got ${JSON.stringify(v)}`);
  const cat = v.category === undefined
    ? { key: expect, payload: {} }
    : enumKey(ref, `${path}.category`, v.category);
  const corners = Array.isArray(v.polygonCorners)
    ? v.polygonCorners.map((c, i) => {
      if (!Array.isArray(c) || c.length < 2 || c.length > 3) {
        throw new InputError(ref, `${path}.polygonCorners[${i}] must be [x, y, z]`);
      }
      const q = c.map((x, k) => finite(ref, `${path}.polygonCorners[${i}][${k}]`, x));
      return [q[0], q[1], q[2] ?? 0] as [number, number, number];
    })
    : [];
  return {
    path,
    id: typeof v.identifier === "string" ? v.identifier : path,
    category: cat.key,
    ...(typeof cat.payload.isOpen === "boolean" ? { isOpen: cat.payload.isOpen } : {}),
    confidence: confidence(ref, `${path}.confidence`, v.confidence),
    dimensions: dims(ref, `${path}.dimensions`, v.dimensions),
    transform: transform16(ref, `${path}.transform`, v.transform),
    ...(typeof v.parentIdentifier === "string" ? { parent: v.parentIdentifier } : {}),
    corners,
    story: storyOf(ref, `${path}.story`, v.story, story),
    curved: v.curve !== undefined && v.curve !== null,
  };
}

function object(ref: string, path: string, v: unknown, story: number): RpObject {
  if (!isObj(v)) throw new InputError(ref, `${path} must be an object, got ${JSON.stringify(v)}`);
  const cat = enumKey(ref, `${path}.category`, v.category);
  return {
    path,
    id: typeof v.identifier === "string" ? v.identifier : path,
    category: cat.key,
    confidence: confidence(ref, `${path}.confidence`, v.confidence),
    dimensions: dims(ref, `${path}.dimensions`, v.dimensions),
    transform: transform16(ref, `${path}.transform`, v.transform),
    ...(typeof v.parentIdentifier === "string" ? { parent: v.parentIdentifier } : {}),
    story: storyOf(ref, `${path}.story`, v.story, story),
  };
}

function section(ref: string, path: string, v: unknown, story: number): RpSection {
  if (!isObj(v)) throw new InputError(ref, `${path} must be an object`);
  const label = typeof v.label === "string"
    ? v.label
    : isObj(v.label)
    ? enumKey(ref, `${path}.label`, v.label).key
    : undefined;
  if (!label) throw new InputError(ref, `${path}.label must be a string such as "bedroom"`);
  if (!Array.isArray(v.center) || v.center.length !== 3) {
    throw new InputError(ref, `${path}.center must be [x, y, z] in metres`);
  }
  const c = v.center.map((x, i) => finite(ref, `${path}.center[${i}]`, x));
  return {
    label,
    center: c as [number, number, number],
    story: storyOf(ref, `${path}.story`, v.story, story),
  };
}

const LISTS = ["walls", "doors", "windows", "openings", "objects", "floors", "sections"] as const;

function list(ref: string, data: Record<string, unknown>, key: string, prefix: string): unknown[] {
  const v = data[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    throw new InputError(ref, `${prefix}${key} must be an array, got ${typeof v}`);
  }
  return v;
}

/** Whether parsed JSON looks like a RoomPlan CapturedRoom or CapturedStructure. */
export function looksLikeRoomPlan(data: unknown): boolean {
  return isObj(data) && Array.isArray(data.walls) &&
    (Array.isArray(data.rooms) || "coreModel" in data || "story" in data ||
      Array.isArray(data.doors) || "referenceOriginTransform" in data);
}

/**
 * The checked model of a parsed RoomPlan JSON export. A CapturedStructure's merged top-level
 * lists are used; where it has none, its rooms' lists are joined (each identifier once).
 */
export function roomPlanModel(data: unknown, ref: string): RpScan {
  if (!isObj(data) || !Array.isArray(data.walls)) {
    throw new InputError(
      ref,
      `not a RoomPlan export: expected a JSON object with a "walls" array (a CapturedRoom or CapturedStructure), got ${
        isObj(data) ? `keys ${Object.keys(data).slice(0, 8).join(", ")}` : typeof data
      }`,
    );
  }
  const story = storyOf(ref, "story", data.story, 0);
  const structure = Array.isArray(data.rooms);
  const sources: { prefix: string; obj: Record<string, unknown>; story: number }[] = [
    { prefix: "", obj: data, story },
  ];
  if (structure) {
    (data.rooms as unknown[]).forEach((r, i) => {
      if (!isObj(r)) throw new InputError(ref, `rooms[${i}] must be a CapturedRoom object`);
      sources.push({
        prefix: `rooms[${i}].`,
        obj: r,
        story: storyOf(ref, `rooms[${i}].story`, r.story, story),
      });
    });
  }
  const out: RpScan = {
    kind: structure ? "CapturedStructure" : "CapturedRoom",
    walls: [],
    doors: [],
    windows: [],
    openings: [],
    floors: [],
    objects: [],
    sections: [],
    ...(structure ? { rooms: (data.rooms as unknown[]).length } : {}),
    ...(typeof data.version === "number" ? { version: data.version } : {}),
    ignored: ["coreModel", "referenceOriginTransform"].filter((k) => k in data),
    has: {
      floors: sources.some((s) => Array.isArray(s.obj.floors)),
      sections: sources.some((s) => Array.isArray(s.obj.sections)),
      parents: false,
    },
  };
  if ("referenceOriginTransform" in data) {
    transform16(ref, "referenceOriginTransform", data.referenceOriginTransform);
  }
  for (const key of LISTS) {
    // The top level's list when it has one (a structure's merged list), else every room's.
    const own = list(ref, data, key, "");
    const from = own.length || !structure ? [sources[0]] : sources.slice(1);
    const seen = new Set<string>();
    for (const src of from) {
      list(ref, src.obj, key, src.prefix).forEach((v, i) => {
        const path = `${src.prefix}${key}[${i}]`;
        if (key === "sections") {
          out.sections.push(section(ref, path, v, src.story));
          return;
        }
        if (key === "objects") {
          const o = object(ref, path, v, src.story);
          if (!seen.has(o.id)) out.objects.push(o);
          seen.add(o.id);
          return;
        }
        const s = surface(ref, path, v, key.slice(0, -1), src.story);
        if (seen.has(s.id)) return;
        seen.add(s.id);
        (out[key] as RpSurface[]).push(s);
      });
    }
  }
  if (!out.walls.length) {
    throw new InputError(
      ref,
      `a RoomPlan ${out.kind} with no walls: rooms are found from the walls, so there is nothing to import${
        out.doors.length + out.objects.length
          ? ` (it has ${out.doors.length} doors and ${out.objects.length} objects)`
          : ""
      }`,
      {
        code: "roomplan.no_walls",
        data: { kind: out.kind, doors: out.doors.length, objects: out.objects.length },
      },
    );
  }
  out.has.parents = [...out.doors, ...out.windows, ...out.openings].some((s) => s.parent);
  return out;
}
