/**
 * tools/call (ceiling_height on demo, as bench/mcp_figures.ts) and ping, timed on two servers
 * at once, each from its own checkout, in alternating rounds so the machine's load falls on
 * both alike (issue 29). Each server's call is reported as a ratio to its own ping and to the
 * first server's call; with the server process's CPU time per call (all its threads, from
 * /proc) beside the wall time.
 *
 * ```sh
 * deno run -A bench/mcp_call_ab.ts /work/main .     # A = main, B = this checkout
 * ```
 */
import { initialize, median, type RawClient, spawnRaw } from "./_mcp_client.ts";
import { confinedFlags } from "../host/confine.ts";

const dirs = Deno.args.filter((a) => !a.startsWith("--"));
if (dirs.length < 2) throw new Error("usage: mcp_call_ab.ts <checkout A> <checkout B>");
const ROUNDS = 20, PER_ROUND = 50;
const CALL = { name: "ceiling_height", arguments: { scan: "demo" } };

/** CPU milliseconds the process has used (user + system, all threads). */
function cpuMs(pid: number): number {
  const st = Deno.readTextFileSync(`/proc/${pid}/stat`);
  const f = st.slice(st.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * 10; // clock ticks of 10 ms (USER_HZ 100)
}

interface Server {
  dir: string;
  c: RawClient;
  ping: number[];
  call: number[];
  cpu: number;
  calls: number;
}
const servers: Server[] = [];
for (const d of dirs) {
  const dir = await Deno.realPath(d);
  const home = Deno.makeTempDirSync({ prefix: "threshold-ab-" });
  const c = spawnRaw(Deno.execPath(), [
    "run",
    ...confinedFlags(home, [], dir),
    `${dir}/mcp.ts`,
    `--home=${home}`,
  ]);
  await initialize(c);
  servers.push({ dir, c, ping: [], call: [], cpu: 0, calls: 0 });
}
const call = async (s: Server) => {
  const r = await s.c.request("tools/call", CALL);
  if (r.error || r.result?.isError) throw new Error(JSON.stringify(r));
};
for (const s of servers) for (let i = 0; i < 50; i++) await call(s);
for (let r = 0; r < ROUNDS; r++) {
  for (const s of servers) {
    for (let i = 0; i < PER_ROUND; i++) {
      const t = performance.now();
      await s.c.request("ping");
      s.ping.push(performance.now() - t);
    }
    const c0 = cpuMs(s.c.pid);
    for (let i = 0; i < PER_ROUND; i++) {
      const t = performance.now();
      await call(s);
      s.call.push(performance.now() - t);
    }
    s.cpu += cpuMs(s.c.pid) - c0;
    s.calls += PER_ROUND;
  }
}
for (const s of servers) await s.c.close();
const load = Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
const base = median(servers[0].call);
console.log(`load ${load}; ${ROUNDS} rounds × ${PER_ROUND} pings and calls per server`);
console.log("server | call ms | ping ms | call/ping | call/A's call | CPU ms per call");
for (const s of servers) {
  const c = median(s.call), p = median(s.ping);
  console.log(
    `${s.dir} | ${c.toFixed(2)} | ${p.toFixed(2)} | ${(c / p).toFixed(2)}× | ${
      (c / base).toFixed(2)
    }× | ${(s.cpu / s.calls).toFixed(2)}`,
  );
}
