/** The plan schema's hard bounds (ground/plan.ts PLAN_BOUNDS): at the bound loads, beyond is refused. */
import assert from "node:assert/strict";
import { InputError } from "../../ground/errors.ts";
import { parsePlan, PLAN_BOUNDS } from "../../ground/plan.ts";

const base = (): any => ({
  id: "t",
  floors: [{ id: "f0", index: 0 }],
  rooms: [{ id: "r1", floor: "f0", label: "living", polygon: [[0, 0], [3, 0], [3, 3], [0, 3]] }],
  openings: [{
    id: "d1",
    kind: "door",
    floor: "f0",
    between: ["r1", null],
    at: [1, 0],
    width_m: 0.9,
  }],
});

function bound(edit: (p: any) => void, ok: boolean, pattern?: RegExp) {
  const p = base();
  edit(p);
  if (ok) return void parsePlan(p);
  assert.throws(
    () => parsePlan(p),
    (e: unknown) => e instanceof InputError && (!pattern || pattern.test(e.message)),
  );
}

Deno.test("plan bounds: uncertainty_m up to 1 m", () => {
  bound((p) => p.source = { uncertainty_m: 1 }, true);
  bound((p) => p.source = { uncertainty_m: 1.001 }, false, /source\.uncertainty_m: must be ≤ 1 m/);
  bound((p) => p.source = { uncertainty_m: 1e9 }, false);
});

Deno.test("plan bounds: coordinates within 1e7 m of the origin", () => {
  const c = PLAN_BOUNDS.coordinate_m;
  bound((p) => p.openings[0].at = [c, -c], true);
  bound((p) => p.openings[0].at = [c + 0.001, 0], false, /openings\[0\]\.at\[0\].*≤ 10000000/);
  bound((p) => p.rooms[0].polygon[1] = [-c - 0.001, 0], false, /≥ -10000000/);
});

Deno.test("plan bounds: lengths up to 1,000 m; ids up to 256 characters; list sizes", () => {
  bound((p) => p.openings[0].width_m = 1000, true);
  bound((p) => p.openings[0].width_m = 1000.001, false, /width_m: must be ≤ 1000 m/);
  bound((p) => p.rooms[0].height_m = 1000.001, false, /rooms\[0\]\.height_m: must be ≤ 1000 m/);
  bound((p) => p.floors[0].elevation_m = 10001, false, /elevation/);
  bound((p) => p.id = "x".repeat(256), true);
  bound((p) => p.id = "x".repeat(257), false, /at most 256 characters/);
  bound(
    (p) => p.rooms[0].polygon = Array.from({ length: 10001 }, (_, i) => [i, i % 2]),
    false,
    /at most 10000 points/,
  );
});
