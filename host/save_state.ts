/**
 * The shared state of a run answered early (host/tool_worker.ts `save_state`, index 0): the
 * worker and the pool (host/worker.ts) move it with compare-and-exchange, so a write that
 * commits before anyone asks needs no message, and one that someone waits on always gets one
 * (issue 29).
 */

/** Its row is being written. */
export const SAVE_WRITING = 0;
/** Its row is committed, and no one has asked yet. */
export const SAVE_DONE = 1;
/** The pool waits for the worker's `{ id, saved }`. */
export const SAVE_WANTED = 2;
/** The write failed: `{ id, saved: false, error }` is (being) posted. */
export const SAVE_FAILED = 3;
