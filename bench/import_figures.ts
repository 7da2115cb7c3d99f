/**
 * IFC import of FZK-Haus against web-ifc's own OpenModel + CloseModel of the same bytes (issue
 * 29's goal: ≤ 2×), alternated round by round in one process, medians of the wall clock and of
 * the process's CPU time (node:process cpuUsage); also the file's pre-scan (checkIfcLines)
 * alone against the decode + split + regular-expression version it replaced
 * (tests/layers/_ifc_lines_reference.ts). What the import does beyond web-ifc's open (issue 29,
 * December 2026, before i33): web-ifc's meshing of the 26 elements whose geometry the plan uses
 * (about 1× open+close by itself), checkIfcLines (about 0.3×), the rest under 0.3×; the plans
 * are the same byte for byte as before (tests/layers/ifc_identical_test.ts).
 *
 * i32 (December 2026), FZK-Haus, 4 runs of 21-31 rounds at load 2-2.5, import after / before
 * (IFC_BEFORE = a worktree of main d938daa) in the same rounds: CPU 0.84, 0.96, 0.94, 0.95;
 * × open+close 2.1-2.7 after, 2.2-3.0 before. What is left is mostly web-ifc's own: its
 * meshing of the 26 elements (faceted breps: the stair 2.6 ms, two railings 2.3 ms each, two
 * windows 1.7 ms, two doors 0.8 ms, measured one element a call) is about 0.8× open+close
 * inside the WASM alone, so with open+close that is 1.8× before any JS: ≤ 2× needs the
 * elements' bounds without web-ifc's meshes (web-ifc recentres each geometry's vertices,
 * float32, into its flatTransformation: not yet matched bit for bit).
 *
 * i33 (December 2026): the bounds-only elements (doors, windows, railings, furnishing: 18 of
 * FZK-Haus's 26) whose body is faceted breps, without openings, have their bounds read from
 * the STEP text (layers/ifc/brep_bounds.ts: placements, mapped items, IfcPolyLoop points), not
 * from web-ifc's meshes; only the 7 spaces and the stair (whose triangles the plan uses) are
 * still meshed. One run of 21 rounds at load 14 (IFC_BEFORE = /work/main 7e996f6), × open+close
 * wall / CPU: import after 1.88 / 2.09, before 2.78 / 2.58; web-ifc's meshes of the 18 elements
 * (open + meshes + close) 1.72 / 1.71, their bounds from the text 0.20 / 0.19; checkIfcLines
 * 0.21 / 0.25. The bounds agree with web-ifc's to 1e-5 m (its vertices are float32;
 * tests/layers/ifc_brep_bounds_test.ts) and the plans byte for byte
 * (tests/layers/ifc_identical_test.ts). StreamMeshes with the 8 ids and GetFlatMesh for each
 * cost the same (0.20× and 0.17× of open+close CPU, one run at load 6); OpenModel's TAPE_SIZE,
 * LINEWRITER_BUFFER and COORDINATE_TO_ORIGIN settings changed nothing measurable.
 *
 * i34 (December 2026): web-ifc's GetLine costs 40-90 µs of CPU a line (mostly its own JS,
 * FromRawLineData; GetRawLineData alone 8-17 µs), so the lines the phases read one by one are
 * read from the text where it says them plainly (layers/ifc/step.ts stepLabels, stepEnum, with
 * GetLine as the fallback): spaces', storeys', the project's and building's labels, a storey's
 * elevation, the units, railings, virtual elements, stairs, and property sets' names with
 * \X2\ escapes; FZK-Haus's import asks GetLine for 7 lines, not 45 (each attribute compared
 * with web-ifc's in tests/layers/ifc_step_test.ts). Same run of 21 rounds at load 1.2,
 * × open+close wall / CPU: import 1.98 / 2.02, main 7e996f6's 2.54 / 2.53 (CPU 0.80 of
 * main's); in another run against i33 27ffd26 (load 1.2): 2.29 / 2.29 against 2.37 / 2.37
 * (CPU 0.96 of i33's). Tried and dropped (no change beyond noise, same-run A/B): checkIfcLines
 * with its per-line work inlined into one function, with a presized index, with names
 * compared case-folded by `& 0xDF`; quantity names of a length no asked name has skipped
 * without making a string (0.95-1.0 of readProps's CPU). Plan validation (parsePlan, zod and
 * the plausibility pass) is 0.03× of open+close: not a lever.
 *
 * i35 (December 2026): the lines' entity names are no longer hashed and looked up line by line
 * before web-ifc reads the file: scanIfcLines refuses control bytes and malformed lines (web-ifc
 * 0.0.78 meshes what refers to one for ever) and indexes the lines as checkIfcLines did, and
 * everyInstanceKnown asks the open model whether every instance is of an entity it knows
 * (checkIfcLines where not, with its message: tests/layers/ifc_lines_test.ts). One run of 21
 * rounds at load 5.2: scanIfcLines 2.48 ms CPU, everyInstanceKnown 0.47, checkIfcLines 3.78;
 * import CPU 0.96 of before10's (4703134) in the same rounds. Measured and left: web-ifc's
 * meshing of the stair is 0.22× of open+close CPU, the 7 spaces with it 0.02× more (31
 * rounds, rotated): the spaces are not worth reading from the text while the stair is meshed,
 * and the stair's triangles are what vertical_ends.ts's flightEnd averages (a mean of triangle
 * corners, so of web-ifc's triangulation of its 6-, 16- and 32-gons), not its bounds alone.
 * bench/import_ab.ts runs this file in two checkouts, one process each, alternated.
 *
 * i36 (December 2026): the brep bounds already read their numbers from the bytes (realFrom:
 * digits as one integer divided by a power of ten where both are exact, else Number(); now
 * compared with Number() on all 42,529 numbers of the 6 samples, tests/layers/ifc_reals_test.ts);
 * what cost was step.ts's entity names, kept for the last 8 only, which a brep's dozen entities
 * cycled through (a string and a copy on 195 of FZK-Haus's 580 stepInstance calls): now kept by
 * hash; the points go into one reused Float64Array. import_ab vs before10 (4703134), load 3.7-7.4,
 * import CPU 0.92 and 0.94 (3 and 5 pairs × 15 rounds), brepBounds CPU 0.74 and 0.96; import ×
 * open+close CPU 2.47-2.49 at that load (before10 2.63-2.66). Phases of one import (CPU, FZK-Haus,
 * load 3.7, × open+close 17.6 ms): scanIfcLines 0.18, everyInstanceKnown 0.04, readProps 0.13,
 * brepBounds 0.22 (2.9 ms when run alone: OpenModel's memory traffic leaves the file's bytes out
 * of cache), web-ifc's meshing of the stair and spaces 0.32, the rest of the plan 0.1; what is
 * left is spread thin (no function above a fifth of any phase).
 *
 * i37 (December 2026): web-ifc tokenizes every line it is handed, and 19,935 of FZK-Haus's 44,258
 * lines (1.03 of 2.57 MB) are the faces, bounds, loops and points of the 18 text-bounded
 * elements' breps, which it is never asked for: layers/ifc/reduce.ts hands it the file without
 * them (each dropped only where every line referring to it, or to a line above it on the way
 * from those elements, is on that way or only names it: one pass over every `#n` of the file),
 * and the import opens the whole file where it would mesh one of those elements after all.
 * Cases below: that reduction, web-ifc's open of the reduced bytes, and the import with the
 * whole file handed to web-ifc (reduce: false), in the same rounds. The open of the reduced
 * bytes is about 0.6× of the whole file's, but the reduction costs most of what that saves
 * (the brep bounds, read in it and reused by the import, aside): see the figures in
 * layers/ifc/reduce.ts.
 *
 * The import before a change, in the same rounds: IFC_BEFORE=a checkout of the code before (a
 * worktree of main) adds its import as a case; checkIfcLines's version before i32 is
 * bench/_ifc_lines_before.ts.
 *
 * ```sh
 * deno run -A bench/import_figures.ts [rounds=21]
 * git worktree add --detach ../before main && IFC_BEFORE=../before deno run -A bench/import_figures.ts 21
 * ```
 */
