/**
 * Imports that stop at their time limit even when the parser holds the thread
 * (layers/stoppable.ts): an IFC file is imported in a worker, with the same plan, report and
 * errors (code and data) as in the thread, and a worker that has not answered by the limit
 * plus the grace is ended with the time limit's own error. Other formats import in the thread.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { importStoppable } from "../../layers/stoppable.ts";
import { importSource } from "../../layers/mod.ts";
import { InputError } from "../../ground/errors.ts";
import { sharedData } from "../_data.ts";
import { toolPool } from "../../host/worker.ts";
import { openStore } from "../../core/store.ts";
import { TOOLS_DIR } from "../../core/paths.ts";

const FZK = sharedData("ifc/AC20-FZK-Haus.ifc");
const ZIND = sharedData("zind/zind_data.json");

Deno.test("importStoppable: FZK-Haus (IFC, in a worker) and ZInD (in the thread) equal importSource's", async () => {
  for (const f of [FZK, ZIND]) {
    assert.deepEqual(await importStoppable(f, { id: "x" }), await importSource(f, { id: "x" }), f);
  }
});

Deno.test("importStoppable: an IFC file's error crosses from the worker, and from the tool pool's job, with its code and data", async () => {
  const text = await Deno.readTextFile(
    new URL("../../fixtures/ifc/stair_two_storeys_ifc4.ifc", import.meta.url),
  );
  const good = "#62=IFCCARTESIANPOINT((4.,3.));";
  assert.ok(text.includes(good));
  const path = await Deno.makeTempFile({ suffix: ".ifc" });
  try {
    // Cut off in its DATA section: "ifc.truncated", with the line it ends at as data.
    await Deno.writeTextFile(path, text.slice(0, text.indexOf(good) + 10));
    const direct = await importSource(path).then(() => undefined, (e) => e);
    const worker = await importStoppable(path).then(() => undefined, (e) => e);
    // The tool pool's job (MCP import_scan, the web view) carries the same error across.
    const home = await Deno.makeTempDir();
    const store = openStore(home);
    const pool = toolPool(home, TOOLS_DIR, store, { size: 1 });
    const job = await pool.job(
      new URL("../../mcp/import.ts", import.meta.url).href,
      "importJob",
      { path },
    ).then(() => undefined, (e) => e);
    pool.close();
    store.close();
    await Deno.remove(home, { recursive: true });
    assert.ok(direct instanceof InputError, String(direct));
    assert.equal(direct.code, "ifc.truncated");
    for (const got of [worker, job]) {
      assert.ok(got instanceof InputError, String(got));
      assert.equal(got.message, direct.message);
      assert.equal(got.input, direct.input);
      assert.equal(got.code, direct.code);
      assert.deepEqual(got.data, direct.data);
    }
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("importStoppable: a worker that has not answered by the limit plus the grace is ended with the limit's error", async () => {
  // 1 ms and no grace: the worker is still loading web-ifc when the limit passes.
  const err = await importStoppable(FZK, { time_limit_s: 0.001 }, 0).then(
    () => undefined,
    (e) => e,
  );
  assert.ok(err instanceof InputError, String(err));
  assert.equal(err.code, "import.time_limit");
  assert.equal(err.data.limit_s, 0.001);
  assert.match(
    err.message,
    /the import stopped at the import time limit of 0\.001 s; nothing was stored/,
  );
  // A path that does not exist is importSource's own error, unchanged.
  const missing = fileURLToPath(new URL("./no-such-file.ifc", import.meta.url));
  const a = await importStoppable(missing).then(() => undefined, (e) => e);
  const b = await importSource(missing).then(() => undefined, (e) => e);
  assert.equal(a?.message, b?.message);
});
