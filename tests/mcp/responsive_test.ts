/**
 * The MCP server stays responsive while a CPU-bound tool runs (tools run in workers,
 * host/worker.ts): `ping` answers in under 100 ms, cancelling ends the run in under 500 ms,
 * and the confined server exits when the process that started it is killed.
 * Responsiveness bounds the issue asks for, kept generous where the machine is shared.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURE_TOOLS, freshHome, MCP_TS, PROJECT, start } from "./_connect.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const readBeat = (file: string) => Number(Deno.readTextFileSync(file) || "0");

Deno.test("mcp: ping answers in under 100 ms while a CPU-bound tool runs; cancel ends it in under 500 ms", async () => {
  const home = freshHome();
  const beat = join(home, "busy_loop.beat");
  Deno.writeTextFileSync(beat, "0");
  const s = await start("legacy", home, { extra: [`--tools=${FIXTURE_TOOLS}`] });
  try {
    const ac = new AbortController();
    let spinning!: () => void;
    const started = new Promise<void>((r) => spinning = r);
    const call = s.client.callTool(
      { name: "busy_loop", arguments: { scan: "demo", seconds: 60, beat } },
      { signal: ac.signal, onprogress: () => spinning(), timeout: 120_000 },
    );
    let answer: unknown;
    call.then((r) => answer = r, (e) => answer = e);
    await started;
    // The loop is running: its heartbeat moves (waited for: a loaded machine starts it late).
    const b0 = readBeat(beat);
    for (let i = 0; i < 100 && readBeat(beat) <= b0 + 1; i++) await sleep(100);
    assert.ok(
      readBeat(beat) > b0 + 1,
      `the busy tool is running; ${JSON.stringify(answer)} ${s.stderr()}`,
    );
    const pings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await s.client.ping();
      pings.push(performance.now() - t0);
    }
    pings.sort((a, b) => a - b);
    // Under 100 ms (the bound) at best, and never a freeze (all under 1 s) even on a
    // shared machine running other tests in parallel.
    const said = `pings ${pings.map((p) => p.toFixed(1)).join(", ")} ms`;
    assert.ok(pings[0] < 100, said);
    assert.ok(pings[4] < 1000, said);
    console.log(said);
    // Cancel: within 500 ms the heartbeat stops for good.
    const cancelledAt = performance.now();
    ac.abort();
    await assert.rejects(call);
    // When did the heartbeat last move? (sampled every 10 ms for 500 ms)
    let last = readBeat(beat), lastMoved = cancelledAt;
    while (performance.now() - cancelledAt < 500) {
      await sleep(10);
      const b = readBeat(beat);
      if (b !== last) last = b, lastMoved = performance.now();
    }
    console.log(
      `the tool's last heartbeat came ${(lastMoved - cancelledAt).toFixed(0)} ms after cancel`,
    );
    const after = readBeat(beat);
    await sleep(400);
    assert.equal(
      readBeat(beat),
      after,
      `the tool still runs 500 ms after it was cancelled; server said: ${s.stderr()}`,
    );
    // And the server serves the next call.
    const r = await s.client.callTool({
      name: "busy_loop",
      arguments: { scan: "demo", seconds: 0 },
    }) as { structuredContent?: { verdict?: string } };
    assert.equal(r.structuredContent?.verdict, "Spun for 0 s.");
  } finally {
    await s.close();
  }
});

Deno.test("mcp: a run past the time limit ends as an error naming the limit", async () => {
  const home = freshHome();
  // A preference of 1 s; the busy loop has no checkpoints, so the worker is terminated.
  const setup = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${PROJECT}/cli.ts`, "prefs", "set", "run.time_limit_s", "1"],
    env: { THRESHOLD_HOME: home },
  }).outputSync();
  assert.equal(setup.code, 0, new TextDecoder().decode(setup.stderr));
  const s = await start("legacy", home, { extra: [`--tools=${FIXTURE_TOOLS}`] });
  try {
    const t0 = performance.now();
    const r = await s.client.callTool({
      name: "busy_loop",
      arguments: { scan: "demo", seconds: 60 },
    }, { timeout: 60_000 }) as { isError?: boolean; structuredContent?: Record<string, string> };
    const took = performance.now() - t0;
    assert.equal(r.isError, true);
    assert.equal(r.structuredContent?.status, "error");
    assert.match(
      r.structuredContent!.verdict,
      /time limit of 1 s \(preference run\.time_limit_s\)/,
    );
    assert.ok(took < 30_000, `stopped after ${took.toFixed(0)} ms`);
  } finally {
    await s.close();
  }
});

Deno.test({
  name: "mcp: the confined server exits when its parent is killed (SIGKILL)",
  ignore: Deno.build.os === "windows",
  async fn() {
    const home = freshHome();
    const parent = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MCP_TS, `--home=${home}`],
      stdin: "piped",
      stdout: "null",
      stderr: "null",
      env: { THRESHOLD_HOME: home },
    }).spawn();
    try {
      // Find the confined child: the process whose parent is `parent`.
      let child: number | undefined;
      for (let i = 0; i < 100 && child === undefined; i++) {
        await sleep(100);
        child = childOf(parent.pid);
      }
      assert.ok(child, "the confining parent started a child");
      process_kill(parent.pid);
      await parent.status;
      let gone = false;
      // A liveness bound, not a speed figure: generous, since the suite runs tests in parallel.
      for (let i = 0; i < 150 && !gone; i++) {
        await sleep(100);
        gone = !alive(child!);
      }
      assert.ok(gone, `the confined child ${child} still runs 15 s after its parent was killed`);
    } finally {
      try {
        await parent.stdin.close();
      } catch { /* closed */ }
    }
  },
});

function process_kill(pid: number) {
  Deno.kill(pid, "SIGKILL");
}

/** A process's parent id and state from /proc (Linux). */
function stat(pid: number): { ppid: number; state: string } | undefined {
  try {
    const s = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const rest = s.slice(s.lastIndexOf(")") + 2).split(" ");
    return { state: rest[0], ppid: Number(rest[1]) };
  } catch {
    return undefined;
  }
}

function childOf(pid: number): number | undefined {
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    if (stat(Number(e.name))?.ppid === pid) return Number(e.name);
  }
  return undefined;
}

function alive(pid: number): boolean {
  const s = stat(pid);
  return !!s && s.state !== "Z" && s.state !== "X";
}
