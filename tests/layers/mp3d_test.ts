/**
 * Matterport3D importers (layers/mp3d): the hand-made `.house` fixture (fixtures/mp3d/, written
 * to the format in shared/reference/data-formats.md §2.1 and mp.cpp's reader), header-count
 * checks, the mpcat40 table, and the real simulator connectivity sample (§2.3).
 */
import assert from "node:assert/strict";
import { InputError } from "../../ground/errors.ts";
import { hasLayer } from "../../core/layers.ts";
import type { Plan } from "../../ground/plan.ts";
import { runTool } from "../../core/run.ts";
import { detectImporter, importSource } from "../../layers/mod.ts";
import { signedArea_m2 } from "../../engines/geometry/polygon.ts";
import { boxFootprint, mp3dConnectivity, mp3dHouse, parseHouse } from "../../layers/mp3d/mod.ts";
import ceilingHeight from "../../tools/ceiling_height/mod.ts";
import { fixture, sharedData } from "../_data.ts";
import { rejectedBy } from "../_assert.ts";
import { assertGolden } from "../_golden.ts";

const HOUSE = fixture("mp3d/two-level.house");
const houseText = () => Deno.readTextFileSync(HOUSE);
const enc = (s: string) => new TextEncoder().encode(s);
const room = (p: Plan, id: string) => {
  const r = p.rooms.find((x) => x.id === id);
  assert.ok(r, `room ${id} is missing`);
  return r;
};
const opening = (p: Plan, id: string) => {
  const o = p.openings.find((x) => x.id === id);
  assert.ok(o, `opening ${id} is missing`);
  return o;
};

/** Every .house error message below, for the golden file of their wording. */
const HOUSE_MESSAGES: string[] = [];

/** Runs the .house importer on edited fixture text and returns its InputError. */
async function houseError(text: string): Promise<InputError> {
  const e = await rejectedBy(
    mp3dHouse.run("bad.house", enc(text), { ref: "bad.house" }),
    InputError,
  );
  HOUSE_MESSAGES.push(e.message);
  return e;
}

/** Replaces the n-th whitespace token of the first line starting with `prefix`. */
function editToken(text: string, prefix: string, n: number, value: string): string {
  const lines = text.split("\n");
  const i = lines.findIndex((l) => l.startsWith(prefix));
  const t = lines[i].trim().split(/\s+/);
  t[n] = value;
  lines[i] = t.join(" ");
  return lines.join("\n");
}

// --- .house -----------------------------------------------------------------------------------

Deno.test(".house fixture: levels → floors, regions → rooms with footprints and heights", async () => {
  assert.equal(detectImporter(HOUSE, await Deno.readFile(HOUSE)).format, "mp3d-house");
  const { loaded, report } = await importSource(HOUSE);
  const p = loaded.plan;
  assert.equal(p.id, "mp3d-threshold-fixture");
  assert.deepEqual(p.floors.map((f) => [f.id, f.elevation_m]), [["level0", 0], ["level1", 3]]);
  // Region 5 is labelled Z (junk) and left out.
  assert.deepEqual(p.rooms.map((r) => [r.id, r.label, r.floor]), [
    ["region0", "kitchen", "level0"],
    ["region1", "living", "level0"],
    ["region2", "hallway", "level0"],
    ["region3", "bedroom", "level1"],
    ["region4", "bathroom", "level1"],
  ]);
  // Areas by hand: 4×3, the L 5×5 − 2×2, 6×2, 5×4, 3×4.
  assert.deepEqual(p.rooms.map((r) => signedArea_m2(r.polygon)), [12, 21, 12, 20, 12]);
  assert.deepEqual(p.rooms.map((r) => r.height_m), [2.5, 2.7, 2.4, 2.45, 2.05]);
  assert.equal(room(p, "region1").name, "living room");
  assert.ok(report.warnings.some((w) => w.includes("labelled Z")));
  assert.equal(report.counts?.regions, 6);
});

