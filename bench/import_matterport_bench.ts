/**
 * Import benchmarks for the Matterport layers (issue 4), each against a named baseline in the
 * same run (JSON.parse of the same bytes):
 * - a synthetic 2,000-room Model API response (target: under 1 s);
 * - the real Matterport3D connectivity sample and the hand-made .house fixture (under 200 ms).
 */
import { fileURLToPath } from "node:url";
import { parsePlan } from "../ground/plan.ts";
import { matterport } from "../layers/matterport/mod.ts";
import { mp3dConnectivity, mp3dHouse } from "../layers/mp3d/mod.ts";

/**
 * A synthetic Model API response: `rooms` rectangles of 4 m × 3 m in a grid on two floors,
 * neighbours sharing edge and vertex ids, edges listed in scrambled order with flipped vertices,
 * one doorway on every east wall and one sweep per room.
 */
export function syntheticResponse(rooms: number): unknown {
  const cols = 40;
  const perFloor = Math.ceil(rooms / 2);
  const floors = ["floorA", "floorB"];
  const v = (f: number, i: number, j: number) => ({
    id: `v${f}_${i}_${j}`,
    position: { x: i * 4, y: j * 3 },
  });
  const out = [];
  const locations = [];
  for (let k = 0; k < rooms; k++) {
    const f = k < perFloor ? 0 : 1;
    const n = k - f * perFloor;
    const i = n % cols, j = Math.floor(n / cols);
    const [a, b, c, d] = [v(f, i, j), v(f, i + 1, j), v(f, i + 1, j + 1), v(f, i, j + 1)];
    const e = (id: string, p: typeof a, q: typeof a, openings: unknown[] = []) => ({
      id,
      type: "wall",
      centerLineBias: 0.5,
      thickness: 0.12,
      openings,
      vertices: [p, q],
    });
    const door = {
      id: `o${f}_${i + 1}_${j}`,
      width: 0.9,
      height: 2.03,
      lowerElevation: f * 3,
      relativeCenter: 0.5,
      type: "doorway",
    };
    const edges = [
      e(`h${f}_${i}_${j + 1}`, d, c),
      e(`w${f}_${i + 1}_${j}`, c, b, [door]),
      e(`h${f}_${i}_${j}`, a, b),
      e(`w${f}_${i}_${j}`, d, a, i > 0 ? [{ ...door, id: `o${f}_${i}_${j}` }] : []),
    ];
    out.push({
      id: `room${k}`,
      label: "",
      floor: { id: floors[f] },
      classifications: [{
        id: "c",
        label: ["Bedroom", "Kitchen", "Hallway"][k % 3],
        confidence: 0.9,
      }],
      dimensionEstimates: { area: 12, height: 2.5, lowerElevation: f * 3, units: "metric" },
      boundary: { edges },
      holes: [],
    });
    locations.push({
      id: `sweep${k}`,
      position: { x: i * 4 + 2, y: j * 3 + 1.5, z: f * 3 },
      floor: { id: floors[f] },
      room: { id: `room${k}` },
    });
  }
  return {
    data: {
      model: {
        id: "Synthetic2k",
        name: "synthetic",
        floors: floors.map((id, s) => ({ id, sequence: s })),
        rooms: out,
        locations,
      },
    },
  };
}

const big = new TextEncoder().encode(JSON.stringify(syntheticResponse(2000)));
const importBytes = async (imp: typeof matterport, ref: string, bytes: Uint8Array) => {
  const { plan } = await imp.run(ref, bytes, { ref });
  return parsePlan(plan, ref);
};
// Sanity: the synthetic response imports completely.
const check = await importBytes(matterport, "synthetic.json", big);
if (check.plan.rooms.length !== 2000) throw new Error("synthetic response: expected 2000 rooms");

Deno.bench({
  name: "baseline: JSON.parse of the 2,000-room response",
  group: "matterport 2,000 rooms",
  baseline: true,
  fn: () => {
    JSON.parse(new TextDecoder().decode(big));
  },
});
Deno.bench({
  name: "import 2,000-room Matterport response (target < 1 s)",
  group: "matterport 2,000 rooms",
  fn: async () => {
    await importBytes(matterport, "synthetic.json", big);
  },
});

const conn = await Deno.readFile(
  fileURLToPath(
    new URL("../../shared/data/mp3d-sim/17DRP5sb8fy_connectivity.json", import.meta.url),
  ),
);
Deno.bench({
  name: "baseline: JSON.parse of 17DRP5sb8fy_connectivity.json",
  group: "mp3d connectivity",
  baseline: true,
  fn: () => {
    JSON.parse(new TextDecoder().decode(conn));
  },
});
Deno.bench({
  name: "import 17DRP5sb8fy connectivity (target < 200 ms)",
  group: "mp3d connectivity",
  fn: async () => {
    await importBytes(mp3dConnectivity, "17DRP5sb8fy_connectivity.json", conn);
  },
});

const house = await Deno.readFile(
  fileURLToPath(new URL("../fixtures/mp3d/two-level.house", import.meta.url)),
);
Deno.bench({
  name: "baseline: decode and split the .house text",
  group: "mp3d house",
  baseline: true,
  fn: () => {
    new TextDecoder().decode(house).split("\n").map((l) => l.trim().split(/\s+/));
  },
});
Deno.bench({
  name: "import two-level.house fixture (target < 200 ms)",
  group: "mp3d house",
  fn: async () => {
    await importBytes(mp3dHouse, "two-level.house", house);
  },
});
