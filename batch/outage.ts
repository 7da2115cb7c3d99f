/**
 * The batch coordinator rides out a short outage of the shared store (PostgreSQL) or the
 * queue (Redis), as the workers do: a call that fails because the service cannot be reached
 * is tried again with a bounded backoff, and each outage is said once, in one sentence, when
 * it starts and when it ends (never a stack trace). Past the bound the error says how long it
 * waited.
 */

/** How long the coordinator waits in all for a service to come back, ms. */
export const OUTAGE_WAIT_MS = 120_000;

/** True for errors that mean "the service is not reachable right now" (retryable). */
export function isOutage(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  if (
    typeof code === "string" &&
    /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|57P01|57P02|57P03|08000|08001|08003|08006|CONNECTION_CLOSED|CONNECTION_ENDED|CONNECTION_DESTROYED|CONNECT_TIMEOUT)$/
      .test(code)
  ) return true;
  return /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|connection (?:terminated|ended|closed|refused)|terminating connection|the database system is (?:starting up|shutting down|in recovery mode)|server closed the connection|socket hang up|CONNECTION_(?:CLOSED|ENDED|DESTROYED)|Connection is closed|write CONNECTION/i
    .test(String((e as Error)?.message ?? e));
}

/** The short reason of an outage error ("connect ECONNREFUSED 127.0.0.1:5432"), one line. */
export function outageReason(e: unknown): string {
  const m = String((e as Error)?.message ?? e).split("\n")[0].trim();
  return m.length > 160 ? `${m.slice(0, 157)}…` : m;
}

/** Says each outage once: when it starts and when the service answers again. */
export interface OutageWatch {
  /** Calls `fn` until it does not fail with an outage (or the bound passes: then it throws). */
  call<T>(service: string, fn: () => T | Promise<T>): Promise<T>;
}

/**
 * An outage watch that tells `say` about each outage in one sentence (and its end in
 * another), waiting up to `wait_ms` per outage with backoff from 100 ms to 2 s.
 */
export function outageWatch(
  say: (sentence: string) => void,
  o: { wait_ms?: number; sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
): OutageWatch {
  const now = o.now ?? (() => performance.now());
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const wait_ms = o.wait_ms ?? OUTAGE_WAIT_MS;
  const down = new Map<string, number>();
  return {
    async call(service, fn) {
      for (let n = 0;; n++) {
        try {
          const out = await fn();
          const since = down.get(service);
          if (since !== undefined) {
            down.delete(service);
            say(
              `${service} answers again after ${
                ((now() - since) / 1000).toFixed(1)
              } s; carrying on.`,
            );
          }
          return out;
        } catch (e) {
          if (!isOutage(e)) throw e;
          const since = down.get(service);
          if (since === undefined) {
            down.set(service, now());
            say(
              `${service} cannot be reached (${outageReason(e)}); waiting for it, up to ${
                Math.round(wait_ms / 1000)
              } s.`,
            );
          } else if (now() - since >= wait_ms) {
            down.delete(service);
            throw new Error(
              `${service} could not be reached for ${Math.round(wait_ms / 1000)} s (${
                outageReason(e)
              }); the rows done so far are kept: continue with --resume.`,
            );
          }
          await sleep(Math.min(2000, 100 * 2 ** Math.min(n, 5)));
        }
      }
    },
  };
}