Deno.test(".house fixture: door objects on a region boundary become door openings", async () => {
  const { loaded, report } = await importSource(HOUSE);
  const p = loaded.plan;
  const d0 = opening(p, "door0");
  assert.deepEqual([...d0.between].sort(), ["region0", "region1"]);
  assert.deepEqual(d0.at, [4, 1.5]);
  assert.equal(d0.width_m, 0.9); // radius 0.45 along the wall
  assert.equal(d0.height_m, 2); // radius 1 up
  assert.deepEqual([...opening(p, "door1").between].sort(), ["region0", "region2"]);
  assert.equal(opening(p, "door1").width_m, 0.8);
  // The front door sits on the hallway's outer wall: the other side is the outside.
  assert.deepEqual(opening(p, "door2").between, ["region2", null]);
  assert.equal(opening(p, "door2").width_m, 0.95);
  const d3 = opening(p, "door3");
  assert.equal(d3.floor, "level1");
  assert.deepEqual([...d3.between].sort(), ["region3", "region4"]);
  // Object 4 is a door in the middle of the living room: no opening.
  assert.ok(!p.openings.some((o) => o.id === "door4"));
  assert.ok(report.warnings.some((w) => w.includes("object4")));
  // The portal line: span (4.5,3,0)–(5.5,3,2.1).
  const portal = opening(p, "portal0");
  assert.deepEqual([portal.kind, portal.at, portal.width_m, portal.height_m], [
    "opening",
    [5, 3],
    1,
    2.1,
  ]);
  assert.deepEqual([...portal.between].sort(), ["region1", "region2"]);
  assert.equal(p.openings.length, 5);
});

Deno.test(".house fixture: objects keep their mpcat40 category; panoramas become sweeps", async () => {
  const { loaded } = await importSource(HOUSE);
  const p = loaded.plan;
  assert.equal(p.objects.length, 10);
  const labels = p.objects.map((o) => o.label);
  assert.deepEqual(labels.filter((l) => l === "door").length, 5);
  const bed = p.objects.find((o) => o.label === "bed")!;
  // axis0 (0.6, 0.8, 0) radius 1, axis1 (−0.8, 0.6, 0) radius 0.8, up radius 0.3:
  // 2 m × 1.6 m, yaw atan2(0.8, 0.6) = 53.130102°, 0.6 m high.
  assert.deepEqual(bed.size, [2, 1.6]);
  assert.equal(bed.yaw_deg, 53.130102);
  assert.equal(bed.height_m, 0.6);
  assert.equal(bed.room, "region3");
  assert.equal(bed.floor, "level1");
  assert.equal(p.sweeps.length, 4);
  const s3 = p.sweeps.find((s) => s.id === "3d4e5f60718243940516c7d8e9f0a1b3")!;
  assert.deepEqual([s3.floor, s3.room, s3.at], ["level1", "region3", [2.5, 2, 4.5]]);
});

Deno.test(".house C lines agree with the mpcat40 table (metadata/mpcat40.tsv)", () => {
  const tsv = Deno.readTextFileSync(sharedData("mp3d-meta/mpcat40.tsv")).trim().split("\n");
  const header = tsv[0].split("\t");
  const iIndex = header.indexOf("mpcat40index"), iName = header.indexOf("mpcat40");
  const names = new Map(
    tsv.slice(1).map((l) => {
      const c = l.split("\t");
      return [Number(c[iIndex]), c[iName]];
    }),
  );
  assert.equal(names.get(4), "door");
  const house = parseHouse(houseText(), HOUSE);
  assert.equal(house.categories.length, 6);
  for (const c of house.categories) {
    assert.equal(names.get(c.mpcat40_index), c.mpcat40_name, `C ${c.index}`);
  }
  // '#' in a category name is a space (mp.cpp writes spaces as '#').
  assert.equal(house.categories[4].mapping_name, "kitchen counter");
  assert.equal(house.images[0].extrinsics[3], 2);
  assert.equal(house.segments[2].area_m2, 3.2);
});

