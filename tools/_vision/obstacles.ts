/**
 * Detected objects as obstacles for tools that measure free floor (turning_space, will_it_fit):
 * an input that is off by default. When on, rooms whose plan has no objects get the floor-standing
 * objects seen in their panoramas (placed by engines/vision/place.ts, footprint width × width),
 * and the result says so in an assumption.
 */
import type { Ctx } from "../../core/context.ts";
import type { Obj, Plan } from "../../ground/plan.ts";
import { z } from "../../core/manifest.ts";
import { MIN_OBJECT_SCORE } from "../../engines/vision/labels.ts";
import { objectsInRooms, see, sweepsByRoom } from "./see.ts";
import { say } from "./wording.ts";
import type { Assumption } from "../../core/result.ts";

/** COCO classes that stand on the floor and take floor space. */
export const FLOOR_CLASSES = new Set([
  "bed",
  "couch",
  "chair",
  "dining table",
  "toilet",
  "refrigerator",
  "oven",
  "sink",
  "bench",
  "potted plant",
  "suitcase",
]);

/** The input: off when left out. */
export const detected_objects = z.boolean().optional().meta({
  description:
    "Also count objects a detector finds in the panoramas as obstacles, in rooms whose plan has no objects (no when left out; an assumption when yes).",
});

/**
 * The plan with detected floor-standing objects added to rooms that have none, and the
 * assumption to report. Rooms with objects in the plan are left as they are.
 */
export async function withDetectedObstacles(
  ctx: Ctx,
  scan: string,
  plan: Plan,
): Promise<{ plan: Plan; assumption: Assumption }> {
  const furnished = new Set(plan.objects.map((o) => o.room).filter((r) => r !== undefined));
  const byRoom = sweepsByRoom(plan);
  const bare = plan.rooms.filter((r) => !furnished.has(r.id) && byRoom.has(r.id));
  if (!bare.length) {
    return {
      plan,
      assumption: say.assumption("assumption.all_furnished", {}, { input: "detected_objects" }),
    };
  }
  ctx.step(say.step("step.looking_for_furniture", { rooms: bare.length }));
  const seen = await see(
    ctx,
    scan,
    bare.flatMap((r) => byRoom.get(r.id)!.map((sweep) => ({ sweep, where: `sweep ${sweep.id}` }))),
  );
  const { byRoom: found } = objectsInRooms(plan, seen.sights, MIN_OBJECT_SCORE);
  const added: Obj[] = [];
  for (const r of bare) {
    (found.get(r.id)?.placed ?? []).filter((o) => FLOOR_CLASSES.has(o.label)).forEach((o, k) =>
      added.push({
        id: `detected_${r.id}_${k + 1}`,
        floor: r.floor,
        room: r.id,
        label: `${o.label} (detected)`,
        center: o.center,
        size: o.size,
      })
    );
  }
  const names = [...new Set(added.map((o) => o.label.replace(" (detected)", "")))];
  const problem = seen.unavailable ? { unavailable: seen.unavailable } : {};
  const where = { input: "detected_objects" };
  return {
    plan: { ...plan, objects: [...plan.objects, ...added] },
    assumption: added.length
      ? say.assumption("assumption.detected", {
        objects: added.length,
        rooms: bare.length,
        kinds: names,
        ...problem,
      }, where)
      : say.assumption("assumption.none_detected", { rooms: bare.length, ...problem }, where),
  };
}
