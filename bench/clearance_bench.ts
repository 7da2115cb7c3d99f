/**
 * turning_space's measure on a 500-vertex room with 50 objects (target: under 20 ms), against
 * polylabel alone on the bare room (the baseline: the library call with no clipping).
 */
import polylabel from "polylabel";
import {
  freeFloor,
  largestCircleIn,
  largestInscribedCircle,
} from "../engines/geometry/clearance.ts";
import { busyRoom } from "./_grid_building.ts";
import { parsePlan } from "../ground/plan.ts";
import { loadRegistry } from "../core/registry.ts";
import { runTool } from "../core/run.ts";
import { ran } from "./_done.ts";

const { polygon, obstacles } = busyRoom(500, 50);
const ring = [...polygon, polygon[0]];

Deno.bench({
  name: "polylabel on the bare 500-vertex room, 5 mm",
  group: "turning_space",
  baseline: true,
  fn() {
    (polylabel as unknown as (p: number[][][], precision: number) => unknown)([ring], 0.005);
  },
});

Deno.bench({
  name: "largestInscribedCircle: 500-vertex room minus 50 objects (Clipper) + polylabel, 5 mm",
  group: "turning_space",
  fn() {
    largestInscribedCircle(polygon, obstacles, 0.005);
  },
});

const free = freeFloor(polygon, obstacles);
Deno.bench({
  name: "largestCircleIn alone on the clipped free floor, 5 mm",
  group: "turning_space",
  fn() {
    largestCircleIn(free, 0.005);
  },
});

const tool = (await loadRegistry()).require("turning_space");
const plan = parsePlan({
  id: "busy",
  floors: [{ id: "f0", index: 0 }],
  rooms: [{ id: "hall", floor: "f0", label: "living", polygon }],
  objects: obstacles.map((o, i) => {
    // Back from corners to centre, size and yaw, as a scan would give them.
    const cx = o.reduce((s, p) => s + p[0], 0) / 4, cy = o.reduce((s, p) => s + p[1], 0) / 4;
    const w = Math.hypot(o[1][0] - o[0][0], o[1][1] - o[0][1]);
    const d = Math.hypot(o[3][0] - o[0][0], o[3][1] - o[0][1]);
    const yaw = (Math.atan2(o[1][1] - o[0][1], o[1][0] - o[0][0]) * 180) / Math.PI;
    return {
      id: `o${i}`,
      floor: "f0",
      room: "hall",
      label: "table",
      center: [cx, cy] as [number, number],
      size: [w, d] as [number, number],
      yaw_deg: yaw,
    };
  }),
});
Deno.bench({
  name: "turning_space tool, whole run on that room (inputs, circle, result validation)",
  group: "turning_space",
  async fn() {
    await ran(runTool(tool, { plans: { busy: plan }, set: { scan: "busy" } }), "turning_space");
  },
});