import { fileURLToPath } from "node:url";
import { parsePlan } from "../ground/plan.ts";
import { ifcApi, ifcPlan } from "../layers/ifc/mod.ts";
import * as W from "npm:web-ifc@0.0.78";
import { checkIfcLines, everyInstanceKnown, scanIfcLines } from "../layers/ifc/lines.ts";
import { brepBounds, brepCache } from "../layers/ifc/brep_bounds.ts";
import { withoutTextBounded } from "../layers/ifc/reduce.ts";
import { checkIfcLinesReference } from "../tests/layers/_ifc_lines_reference.ts";
import { checkIfcLines as checkIfcLinesBeforeI32 } from "./_ifc_lines_before.ts";
import { alternate, printRatios } from "./_alternate.ts";

const rounds = Number(Deno.args[0] ?? 21);
const path = fileURLToPath(new URL("../../shared/data/ifc/AC20-FZK-Haus.ifc", import.meta.url));
const bytes = Deno.readFileSync(path);
const api = await ifcApi();

// FZK-Haus's doors, windows and railings: bounds only, from their faceted breps (i33).
const bounded = (() => {
  const m = api.OpenModel(bytes);
  const got = [W.IFCDOOR, W.IFCWINDOW, W.IFCRAILING].flatMap((t) => [
    ...api.GetLineIDsWithType(m, t, true) as unknown as Iterable<number>,
  ]);
  api.CloseModel(m);
  return got;
})();
const text = { bytes, index: checkIfcLines(bytes, path) };
const reduced = withoutTextBounded(text, brepCache());
if (!reduced) throw new Error("FZK-Haus: no line left out");
/** A model kept open for web-ifc's half of the lines' check (i35). */
const open = api.OpenModel(bytes);

