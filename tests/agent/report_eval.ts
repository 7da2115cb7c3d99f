/**
 * Prints the agent's question-set figures (tuning part and held-out part) with every miss:
 * `deno run -A tests/agent/report_eval.ts`. The thresholds are asserted in eval_test.ts.
 */
import { CASES, HELD_OUT } from "./_questions.ts";
import { MORE_CASES, MORE_CASES_2, MORE_CASES_3, MORE_CASES_4 } from "./_questions_more.ts";
import { HELD_OUT_23 } from "./_held_out.ts";
import { evaluate, report } from "./_evaluate.ts";

const tuning = [
  ...CASES,
  ...HELD_OUT,
  ...MORE_CASES,
  ...MORE_CASES_2,
  ...MORE_CASES_3,
  ...MORE_CASES_4,
];
console.log(report("tuning part", await evaluate(tuning)));
const held = report("held-out part", await evaluate(HELD_OUT_23));
// The held-out misses are shown only when asked for (`--misses`): they are not tuned on.
console.log(Deno.args.includes("--misses") ? held : held.split("\n")[0]);
