/**
 * tools/call (ceiling_height on demo, as bench/mcp_figures.ts) and ping, timed on two servers
 * at once, each from its own checkout, in alternating rounds so the machine's load falls on
 * both alike (issue 29). Each server's call is reported as a ratio to its own ping and to the
 * first server's call; with the server process's CPU time per call and per ping (all its
 * threads, from /proc/<pid>/task/<tid>/schedstat, in nanoseconds) beside the wall time: on a
 * loaded machine wall time waits for a core, CPU time does not. A second table splits that CPU
 * by thread (`comm`): the serving thread (stdio, the SDK, the session), the tool worker (the
 * run, its store write, the reply's crossing), V8's helper threads (GC, compiling) and Deno's
 * I/O runtime — the phases of a call as far as the process shows them. Each server runs under
 * its own checkout's `confinedFlags` (host/confine.ts), V8 flags included.
 *
 * ```sh
 * deno run -A bench/mcp_call_ab.ts /work/main .     # A = main, B = this checkout
 * GAP_MS=5 deno run -A bench/mcp_call_ab.ts /work/main .   # 5 ms between requests
 * deno run -A bench/mcp_call_ab.ts /work/main . --in-thread   # and the control below
 * ```
 *
 * `--in-thread` adds a control server, alternated with the others: the last checkout's own
 * server with its tools run on the serving thread, no worker pool (bench/_mcp_in_thread.ts).
 * Its call/ping is what a tools/call costs without the hop to a worker and back, and without
 * the guarantee that the serving thread always answers: a floor for the pooled server's ratio.
 */
import { initialize, median, type RawClient, spawnRaw } from "./_mcp_client.ts";

const dirs = Deno.args.filter((a) => !a.startsWith("--"));
if (dirs.length < 2) {
  throw new Error("usage: mcp_call_ab.ts <checkout A> <checkout B> [--in-thread]");
}
const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 20), PER_ROUND = 50;
/**
 * A pause after each call and ping, in ms (GAP_MS, default 0: back to back). A model takes
 * seconds between calls, so work a worker does after its reply (the run's write) is hidden
 * then; back to back, the next call waits for it.
 */
const GAP_MS = Number(Deno.env.get("GAP_MS") ?? 0);
const gap = () => GAP_MS > 0 ? new Promise((r) => setTimeout(r, GAP_MS)) : undefined;
const CALL = { name: "ceiling_height", arguments: { scan: "demo" } };

/** Thread names (Linux `comm`) grouped as the phase table shows them. */
const GROUPS: [RegExp, string][] = [
  [/^worker/, "tool worker"],
  [/^V8 /, "V8 helpers (GC, compile)"],
  [/^tokio/, "I/O runtime"],
];
const groupOf = (comm: string) => GROUPS.find(([re]) => re.test(comm))?.[1] ?? "serving thread";

/** CPU milliseconds the process's threads have run, by thread group (Linux schedstat, ns). */
function cpuByGroup(pid: number): Record<string, number> {
  const out: Record<string, number> = {};
  try {
    for (const t of Deno.readDirSync(`/proc/${pid}/task`)) {
      try {
        const dir = `/proc/${pid}/task/${t.name}`;
        const g = groupOf(Deno.readTextFileSync(`${dir}/comm`).trim());
        out[g] = (out[g] ?? 0) +
          Number(Deno.readTextFileSync(`${dir}/schedstat`).split(" ")[0]) / 1e6;
      } catch { /* the thread ended */ }
    }
  } catch { /* not Linux */ }
  return out;
}

/** Adds the CPU each group ran between `before` and now into `into`. */
function addSince(into: Record<string, number>, before: Record<string, number>, pid: number) {
  for (const [g, ms] of Object.entries(cpuByGroup(pid))) {
    into[g] = (into[g] ?? 0) + ms - (before[g] ?? 0);
  }
}

