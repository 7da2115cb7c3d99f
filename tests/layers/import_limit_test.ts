/**
 * Imports have a time limit (option, else the preference import.time_limit_s, else 120 s):
 * past it the import stops with a clear error naming the file and the limit, and nothing is
 * stored. A 150 × 150-room plan takes seconds to import here; a 0.05 s limit stops it.
 */
import assert from "node:assert/strict";
import { assertGolden } from "../_golden.ts";
import { rejectedBy } from "../_assert.ts";
import { join } from "node:path";
import { InputError } from "../../ground/errors.ts";
import { DEFAULT_IMPORT_TIME_LIMIT_S, importLimits, importSource } from "../../layers/mod.ts";
import { openStore } from "../../core/store.ts";
import { gridPlan } from "../_big_plan.ts";
import { cli } from "../_cli.ts";
import { sharedData } from "../_data.ts";

const dir = Deno.makeTempDirSync({ prefix: "threshold-import-limit-" });
const file = join(dir, "big.json");
Deno.writeTextFileSync(file, JSON.stringify({ ...gridPlan(150).plan, id: "big" }));

Deno.test("import limit: past the limit the import is an InputError naming the file and the limit", async () => {
  const t0 = performance.now();
  const e = await importSource(file, { time_limit_s: 0.05 }).then(
    () => undefined,
    (e) => e,
  );
  const took_s = (performance.now() - t0) / 1000;
  assert.ok(e instanceof InputError, String(e));
  assert.deepEqual([e.code, e.data.file, e.data.limit_s, e.data.raise_to_s], [
    "import.time_limit",
    file,
    0.05,
    1,
  ]);
  // Its wording, the temporary folder left out (golden sentences).
  await assertGolden("sentences/import_limit", [e.message.replace(file, "FILE")]);
  // Generous: the plan's JSON.parse (bounded by the size limit) runs before any checkpoint.
  assert.ok(took_s < 20, `stopped after ${took_s.toFixed(2)} s`);
  console.log(
    `import of a 22,500-room plan stopped at a 0.05 s limit after ${took_s.toFixed(2)} s`,
  );
});

Deno.test("import limit: within the limit the same plan imports whole", async () => {
  const { loaded } = await importSource(file, { time_limit_s: 600 });
  assert.equal(loaded.plan.rooms.length, 22_500);
});

Deno.test("import limit: the preferences set it; the default applies when none is set", () => {
  const s = openStore(":memory:");
  assert.deepEqual(importLimits(s), {});
  assert.equal(DEFAULT_IMPORT_TIME_LIMIT_S, 120);
  s.setPref("import.time_limit_s", 7);
  s.setPref("import.max_mb", 3);
  assert.deepEqual(importLimits(s), {
    max_mb: 3,
    time_limit_s: 7,
    time_limit_from: "preference import.time_limit_s",
  });
  s.close();
});

Deno.test("import limit: a limit that is not a positive number is refused", async () => {
  const e = await rejectedBy(importSource(file, { time_limit_s: 0 }), InputError);
  assert.deepEqual([e.code, e.data], [
    "import.bad_time_limit",
    { input: "import.time_limit_s", got: 0 },
  ]);
});

Deno.test("import limit: the command line names the preference's limit, exits 2 and stores nothing", async () => {
  const home = Deno.makeTempDirSync({ prefix: "threshold-import-limit-home-" });
  const set = await cli(home, ["prefs", "set", "import.time_limit_s", "0.05"]);
  assert.equal(set.code, 0, set.stderr);
  const r = await cli(home, ["import", file, "--id", "big"]);
  assert.equal(r.code, 2, r.stderr);
  assert.match(
    r.stderr,
    /big\.json: the import stopped at the import time limit of 0\.05 s \(preference import\.time_limit_s\); nothing was stored/,
  );
  const scans = await cli(home, ["scans"]);
  assert.doesNotMatch(scans.stdout, /\bbig\b/);
});

Deno.test("import limit: an IFC import (web-ifc) past the limit stops with the same error", async () => {
  const ifc = sharedData("ifc/AC20-FZK-Haus.ifc");
  const e = await rejectedBy(importSource(ifc, { id: "fzk", time_limit_s: 0.01 }), InputError);
  assert.deepEqual([e.code, e.data.file, e.data.limit_s], ["import.time_limit", ifc, 0.01]);
  // Unlimited it imports (so the error above is the limit's doing).
  const { loaded } = await importSource(ifc, { id: "fzk" });
  assert.ok(loaded.plan.rooms.length > 0);
});
