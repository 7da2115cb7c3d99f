/**
 * Evaluation of the offline agent over its question set (issue 23): the tuning part
 * (_questions.ts and _questions_more.ts) and the held-out part (_held_out.ts, written before
 * the router was changed and never tuned on). Tool accuracy (the right tool or tools; for a
 * question no tool answers, none run), exact-input accuracy (the right tool, exactly the
 * inputs the question states, and exactly the subjects it asks about by name), and that no
 * question asks for an input something already fills. Figures on stderr;
 * `deno run -A tests/agent/report_eval.ts` prints them with every miss.
 */
import assert from "node:assert/strict";
import { type Case, CASES, HELD_OUT } from "./_questions.ts";
import { MORE_CASES, MORE_CASES_2, MORE_CASES_3, MORE_CASES_4 } from "./_questions_more.ts";
import { HELD_OUT_23 } from "./_held_out.ts";
import { evaluate, figures, report } from "./_evaluate.ts";

const TUNING: Case[] = [
  ...CASES,
  ...HELD_OUT,
  ...MORE_CASES,
  ...MORE_CASES_2,
  ...MORE_CASES_3,
  ...MORE_CASES_4,
];
const TOOLS = [
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
  "room_objects",
  "room_labels",
];

Deno.test("agent question set: ≥ 200 questions, a fifth held out, every tool and questions no tool answers", () => {
  const all = [...TUNING, ...HELD_OUT_23];
  assert.ok(all.length >= 200, `only ${all.length} questions`);
  // A fifth of the questions written before the changes (57 of the first 263).
  assert.ok(HELD_OUT_23.length * 5 >= 263, `${HELD_OUT_23.length} held out`);
  for (const part of [TUNING, HELD_OUT_23]) {
    const tools = new Set(part.flatMap((c) => [c.tool].flat()));
    for (const id of TOOLS) assert.ok(tools.has(id), `no question for ${id}`);
    assert.ok(part.some((c) => [c.tool].flat().length === 0), "no question no tool answers");
    assert.ok(part.some((c) => c.asks?.length), "no subject that must be asked about");
  }
  // No held-out question is also a tuning question.
  const seen = new Set(TUNING.map((c) => c.q.toLowerCase()));
  assert.deepEqual(HELD_OUT_23.filter((c) => seen.has(c.q.toLowerCase())), []);
});

for (
  const [name, cases] of [["tuning part", TUNING], ["held-out part", HELD_OUT_23]] as const
) {
  Deno.test(`agent evaluation, ${name}: ≥ 95 % right tool, ≥ 90 % exact inputs, nothing filled is asked`, async () => {
    const results = await evaluate(cases);
    const f = figures(results);
    console.error(report(`agent evaluation, ${name}`, results));
    assert.deepEqual(
      results.flatMap((r) => r.askedFilled),
      [],
      "a question asked for a filled input",
    );
    assert.ok(f.tool >= 0.95, `tool accuracy ${f.tool}`);
    assert.ok(f.inputs >= 0.9, `input accuracy ${f.inputs}`);
  });
}
