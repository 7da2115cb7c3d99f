import assert from "node:assert/strict";
import { join } from "node:path";
import { canonicalJson } from "../../batch/jobs.ts";
import { syntheticBuilding } from "../../bench/_synthetic_building.ts";

/** canonicalJson as it was written before issue 29: JSON.stringify with a sorting replacer. */
const reference = (v: unknown): string =>
  JSON.stringify(
    v,
    (_k, x) =>
      x && typeof x === "object" && !Array.isArray(x)
        ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]]))
        : x,
  );

Deno.test("canonicalJson: the same text as the sorting replacer (row keys unchanged), on every fixture and odd values", () => {
  const odd: unknown[] = [
    { b: 1, a: [3, { z: null, y: undefined, x: () => 1 }], "10": 1, "9": 2, "01": 3, "": 4 },
    [undefined, () => 1, Symbol("s"), NaN, -0, Infinity, 1e21, 5e-7, 0.1 + 0.2],
    { d: new Date(0), n: new Number(3), s: 'é\u2028\ud800"\\\n', "4294967295": 1, "4294967294": 2 },
    { toJSON: () => ({ b: 2, a: 1 }) },
    "text",
    42,
    null,
    true,
    { nested: { deeper: { c: [], b: {}, a: [{ y: 1, x: 2 }] } } },
    syntheticBuilding(2, 3, 4).plan,
  ];
  for (const v of odd) assert.equal(canonicalJson(v), reference(v));
  assert.equal(canonicalJson(undefined), reference(undefined));
  let files = 0;
  const walk = (dir: string) => {
    for (const e of Deno.readDirSync(dir)) {
      const p = join(dir, e.name);
      if (e.isDirectory) walk(p);
      else if (e.name.endsWith(".json")) {
        let v: unknown;
        try {
          v = JSON.parse(Deno.readTextFileSync(p));
        } catch {
          continue;
        }
        assert.equal(canonicalJson(v), reference(v), p);
        files++;
      }
    }
  };
  walk(new URL("../../fixtures/", import.meta.url).pathname);
  assert.ok(files > 20, `fixtures compared (${files})`);
});
