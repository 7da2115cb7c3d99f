/**
 * The batch that tests/batch/group_commit_test.ts kills: `deno run -A _group_kill_child.ts HOME
 * BATCH`. Records batch BATCH over every stored scan × hold_at (fixtures/batch_tools), and runs its
 * jobs, all known at once, on one worker thread with a group commit of 16 rows (and no time
 * limit on a group), printing each row the pool reports as a JSON line ({key, scan, tool}).
 */
import { openStore } from "../../core/store.ts";
import { createBatch, jobsOf, loadManifests } from "../../batch/run.ts";
import { jobQueue, startThreads } from "../../batch/pool.ts";

const TOOLS_DIR = new URL("../../fixtures/batch_tools/", import.meta.url);
const [home, id] = Deno.args;
const store = openStore(home);
const { spec } = await createBatch(store, {
  targets: ["*"],
  tools: ["hold_at"],
  persona: "manual-wheelchair-user",
  id,
}, TOOLS_DIR);
const jobs = jobsOf(store, spec, await loadManifests(spec.tools, TOOLS_DIR));
const threads = startThreads(store, {
  size: 1,
  location: home,
  tools_dir: TOOLS_DIR,
  tools: spec.tools,
  checkpoints: true,
  group: { rows: 16, ms: 600_000 },
});
const enc = new TextEncoder();
await threads.runAll(jobQueue(jobs), (_job, out) => {
  const { key, scan, tool } = out.row;
  Deno.stdout.writeSync(enc.encode(JSON.stringify({ key, scan, tool }) + "\n"));
});
threads.close();
store.close();
