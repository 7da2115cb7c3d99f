/** node:assert/strict under the names tests use. */
import assert from "node:assert/strict";

export const assertEquals = (actual: unknown, expected: unknown, msg?: string) =>
  assert.deepStrictEqual(actual, expected, msg);
export const assertOk = (v: unknown, msg?: string) => assert.ok(v, msg);
export const assertMatch = (s: string, re: RegExp, msg?: string) => assert.match(s, re, msg);
export const assertThrows = assert.throws;
export const assertRejects = assert.rejects;
export { assert };
