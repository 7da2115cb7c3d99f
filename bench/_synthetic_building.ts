/**
 * A synthetic building for benchmarks: `floors` floors of a `cols` × `rows` grid of 4 × 4 m
 * rooms (1,000 rooms by default: 10 floors of 10 × 10), with a door between each pair of
 * neighbours in a row, a corridor door down each column, a window on every outside room,
 * one stair per floor pair, a front door and a ramp, and a bed or a cabinet in some rooms.
 * Labels cycle through the vocabulary so every kind of rule has subjects.
 */
import { type LoadedPlan, parsePlan, type PlanInput, type RoomLabel } from "../ground/plan.ts";

const LABELS: RoomLabel[] = [
  "bedroom",
  "hallway",
  "living",
  "bathroom",
  "kitchen",
  "toilet",
  "office",
  "dining",
  "closet",
  "laundry",
];

/** Builds and validates the synthetic plan. */
export function syntheticBuilding(floors = 10, cols = 10, rows = 10): LoadedPlan {
  const s = 4;
  const plan: PlanInput = {
    id: "synthetic",
    name: `Synthetic ${floors * cols * rows}-room building`,
    floors: [],
    rooms: [],
    openings: [],
    verticals: [],
    objects: [],
  };
  for (let f = 0; f < floors; f++) {
    const fid = `f${f}`;
    plan.floors!.push({ id: fid, index: f, elevation_m: f * 3 });
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const id = `r${f}_${x}_${y}`;
        const label = LABELS[(x + y * 3 + f) % LABELS.length];
        plan.rooms!.push({
          id,
          floor: fid,
          label,
          polygon: [[x * s, y * s], [x * s + s, y * s], [x * s + s, y * s + s], [x * s, y * s + s]],
          height_m: 2.4 + ((x + y) % 4) * 0.05,
        });
        if (x > 0) {
          plan.openings!.push({
            id: `d${f}_${x}_${y}`,
            kind: "door",
            floor: fid,
            between: [`r${f}_${x - 1}_${y}`, id],
            at: [x * s, y * s + s / 2],
            width_m: 0.8 + (x % 3) * 0.05,
            height_m: 2.0,
            ...(x % 2 ? { threshold_m: 0.01 } : {}),
          });
        }
        if (y > 0 && x === 0) {
          plan.openings!.push({
            id: `c${f}_${y}`,
            kind: "opening",
            floor: fid,
            between: [`r${f}_0_${y - 1}`, id],
            at: [s / 2, y * s],
            width_m: 1.0,
            height_m: 2.1,
          });
        }
        if (y === 0 || x === cols - 1) {
          plan.openings!.push({
            id: `w${f}_${x}_${y}`,
            kind: "window",
            floor: fid,
            between: [id, null],
            at: y === 0 ? [x * s + s / 2, 0] : [cols * s, y * s + s / 2],
            width_m: 1.2,
            height_m: 1.2,
            sill_m: 0.9,
          });
        }
        if ((x + y) % 3 === 0) {
          plan.objects!.push({
            id: `o${f}_${x}_${y}`,
            floor: fid,
            room: id,
            label: label === "bedroom" ? "bed" : "cabinet",
            center: [x * s + 1, y * s + 1],
            size: [1.6, 1.2],
          });
        }
      }
    }
    if (f > 0) {
      plan.verticals!.push({
        id: `s${f}`,
        kind: "stair",
        from_floor: `f${f - 1}`,
        to_floor: fid,
        rooms: [`r${f - 1}_0_0`, `r${f}_0_0`],
        rise_m: 3,
        going_m: 0.26,
        width_m: 1.0,
        risers: 16,
      });
    }
  }
  plan.openings!.push({
    id: "front",
    kind: "door",
    floor: "f0",
    between: ["r0_0_0", null],
    at: [0, s / 2],
    width_m: 1.0,
    height_m: 2.1,
    threshold_m: 0.015,
    main_entrance: true,
  });
  plan.verticals!.push({
    id: "ramp",
    kind: "ramp",
    from_floor: "f0",
    to_floor: "f0",
    rooms: ["r0_0_0"],
    rise_m: 0.3,
    going_m: 4,
    width_m: 1.2,
  });
  return parsePlan(plan, "bench/_synthetic_building.ts");
}
