/**
 * The batch runs whose hung tool (fixtures/batch_tools/hang_forever, a busy loop that never
 * yields) leaves a thread that cannot be stopped, each in a process of its own, so that the
 * spinning thread ends with this process and not with the test process.
 *
 * Deno's `Worker.terminate()` stops a worker only once its code returns to the event loop: a
 * busy loop goes on using a whole core until the process exits (denoland/deno#35657, measured
 * here on Deno 2.1.4, 2.5.6 and 2.9.6). In the suite's one `deno test` process, the five such
 * threads that run_test.ts and queue_test.ts left took most of both cores for the rest of the
 * run. The pool still fails the hung job's row and replaces its thread, as these runs check.
 *
 * ```sh
 * deno run -A tests/batch/_hung_child.ts '{"mode":"run","home":"…","tools":[…],"workers":2}'
 * deno run -A tests/batch/_hung_child.ts '{"mode":"queue","home":"…","url":"redis://…/4",…}'
 * ```
 *
 * Prints one JSON line, `{ rows: [{ scan, tool, status, reason }], summary_rows, still_running }`,
 * and exits. `still_running`: how many of this process's Web Worker threads (Linux `comm`
 * "worker-…") still ran in the `idle_ms` after the batch had ended (default 1,500 ms; a thread
 * counts when it used 50 ms of CPU or more there), read from /proc/self/task.
 */
import { openStore } from "../../core/store.ts";
import { createBatch, runBatch } from "../../batch/run.ts";
import { runQueuedBatch, startWorker } from "../../batch/queue.ts";

const TOOLS_DIR = new URL("../../fixtures/batch_tools/", import.meta.url);

interface Args {
  mode: "run" | "queue";
  home: string;
  /** For "run": the batch's spec as the test writes it (id, scans, tools, set, timeout_s). */
  spec?: Parameters<typeof runBatch>[1];
  workers?: number;
  /** For "queue": the Redis URL and the batch request (targets, tools, timeout_s). */
  url?: string;
  request?: Parameters<typeof createBatch>[1];
  idle_ms?: number;
}

/** CPU ticks (1/100 s) of each Web Worker thread of this process, by thread id. */
function workerTicks(): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of Deno.readDirSync("/proc/self/task")) {
    try {
      const dir = `/proc/self/task/${t.name}`;
      if (!Deno.readTextFileSync(`${dir}/comm`).startsWith("worker")) continue;
      // utime and stime: fields 14 and 15, after the parenthesised name.
      const f = Deno.readTextFileSync(`${dir}/stat`).split(") ")[1].split(" ");
      out.set(t.name, Number(f[11]) + Number(f[12]));
    } catch { /* the thread ended */ }
  }
  return out;
}

const args = JSON.parse(Deno.args[0]) as Args;
const store = openStore(args.home);
let rows: { scan: string; tool: string; status: string; row: { reason?: unknown } }[];
let summary_rows: number;
if (args.mode === "run") {
  const r = await runBatch(store, args.spec!, {
    workers: args.workers ?? 2,
    location: args.home,
    tools_dir: TOOLS_DIR,
  });
  rows = r.rows, summary_rows = r.summary.rows;
} else {
  const url = args.url!;
  const w = startWorker(store, { url, concurrency: 1, location: args.home, tools_dir: TOOLS_DIR });
  try {
    const { spec } = await createBatch(store, args.request!, TOOLS_DIR);
    const r = await runQueuedBatch(store, spec, { url, poll_ms: 100, tools_dir: TOOLS_DIR });
    summary_rows = r.summary.rows;
    rows = store.listBatchRows(spec.id);
  } finally {
    await w.close();
  }
}
store.close();
const before = workerTicks();
await new Promise((r) => setTimeout(r, args.idle_ms ?? 1500));
const after = workerTicks();
const still_running = [...after].filter(([t, n]) => n - (before.get(t) ?? n) >= 5).length;
console.log(JSON.stringify({
  summary_rows,
  still_running,
  rows: rows.map((x) => ({
    scan: x.scan,
    tool: x.tool,
    status: x.status,
    reason: x.row.reason === undefined ? undefined : String(x.row.reason),
  })),
}));
// The hung thread never ends by itself: the process does.
Deno.exit(0);
