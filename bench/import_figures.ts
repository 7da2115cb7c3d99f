/**
 * IFC import of FZK-Haus against web-ifc's own OpenModel + CloseModel of the same bytes (issue
 * 29's goal: ≤ 2×), alternated round by round in one process, medians of the wall clock and of
 * the process's CPU time (node:process cpuUsage); also the file's pre-scan (checkIfcLines)
 * alone against the decode + split + regular-expression version it replaced
 * (tests/layers/_ifc_lines_reference.ts).
 *
 * ```sh
 * deno run -A bench/import_figures.ts [rounds=21]
 * ```
 */
import { cpuUsage } from "node:process";
import { fileURLToPath } from "node:url";
import { parsePlan } from "../ground/plan.ts";
import { ifcApi, ifcPlan } from "../layers/ifc/mod.ts";
import { checkIfcLines } from "../layers/ifc/lines.ts";
import { checkIfcLinesReference } from "../tests/layers/_ifc_lines_reference.ts";

const rounds = Number(Deno.args[0] ?? 21);
const path = fileURLToPath(new URL("../../shared/data/ifc/AC20-FZK-Haus.ifc", import.meta.url));
const bytes = Deno.readFileSync(path);
const api = await ifcApi();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const cases: Record<string, () => unknown> = {
  "web-ifc OpenModel + CloseModel": () => api.CloseModel(api.OpenModel(bytes)),
  "threshold ifc import (plan + report, validated)": async () => {
    const { plan } = await ifcPlan(bytes, path);
    const loaded = parsePlan(plan, path);
    if (!loaded.plan.rooms.length) throw new Error("FZK-Haus imported without rooms");
  },
  "checkIfcLines": () => checkIfcLines(bytes, path),
  "checkIfcLines before issue 29": () => checkIfcLinesReference(bytes, path),
};
const ms: Record<string, number[]> = {}, cpu: Record<string, number[]> = {};
for (const k in cases) await cases[k]();
console.log(`${rounds} rounds; load ${Deno.loadavg().join(" ")}`);
for (let r = 0; r < rounds; r++) {
  for (const k in cases) {
    const c0 = cpuUsage(), t0 = performance.now();
    await cases[k]();
    (ms[k] ??= []).push(performance.now() - t0);
    const c1 = cpuUsage(c0);
    (cpu[k] ??= []).push((c1.user + c1.system) / 1000);
  }
}
const base = median(ms["web-ifc OpenModel + CloseModel"]);
const baseCpu = median(cpu["web-ifc OpenModel + CloseModel"]);
console.log("case | median wall ms | × web-ifc open+close | median CPU ms | × (CPU)");
for (const k in ms) {
  const m = median(ms[k]), c = median(cpu[k]);
  console.log(
    `${k} | ${m.toFixed(2)} | ${(m / base).toFixed(2)}× | ${c.toFixed(2)} | ${
      (c / baseCpu).toFixed(2)
    }×`,
  );
}
console.log(`load after: ${Deno.loadavg().join(" ")}`);
