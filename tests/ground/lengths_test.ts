/**
 * The one length reader (core/lengths.ts) on answers, and the session reading every answer
 * with it: hand-converted (1 in = 0.0254 m, 1 ft = 0.3048 m, exact).
 */
import assert from "node:assert/strict";
import { readLength } from "../../ground/lengths.ts";
import { fill, tool, z } from "../../core/manifest.ts";
import { answerShown, createSession, parseAnswer } from "../../core/session.ts";
import { InputError } from "../../ground/errors.ts";
import { thrownBy } from "../_assert.ts";
import { openStore } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";

Deno.test("readLength: the units people write, to metres, echoed in their units", () => {
  const cases: [string, number, string][] = [
    ["66 cm", 0.66, "66 cm"],
    ["66cm", 0.66, "66 cm"],
    ["26 in", 0.6604, "26 in"],
    ['26"', 0.6604, "26 in"],
    ["26 inches", 0.6604, "26 in"],
    [`2' 10"`, 0.8636, "2′ 10″"],
    ["2 ft 10", 0.8636, "2′ 10″"],
    ["5 foot 6 in", 1.6764, "5′ 6″"],
    ["7 ft", 2.1336, "7 ft"],
    ["815 mm", 0.815, "815 mm"],
    ["0.66", 0.66, "0.66 m"],
    ["0.66 m", 0.66, "0.66 m"],
    ["1.5 metres", 1.5, "1.5 m"],
    ["0,66", 0.66, "0.66 m"],
    ["27 1/2 in", 0.6985, "27.5 in"],
  ];
  for (const [text, m, shown] of cases) {
    const r = readLength(text);
    assert.ok(r, text);
    assert.ok(Math.abs(r.value_m - m) < 1e-9, `${text}: ${r.value_m}`);
    assert.equal(r.shown, shown, text);
  }
  for (const bad of ["", "wide", "66 cm wide door", "six", "66 kg", "1,000"]) {
    assert.equal(readLength(bad), undefined, bad);
  }
});

const probe = tool({
  id: "probe_lengths",
  title: "Probe",
  summary: "Probe.",
  model_description: "Probe.",
  audience: ["buyer"],
  inputs: z.object({
    scan: z.string().meta(fill.selection()),
    width_m: z.number().min(0.3).max(2).meta(
      fill.preference("access.chair_width_m", { ask: "How wide is your chair?", unit: "m" }),
    ),
    coats: z.number().int().min(1).max(10).meta({ ask: "How many coats?" }),
  }),
  requires: [],
  blocks: ["VerdictHeader"],
  draws: [],
  run(_ctx, inputs) {
    return { verdict: { status: "pass", text: `width ${inputs.width_m}, ${inputs.coats} coats` } };
  },
});

Deno.test("session: an answer with a unit is read by the one length reader, and echoed in it", async () => {
  const s = createSession(probe, {
    store: openStore(":memory:"),
    builtins: BUILTIN_SCANS,
    set: { scan: "demo" },
  });
  const q = s.preview().questions.find((x) => x.input === "width_m")!;
  for (
    const [raw, m] of [["66 cm", 0.66], ["26 in", 0.6604], [`2' 2"`, 0.6604], [
      "0.66",
      0.66,
    ]] as const
  ) {
    const v = parseAnswer(probe, q, raw);
    assert.ok(Math.abs((v as number) - m) < 1e-9, raw);
  }
  assert.equal(answerShown(q, "66 cm", 0.66), "66 cm (0.66 m)");
  assert.equal(answerShown(q, `2' 10"`, 0.8636), "2′ 10″ (0.864 m)");
  assert.equal(answerShown(q, "0.66", 0.66), "0.66 m");
  // "66" alone is 66 m: too big, and the error says how to give the unit.
  const bare = thrownBy(() => parseAnswer(probe, q, "66"), InputError);
  assert.deepEqual([bare.code, bare.input, bare.data.got, bare.data.read_as_metres], [
    "input.not_allowed",
    "width_m",
    "66",
    true,
  ]);
  // Not a length: the schema says what is wrong, naming the input.
  assert.throws(
    () => parseAnswer(probe, q, "wide"),
    (e: unknown) => e instanceof InputError && e.input === "width_m",
  );
  // A count is a number, not a length.
  const coats = s.preview().questions.find((x) => x.input === "coats")!;
  assert.equal(parseAnswer(probe, coats, "3"), 3);
  assert.throws(() => parseAnswer(probe, coats, "3 cm"), InputError);
  // Through the session's answer path: the run gets metres.
  const done = await s.answer({ width_m: "66 cm", coats: "2" });
  assert.equal(done.status, "done");
  if (done.status === "done") assert.equal(done.result.verdict.text, "width 0.66, 2 coats");
});

Deno.test("session: an explicit value given as text with a unit (--set, a form) is read the same", () => {
  const s = createSession(probe, {
    store: openStore(":memory:"),
    builtins: BUILTIN_SCANS,
    set: { scan: "demo", width_m: `2' 7"`, coats: "1" },
  });
  const p = s.preview();
  assert.equal(p.filled.width_m.value, 0.7874);
  assert.equal(p.filled.coats.value, 1);
});
