/**
 * The 12 ZInD sample panoramas as evaluation cases (shared by eval_zind_test.ts and
 * eval_panorama_test.ts): each panorama's own partial-room label mapped onto the plan vocabulary,
 * that partial room's layout_raw in metres (area, shape, doors, windows), and its detections from
 * the real detector (CenterNet, wasm), cached between runs by image hash and detector key.
 */
import { fixture, sharedData } from "../../_data.ts";
import { decodeRgb } from "../../../layers/panoramas.ts";
import type { Point } from "../../../ground/plan.ts";
import { zindHeadingDeg, zindToPlanMetres } from "../../../layers/zind/mod.ts";
import { roomLabelFromName } from "../../../layers/room_labels.ts";
import {
  area_m2,
  minAreaRectangle,
  pointInRing,
  ringDistance_m,
} from "../../../engines/geometry/polygon.ts";
import { loadCenterNet } from "../../../layers/detector.ts";
import { detectionKey, detectPanorama } from "../../../engines/vision/panorama.ts";
import type { PanoDetection } from "../../../engines/vision/detect.ts";
import { placeOnFloor } from "../../../engines/vision/place.ts";
import {
  COMMIT_SCORE,
  type LabelFit,
  labelRoom,
  type RoomEvidence,
} from "../../../engines/vision/labels.ts";
import { leavesThroughOpening } from "../../../engines/vision/assign.ts";
import { floorKind, type FloorTexture, floorTexture } from "../../../engines/vision/floor.ts";
import { counterEdges } from "../../../engines/vision/counters.ts";
import { runDetections, withRunLock } from "../../_run_cache.ts";

// deno-lint-ignore no-explicit-any
export const raw: any = JSON.parse(Deno.readTextFileSync(sharedData("zind/zind_data.json")));
const smpc: number = raw.scale_meters_per_coordinate.floor_01;
export const hand = JSON.parse(Deno.readTextFileSync(fixture("vision/zind_fixtures.json"))) as {
  panos: Record<string, { label: string; yaw_deg: number }[]>;
};

export interface Case {
  /** The ZInD complete room it belongs to, and every partial-room label of that room. */
  complete: string;
  completeLabels: string[];
  /** The label the plan gives its complete room: the label covering most floor (as the importer). */
  planLabel: string;
  /** Window widths (metres) and the room perimeter (metres). */
  window_widths_m: number[];
  perimeter_m: number;
  file: string;
  truth: string;
  zindLabel: string;
  polygon: Point[];
  at: Point;
  heading_deg: number;
  camera_m: number;
  doors: number;
  passages: { at: Point; width_m: number }[];
  windows: number;
  widest_m: number;
}

/**
 * The 12 evaluation panoramas; with `others`, instead the primary panorama of every partial room
 * that holds none of them (their images are not in the sample: geometry only).
 */
