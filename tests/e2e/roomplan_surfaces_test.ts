/**
 * A phone scan through every surface (issue 26): the real RoomPlan export of a flat
 * (../shared/data/roomplan/open3dfloorplan-multiroom.json) imported by `threshold import`,
 * the web upload and MCP `import_scan`; the command line's step_free_route, will_it_fit and
 * takeoff then answer by room name.
 */
import assert from "node:assert/strict";
import { dirname } from "node:path";
import { sharedData } from "../_data.ts";
import { cli, tempHome } from "../_cli.ts";
import { testWeb } from "../web/_server.ts";
import { confinedFlags } from "../../host/confine.ts";
import { freshHome, MCP_TS, start } from "../mcp/_connect.ts";
import { assertGolden } from "../_golden.ts";
import { dom, textOf } from "../_html.ts";
import { planNames } from "../../ground/names.ts";
import { planChoices } from "../../core/session.ts";
import type { Plan } from "../../ground/plan.ts";

const FLAT = sharedData("roomplan/open3dfloorplan-multiroom.json");

Deno.test("roomplan cli: import --id flat, then step_free_route, will_it_fit, takeoff by room name", async () => {
  const home = tempHome();
  const imp = await cli(home, ["import", FLAT, "--id", "flat"]);
  assert.equal(imp.code, 0, imp.stderr);
  const report =
    JSON.parse((await cli(tempHome(), ["import", FLAT, "--id", "flat", "--json"])).stdout)
      .report;
  assert.equal(report.format, "roomplan");
  assert.deepEqual([report.counts.rooms_found, report.counts.walls], [4, 20]);
  const plan = JSON.parse((await cli(home, ["plan", "flat", "--json"])).stdout) as Plan;
  const names = [...planNames(plan).room.values()];
  assert.equal(names.length, 4);
  await assertGolden("roomplan.cli.import", {
    first_line: imp.stdout.split("\n")[0].replace(FLAT, "<file>"),
    rooms: names,
  });
  const route = await cli(home, [
    "run",
    "step_free_route",
    "--scan",
    "flat",
    "--set",
    "chair_width_m=0.7",
  ]);
  assert.ok(route.code === 0 || route.code === 1, route.stderr);
  // Every room is judged (a check on it), and each is named in what is printed.
  const routeJson = JSON.parse(
    (await cli(home, [
      "run",
      "step_free_route",
      "--scan",
      "flat",
      "--set",
      "chair_width_m=0.7",
      "--json",
    ]))
      .stdout,
  ).result;
  const subjects = routeJson.checks.map((c: { subject?: string }) => c.subject);
  for (const r of plan.rooms) assert.ok(subjects.includes(r.id), r.id);
  for (const n of names) assert.ok(route.stdout.includes(n), n);
  const fit = await cli(home, [
    "run",
    "will_it_fit",
    "--scan",
    "flat",
    "--set",
    "item=sofa",
    "--set",
    "to=bedroom 2",
  ]);
  assert.ok(fit.code === 0 || fit.code === 1, fit.stderr);
  const fitJson = JSON.parse(
    (await cli(home, [
      "run",
      "will_it_fit",
      "--scan",
      "flat",
      "--set",
      "item=sofa",
      "--set",
      "to=bedroom 2",
      "--json",
    ])).stdout,
  ).result;
  // The room given by its name is the plan's room of that name, and the verdict says it.
  const bed2 = plan.rooms.find((r) => r.name === fitJson.inputs.to.value)!;
  assert.ok(bed2, "the name is a room of the flat");
  assert.equal(fitJson.verdict.data.room, planNames(plan).room.get(bed2.id));
  assert.equal(fitJson.verdict.data.item, "sofa");
  const take = await cli(home, ["run", "takeoff", "--scan", "flat"]);
  assert.equal(take.code, 0, take.stderr);
  for (const n of names) assert.ok(take.stdout.includes(n), n);
});

Deno.test("roomplan web: an upload of the export is imported with its rooms by name", async () => {
  const web = await testWeb();
  try {
    const fd = new FormData();
    fd.append("file", new File([await Deno.readFile(FLAT)], "flat.json"));
    fd.append("id", "flat");
    const res = await web.post("/import", fd);
    assert.equal(res.status, 200);
    const page = dom(await res.text());
    const { openStore } = await import("../../core/store.ts");
    const st = openStore(web.home);
    const plan = st.getScan("flat")!.plan;
    st.close();
    assert.equal(plan.source.format, "roomplan");
    assert.deepEqual(
      [...page.querySelectorAll(".rooms-list>li")].map((li) => li.textContent),
      planChoices(plan, "room").map((c) => c.label),
    );
    await assertGolden("roomplan.web.import", { heading: textOf(page, "#h-report") });
  } finally {
    await web.close();
  }
});

Deno.test("roomplan mcp: import_scan takes the export from under --root", async () => {
  const home = freshHome();
  const root = dirname(FLAT);
  const s = await start("legacy", home, {
    args: ["run", ...confinedFlags(home, [root]), MCP_TS, `--home=${home}`, `--root=${root}`],
  });
  try {
    const imp = await s.client.callTool({
      name: "import_scan",
      arguments: { path: "open3dfloorplan-multiroom.json", id: "flat" },
    }) as Record<string, unknown>;
    assert.equal(imp.isError, undefined, JSON.stringify(imp));
    const view = imp.structuredContent as { verdict: string };
    await assertGolden("roomplan.mcp.import", { verdict: view.verdict.replace(root, "<root>") });
  } finally {
    await s.close();
  }
});
