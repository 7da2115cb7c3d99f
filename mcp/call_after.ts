/**
 * What a tools/call needs of a run, made in the tool worker (host/tool_worker.ts `after`)
 * so the full result (ceiling_height on demo: 8 KB of outcome) neither crosses to the serving
 * thread nor is written and read as JSON there (issue 29): the model's view (`forModel`, all
 * the reply shows of the result) and a slim outcome holding the run's id, duration and
 * verdict. The full result is the stored run's (`threshold://runs/<id>`), saved before this.
 */
import type { WorkerEnv } from "../host/tool_worker.ts";
import type { RunOutcome } from "../core/run.ts";
import { emptyResult, forModel, type ModelView } from "../core/result.ts";

/** The slim outcome and the model view of a finished run. */
export function modelReply(
  _env: WorkerEnv,
  { outcome }: { outcome: Extract<RunOutcome, { status: "done" }> },
): { outcome: RunOutcome; extra: ModelView } {
  const r = outcome.result;
  const base = { tool: r.tool, ...(r.scan !== undefined ? { scan: r.scan } : {}), inputs: {} };
  return {
    outcome: { ...outcome, result: emptyResult(base, r.verdict) },
    extra: forModel(r),
  };
}
