/**
 * SQLite's busy error, retried: another process holding the write lock is a reason to wait,
 * not to lose a finished run. SQLite documents SQLITE_BUSY as retryable
 * (https://sqlite.org/rescode.html#busy); each try waits {@link BUSY_TIMEOUT_MS} in SQLite's
 * own busy handler, and a write still refused is tried again after a pause, for
 * {@link WRITE_WAIT_MS} in all.
 * @module
 */

/** How long SQLite itself waits for another writer on one try, ms (its busy timeout). */
export const BUSY_TIMEOUT_MS = 2000;
/**
 * How long a write waits in all for other processes' writes, ms: a finished run is saved
 * after a queue of twelve 34 MB writes, not lost; past this the error says the store is busy.
 */
export const WRITE_WAIT_MS = 300_000;

/** True for SQLite's "busy" and "locked" errors (codes 5 and 6, extended codes too). */
export function isBusy(e: unknown): boolean {
  const code = (e as { errcode?: number })?.errcode;
  if (typeof code === "number" && ((code & 0xff) === 5 || (code & 0xff) === 6)) return true;
  return /database is locked|database table is locked|SQLITE_BUSY|SQLITE_LOCKED/i.test(
    String((e as Error)?.message ?? e),
  );
}

/** Blocks this thread for `ms` (a write's pause between tries; the store's calls are sync). */
function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Calls `step` until it does not throw a busy error, pausing between tries (25 ms doubling
 * to 1 s, with jitter) for at most `wait_ms` in all; then the last error is thrown.
 */
export function retryBusy<T>(
  step: () => T,
  o: { wait_ms?: number; sleep?: (ms: number) => void; now?: () => number } = {},
): T {
  const now = o.now ?? (() => performance.now());
  const sleep = o.sleep ?? pause;
  const end = now() + (o.wait_ms ?? WRITE_WAIT_MS);
  for (let n = 0;; n++) {
    try {
      return step();
    } catch (e) {
      if (!isBusy(e) || now() >= end) throw e;
      const ms = Math.min(1000, 25 * 2 ** Math.min(n, 6)) * (0.5 + Math.random() / 2);
      sleep(Math.max(1, Math.min(ms, end - now())));
    }
  }
}
