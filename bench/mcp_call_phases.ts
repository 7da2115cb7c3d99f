/**
 * The phases of one MCP tools/call (ceiling_height on demo, as bench/mcp_figures.ts), timed
 * in-process so each can be seen apart (issue 29): the run without its store write, the write,
 * the result's schema check within the run, and how the outcome crosses from the tool worker
 * to the serving thread — main's way (A: the outcome as JSON text, parsed on the serving
 * thread, which then makes the model's view) against this branch's (B: the view made in the
 * worker by mcp/call_after.ts, a slim outcome and the view sent by structured clone, which
 * stands here for postMessage's copy). A and B alternate in each round; medians in µs. The
 * hop itself is timed twice: a bare worker that posts back what it is sent (Deno's
 * postMessage both ways, nothing else) and a job through the tool pool (host/worker.ts:
 * acquire, the cancel flag, the time-limit timer, the worker's dispatch) that returns the
 * model's reply as sent, so the crossing of a real reply is in it. The wire's share (stdio,
 * the SDK) is what bench/mcp_call_ab.ts adds to these.
 *
 * ```sh
 * deno run -A bench/mcp_call_phases.ts
 * ```
 */
import { type RunOutcome, runTool } from "../core/run.ts";
import { loadRegistry } from "../core/registry.ts";
import { openStore } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import { RUN_IO } from "../layers/io.ts";
import { forModel, forModelText, ToolResult } from "../core/result.ts";
import { jsonFaithful } from "../host/transfer.ts";
import { modelReply } from "../mcp/call_after.ts";
import type { WorkerEnv } from "../host/tool_worker.ts";
import { median } from "./_mcp_client.ts";
import { toolPool } from "../host/worker.ts";
import { TOOLS_DIR } from "../core/paths.ts";

type DoneOutcome = Extract<RunOutcome, { status: "done" }>;
const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 20), PER_ROUND = 50;
const m = (await loadRegistry()).require("ceiling_height");
const home = Deno.makeTempDirSync({ prefix: "threshold-phases-" });
const store = openStore(home);
const pool = toolPool(home, TOOLS_DIR, store, { size: 1 });
const NOOP = new URL("./_noop_job.ts", import.meta.url).href;
const echo = new Worker(new URL("./_echo_worker.ts", import.meta.url).href, { type: "module" });
/** One message to the bare worker and its echo back. */
const bare = (data: unknown) =>
  new Promise((done) => {
    echo.onmessage = (e) => done(e.data);
    echo.postMessage(data);
  });
const opts = (persist: boolean) => ({
  ...RUN_IO,
  store,
  builtins: BUILTIN_SCANS,
  set: { scan: "demo" },
  persist,
});
const env = { store } as unknown as WorkerEnv;

/** Main's crossing: outcome JSON text (checked faithful), parsed, then the view and its text. */
function transferA(outcome: DoneOutcome): string {
  if (!jsonFaithful(outcome)) throw new Error("not JSON-faithful");
  const back = JSON.parse(JSON.stringify(outcome)) as DoneOutcome;
  const view = forModel(back.result);
  return forModelText(back.result) + JSON.stringify(view);
}

/** This branch's: the view made beside the run, the slim outcome and view cloned across. */
function transferB(outcome: DoneOutcome): string {
  const back = structuredClone(modelReply(env, { outcome }));
  return JSON.stringify(back.extra) + JSON.stringify(back.extra);
}

const times: Record<string, number[]> = {};
const time = async (k: string, fn: () => unknown) => {
  const t = performance.now();
  await fn();
  (times[k] ??= []).push((performance.now() - t) * 1000);
};
const sample = (await runTool(m, opts(false))) as DoneOutcome;
const reply = modelReply(env, { outcome: sample });
const hopBare = () => bare({ id: 1, ...reply });
const hopPool = () => pool.job(NOOP, "echo", reply);
for (let i = 0; i < 100; i++) await Promise.all([runTool(m, opts(true)), hopBare(), hopPool()]);
let same = transferA(sample) === transferB(sample);
for (let r = 0; r < ROUNDS; r++) {
  for (let i = 0; i < PER_ROUND; i++) {
    await time("run, not saved", () => runTool(m, opts(false)));
    await time("run, saved", () => runTool(m, opts(true)));
    await time("result schema check", () => ToolResult.safeParse(sample.result));
    await time("A: crossing as JSON text", () => transferA(sample));
    await time("B: crossing as view", () => transferB(sample));
    await time("hop: bare postMessage there and back (the reply)", hopBare);
    await time("hop: pool job there and back (the reply)", hopPool);
  }
  same &&= transferA(sample) === transferB(sample);
}
pool.close();
echo.terminate();
store.close();
const load = Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
console.log(`load ${load}; ${ROUNDS} rounds × ${PER_ROUND}; medians in µs`);
const med = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
for (const [k, v] of Object.entries(med)) console.log(`${k} | ${v.toFixed(0)}`);
console.log(
  `store write (saved − not saved) | ${(med["run, saved"] - med["run, not saved"]).toFixed(0)}`,
);
console.log(
  `crossing B/A | ${(med["B: crossing as view"] / med["A: crossing as JSON text"]).toFixed(2)}×` +
    `; the reply's text alike both ways: ${same}`,
);
