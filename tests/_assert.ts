/** node:assert/strict under the names tests use. */
import assert, { AssertionError } from "node:assert/strict";

export const assertEquals = (actual: unknown, expected: unknown, msg?: string) =>
  assert.deepStrictEqual(actual, expected, msg);
export const assertOk = (v: unknown, msg?: string) => assert.ok(v, msg);
export const assertMatch = (s: string, re: RegExp, msg?: string) => assert.match(s, re, msg);
export const assertThrows = assert.throws;
export const assertRejects = assert.rejects;
export { assert };

/** The error `fn` throws, which must be a `type` (tests then assert its code and data). */
export function thrownBy<E extends Error>(fn: () => unknown, type: new (...a: never[]) => E): E {
  try {
    fn();
  } catch (e) {
    if (e instanceof type) return e;
    throw new AssertionError({ message: `expected a ${type.name}, got ${e}`, actual: e });
  }
  throw new AssertionError({ message: `expected a ${type.name}; nothing was thrown` });
}

/** The error `p` (or the promise `fn` returns) rejects with, which must be a `type`. */
export async function rejectedBy<E extends Error>(
  p: Promise<unknown> | (() => Promise<unknown>),
  type: new (...a: never[]) => E,
): Promise<E> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    if (e instanceof type) return e;
    throw new AssertionError({ message: `expected a ${type.name}, got ${e}`, actual: e });
  }
  throw new AssertionError({ message: `expected a ${type.name}; it did not reject` });
}
