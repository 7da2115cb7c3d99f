/**
 * Matching findings across a scan and its re-scan of the same building. Element ids change
 * between scans, so a finding is matched by what it is about and where: the same tool, the
 * same kind and rule (the finding id without its subject: `door_clearance:door:<id>`), a
 * subject on the same floor (by floor index), and subject points (a room's area centroid, an
 * opening's or object's position) no farther apart than a tolerance. Pairs are taken nearest
 * first, each finding at most once (greedy assignment, exact for well-separated elements).
 * A finding whose subject has no place in the plan (a site side) matches by identical id.
 */
import type { Plan, Point } from "../../ground/plan.ts";
import { signedArea_m2 } from "./polygon.ts";
import { shellSafeId } from "../../ground/text.ts";

/** Where a subject is: its floor's index and a point in plan metres. */
export interface SubjectPlace {
  floor_index: number;
  at: Point;
}

/** The area centroid of a ring (shoelace form); the vertex mean for a degenerate ring. */
export function ringCentroid(ring: readonly Point[]): Point {
  const a = signedArea_m2(ring);
  if (Math.abs(a) < 1e-12) {
    const n = ring.length || 1;
    return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
  }
  let cx = 0, cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i], [x2, y2] = ring[(i + 1) % ring.length];
    const k = x1 * y2 - x2 * y1;
    cx += (x1 + x2) * k;
    cy += (y1 + y2) * k;
  }
  return [cx / (6 * a), cy / (6 * a)];
}

/** The place of a plan element by id (room, opening, object, vertical), if it has one. */
export function subjectPlace(plan: Plan, id: string): SubjectPlace | undefined {
  const floorIndex = new Map(plan.floors.map((f) => [f.id, f.index]));
  const on = (floor: string, at: Point): SubjectPlace | undefined => {
    const i = floorIndex.get(floor);
    return i === undefined ? undefined : { floor_index: i, at };
  };
  const room = plan.rooms.find((r) => r.id === id);
  if (room) return on(room.floor, ringCentroid(room.polygon as Point[]));
  const o = plan.openings.find((x) => x.id === id);
  if (o) return on(o.floor, o.at as Point);
  const obj = plan.objects.find((x) => x.id === id);
  if (obj) return on(obj.floor, obj.center as Point);
  const v = plan.verticals.find((x) => x.id === id);
  if (v?.rooms?.length) {
    const r = plan.rooms.find((x) => x.id === v.rooms![0]);
    if (r) return on(r.floor, ringCentroid(r.polygon as Point[]));
  }
  return undefined;
}

/** A finding as matching needs it. */
export interface Locatable {
  id: string;
  subject?: string;
}

/** The finding id with its subject part blanked: what it is about, not which element. */
export function findingKind(id: string, subject?: string): string {
  if (!subject) return id;
  const parts = id.split(":");
  // The subject as finding ids carry it (ground/text.ts shellSafeId: `$` as `-`); ids kept
  // before that carried it with `$` and whitespace as `_`.
  const clean = new Set([shellSafeId(subject), subject.replace(/\s+/g, "_")]);
  return parts.map((p) => (clean.has(p) ? "*" : p)).join(":");
}

/**
 * Pairs findings of the earlier scan (`prev`, on `prevPlan`) with findings of the re-scan
 * (`next`, on `nextPlan`). Returns `[prevId, nextId]` pairs.
 */
export function matchFindings(
  prev: readonly Locatable[],
  prevPlan: Plan,
  next: readonly Locatable[],
  nextPlan: Plan,
  tol_m = 0.5,
): [string, string][] {
  const cands: { d: number; a: string; b: string }[] = [];
  for (const a of prev) {
    const ka = findingKind(a.id, a.subject);
    const pa = a.subject ? subjectPlace(prevPlan, a.subject) : undefined;
    for (const b of next) {
      if (findingKind(b.id, b.subject) !== ka) continue;
      const pb = b.subject ? subjectPlace(nextPlan, b.subject) : undefined;
      if (!pa || !pb) {
        if (a.id === b.id) cands.push({ d: 0, a: a.id, b: b.id });
        continue;
      }
      if (pa.floor_index !== pb.floor_index) continue;
      const d = Math.hypot(pa.at[0] - pb.at[0], pa.at[1] - pb.at[1]);
      if (d <= tol_m) cands.push({ d, a: a.id, b: b.id });
    }
  }
  cands.sort((x, y) => x.d - y.d || (x.a < y.a ? -1 : 1));
  const usedA = new Set<string>(), usedB = new Set<string>();
  const out: [string, string][] = [];
  for (const c of cands) {
    if (usedA.has(c.a) || usedB.has(c.b)) continue;
    usedA.add(c.a);
    usedB.add(c.b);
    out.push([c.a, c.b]);
  }
  return out;
}

/**
 * The element of the re-scan that is the earlier scan's element `id`: the same kind of
 * element (a room; a door, window or opening of the same kind; an object of the same label; a
 * vertical of the same kind) on the floor of the same index, the nearest within `tol_m` of
 * where it was (its subject place, {@link subjectPlace}). The same id at about the same place
 * is itself. Undefined when there is none: the element is gone.
 */
export function counterpart(
  prevPlan: Plan,
  nextPlan: Plan,
  id: string,
  tol_m = 0.5,
): string | undefined {
  const was = subjectPlace(prevPlan, id);
  if (!was) return undefined;
  const o = prevPlan.openings.find((x) => x.id === id);
  const obj = prevPlan.objects.find((x) => x.id === id);
  const v = prevPlan.verticals.find((x) => x.id === id);
  const ids = prevPlan.rooms.some((r) => r.id === id)
    ? nextPlan.rooms.map((r) => r.id)
    : o
    ? nextPlan.openings.filter((x) => x.kind === o.kind).map((x) => x.id)
    : obj
    ? nextPlan.objects.filter((x) => x.label === obj.label).map((x) => x.id)
    : v
    ? nextPlan.verticals.filter((x) => x.kind === v.kind).map((x) => x.id)
    : [];
  let best: { id: string; d: number } | undefined;
  for (const c of ids) {
    const p = subjectPlace(nextPlan, c);
    if (!p || p.floor_index !== was.floor_index) continue;
    const d = Math.hypot(p.at[0] - was.at[0], p.at[1] - was.at[1]);
    if (d <= tol_m && (!best || d < best.d || (d === best.d && c === id))) best = { id: c, d };
  }
  return best?.id;
}
