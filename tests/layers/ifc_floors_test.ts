/**
 * What an IFC file says about how floors and rooms connect (issue 24 § 5), on hand-written
 * fixtures (fixtures/ifc/*.ifc, IFC4 in metres, every coordinate given in the file's comments)
 * and on FZK-Haus: a stair joins the storeys it spans and lands in a room at each end, so the
 * rooms upstairs are blocked by the stair for a wheelchair and reachable on foot; spaces with
 * no door between them that meet where no wall stands (or across an IfcVirtualElement) are
 * joined by an opening; a file with no IfcSpace says first that room tools will say unknown.
 * Every assertion reads codes, ids and numbers.
 */
import { assertEquals, assertOk } from "../_assert.ts";
import { fixture, sharedData } from "../_data.ts";
import type { LoadedPlan, Plan } from "../../ground/plan.ts";
import { planNames } from "../../ground/names.ts";
import { ringDistance_m } from "../../engines/geometry/polygon.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import type { ToolResult } from "../../core/result.ts";
import { importSource } from "../../layers/mod.ts";
import { ifcPlan } from "../../layers/ifc/mod.ts";
import { type HeadlineData, headlineText } from "../../layers/headlines.ts";

const stairText = Deno.readTextFileSync(fixture("ifc/stair_two_storeys_ifc4.ifc"));
const openText = Deno.readTextFileSync(fixture("ifc/open_plan_ifc4.ifc"));
const fzkText = Deno.readTextFileSync(sharedData("ifc/AC20-FZK-Haus.ifc"));

/** Imports IFC text (through the whole import: plausibility pass, validation). */
async function load(text: string, id = "t"): Promise<LoadedPlan & { report: unknown }> {
  const path = await Deno.makeTempFile({ suffix: ".ifc" });
  try {
    await Deno.writeTextFile(path, text);
    const { loaded, report } = await importSource(path, { id });
    return { ...loaded, report };
  } finally {
    await Deno.remove(path);
  }
}
const room = (p: Plan, name: string) => p.rooms.find((r) => r.name === name)!;

const route = (await loadRegistry()).require("step_free_route");
async function stepFree(loaded: LoadedPlan, step_free: boolean): Promise<ToolResult> {
  const o = await runTool(route, {
    plans: { t: loaded },
    set: { scan: "t", chair_width_m: 0.76, min_clear_width_m: 0.815, step_free },
  });
  if (o.status !== "done") throw new Error(JSON.stringify(o));
  return o.result;
}
const reach = (r: ToolResult, roomId: string) => r.checks.find((c) => c.id === `reach:${roomId}`)!;

const STAIR = "FS1b2C3d4E5f6G7h8I9j0K";
/** The fixture's storeys (IFCBUILDINGSTOREY GlobalIds): Ground floor, First floor, and the Mezzanine one test adds. */
const GROUND = "3S1b2C3d4E5f6G7h8I9j0K";
const FIRST = "4S1b2C3d4E5f6G7h8I9j0K";
const MEZZ = "OS1b2C3d4E5f6G7h8I9j0K";

Deno.test("ifc stair fixture: the stair joins both storeys and lands in the hall and the landing", async () => {
  const { plan } = await load(stairText);
  const [v, ...more] = plan.verticals;
  assertEquals(more.length, 0);
  assertEquals(
    [v.id, v.kind, v.name, v.from_floor, v.to_floor, v.rise_m, v.risers],
    [
      STAIR,
      "stair",
      "Main stair",
      GROUND,
      FIRST,
      3,
      16,
    ],
  );
  // Its foot in the hall, its head at the landing, in that order.
  assertEquals(v.rooms, [room(plan, "Hall").id, room(plan, "Landing").id]);
  // The landing does not hold the stair's middle (the stairwell below it is open): a room
  // found there only from where the flight ends, not from its extent.
  const fp = v.footprint!;
  const mid: [number, number] = [(fp[0][0] + fp[2][0]) / 2, (fp[0][1] + fp[2][1]) / 2];
  assertOk(ringDistance_m(mid, room(plan, "Landing").polygon) > 1, "the middle is > 1 m away");
  // Its display name carries the file's own name beside its floors.
  const names = planNames(plan);
  assertEquals(
    names.vertical.get(STAIR),
    `${v.kind} ${v.name} (${names.floor.get(v.from_floor)} → ${names.floor.get(v.to_floor)})`,
  );
});

