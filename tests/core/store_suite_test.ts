/**
 * One store test suite, run against both implementations of the Store interface: the embedded
 * SQLite store and the PostgreSQL store. Each case opens a fresh, empty store.
 */
import assert from "node:assert/strict";
import { openStore, type Store, STORE_SCHEMA_VERSION } from "../../core/store.ts";
import { openPostgresStore, PG_SCHEMA_VERSION, redactUrl } from "../../core/store/postgres.ts";
import { StoreError } from "../../ground/errors.ts";
import { thrownBy } from "../_assert.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import type { Finding } from "../../core/result.ts";
import { cli, tempHome } from "../_cli.ts";
import { freshDatabase, pgQuery } from "../_services.ts";

interface Backend {
  name: string;
  /** A fresh store location; open() opens a connection to it (several may be open). */
  location(): Promise<string>;
  open(location: string): Store;
}

const backends: Backend[] = [
  {
    name: "sqlite",
    location: () => Promise.resolve(tempHome()),
    open: (l) => openStore(l),
  },
  {
    name: "postgres",
    location: () => freshDatabase("store"),
    open: (l) => openPostgresStore(l),
  },
];

const finding = (id: string, title = id): Finding => ({ id, status: "open", title });
const run = (id: string, tool: string, scan: string, started_at: string) => ({
  id,
  tool,
  scan,
  status: "pass",
  inputs: { scan: { value: scan, from: "explicit" as const } },
  result: {
    tool,
    scan,
    verdict: { status: "pass" as const, text: "ok" },
    metrics: [],
    checks: [],
    findings: [],
    overlays: [],
    assumptions: [],
    steps: [],
    inputs: {},
  },
  started_at,
  duration_ms: 1.5,
});

