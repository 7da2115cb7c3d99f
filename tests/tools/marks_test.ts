/**
 * Issue 31 § 4: a mark propagates like SQL's NULL. What the import marks implausible is
 * `unknown` to every tool that reads it (sun_hours on a window 18 m from its wall; takeoff on
 * a 999 m × 0.2 mm sliver and on 600 overlapping corridors; door_clearance on a 1 µm clear
 * width), and topology errors are marked (a door joining a room to itself, a door on a floor
 * neither of its rooms is on) or refused (two floors with one index, a negative ZInD scale).
 */
import { assertGolden, goldenEntries } from "../_golden.ts";
import { rejectedBy } from "../_assert.ts";
import { InputError } from "../../ground/errors.ts";
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import type { LoadedPlan } from "../../ground/plan.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { importSource } from "../../layers/mod.ts";
import { sharedData } from "../_data.ts";

const registry = await loadRegistry();
const demo = () =>
  JSON.parse(Deno.readTextFileSync(new URL("../../fixtures/demo/plan.json", import.meta.url)));

async function imported(plan: unknown, name = "p.json") {
  const file = join(Deno.makeTempDirSync(), name);
  Deno.writeTextFileSync(file, JSON.stringify(plan));
  return await importSource(file, { id: "p" });
}
/** The warnings an import adds to those of the demo as it is (their words go to the golden file). */
const plainWarnings = (await imported(demo())).report.warnings;
const added = (warnings: string[]) => warnings.filter((w) => !plainWarnings.includes(w));
/** The marks on one subject, as [field, value]. */
const marksOn = (p: LoadedPlan, subject: string) =>
  (p.plan.implausible ?? []).filter((m) => m.subject === subject).map((m) => [m.field, m.value]);

async function run(tool: string, p: LoadedPlan, set: Record<string, unknown> = {}) {
  const o = await runTool(registry.require(tool), {
    builtins: BUILTIN_SCANS,
    plans: { p },
    set: { scan: "p", ...set },
  });
  assert.equal(o.status, "done");
  return o.status === "done" ? o.result : undefined!;
}

Deno.test("marks: sun_hours says unknown for a window 18 m from its wall, and its first words count it", async (t) => {
  const said = goldenEntries("marks_test", t);
  const d = demo();
  const w = d.openings.find((o: { id: string }) => o.id === "w_bed1_s");
  w.at = [w.at[0] + 20, w.at[1]];
  const { loaded, report } = await imported(d);
  assert.ok(
    report.warnings.some((x) =>
      /^window \(Main bedroom\): .* 18 m is outside the plausible 0–1 m/.test(x)
    ),
    report.warnings.join("\n"),
  );
  const r = await run("sun_hours", loaded);
  const c = r.checks.find((x) => x.subject === "w_bed1_s");
  assert.equal(c?.status, "unknown");
  said.add(c!.note!);
  assert.notEqual(r.verdict.status, "pass");
  said.add(r.verdict.text);
  await said.check();
});

Deno.test("marks: takeoff leaves a 999 m × 0.2 mm sliver out of its totals and says unknown", async (t) => {
  const said = goldenEntries("marks_test", t);
  const d = demo();
  d.rooms.push({
    id: "sl",
    name: "Sliver",
    floor: d.rooms[0].floor,
    label: "other",
    polygon: [[0, -1], [999, -1], [999, -0.9998], [0, -0.9998]],
    height_m: 2.5,
  });
  const { loaded, report } = await imported(d);
  const [[field, width]] = marksOn(loaded, "sl");
  assert.equal(field, "polygon");
  assert.ok(Math.abs((width as number) - 2e-4) < 1e-7, `mean width ${width}`);
  assert.equal(added(report.warnings).length, 1, report.warnings.join("\n"));
  added(report.warnings).forEach(said.add);
  const base = await run("takeoff", (await imported(demo())).loaded);
  const r = await run("takeoff", loaded);
  assert.equal(r.verdict.status, "unknown");
  said.add(r.verdict.text);
  const area = (x: typeof r) => x.metrics.find((m) => m.id === "floor_area_m2")?.value;
  assert.equal(area(r), area(base), "the sliver adds nothing to the floor area");
  const wall = (x: typeof r) => x.metrics.find((m) => m.id === "wall_net_m2")?.value as number;
  assert.equal(wall(r), wall(base), "nor 5,000 m² of wall");
  assert.equal(r.checks.find((c) => c.subject === "sl")?.status, "unknown");
  await said.check();
});

