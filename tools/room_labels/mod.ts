/**
 * room_labels: label every room that has panoramas from what they show (fixtures and furniture
 * found by the CenterNet COCO detector) and the room's own geometry (engines/vision/labels.ts),
 * compare with the plan's labels, and report disagreements and unlabelled rooms. The plan's
 * label is never an input to the guess.
 */
import { fill, tool, z } from "../../core/manifest.ts";
import { coded } from "../../core/wording.ts";
import {
  type Check,
  type Finding,
  findingId,
  type Metric,
  type Overlay,
} from "../../core/result.ts";
import {
  COMMIT_SCORE,
  judgeRoom,
  type LabelGuess,
  labelRoom,
  MIN_OBJECT_SCORE,
  type RoomEvidence,
} from "../../engines/vision/labels.ts";
import { floorKind } from "../../engines/vision/floor.ts";
import { assignHouse } from "../../engines/vision/house.ts";
import { softmax } from "../../engines/vision/calibrate.ts";
import { roomEvidence } from "../../engines/vision/room_evidence.ts";
import { objectsInRooms, roomName, see, type Sight, sweepsByRoom } from "../_vision/see.ts";
import {
  finding,
  type GuessData,
  labelsAssumptions,
  labelsVerdict,
  type PanoramaGuess,
  roomOverlay,
  round2,
  say,
  shows,
  type Unseen,
} from "./report.ts";