Deno.test(".house: a header count that does not match is an error naming the line type", async () => {
  const text = houseText();
  // H field 9 is #regions (token 10 after the letter).
  // Each names the H line (line 2) and the line type whose count is off; the wording of each
  // is in the golden file (fixtures/golden/sentences/mp3d_house_errors.json).
  const regions = await houseError(editToken(text, "H ", 10, "7"));
  // One V line fewer than #vertices.
  const vertices = await houseError(text.replace(/^V {2}25 .*\n/m, ""));
  // P lines are portals and panoramas together.
  const portals = await houseError(text.replace(/^P {2}3d4e5f.*\n/m, ""));
  // A truncated file.
  const cut = await houseError(text.slice(0, text.indexOf("\nO ")));
  for (const e of [regions, vertices, portals, cut]) {
    assert.deepEqual([e.code, e.data], ["house.bad_line", { input: "bad.house", line: 2 }]);
  }
  await assertGolden("sentences/mp3d_house_counts", HOUSE_MESSAGES.splice(0));
});

Deno.test(".house: bad lines and wrong formats name the line", async () => {
  const text = houseText();
  const lines = text.split("\n");
  const o = lines.findIndex((l) => l.startsWith("O  5 "));
  lines[o] = lines[o].split(/\s+/).slice(0, 9).join(" ");
  const short = await houseError(lines.join("\n"));
  assert.deepEqual([short.code, short.data.line], ["house.bad_line", o + 1]);
  const north = await houseError(editToken(text, "R  3", 6, "north"));
  assert.deepEqual([north.code, north.data.line], ["house.bad_line", 8]);
  const version = await houseError(text.replace("ASCII 1.1", "ASCII 2.0"));
  assert.deepEqual([version.code, version.data.line], ["house.bad_line", 1]);
  const level = await houseError(editToken(text, "R  4", 2, "5"));
  assert.deepEqual([level.code, level.data.problems], ["house.bad_reference", 1]);
  await assertGolden("sentences/mp3d_house_lines", HOUSE_MESSAGES.splice(0));
  assert.equal(mp3dHouse.detect("x.house", enc("hello")), false);
});

Deno.test(".house version 1.0: the shorter header (no objects, categories, portals)", async () => {
  const v10 = [
    "ASCII 1.0",
    "H  old  -  0 1 4 1 1 1  0 0 0 3 3 2.6  0 0 0 0 0 0 0 0",
    "L  0  0  -  1.5 1.5 1.3  0 0 0 3 3 2.6  0 0 0 0 0",
    "R  0 0  0 0  o  1.5 1.5 0  0 0 0 3 3 2.6  2.6  0 0 0 0",
    "S  0 0  0  -  1.5 1.5 0  0 0 1  0 0 0 3 3 0  0 0 0 0 0",
    "V  0 0  -  0 0 0  0 0 1  0 0 0",
    "V  1 0  -  3 0 0  0 0 1  0 0 0",
    "V  2 0  -  3 3 0  0 0 1  0 0 0",
    "V  3 0  -  0 3 0  0 0 1  0 0 0",
    "P  00000000000000000000000000000abc  0 0  0  1.5 1.5 1.5  0 0 0 0 0",
  ].join("\n");
  const { plan } = await mp3dHouse.run("old.house", enc(v10), { ref: "old.house" });
  assert.equal(plan.rooms?.length, 1);
  assert.equal(plan.rooms?.[0].label, "office");
  assert.equal(plan.sweeps?.length, 1);
});

Deno.test("boxFootprint: the vertical axis gives the height, the others the footprint", () => {
  // A door standing in a wall along x: axis0 = up, axis1 = along the wall.
  const f = boxFootprint([0, 0, 1], [1, 0, 0], [1.05, 0.45, 0.05]);
  assert.deepEqual(f, { size: [0.9, 0.1], yaw_deg: 0, height_m: 2.1 });
});

