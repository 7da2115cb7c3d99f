/**
 * Issue 31 § 3: SQLite's busy error is retried with a bounded backoff, so twelve parallel
 * `threshold run … --json` saving their results while another process holds the write lock
 * longer than SQLite's own busy timeout all finish and all twelve runs are stored.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { BUSY_TIMEOUT_MS, isBusy, openStore, retryBusy } from "../../core/store.ts";
import { gridPlan } from "../_big_plan.ts";
import { CLI, ROOT, tempHome } from "../_cli.ts";

const busy = () => Object.assign(new Error("database is locked"), { errcode: 5 });

Deno.test("store busy: retryBusy tries again after a pause, gives up at its bound, and passes other errors at once", () => {
  let tries = 0, t = 0;
  const slept: number[] = [];
  const clock = { now: () => t, sleep: (ms: number) => (slept.push(ms), t += ms) };
  assert.equal(
    retryBusy(() => (++tries < 4
      ? (() => {
        throw busy();
      })()
      : "ok"), clock),
    "ok",
  );
  assert.equal(tries, 4);
  assert.equal(slept.length, 3);
  assert.ok(slept[0] <= 25 && slept[1] <= 50 && slept[2] <= 100, `${slept}`);
  // Bounded: after wait_ms the busy error itself is thrown.
  t = 0;
  const locked = busy();
  assert.throws(() =>
    retryBusy(() => {
      throw locked;
    }, { ...clock, wait_ms: 5000 }), (e: unknown) => e === locked);
  assert.ok(t >= 5000 && t < 5000 + 1000, `waited ${t} ms`);
  // Not busy: thrown at once, no pause.
  slept.length = 0;
  const noTable = Object.assign(new Error("no such table: x"), { errcode: 1 });
  assert.throws(() =>
    retryBusy(() => {
      throw noTable;
    }, clock), (e: unknown) => e === noTable);
  assert.equal(slept.length, 0);
  assert.equal(isBusy({ errcode: 517, message: "" }), true, "SQLITE_BUSY_SNAPSHOT");
  assert.equal(isBusy(new Error("disk I/O error")), false);
});

Deno.test("store busy: 12 parallel `threshold run --json` behind a writer holding the lock past the busy timeout all store their runs", async () => {
  const home = tempHome();
  const s = openStore(home);
  const g = gridPlan(30);
  s.putScan({ ...g, plan: { ...g.plan, id: "big", name: "Big grid" } });
  s.close();
  // Another process's long writes: the write lock held for 2.5 s at a time (past SQLite's own
  // busy timeout of 2 s), let go for 5 ms between, for 10 s while the twelve start.
  const holder = new DatabaseSync(join(home, "threshold.db"));
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const runs = Array.from({ length: 12 }, () =>
    new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", CLI, "run", "ceiling_height", "--scan", "big", "--json"],
      env: { THRESHOLD_HOME: home, NO_COLOR: "1" },
      cwd: ROOT,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output());
  const t0 = performance.now();
  let holds = 0;
  while (performance.now() - t0 < 10_000) {
    try {
      holder.exec("BEGIN IMMEDIATE");
    } catch {
      await sleep(5); // a run is writing: take the lock after it
      continue;
    }
    holder.exec(
      `INSERT OR REPLACE INTO preferences (key, value_json, updated_at) VALUES ('custom.holder', '${++holds}', 'now')`,
    );
    await sleep(BUSY_TIMEOUT_MS + 500);
    holder.exec("COMMIT");
    await sleep(5);
  }
  holder.close();
  const out = await Promise.all(runs);
  const failed = out.filter((o) => o.code !== 0).map((o) => new TextDecoder().decode(o.stderr));
  assert.deepEqual(failed, [], "every run finished");
  const st = openStore(home);
  assert.equal(st.listRuns({ tool: "ceiling_height", limit: 100 }).length, 12);
  assert.equal(st.getPref("custom.holder"), holds, "the holder's writes are kept too");
  st.close();
});
