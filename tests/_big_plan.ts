/**
 * Test helper: a big synthetic plan for limit tests (run and import time limits).
 */
import { parsePlan } from "../ground/plan.ts";

/** A side × side grid of 4 m rooms, 2.5 m high, each joined to its left and lower neighbour. */
export function gridPlan(side: number) {
  const rooms = [], openings = [];
  for (let i = 0; i < side * side; i++) {
    const col = i % side, row = Math.floor(i / side);
    const x = col * 4, y = row * 4;
    rooms.push({
      id: `r${i}`,
      name: `Room ${i}`,
      floor: "f0",
      label: i === 0 ? "entrance" as const : "bedroom" as const,
      polygon: [[x, y], [x + 4, y], [x + 4, y + 4], [x, y + 4]] as [number, number][],
      height_m: 2.5,
    });
    const door = (id: string, a: string, at: [number, number]) =>
      openings.push({
        id,
        kind: "door" as const,
        floor: "f0",
        between: [a, `r${i}`] as [string, string],
        at,
        width_m: 0.9,
        height_m: 2.1,
      });
    if (col) door(`d${i}`, `r${i - 1}`, [x, y + 2]);
    if (row) door(`v${i}`, `r${i - side}`, [x + 2, y]);
    if (row === side - 1) {
      openings.push({
        id: `w${i}`,
        kind: "window" as const,
        floor: "f0",
        between: [`r${i}`, null] as unknown as [string, string],
        at: [x + 2, y + 4] as [number, number],
        width_m: 1.2,
        height_m: 1.2,
        sill_m: 0.9,
      });
    }
  }
  openings.push({
    id: "front",
    kind: "door",
    floor: "f0",
    between: ["r0", null] as unknown as [string, string],
    at: [2, 0],
    width_m: 1,
    height_m: 2.1,
    main_entrance: true,
  } as never);
  return parsePlan({
    id: "big",
    floors: [{ id: "f0", index: 0 }],
    rooms,
    openings,
    site: { lat: 51.5, lon: -0.12, north_deg: 0 },
  } as never);
}
