/**
 * Import benchmarks for the ZInD and IFC layers (issue 4), each against a named baseline in the
 * same run:
 * - FZK-Haus (2.6 MB IFC4) against web-ifc's own OpenModel + CloseModel of the same bytes
 *   (target: under 1.5 s);
 * - IfcOpenHouse (IFC4, mm) against the same baseline (target: under 200 ms);
 * - the ZInD sample tour against JSON.parse of the same bytes (target: under 200 ms).
 * Samples come from ../shared/data (see SOURCES.md); run with `deno bench -A bench/import_bench.ts`.
 */
import { fileURLToPath } from "node:url";
import { parsePlan } from "../ground/plan.ts";
import { ifcApi, ifcPlan } from "../layers/ifc/mod.ts";
import { zind } from "../layers/zind/mod.ts";

const data = (rel: string) => fileURLToPath(new URL(`../../shared/data/${rel}`, import.meta.url));
const fzkPath = data("ifc/AC20-FZK-Haus.ifc");
const ohPath = data("ifc/IfcOpenHouse_IFC4.ifc");
const zindPath = data("zind/zind_data.json");
const fzk = Deno.readFileSync(fzkPath);
const oh = Deno.readFileSync(ohPath);
const zindBytes = Deno.readFileSync(zindPath);
const api = await ifcApi(); // WASM start-up once, outside the timings (both sides share it)

for (
  const [group, path, bytes] of [["ifc FZK-Haus", fzkPath, fzk], [
    "ifc IfcOpenHouse",
    ohPath,
    oh,
  ]] as const
) {
  Deno.bench({
    name: "baseline: web-ifc OpenModel + CloseModel",
    group,
    baseline: true,
    fn() {
      api.CloseModel(api.OpenModel(bytes));
    },
  });
  Deno.bench({
    name: "threshold ifc import (plan + report, validated)",
    group,
    async fn() {
      const { plan } = await ifcPlan(bytes, path);
      parsePlan(plan, path);
    },
  });
}

Deno.bench({
  name: "baseline: JSON.parse of zind_data.json",
  group: "zind sample tour",
  baseline: true,
  fn() {
    JSON.parse(new TextDecoder().decode(zindBytes));
  },
});
Deno.bench({
  name: "threshold zind import (plan + report, validated)",
  group: "zind sample tour",
  async fn() {
    const { plan } = await zind.run(zindPath, zindBytes, { ref: zindPath });
    parsePlan(plan, zindPath);
  },
});