Deno.test("ifc stair fixture: upstairs is blocked by the stair in a wheelchair and reachable on foot", async () => {
  const loaded = await load(stairText);
  const { plan } = loaded;
  const chair = await stepFree(loaded, true);
  assertEquals(chair.verdict.code, "verdict.unreachable");
  assertEquals(chair.verdict.data?.barrier, { id: `stair:${STAIR}`, code: "stair", rooms: 2 });
  for (const name of ["Landing", "Bedroom"]) {
    const c = reach(chair, room(plan, name).id);
    assertEquals([c.status, c.data?.blocking], ["fail", [`stair:${STAIR}`]]);
  }
  assertEquals(chair.checks.find((c) => c.id === `stair:${STAIR}`)?.code, "element.stair");
  assertEquals(reach(chair, room(plan, "Hall").id).status, "pass");
  assertEquals(
    chair.findings.map((f) => [f.subject, f.code]).sort(),
    [[room(plan, "Bedroom").id, "room.unreachable"], [room(plan, "Landing").id, "room.unreachable"]]
      .sort(),
  );
  const foot = await stepFree(loaded, false);
  assertEquals(foot.verdict.code, "verdict.reachable");
  assertEquals(
    plan.rooms.map((r) => reach(foot, r.id).status),
    plan.rooms.map(() => "pass"),
  );
});

/** The stair fixture with its flight flattened to 0.2 m: its geometry no longer reaches up. */
const flat = (t: string) =>
  t.replace("#122=IFCCARTESIANPOINT((3.5,2.75));", "#122=IFCCARTESIANPOINT((3.5,0.1));")
    .replace("#123=IFCCARTESIANPOINT((3.5,3.));", "#123=IFCCARTESIANPOINT((3.5,0.2));");
const noRisers = (t: string) =>
  t.replace(",16,15,0.1875,0.2,.STRAIGHT.);", ",$,$,$,$,.STRAIGHT.);");
const withRef = (t: string) =>
  t.replace(
    "ENDSEC;\nEND-ISO",
    "#142=IFCRELREFERENCEDINSPATIALSTRUCTURE('IS1b2C3d4E5f6G7h8I9j0K',$,$,$,(#133),#49);\nENDSEC;\nEND-ISO",
  );

Deno.test("ifc stair fixture: storeys from risers × RiserHeight, or from a reference, when the geometry stops short", async () => {
  const byRisers = (await load(flat(stairText))).plan;
  assertEquals(
    [byRisers.verticals[0].kind, byRisers.verticals[0].to_floor, byRisers.verticals[0].rise_m],
    ["stair", FIRST, 3],
  );
  const byRef = (await load(withRef(noRisers(flat(stairText))))).plan;
  assertEquals(
    [byRef.verticals[0].kind, byRef.verticals[0].to_floor, byRef.verticals[0].rise_m],
    ["stair", FIRST, 3],
  );
  assertEquals(byRef.verticals[0].rooms, [room(byRef, "Hall").id, room(byRef, "Landing").id]);
  // Neither: a step within the ground floor (what the file then says).
  const neither = (await load(noRisers(flat(stairText)))).plan;
  assertEquals(
    [neither.verticals[0].kind, neither.verticals[0].to_floor],
    ["step", GROUND],
  );
});

