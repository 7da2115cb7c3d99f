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

const FLAT = sharedData("roomplan/open3dfloorplan-multiroom.json");

Deno.test("roomplan cli: import --id flat, then step_free_route, will_it_fit, takeoff by room name", async () => {
  const home = tempHome();
  const imp = await cli(home, ["import", FLAT, "--id", "flat"]);
  assert.equal(imp.code, 0, imp.stderr);
  assert.match(imp.stdout, /as scan flat \(roomplan\)/);
  assert.match(imp.stdout, /4 rooms found from 20 walls/);
  const route = await cli(home, [
    "run",
    "step_free_route",
    "--scan",
    "flat",
    "--set",
    "chair_width_m=0.7",
  ]);
  assert.ok(route.code === 0 || route.code === 1, route.stderr);
  assert.match(route.stdout, /bedroom 1/);
  assert.match(route.stdout, /bathroom/);
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
  assert.match(fit.stdout, /sofa will .*bedroom 2/);
  const take = await cli(home, ["run", "takeoff", "--scan", "flat"]);
  assert.equal(take.code, 0, take.stderr);
  for (const name of ["bedroom 1", "bedroom 2", "bathroom", "unidentified"]) {
    assert.match(take.stdout, new RegExp(name));
  }
});

Deno.test("roomplan web: an upload of the export is imported with its rooms by name", async () => {
  const web = await testWeb();
  try {
    const fd = new FormData();
    fd.append("file", new File([await Deno.readFile(FLAT)], "flat.json"));
    fd.append("id", "flat");
    const res = await web.post("/import", fd);
    assert.equal(res.status, 200);
    const page = await res.text();
    assert.match(page, /Imported flat\.json as scan flat \(roomplan\)/);
    assert.match(page, /bedroom 2/);
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
    assert.match(view.verdict, /as scan flat \(roomplan\): 1 floor\(s\), 4 room\(s\)/);
  } finally {
    await s.close();
  }
});
