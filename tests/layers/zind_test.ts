/**
 * ZInD importer on the real sample tour (../shared/data/zind/zind_data.json, zillow/zind
 * sample_tour/000). Expected numbers are read from the file here, independently of the importer:
 * counts from the merger tree, areas by partition_zind.py's formula on layout_raw and from the
 * redraw geometry, heights as ceiling_height × scale × scale_meters_per_coordinate.
 */
import assert from "node:assert/strict";
import { rejectedBy, thrownBy } from "../_assert.ts";
import { sharedData } from "../_data.ts";
import { InputError } from "../../ground/errors.ts";
import { parsePlan, type Plan } from "../../ground/plan.ts";
import { runTool } from "../../core/run.ts";
import ceilingHeight from "../../tools/ceiling_height/mod.ts";
import { detectImporter, importSource } from "../../layers/mod.ts";
import { zind, zindPlan } from "../../layers/zind/mod.ts";
import { area_m2 } from "../../engines/geometry/polygon.ts";

const path = sharedData("zind/zind_data.json");
const text = Deno.readTextFileSync(path);
// deno-lint-ignore no-explicit-any
const raw: any = JSON.parse(text);
const floor = raw.merger.floor_01;
const smpc: number = raw.scale_meters_per_coordinate.floor_01;
// deno-lint-ignore no-explicit-any
const partials = Object.values(floor).flatMap((c: any) => Object.values(c)) as any[];
// deno-lint-ignore no-explicit-any
const panos = partials.flatMap((p) => Object.values(p)) as any[];

const { loaded, report } = await importSource(path);
const plan: Plan = loaded.plan;

/** Shoelace area of raw vertices × (scale · smpc)², as zind code/partition_zind.py computes sqm. */
function rawArea_m2(vertices: [number, number][], scale: number): number {
  let s = 0;
  for (let i = 0; i < vertices.length; i++) {
    const [x1, y1] = vertices[i], [x2, y2] = vertices[(i + 1) % vertices.length];
    s += x1 * y2 - x2 * y1;
  }
  return Math.abs(s / 2) * (scale * smpc) ** 2;
}

Deno.test("zind: detected from its content, not its name", () => {
  const bytes = new TextEncoder().encode(text);
  assert.equal(detectImporter("whatever.bin", bytes).format, "zind");
  assert.equal(
    zind.detect("zind_data.json", new TextEncoder().encode('{"id":"x","rooms":[]}')),
    false,
  );
  assert.equal(plan.source.format, "zind");
});

Deno.test("zind: one room per complete room; partial rooms counted in the report", () => {
  const completeRooms = Object.keys(floor).length;
  assert.equal(completeRooms, 15);
  assert.equal(plan.rooms.length, completeRooms);
  assert.equal(partials.length, 19);
  assert.equal(report.counts?.partial_rooms, partials.length);
  assert.equal(report.counts?.complete_rooms, completeRooms);
  assert.ok(report.mapped.some((m) => /19 partial rooms/.test(m)));
  assert.equal(plan.floors.length, Object.keys(raw.merger).length);
});

Deno.test("zind: a room's area matches the file's own raw layout and redraw within 1 %", () => {
  // Bonus room: one partial room; its primary pano's layout_raw by partition_zind's formula.
  const bonus = plan.rooms.find((r) => r.name === "bonus room")!;
  const p15 = floor.complete_room_01.partial_room_01.pano_15;
  assert.equal(p15.is_primary, true);
  const expected = rawArea_m2(p15.layout_raw.vertices, p15.floor_plan_transformation.scale);
  const got = area_m2(bonus.polygon);
  assert.ok(Math.abs(got - expected) / expected < 0.01, `bonus room ${got} vs ${expected} m²`);
  assert.ok(got > 15 && got < 16.5);
  // The open-plan room merges 5 partial rooms; the redraw room with its four pins is drawn separately.
  const open = plan.rooms.find((r) => r.name?.includes("+"))!;
  const redraw = Object.values(raw.redraw.floor_01).find(
    // deno-lint-ignore no-explicit-any
    (r: any) => r.pins.length === 4,
    // deno-lint-ignore no-explicit-any
  ) as any;
  const redrawArea = rawArea_m2(redraw.vertices, 1);
  const openArea = area_m2(open.polygon);
  assert.ok(
    Math.abs(openArea - redrawArea) / redrawArea < 0.01,
    `open plan ${openArea} vs redraw ${redrawArea} m²`,
  );
});

