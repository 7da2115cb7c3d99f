/**
 * Issue 29's check that speed work on the routes engine changed no result: step_free_route
 * (every room, a wide traveller, one room with its drawn route, walking) and will_it_fit (which
 * walks the same graph) on the demo, the geometry and rules fixtures, the FZK IFC house, the
 * ZInD sample and the 1,000-room grid, written as the result JSON and as printed tables,
 * plain text and markdown, metric and imperial, one file per case under `dir`. Run it before
 * and after a change and compare the folders (`diff -r`): they must be identical.
 *
 * ```sh
 * deno run -A bench/routes_outputs.ts /tmp/before
 * ```
 */
import { parsePlan } from "../ground/plan.ts";
import type { LoadedPlan } from "../ground/plan.ts";
import { runTool } from "../core/run.ts";
import { loadRegistry } from "../core/registry.ts";
import { importSource } from "../layers/mod.ts";
import { renderResult } from "../cli/render.ts";
import { printableDeep } from "../core/printable.ts";
import { gridBuilding } from "./_grid_building.ts";
import { sharedData } from "../tests/_data.ts";

const dir = Deno.args[0];
if (!dir) throw new Error("usage: deno run -A bench/routes_outputs.ts <dir>");
Deno.mkdirSync(dir, { recursive: true });
const fixture = (rel: string) =>
  parsePlan(JSON.parse(Deno.readTextFileSync(new URL(`../fixtures/${rel}`, import.meta.url))));
const PLANS: [string, () => LoadedPlan | Promise<LoadedPlan>][] = [
  ["demo", () => fixture("demo/plan.json")],
  ["split_level", () => fixture("geometry/split_level.json")],
  ["bed_room", () => fixture("geometry/bed_room.json")],
  ["corridor_corner", () => fixture("geometry/corridor_corner.json")],
  ["narrow_door", () => fixture("geometry/narrow_door.json")],
  ["l_room", () => fixture("geometry/l_room.json")],
  ["rules_base", () => fixture("rules/base.json")],
  ["grid", () => parsePlan(gridBuilding(40, 25, 3000))],
  ["zind", async () => (await importSource(sharedData("zind/zind_data.json"))).loaded],
  ["fzk", async () => (await importSource(sharedData("ifc/AC20-FZK-Haus.ifc"))).loaded],
];
const registry = await loadRegistry();
const route = registry.require("step_free_route"), fit = registry.require("will_it_fit");
let files = 0;
for (const [name, load] of PLANS) {
  const loaded = await load();
  const rooms = loaded.plan.rooms.filter((r) => !r.derived);
  const last = rooms[rooms.length - 1]?.id;
  const cases: [string, typeof route, Record<string, unknown>][] = [
    ["route", route, { chair_width_m: 0.71 }],
    ["route_wide", route, { chair_width_m: 1.1, min_clear_width_m: 1.2 }],
    ["route_walk", route, { chair_width_m: 0.71, step_free: false }],
    ...(last
      ? [["route_to", route, { chair_width_m: 0.71, to: last }], ["fit_sofa", fit, {
        item: "sofa",
        to: last,
      }]] as [string, typeof route, Record<string, unknown>][]
      : []),
  ];
  for (const [c, m, set] of cases) {
    for (const units of ["metric", "imperial"] as const) {
      const out = await runTool(m, { plans: { s: loaded }, set: { scan: "s", ...set }, units });
      const stem = `${dir}/${name}.${c}.${units}`;
      if (out.status !== "done") {
        Deno.writeTextFileSync(`${stem}.status.txt`, JSON.stringify(out, null, 1));
        files++;
        continue;
      }
      const r = out.result;
      if (units === "metric") {
        Deno.writeTextFileSync(`${stem}.json`, JSON.stringify(r, null, 1)), files++;
      }
      for (const format of ["table", "plain", "markdown"] as const) {
        const text = renderResult(m, printableDeep(r), false, { format, units, all: true });
        Deno.writeTextFileSync(`${stem}.${format}.txt`, text), files++;
      }
    }
  }
}
console.log(`${files} files in ${dir}`);
