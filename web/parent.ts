/**
 * A server that ends with whoever started it: `threshold web` run through `npx` or the npm
 * `deno` wrapper is left behind when that wrapper is stopped by its process id (a signal to
 * the wrapper does not reach its children). On Linux and macOS an orphaned process is adopted
 * (its parent id changes), so the parent id is polled; on Windows, where nothing is adopted,
 * and under a parent that is already the system's first process, nothing is watched.
 */

/**
 * Calls `gone` once when this process's parent exits; returns a function that stops watching.
 * The timer does not keep the process alive.
 */
export function onParentExit(gone: () => void, every_ms = 500): () => void {
  if (Deno.build.os === "windows") return () => {};
  const first = Deno.ppid;
  if (first <= 1) return () => {};
  const timer = setInterval(() => {
    if (Deno.ppid === first) return;
    clearInterval(timer);
    gone();
  }, every_ms);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
