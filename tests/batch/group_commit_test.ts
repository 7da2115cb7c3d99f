/**
 * Group commit (batch/thread.ts): a worker writes several rows in one transaction, and a row
 * counts as done only once its group has committed. Killed (kill -9) while a group waits, the
 * batch has reported exactly the rows in the store, none of the group's; `--resume` redoes
 * those, and the store then equals an uninterrupted run's.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openStore, type Store } from "../../core/store.ts";
import { syntheticBuilding } from "../../bench/_synthetic_building.ts";
import { createBatch, resumeSpec, runBatch } from "../../batch/run.ts";
import { storeDump } from "./_dump.ts";
import { tempHome } from "../_cli.ts";

const TOOLS_DIR = new URL("../../fixtures/batch_tools/", import.meta.url);
const CHILD = new URL("./_group_kill_child.ts", import.meta.url).pathname;
const SCANS = 50;

function seed(store: Store): void {
  for (let i = 0; i < SCANS; i++) {
    const l = syntheticBuilding(1 + (i % 2), 2 + (i % 4), 3);
    l.plan.id = `g${String(i).padStart(5, "0")}`;
    l.plan.name = `Synthetic ${i}`;
    store.putScan(l);
  }
}

/** Waits until `ok` or `ms` pass; whether it came true. */
async function until(ok: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (ok()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return ok();
}

Deno.test({
  name: "group commit: kill -9 mid-group reports none of the group; resume equals a whole run",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const home = tempHome();
    const s0 = openStore(home);
    seed(s0);
    s0.close();
    const mark = join(home, "held");
    // The thread is sent the first 48 jobs at once (batch/pool.ts CHUNK), g00000 … g00047:
    // hold_at holds on g00040, with 40 rows run before it: two groups of 16 committed, the
    // third's 8 rows waiting.
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", CHILD, home, "killed"],
      env: {
        THRESHOLD_HOME: home,
        THRESHOLD_TEST_HOLD: "g00040",
        THRESHOLD_TEST_HOLD_MARK: mark,
        NO_COLOR: "1",
      },
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    let text = "";
    const reading = (async () => {
      const dec = new TextDecoder();
      for await (const chunk of child.stdout) text += dec.decode(chunk, { stream: true });
    })();
    const reported = () => text.split("\n").filter(Boolean).map((l) => JSON.parse(l).key);
    const watch = openStore(home);
    const stored = () => watch.batchKeys("killed");
    assert.ok(await until(() => exists(mark), 120_000), "hold_at reached g00040");
    // What was committed before the hold has been reported (the message is on its way).
    await until(() => reported().length === stored().size, 10_000);
    child.kill("SIGKILL");
    await child.status;
    await reading;
    const keys = stored();
    assert.equal(keys.size, 32, "two groups of 16 committed; the third (8 rows) was not");
    assert.deepEqual(new Set(reported()), keys, "reported rows are exactly the stored ones");
    assert.equal(watch.listRuns({ limit: 1000 }).length, 32, "no run of the lost group either");
    watch.close();

    const store = openStore(home);
    const again = await runBatch(store, resumeSpec(store, "killed"), {
      workers: 1,
      location: home,
      tools_dir: TOOLS_DIR,
    });
    store.close();
    assert.equal(again.summary.rows, SCANS);
    assert.equal(again.summary.ran, SCANS - 32, "only the rows not committed ran again");
    assert.equal(again.missing, 0);

    const whole = tempHome();
    const other = openStore(whole);
    seed(other);
    const { spec } = await createBatch(other, {
      targets: ["*"],
      tools: ["hold_at"],
      persona: "manual-wheelchair-user",
      id: "whole",
    }, TOOLS_DIR);
    const r = await runBatch(other, spec, { workers: 1, location: whole, tools_dir: TOOLS_DIR });
    other.close();
    assert.equal(r.summary.rows, SCANS);
    const a = storeDump(home), b = storeDump(whole);
    assert.equal(a.rows.length, SCANS);
    assert.ok(a.findings.length > 0, "hold_at (door_clearance) wrote findings");
    assert.deepEqual(a.rows, b.rows);
    assert.deepEqual(a.runs, b.runs);
    assert.deepEqual(a.findings, b.findings);
    assert.deepEqual(a.nums, a.nums.map((_, i) => i + 1), "findings numbered 1…n, once each");
    Deno.removeSync(home, { recursive: true });
    Deno.removeSync(whole, { recursive: true });
  },
});

function exists(f: string): boolean {
  try {
    Deno.statSync(f);
    return true;
  } catch {
    return false;
  }
}
