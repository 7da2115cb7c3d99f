/**
 * room_labels' guesses: every seen room's own label (objects seen in it, its geometry, its
 * floor), each of its panoramas' own (what that panorama alone shows), and the house's
 * assignment over all of them (engines/vision/house.ts); then what a room's check carries.
 */
import type { Plan, Room, RoomLabel } from "../../ground/plan.ts";
import {
  CANDIDATE_LABELS,
  judgeRoom,
  type LabelGuess,
  labelRoom,
  MIN_OBJECT_SCORE,
  type RoomEvidence,
} from "../../engines/vision/labels.ts";
import { floorKind } from "../../engines/vision/floor.ts";
import {
  assignHouse,
  type DoorEdge,
  doorGraph,
  type HouseLabel,
  type NestLabel,
  nestLabels,
} from "../../engines/vision/house.ts";
import { softmax } from "../../engines/vision/calibrate.ts";
import { roomEvidence } from "../../engines/vision/room_evidence.ts";
import { objectsInRooms, type RoomObjects, type Sight } from "../_vision/see.ts";
import { type GuessData, type PanoramaGuess, shows } from "./report.ts";
import { round } from "../../ground/text.ts";

/** One seen room: its own guess, its panoramas', its evidence and the house's label. */
export interface RoomGuess {
  own: LabelGuess;
  panoramas: PanoramaGuess[];
  base: RoomEvidence;
  house?: HouseLabel;
  /** A closet or storage room's label from the room its one door opens into. */
  nest?: NestLabel;
}

/** The median floor contrast of some sights, as a floor cue; undefined when none was measured. */
function floorOf(list: Sight[]): RoomEvidence["floor"] {
  const c = list.flatMap((s) => s.floor ? [s.floor.contrast] : []).sort((a, b) => a - b);
  if (!c.length) return undefined;
  const m = c.length >> 1, contrast = c.length % 2 ? c[m] : (c[m - 1] + c[m]) / 2;
  return { kind: floorKind(contrast), contrast };
}

/** The most counter edge any of the sights shows (a counter seen from one place is there). */
function counterShare(list: Sight[]): number | undefined {
  const c = list.flatMap((s) => s.counter_share === undefined ? [] : [s.counter_share]);
  return c.length ? Math.max(...c) : undefined;
}

const asObjects = (r: RoomObjects | undefined) =>
  [...(r?.placed ?? []), ...(r?.unplaced ?? [])].map((d) => ({ label: d.label, score: d.score }));

/** Every seen room's guesses, and the house's assignment over them. */
export function guessRooms(
  plan: Plan,
  sights: Sight[],
  objectsBy: Map<string, RoomObjects>,
  commit_score: number,
): Map<string, RoomGuess> {
  const out = new Map<string, RoomGuess>();
  for (const room of plan.rooms) {
    const usable = sights.filter((s) => s.sweep.room === room.id && s.detections);
    const found = objectsBy.get(room.id);
    if (!usable.length && !found) continue;
    const base = roomEvidence(plan, room.id, asObjects(found));
    const own = labelRoom(
      { ...base, floor: floorOf(usable), counter_share: counterShare(usable) },
      commit_score,
    );
    const panoramas = usable.map((s) => {
      const objs = asObjects(objectsInRooms(plan, [s], MIN_OBJECT_SCORE).byRoom.get(room.id));
      // In an open plan a panorama names the part it stands in, from what it sees there.
      const parts = (room.parts?.length ?? 0) > 1 ? room.parts : undefined;
      const p = labelRoom(
        { ...base, objects: objs, floor: floorOf([s]), counter_share: s.counter_share },
        commit_score,
        1,
        parts,
      );
      return { sweep: s.sweep.id, label: p.label, best: p.best, score: round(p.score, 2) };
    });
    out.set(room.id, { own, panoramas, base });
  }
  // The whole home at once: needs filled by the rooms that lose least by taking them.
  const house = assignHouse(
    [...out].map(([id, x]) => ({
      id,
      scores: softmax(x.own.logits),
      objects: x.base.objects,
      widest_door_m: x.base.widest_door_m,
    })),
    undefined,
    doorsInto(plan, out),
  );
  for (const h of house) out.get(h.id)!.house = h;
  // Closets inside bedrooms, storage off living spaces: rooms with one door into a seen room.
  const oneDoor = [...out.keys()].flatMap((id) => {
    const doors = plan.openings.filter((o) => o.kind !== "window" && o.between.includes(id));
    const into = doors.length === 1 ? doors[0].between.find((b) => b !== id) : undefined;
    return into && out.has(into) ? [{ id, into }] : [];
  });
  const rooms = [...out].map(([id, x]) => ({
    id,
    scores: softmax(x.own.logits),
    objects: x.base.objects,
    widest_door_m: x.base.widest_door_m,
  }));
  for (const [id, n] of nestLabels(rooms, house, oneDoor)) out.get(id)!.nest = n;
  return out;
}

