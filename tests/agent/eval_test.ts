/**
 * Evaluation of the offline agent over the question set in _questions.ts: tool accuracy
 * (the right tool or tools), input accuracy (exactly the inputs the question states, with
 * their values), and that no run asks for an input that something fills. Reported on stderr.
 */
import assert from "node:assert/strict";
import { decide } from "../../agent/ask.ts";
import { openStore } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { type Case, CASES, HELD_OUT } from "./_questions.ts";

const same = (a: unknown, b: unknown) =>
  typeof a === "number" && typeof b === "number" ? Math.abs(a - b) < 5e-4 : a === b;

interface Outcome {
  c: Case;
  tools: string[];
  inputs: Record<string, unknown>;
  toolOk: boolean;
  inputsOk: boolean;
  askedFilled: string[];
}

async function evaluate(cases: Case[] = CASES): Promise<Outcome[]> {
  const store = openStore(":memory:");
  const out: Outcome[] = [];
  for (const c of cases) {
    const d = await decide(c.q, { store, builtins: BUILTIN_SCANS, selection: "demo" });
    const want = [c.tool].flat().sort();
    if (d.status !== "tools") {
      out.push({ c, tools: [], inputs: {}, toolOk: false, inputsOk: false, askedFilled: [] });
      continue;
    }
    const tools = d.tools.map((t) => t.tool).sort();
    const inputs: Record<string, unknown> = {};
    const askedFilled: string[] = [];
    for (const t of d.tools) {
      for (const [k, v] of Object.entries(t.inputs)) if (v.from === "question") inputs[k] = v.value;
      for (const q of t.questions) {
        if (q.input in t.inputs) askedFilled.push(`${t.tool}.${q.input}`);
      }
    }
    const expected = c.inputs ?? {};
    const inputsOk = Object.keys(inputs).length === Object.keys(expected).length &&
      Object.entries(expected).every(([k, v]) => same(inputs[k], v));
    out.push({
      c,
      tools,
      inputs,
      toolOk: JSON.stringify(tools) === JSON.stringify(want),
      inputsOk,
      askedFilled,
    });
  }
  return out;
}

Deno.test("agent evaluation: ≥ 80 questions, ≥ 95 % right tool, ≥ 90 % exact inputs, nothing filled is asked", async () => {
  assert.ok(CASES.length >= 80, `only ${CASES.length} questions`);
  const tools = new Set(CASES.flatMap((c) => [c.tool].flat()));
  for (
    const id of [
      "ceiling_height",
      "step_free_route",
      "door_clearance",
      "turning_space",
      "will_it_fit",
      "code_check",
      "takeoff",
      "sun_hours",
      "site_drainage",
      "site_facts",
    ]
  ) assert.ok(tools.has(id), `no question for ${id}`);
  const results = await evaluate();
  const toolAcc = results.filter((r) => r.toolOk).length / results.length;
  const inputAcc = results.filter((r) => r.inputsOk).length / results.length;
  const misses = results.filter((r) => !r.toolOk || !r.inputsOk);
  console.error(
    `agent evaluation: ${results.length} questions; tool accuracy ${
      (toolAcc * 100).toFixed(1)
    } %, ` +
      `input accuracy ${(inputAcc * 100).toFixed(1)} %`,
  );
  for (const m of misses) {
    console.error(
      `  miss: ${JSON.stringify(m.c.q)} → ${m.tools.join("+") || "asked which tool"} ${
        JSON.stringify(m.inputs)
      } (want ${[m.c.tool].flat().join("+")} ${JSON.stringify(m.c.inputs ?? {})})`,
    );
  }
  const byWho = new Map<string, Outcome[]>();
  for (const r of results) byWho.set(r.c.who, [...(byWho.get(r.c.who) ?? []), r]);
  console.error(
    `  exact (tool and inputs) by who: ${
      [...byWho].map(([w, rs]) =>
        `${w} ${rs.filter((r) => r.toolOk && r.inputsOk).length}/${rs.length}`
      )
        .join(", ")
    }`,
  );
  assert.deepEqual(
    results.flatMap((r) => r.askedFilled),
    [],
    "a question asked for a filled input",
  );
  assert.ok(toolAcc >= 0.95, `tool accuracy ${toolAcc}`);
  assert.ok(inputAcc >= 0.9, `input accuracy ${inputAcc}`);
});

Deno.test("agent evaluation, held out (written after tuning): reported; ≥ 80 % right tool", async () => {
  const results = await evaluate(HELD_OUT);
  const toolAcc = results.filter((r) => r.toolOk).length / results.length;
  const inputAcc = results.filter((r) => r.inputsOk).length / results.length;
  console.error(
    `agent evaluation, held out: ${results.length} questions; tool accuracy ${
      (toolAcc * 100).toFixed(1)
    } %, input accuracy ${(inputAcc * 100).toFixed(1)} %`,
  );
  for (const m of results.filter((r) => !r.toolOk || !r.inputsOk)) {
    console.error(
      `  miss: ${JSON.stringify(m.c.q)} → ${m.tools.join("+") || "asked which tool"} ${
        JSON.stringify(m.inputs)
      } (want ${[m.c.tool].flat().join("+")} ${JSON.stringify(m.c.inputs ?? {})})`,
    );
  }
  assert.deepEqual(results.flatMap((r) => r.askedFilled), []);
  assert.ok(toolAcc >= 0.8, `held-out tool accuracy ${toolAcc}`);
});
