/**
 * The panorama detector's steps, shared by the tools that look at panoramas (room_labels,
 * room_objects, and the obstacles step of step_free_route, turning_space and will_it_fit),
 * made in one place from codes and data (core/wording.ts).
 */
import { wording } from "../../core/wording.ts";

/** One object seen, with the detector's score. */
export interface SeenObject {
  label: string;
  score: number;
}

/** What each sentence needs, by code. */
export interface Messages {
  "step.looking_for_furniture": { rooms: number };
  /** A sweep's objects, seen before (from the cache) or just now. */
  "step.sweep_seen": { where: string; objects: SeenObject[]; cached: boolean };
  "step.view_searched": {
    where: string;
    view: number;
    views: number;
    yaw_deg: number;
    found: SeenObject[];
  };
  "assumption.all_furnished": Record<string, never>;
  /** `unavailable`: why the detector could not be used, where it could not. */
  "assumption.detected": { objects: number; rooms: number; kinds: string[]; unavailable?: string };
  "assumption.none_detected": { rooms: number; unavailable?: string };
}

const listed = (d: SeenObject[]) => d.map((x) => `${x.label} ${x.score.toFixed(2)}`).join(", ");

const problem = (d: { unavailable?: string }) => d.unavailable ? ` ${d.unavailable}` : "";

export const say = wording<Messages>({
  "assumption.all_furnished": () =>
    "Detected objects were asked for, but every room with panoramas already has objects in the plan; the plan's are used.",
  "assumption.detected": (d) =>
    `${d.objects} object(s) detected in the panoramas of ${d.rooms} room(s) without objects in the plan are counted as obstacles (${
      d.kinds.join(", ")
    }), each as a square as wide as it looks, placed to within its uncertainty.${problem(d)}`,
  "assumption.none_detected": (d) =>
    `No floor-standing object was detected in the panoramas of the ${d.rooms} room(s) without objects in the plan; they are taken as empty.${
      problem(d)
    }`,
  "step.looking_for_furniture": (d) =>
    `Looking for furniture in the panoramas of ${d.rooms} room(s) without objects`,
  "step.sweep_seen": (d) =>
    `${d.where}: ${
      d.objects.length ? `${d.objects.length} object(s): ${listed(d.objects)}` : "no objects"
    }${d.cached ? " (seen before; from the cache)" : ""}`,
  "step.view_searched": (d) =>
    `${d.where}: view ${d.view} of ${d.views} (yaw ${d.yaw_deg}°) cut and searched: ${
      d.found.length ? listed(d.found) : "nothing"
    }`,
});