for (const b of backends) {
  const t = (name: string, fn: (s: Store, location: string) => void | Promise<void>) =>
    Deno.test({
      name: `store suite (${b.name}): ${name}`,
      sanitizeResources: false,
      sanitizeOps: false,
      fn: async () => {
        const location = await b.location();
        const s = b.open(location);
        try {
          await fn(s, location);
        } finally {
          s.close();
        }
      },
    });

  t("scans round-trip, list by id with room and floor counts, delete", (s) => {
    const demo = BUILTIN_SCANS.demo();
    s.putScan(demo, { format: "plan-json", warnings: [] });
    s.putScan({ plan: { ...demo.plan, id: "a-first" }, warnings: ["w1"] });
    assert.deepEqual(s.getScan("demo")!.plan, demo.plan);
    assert.deepEqual(s.getScan("a-first")!.warnings, ["w1"]);
    assert.equal(s.getScan("nope"), undefined);
    const list = s.listScans();
    assert.deepEqual(list.map((x) => [x.id, x.rooms, x.floors]), [["a-first", 16, 2], [
      "demo",
      16,
      2,
    ]]);
    s.setSelection("scan", "a-first");
    s.addRun(run("r-a", "ceiling_height", "a-first", "2026-01-01T00:00:00.000Z"));
    s.syncFindings("a-first", "ceiling_height", [finding("c:1")], "r-a");
    s.putSite({ id: "a-site", lat: 1, lon: 2, scan: "a-first", record: {} });
    assert.equal(s.deleteScan("a-first"), true);
    assert.equal(s.deleteScan("a-first"), false);
    assert.deepEqual(s.listScans().map((x) => x.id), ["demo"]);
    assert.equal(s.getRun("r-a"), undefined, "its runs went with it");
    assert.deepEqual(s.listFindings({ scan: "a-first", all: true }), [], "and its findings");
    assert.equal(s.getSelection("scan"), undefined, "and the selection of it");
    assert.equal(s.getSite("a-site")!.scan, undefined, "a site stays, unlinked");
    assert.equal(s.deleteSite("a-site"), true);
    assert.equal(s.deleteSite("a-site"), false);
    assert.equal(s.readOnly, false);
  });

  t("preferences, selection, personas and sites", (s) => {
    assert.equal(s.getPref("access.chair_width_m"), undefined);
    s.setPref("access.chair_width_m", 0.7);
    s.setPref("access.chair_width_m", 0.71);
    s.setPref("space.flag", true);
    assert.equal(s.getPref("access.chair_width_m"), 0.71);
    assert.deepEqual(s.listPrefs().map((p) => [p.key, p.value]), [
      ["access.chair_width_m", 0.71],
      ["space.flag", true],
    ]);
    assert.equal(s.unsetPref("space.flag"), true);
    assert.equal(s.unsetPref("space.flag"), false);
    s.setSelection("scan", "demo");
    assert.equal(s.getSelection("scan"), "demo");
    s.setSelection("scan", undefined);
    assert.equal(s.getSelection("scan"), undefined);
    s.putPersona({ id: "me", title: "me", preset: { "a.b": { value: 1 } } });
    assert.deepEqual(s.getPersona("me"), {
      id: "me",
      title: "me",
      preset: { "a.b": { value: 1 } },
    });
    assert.equal(s.listPersonas().length, 1);
    s.putSite({ id: "home", lat: 46.6, lon: 10.6, address: "1 Main St", record: { year: 1931 } });
    s.putSite({ id: "barn", lat: 1, lon: 2, scan: "demo", record: {} });
    assert.deepEqual(s.findSite("1 MAIN ST")!.record, { year: 1931 });
    assert.equal(s.findSite("demo")!.id, "barn");
    assert.deepEqual(JSON.parse(JSON.stringify(s.getSite("barn"))), {
      id: "barn",
      lat: 1,
      lon: 2,
      scan: "demo",
      record: {},
    });
    assert.deepEqual(s.listSites().map((x) => x.id), ["barn", "home"]);
  });

  t("runs: add, get, list newest first with filters", (s) => {
    s.addRun(run("r1", "ceiling_height", "demo", "2026-01-01T00:00:00.000Z"));
    s.addRun(run("r2", "door_clearance", "demo", "2026-01-02T00:00:00.000Z"));
    s.addRun(run("r3", "ceiling_height", "other", "2026-01-03T00:00:00.000Z"));
    assert.equal(s.getRun("r2")!.result.verdict.text, "ok");
    assert.equal(s.getRun("r2")!.duration_ms, 1.5);
    assert.deepEqual(s.listRuns().map((r) => r.id), ["r3", "r2", "r1"]);
    assert.deepEqual(s.listRuns({ tool: "ceiling_height" }).map((r) => r.id), ["r3", "r1"]);
    assert.deepEqual(s.listRuns({ tool: "ceiling_height", scan: "demo" }).map((r) => r.id), [
      "r1",
    ]);
    assert.deepEqual(s.listRuns({ limit: 1 }).map((r) => r.id), ["r3"]);
    assert.throws(() => s.addRun(run("r1", "x", "y", "2026-01-04T00:00:00.000Z")));
  });

  t("findings: a rejected one stays rejected, a missing one becomes resolved", (s) => {
    s.syncFindings("demo", "door_clearance", [finding("d:1"), finding("d:2")], "run1");
    assert.deepEqual(s.listFindings({ scan: "demo" }).map((f) => [f.id, f.status]), [
      ["d:1", "open"],
      ["d:2", "open"],
    ]);
    s.setFindingStatus("demo", "d:1", "rejected", "measured on site: 0.82 m");
    const rejected = s.syncFindings("demo", "door_clearance", [finding("d:1", "again")], "run2");
    assert.deepEqual([...rejected], ["d:1"]);
    const all = s.listFindings({ scan: "demo", all: true });
    assert.deepEqual(all.map((f) => [f.id, f.status, f.reason ?? null]), [
      ["d:1", "rejected", "measured on site: 0.82 m"],
      ["d:2", "resolved", null],
    ]);
    assert.equal(all[0].title, "again");
    assert.equal(all[1].last_run, "run2");
    assert.deepEqual(s.listFindings({ scan: "demo" }), [], "nothing open");
    assert.equal(s.findFinding("d:2").length, 1);
    assert.equal(s.findFinding("d:2", "other").length, 0);
    // Another tool's findings are not resolved by this tool's run.
    s.syncFindings("demo", "ceiling_height", [finding("c:1")], "run3");
    s.syncFindings("demo", "door_clearance", [], "run4");
    assert.deepEqual(s.listFindings({ scan: "demo" }).map((f) => f.id), ["c:1"]);
  });

  t("detections round-trip per image and detector; a second put replaces", (s) => {
    assert.equal(s.getDetections("abc", "m1"), undefined);
    s.putDetections("abc", "m1", [{ label: "bed", score: 0.9 }]);
    s.putDetections("abc", "m1", [{ label: "sofa", score: 0.8 }]);
    s.putDetections("abc", "m2", []);
    assert.deepEqual(s.getDetections("abc", "m1"), [{ label: "sofa", score: 0.8 }]);
    assert.deepEqual(s.getDetections("abc", "m2"), []);
  });

  t("batch rows are written once per (batch, key), with their run", (s) => {
    s.putBatch({ id: "b1", spec: { tools: ["x"] }, created_at: "2026-01-01T00:00:00.000Z" });
    s.putBatch({ id: "b1", spec: { tools: ["changed"] }, created_at: "2026-01-09T00:00:00.000Z" });
    s.putBatch({ id: "b2", spec: {}, created_at: "2026-01-02T00:00:00.000Z" });
    assert.deepEqual(s.getBatch("b1")!.spec, { tools: ["x"] }, "first write wins");
    assert.equal(s.lastBatch()!.id, "b2");
    const row = {
      batch: "b1",
      key: "k1",
      scan: "demo",
      tool: "ceiling_height",
      status: "pass",
      run_id: "run-k1",
      row: { verdict: "ok", checks: { pass: 3 } },
      done_at: "2026-01-01T00:00:01.000Z",
    };
    assert.equal(s.commitBatchRow(row, run("run-k1", "ceiling_height", "demo", row.done_at)), true);
    assert.equal(
      s.commitBatchRow({ ...row, status: "fail" }, run("run-k1", "ceiling_height", "demo", "x")),
      false,
      "a second write of the same key changes nothing",
    );
    assert.equal(
      s.commitBatchRow({ ...row, key: "k0", status: "failed", run_id: undefined }),
      true,
    );
    assert.deepEqual([...s.batchKeys("b1")].sort(), ["k0", "k1"]);
    assert.deepEqual(s.batchKeys("b2").size, 0);
    assert.equal(s.batchCount("b1"), 2);
    assert.equal(s.batchCount("b2"), 0);
    const rows = s.listBatchRows("b1");
    assert.deepEqual(rows.map((r) => [r.key, r.status]), [["k0", "failed"], ["k1", "pass"]]);
    assert.deepEqual(rows[1].row, { verdict: "ok", checks: { pass: 3 } });
    assert.equal(rows[0].run_id, undefined);
    assert.equal(s.listRuns().length, 1);
  });

  t("two connections committing the same keys: every key once", (_s, location) => {
    const a = b.open(location), c = b.open(location);
    try {
      const keys = Array.from({ length: 40 }, (_, i) => `k${i}`);
      let wrote = 0;
      for (const k of keys) {
        for (const s of [a, c]) {
          if (
            s.commitBatchRow({
              batch: "b",
              key: k,
              scan: "s",
              tool: "t",
              status: "pass",
              row: {},
              done_at: "2026-01-01T00:00:00.000Z",
            })
          ) wrote++;
        }
      }
      assert.equal(wrote, keys.length);
      assert.equal(a.listBatchRows("b").length, keys.length);
    } finally {
      a.close();
      c.close();
    }
  });
}