Deno.test("marks: 600 overlapping corridors are marked and left out of takeoff's floor area (was 1,080,000 m²)", async (t) => {
  const said = goldenEntries("marks_test", t);
  const d = demo();
  for (let i = 0; i < 600; i++) {
    d.rooms.push({
      id: `c${i}`,
      name: `Corridor ${i}`,
      floor: d.rooms[0].floor,
      label: "hallway",
      polygon: [[100 + i * 0.5, 0], [102 + i * 0.5, 0], [102 + i * 0.5, 900], [100 + i * 0.5, 900]],
      height_m: 2.5,
    });
  }
  const { loaded } = await imported(d);
  const r = await run("takeoff", loaded);
  assert.equal(r.verdict.status, "unknown");
  said.add(r.verdict.text);
  assert.equal(r.metrics.find((m) => m.id === "floor_area_m2")?.value, 188);
  await said.check();
});

Deno.test("marks: a clear width of 1 µm is implausible, and door_clearance says unknown for that door, not fail at 0.00 m", async (t) => {
  const said = goldenEntries("marks_test", t);
  const d = demo();
  const door = d.openings.find((o: { kind: string }) => o.kind === "door");
  door.clear_width_m = 1e-6;
  const { loaded, report } = await imported(d);
  assert.deepEqual(marksOn(loaded, door.id), [["clear_width_m", 1e-6]]);
  assert.equal(added(report.warnings).length, 1, report.warnings.join("\n"));
  added(report.warnings).forEach(said.add);
  const r = await run("door_clearance", loaded);
  const mine = r.checks.filter((c) => c.subject === door.id);
  assert.ok(mine.length > 0);
  for (const c of mine) assert.equal(c.status, "unknown", JSON.stringify(c));
  for (const f of r.findings.filter((f) => f.subject === door.id)) {
    assert.equal(f.severity, "info");
    said.add(f.detail ?? "");
  }
  await said.check();
});

Deno.test("marks: a door joining a room to itself, or on a floor neither room is on, is marked at import", async (t) => {
  const said = goldenEntries("marks_test", t);
  const d = demo();
  const doors = d.openings.filter((o: { kind: string; between: unknown[] }) =>
    o.kind === "door" && o.between.every((b) => b !== null)
  );
  doors[0].between = [doors[0].between[0], doors[0].between[0]];
  d.floors.push({ id: "fx", index: 9 });
  doors[1].floor = "fx";
  const { loaded, report } = await imported(d);
  const m = loaded.plan.implausible ?? [];
  assert.ok(m.some((x) => x.subject === doors[0].id && x.field === "between"));
  assert.ok(m.some((x) => x.subject === doors[1].id && x.field === "floor"));
  // One warning per mark, in the report (its words in the golden file).
  assert.equal(added(report.warnings).length, 2, report.warnings.join("\n"));
  added(report.warnings).forEach(said.add);
  await said.check();
});

Deno.test("marks: two floors with one index and a negative ZInD scale are refused, naming what is wrong", async () => {
  const d = demo();
  d.floors.push({ id: "f_twin", index: d.floors[0].index });
  const twin = await rejectedBy(() => imported(d), InputError);
  assert.deepEqual([twin.code, twin.data.floors, twin.data.index], [
    "plan.floor_index_twice",
    ["f0", "f_twin"],
    0,
  ]);
  const z = JSON.parse(Deno.readTextFileSync(sharedData("zind/zind_data.json")));
  const fk = Object.keys(z.scale_meters_per_coordinate)[0];
  z.scale_meters_per_coordinate[fk] = -Math.abs(z.scale_meters_per_coordinate[fk]);
  const scale = await rejectedBy(() => imported(z, "zind_data.json"), InputError);
  assert.deepEqual([scale.code, scale.data.path], [
    "zind.bad_field",
    `scale_meters_per_coordinate.${fk}`,
  ]);
  await assertGolden("sentences/marks_refused", [twin.message.replaceAll(twin.input, "FILE")]);
});
