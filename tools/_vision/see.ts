/**
 * What the vision tools (room_labels, room_objects) share: the objects seen in each sweep's
 * panorama, from the cache by image content hash when the image was seen before, else from the
 * detector view by view, with a step per view and cancellation between views. The folder starts
 * with "_" so the registry does not take it for a tool.
 */
import type { PanoramaMissing, PanoramaRef, RgbImage } from "../../ground/image.ts";
import type { Detector } from "../../ground/detector.ts";
import type { Ctx } from "../../core/context.ts";
import type { Said } from "../../core/result.ts";
import type { Plan, Room, Sweep } from "../../ground/plan.ts";
import { DetectorUnavailableError } from "../../engines/vision/centernet.ts";
import type { PanoDetection } from "../../engines/vision/detect.ts";
import { detectionKey, detectPanorama } from "../../engines/vision/panorama.ts";
import { mergeObjects, type PlacedObject, placeOnFloor } from "../../engines/vision/place.ts";
import { roomAlongSightline } from "../../engines/vision/assign.ts";
import { MIN_SCORE_BY_CLASS } from "../../engines/vision/labels.ts";
import {
  floorKey,
  type FloorTexture,
  floorTexture,
  isFloorTexture,
} from "../../engines/vision/floor.ts";
import { counterEdges, COUNTERS_KEY } from "../../engines/vision/counters.ts";
import { say, type SeenObject } from "./wording.ts";

/** One sweep's panorama as seen: its detections, or why there are none. */
export interface Sight {
  sweep: Sweep;
  detections?: PanoDetection[];
  /** The floor's texture in its downward views (engines/vision/floor.ts). */
  floor?: FloorTexture;
  /** The share of its room's walls with counter-height edges (engines/vision/counters.ts). */
  counter_share?: number;
  /** True when the detections came from the cache. */
  cached?: boolean;
  missing?: string;
  /** Why the panorama is missing, as a code (ground/image.ts), when it could not be read. */
  missing_code?: PanoramaMissing;
}

/** The sights of a set of sweeps, with counts and the detector problem if any. */
export interface Seen {
  sights: Sight[];
  cached: number;
  computed: number;
  /** Why the detector could not run (not installed), when it was needed. */
  unavailable?: string;
}

/** A room's name as people read it. */
export function roomName(room: Room): string {
  return room.name ?? room.id;
}

/** Sweeps with images, grouped by the room they stand in (sweeps in no room are left out). */
export function sweepsByRoom(plan: Plan): Map<string, Sweep[]> {
  const out = new Map<string, Sweep[]>();
  for (const s of plan.sweeps) {
    if (!s.image || !s.room) continue;
    const list = out.get(s.room) ?? [];
    list.push(s);
    out.set(s.room, list);
  }
  return out;
}

function isDetections(v: unknown): v is PanoDetection[] {
  return Array.isArray(v) &&
    v.every((d) => d && typeof d.label === "string" && typeof d.score === "number" && d.box);
}

/** A sweep's panorama read ahead: its reference, and its pixels being decoded when needed. */
interface Ahead {
  ref: PanoramaRef;
  pixels?: Promise<RgbImage>;
}

/**
 * Sees every sweep given (cache first), stepping and checking cancellation between views. While
 * one panorama is searched the next is read and, when its detections are not cached, decoded;
 * with a detector that cuts its own views (Detector.panorama, the worker pool) this thread
 * measures the image cues while the workers search, and with one that answers several views at
 * once (the worker pool) the next panorama's views are handed over as soon as the last of this
 * one's are, so no worker waits between panoramas. Sights, steps and the result come in sweep
 * order and do not depend on either.
 */