Deno.test("store suite (sqlite): migrations are versioned (user_version)", () => {
  assert.equal(STORE_SCHEMA_VERSION, 6); // 6: shell-safe finding ids and numbers, after findings.scope (5), batch rows (4), scan counts (3), vision (2)
});

Deno.test({
  name: "store suite (postgres): versioned migrations, a newer schema refused, a clear error",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const url = await freshDatabase("mig");
    openPostgresStore(url).close();
    openPostgresStore(url).close(); // the second open applies nothing
    assert.deepEqual(await pgQuery(url, "SELECT version FROM threshold_schema"), [{
      version: PG_SCHEMA_VERSION,
    }]);
    await pgQuery(url, `UPDATE threshold_schema SET version = ${PG_SCHEMA_VERSION + 3}`);
    const newer = thrownBy(() => openPostgresStore(url), StoreError);
    assert.deepEqual([newer.code, newer.data], [
      "store.newer_schema",
      { file: redactUrl(url), got: PG_SCHEMA_VERSION + 3, understands: PG_SCHEMA_VERSION },
    ]);
    const bad = new URL(url);
    bad.password = "secret";
    bad.port = "1";
    const refused = thrownBy(() => openPostgresStore(bad.toString()), StoreError);
    assert.ok(!refused.message.includes("secret"), "the password is hidden");
    // Named by its URL, password hidden (the message begins with it: `store <url>: …`).
    assert.equal(refused.data.file, redactUrl(bad.toString()));
    assert.ok(String(refused.data.file).includes("127.0.0.1:1/"), String(refused.data.file));
    assert.equal(redactUrl("postgres://u:pw@h/db"), "postgres://u:***@h/db");
  },
});

Deno.test({
  name:
    "store suite (postgres): the command line works unchanged with THRESHOLD_STORE=postgres://…",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const url = await freshDatabase("cli");
    const home = tempHome();
    const env = { THRESHOLD_STORE: url };
    const imp = await cli(home, ["import", "fixtures/plans/heights.json", "--id", "h1"], env);
    assert.equal(imp.code, 0, imp.stderr);
    const run = await cli(home, ["run", "ceiling_height", "--scan", "h1", "--json"], env);
    assert.equal(run.code, 0, run.stderr);
    const batch = await cli(home, ["batch", "h*", "--tools", "ceiling_height", "--json"], env);
    assert.equal(batch.code, 0, batch.stderr);
    const s = openPostgresStore(url);
    try {
      assert.deepEqual(s.listScans().map((x) => x.id), ["h1"]);
      assert.equal(s.listRuns().length, 2, "the run and the batch row's run");
      assert.ok(s.listFindings({ scan: "h1" }).length > 0);
    } finally {
      s.close();
    }
    // Nothing went to the SQLite file in the home folder.
    assert.throws(() => Deno.statSync(`${home}/threshold.db`));
  },
});
