/**
 * The MCP server's output schema (mcp/server.ts OUTPUT_SCHEMA) proves a tools/call's
 * structured content plainly (core/result_check.ts plainlyModelView) before it asks zod: the
 * same views accepted and rejected as ModelViewSchema alone only if the proof never says yes
 * to what zod rejects. Held to that over the view of every tool's result on the demo (each
 * proved as it is), a view with `missing`, and ~10,000 of them mutated at a seeded random
 * place (a key dropped, a wrong type, an unknown status, a class instance, a hole, a symbol).
 */
import assert from "node:assert/strict";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { forModel } from "../../core/result.ts";
import { plainlyModelView } from "../../core/result_check.ts";
import { ModelViewSchema } from "../../mcp/tools.ts";
import { OUTPUT_SCHEMA } from "../../mcp/server.ts";
import { everyToolResult } from "../_samples.ts";

const views: unknown[] = (await everyToolResult({ demo: BUILTIN_SCANS.demo() }))
  .map(({ r }) => forModel(r));
views.push({
  tool: "ceiling_height",
  status: "unknown",
  verdict: "Not run: the person declined to answer.",
  findings: [],
  missing: [{ input: "min_height_m", ask: "How low?", unit: "m" }, { input: "scan", ask: "?" }],
});

/** A linear congruential generator (Numerical Recipes constants): the same mutants every run. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

class Box {
  id = "x";
}
const REPLACEMENTS: (() => unknown)[] = [
  () => undefined,
  () => null,
  () => "",
  () => "x",
  () => 0,
  () => NaN,
  () => true,
  () => [],
  () => [1],
  () => ({}),
  () => ({ id: "x", status: "open", title: "t" }),
  () => new Box(),
  () => Object.create(null),
  () => ({ [Symbol("s")]: 1 }),
  () => new Array(2),
  () => "pass",
  () => "open",
  () => "rejected",
  () => "maybe",
];

/** A copy of `v` with one seeded random place changed, deleted, or a key added beside it. */
function mutant(v: unknown, rnd: () => number): unknown {
  const root = structuredClone(v);
  let parent = root as Record<string | number, unknown>;
  let key: string | number | undefined;
  for (let depth = 0; depth < 5; depth++) {
    const here = key === undefined ? parent : parent[key];
    const ks = Array.isArray(here)
      ? here.map((_, i) => i)
      : here && typeof here === "object"
      ? Object.keys(here)
      : [];
    if (!ks.length || (key !== undefined && rnd() < 0.3)) break;
    if (key !== undefined) parent = here as Record<string | number, unknown>;
    key = ks[Math.floor(rnd() * ks.length)];
  }
  const pick = () => REPLACEMENTS[Math.floor(rnd() * REPLACEMENTS.length)]();
  if (key === undefined) return pick();
  const roll = rnd();
  if (roll < 0.15 && !Array.isArray(parent)) delete parent[key];
  else if (roll < 0.2) {
    (parent as Record<string, unknown>)[`extra_${Math.floor(rnd() * 3)}`] = pick();
  } else if (roll < 0.25 && Array.isArray(parent)) parent.length += 1;
  else parent[key] = pick();
  return root;
}

const accepts = (v: unknown) => {
  const out = OUTPUT_SCHEMA["~standard"].validate(v) as { issues?: unknown };
  return out.issues === undefined;
};

Deno.test("output check: every tool's view on the demo is proved (the fast path), and zod agrees", () => {
  assert.ok(views.length >= 15, `only ${views.length} views`);
  for (const v of views) {
    assert.ok(ModelViewSchema.safeParse(v).success, JSON.stringify(v).slice(0, 200));
    assert.ok(plainlyModelView(v), JSON.stringify(v).slice(0, 200));
    assert.ok(accepts(v));
  }
});

Deno.test("output check: never proves a mutant zod rejects, and accepts exactly what zod does (~10,000 mutants)", () => {
  const rnd = lcg(35);
  let rejected = 0, proved = 0;
  for (const v of views) {
    for (let k = 0; k < Math.ceil(10_000 / views.length); k++) {
      const m = mutant(v, rnd);
      const zodOk = ModelViewSchema.safeParse(m).success;
      const fast = plainlyModelView(m);
      if (fast && !zodOk) {
        throw new Error(`proved a view zod rejects: ${JSON.stringify(m)?.slice(0, 300)}`);
      }
      assert.equal(accepts(m), zodOk, JSON.stringify(m)?.slice(0, 300));
      if (!zodOk) rejected++;
      if (fast) proved++;
    }
  }
  // The mutants bite (zod rejects many) and the proof still takes many of the rest.
  assert.ok(rejected > 2_000, `only ${rejected} mutants rejected`);
  assert.ok(proved > 2_000, `only ${proved} mutants proved`);
});
