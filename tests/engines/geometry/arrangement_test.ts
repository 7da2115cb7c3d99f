/**
 * engines/geometry/arrangement.ts on hand-drawn segment sets whose faces are counted and
 * measured by hand: two rooms sharing a wall (T-junctions), a cross (crossings), a stub and a
 * bridge (removed as loose), a wall stopping short (extended, or not when too short), and a
 * rough outline bending onto wall corners.
 */
import assert from "node:assert/strict";
import {
  arrangementFaces,
  type ArrangementOptions,
  type ArrangementSegment,
} from "../../../engines/geometry/arrangement.ts";
import type { Point } from "../../../ground/plan.ts";

const OPTS: ArrangementOptions = { snap_m: 0.05, extend_m: 0.3 };
let tag = 0;
const seg = (a: Point, b: Point, rank = 0): ArrangementSegment => ({ a, b, tag: tag++, rank });
const ring = (pts: Point[], rank = 0) => pts.map((p, i) => seg(p, pts[(i + 1) % pts.length], rank));
const areas = (segs: ArrangementSegment[], opts = OPTS) =>
  arrangementFaces(segs, opts).faces.map((f) => Math.round(f.area_m2 * 1e6) / 1e6);

Deno.test("arrangement: two rooms sharing a wall that meets the outer walls in T-junctions", () => {
  // A 7 × 3 rectangle of 4 walls and a wall at x = 4 that touches the long walls mid-way.
  const segs = [...ring([[0, 0], [7, 0], [7, 3], [0, 3]]), seg([4, 0], [4, 3])];
  assert.deepEqual(areas(segs), [12, 9]);
  const faces = arrangementFaces(segs, OPTS).faces;
  // Counter-clockwise rings (positive area), and the shared wall bounds both faces.
  const sharedTag = segs[4].tag;
  assert.ok(faces.every((f) => f.edges.some((e) => e.tags.includes(sharedTag))));
  assert.equal(faces[0].perimeter_m, 14);
});

Deno.test("arrangement: crossing walls split each other into four faces", () => {
  const segs = [
    ...ring([[0, 0], [4, 0], [4, 4], [0, 4]]),
    seg([2, 0], [2, 4]),
    seg([0, 2], [4, 2]),
  ];
  assert.deepEqual(areas(segs), [4, 4, 4, 4]);
});

Deno.test("arrangement: a stub and a bridge bound nothing and come back as loose", () => {
  // Room with a 1 m stub into it, and a second room joined to it by a 2 m bridge.
  const a = ring([[0, 0], [3, 0], [3, 3], [0, 3]]);
  const b = ring([[5, 0], [7, 0], [7, 2], [5, 2]]);
  const stub = seg([1, 0], [1, 1]);
  const bridge = seg([3, 1], [5, 1]);
  const out = arrangementFaces([...a, ...b, stub, bridge], OPTS);
  assert.deepEqual(out.faces.map((f) => f.area_m2), [9, 4]);
  const looseTags = out.loose.flatMap((e) => e.tags).sort((x, y) => x - y);
  assert.deepEqual(looseTags, [stub.tag, bridge.tag]);
  assert.equal(out.loose.reduce((s, e) => s + e.length_m, 0), 3);
});

Deno.test("arrangement: a wall stopping short is extended within extend_m, not beyond", () => {
  // The dividing wall stops 0.2 m short of the north wall: extended, two rooms (6 + 6).
  const box = ring([[0, 0], [4, 0], [4, 3], [0, 3]]);
  const short = seg([2, 0], [2, 2.8]);
  const out = arrangementFaces([...box, short], OPTS);
  assert.deepEqual(out.faces.map((f) => f.area_m2), [6, 6]);
  assert.equal(out.extended.length, 1);
  assert.ok(Math.abs(out.extended[0].length_m - 0.2) < 1e-9);
  // 0.31 m short is beyond extend_m = 0.3: one room, the wall loose.
  const shorter = seg([2, 0], [2, 2.69]);
  const out2 = arrangementFaces([...box, shorter], OPTS);
  assert.deepEqual(out2.faces.map((f) => f.area_m2), [12]);
  assert.equal(out2.extended.length, 0);
  assert.deepEqual(out2.loose.flatMap((e) => e.tags), [shorter.tag]);
});

Deno.test("arrangement: end points within snap_m meet; 1 mm beyond they do not", () => {
  // A square whose north-east corner is open by 0.05 m (meets) or 0.051 m (extends instead).
  const open = (gap: number) => [
    seg([0, 0], [3, 0]),
    seg([3, 0], [3, 3 - gap]),
    seg([3, 3], [0, 3]),
    seg([0, 3], [0, 0]),
  ];
  // Snapped: the corner is the mean of (3, 2.95) and (3, 3), so the area is 3 × (2.975 + 3) / 2.
  assert.deepEqual(areas(open(0.05)), [8.9625]);
  const beyond = arrangementFaces(open(0.051), OPTS);
  assert.equal(beyond.extended.length, 1); // closed by extension along the wall's line
  assert.deepEqual(beyond.faces.map((f) => Math.round(f.area_m2 * 1e6) / 1e6), [9]);
  assert.deepEqual(areas(open(0.051), { snap_m: 0.05, extend_m: 0 }), []);
});

Deno.test("arrangement: a rough outline bends onto wall corners near it (outline_snap_m)", () => {
  // Walls: a 4 × 3 room. The outline (rank 1) runs 0.1 m outside its north wall.
  const walls = ring([[0, 0], [4, 0], [4, 3], [0, 3]]);
  const outline = ring([[0, 0], [4, 0], [4, 3.1], [0, 3.1]], 1);
  // Without bending: the room and a 0.4 m² strip; with outline_snap_m = 0.15 the outline's
  // corners move onto the wall corners and the strip is gone.
  assert.deepEqual(areas([...walls, ...outline]), [12, 0.4]);
  assert.deepEqual(areas([...walls, ...outline], { ...OPTS, outline_snap_m: 0.15 }), [12]);
});

Deno.test("arrangement: a free-standing loop of walls in a room is a hole of it", () => {
  // A 6 × 5 room with a 1 × 1 loop (a boxed-in column) inside: the room is 30 − 1 = 29 m².
  const room = ring([[0, 0], [6, 0], [6, 5], [0, 5]]);
  const column = ring([[2, 2], [3, 2], [3, 3], [2, 3]]);
  const faces = arrangementFaces([...room, ...column], OPTS).faces;
  assert.deepEqual(faces.map((f) => f.area_m2), [29, 1]);
  assert.equal(faces[0].holes.length, 1);
  assert.equal(faces[1].holes.length, 0);
});
