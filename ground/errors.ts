/** Errors that name what was wrong. Expected outcomes are values (unknown verdicts), not errors. */

/** Bad input from a person: names the input, what was wrong and what is allowed. */
export class InputError extends Error {
  readonly input: string;
  constructor(input: string, problem: string) {
    super(`${input}: ${problem}`);
    this.name = "InputError";
    this.input = input;
  }
}

/** A tool folder that cannot be registered; names the folder. */
export class RegistryError extends Error {
  readonly folder: string;
  constructor(folder: string, problem: string) {
    super(`tools/${folder}: ${problem}`);
    this.name = "RegistryError";
    this.folder = folder;
  }
}

/** The store file cannot be used; names the file. Nothing was changed. */
export class StoreError extends Error {
  readonly file: string;
  constructor(file: string, problem: string) {
    super(`store ${file}: ${problem}`);
    this.name = "StoreError";
    this.file = file;
  }
}

/** A run stopped through its abort signal. */
export class CancelledError extends Error {
  constructor(reason = "cancelled") {
    super(reason);
    this.name = "CancelledError";
  }
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
  }
}
