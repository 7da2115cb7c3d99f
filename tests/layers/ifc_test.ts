/**
 * IFC importer on the real samples (../shared/data/ifc: AC20-FZK-Haus.ifc, IFC4 in metres, and
 * IfcOpenHouse_IFC4.ifc, IFC4 in millimetres). Expected numbers are read here from the STEP text
 * with a small independent reader (no web-ifc): entity counts, base quantities, door attributes.
 */
import assert from "node:assert/strict";
import { sharedData } from "../_data.ts";
import { InputError } from "../../ground/errors.ts";
import { rejectedBy } from "../_assert.ts";
import { SUPPORTED_SCHEMAS } from "../../layers/ifc/header.ts";
import { parsePlan, type Plan } from "../../ground/plan.ts";
import { runTool } from "../../core/run.ts";
import ceilingHeight from "../../tools/ceiling_height/mod.ts";
import { detectImporter, importSource } from "../../layers/mod.ts";
import {
  checkIfcHeader,
  compoundAngle_deg,
  ifc,
  ifcPlan,
  northFromTrueNorth,
} from "../../layers/ifc/mod.ts";
import { area_m2 } from "../../engines/geometry/polygon.ts";
import { inFeet } from "./_ifc_cases.ts";

const fzkPath = sharedData("ifc/AC20-FZK-Haus.ifc");
const ohPath = sharedData("ifc/IfcOpenHouse_IFC4.ifc");
const fzkText = Deno.readTextFileSync(fzkPath);
const ohText = Deno.readTextFileSync(ohPath);

