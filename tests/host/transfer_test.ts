/**
 * host/transfer.ts: a worker's outcome goes as JSON text only when JSON gives back what
 * structured clone would; every value JSON would change is refused (and goes by clone).
 */
import { assertEquals } from "../_assert.ts";
import { jsonFaithful } from "../../host/transfer.ts";

const roundTrip = (v: unknown) => JSON.parse(JSON.stringify(v));

Deno.test("jsonFaithful: plain data is faithful, and JSON gives back what structured clone does", () => {
  const shared = { a: 1 };
  const values: unknown[] = [
    null,
    "text with a lone surrogate \ud800 and ünïcødé",
    0,
    -1.5e-300,
    true,
    [],
    {},
    [1, "two", [3, { four: null }]],
    { nested: { deep: [{ x: 1.25, y: -2 }] }, list: [shared, shared] },
    Object.assign(Object.create(null), { bare: 1 }),
  ];
  for (const v of values) {
    assertEquals(jsonFaithful(v), true, JSON.stringify(v));
    assertEquals(roundTrip(v), structuredClone(v), JSON.stringify(v));
  }
});

Deno.test("jsonFaithful: what JSON would change is refused", () => {
  const deep: Record<string, unknown> = {};
  let at = deep;
  for (let i = 0; i < 70; i++) at = (at.next = {}) as Record<string, unknown>;
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  const named = [1, 2] as unknown[] & { extra?: number };
  named.extra = 3;
  const cases: [string, unknown][] = [
    ["undefined", undefined],
    ["a property whose value is undefined", { a: undefined }],
    ["NaN", { n: NaN }],
    ["Infinity", [Infinity]],
    ["-0", { z: -0 }],
    ["a Date", { when: new Date(0) }],
    ["a typed array", { px: new Uint8Array(2) }],
    ["a Map", new Map()],
    ["a hole", [1, , 3]],
    ["an array with a named property", named],
    ["an undefined element", [undefined]],
    ["a function", { f: () => 1 }],
    ["a bigint", { b: 1n }],
    ["a class instance", {
      c: new (class Point {
        x = 1;
      })(),
    }],
    ["an own __proto__ key", JSON.parse('{"__proto__": {"x": 1}}')],
    ["nesting past 64", deep],
    ["a cycle", cycle],
  ];
  for (const [what, v] of cases) assertEquals(jsonFaithful(v), false, what);
});