export async function see(
  ctx: Ctx,
  scan: string,
  sweeps: { sweep: Sweep; where: string }[],
): Promise<Seen> {
  const key = detectionKey();
  const out: Seen = { sights: [], cached: 0, computed: 0 };
  const ahead: (Promise<Ahead> | undefined)[] = [];
  const readAhead = (i: number) => {
    if (i >= sweeps.length || ahead[i]) return;
    const p = ctx.panorama(scan, sweeps[i].sweep.id).then((ref): Ahead => {
      if ("missing" in ref || isDetections(ctx.detections.get(ref.hash, key))) return { ref };
      const pixels = ref.pixels();
      pixels.catch(() => {}); // seen (and said) when the sweep's turn comes
      return { ref, pixels };
    });
    p.catch(() => {});
    ahead[i] = p;
  };
  // Sights and steps are given in sweep order: after those of a panorama still being searched
  // (chained on it, so the next sweeps are read meanwhile), else at once.
  let searching: Promise<void> | undefined;
  const push = (sight: Sight, step?: Said) => {
    const give = () => {
      out.sights.push(sight);
      if (step) ctx.step(step);
    };
    if (!searching) return give();
    searching = searching.then(give);
    searching.catch(() => {}); // awaited (and thrown) at the end
  };
  // Searches begun and not yet done: a failure waits for them before it is thrown.
  const begun: Promise<unknown>[] = [];
  try {
    for (const [i, { sweep, where }] of sweeps.entries()) {
      ctx.throwIfCancelled();
      readAhead(i);
      const { ref, pixels: decoding } = await ahead[i]!;
      ahead[i] = undefined;
      if ("missing" in ref) {
        push({
          sweep,
          missing: ref.missing,
          ...(ref.code ? { missing_code: ref.code } : {}),
        });
        continue;
      }
      const decoded = () => decoding ?? ref.pixels();
      const hit = ctx.detections.get(ref.hash, key);
      if (isDetections(hit)) {
        let cues = {};
        try {
          cues = await imageCues(ctx, ctx.plan(scan), sweep, ref.hash, decoded);
        } catch { /* the detections stand; the image cues stay unmeasured */ }
        out.cached++;
        push(
          { sweep, detections: hit, cached: true, ...cues },
          say.step("step.sweep_seen", { where, objects: objectsOf(hit), cached: true }),
        );
        continue;
      }
      if (out.unavailable) {
        push({ sweep, missing: out.unavailable });
        continue;
      }
      let detector;
      try {
        detector = await ctx.detector();
      } catch (e) {
        if (!(e instanceof DetectorUnavailableError)) throw e;
        out.unavailable = e.message;
        push({ sweep, missing: e.message });
        continue;
      }
      let pixels;
      try {
        pixels = await decoded();
      } catch (e) {
        push({ sweep, missing: (e as Error).message });
        continue;
      }
      if (Math.abs(pixels.width / pixels.height - 2) > 0.05) {
        push({
          sweep,
          missing:
            `sweep ${sweep.id}'s image is ${pixels.width} × ${pixels.height} px, not an equirectangular panorama (2:1)`,
        });
        continue;
      }
      readAhead(i + 1);
      const px = pixels;
      const started = search(
        ctx,
        detector,
        pixels,
        where,
        () => imageCues(ctx, ctx.plan(scan), sweep, ref.hash, () => Promise.resolve(px)),
      );
      // This panorama's sight and steps follow the one before's.
      const before = searching;
      searching = (async () => {
        await before;
        started.open();
        const { detections, cues } = await started.done;
        ctx.detections.put(ref.hash, key, detections);
        out.computed++;
        out.sights.push({ sweep, detections, ...cues });
        ctx.step(
          say.step("step.sweep_seen", { where, objects: objectsOf(detections), cached: false }),
        );
      })();
      searching.catch(() => {}); // awaited (and thrown) at the end
      begun.push(started.done);
      // On to the next sweep once every view of this one is handed over (or it failed).
      await started.launched;
    }
  } catch (e) {
    await Promise.allSettled([...begun, searching]);
    throw e;
  }
  await searching;
  return out;
}

