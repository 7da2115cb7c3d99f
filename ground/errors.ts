/**
 * Errors that name what was wrong. Expected outcomes are values (unknown verdicts), not errors.
 *
 * Every error here carries a stable `code` (`<area>.<what>`, e.g. `plan.invalid`) and its `data`
 * (the input named, what was wrong — `got` —, and what is allowed — `allowed` —, where the
 * thrower knows them), so callers and tests read those instead of the message. The message is
 * the sentence made from them by the thrower, unchanged by the code.
 */

/** An error's code and data, as a thrower hands them over. */
export interface Coded {
  /** Stable: `<area>.<what>` in lower snake case (`plan.invalid`, `scan.unknown`). */
  code: string;
  data?: Record<string, unknown>;
}

/** The code an error gets when its thrower gives none. */
export const UNCODED_INPUT = "input.invalid";

/** Bad input from a person: names the input, what was wrong and what is allowed. */
export class InputError extends Error {
  readonly input: string;
  /** A stable code (`plan.invalid`); `input.invalid` where the thrower gave none. */
  readonly code: string;
  /** `input` and what the thrower knows: `got`, `allowed`, `issues`, … */
  readonly data: Readonly<Record<string, unknown>>;
  constructor(input: string, problem: string, coded?: Coded) {
    super(`${input}: ${problem}`);
    this.name = "InputError";
    this.input = input;
    this.code = coded?.code ?? UNCODED_INPUT;
    this.data = { input, ...coded?.data };
  }
}

/** A tool folder that cannot be registered; names the folder. */
export class RegistryError extends Error {
  readonly folder: string;
  readonly code: string;
  readonly data: Readonly<Record<string, unknown>>;
  constructor(folder: string, problem: string, coded?: Coded) {
    super(`tools/${folder}: ${problem}`);
    this.name = "RegistryError";
    this.folder = folder;
    this.code = coded?.code ?? "registry.invalid";
    this.data = { folder, ...coded?.data };
  }
}

/** The store file cannot be used; names the file. Nothing was changed. */
export class StoreError extends Error {
  readonly file: string;
  readonly code: string;
  readonly data: Readonly<Record<string, unknown>>;
  constructor(file: string, problem: string, coded?: Coded) {
    super(`store ${file}: ${problem}`);
    this.name = "StoreError";
    this.file = file;
    this.code = coded?.code ?? "store.unusable";
    this.data = { file, ...coded?.data };
  }
}

/** A run stopped through its abort signal. */
export class CancelledError extends Error {
  readonly code = "run.cancelled";
  readonly data: Readonly<Record<string, unknown>>;
  constructor(reason = "cancelled") {
    super(reason);
    this.name = "CancelledError";
    this.data = { reason };
  }
}

/**
 * One validation problem as data: its JSON path, a code (zod's issue code, or the cross-check's
 * own: `duplicate_id`, `no_floor`, `no_room`), the value found (`got`) and, where a list is
 * allowed, the list (`allowed`).
 */
export interface Issue {
  path: string;
  code: string;
  got?: unknown;
  allowed?: readonly unknown[];
  /** The bound zod checked (a number, or a count of items). */
  minimum?: unknown;
  maximum?: unknown;
  message: string;
}

/** A zod issue (parsed with `reportInput: true`) as an {@link Issue}. */
export function issueOf(
  i: {
    path: readonly PropertyKey[];
    message: string;
    code?: string;
    input?: unknown;
    values?: readonly unknown[];
    expected?: unknown;
    minimum?: unknown;
    maximum?: unknown;
  },
  prefix = "",
): Issue {
  return {
    path: jsonPath(i.path, prefix),
    code: i.code ?? "custom",
    ...(i.input !== undefined ? { got: i.input } : {}),
    ...(i.values
      ? { allowed: i.values }
      : i.expected !== undefined
      ? { allowed: [i.expected] }
      : {}),
    ...(i.minimum !== undefined ? { minimum: i.minimum } : {}),
    ...(i.maximum !== undefined ? { maximum: i.maximum } : {}),
    message: i.message,
  };
}

/** Formats zod issues as `path.to[3].field: message`, one per line. */
export function formatIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix = "",
): string {
  return issues.map((i) => {
    const p = jsonPath(i.path, prefix);
    return p ? `${p}: ${i.message}` : i.message;
  }).join("\n");
}

/** `["rooms", 3, "polygon"]` -> `rooms[3].polygon`. */
export function jsonPath(path: readonly PropertyKey[], prefix = ""): string {
  let out = prefix;
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out;
}

/**
 * A run refused because every worker is busy and the queue is full: nothing ran and nothing
 * was stored; the same request later will run.
 */
export class BusyError extends Error {
  readonly running: number;
  readonly queued: number;
  readonly code = "run.busy";
  readonly data: Readonly<Record<string, unknown>>;
  constructor(running: number, queued: number) {
    super(
      `threshold is busy: ${running} run${running === 1 ? " is" : "s are"} going and ${queued} ` +
        `${
          queued === 1 ? "is" : "are"
        } waiting (the most it queues); nothing was run. Retry in a little while.`,
    );
    this.name = "BusyError";
    this.running = running;
    this.queued = queued;
    this.data = { running, queued };
  }
}

/**
 * An error as it crosses a worker boundary (structured clone drops its class): its name,
 * message, and for an {@link InputError} the input, code and data, so the caller's surface
 * reads the same code as in the thread.
 */
export interface WireError {
  name: string;
  message: string;
  input?: string;
  code?: string;
  data?: Record<string, unknown>;
}

/** `err` as a {@link WireError}. */
export function errorToWire(err: unknown): WireError {
  const x = err as Error;
  return {
    name: x?.name ?? "Error",
    message: x?.message ?? String(err),
    ...(err instanceof InputError
      ? { input: err.input, code: err.code, data: { ...err.data } }
      : {}),
  };
}

/** The error a {@link WireError} names, as the classes the surfaces know (`what`: the input when none is named). */
export function errorFromWire(w: WireError, what: string): Error {
  if (w.name === "InputError") {
    const err = new InputError(
      w.input ?? what,
      "",
      w.code ? { code: w.code, data: w.data } : undefined,
    );
    err.message = w.message;
    return err;
  }
  if (w.name === "CancelledError") return new CancelledError(w.message);
  const err = new Error(w.message);
  err.name = w.name;
  return err;
}
