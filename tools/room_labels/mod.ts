/**
 * room_labels: label every room that has panoramas from what they show (fixtures and furniture
 * found by the CenterNet COCO detector) and the room's own geometry (engines/vision/labels.ts),
 * compare with the plan's labels, and report disagreements and unlabelled rooms. The plan's
 * label is never an input to the guess.
 */
import { fill, tool, z } from "../../core/manifest.ts";
import { named } from "../_shared/refs.ts";
import type { Room } from "../../ground/plan.ts";
import { coded } from "../../core/wording.ts";
import type { Said } from "../../core/result.ts";
import {
  type Check,
  type Finding,
  findingId,
  type Metric,
  type Overlay,
} from "../../core/result.ts";
import { COMMIT_SCORE, MIN_OBJECT_SCORE } from "../../engines/vision/labels.ts";
import { guessData, guessRooms, type RoomGuess } from "./guess.ts";
import { objectsInRooms, roomName, see, sweepsByRoom } from "../_vision/see.ts";
import {
  finding,
  labelsAssumptions,
  labelsVerdict,
  roomOverlay,
  say,
  type Unseen,
} from "./report.ts";
import { round } from "../../ground/text.ts";

export default named(tool({
  id: "room_labels",
  title: "Room labels from panoramas",
  summary: "What each room looks like in its panoramas, against the plan's labels.",
  model_description:
    "Check the room labels of one scan against its panoramas: label every room that has panoramas from the fixtures and furniture a detector finds in them and the room's shape, and compare with the plan's labels. Returns a finding per room whose label disagrees or is missing.",
  audience: ["buyer", "architect", "inspector"],
  subjects: ["panoramas", "room"],
  questions: [
    "Do the plan's room labels match what the panoramas show?",
    "Which rooms are mislabelled?",
    "What kind of room is the unlabelled one, judging by its photos?",
    "Label the rooms from the 360 images",
    "Which room labels disagree with the photos?",
    "Are the rooms labelled correctly?",
  ],
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
    ctx.step(say.step("step.looking", {
      panoramas: [...byRoom.values()].reduce((n, l) => n + l.length, 0),
      rooms: rooms.length,
      of: plan.rooms.length,
    }));
    const seen = await see(
      ctx,
      scan,
      rooms.flatMap((r) =>
        byRoom.get(r.id)!.map((sweep) => ({ sweep, where: `sweep ${sweep.id}` }))
      ),
    );
    const { byRoom: objectsBy } = objectsInRooms(plan, seen.sights, MIN_OBJECT_SCORE);
    // Every seen room's own guess, each of its panoramas', and the house's (guess.ts).
    const guessed = guessRooms(plan, seen.sights, objectsBy, commit_score);
    const checks: Check[] = [];
    const findings: Finding[] = [];
    const overlays: Overlay[] = [];
    const table: (string | number | null)[][] = [];
    let agree = 0, disagree = 0, unknown = 0, unlabelled = 0, committed = 0;
    for (const room of plan.rooms) {
      const j = judgeLabel(
        room,
        seen.sights,
        objectsBy.get(room.id),
        guessed.get(room.id),
        commit_score,
      );
      if (j.step) ctx.step(j.step);
      checks.push(j.check);
      overlays.push(j.overlay);
      if (j.finding) findings.push(j.finding);
      table.push(j.row);
      if (!j.plan_label) unlabelled++;
      if (j.committed) committed++;
      if (j.check.status === "unknown") unknown++;
      else if (j.outcome === "agree") agree++;
      else if (j.outcome === "disagree") disagree++;
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
}));

type Sight = Awaited<ReturnType<typeof see>>["sights"][number];
type Found = ReturnType<typeof objectsInRooms>["byRoom"] extends Map<string, infer V> ? V : never;

/**
 * One room's label judged: from its own panoramas and objects seen into it (engines/vision),
 * against the plan's label. Its check, overlay, table row and finding, the step that says what
 * it was labelled, and how it came out (agree, disagree, or neither).
 */
function judgeLabel(
  room: Room,
  allSights: Sight[],
  found: Found | undefined,
  guessed: RoomGuess | undefined,
  commit_score: number,
): LabelJudged {
  const name = roomName(room);
  const planLabel = room.label === "other" ? undefined : room.label;
  const sights = allSights.filter((s) => s.sweep.room === room.id);
  const usable = sights.filter((s) => s.detections);
  const overlayId = `room:${room.id}`;
  const about = (kind: string, severity: "info" | "warn", words: ReturnType<typeof finding>) => ({
    id: findingId("room_labels", kind, room.id),
    status: "open" as const,
    severity,
    ...words,
    subject: room.id,
    overlays: [overlayId],
  });
  const base = { plan_label: planLabel, committed: false };
  if (!usable.length && !found) {
    const why: Unseen = !sights.length
      ? { why: "no_panorama" }
      : { why: "not_seen", missing: sights.map((s) => String(s.missing)) };
    return {
      ...base,
      outcome: "unseen" as const,
      check: {
        id: `label:${room.id}`,
        ...coded("room.not_seen", { room: name, ...why }),
        label: say("check.label", { room: name }),
        status: "unknown" as const,
        subject: room.id,
        note: say("note.not_judged", why),
      },
      overlay: roomOverlay(room, overlayId, "unknown", say("overlay.not_seen", { room: name })),
      ...(planLabel ? {} : {
        finding: about(
          "unlabelled",
          "info",
          finding("room.unlabelled_unseen", { room: name, ...why }),
        ),
      }),
      row: [name, planLabel ?? "(none)", "not judged", null, say("cell.why", why)] as Cell[],
    };
  }
  const { guess, g, judged } = guessData(room, name, planLabel, guessed!, commit_score);
  let status: Check["status"];
  let outcome: "agree" | "disagree" | "neither" = "neither";
  let f: Finding | undefined;
  if (!planLabel) {
    if (guess.label === "unknown") {
      status = "unknown";
      f = about("unlabelled", "info", finding("room.unlabelled_undecided", { ...g, commit_score }));
    } else {
      status = "warn";
      f = about("unlabelled", "info", finding("room.unlabelled_seen", g));
    }
  } else if (judged.agreement === "unknown") {
    status = "unknown";
  } else if (judged.agreement !== "differs") {
    // The plan's label, or (an open plan) a part of it.
    status = "pass";
    outcome = "agree";
  } else {
    status = "warn";
    outcome = "disagree";
    f = about("disagrees", "warn", finding("room.disagrees", { ...g, plan: planLabel }));
  }
  return {
    ...base,
    committed: guess.label !== "unknown" || judged.agreement !== "unknown",
    outcome,
    step: say.step("step.labelled", g),
    check: {
      id: `label:${room.id}`,
      ...coded("room.label", g),
      label: say("check.label", { room: name }),
      status,
      measured: round(guess.score, 2),
      limit: commit_score,
      subject: room.id,
      note: say("note.label", g),
    } as Check,
    overlay: roomOverlay(room, overlayId, status, say("overlay.guess", g)),
    ...(f ? { finding: f } : {}),
    row: [
      name,
      planLabel ?? "(none)",
      guess.label,
      round(guess.score, 2),
      guess.evidence.join("; "),
    ] as Cell[],
  };
}

type Cell = string | number | null;

/** One room's label judged, as judgeLabel returns it. */
interface LabelJudged {
  plan_label?: string;
  committed: boolean;
  outcome: "unseen" | "agree" | "disagree" | "neither";
  /** The step saying what it was labelled (none when it could not be seen). */
  step?: Said;
  check: Check;
  overlay: Overlay;
  finding?: Finding;
  row: Cell[];
}