Deno.test("ifc stair fixture: a storey between that references the stair splits it in two", async () => {
  const mezz = stairText.replace(
    "ENDSEC;\nEND-ISO",
    [
      "#144=IFCCARTESIANPOINT((0.,0.,1.5));",
      "#145=IFCAXIS2PLACEMENT3D(#144,#21,#22);",
      "#146=IFCLOCALPLACEMENT(#42,#145);",
      "#147=IFCBUILDINGSTOREY('OS1b2C3d4E5f6G7h8I9j0K',$,'Mezzanine',$,$,#146,$,$,.ELEMENT.,1.5);",
      "#148=IFCRELAGGREGATES('PS1b2C3d4E5f6G7h8I9j0K',$,$,$,#43,(#147));",
      "#149=IFCRELREFERENCEDINSPATIALSTRUCTURE('QS1b2C3d4E5f6G7h8I9j0K',$,$,$,(#133),#147);",
      "ENDSEC;\nEND-ISO",
    ].join("\n"),
  );
  const { plan } = await load(mezz);
  assertEquals(
    plan.verticals.map((v) => [v.id, v.from_floor, v.to_floor, v.rise_m, v.risers]),
    [
      [STAIR, GROUND, MEZZ, 1.5, 8],
      [`${STAIR}/2`, MEZZ, FIRST, 1.5, 8],
    ],
  );
  // The mezzanine has no space: the hall at the foot, the landing at the head, none between.
  assertEquals(plan.verticals.map((v) => v.rooms), [[room(plan, "Hall").id], [
    room(plan, "Landing").id,
  ]]);
});

Deno.test("ifc stair fixture: the room at the head from IfcRelSpaceBoundary when it lies beyond reach", async () => {
  // The landing and bedroom moved 2 m east: the flight's head is 2.1 m from the landing.
  const far = stairText.replace(
    "#78=IFCCARTESIANPOINT((3.6,0.,0.));",
    "#78=IFCCARTESIANPOINT((5.6,0.,0.));",
  )
    .replace("#89=IFCCARTESIANPOINT((6.2,0.,0.));", "#89=IFCCARTESIANPOINT((8.2,0.,0.));")
    .replace("#113=IFCCARTESIANPOINT((6.,1.,0.));", "#113=IFCCARTESIANPOINT((8.,1.,0.));");
  const unbound = (await load(far)).plan;
  assertEquals(unbound.verticals[0].rooms, [room(unbound, "Hall").id]);
  const bound = (await load(
    far.replace(
      "ENDSEC;\nEND-ISO",
      "#143=IFCRELSPACEBOUNDARY('JS1b2C3d4E5f6G7h8I9j0K',$,$,$,#81,#133,$,.PHYSICAL.,.INTERNAL.);\nENDSEC;\nEND-ISO",
    ),
  )).plan;
  assertEquals(bound.verticals[0].rooms, [room(bound, "Hall").id, room(bound, "Landing").id]);
});

/** The stair fixture with a 1.3 × 1.3 m lift shaft (0..5.5 m) north of the hall and landing. */
const LIFT = "KS1b2C3d4E5f6G7h8I9j0K";
const withLift = (t: string, clearWidth: boolean) =>
  t.replace(
    "ENDSEC;\nEND-ISO",
    [
      "#150=IFCCARTESIANPOINT((1.3,0.));",
      "#151=IFCCARTESIANPOINT((1.3,1.3));",
      "#152=IFCCARTESIANPOINT((0.,1.3));",
      "#153=IFCPOLYLINE((#60,#150,#151,#152,#60));",
      "#154=IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,$,#153);",
      "#155=IFCEXTRUDEDAREASOLID(#154,#23,#21,5.5);",
      "#156=IFCSHAPEREPRESENTATION(#25,'Body','SweptSolid',(#155));",
      "#157=IFCPRODUCTDEFINITIONSHAPE($,$,(#156));",
      "#158=IFCCARTESIANPOINT((4.1,3.1,0.));",
      "#159=IFCAXIS2PLACEMENT3D(#158,#21,#22);",
      "#160=IFCLOCALPLACEMENT(#44,#159);",
      `#161=IFCTRANSPORTELEMENT('${LIFT}',$,'Lift A',$,$,#160,#157,$,.ELEVATOR.);`,
      "#162=IFCRELCONTAINEDINSPATIALSTRUCTURE('LS1b2C3d4E5f6G7h8I9j0K',$,$,$,(#161),#45);",
      ...(clearWidth
        ? [
          "#163=IFCPROPERTYSINGLEVALUE('ClearWidth',$,IFCPOSITIVELENGTHMEASURE(0.9),$);",
          "#164=IFCPROPERTYSET('MS1b2C3d4E5f6G7h8I9j0K',$,'Pset_TransportElementElevator',$,(#163));",
          "#165=IFCRELDEFINESBYPROPERTIES('NS1b2C3d4E5f6G7h8I9j0K',$,$,$,(#161),#164);",
        ]
        : []),
      "ENDSEC;\nEND-ISO",
    ].join("\n"),
  );