/** A panorama's search begun: when all its views are handed over, and when it is done. */
interface Search {
  launched: Promise<void>;
  done: Promise<{ detections: PanoDetection[]; cues: Pick<Sight, "floor" | "counter_share"> }>;
  /** Lets its steps be given (held until then, in order). */
  open(): void;
}

/**
 * One panorama searched view by view, then its image cues measured (`cues`). A detector that
 * cuts its own views is handed the panorama once, and the cues are measured here while it
 * searches. With a detector answering several views at once, `launched` comes when its last
 * view is handed over (a next panorama's views then queue behind it); else when it is done.
 */
function search(
  ctx: Ctx,
  detector: Detector,
  pixels: RgbImage,
  where: string,
  cues: () => Promise<Pick<Sight, "floor" | "counter_share">>,
): Search {
  let opened = false, launchedNow = () => {};
  const held: Said[] = [];
  const step = (s: Said) => void (opened ? ctx.step(s) : held.push(s));
  const launched = new Promise<void>((r) => (launchedNow = r));
  const parallel = detector.in_flight ?? detector.parallel ?? 1;
  const done = (async () => {
    const remote = detector.panorama?.(pixels);
    try {
      const found = detectPanorama(pixels, (v, min) => detector.detect(v, min), {
        parallel,
        ...(remote ? { searchView: (v, min) => remote.detect(v, min) } : {}),
        beforeView: (i, n) => {
          ctx.throwIfCancelled();
          if (i === n - 1 && parallel > 1) launchedNow();
        },
        afterView: (i, n, spec, found) =>
          step(say.step("step.view_searched", {
            where,
            view: i + 1,
            views: n,
            yaw_deg: spec.yaw_deg,
            found: objectsOf(found),
          })),
      });
      if (!remote) {
        const detections = await found;
        return { detections, cues: await cues() };
      }
      // The views are with the workers (handed over once the current microtasks have run).
      const measured = new Promise((r) => setTimeout(r, 0)).then(() => cues());
      const [d, c] = await Promise.allSettled([found, measured]);
      if (d.status === "rejected") throw d.reason;
      if (c.status === "rejected") throw c.reason;
      return { detections: d.value, cues: c.value };
    } finally {
      remote?.release();
    }
  })();
  done.then(launchedNow, launchedNow);
  return {
    launched,
    done,
    open() {
      opened = true;
      for (const s of held.splice(0)) ctx.step(s);
    },
  };
}

/** A short, stable hash of a string (FNV-1a, 32 bits), for cache keys of plan geometry. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * The image cues beyond objects, each cached with the detections: the floor texture by image,
 * the counter edges by image and the sweep's room geometry (a changed plan recomputes them).
 */
async function imageCues(
  ctx: Ctx,
  plan: Plan,
  sweep: Sweep,
  hash: string,
  pixels: () => Promise<RgbImage>,
): Promise<Pick<Sight, "floor" | "counter_share">> {
  const out: Pick<Sight, "floor" | "counter_share"> = {};
  const f = ctx.detections.get(hash, floorKey());
  if (isFloorTexture(f)) out.floor = f;
  else {
    out.floor = floorTexture(await pixels());
    ctx.detections.put(hash, floorKey(), out.floor);
  }
  const room = plan.rooms.find((r) => r.id === sweep.room);
  if (!room || sweep.heading_deg === undefined) return out;
  const geometry = {
    ring: room.polygon,
    at: [sweep.at[0], sweep.at[1]] as [number, number],
    camera_height_m: cameraHeight(plan, sweep).height_m,
    heading_deg: sweep.heading_deg,
  };
  const key = `${COUNTERS_KEY}/${fnv1a(JSON.stringify(geometry))}`;
  const c = ctx.detections.get(hash, key);
  if (typeof c === "number") out.counter_share = c;
  else {
    out.counter_share = counterEdges(await pixels(), geometry.ring, geometry).share;
    ctx.detections.put(hash, key, out.counter_share);
  }
  return out;
}