export function cases(others = false): Case[] {
  const out: Case[] = [];
  for (const [completeId, complete] of Object.entries(raw.merger.floor_01)) {
    // deno-lint-ignore no-explicit-any
    const completeLabels = [
      ...new Set(
        Object.values(complete as any).flatMap((q: any) =>
          // deno-lint-ignore no-explicit-any
          Object.values(q).map((x: any) => roomLabelFromName(x.label))
        ),
      ),
    ] as string[];
    const byArea = new Map<string, number>();
    // deno-lint-ignore no-explicit-any
    for (const q of Object.values(complete as any) as any[]) {
      // deno-lint-ignore no-explicit-any
      const p = (Object.values(q) as any[]).find((x) => x.is_primary);
      if (!p?.layout_raw) continue;
      const t = p.floor_plan_transformation;
      const a = area_m2(p.layout_raw.vertices.map((v: Point) => zindToPlanMetres(v, t, smpc)));
      byArea.set(p.label, (byArea.get(p.label) ?? 0) + a);
    }
    const planLabel = roomLabelFromName([...byArea].sort((a, b) => b[1] - a[1])[0]?.[0]);
    // deno-lint-ignore no-explicit-any
    for (const partial of Object.values(complete as any)) {
      // deno-lint-ignore no-explicit-any
      const panos = Object.values(partial as any) as any[];
      const isEval = (q: { image_path: string }) =>
        String(q.image_path).split("/").pop()! in hand.panos;
      for (const p of panos) {
        const file = String(p.image_path).split("/").pop()!;
        if (others ? panos.some(isEval) || !p.is_primary : !(file in hand.panos)) continue;
        const t = p.floor_plan_transformation;
        const m = (v: Point) => zindToPlanMetres(v, t, smpc);
        const lay = p.layout_raw;
        const triples = (list: number[][]) => {
          const w: number[] = [];
          for (let i = 0; i + 2 < list.length; i += 3) {
            const a = m(list[i] as Point), b = m(list[i + 1] as Point);
            w.push(Math.hypot(b[0] - a[0], b[1] - a[1]));
          }
          return w;
        };
        const doorW = triples(lay.doors ?? []);
        const passages = [lay.doors ?? [], lay.openings ?? []].flatMap((list: number[][]) => {
          const o: { at: Point; width_m: number }[] = [];
          for (let i = 0; i + 2 < list.length; i += 3) {
            const a = m(list[i] as Point), b = m(list[i + 1] as Point);
            o.push({
              at: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
              width_m: Math.hypot(b[0] - a[0], b[1] - a[1]),
            });
          }
          return o;
        });
        const polygon: Point[] = lay.vertices.map((v: Point) => m(v));
        out.push({
          file,
          complete: completeId,
          completeLabels,
          planLabel,
          window_widths_m: triples(lay.windows ?? []),
          perimeter_m: polygon.reduce(
            (s, p, i) =>
              s +
              Math.hypot(
                polygon[(i + 1) % polygon.length][0] - p[0],
                polygon[(i + 1) % polygon.length][1] - p[1],
              ),
            0,
          ),
          truth: roomLabelFromName(p.label),
          zindLabel: p.label,
          polygon,
          at: m([0, 0]),
          heading_deg: zindHeadingDeg(t),
          camera_m: p.camera_height * t.scale * smpc,
          doors: passages.length,
          passages,
          windows: triples(lay.windows ?? []).length,
          // ZInD partial rooms do not say which doors lead outside: the widest door (not an
          // opening between parts of an open plan) stands in for it.
          widest_m: Math.max(0, ...doorW),
        });
      }
    }
  }
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * Detections per panorama file: computed once per test process, and kept between runs in
 * test-artifacts/vision-cache (ignored by git) keyed, as the store keys them, by the image's
 * SHA-256 and the detector key, so a rerun with the same model and views skips inference.
 * Within one run of the suite they are also kept in the run's shared cache (../../_run_cache.ts),
 * under the panorama's lock, so the test processes of the run compute each panorama once.
 */
const seen = new Map<string, PanoDetection[]>();
const CACHE_DIR = new URL("../../../test-artifacts/vision-cache/", import.meta.url);
export async function detections(file: string): Promise<PanoDetection[]> {
  let d = seen.get(file);
  if (!d) {
    const bytes = await Deno.readFile(sharedData(`zind/panos/${file}`));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hash = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    const key = detectionKey();
    const at = new URL(`${hash}-${key.replace(/[^a-z0-9.@-]+/gi, "_")}.json`, CACHE_DIR);
    d = await withRunLock(`${hash} ${key}`, async () => {
      const run = runDetections();
      const hit = run?.get(hash, key);
      if (Array.isArray(hit)) return hit as PanoDetection[];
      let found: PanoDetection[];
      try {
        found = JSON.parse(await Deno.readTextFile(at)) as PanoDetection[];
      } catch {
        const det = await loadCenterNet();
        found = await detectPanorama(await decodeRgb(bytes, file), (v, s) => det.detect(v, s));
        await Deno.mkdir(CACHE_DIR, { recursive: true });
        await Deno.writeTextFile(at, JSON.stringify(found));
      }
      run?.put(hash, key, found);
      return found;
    });
    seen.set(file, d);
  }
  return d;
}

/** The engine's guess for one case from the detections that count as evidence. */
export function guessCase(
  c: Case,
  evidence: PanoDetection[],
  temperature = 1,
  cues: Partial<RoomEvidence> = {},
  fit: LabelFit = {},
) {
  const inside = pointInRing(c.at, c.polygon);
  let through = 0;
  const objects = evidence.filter((d) => {
    const p = placeOnFloor(d, {
      id: c.file,
      at: c.at,
      camera_height_m: c.camera_m,
      heading_deg: c.heading_deg,
    });
    if (!p) return inside;
    // Camera in the room: the object is in it unless seen out through a door or opening.
    // Camera outside (a closet shot from its door): only objects placed inside count.
    if (inside && leavesThroughOpening(c.polygon, c.passages, c.at, p.center)) {
      through++;
      return false;
    }
    return inside || ringDistance_m(p.center, c.polygon) <= p.uncertainty_m;
  }).map((d) => ({ label: d.label, score: d.score }));
  const rect = minAreaRectangle(c.polygon);
  const g = labelRoom(
    {
      area_m2: area_m2(c.polygon),
      long_m: Math.max(...rect.size),
      short_m: Math.min(...rect.size),
      doors: c.doors,
      windows: c.windows,
      widest_door_m: c.widest_m,
      objects,
      ...cues,
    },
    COMMIT_SCORE,
    temperature,
    undefined,
    fit,
  );
  return { g, objects, through };
}

/** Each panorama's floor texture (floor.ts) and counter edges (counters.ts), once per process. */
const floors = new Map<string, FloorTexture>();
const counters = new Map<string, number>();
async function measure(c: Pick<Case, "file"> & Partial<Case>) {
  const bytes = await Deno.readFile(sharedData(`zind/panos/${c.file}`));
  const img = await decodeRgb(bytes, c.file);
  floors.set(c.file, floorTexture(img));
  const full = cases().find((x) => x.file === c.file)!;
  counters.set(
    c.file,
    counterEdges(img, full.polygon, {
      at: full.at,
      camera_height_m: full.camera_m,
      heading_deg: full.heading_deg,
    }).share,
  );
}
export async function floorOf(file: string): Promise<FloorTexture> {
  if (!floors.has(file)) await measure({ file });
  return floors.get(file)!;
}
export async function counterShareOf(file: string): Promise<number> {
  if (!counters.has(file)) await measure({ file });
  return counters.get(file)!;
}

/** The image and plan cues of a case beyond its objects: its floor, and its windows' share. */
export async function cuesOf(
  c: Case,
  carpetContrast?: number,
): Promise<Partial<RoomEvidence>> {
  const { contrast } = await floorOf(c.file);
  return {
    floor: { kind: floorKind(contrast, carpetContrast), contrast },
    counter_share: await counterShareOf(c.file),
    window_width_m: c.window_widths_m.reduce((s, w) => s + w, 0),
    perimeter_m: c.perimeter_m,
  };
}