Deno.test("ifc lift (IfcTransportElement ELEVATOR): joins the storeys its shaft passes; upstairs is reached in a wheelchair", async () => {
  const loaded = await load(withLift(stairText, true));
  const { plan } = loaded;
  const lift = plan.verticals.find((v) => v.id === LIFT)!;
  assertEquals(
    [lift.kind, lift.name, lift.from_floor, lift.to_floor, lift.rise_m, lift.width_m],
    ["lift", "Lift A", GROUND, FIRST, 3, 0.9],
  );
  // The shaft stands outside both rooms: the rooms in front of it (within 1.5 m of its middle).
  assertEquals(lift.rooms, [room(plan, "Hall").id, room(plan, "Landing").id]);
  assertEquals(lift.estimated, undefined);
  const chair = await stepFree(loaded, true);
  assertEquals(chair.verdict.code, "verdict.reachable");
  // No stated ClearWidth: the shaft's narrower side, an estimate bounded by half of it.
  const unstated = await load(withLift(stairText, false));
  const guessed = unstated.plan.verticals.find((v) => v.id === LIFT)!;
  assertEquals([guessed.width_m, guessed.estimated?.width_m?.error_m], [1.3, 0.65]);
  // 1.3 m is within its 0.65 m bound of the 0.815 m needed: too close to call, not a pass.
  const close = await stepFree(unstated, true);
  assertEquals(
    [close.verdict.code, close.checks.find((c) => c.id === `clear_width:${LIFT}`)?.status],
    ["verdict.too_close", "warn"],
  );
});