/** A minimal STEP reader: `#id= TYPE(args);` -> {type, args} with top-level args split. */
function step(text: string): Map<number, { type: string; args: string[] }> {
  const out = new Map<number, { type: string; args: string[] }>();
  const data = text.slice(text.indexOf("DATA;"));
  for (
    const m of data.matchAll(/#(\d+)\s*=\s*([A-Z0-9_]+)\s*\(([\s\S]*?)\);\s*(?=#\d+\s*=|ENDSEC)/g)
  ) {
    const args: string[] = [];
    let depth = 0, quote = false, cur = "";
    for (const ch of m[3]) {
      if (ch === "'") quote = !quote;
      if (!quote && ch === "(") depth++;
      if (!quote && ch === ")") depth--;
      if (!quote && depth === 0 && ch === ",") {
        args.push(cur.trim());
        cur = "";
      } else cur += ch;
    }
    args.push(cur.trim());
    out.set(Number(m[1]), { type: m[2], args });
  }
  return out;
}
const unq = (s: string) => s.replace(/^'|'$/g, "");
const refList = (s: string) => [...s.matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
const ofType = (db: ReturnType<typeof step>, t: string) =>
  [...db.entries()].filter(([, e]) => e.type === t);

const fzk = step(fzkText);
const oh = step(ohText);

/** Space GlobalId -> a base quantity value, through IfcRelDefinesByProperties. */
function spaceQuantity(name: string): Map<string, number> {
  const out = new Map<string, number>();
  const spaces = new Map(ofType(fzk, "IFCSPACE").map(([id, e]) => [id, unq(e.args[0])]));
  for (const [, rel] of ofType(fzk, "IFCRELDEFINESBYPROPERTIES")) {
    const q = fzk.get(refList(rel.args[5])[0]);
    if (q?.type !== "IFCELEMENTQUANTITY" || unq(q.args[2]) !== "BaseQuantities") continue;
    for (const qid of refList(q.args[5])) {
      const e = fzk.get(qid)!;
      if (unq(e.args[0]) !== name) continue;
      for (const sid of refList(rel.args[4])) {
        if (spaces.has(sid)) out.set(spaces.get(sid)!, Number(e.args[3]));
      }
    }
  }
  return out;
}

const fzkImport = await importSource(fzkPath);
const fzkPlan: Plan = fzkImport.loaded.plan;
const ohImport = await importSource(ohPath);
const ohPlan: Plan = ohImport.loaded.plan;
const roomNamed = (p: Plan, n: string) => p.rooms.find((r) => r.name === n)!;

Deno.test("ifc: detected from the ISO-10303-21 header, schema from FILE_SCHEMA", () => {
  const bytes = new TextEncoder().encode(ohText);
  assert.equal(detectImporter("model.bin", bytes).format, "ifc");
  assert.equal(checkIfcHeader(bytes, "oh"), "IFC4");
  assert.equal(ifc.detect("x.ifc", new TextEncoder().encode('{"merger":{}}')), false);
  assert.equal(fzkPlan.source.format, "ifc");
});

Deno.test("ifc FZK-Haus: storeys, spaces, doors, windows and the stair counted as in the file", () => {
  const storeys = ofType(fzk, "IFCBUILDINGSTOREY");
  assert.equal(storeys.length, 2);
  assert.equal(fzkPlan.floors.length, storeys.length);
  assert.deepEqual(
    fzkPlan.floors.map((f) => [f.name, f.elevation_m]),
    storeys.map(([, e]) => [unq(e.args[2]), Number(e.args[9])]).sort((a, b) =>
      (a[1] as number) - (b[1] as number)
    ),
  );
  assert.equal(fzkPlan.rooms.length, ofType(fzk, "IFCSPACE").length);
  assert.equal(fzkPlan.rooms.length, 7);
  const doors = fzkPlan.openings.filter((o) => o.kind === "door");
  assert.equal(doors.length, ofType(fzk, "IFCDOOR").length);
  assert.equal(doors.length, 5);
  assert.equal(
    fzkPlan.openings.filter((o) => o.kind === "window").length,
    ofType(fzk, "IFCWINDOW").length,
  );
  assert.equal(fzkPlan.verticals.length, ofType(fzk, "IFCSTAIR").length);
  assert.equal(
    fzkImport.report.counts?.space_boundaries,
    ofType(fzk, "IFCRELSPACEBOUNDARY").length,
  );
});

Deno.test("ifc FZK-Haus: each IfcRailing is an object labelled by its PredefinedType", () => {
  // Two IFCRAILING(... .HANDRAIL.) on the Dachgeschoss, beside the stair's opening.
  const rails = ofType(fzk, "IFCRAILING");
  assert.equal(rails.length, 2);
  const objs = fzkPlan.objects.filter((o) => o.label === "handrail");
  assert.deepEqual(objs.map((o) => o.id).sort(), rails.map(([, e]) => unq(e.args[0])).sort());
  const top = fzkPlan.floors.find((f) => f.name === "Dachgeschoss")!;
  for (const o of objs) {
    assert.equal(o.floor, top.id);
    assert.equal(o.height_m, 1, "a 1 m railing");
    assert.ok(Math.min(...o.size) <= 0.1 && Math.max(...o.size) >= 2, `thin and long: ${o.size}`);
  }
});

Deno.test("ifc FZK-Haus: every space's footprint area is its GrossFloorArea within 1 %", () => {
  const gross = spaceQuantity("GrossFloorArea");
  assert.equal(gross.size, 7);
  for (const [guid, expected] of gross) {
    const room = fzkPlan.rooms.find((r) => r.id === guid)!;
    const got = area_m2(room.polygon);
    assert.ok(Math.abs(got - expected) / expected < 0.01, `${room.name}: ${got} vs ${expected} m²`);
  }
  // Schlafzimmer: 22.0725 m² in the file (4.05 × 5.45 m).
  assert.ok(Math.abs(area_m2(roomNamed(fzkPlan, "Schlafzimmer").polygon) - 22.0725) < 0.01);
});

Deno.test("ifc FZK-Haus: heights from base quantities, and the report says so", () => {
  const h = spaceQuantity("FinishCeilingHeight");
  for (const [guid, expected] of h) {
    assert.equal(fzkPlan.rooms.find((r) => r.id === guid)!.height_m, expected);
  }
  assert.equal(roomNamed(fzkPlan, "Schlafzimmer").height_m, 2.5);
  assert.ok(
    fzkImport.report.assumptions.some((a) => /7 from base quantity FinishCeilingHeight/.test(a)),
  );
  // Names decoded from ISO-10303-21 escapes (K\X2\00FC\X0\che) and mapped onto the vocabulary.
  assert.equal(roomNamed(fzkPlan, "Küche").label, "kitchen");
  assert.equal(roomNamed(fzkPlan, "Flur").label, "hallway");
  assert.equal(roomNamed(fzkPlan, "Schlafzimmer").label, "bedroom");
  assert.equal(roomNamed(fzkPlan, "Bad").label, "bathroom");
});

Deno.test("ifc FZK-Haus: doors with their overall sizes, between the spaces they connect", () => {
  const line = ofType(fzk, "IFCDOOR").find(([, e]) => unq(e.args[2]) === "Innentuer-1")![1];
  const door = fzkPlan.openings.find((o) => o.id === unq(line.args[0]))!;
  assert.equal(door.width_m, Number(line.args[9]));
  assert.equal(door.height_m, Number(line.args[8]));
  assert.equal(door.width_m, 0.885);
  assert.deepEqual(
    [...door.between].sort(),
    [roomNamed(fzkPlan, "Schlafzimmer").id, roomNamed(fzkPlan, "Flur").id].sort(),
  );
  // ArchiCAD's "Durchgangslichte Breite" (clear passage width) is the only clear width stated.
  assert.equal(door.clear_width_m, 0.785);
  const front = fzkPlan.openings.find((o) => o.id === "2jTRqchjf7oB0yhQ6462T0")!;
  assert.equal(front.width_m, 1.01);
  assert.deepEqual(front.between, [roomNamed(fzkPlan, "Flur").id, null]);
  // Doors sit on the wall: the door's centre is within a wall's half thickness of both rooms.
  for (const o of fzkPlan.openings) {
    assert.ok(o.at[0] > 0 && o.at[0] < 12 && o.at[1] > 0 && o.at[1] < 10);
  }
});

Deno.test("ifc FZK-Haus: the stair links the two storeys; site and true north", () => {
  const [stair] = fzkPlan.verticals;
  assert.equal(stair.kind, "stair");
  const [eg, dg] = fzkPlan.floors;
  assert.equal(stair.from_floor, eg.id);
  assert.equal(stair.to_floor, dg.id);
  assert.equal(stair.rise_m, dg.elevation_m - eg.elevation_m);
  assert.ok(stair.rooms!.includes(roomNamed(fzkPlan, "Galerie").id));
  assert.ok(stair.width_m > 0.5 && stair.width_m < 1.2, `${stair.width_m}`);
  // IfcSite RefLatitude (49,6,1,566000), RefLongitude (8,26,11,540400); TrueNorth (0.766, 0.643).
  const site = ofType(fzk, "IFCSITE")[0][1];
  const lat = site.args[9].replace(/[()]/g, "").split(",").map(Number);
  assert.ok(
    Math.abs(fzkPlan.site!.lat - (lat[0] + lat[1] / 60 + (lat[2] + lat[3] / 1e6) / 3600)) < 1e-6,
  );
  assert.ok(Math.abs(fzkPlan.site!.lat - 49.100435) < 1e-5);
  assert.equal(fzkPlan.site!.elevation_m, Number(site.args[11]));
  // North is 50° counter-clockwise of +y (atan2(0.766, 0.643)), so +y is at azimuth 310°.
  assert.equal(fzkPlan.site!.north_deg, 310);
  assert.equal(northFromTrueNorth(0, 1), 0);
  assert.equal(northFromTrueNorth(1, 0), 270);
  assert.equal(northFromTrueNorth(-1, 0), 90);
  assert.ok(Math.abs(compoundAngle_deg([8, 26, 11, 540400]) - 8.436539) < 1e-6);
});

Deno.test("ifc IfcOpenHouse (millimetres): the door comes out 1.0 × 2.2 m", () => {
  const unit = ofType(oh, "IFCSIUNIT").find(([, e]) => e.args[1] === ".LENGTHUNIT.")![1];
  assert.equal(unit.args[2], ".MILLI.");
  const line = ofType(oh, "IFCDOOR")[0][1];
  assert.equal(Number(line.args[9]), 1000);
  const [door] = ohPlan.openings.filter((o) => o.kind === "door");
  assert.equal(door.width_m, Number(line.args[9]) / 1000);
  assert.equal(door.height_m, Number(line.args[8]) / 1000);
  assert.equal(door.width_m, 1.0);
  assert.equal(door.height_m, 2.2);
  assert.ok(ohImport.report.mapped.some((m) => /MILLI METRE \(0\.001 m\)/.test(m)));
  // No IfcSpace in the file: one room inside the walls, said so in the report.
  assert.equal(ofType(oh, "IFCSPACE").length, 0);
  assert.equal(ohPlan.rooms.length, 1);
  assert.ok(ohImport.report.lacking.some((l) => /no IfcSpace/.test(l)));
  assert.ok(ohImport.report.assumptions.some((a) => /inside|walls/.test(a)));
  assert.deepEqual(door.between, [ohPlan.rooms[0].id, null]);
  // The entrance steps (IfcStairFlight, 2 risers) are a step within the storey.
  assert.equal(ohPlan.verticals.length, ofType(oh, "IFCSTAIRFLIGHT").length);
  assert.equal(ohPlan.verticals[0].kind, "step");
  assert.equal(ohPlan.verticals[0].risers, 2);
  assert.equal(ohPlan.openings.filter((o) => o.kind === "window").length, 5);
});

Deno.test("ifc: ceiling_height runs on both imported models with real numbers", async () => {
  for (const plan of [fzkPlan, ohPlan]) {
    const loaded = parsePlan(JSON.parse(JSON.stringify(plan)), plan.id);
    const out = await runTool(ceilingHeight, {
      plans: { [plan.id]: loaded },
      set: { scan: plan.id },
    });
    assert.equal(out.status, "done");
    if (out.status !== "done") continue;
    // IfcOpenHouse has no IfcSpace: its one room is derived and not judged (no check at all).
    assert.equal(out.result.checks.length, plan.rooms.filter((r) => !r.derived).length);
    const judged = plan.rooms.filter((r) => !r.derived && r.height_m !== undefined);
    if (!judged.length) {
      assert.equal(out.result.verdict.status, "unknown");
      continue;
    }
    const lowest = Math.min(...judged.map((r) => r.height_m!));
    assert.equal(out.result.metrics.find((m) => m.id === "lowest_height_m")!.value, lowest);
    assert.equal(out.result.verdict.status, "pass");
  }
});

Deno.test("ifc: bad files give clear errors naming the file and line", async () => {
  const enc = new TextEncoder();
  const unsupported = enc.encode(
    ohText.replace("FILE_SCHEMA(('IFC4'))", "FILE_SCHEMA(('IFC2X2_FINAL'))"),
  );
  const old = await rejectedBy(
    () => ifc.run("old.ifc", unsupported, { ref: "old.ifc" }),
    InputError,
  );
  assert.deepEqual([old.code, old.data], [
    "ifc.unsupported_schema",
    { input: "old.ifc", line: 5, got: "IFC2X2_FINAL", allowed: SUPPORTED_SCHEMAS },
  ]);
  const truncated = enc.encode(ohText.slice(0, ohText.length / 2));
  const cut = await rejectedBy(() => ifc.run("cut.ifc", truncated, { ref: "cut.ifc" }), InputError);
  // The line named is the file's last: one more than its newlines.
  const lines = ohText.slice(0, ohText.length / 2).split("\n").length;
  assert.deepEqual([cut.code, cut.data], ["ifc.truncated", { input: "cut.ifc", line: lines }]);
  const empty = await rejectedBy(
    () => ifc.run("empty.ifc", new Uint8Array(), { ref: "empty.ifc" }),
    InputError,
  );
  assert.deepEqual([empty.code, empty.input], ["file.empty", "empty.ifc"]);
  const noStoreys = enc.encode(
    ohText.replace(
      /^#(\d+)=IFCBUILDINGSTOREY\(.*$/m,
      "#$1=IFCBUILDINGELEMENTPROXY('x',$,$,$,$,$,$,$,$);",
    ),
  );
  const flat = await rejectedBy(() => ifcPlan(noStoreys, "flat.ifc"), InputError);
  assert.deepEqual([flat.code, flat.input], ["ifc.no_storeys", "flat.ifc"]);
  const dir = Deno.makeTempDirSync();
  try {
    const f = `${dir}/cut.ifc`;
    Deno.writeFileSync(f, truncated);
    await assert.rejects(() => importSource(f), (e: Error) => e.message.includes(f));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

const twoRoomsPath = new URL("../../fixtures/ifc/two_rooms_ifc2x3.ifc", import.meta.url);
const twoRoomsText = Deno.readTextFileSync(twoRoomsPath);

Deno.test("ifc IFC2X3 (hand-written fixture, mm): spaces, base quantities, a door placed by geometry", async () => {
  const { plan, report } = await ifcPlan(new TextEncoder().encode(twoRoomsText), "two_rooms.ifc");
  const loaded = parsePlan(plan, "two_rooms.ifc").plan;
  assert.ok(report.mapped.some((m) => /schema IFC2X3; length unit MILLI METRE/.test(m)));
  assert.equal(loaded.rooms.length, 2);
  const kitchen = roomNamed(loaded, "Kitchen");
  // 4000 × 3000 mm profile; GrossFloorArea 12 (m²); Height 2600 (mm).
  assert.ok(Math.abs(area_m2(kitchen.polygon) - 12) < 1e-6);
  assert.equal(kitchen.height_m, 2.6);
  assert.equal(kitchen.label, "kitchen");
  // The second space has no quantities: its height is its geometry's (2400 mm extrusion).
  assert.equal(roomNamed(loaded, "Schlafzimmer").height_m, 2.4);
  assert.ok(report.assumptions.some((a) => /1 from base quantity Height; 1 from geometry/.test(a)));
  const [door] = loaded.openings;
  assert.equal(door.width_m, 0.9);
  assert.equal(door.height_m, 2.1);
  assert.deepEqual(door.at, [4.1, 1.45]);
  assert.deepEqual([...door.between].sort(), loaded.rooms.map((r) => r.id).sort());
  assert.ok(report.lacking.some((l) => /no IfcRelSpaceBoundary/.test(l)));
  // W1: 1500 × 1200 mm, its bottom 900 mm above the storey, 200 mm outside the kitchen wall.
  const win = loaded.openings.find((o) => o.kind === "window")!;
  assert.deepEqual([win.width_m, win.height_m, win.sill_m], [1.5, 1.2, 0.9]);
  assert.deepEqual(win.between, [kitchen.id, null]);
  // T1 (IfcFurnishingElement, ObjectType "Table"): 1200 × 800 × 750 mm at (1000, 1000) mm.
  assert.deepEqual(loaded.objects.map((o) => [o.label, o.room, o.center, o.size, o.height_m]), [
    ["Table", kitchen.id, [1.6, 1.4], [1.2, 0.8], 0.75],
  ]);
  // RefLatitude (51,30,0,0) = 51.5°; RefLongitude (0,-7,-30,0) = -0.125°; TrueNorth (0, 1).
  assert.deepEqual(loaded.site, { lat: 51.5, lon: -0.125, elevation_m: 12, north_deg: 0 });
});

Deno.test("ifc: a conversion-based length unit (feet) scales attributes and geometry", async () => {
  // The fixture again, with every length of 100 mm or more written in feet.
  const feet = inFeet(twoRoomsText);
  assert.ok(
    feet.includes(
      "IFCDOOR('0B1b2C3d4E5f6G7h8I9j0K',#5,'D1',$,$,#91,#88,$,6.889763780,2.952755906)",
    ),
  );
  const { plan, report } = await ifcPlan(new TextEncoder().encode(feet), "feet.ifc");
  assert.ok(report.mapped.some((m) => /length unit FOOT \(0\.3048 m\)/.test(m)));
  const door = plan.openings![0];
  assert.equal(door.width_m, 0.9);
  assert.equal(door.height_m, 2.1);
  const kitchen = plan.rooms!.find((r) => r.name === "Kitchen")!;
  assert.ok(Math.abs(area_m2(kitchen.polygon) - 12) < 1e-3);
  assert.equal(kitchen.height_m, 2.6);
  assert.equal(plan.site!.elevation_m, 12);
});

Deno.test("ifc FZK-Haus without space geometry: footprints from the space boundaries, within 1 %", async () => {
  // Every IfcSpace's Representation (7th argument) replaced by $: only IfcRelSpaceBoundary is left.
  const stripped = fzkText.replace(/(IFCSPACE\('[^']*',#\d+,'[^']*',\$,\$,#\d+,)#\d+/g, "$1$");
  assert.equal(stripped.match(/IFCSPACE\('[^']*',#\d+,'[^']*',\$,\$,#\d+,\$/g)?.length, 7);
  const { plan, report } = await ifcPlan(
    new TextEncoder().encode(stripped),
    "no-space-geometry.ifc",
  );
  assert.ok(
    report.mapped.some((m) => /7 without geometry: from their flat IfcRelSpaceBoundary/.test(m)),
  );
  const gross = spaceQuantity("GrossFloorArea");
  assert.equal(plan.rooms!.length, 7);
  for (const [guid, expected] of gross) {
    const room = plan.rooms!.find((r) => r.id === guid)!;
    const got = area_m2(room.polygon);
    assert.ok(Math.abs(got - expected) / expected < 0.01, `${room.name}: ${got} vs ${expected} m²`);
  }
  assert.deepEqual(report.warnings, []);
});

Deno.test("ifc: a storey with no IfcSpace gives a derived room with no height, which no tool judges", async () => {
  const { loadRegistry } = await import("../../core/registry.ts");
  const { loaded } = await importSource(sharedData("ifc/IfcOpenHouse_IFC4.ifc"), { id: "ioh" });
  const derived = loaded.plan.rooms.filter((r) => r.derived);
  assert.deepEqual(derived.length, 1);
  assert.deepEqual(derived[0].height_m, undefined);
  const reg = await loadRegistry();
  const ceiling = await runTool(reg.require("ceiling_height"), {
    plans: { ioh: loaded },
    set: { scan: "ioh" },
  });
  assert.deepEqual(ceiling.status === "done" && ceiling.result.verdict.status, "unknown");
  const code = await runTool(reg.require("code_check"), {
    plans: { ioh: loaded },
    set: { scan: "ioh", pack: "irc-2021" },
  });
  assert.deepEqual(code.status, "done");
  if (code.status === "done") {
    assert.equal(code.result.verdict.status === "error", false, code.result.verdict.text);
    assert.deepEqual(code.result.checks.filter((c) => c.subject === derived[0].id), []);
    assert.ok(code.result.assumptions.some((a) => /^Not judged: .*has no IfcSpace/.test(a.text)));
  }
  const turning = await runTool(reg.require("turning_space"), {
    plans: { ioh: loaded },
    set: { scan: "ioh", turning_diameter_m: 1.5 },
  });
  assert.deepEqual(turning.status === "done" && turning.result.verdict.status, "unknown");
  if (turning.status === "done") {
    assert.deepEqual(turning.result.checks.length, 0);
    // Unknown because its only room is derived (no IfcSpace), and the verdict names it.
    assert.deepEqual(
      [turning.result.verdict.code, turning.result.verdict.data?.derived],
      ["verdict.only_derived", [derived[0].id]],
      turning.result.verdict.text,
    );
  }
});