Deno.test("zind: labels mapped onto the vocabulary, originals kept in name", () => {
  const byName = (n: string) => plan.rooms.filter((r) => r.name === n);
  assert.equal(byName("pantry")[0].label, "storage");
  assert.equal(byName("garage")[0].label, "garage");
  // deno-lint-ignore no-explicit-any
  const closets = panos.filter((p: any) => p.is_primary && p.label === "closet").length;
  assert.equal(closets, 5);
  assert.equal(byName("closet").length, closets);
  assert.ok(byName("closet").every((r) => r.label === "closet"));
  assert.equal(byName("bedroom").length, 3);
  const open = plan.rooms.find((r) => r.name?.includes("+"))!;
  // living room 21.5 + 0.5 m² of raw layout is the largest part of the merged room.
  assert.equal(open.label, "living");
  for (const l of ["living room", "kitchen", "dining room", "hallway"]) {
    assert.ok(open.name!.includes(l), `${open.name} keeps ${l}`);
  }
  // Its parts' labels are kept as data, largest first (room_labels reads them).
  assert.deepEqual(open.parts, ["living", "dining", "kitchen", "hallway"]);
  assert.ok(plan.rooms.filter((r) => r !== open).every((r) => r.parts === undefined));
});

Deno.test("zind: ceiling heights in metres, from ceiling_height × scale × scale_meters_per_coordinate", () => {
  for (const r of plan.rooms) {
    assert.ok(r.height_m! > 2.0 && r.height_m! < 3.0, `${r.name} ${r.height_m} m`);
  }
  const g = floor.complete_room_12.partial_room_15.pano_34;
  const expected = g.ceiling_height * g.floor_plan_transformation.scale * smpc;
  const garage = plan.rooms.find((r) => r.name === "garage")!;
  assert.ok(Math.abs(garage.height_m! - expected) < 1e-3, `${garage.height_m} vs ${expected}`);
  assert.ok(Math.abs(garage.height_m! - 2.62) < 0.01);
});

Deno.test("zind: doors, windows and openings with widths and heights from the layouts", () => {
  const doors = plan.openings.filter((o) => o.kind === "door");
  const windows = plan.openings.filter((o) => o.kind === "window");
  assert.ok(doors.length >= 15, `${doors.length} doors`);
  assert.ok(windows.length >= 9, `${windows.length} windows`);
  // The bedroom of complete_room_07: its first door, measured from the file's left/right points.
  const bed = floor.complete_room_07.partial_room_07.pano_18;
  const [l, r, z] = bed.layout_complete.doors;
  const k = bed.floor_plan_transformation.scale * smpc;
  const width = Math.hypot(r[0] - l[0], r[1] - l[1]) * k;
  const height = (z[1] - z[0]) * k;
  const bedroomId = plan.rooms.find((x) => x.id.endsWith("room_07"))!.id;
  const candidates = plan.openings.filter((o) =>
    o.kind === "door" && o.between.includes(bedroomId)
  );
  assert.ok(
    candidates.some((o) =>
      Math.abs(o.width_m - width) < 0.05 && Math.abs(o.height_m! - height) < 0.05
    ),
    `a door of ${width.toFixed(3)} × ${height.toFixed(3)} m; got ${
      candidates.map((o) => `${o.width_m}×${o.height_m}`).join(", ")
    }`,
  );
  // Interior doors (between two rooms): plausible door sizes.
  for (const d of doors.filter((o) => o.between[0] && o.between[1])) {
    assert.ok(d.width_m > 0.4 && d.width_m < 2, `${d.id} ${d.width_m}`);
    assert.ok(d.height_m! > 1.8 && d.height_m! < 2.4, `${d.id} ${d.height_m}`);
  }
  // The garage door is the widest door (ZInD notes 4.66 m).
  const widest = doors.reduce((a, b) => (a.width_m > b.width_m ? a : b));
  assert.ok(widest.between.includes(plan.rooms.find((x) => x.name === "garage")!.id));
  assert.ok(Math.abs(widest.width_m - 4.66) < 0.05);
  for (const w of windows) assert.ok(w.sill_m! >= 0 && w.sill_m! < 2, `${w.id} sill ${w.sill_m}`);
});

