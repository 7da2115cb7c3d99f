/**
 * room_objects: what stands in each room, from its panoramas. Each object the CenterNet COCO
 * detector finds is put on the plan from its bearing, the sweep's heading and camera height
 * (engines/vision/place.ts: flat floor, the box's bottom edge on it), with an uncertainty;
 * sightings from two sweeps of one room are merged.
 */
import { fill, tool, z } from "../../core/manifest.ts";
import { named } from "../_shared/refs.ts";
import type { Room } from "../../ground/plan.ts";
import type { Check, Metric, Overlay } from "../../core/result.ts";
import { coded } from "../../core/wording.ts";
import { say, type Tally } from "./wording.ts";
import { MIN_OBJECT_SCORE } from "../../engines/vision/labels.ts";
import {
  DEFAULT_CAMERA_HEIGHT_M,
  objectsInRooms,
  roomName,
  see,
  type Sight,
  sweepsByRoom,
} from "../_vision/see.ts";
import { round } from "../../ground/text.ts";

export default named(tool({
  id: "room_objects",
  title: "Objects in each room",
  summary: "Fixtures and furniture seen in the panoramas, placed on the plan.",
  model_description:
    "List what stands in each room of one scan (toilets, sinks, ovens, beds, sofas …) as a detector finds it in the room's panoramas: class, count and plan positions with their uncertainty.",
  audience: ["buyer", "mover", "architect"],
  subjects: ["panoramas", "room", "item"],
  questions: [
    "What furniture do the panoramas show in each room?",
    "Which objects are in the kitchen, from the photos?",
    "Is there a toilet and a sink in the WC pictures?",
    "List the fixtures and furniture seen in the 360 images",
    "How many beds and sofas can be seen?",
    "Which rooms already have furniture in them?",
    "What can be seen in the living room photos?",
  ],
  inputs: z.object({
    scan: z.string().min(1).meta(fill.selection()),
    min_score: z.number().min(0.2).max(0.99).default(MIN_OBJECT_SCORE).meta(
      fill.preference("vision.min_object_score", {
        ask: "How sure must the detector be of an object before it is listed (0.2–0.99)?",
        label: "the detector score an object needs",
      }),
    ),
  }),
  requires: [{ layer: "plan.rooms" }, { layer: "vision.objects" }],
  blocks: ["VerdictHeader", "MetricGrid", "Table", "AssumptionList", "PlanView", "StepLog"],
  draws: ["circle"],
  read_only: true,
  async run(ctx, { scan, min_score }) {
    const plan = ctx.plan(scan);
    const byRoom = sweepsByRoom(plan);
    const rooms = plan.rooms.filter((r) => byRoom.has(r.id));
    ctx.step(say.step("step.looking", { rooms: rooms.length, of: plan.rooms.length }));
    const seen = await see(
      ctx,
      scan,
      rooms.flatMap((r) =>
        byRoom.get(r.id)!.map((sweep) => ({ sweep, where: `sweep ${sweep.id}` }))
      ),
    );
    const assumptions: { text: string }[] = [
      say.assumption("assumption.line_of_sight", {}),
      say.assumption("assumption.flat_floor", {}),
    ];
    const { byRoom: objectsBy, assumedHeight, noHeading } = objectsInRooms(
      plan,
      seen.sights,
      min_score,
    );
    const overlays: Overlay[] = [];
    const checks: Check[] = [];
    const table: (string | number)[][] = [];
    const perRoom: Record<string, unknown>[] = [];
    let total = 0, unplaced = 0, notSeen = 0;
    const shown = plan.rooms.filter((r) => byRoom.has(r.id) || objectsBy.has(r.id));
    for (const room of shown) {
      const name = roomName(room);
      const sights = seen.sights.filter((s) => s.sweep.room === room.id);
      const found = objectsBy.get(room.id) ?? { placed: [], unplaced: [] };
      if (sights.length && !sights.some((s) => s.detections) && !objectsBy.has(room.id)) {
        notSeen++;
        const why = sights.map((s) => String(s.missing));
        checks.push({
          id: `objects:${room.id}`,
          ...coded("room.not_seen", { room: name, why }),
          label: say("check.objects", { room: name }),
          status: "unknown",
          subject: room.id,
          note: say("note.not_seen", { why }),
        });
        continue;
      }
      const listed = listObjects(room, name, found);
      total += listed.count;
      unplaced += found.unplaced.length;
      overlays.push(...listed.overlays);
      table.push(...listed.rows);
      perRoom.push({ room: room.id, name, objects: listed.objects, unplaced: found.unplaced });
      checks.push({
        id: `objects:${room.id}`,
        ...coded("room.objects", { room: name, classes: listed.classes, count: listed.count }),
        label: say("check.objects", { room: name }),
        status: "pass",
        measured: listed.count,
        subject: room.id,
        note: say("note.seen", { classes: listed.classes }),
      });
    }
    if (assumedHeight.length) {
      assumptions.push(say.assumption("assumption.camera_height", {
        sweeps: assumedHeight.length,
        height_m: DEFAULT_CAMERA_HEIGHT_M,
      }));
    }
    if (noHeading.length) {
      assumptions.push(say.assumption("assumption.no_heading", { sweeps: noHeading }));
    }
    const seenRooms = shown.length - notSeen;
    const metrics: Metric[] = [
      { id: "objects", label: "Objects seen", value: total },
      { id: "objects_unplaced", label: "Objects seen but not placed", value: unplaced },
      { id: "rooms_seen", label: "Rooms seen", value: seenRooms },
      { id: "rooms_not_seen", label: "Rooms with panoramas not seen", value: notSeen },
      { id: "panoramas_from_cache", label: "Panoramas from the cache", value: seen.cached },
      { id: "panoramas_searched", label: "Panoramas searched now", value: seen.computed },
    ];
    const tally: Tally = {
      rooms: plan.rooms.length,
      seen: seenRooms,
      unreadable: notSeen,
      objects: total,
    };
    const verdict = seenRooms === 0
      ? seen.unavailable
        ? say.verdict("unknown", "verdict.unavailable", { why: seen.unavailable })
        : say.verdict("unknown", "verdict.none_seen", unseenWhy(plan.rooms.length, seen.sights))
      : plan.rooms.length - seenRooms
      ? say.verdict("unknown", "verdict.some_unseen", tally)
      : say.verdict("pass", "verdict.all_seen", tally);
    return {
      verdict,
      metrics,
      checks,
      overlays,
      assumptions,
      data: {
        table: { columns: ["room", "object", "count", "positions"], rows: table },
        rooms: perRoom,
      },
    };
  },
}));

