/**
 * Jobs for bench/mcp_call_phases.ts: what crosses to a tool worker and back with no tool run,
 * so the pool's hop (acquire, the cancel flag, the timer, postMessage both ways) is timed
 * apart from the run.
 */
import type { WorkerEnv } from "../host/tool_worker.ts";

/** Returns its argument: the job's reply is as large as what it was sent. */
export function echo(_env: WorkerEnv, args: unknown): unknown {
  return args;
}
