/**
 * Batches through Redis (BullMQ) with worker processes sharing a PostgreSQL store, on loopback
 * servers `.ci/run` starts. Skipped, saying why, only when their URLs are not set.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { Queue } from "bullmq";
import { openPostgresStore } from "../../core/store/postgres.ts";
import { openStore, type Store } from "../../core/store.ts";
import { syntheticBuilding } from "../../bench/_synthetic_building.ts";
import { createBatch } from "../../batch/run.ts";
import { hungChild } from "./_hung.ts";
import { DEAD_NAME, redisConnection, runQueuedBatch, startWorker } from "../../batch/queue.ts";
import { freshDatabase, redisUrl } from "../_services.ts";
import { cli, tempHome } from "../_cli.ts";

const ROOT = new URL("../../", import.meta.url);
const TOOLS = ["door_clearance", "step_free_route", "ceiling_height"];
const opts = { sanitizeResources: false, sanitizeOps: false };

function seed(store: Store, n: number): void {
  for (let i = 0; i < n; i++) {
    const l = syntheticBuilding(1 + (i % 2), 3 + (i % 4), 4);
    l.plan.id = `q${String(i).padStart(4, "0")}`;
    store.putScan(l);
  }
}

/** A Redis URL on the test server using database `db` (so tests do not share queues). */
function redisDb(db: number): string {
  const u = new URL(redisUrl());
  u.pathname = `/${db}`;
  return u.toString();
}

async function flush(url: string) {
  const c = redisConnection(url);
  await c.flushdb();
  c.disconnect();
}

interface WorkerProc {
  child: Deno.ChildProcess;
  lines: () => Record<string, unknown>[];
  done: Promise<void>;
}

/** Starts `threshold worker --queue url --json` with the shared store. */
function spawnWorker(url: string, store: string, concurrency = 2): WorkerProc {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "cli.ts",
      "worker",
      "--queue",
      url,
      "--json",
      "--concurrency",
      String(concurrency),
    ],
    cwd: ROOT,
    env: { THRESHOLD_STORE: store, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  let text = "";
  const done = (async () => {
    const dec = new TextDecoder();
    for await (const chunk of child.stdout) text += dec.decode(chunk);
  })();
  const lines = () => text.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
  return { child, lines, done };
}