type Found = ReturnType<typeof objectsInRooms>["byRoom"] extends Map<string, infer V> ? V : never;

/**
 * A room's objects as results: each placed object as a circle of its uncertainty and as data
 * (rounded to millimetres), a table row per class (placed positions, then bearings of those
 * not placed), the classes seen and how many.
 */
function listObjects(room: Room, name: string, found: Found) {
  const merged = found.placed, bearingsOnly = found.unplaced;
  const classes = [...new Set([...merged, ...bearingsOnly].map((o) => o.label))].sort();
  const overlays: Overlay[] = [];
  const objects = merged.map((o, k) => {
    overlays.push({
      id: `object:${room.id}:${k + 1}`,
      kind: "circle",
      floor: room.floor,
      geometry: { type: "Point", coordinates: [round(o.center[0], 3), round(o.center[1], 3)] },
      radius_m: round(o.uncertainty_m, 3),
      label: say("overlay.object", { label: o.label, score: o.score }),
    });
    return {
      label: o.label,
      score: round(o.score, 3),
      center: [round(o.center[0], 3), round(o.center[1], 3)] as [number, number],
      size: [round(o.size[0], 3), round(o.size[1], 3)],
      uncertainty_m: round(o.uncertainty_m, 3),
      sweeps: o.sweeps,
      ...(o.at_wall ? { at_wall: true } : {}),
    };
  });
  const rows = classes.map((cls) => {
    const here = objects.filter((o) => o.label === cls);
    const far = bearingsOnly.filter((o) => o.label === cls);
    return [
      name,
      cls,
      here.length + far.length,
      [...here.map((o) => say("cell.placed", o)), ...far.map((o) => say("cell.bearing", o))]
        .join("; "),
    ];
  });
  return { objects, overlays, rows, classes, count: merged.length + bearingsOnly.length };
}

/** Why no room was seen: the first missing panorama's sentence, the count of others, the codes. */
function unseenWhy(rooms: number, sights: Sight[]) {
  const missing = sights.filter((s) => s.missing !== undefined);
  if (!missing.length) return { rooms };
  const codes = [...new Set(missing.map((s) => s.missing_code ?? "panorama.unreadable"))];
  return { rooms, why: missing[0].missing!, others: missing.length - 1, codes };
}
