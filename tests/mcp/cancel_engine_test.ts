/**
 * Cancelling a real CPU-bound tool over MCP stops its engine within 500 ms: door_clearance on
 * a 200 × 200-room plan (several seconds of work) is cancelled while it runs, and from 500 ms
 * after the cancel the server process uses next to no CPU (a worker still looping would use a
 * whole core). The engines see the worker's cancel flag at their checkpoints
 * (ground/budget.ts). Linux only (CPU time from /proc).
 */
import assert from "node:assert/strict";
import { openStore } from "../../core/store.ts";
import { gridPlan } from "../_big_plan.ts";
import { freshHome, start } from "./_connect.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HZ = 100; // USER_HZ on Linux: /proc/<pid>/stat counts CPU time in 1/100 s.

/** CPU time (user + system, all threads) of a process, ms. */
function cpu_ms(pid: number): number {
  const s = Deno.readTextFileSync(`/proc/${pid}/stat`);
  const rest = s.slice(s.lastIndexOf(")") + 2).split(" ");
  return (Number(rest[11]) + Number(rest[12])) * 1000 / HZ;
}

/** The server process started for `home` (its command line names the home). */
function serverPid(home: string): number | undefined {
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const cmd = Deno.readTextFileSync(`/proc/${e.name}/cmdline`);
      if (cmd.includes(`--home=${home}`) && cmd.includes("mcp.ts")) return Number(e.name);
    } catch { /* gone */ }
  }
  return undefined;
}

Deno.test({
  name:
    "mcp: cancelling a CPU-bound engine (door_clearance on 40,000 rooms) stops it within 500 ms",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const home = freshHome();
    const s0 = openStore(home);
    s0.putScan(gridPlan(200));
    s0.close();
    const s = await start("legacy", home);
    try {
      const pid = serverPid(home);
      assert.ok(pid, "the server's process");
      const ac = new AbortController();
      // The first step ("Checking 79,601 doors …") comes once the plan is loaded (its schema
      // check has no checkpoints) and the doors' loop starts.
      let looping!: () => void;
      const started = new Promise<void>((r) => looping = r);
      const call = s.client.callTool(
        { name: "door_clearance", arguments: { scan: "big", chair_width_m: 0.7 } },
        { signal: ac.signal, onprogress: () => looping(), timeout: 120_000 },
      );
      let answered = false;
      call.then(() => answered = true, () => answered = true);
      await Promise.race([started, call]);
      // Busy: the server uses CPU while the tool runs (measured over 1 s).
      const b0 = cpu_ms(pid!);
      await sleep(1000);
      const busy = cpu_ms(pid!) - b0;
      assert.equal(answered, false, "the tool is still running 1 s into its loop");
      // On a loaded machine the tool gets only a share of a core; it still shows.
      assert.ok(busy >= 100, `the tool works: ${busy} ms of CPU in 1 s`);
      ac.abort();
      await assert.rejects(call);
      await sleep(500);
      const c0 = cpu_ms(pid!);
      await sleep(1000);
      const after = cpu_ms(pid!) - c0;
      console.log(
        `CPU of the server: ${busy} ms in the 1 s before cancel, ${after} ms in the 1 s from 500 ms after it`,
      );
      // A worker still looping would keep its share (as much as before the cancel).
      assert.ok(
        after < 150 && after < busy / 3,
        `still working after cancel: ${after} ms of CPU in 1 s (${busy} ms before)`,
      );
    } finally {
      await s.close();
    }
  },
});