async function waitFor(
  what: string,
  fn: () => boolean,
  timeout_ms = 60_000,
  state: () => string = () => "",
) {
  const t0 = Date.now();
  while (!fn()) {
    if (Date.now() - t0 > timeout_ms) throw new Error(`timed out waiting for ${what} ${state()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

Deno.test({
  ...opts,
  name: "queue: 200 scans × 3 tools, two worker processes, kill -9 one mid-job: every row once",
  fn: async () => {
    const url = redisDb(1);
    await flush(url);
    const pg = await freshDatabase("queue");
    const store = openPostgresStore(pg);
    seed(store, 200);
    const a = spawnWorker(url, pg), b = spawnWorker(url, pg);
    try {
      await waitFor(
        "two workers ready",
        () => [a, b].every((w) => w.lines().some((l) => l.type === "ready")),
      );
      const { spec } = await createBatch(store, {
        targets: ["q*"],
        tools: TOOLS,
        persona: "manual-wheelchair-user",
      });
      const running = runQueuedBatch(store, spec, { url, poll_ms: 100 });
      // Kill A while it holds jobs it has started and not finished.
      const started = (w: WorkerProc) => w.lines().filter((l) => l.type === "start");
      const finished = (w: WorkerProc) =>
        new Set(w.lines().filter((l) => l.type === "row").map((l) => l.key));
      await waitFor(
        "worker A mid-batch",
        () => {
          const s = started(a);
          return s.length >= 20 && s.some((l) => !finished(a).has(l.key));
        },
        90_000,
        () =>
          `A started ${started(a).length}, finished ${finished(a).size}; B finished ${
            finished(b).size
          }`,
      );
      a.child.kill("SIGKILL");
      await a.child.status;
      await a.done;
      const orphaned = started(a).map((l) => l.key as string).filter((k) => !finished(a).has(k));
      const r = await running;
      assert.equal(r.missing, 0);
      assert.equal(r.summary.rows, 600);
      const rows = store.listBatchRows(spec.id);
      assert.equal(rows.length, 600);
      assert.equal(new Set(rows.map((x) => `${x.scan}/${x.tool}`)).size, 600, "every row once");
      assert.ok(rows.every((x) => x.status !== "failed"), "no row failed");
      // A's unfinished jobs were finished by B (or had already been written before the kill).
      const byB = new Set(b.lines().filter((l) => l.type === "row").map((l) => l.key));
      for (const k of orphaned) {
        assert.ok(rows.some((x) => x.key === k), `row ${k} is in the store`);
      }
      assert.ok(orphaned.some((k) => byB.has(k)), "B re-ran a job A was killed in");
      assert.equal(store.listRuns({ limit: 10_000 }).length, 600, "one run per row");
    } finally {
      for (const w of [a, b]) {
        try {
          w.child.kill("SIGTERM");
        } catch { /* already gone */ }
        await w.child.status;
        await w.done;
      }
      store.close();
    }
  },
});

Deno.test({
  ...opts,
  name: "queue: SIGTERM lets a worker finish its job and exit",
  fn: async () => {
    const url = redisDb(2);
    await flush(url);
    const pg = await freshDatabase("term");
    const store = openPostgresStore(pg);
    seed(store, 30);
    const w = spawnWorker(url, pg, 1);
    try {
      await waitFor("worker ready", () => w.lines().some((l) => l.type === "ready"));
      const { spec } = await createBatch(store, {
        targets: ["q*"],
        tools: ["step_free_route"],
        persona: "manual-wheelchair-user",
      });
      const running = runQueuedBatch(store, spec, { url, poll_ms: 100 });
      await waitFor("a few rows", () => w.lines().filter((l) => l.type === "row").length >= 3);
      w.child.kill("SIGTERM");
      const status = await w.child.status;
      await w.done;
      assert.equal(status.code, 0, "a clean exit");
      const lines = w.lines();
      assert.ok(lines.some((l) => l.type === "closing"));
      const startedKeys = lines.filter((l) => l.type === "start").map((l) => l.key);
      const rowKeys = new Set(lines.filter((l) => l.type === "row").map((l) => l.key));
      assert.deepEqual(
        startedKeys.filter((k) => !rowKeys.has(k)),
        [],
        "every job it took, it finished",
      );
      // Another worker finishes the rest.
      const w2 = spawnWorker(url, pg, 2);
      const r = await running;
      assert.equal(r.summary.rows, 30);
      w2.child.kill("SIGTERM");
      await w2.child.status;
      await w2.done;
    } finally {
      store.close();
    }
  },
});

Deno.test({
  ...opts,
  name:
    "queue: a job that keeps failing is retried with backoff, then dead-lettered as a failed row",
  fn: async () => {
    const url = redisDb(3);
    await flush(url);
    const home = tempHome();
    const real = openStore(home);
    seed(real, 3);
    let attempts = 0;
    // A store whose writes for scan q0001 fail (a full disk, say); the failed row still lands.
    const flaky: Store = {
      ...real,
      commitBatchRow(row, run) {
        if (row.scan === "q0001" && row.status !== "failed") {
          attempts++;
          throw new Error("disk full");
        }
        return real.commitBatchRow(row, run);
      },
    };
    const w = startWorker(flaky, { url, concurrency: 1, threads: false });
    try {
      const { spec } = await createBatch(real, { targets: ["q*"], tools: ["ceiling_height"] });
      const r = await runQueuedBatch(real, spec, { url, poll_ms: 100 });
      assert.equal(r.summary.rows, 3);
      const bad = real.listBatchRows(spec.id).find((x) => x.scan === "q0001")!;
      assert.equal(bad.status, "failed");
      assert.match(String(bad.row.reason), /failed after 3 attempt\(s\): disk full/);
      assert.equal(attempts, 3);
      const dead = new Queue(DEAD_NAME, { connection: redisConnection(url) });
      const jobs = await dead.getJobs(["waiting", "delayed"]);
      assert.equal(jobs.length, 1);
      assert.equal(jobs[0].data.job.scan, "q0001");
      await dead.close();
    } finally {
      await w.close();
      real.close();
    }
  },
});

Deno.test({
  ...opts,
  name: "queue: Redis stopped for 3 s mid-batch: workers reconnect and the batch completes",
  fn: async () => {
    // A private Redis that keeps its data across the restart (a real deployment has AOF/RDB on).
    const dir = Deno.makeTempDirSync();
    const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (l.addr as Deno.NetAddr).port;
    l.close();
    const start = () =>
      new Deno.Command("redis-server", {
        args: [
          "--port",
          String(port),
          "--bind",
          "127.0.0.1",
          "--dir",
          dir,
          "--appendonly",
          "yes",
          "--daemonize",
          "yes",
          "--pidfile",
          join(dir, "r.pid"),
          "--logfile",
          join(dir, "r.log"),
        ],
      }).output();
    await start();
    const url = `redis://127.0.0.1:${port}`;
    await waitFor("redis up", () => {
      try {
        return Deno.statSync(join(dir, "r.pid")).isFile;
      } catch {
        return false;
      }
    });
    const home = tempHome();
    const store = openStore(home);
    seed(store, 80);
    const w = spawnWorker(url, home, 1);
    try {
      await waitFor("worker ready", () => w.lines().some((x) => x.type === "ready"));
      const { spec } = await createBatch(store, {
        targets: ["q*"],
        tools: TOOLS,
        persona: "manual-wheelchair-user",
      });
      const running = runQueuedBatch(store, spec, { url, poll_ms: 100 });
      await waitFor("a few rows", () => store.batchKeys(spec.id).size >= 10);
      await new Deno.Command("redis-cli", { args: ["-p", String(port), "shutdown", "save"] })
        .output();
      const during = store.batchKeys(spec.id).size;
      await new Promise((r) => setTimeout(r, 3000));
      await start();
      const r = await running;
      assert.ok(during < 240, "stopped mid-batch");
      assert.equal(r.summary.rows, 240);
      const rows = store.listBatchRows(spec.id);
      assert.equal(new Set(rows.map((x) => `${x.scan}/${x.tool}`)).size, 240, "every row once");
    } finally {
      w.child.kill("SIGTERM");
      await w.child.status;
      await w.done;
      store.close();
      await new Deno.Command("redis-cli", { args: ["-p", String(port), "shutdown", "nosave"] })
        .output();
    }
  },
});