interface Server {
  /** The checkout, or the control's label. */
  dir: string;
  c: RawClient;
  ping: number[];
  call: number[];
  cpu: number;
  pingCpu: number;
  calls: number;
  /** CPU ms by thread group, over the pings and over the calls. */
  pingBy: Record<string, number>;
  callBy: Record<string, number>;
}
const servers: Server[] = [];
const inThread = Deno.args.includes("--in-thread");
const runs = [
  ...dirs.map((d) => ({ d, script: "mcp.ts", label: "" })),
  ...(inThread
    ? [{ d: dirs.at(-1)!, script: "bench/_mcp_in_thread.ts", label: " (in-thread control)" }]
    : []),
];
for (const { d, script, label } of runs) {
  const dir = await Deno.realPath(d);
  const home = Deno.makeTempDirSync({ prefix: "threshold-ab-" });
  // Each server under its own checkout's flags (its V8 flags among them), not this one's.
  const { confinedFlags } = await import(`${dir}/host/confine.ts`);
  const c = spawnRaw(Deno.execPath(), [
    "run",
    ...confinedFlags(home, [], dir),
    `${dir}/${script}`,
    `--home=${home}`,
  ]);
  await initialize(c);
  servers.push({
    dir: dir + label,
    c,
    ping: [],
    call: [],
    cpu: 0,
    pingCpu: 0,
    calls: 0,
    pingBy: {},
    callBy: {},
  });
}
const call = async (s: Server) => {
  const r = await s.c.request("tools/call", CALL);
  if (r.error || r.result?.isError) throw new Error(JSON.stringify(r));
};
for (const s of servers) for (let i = 0; i < 50; i++) await call(s);
for (let r = 0; r < ROUNDS; r++) {
  for (const s of servers) {
    const p0 = cpuByGroup(s.c.pid);
    for (let i = 0; i < PER_ROUND; i++) {
      const t = performance.now();
      await s.c.request("ping");
      s.ping.push(performance.now() - t);
      await gap();
    }
    const c0 = cpuByGroup(s.c.pid);
    addSince(s.pingBy, p0, s.c.pid);
    for (let i = 0; i < PER_ROUND; i++) {
      const t = performance.now();
      await call(s);
      s.call.push(performance.now() - t);
      await gap();
    }
    addSince(s.callBy, c0, s.c.pid);
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    s.pingCpu = sum(s.pingBy);
    s.cpu = sum(s.callBy);
    s.calls += PER_ROUND;
  }
}
for (const s of servers) await s.c.close();
const load = Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
const base = median(servers[0].call);
console.log(
  `load ${load}; ${ROUNDS} rounds × ${PER_ROUND} pings and calls per server; ${GAP_MS} ms between`,
);
console.log(
  "server | call ms | ping ms | call/ping | call/A's call | CPU ms: call | ping | call/ping | call/A's call",
);
const baseCpu = servers[0].cpu / servers[0].calls;
for (const s of servers) {
  const c = median(s.call), p = median(s.ping);
  console.log(
    `${s.dir} | ${c.toFixed(2)} | ${p.toFixed(2)} | ${(c / p).toFixed(2)}× | ${
      (c / base).toFixed(2)
    }× | ${(s.cpu / s.calls).toFixed(2)} | ${(s.pingCpu / s.calls).toFixed(2)} | ${
      (s.cpu / s.pingCpu).toFixed(2)
    }× | ${(s.cpu / s.calls / baseCpu).toFixed(2)}×`,
  );
}
console.log("\nCPU µs per request by thread (ping | call), the phase table:");
const groups = ["serving thread", "tool worker", "V8 helpers (GC, compile)", "I/O runtime"];
console.log(`server | ${groups.map((g) => `${g}: ping | call`).join(" | ")}`);
for (const s of servers) {
  const cell = (g: string) =>
    `${((s.pingBy[g] ?? 0) / s.calls * 1000).toFixed(0)} | ${
      ((s.callBy[g] ?? 0) / s.calls * 1000).toFixed(0)
    }`;
  console.log(`${s.dir} | ${groups.map(cell).join(" | ")}`);
}
