/**
 * room_labels: label every room that has panoramas from what they show (fixtures and furniture
 * found by the CenterNet COCO detector) and the room's own geometry (engines/vision/labels.ts),
 * compare with the plan's labels, and report disagreements and unlabelled rooms. The plan's
 * label is never an input to the guess.
 */
import { fill, tool, z } from "../../core/manifest.ts";
import type { Room } from "../../core/plan.ts";
import {
  type Check,
  type Finding,
  findingId,
  type Metric,
  type Overlay,
} from "../../core/result.ts";
import { polygonGeometry } from "../../engines/geometry/geojson.ts";
import {
  COMMIT_SCORE,
  type LabelGuess,
  labelRoom,
  MIN_OBJECT_SCORE,
  SCORE_MEANING,
} from "../../engines/vision/labels.ts";
import { VIEW_SETUP } from "../../engines/vision/panorama.ts";
import { roomEvidence } from "../../engines/vision/room_evidence.ts";
import { objectsInRooms, roomName, see, sweepsByRoom } from "../_vision/see.ts";

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
    ctx.step(
      `Looking at ${
        [...byRoom.values()].reduce((n, l) => n + l.length, 0)
      } panoramas in ${rooms.length} of ${plan.rooms.length} rooms`,
    );
    const seen = await see(
      ctx,
      scan,
      rooms.flatMap((r) =>
        byRoom.get(r.id)!.map((sweep) => ({ sweep, where: `${roomName(r)}, sweep ${sweep.id}` }))
      ),
    );
    const { byRoom: objectsBy } = objectsInRooms(plan, seen.sights, MIN_OBJECT_SCORE);
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
      if (!usable.length && !found) {
        unknown++;
        const why = !sights.length
          ? "no panorama was taken in it"
          : `its panoramas could not be seen: ${sights.map((s) => s.missing).join("; ")}`;
        checks.push({
          id: `label:${room.id}`,
          label: `${name}: label`,
          status: "unknown",
          subject: room.id,
          note: `Not judged: ${why}.`,
        });
        overlays.push(roomOverlay(room, overlayId, "unknown", `${name}: not seen`));
        if (!planLabel) {
          findings.push({
            id: findingId("room_labels", "unlabelled", room.id),
            status: "open",
            severity: "info",
            title: `${name} has no label in the plan, and ${why}`,
            subject: room.id,
            overlays: [overlayId],
          });
        }
        table.push([name, planLabel ?? "(none)", "not judged", null, why]);
        continue;
      }
      const objects = [...(found?.placed ?? []), ...(found?.unplaced ?? [])]
        .map((d) => ({ label: d.label, score: d.score }));
      const guess = labelRoom(roomEvidence(plan, room.id, objects), commit_score);
      const evidence = guess.evidence.join("; ");
      const guessText = guess.label === "unknown"
        ? `unknown (best ${guess.best} ${guess.score.toFixed(2)})`
        : `${guess.label} ${guess.score.toFixed(2)}`;
      table.push([name, planLabel ?? "(none)", guess.label, round2(guess.score), evidence]);
      if (guess.label !== "unknown") committed++;
      ctx.step(`${name} labelled: ${guessText} (the plan says ${planLabel ?? "nothing"})`);
      let status: Check["status"];
      if (guess.label === "unknown") {
        unknown++;
        status = "unknown";
        if (!planLabel) {
          findings.push({
            id: findingId("room_labels", "unlabelled", room.id),
            status: "open",
            severity: "info",
            title: `${name} has no label in the plan; its panoramas do not decide one`,
            detail: `${cap(evidence)}. Best guess ${guess.best}, ${
              guess.score.toFixed(2)
            }, under the ${commit_score} needed.`,
            subject: room.id,
            overlays: [overlayId],
          });
        }
      } else if (!planLabel) {
        status = "warn";
        findings.push({
          id: findingId("room_labels", "unlabelled", room.id),
          status: "open",
          severity: "info",
          title: `${name} has no label in the plan; its panoramas show ${
            shows(guess)
          }: ${guessText}`,
          detail: cap(evidence) + ".",
          subject: room.id,
          overlays: [overlayId],
        });
      } else if (guess.label === planLabel) {
        agree++;
        status = "pass";
      } else {
        disagree++;
        status = "warn";
        findings.push({
          id: findingId("room_labels", "disagrees", room.id),
          status: "open",
          severity: "warn",
          title: `${name}: the plan says ${planLabel}; its panorama shows ${
            shows(guess)
          }: ${guessText}`,
          detail: cap(evidence) + ".",
          subject: room.id,
          overlays: [overlayId],
        });
      }
      checks.push({
        id: `label:${room.id}`,
        label: `${name}: label`,
        status,
        measured: round2(guess.score),
        limit: commit_score,
        subject: room.id,
        note: `Plan: ${planLabel ?? "no label"}. Seen: ${guessText}. ${cap(evidence)}.`,
      });
      overlays.push(roomOverlay(room, overlayId, status, `${name}: ${guessText}`));
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
    const notChecked = total - agree - disagree;
    let verdict;
    if (seen.unavailable && !seen.sights.some((s) => s.detections)) {
      verdict = {
        status: "unknown" as const,
        text: `No room could be labelled: ${seen.unavailable}`,
      };
    } else if (committed === 0) {
      verdict = {
        status: "unknown" as const,
        text:
          `None of the ${total} rooms could be labelled from panoramas with a score of ${commit_score} or more.`,
      };
    } else if (disagree) {
      // Rooms that could not be checked come first (design.md § "Truthful results").
      verdict = {
        status: "warn" as const,
        text: (notChecked
          ? `${notChecked} of ${total} rooms could not be checked against a label; `
          : "") +
          `${disagree}${notChecked ? "" : ` of ${total}`} ${
            disagree === 1 ? "room looks" : "rooms look"
          } like something other than the plan's label.`,
      };
    } else if (notChecked) {
      verdict = {
        status: "unknown" as const,
        text:
          `${notChecked} of ${total} rooms could not be checked against a label; the ${agree} judged agree with the plan.`,
      };
    } else {
      verdict = {
        status: "pass" as const,
        text: `All ${total} rooms look like their plan labels.`,
      };
    }
    return {
      verdict,
      metrics,
      checks,
      findings,
      overlays,
      assumptions: [
        {
          text:
            `Objects are found by CenterNet (COCO classes) in ${VIEW_SETUP.count} views of ${VIEW_SETUP.fov_deg}° per panorama and put in the room their line of sight reaches through doors; an empty house shows fixtures (toilets, sinks, ovens) but rarely furniture, so bedrooms and living rooms are usually judged from geometry or left unknown.`,
        },
        { text: SCORE_MEANING },
      ],
      data: { table: { columns: ["room", "plan", "seen", "score", "evidence"], rows: table } },
    };
  },
});

function roomOverlay(room: Room, id: string, status: Overlay["status"], label: string): Overlay {
  return {
    id,
    kind: "room",
    floor: room.floor,
    geometry: polygonGeometry(room.polygon),
    status,
    label,
  };
}

function shows(g: LabelGuess): string {
  const seen = g.evidence.filter((e) => / seen \(score/.test(e)).map((e) =>
    e.replace(/ seen \(score [0-9.]+\)/, "")
  );
  if (!seen.length) return "no fixtures, and its shape";
  return seen.length === 1 ? seen[0] : `${seen.slice(0, -1).join(", ")} and ${seen.at(-1)}`;
}

const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const round2 = (v: number) => Math.round(v * 100) / 100;