Deno.test({
  ...opts,
  name: "queue: a hung tool in a queue worker fails its row at the time limit; the worker goes on",
  fn: async () => {
    const url = redisDb(4);
    await flush(url);
    const home = tempHome();
    const store = openStore(home);
    seed(store, 2);
    store.setPref("test.batch_width_m", 0.8);
    store.close();
    // The worker in a process of its own: the hung tool's thread cannot be stopped, and would
    // spin on in this one (tests/batch/_hung_child.ts).
    const r = await hungChild({
      mode: "queue",
      home,
      url,
      request: { targets: ["q*"], tools: ["hang_forever", "ask_width"], timeout_s: 1 },
    });
    assert.equal(r.summary_rows, 4);
    for (const x of r.rows.filter((x) => x.tool === "hang_forever")) {
      assert.equal(x.status, "failed");
      assert.match(String(x.reason), /exceeded its time limit of 1 s/);
    }
    assert.deepEqual(r.rows.filter((x) => x.tool === "ask_width").map((x) => x.status), [
      "pass",
      "pass",
    ]);
    assert.equal(r.rows.filter((x) => x.tool === "hang_forever").length, 2);
  },
});

Deno.test({
  ...opts,
  name: "queue: threshold batch --queue with a threshold worker, --out and --json events",
  fn: async () => {
    const url = redisDb(5);
    await flush(url);
    const home = tempHome();
    const store = openStore(home);
    seed(store, 5);
    store.close();
    const w = spawnWorker(url, home, 2);
    try {
      await waitFor("worker ready", () => w.lines().some((l) => l.type === "ready"));
      const out = join(home, "rows.csv");
      const r = await cli(home, [
        "batch",
        "q*",
        "--tools",
        "ceiling_height,door_clearance",
        "--persona",
        "manual-wheelchair-user",
        "--queue",
        url,
        "--json",
        "--out",
        out,
      ]);
      assert.equal(r.code, 0, r.stderr);
      const events = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
      assert.equal(events[0].type, "start");
      assert.equal(events.filter((e) => e.type === "row").length, 10);
      const summary = events.at(-1);
      assert.equal(summary.type, "summary");
      assert.equal(summary.rows, 10);
      assert.equal(summary.missing, 0);
      assert.equal(Deno.readTextFileSync(out).trim().split("\n").length, 11);
      // Enqueued again (--resume): nothing is redone.
      const again = await cli(home, ["batch", "--resume", "--queue", url, "--json"]);
      assert.equal(again.code, 0, again.stderr);
      const s2 = JSON.parse(again.stdout.trim().split("\n").at(-1)!);
      assert.equal(s2.ran, 0);
      assert.equal(s2.rows, 10);
    } finally {
      w.child.kill("SIGTERM");
      await w.child.status;
      await w.done;
    }
  },
});