Deno.test("zind: every panorama is a sweep at the camera height", () => {
  assert.equal(plan.sweeps.length, panos.length);
  assert.equal(plan.sweeps.length, 32);
  const p = floor.complete_room_01.partial_room_01.pano_15;
  const camera = p.camera_height * p.floor_plan_transformation.scale * smpc;
  const s = plan.sweeps.find((x) => x.id.endsWith("pano_15"))!;
  assert.ok(Math.abs(s.at[2] - camera) < 1e-3);
  assert.ok(Math.abs(camera - 1.435) < 0.01);
  // In the room made from its complete_room_01 (the ZInD sample's "bonus room").
  assert.equal(s.room, "f01_room_01");
  assert.ok(s.image!.endsWith("panos/floor_01_partial_room_01_pano_15.jpg"));
});

Deno.test("zind: ceiling_height runs on the imported plan with real numbers", async () => {
  const sid = plan.id;
  const reloaded = parsePlan(JSON.parse(JSON.stringify(plan)), sid);
  const out = await runTool(ceilingHeight, { plans: { [sid]: reloaded }, set: { scan: sid } });
  assert.equal(out.status, "done");
  if (out.status !== "done") return;
  const lowest = Math.min(...plan.rooms.map((r) => r.height_m!));
  assert.equal(out.result.metrics.find((m) => m.id === "lowest_height_m")!.value, lowest);
  assert.equal(out.result.metrics.find((m) => m.id === "rooms_checked")!.value, 15);
  assert.equal(out.result.verdict.status, "pass");
  const strict = await runTool(ceilingHeight, {
    plans: { [sid]: reloaded },
    set: { scan: sid, min_height_m: 2.4 },
  });
  assert.ok(strict.status === "done" && strict.result.verdict.status === "fail");
});

Deno.test("zind: bad input gives clear errors naming the file", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const truncated = `${dir}/zind_data.json`;
    Deno.writeTextFileSync(truncated, text.slice(0, 5000));
    const cut = await rejectedBy(() => importSource(truncated), InputError);
    assert.deepEqual([cut.code, cut.input], ["zind.not_json", truncated]);
    const empty = new Uint8Array();
    const none = await rejectedBy(
      () => zind.run("empty.json", empty, { ref: "empty.json" }),
      InputError,
    );
    assert.deepEqual([none.code, none.input], ["file.empty", "empty.json"]);
    const emptyFile = `${dir}/empty.json`;
    Deno.writeFileSync(emptyFile, empty);
    await assert.rejects(
      () => importSource(emptyFile),
      (e: Error) => e.message.includes(emptyFile),
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  const broken = structuredClone(raw);
  broken.merger.floor_01.complete_room_03.partial_room_03.pano_13.layout_complete.vertices = [[
    0,
    0,
  ]];
  const few = thrownBy(() => zindPlan(broken, "t.json"), InputError);
  assert.deepEqual([few.code, few.input, few.data.path], [
    "zind.bad_field",
    "t.json",
    "merger.floor_01.complete_room_03.partial_room_03.pano_13.layout_complete.vertices",
  ]);
});

Deno.test("zind: a floor without a scale keeps its floor but no geometry, and says why", () => {
  const noScale = structuredClone(raw);
  noScale.scale_meters_per_coordinate.floor_01 = null;
  const { plan: p, report: r } = zindPlan(noScale, "t.json");
  assert.equal(p.rooms!.length, 0);
  assert.equal(p.floors!.length, 1);
  assert.ok(r.lacking.some((l) => /floor_01: scale_meters_per_coordinate is null/.test(l)));
  assert.equal(r.counts?.partial_rooms, 19);
});
