/**
 * A run's time budget, as engines see it: long loops call {@link checkpoint} (or a
 * {@link ticker}) and the run stops with a {@link BudgetExceeded} once its deadline has
 * passed or its signal fired. The budget is carried by AsyncLocalStorage, so engines stay pure
 * functions of their arguments and two runs in one process keep their own limits. Outside a
 * run (a library call to an engine) there is no budget and checkpoints cost a lookup.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Seconds a worker gets past its run's own time limit before it is terminated: time for the
 * engines' checkpoints to stop it with the limit's own words first.
 */
export const GRACE_S = 5;

/** A run's limit: a wall-clock deadline (performance.now() ms) and an abort signal. */
export interface Budget {
  deadline_ms: number;
  /** The limit in words, for the error ("the time limit of 120 s (preference run.time_limit_s)"). */
  limit_text: string;
  signal?: AbortSignal;
  /**
   * A cancel flag another thread may set (a worker's run: the server stores 1 at index 0 to
   * cancel). Read with Atomics, so it is seen by a loop that never yields to the event loop.
   */
  cancel?: Int32Array;
}

/**
 * Thrown inside an engine when the run's budget is spent or the run was cancelled: `code`
 * `budget.spent` (with the limit's words in `data.limit_text`) or `budget.cancelled`.
 */
export class BudgetExceeded extends Error {
  readonly code: "budget.spent" | "budget.cancelled";
  readonly data: Readonly<{ limit_text?: string }>;
  constructor(readonly cancelled: boolean, message: string, limit_text?: string) {
    super(message);
    this.name = "BudgetExceeded";
    this.code = cancelled ? "budget.cancelled" : "budget.spent";
    this.data = limit_text === undefined ? {} : { limit_text };
  }
}

const current = new AsyncLocalStorage<Budget>();

/** Runs `fn` (and everything it awaits) under a budget. */
export function withBudget<T>(budget: Budget, fn: () => T): T {
  return current.run(budget, fn);
}

/** Throws {@link BudgetExceeded} when the current run's budget is spent or it was cancelled. */
export function checkpoint(): void {
  const b = current.getStore();
  if (!b) return;
  if (b.signal?.aborted || (b.cancel && Atomics.load(b.cancel, 0) !== 0)) {
    throw new BudgetExceeded(true, "cancelled");
  }
  if (performance.now() > b.deadline_ms) {
    throw new BudgetExceeded(false, `stopped at ${b.limit_text}`, b.limit_text);
  }
}

/**
 * A cheap checkpoint for tight loops: checks the budget every `every` calls.
 * `const tick = ticker(); for (…) { tick(); … }`
 */
export function ticker(every = 256): () => void {
  let n = 0;
  return () => {
    if (++n % every === 0) checkpoint();
  };
}