/**
 * The plan's door graph (house.ts), each door into an open plan of several parts marked with the
 * label of that room's sweep nearest the door: the part it opens into ("unknown" when that sweep's
 * panorama was not seen or commits to none).
 */
function doorsInto(plan: Plan, out: Map<string, RoomGuess>): Map<string, DoorEdge[]> {
  const g = doorGraph(plan.openings);
  const open = new Set(plan.rooms.filter((r) => (r.parts?.length ?? 0) > 1).map((r) => r.id));
  for (const edges of g.values()) {
    for (const e of edges) {
      if (!open.has(e.into)) continue;
      const near = plan.sweeps.filter((s) => s.room === e.into)
        .map((s) => ({ id: s.id, d: Math.hypot(s.at[0] - e.at[0], s.at[1] - e.at[1]) }))
        .sort((a, b) => a.d - b.d)[0];
      const p = near && out.get(e.into)?.panoramas.find((x) => x.sweep === near.id);
      e.seen = p?.label ?? "unknown";
    }
  }
  return g;
}

/** A seen room's decided guess, its check data and its judgement against the plan. */
export function guessData(
  room: Room,
  name: string,
  planLabel: RoomLabel | undefined,
  r: RoomGuess,
  commit_score: number,
): { guess: LabelGuess; g: GuessData; judged: ReturnType<typeof judgeRoom> } {
  const h = r.house;
  // The house decides a room its own panoramas leave unknown when it clearly fills a need, or
  // when it is surely a closet or storage and its one door says which.
  const byNeed = r.own.label === "unknown" && !!h?.need && !!h.clear;
  const byNest = r.own.label === "unknown" && !byNeed && !!r.nest &&
    r.nest.score >= commit_score;
  // A room that looks most like a bedroom but opens off the kitchen and no hallway: the house's
  // scores, with the door rule's cost on bedroom, decide it (house.ts).
  const door = !byNeed && !byNest && r.own.best === "bedroom" ? h?.door : undefined;
  const byHouse = byNeed || byNest || !!door;
  const guess: LabelGuess = byNeed
    ? { ...r.own, label: h!.label }
    : byNest
    ? { ...r.own, label: r.nest!.label }
    : door
    ? {
      ...r.own,
      label: door.score >= commit_score ? door.best : "unknown",
      best: door.best,
      score: door.score,
      top: door.scores.map((score, i) => ({ label: CANDIDATE_LABELS[i], score }))
        .sort((a, b) => b.score - a.score).slice(0, 3),
    }
    : r.own;
  const parts = room.parts ?? [];
  const judged = planLabel
    ? judgeRoom(guess, r.panoramas, planLabel, parts)
    : { agreement: "unknown" as const, by: "room" as const };
  const g: GuessData = {
    room: name,
    ...(planLabel ? { plan: planLabel } : {}),
    ...(parts.length ? { parts } : {}),
    label: guess.label,
    guess: guess.label,
    best: guess.best,
    score: guess.score,
    top: guess.top.map((t) => ({ label: t.label, score: round(t.score, 2) })),
    cues: guess.cues,
    panoramas: r.panoramas,
    decided_by: byHouse ? "house" : "room",
    ...(r.nest ? { nest: r.nest } : {}),
    ...(h
      ? {
        house: {
          label: h.label,
          ...(h.need ? { need: h.need, clear: !!h.clear } : {}),
          ...(h.door
            ? {
              door: {
                code: h.door.code,
                kitchens: h.door.kitchens,
                cost: round(h.door.cost, 3),
                best: h.door.best,
                score: round(h.door.score, 3),
              },
            }
            : {}),
        },
      }
      : {}),
    ...(planLabel ? { agreement: judged.agreement, by: judged.by } : {}),
    evidence: guess.evidence,
    shows: shows(guess),
  };
  return { guess, g, judged };
}
