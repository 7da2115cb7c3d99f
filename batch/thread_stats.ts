/**
 * What a batch worker thread spent its time on, for the benches (issue 29: do two workers
 * serialise?). Kept only when the pool asks for it. CPU and run-queue times are the thread's
 * own, from Linux's `/proc/thread-self/schedstat` (time on a CPU, time runnable but waiting
 * for one, in ns: https://docs.kernel.org/scheduler/sched-stats.html); elsewhere they are
 * left out. Lock wait is the time from asking for the row's write transaction to being inside
 * it (SQLite's BEGIN IMMEDIATE and anything in front of it); message wait is the time the
 * thread had no job to run.
 */

/** One thread's figures over its life (from ready to the request). */
export interface ThreadStats {
  jobs: number;
  /** Wall time running jobs, ms. */
  busy_ms: number;
  /** Wall time with no job to run (waiting for the pool's next message), ms. */
  idle_ms: number;
  /** Wall time waiting to get the write transaction, ms. */
  lock_wait_ms: number;
  /** Wall time inside write transactions, ms (their work and the commit). */
  tx_ms: number;
  /** Time on a CPU, ms (Linux only). */
  cpu_ms?: number;
  /** Time runnable but waiting for a CPU (the machine's load), ms (Linux only). */
  runq_ms?: number;
}

/** The thread's CPU and run-queue nanoseconds, or undefined off Linux. */
function schedstat(): [number, number] | undefined {
  try {
    const [cpu, runq] = Deno.readTextFileSync("/proc/thread-self/schedstat").split(" ");
    return [Number(cpu), Number(runq)];
  } catch {
    return undefined;
  }
}

/** A thread's counters: call `start` when ready, then the wrappers; `read` gives the figures. */
export function threadStats() {
  const s: ThreadStats = { jobs: 0, busy_ms: 0, idle_ms: 0, lock_wait_ms: 0, tx_ms: 0 };
  let sched0: [number, number] | undefined;
  let idleSince = 0;
  return {
    start() {
      sched0 = schedstat();
      idleSince = performance.now();
    },
    /** The thread has no job to run (true) or has one again (false). */
    idle(now: boolean) {
      if (now) idleSince = performance.now();
      else s.idle_ms += performance.now() - idleSince;
    },
    /** The thread ran a job for `ms`. */
    job(ms: number) {
      s.jobs++;
      s.busy_ms += ms;
    },
    /** Wraps a store's transaction so that its lock wait and time inside are counted. */
    transaction<T>(tx: (fn: () => T) => T, fn: () => T): T {
      const a = performance.now();
      let b = a;
      try {
        return tx(() => {
          b = performance.now();
          s.lock_wait_ms += b - a;
          return fn();
        });
      } finally {
        s.tx_ms += performance.now() - b;
      }
    },
    read(): ThreadStats {
      const now = schedstat();
      const out = { ...s };
      if (now && sched0) {
        out.cpu_ms = (now[0] - sched0[0]) / 1e6;
        out.runq_ms = (now[1] - sched0[1]) / 1e6;
      }
      return out;
    },
  };
}
