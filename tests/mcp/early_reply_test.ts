/**
 * Issue 29: a tools/call through the tool pool is answered as soon as its result is final
 * (`early`), while the worker writes the run's row and commits. What must hold: the stored run
 * is the one answered, `settled` waits for its write, and a client reading the run it was just
 * given (or the runs' list) always finds it.
 */
import assert from "node:assert/strict";
import { toolPool } from "../../host/worker.ts";
import { openStore } from "../../core/store.ts";
import { loadRegistry } from "../../core/registry.ts";
import { TOOLS_DIR } from "../../core/paths.ts";
import { initialize, spawnRaw } from "../../bench/_mcp_client.ts";
import { freshHome, serverArgs } from "./_connect.ts";

const MODEL_REPLY = {
  module: new URL("../../mcp/call_after.ts", import.meta.url).href,
  fn: "modelReply",
};

Deno.test("tool pool, early: the reply comes first, settled waits for the run's row", async () => {
  const home = freshHome();
  const store = openStore(home);
  const pool = toolPool(home, TOOLS_DIR, store, { size: 1 });
  const m = (await loadRegistry()).require("door_clearance");
  try {
    for (let i = 0; i < 5; i++) {
      const out = await pool.run(m, { set: { scan: "demo" }, after: MODEL_REPLY, early: true });
      assert.equal(out.status, "done");
      if (out.status !== "done") return;
      await pool.settled(out.run_id);
      const row = store.getRun(out.run_id);
      assert.ok(row, "the run answered is stored once settled");
      // The view answered is the stored result's (its findings, rejected ones hidden alike).
      const view = out.extra as { status: string; findings: unknown[] };
      assert.equal(view.status, row.result.verdict.status);
      assert.equal(view.findings.length, row.result.findings.length);
      assert.equal(store.listFindings({ scan: "demo", tool: m.id }).length > 0, true);
    }
    // Nothing saved, nothing to wait for: answered after the run as before.
    const unsaved = await pool.run(m, {
      set: { scan: "demo" },
      after: MODEL_REPLY,
      early: true,
      persist: false,
    });
    assert.equal(unsaved.status, "done");
    if (unsaved.status === "done") assert.equal(store.getRun(unsaved.run_id), undefined);
    await pool.settled();
    await pool.settled("no-such-run");
  } finally {
    pool.close();
    store.close();
  }
});

Deno.test("tool pool, early: a committed write frees its worker without a message; calls reuse it", async () => {
  const home = freshHome();
  const store = openStore(home);
  // Every worker the pool starts is counted, and every message its workers post.
  const RealWorker = globalThis.Worker;
  let started = 0, posted = 0;
  globalThis.Worker = class extends RealWorker {
    constructor(...a: ConstructorParameters<typeof Worker>) {
      super(...a);
      started++;
      this.addEventListener("message", () => posted++);
    }
  };
  const pool = toolPool(home, TOOLS_DIR, store, { size: 3 });
  const m = (await loadRegistry()).require("ceiling_height");
  try {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const out = await pool.run(m, { set: { scan: "demo" }, after: MODEL_REPLY, early: true });
      assert.equal(out.status, "done");
      if (out.status === "done") ids.push(out.run_id);
      // Time for the write to commit before the next call, as between a model's calls.
      await new Promise((r) => setTimeout(r, 50));
    }
    // One worker served every call: a committed write left it free, though it posted nothing.
    assert.equal(started, 1);
    assert.equal(posted, 8, "one message per call (its early reply), none for the writes");
    assert.deepEqual(pool.stats().running, 0);
    await pool.settled();
    for (const id of ids) assert.ok(store.getRun(id), `${id} stored`);
    // Asked while the write may still run: settled waits for it, and then it is stored.
    const out = await pool.run(m, { set: { scan: "demo" }, after: MODEL_REPLY, early: true });
    if (out.status !== "done") throw new Error("not done");
    await pool.settled(out.run_id);
    assert.ok(store.getRun(out.run_id));
  } finally {
    globalThis.Worker = RealWorker;
    pool.close();
    store.close();
  }
});

Deno.test("mcp: the run a tools/call links is read at once, every time", async () => {
  const home = freshHome();
  const c = spawnRaw(Deno.execPath(), serverArgs(home));
  try {
    await initialize(c);
    for (let i = 0; i < 20; i++) {
      const r = await c.request("tools/call", {
        name: "ceiling_height",
        arguments: { scan: "demo" },
      });
      const link = r.result.content.find((x: { type: string }) => x.type === "resource_link");
      // Sent the moment the reply is read: the server's read waits for the row's commit.
      const [read, list] = await Promise.all([
        c.request("resources/read", { uri: link.uri }),
        c.request("resources/list", {}),
      ]);
      assert.equal(read.error, undefined, JSON.stringify(read.error));
      assert.equal(JSON.parse(read.result.contents[0].text).tool, "ceiling_height");
      const uris = list.result.resources.map((x: { uri: string }) => x.uri);
      assert.ok(uris.includes(link.uri), `${link.uri} listed`);
    }
  } finally {
    await c.close();
  }
});
