/**
 * core/run.ts accepts a tool's result when core/result_check.ts proves it plainly on the
 * ToolResult schema, else when the zod schema takes it: the same results as the schema alone
 * only if the proof never says yes to what the schema rejects. Held to that over every tool's
 * result on the demo, the FZK house and the ZInD tour (each proved as it is: the fast path is
 * the one taken), and over ~20,000 of them mutated at a seeded random place (a key dropped,
 * a wrong type, NaN, an empty string, a bad code, a class instance, a hole, a symbol key…):
 * wherever the proof says yes, zod says yes, and many mutants zod rejects are among them.
 */
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { loadRegistry, makeRegistry } from "../../core/registry.ts";
import { runTool } from "../../core/run.ts";
import { ToolResult, type ToolResult as ToolResultType } from "../../core/result.ts";
import { plainlyToolResult } from "../../core/result_check.ts";
import { tool, z } from "../../core/manifest.ts";
import { RUN_IO } from "../../layers/io.ts";
import { everyToolResult, samplePlans } from "../_samples.ts";
import { assert, assertEquals } from "../_assert.ts";

/** Every tool's result on the demo, FZK and ZInD (step_free_route also to one room, code_check on three packs). */
async function allResults(): Promise<{ name: string; r: ToolResultType }[]> {
  return await everyToolResult({ demo: BUILTIN_SCANS.demo(), ...await samplePlans() });
}

/** A linear congruential generator (Numerical Recipes constants): the same mutants every run. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

class Box {
  text = "x";
}
const withSymbol = () => ({ [Symbol("s")]: 1 });
const REPLACEMENTS: (() => unknown)[] = [
  () => undefined,
  () => null,
  () => "",
  () => "x",
  () => "Not A Code",
  () => "a:b",
  () => "a: b",
  () => "door.too_narrow",
  () => 0,
  () => -1,
  () => 1.5,
  () => NaN,
  () => Infinity,
  () => -Infinity,
  () => true,
  () => [],
  () => [1],
  () => ({}),
  () => ({ text: "x" }),
  () => new Box(),
  () => Object.create(null),
  withSymbol,
  () => new Array(2),
  () => "pass",
  () => "open",
  () => "fail",
  () => "Point",
  () => "default",
];

/** The keys and indices of a container (an object's own enumerable keys). */
function slots(v: unknown): (string | number)[] {
  if (Array.isArray(v)) return v.map((_, i) => i);
  if (v && typeof v === "object") return Object.keys(v);
  return [];
}

/** A copy of `r` with one seeded random place changed (or its key deleted). */
function mutant(r: ToolResultType, rnd: () => number): unknown {
  const root = structuredClone(r) as unknown;
  let parent = root as Record<string | number, unknown>;
  let key: string | number | undefined;
  // Down a random path: stop at each level with some chance, or where nothing is inside.
  for (let depth = 0; depth < 8; depth++) {
    const here = key === undefined ? parent : parent[key];
    const ks = slots(here);
    if (!ks.length || (key !== undefined && rnd() < 0.3)) break;
    if (key !== undefined) parent = here as Record<string | number, unknown>;
    key = ks[Math.floor(rnd() * ks.length)];
  }
  if (key === undefined) return REPLACEMENTS[Math.floor(rnd() * REPLACEMENTS.length)]();
  const roll = rnd();
  if (roll < 0.15 && !Array.isArray(parent)) delete parent[key];
  else if (roll < 0.2) {
    // An extra key beside the one picked (an object stays an object: zod strips extra keys).
    (parent as Record<string, unknown>)[`extra_${Math.floor(rnd() * 3)}`] = REPLACEMENTS[
      Math.floor(rnd() * REPLACEMENTS.length)
    ]();
  } else if (roll < 0.25 && Array.isArray(parent)) parent.length += 1; // a hole at the end
  else parent[key] = REPLACEMENTS[Math.floor(rnd() * REPLACEMENTS.length)]();
  return root;
}

const results = await allResults();

Deno.test("result check: every tool's result on the demo, FZK and ZInD is proved (the fast path), and zod agrees", async () => {
  assert(results.length >= 30, `only ${results.length} results`);
  const tools = new Set(results.map((x) => x.name.split(" on ")[0]));
  // Every tool has at least one result here.
  assertEquals([...tools].sort(), (await loadRegistry()).tools.map((m) => m.id).sort());
  const unproved: string[] = [];
  for (const { name, r } of results) {
    assert(ToolResult.safeParse(r).success, `${name}: zod rejects it`);
    // A result with charts is left to zod by design (core/result_check.ts).
    if (!plainlyToolResult(r) && r.data?.charts === undefined) unproved.push(name);
  }
  assertEquals(unproved, []);
});

Deno.test("result check: never proves a mutant the zod schema rejects (~20,000 mutants)", () => {
  const rnd = lcg(29);
  let rejected = 0, provedRejected = 0, proved = 0, both = 0;
  for (const { name, r } of results) {
    const n = Math.max(100, Math.ceil(20_000 / results.length));
    for (let k = 0; k < n; k++) {
      const m = mutant(r, rnd);
      const zodOk = ToolResult.safeParse(m).success;
      const fast = plainlyToolResult(m);
      if (!zodOk) rejected++;
      if (fast) proved++;
      if (fast && zodOk) both++;
      if (fast && !zodOk) {
        provedRejected++;
        throw new Error(`${name}: proved a mutant zod rejects: ${JSON.stringify(m).slice(0, 300)}`);
      }
    }
  }
  assertEquals(provedRejected, 0);
  // The mutants bite (zod rejects many) and the proof still takes many of the rest.
  assert(rejected > 4_000, `only ${rejected} mutants rejected`);
  assert(both > 4_000, `only ${both} of ${proved} mutants proved`);
});

Deno.test("result check: a run whose result is off the schema is still an error result", async () => {
  const bad = tool({
    id: "bad_result_tool",
    title: "Bad",
    summary: "Returns a finding with a bad id.",
    model_description: "Returns a finding with a bad id, for a test.",
    audience: ["inspector"],
    subjects: ["room"],
    questions: ["Is this bad?"],
    inputs: z.object({}),
    requires: [],
    blocks: ["VerdictHeader"],
    draws: [],
    read_only: true,
    run: () => ({
      verdict: { status: "pass", text: "Fine." },
      findings: [{ id: "Not An Id", status: "open", title: "x" }],
    }),
  });
  const registry = makeRegistry([bad]);
  const run = await runTool(registry.require("bad_result_tool"), { ...RUN_IO, set: {} });
  assertEquals(run.status, "done");
  if (run.status !== "done") return;
  assertEquals(run.result.verdict.status, "error");
  assertEquals(run.result.verdict.code, "run.bad_result");
});