Deno.test("ceiling_height runs on the imported .house plan with real numbers", async () => {
  const { loaded } = await importSource(HOUSE);
  const id = loaded.plan.id;
  const out = await runTool(ceilingHeight, { plans: { [id]: loaded }, set: { scan: id } });
  assert.equal(out.status, "done");
  if (out.status !== "done") return;
  assert.equal(out.result.verdict.status, "fail"); // the 2.05 m bathroom
  const bath = out.result.checks.find((c) => c.subject === "region4");
  assert.deepEqual([bath?.measured, bath?.status], [2.05, "fail"]);
  assert.equal(out.result.checks.find((c) => c.subject === "region3")?.status, "pass");
  assert.equal(out.result.checks.length, 5);
});

// --- connectivity --------------------------------------------------------------------------------

const CONN = () => sharedData("mp3d-sim/17DRP5sb8fy_connectivity.json");

Deno.test("connectivity sample: 48 sweeps at their pose translations, one floor", async () => {
  const raw = JSON.parse(Deno.readTextFileSync(CONN()));
  assert.equal(detectImporter(CONN(), await Deno.readFile(CONN())).format, "mp3d-connectivity");
  const { loaded } = await importSource(CONN());
  const p = loaded.plan;
  assert.equal(p.id, "mp3d-17DRP5sb8fy");
  assert.equal(p.sweeps.length, 48);
  assert.equal(raw.length, 48);
  for (const k of [0, 17, 47]) {
    const s = p.sweeps.find((x) => x.id === raw[k].image_id)!;
    assert.deepEqual(s.at, [raw[k].pose[3], raw[k].pose[7], raw[k].pose[11]]);
  }
  assert.equal(p.floors.length, 1);
  // Floor heights (camera z − height) lie within a few cm of 0 (the reference says ≈ 0.0).
  assert.ok(Math.abs(p.floors[0].elevation_m) < 0.05, String(p.floors[0].elevation_m));
  assert.equal(p.rooms.length, 0);
});

Deno.test("connectivity sample: the nav graph has every unobstructed link between included sweeps", async () => {
  const raw: { image_id: string; pose: number[]; included: boolean; unobstructed: boolean[] }[] =
    JSON.parse(Deno.readTextFileSync(CONN()));
  // Count independently from the JSON.
  let all = 0, walkable = 0;
  const want = new Set<string>();
  for (let i = 0; i < raw.length; i++) {
    for (let j = i + 1; j < raw.length; j++) {
      if (!raw[i].unobstructed[j]) continue;
      all++;
      if (raw[i].included && raw[j].included) {
        walkable++;
        want.add([raw[i].image_id, raw[j].image_id].sort().join("|"));
      }
    }
  }
  assert.equal(all, 95, "the reference's 95 undirected navigable edges");
  const { loaded, report } = await importSource(CONN());
  const nav = loaded.plan.nav!;
  assert.equal(nav.edges.length, walkable);
  assert.equal(nav.nodes.length, raw.filter((v) => v.included).length);
  for (const e of nav.edges) assert.ok(want.has([e.from, e.to].sort().join("|")));
  assert.ok(hasLayer("plan.nav", loaded.plan));
  // One edge's length by hand from the two poses.
  const e = nav.edges[0];
  const a = raw.find((v) => v.image_id === e.from)!.pose,
    b = raw.find((v) => v.image_id === e.to)!.pose;
  const d = Math.hypot(a[3] - b[3], a[7] - b[7], a[11] - b[11]);
  assert.ok(Math.abs(e.length_m - d) < 1e-6);
  assert.equal(report.counts?.unobstructed_links, 95);
});

Deno.test("connectivity: a bad pose is an InputError naming the viewpoint and field", async () => {
  const raw = JSON.parse(Deno.readTextFileSync(CONN()));
  raw[3].pose = raw[3].pose.slice(0, 15);
  const e = await rejectedBy(
    mp3dConnectivity.run("c.json", enc(JSON.stringify(raw)), { ref: "c.json" }),
    InputError,
  );
  assert.deepEqual([e.code, e.data], ["mp3d.bad_pose", { input: "c.json", path: "[3].pose" }]);
  assert.equal(mp3dConnectivity.detect("x.json", enc("[1,2,3]")), false);
});
