/**
 * core/result_check.ts's fast proof never says yes to a result zod's ToolResult check rejects
 * (it is only ever stricter), and it says yes to real tools' results, so their runs leave
 * zod's check out. Each field of real results is set, one at a time, to values of the wrong
 * shape.
 */
import { assertEquals, assertOk } from "../_assert.ts";
import { ToolResult } from "../../core/result.ts";
import { plainlyToolResult } from "../../core/result_check.ts";
import { runTool } from "../../core/run.ts";
import { loadTool } from "../../core/catalog.ts";
import { getPersona } from "../../presets/personas.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

const TOOLS = ["door_clearance", "step_free_route", "ceiling_height"];

async function results(): Promise<unknown[]> {
  const persona = getPersona("manual-wheelchair-user");
  const out: unknown[] = [];
  for (const id of TOOLS) {
    const r = await runTool(await loadTool(id), {
      builtins: BUILTIN_SCANS,
      set: { scan: "demo" },
      persona,
    });
    if (r.status !== "done") throw new Error(`${id}: ${r.status}`);
    out.push(JSON.parse(JSON.stringify(r.result)));
  }
  return out;
}

class Box {
  x = 1;
}
const withSymbol = { [Symbol("s")]: 1 };
const BAD: unknown[] = [
  undefined,
  null,
  "",
  "Not A Code",
  "x",
  0,
  -1,
  NaN,
  Infinity,
  true,
  [],
  [1],
  {},
  new Box(),
  withSymbol,
  Object.create({ inherited: 1 }),
];

/** Every path to a value inside `x` (object keys and array indices). */
function paths(x: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
  if (x !== null && typeof x === "object") {
    for (const k of Object.keys(x)) {
      const p = [...at, Array.isArray(x) ? Number(k) : k];
      out.push(p);
      paths((x as Record<string, unknown>)[k], p, out);
    }
  }
  return out;
}

function setAt(x: unknown, p: (string | number)[], v: unknown): unknown {
  const copy = structuredClone(x) as Record<string | number, unknown>;
  let o = copy;
  for (const k of p.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  o[p.at(-1)!] = v;
  return copy;
}

Deno.test("real tools' results are plainly ToolResults (the run leaves zod's check out)", async () => {
  for (const r of await results()) {
    assertOk(ToolResult.safeParse(r).success);
    assertEquals(plainlyToolResult(r), true);
  }
});

Deno.test("the quick look says yes to no result zod rejects: every field, wrong shapes", async () => {
  let rejected = 0, tried = 0, agreedYes = 0;
  for (const r of await results()) {
    // Each field once per kind of place (the first item of each array), then new keys.
    const ps = paths(r).filter((p) => p.every((k) => typeof k !== "number" || k < 1));
    for (const p of ps) {
      for (const v of BAD) {
        const m = setAt(r, p, v);
        const zod = ToolResult.safeParse(m).success;
        const quick = plainlyToolResult(m);
        tried++;
        if (!zod) rejected++;
        if (quick) {
          agreedYes++;
          assertOk(zod, `quick yes, zod no: ${p.join(".")} = ${String(v)}`);
        }
      }
    }
    // A data with an empty table slot: the quick proof may say yes only where zod does.
    const emptyTable = { ...(r as object), data: { table: undefined } };
    if (plainlyToolResult(emptyTable)) assertOk(ToolResult.safeParse(emptyTable).success);
    assertEquals(plainlyToolResult(Object.assign(new Box(), r)), false);
  }
  // Not vacuous: zod rejected many of them, and the quick look still said yes to some.
  assertOk(tried > 1000 && rejected > tried / 4, `${rejected} of ${tried} rejected`);
  assertOk(agreedYes > 100, `${agreedYes} quick yes`);
});
