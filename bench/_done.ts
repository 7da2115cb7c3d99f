/**
 * Every bench that times a tool run checks that the run completed: a run that stops early
 * (needs input, an error verdict) is fast and would be timed as a speed-up.
 */
import type { RunOutcome } from "../core/run.ts";

/** The outcome when it is a finished run with a verdict other than `error`; throws otherwise. */
export async function ran(outcome: Promise<RunOutcome> | RunOutcome, what: string) {
  const o = await outcome;
  if (o.status !== "done") {
    throw new Error(
      `${what}: the run did not complete (${o.status}: ${
        o.questions.map((q) => q.input).join(", ")
      } not filled)`,
    );
  }
  if (o.result.verdict.status === "error") {
    throw new Error(`${what}: the run ended in error: ${o.result.verdict.text}`);
  }
  return o;
}