export default tool({
  id: "room_labels",
  title: "Room labels from panoramas",
  summary: "What each room looks like in its panoramas, against the plan's labels.",
  model_description:
    "Check the room labels of one scan against its panoramas: label every room that has panoramas from the fixtures and furniture a detector finds in them and the room's shape, and compare with the plan's labels. Returns a finding per room whose label disagrees or is missing.",
  audience: ["buyer", "architect", "inspector"],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    commit_score: z.number().min(0.2).max(0.99).default(COMMIT_SCORE).meta(
      fill.preference("vision.commit_score", {
        ask: "How sure must a label be before it is given (0.2–0.99)?",
        label: "the score a room label needs (below it the room is unknown)",
      }),
    ),
  }),
  requires: [{ layer: "plan.rooms" }, { layer: "vision.rooms" }],
  blocks: [
    "VerdictHeader",
    "MetricGrid",
    "CheckList",
    "FindingList",
    "Table",
    "AssumptionList",
    "PlanView",
    "StepLog",
  ],
  draws: ["room"],
  read_only: true,
  async run(ctx, { scan, commit_score }) {
    const plan = ctx.plan(scan);
    const byRoom = sweepsByRoom(plan);
    const rooms = plan.rooms.filter((r) => byRoom.has(r.id));
    // Rooms are judged from their own panoramas and from objects seen into them from others.
    ctx.step(say("step.looking", {
      panoramas: [...byRoom.values()].reduce((n, l) => n + l.length, 0),
      rooms: rooms.length,
      of: plan.rooms.length,
    }));
    const seen = await see(
      ctx,
      scan,
      rooms.flatMap((r) =>
        byRoom.get(r.id)!.map((sweep) => ({ sweep, where: `${roomName(r)}, sweep ${sweep.id}` }))
      ),
    );
    const { byRoom: objectsBy } = objectsInRooms(plan, seen.sights, MIN_OBJECT_SCORE);
    // Every seen room's own guess, and each of its panoramas' (objects it alone sees there).
    const floorOf = (list: Sight[]): RoomEvidence["floor"] => {
      const c = list.flatMap((s) => s.floor ? [s.floor.contrast] : []).sort((a, b) => a - b);
      if (!c.length) return undefined;
      const m = c.length >> 1, contrast = c.length % 2 ? c[m] : (c[m - 1] + c[m]) / 2;
      return { kind: floorKind(contrast), contrast };
    };
    const guessed = new Map<
      string,
      { guess: LabelGuess; panoramas: PanoramaGuess[]; base: RoomEvidence }
    >();
    for (const room of plan.rooms) {
      const usable = seen.sights.filter((s) => s.sweep.room === room.id && s.detections);
      const found = objectsBy.get(room.id);
      if (!usable.length && !found) continue;
      const objects = [...(found?.placed ?? []), ...(found?.unplaced ?? [])]
        .map((d) => ({ label: d.label, score: d.score }));
      const base = roomEvidence(plan, room.id, objects);
      const guess = labelRoom({ ...base, floor: floorOf(usable) }, commit_score);
      const panoramas = usable.map((s) => {
        const own = objectsInRooms(plan, [s], MIN_OBJECT_SCORE).byRoom.get(room.id);
        const objs = [...(own?.placed ?? []), ...(own?.unplaced ?? [])]
          .map((d) => ({ label: d.label, score: d.score }));
        const p = labelRoom({ ...base, objects: objs, floor: floorOf([s]) }, commit_score);
        return { sweep: s.sweep.id, label: p.label, best: p.best, score: round2(p.score) };
      });
      guessed.set(room.id, { guess, panoramas, base });
    }
    // The whole home at once (engines/vision/house.ts): needs filled by the rooms that lose least.
    const house = new Map(
      assignHouse([...guessed].map(([id, x]) => ({
        id,
        scores: softmax(x.guess.logits),
        objects: x.base.objects,
        widest_door_m: x.base.widest_door_m,
      }))).map((h) => [h.id, h]),
    );
    const checks: Check[] = [];
    const findings: Finding[] = [];
    const overlays: Overlay[] = [];
    const table: (string | number | null)[][] = [];
    let agree = 0, disagree = 0, unknown = 0, unlabelled = 0, committed = 0;
    for (const room of plan.rooms) {
      const name = roomName(room);
      const planLabel = room.label === "other" ? undefined : room.label;
      if (!planLabel) unlabelled++;
      const sights = seen.sights.filter((s) => s.sweep.room === room.id);
      const usable = sights.filter((s) => s.detections);
      const found = objectsBy.get(room.id);
      const overlayId = `room:${room.id}`;
      // A finding about a room, its id by kind (unlabelled or disagrees), severity info or warn.
      const about = (kind: string, severity: "info" | "warn", words: ReturnType<typeof finding>) =>
        findings.push({
          id: findingId("room_labels", kind, room.id),
          ...words,
          status: "open",
          severity,
          subject: room.id,
          overlays: [overlayId],
        });
      if (!usable.length && !found) {
        unknown++;
        const why: Unseen = !sights.length
          ? { why: "no_panorama" }
          : { why: "not_seen", missing: sights.map((s) => String(s.missing)) };
        checks.push({
          id: `label:${room.id}`,
          ...coded("room.not_seen", { room: name, ...why }),
          label: say("check.label", { room: name }),
          status: "unknown",
          subject: room.id,
          note: say("note.not_judged", why),
        });
        overlays.push(
          roomOverlay(room, overlayId, "unknown", say("overlay.not_seen", { room: name })),
        );
        if (!planLabel) {
          about("unlabelled", "info", finding("room.unlabelled_unseen", { room: name, ...why }));
        }
        table.push([name, planLabel ?? "(none)", "not judged", null, say("cell.why", why)]);
        continue;
      }
      const { guess: own, panoramas } = guessed.get(room.id)!;
      // The house decides a room its own panoramas leave unknown when it clearly fills a need.
      const h = house.get(room.id);
      const byHouse = own.label === "unknown" && !!h?.need && !!h.clear;
      const guess = byHouse ? { ...own, label: h!.label } : own;
      const parts = room.parts ?? [];
      const judged = planLabel
        ? judgeRoom(guess, panoramas, planLabel, parts)
        : { agreement: "unknown" as const, by: "room" as const };
      const g: GuessData = {
        room: name,
        ...(planLabel ? { plan: planLabel } : {}),
        ...(parts.length ? { parts } : {}),
        label: guess.label,
        guess: guess.label,
        best: guess.best,
        score: guess.score,
        top: guess.top.map((t) => ({ label: t.label, score: round2(t.score) })),
        cues: guess.cues,
        panoramas,
        decided_by: byHouse ? "house" : "room",
        ...(h
          ? { house: { label: h.label, ...(h.need ? { need: h.need, clear: !!h.clear } : {}) } }
          : {}),
        ...(planLabel ? { agreement: judged.agreement, by: judged.by } : {}),
        evidence: guess.evidence,
        shows: shows(guess),
      };
      table.push([
        name,
        planLabel ?? "(none)",
        guess.label,
        round2(guess.score),
        guess.evidence.join("; "),
      ]);
      if (guess.label !== "unknown" || judged.agreement !== "unknown") committed++;
      ctx.step(say("step.labelled", g));
      let status: Check["status"];
      if (!planLabel) {
        if (guess.label === "unknown") {
          unknown++;
          status = "unknown";
          about(
            "unlabelled",
            "info",
            finding("room.unlabelled_undecided", { ...g, commit_score }),
          );
        } else {
          status = "warn";
          about("unlabelled", "info", finding("room.unlabelled_seen", g));
        }
      } else if (judged.agreement === "unknown") {
        unknown++;
        status = "unknown";
      } else if (judged.agreement !== "differs") {
        agree++;
        status = "pass";
      } else {
        disagree++;
        status = "warn";
        about("disagrees", "warn", finding("room.disagrees", { ...g, plan: planLabel }));
      }
      checks.push({
        id: `label:${room.id}`,
        ...coded("room.label", g),
        label: say("check.label", { room: name }),
        status,
        measured: round2(guess.score),
        limit: commit_score,
        subject: room.id,
        note: say("note.label", g),
      });
      overlays.push(roomOverlay(room, overlayId, status, say("overlay.guess", g)));
    }
    const total = plan.rooms.length;
    const metrics: Metric[] = [
      { id: "rooms_with_panoramas", label: "Rooms with panoramas", value: rooms.length },
      { id: "rooms_labelled", label: "Rooms labelled from panoramas", value: committed },
      { id: "rooms_agreeing", label: "Labels agreeing with the plan", value: agree },
      { id: "rooms_disagreeing", label: "Labels disagreeing with the plan", value: disagree },
      { id: "rooms_not_judged", label: "Rooms not judged", value: unknown },
      { id: "rooms_unlabelled", label: "Rooms with no label in the plan", value: unlabelled },
      { id: "panoramas_from_cache", label: "Panoramas from the cache", value: seen.cached },
      { id: "panoramas_searched", label: "Panoramas searched now", value: seen.computed },
    ];
    const verdict = labelsVerdict({
      total,
      agree,
      disagree,
      committed,
      commit_score,
      unavailable: seen.unavailable && !seen.sights.some((s) => s.detections)
        ? seen.unavailable
        : undefined,
    });
    return {
      verdict,
      metrics,
      checks,
      findings,
      overlays,
      assumptions: labelsAssumptions(),
      data: { table: { columns: ["room", "plan", "seen", "score", "evidence"], rows: table } },
    };
  },
});