Deno.test("ifc open-plan fixture: an opening where two spaces meet with no wall, none across the wall", async () => {
  const loaded = await load(openText);
  const { plan } = loaded;
  const kitchen = room(plan, "Kitchen").id, living = room(plan, "Living").id;
  const open = plan.openings.filter((o) => o.kind === "opening");
  assertEquals(
    open.map((o) => [o.between, o.at, o.width_m]),
    [[[kitchen, living], [4, 1.5], 3]],
  );
  const r = await stepFree(loaded, true);
  assertEquals(reach(r, living).status, "pass");
  // The bedroom behind the partition has no way in: not known, never passed.
  assertEquals(reach(r, room(plan, "Bedroom").id).status, "unknown");
  // A balustrade in the wall's place parts them as well (no way through it).
  const rail = (await load(
    openText.replace("#89=IFCWALL(", "#89=IFCRAILING(").replace(".PARTITIONING.", ".BALUSTRADE."),
  )).plan;
  assertEquals(rail.openings.filter((o) => o.kind === "opening").length, 1);
  // Without the wall, living room and bedroom are open plan too.
  const noWall = (await load(
    openText.replace(/#89=IFCWALL\([^\n]*\n/, "").replace("(#89,#112)", "(#112)"),
  )).plan;
  assertEquals(
    noWall.openings.filter((o) => o.kind === "opening").map((o) => o.between).sort(),
    [[kitchen, living], [living, room(noWall, "Bedroom").id]].sort(),
  );
});

Deno.test("ifc FZK-Haus: the three IfcVirtualElement boundaries become openings; without them, shared edges give the same", async () => {
  const { plan, report } = await load(fzkText, "fzk");
  const id = (n: string) => room(plan, n).id;
  const pairs = (p: Plan) =>
    p.openings.filter((o) => o.kind === "opening").map((o) => [...o.between].sort()).sort();
  const want = [[id("Wohnen"), id("Flur")], [id("Wohnen"), id("Küche")], [id("Flur"), id("Küche")]]
    .map((x) => x.sort()).sort();
  assertEquals(pairs(plan), want);
  // Their ids are the virtual elements' GlobalIds (counted from the STEP text).
  const virtual = [...fzkText.matchAll(/IFCVIRTUALELEMENT\('([^']+)'/g)].map((m) => m[1]).sort();
  assertEquals(plan.openings.filter((o) => o.kind === "opening").map((o) => o.id).sort(), virtual);
  assertEquals((report as { counts: Record<string, number> }).counts.open_virtual, 3);
  const withoutVirtual = fzkText.split("\n").filter((l) => !l.includes(".VIRTUAL.")).join("\n");
  const geometric = await load(withoutVirtual, "fzk");
  assertEquals(pairs(geometric.plan), want);
  assertEquals(
    (geometric.report as { counts: Record<string, number> }).counts.open_wallless,
    3,
  );
});

Deno.test("ifc FZK-Haus: Küche is reached through the open plan; Galerie is blocked by the Wendeltreppe", async () => {
  const loaded = await load(fzkText, "fzk");
  const { plan } = loaded;
  const [stair] = plan.verticals;
  assertEquals([stair.name, stair.rooms], ["Wendeltreppe", [
    room(plan, "Wohnen").id,
    room(plan, "Galerie").id,
  ]]);
  const chair = await stepFree(loaded, true);
  assertEquals(reach(chair, room(plan, "Küche").id).status, "pass");
  const galerie = reach(chair, room(plan, "Galerie").id);
  assertEquals([galerie.status, galerie.data?.blocking], ["fail", [`stair:${stair.id}`]]);
  const foot = await stepFree(loaded, false);
  assertEquals(reach(foot, room(plan, "Galerie").id).status, "pass");
});

Deno.test("ifc: a file with no IfcSpace imports with the no_rooms headline; one with spaces has none", async () => {
  const { report } = await ifcPlan(
    Deno.readFileSync(fixture("ifc/no_spaces_ifc4.ifc")),
    "no_spaces_ifc4.ifc",
  );
  assertEquals(
    report.headlines?.map((h) => [h.code, h.data]),
    [["no_rooms", { entity: "IfcSpace", storeys: 1, derived_rooms: 1 }]],
  );
  const oh = await ifcPlan(
    Deno.readFileSync(sharedData("ifc/IfcOpenHouse_IFC4.ifc")),
    "IfcOpenHouse_IFC4.ifc",
  );
  assertEquals(oh.report.headlines?.map((h) => h.code), ["no_rooms"]);
  const withSpaces = await ifcPlan(new TextEncoder().encode(openText), "open_plan_ifc4.ifc");
  assertEquals(withSpaces.report.headlines, undefined);
});

Deno.test("threshold import: the no_rooms headline is the first line printed, and in --json", async () => {
  const home = await Deno.makeTempDir();
  const cli = new URL("../../cli.ts", import.meta.url).pathname;
  const file = fixture("ifc/no_spaces_ifc4.ifc");
  const run = async (...args: string[]) => {
    const o = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", cli, ...args],
      env: { THRESHOLD_HOME: home, COLUMNS: "400", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    return new TextDecoder().decode(o.stdout);
  };
  try {
    const { report } = await ifcPlan(Deno.readFileSync(file), file);
    const json = JSON.parse(await run("import", file, "--id", "a", "--json"));
    assertEquals(json.report.headlines, report.headlines);
    const text = await run("import", file, "--id", "b");
    const [h] = report.headlines!;
    assertEquals(
      text.split("\n")[0],
      `Warning: ${headlineText(h.code as "no_rooms", h.data as HeadlineData["no_rooms"])}`,
    );
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
