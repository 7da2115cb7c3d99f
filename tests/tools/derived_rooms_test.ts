/**
 * A room an importer derived (an IFC storey with no IfcSpace: ground/plan.ts `Room.derived`) is
 * kept out of every judgement, and each tool says so: on IfcOpenHouse (its only room is
 * derived) and on FZK-Haus with a derived room added beside its own seven (a door from Flur
 * into it and a window out of it).
 */
import assert from "node:assert/strict";
import { sharedData } from "../_data.ts";
import type { Plan } from "../../ground/plan.ts";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import type { ToolResult } from "../../core/result.ts";
import { importSource } from "../../layers/mod.ts";

const reg = await loadRegistry();
const oh = (await importSource(sharedData("ifc/IfcOpenHouse_IFC4.ifc"), { id: "oh" })).loaded;
const fzk = (await importSource(sharedData("ifc/AC20-FZK-Haus.ifc"), { id: "fzk" })).loaded;

/** FZK-Haus plus one derived room east of the house, a door from Flur and a window out. */
function fzkWithDerived(): { loaded: typeof fzk; id: string; window: string } {
  const plan: Plan = structuredClone(fzk.plan);
  const flur = plan.rooms.find((r) => r.name === "Flur")!;
  const xs = plan.rooms.flatMap((r) => r.polygon.map((p) => p[0]));
  const x0 = Math.max(...xs) + 0.3;
  const id = "derived-annex";
  plan.rooms.push({
    id,
    floor: flur.floor,
    label: "other",
    name: "annex (inside the walls; the file has no IfcSpace)",
    polygon: [[x0, 0], [x0 + 4, 0], [x0 + 4, 4], [x0, 4]],
    derived: "level test has no IfcSpace; this room is the rectangle inside its walls",
  });
  plan.openings.push({
    id: "door-annex",
    kind: "door",
    floor: flur.floor,
    between: [flur.id, id],
    at: [x0, 2],
    width_m: 1.0,
  });
  plan.openings.push({
    id: "window-annex",
    kind: "window",
    floor: flur.floor,
    between: [id, null],
    at: [x0 + 4, 2],
    width_m: 1.2,
    sill_m: 0.9,
    height_m: 1.2,
  });
  return { loaded: { ...fzk, plan }, id, window: "window-annex" };
}

const PERSON = {
  chair_width_m: 0.66,
  chair_length_m: 1.1,
  turning_diameter_m: 1.5,
  pack: "irc-2021",
  item: "sofa",
};

async function run(
  tool: string,
  loaded: typeof fzk,
  set: Record<string, unknown>,
): Promise<ToolResult> {
  const m = reg.require(tool);
  const keys = Object.keys((m.inputs as unknown as { shape: object }).shape);
  const all: Record<string, unknown> = { ...PERSON, ...set };
  const out = await runTool(m, {
    plans: { s: loaded },
    set: {
      scan: "s",
      ...Object.fromEntries(Object.entries(all).filter(([k]) => keys.includes(k))),
    },
  });
  assert.equal(out.status, "done", `${tool}: ${JSON.stringify(out).slice(0, 300)}`);
  if (out.status !== "done") throw new Error("unreachable");
  return out.result;
}

/** Nothing in the result judges `ids`: no check, finding or overlay is about them. */
function judgesNone(r: ToolResult, ids: string[], tool: string) {
  const about = (s?: string) => s !== undefined && ids.some((id) => s === id || s.includes(id));
  assert.deepEqual(
    r.checks.filter((c) => about(c.subject) || about(c.id)).map((c) => c.id),
    [],
    tool,
  );
  assert.deepEqual(
    r.findings.filter((f) => about(f.subject) || about(f.id)).map((f) => f.id),
    [],
    tool,
  );
  assert.deepEqual(r.overlays.filter((o) => about(o.id)).map((o) => o.id), [], tool);
}

/** The result says which room it left out and why. */
function saysNotJudged(r: ToolResult, name: string, tool: string) {
  assert.ok(
    r.assumptions.some((a) => a.text.startsWith(`Not judged: ${name} (`)),
    `${tool}: ${JSON.stringify(r.assumptions.map((a) => a.text))}`,
  );
}

const OH_ROOM = oh.plan.rooms[0];
const OH_TOOLS = ["step_free_route", "takeoff", "ceiling_height", "turning_space", "code_check"];