/** The objects of a detection as a step's data: label and score. */
function objectsOf(d: { label: string; score: number }[]): SeenObject[] {
  return d.map((x) => ({ label: x.label, score: x.score }));
}

/** The objects assigned to one room. */
export interface RoomObjects {
  /** Placed on the plan, merged across sweeps. */
  placed: PlacedObject[];
  /** Seen but not placed (no heading, or not standing on the floor in view): bearings only. */
  unplaced: { label: string; score: number; sweep: string; yaw_deg: number }[];
}

/**
 * Every detection scored at least `minScore`, placed on the plan and assigned to the room its
 * sightline reaches (engines/vision/assign.ts); unplaced ones stay in the sweep's room.
 */
export function objectsInRooms(plan: Plan, sights: Sight[], minScore: number): {
  byRoom: Map<string, RoomObjects>;
  assumedHeight: string[];
  noHeading: string[];
} {
  const raw = new Map<string, { placed: PlacedObject[]; unplaced: RoomObjects["unplaced"] }>();
  const slot = (room: string) => {
    let r = raw.get(room);
    if (!r) raw.set(room, r = { placed: [], unplaced: [] });
    return r;
  };
  const assumedHeight: string[] = [], noHeading: string[] = [];
  for (const s of sights) {
    if (!s.detections || !s.sweep.room) continue;
    const sw = s.sweep, home = sw.room!;
    const cam = cameraHeight(plan, sw);
    if (cam.assumed) assumedHeight.push(sw.id);
    if (sw.heading_deg === undefined) noHeading.push(sw.id);
    const rooms = plan.rooms.filter((r) => r.floor === sw.floor);
    const openings = plan.openings.filter((o) => o.floor === sw.floor);
    for (const d of s.detections) {
      // Classes the detector reads into empty rooms need their own higher score.
      if (d.score < Math.max(minScore, MIN_SCORE_BY_CLASS[d.label] ?? 0)) continue;
      const p = sw.heading_deg === undefined ? undefined : placeOnFloor(d, {
        id: sw.id,
        at: [sw.at[0], sw.at[1]],
        camera_height_m: cam.height_m,
        heading_deg: sw.heading_deg,
      });
      if (!p) {
        slot(home).unplaced.push({
          label: d.label,
          score: d.score,
          sweep: sw.id,
          yaw_deg: d.yaw_deg,
        });
        continue;
      }
      const end = roomAlongSightline(rooms, openings, home, [sw.at[0], sw.at[1]], p.center);
      if (end.stopped_at) {
        // Its floor estimate fell beyond a wall (it stands on a counter or hangs on the wall):
        // it is put at the wall's near side, as far off as the estimate was.
        const moved = Math.hypot(p.center[0] - end.stopped_at[0], p.center[1] - end.stopped_at[1]);
        p.center = end.stopped_at;
        p.uncertainty_m = Math.max(p.uncertainty_m, moved);
        p.at_wall = true;
      }
      slot(end.room).placed.push(p);
    }
  }
  const byRoom = new Map<string, RoomObjects>();
  for (const [room, r] of raw) {
    byRoom.set(room, { placed: mergeObjects(r.placed), unplaced: r.unplaced });
  }
  return { byRoom, assumedHeight, noHeading };
}

/** The camera height assumed when a sweep's own is missing or implausible (tripod, metres). */
export const DEFAULT_CAMERA_HEIGHT_M = 1.5;

/** The sweep's camera height above its floor, or the default when missing or implausible. */
export function cameraHeight(plan: Plan, s: Sweep): { height_m: number; assumed: boolean } {
  const floor = plan.floors.find((f) => f.id === s.floor);
  const h = s.at[2] - (floor?.elevation_m ?? 0);
  return h >= 0.5 && h <= 2.5
    ? { height_m: h, assumed: false }
    : { height_m: DEFAULT_CAMERA_HEIGHT_M, assumed: true };
}