const beforeDir = Deno.env.get("IFC_BEFORE");
const before = beforeDir
  ? await import(
    new URL(`${beforeDir.replace(/\/$/, "")}/layers/ifc/mod.ts`, `file://${Deno.cwd()}/`).href
  )
  : undefined;

const cases: Record<string, () => unknown> = {
  "web-ifc OpenModel + CloseModel": () => api.CloseModel(api.OpenModel(bytes)),
  "threshold ifc import (plan + report, validated)": async () => {
    const { plan } = await ifcPlan(bytes, path);
    const loaded = parsePlan(plan, path);
    if (!loaded.plan.rooms.length) throw new Error("FZK-Haus imported without rooms");
  },
  "the import, web-ifc handed the whole file (i37: reduce: false)": async () => {
    const { plan } = await ifcPlan(bytes, path, undefined, { reduce: false });
    const loaded = parsePlan(plan, path);
    if (!loaded.plan.rooms.length) throw new Error("FZK-Haus imported without rooms");
  },
  [`the ${reduced.dropped} lines web-ifc need not read, the brep bounds with them (withoutTextBounded)`]:
    () => withoutTextBounded(text, brepCache()),
  "web-ifc OpenModel + CloseModel of the bytes without them": () =>
    api.CloseModel(api.OpenModel(reduced.bytes)),
  ...(before
    ? {
      [`ifc import before (${beforeDir})`]: async () => {
        const { plan } = await before.ifcPlan(bytes, path);
        const loaded = parsePlan(plan, path);
        if (!loaded.plan.rooms.length) throw new Error("FZK-Haus imported without rooms");
      },
    }
    : {}),
  [`web-ifc open + meshes of the ${bounded.length} doors, windows, railings + close`]: () => {
    const m = api.OpenModel(bytes);
    let n = 0;
    api.StreamMeshes(m, bounded, (mesh) => void (n += mesh.geometries.size()));
    api.CloseModel(m);
    if (!n) throw new Error("no meshes");
  },
  [`their bounds from the text (brepBounds)`]: () => {
    const cache = brepCache();
    for (const id of bounded) if (!brepBounds(text, id, 1, cache)) throw new Error(`#${id}`);
  },
  "checkIfcLines": () => checkIfcLines(bytes, path),
  "scanIfcLines (i35: without the names)": () => scanIfcLines(bytes, path),
  "everyInstanceKnown (i35: the names from web-ifc, on an open model)": () => {
    if (!everyInstanceKnown(api, open, text.index)) throw new Error("FZK-Haus: an unknown entity");
  },
  "checkIfcLines before i32": () => checkIfcLinesBeforeI32(bytes, path),
  "checkIfcLines before issue 29": () => checkIfcLinesReference(bytes, path),
};
console.log(`${rounds} rounds; load ${Deno.loadavg().join(" ")}`);
const t = await alternate(cases, rounds);
printRatios(t, "web-ifc OpenModel + CloseModel", {
  header: "case | median wall ms | × web-ifc open+close | median CPU ms | × (CPU)",
});
console.log(`load after: ${Deno.loadavg().join(" ")}`);
api.CloseModel(open);