for (const tool of OH_TOOLS) {
  Deno.test(`derived rooms: ${tool} on IfcOpenHouse judges no room and says why`, async () => {
    assert.ok(OH_ROOM.derived, "IfcOpenHouse's one room is derived");
    const r = await run(tool, oh, {});
    judgesNone(r, [OH_ROOM.id], tool);
    saysNotJudged(r, OH_ROOM.name!, tool);
    if (tool !== "code_check") {
      assert.equal(r.verdict.status, "unknown", r.verdict.text);
      assert.deepEqual(
        [r.verdict.code, r.verdict.data?.derived],
        ["verdict.only_derived", [OH_ROOM.id]],
        r.verdict.text,
      );
      assert.match(String(r.verdict.data?.why), /has no IfcSpace/);
    }
  });
}

Deno.test("derived rooms: will_it_fit and step_free_route refuse a derived room as the target", async () => {
  for (const tool of ["will_it_fit", "step_free_route"]) {
    const r = await run(tool, oh, { to: OH_ROOM.id });
    assert.equal(r.verdict.status, "unknown", `${tool}: ${r.verdict.text}`);
    assert.deepEqual([r.verdict.code, r.verdict.data?.room], [
      "verdict.derived_target",
      OH_ROOM.id,
    ]);
    judgesNone(r, [OH_ROOM.id], tool);
    saysNotJudged(r, OH_ROOM.name!, tool);
  }
});

const mixed = fzkWithDerived();
const ANNEX = "annex (inside the walls; the file has no IfcSpace)";

Deno.test("derived rooms: step_free_route on FZK routes to its 7 own rooms, not the derived one", async () => {
  const r = await run("step_free_route", mixed.loaded, {});
  judgesNone(r, [mixed.id], "step_free_route");
  saysNotJudged(r, ANNEX, "step_free_route");
  const reach = r.checks.filter((c) => c.id.startsWith("reach:"));
  assert.equal(reach.length, 7);
  const plain = await run("step_free_route", fzk, {});
  assert.equal(r.verdict.status, plain.verdict.status);
});

Deno.test("derived rooms: takeoff on FZK counts its 7 own rooms and the same floor area as without the derived room", async () => {
  const r = await run("takeoff", mixed.loaded, {});
  const plain = await run("takeoff", fzk, {});
  const metric = (x: ToolResult, id: string) => x.metrics.find((m) => m.id === id)!.value;
  assert.equal(metric(r, "rooms_counted"), 7);
  assert.equal(metric(r, "floor_area_m2"), metric(plain, "floor_area_m2"));
  // (paint differs: the added door is a real opening in Flur's wall, so Flur has less wall.)
  judgesNone(r, [mixed.id], "takeoff");
  saysNotJudged(r, ANNEX, "takeoff");
});

Deno.test("derived rooms: sun_hours on FZK gives no answer for the derived room or its window", async () => {
  const r = await run("sun_hours", mixed.loaded, {});
  judgesNone(r, [mixed.id, mixed.window], "sun_hours");
  saysNotJudged(r, ANNEX, "sun_hours");
  const rooms = (r.data as { rooms?: { id: string }[] } | undefined)?.rooms ?? [];
  assert.ok(rooms.length > 0);
  assert.equal(rooms.some((x) => x.id === mixed.id), false);
});

for (const tool of ["code_check", "ceiling_height", "turning_space"]) {
  Deno.test(`derived rooms: ${tool} on FZK judges its own rooms, not the derived one`, async () => {
    const r = await run(tool, mixed.loaded, {});
    judgesNone(r, [mixed.id], tool);
    saysNotJudged(r, ANNEX, tool);
    const plain = await run(tool, fzk, {});
    assert.equal(r.verdict.status, plain.verdict.status, r.verdict.text);
  });
}

Deno.test("derived rooms: will_it_fit to an FZK room still works with a derived room beside it", async () => {
  const r = await run("will_it_fit", mixed.loaded, { to: "Wohnen" });
  const plain = await run("will_it_fit", fzk, { to: "Wohnen" });
  assert.notEqual(r.verdict.status, "unknown", r.verdict.text);
  assert.equal(r.verdict.status, plain.verdict.status, r.verdict.text);
  judgesNone(r, [mixed.id], "will_it_fit");
});
