import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openStore, type Store } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { syntheticBuilding } from "../../bench/_synthetic_building.ts";
import { globRegExp, planJobs, rowKey, toolVersion } from "../../batch/jobs.ts";
import {
  createBatch,
  loadManifests,
  resumeSpec,
  runBatch,
  scanIdFromFile,
} from "../../batch/run.ts";
import { CSV_COLUMNS, outFormat } from "../../batch/output.ts";
import { makeProgress, progressText } from "../../batch/progress.ts";
import { cli, tempHome } from "../_cli.ts";
import { goldenSentences } from "../_golden.ts";
import { InputError } from "../../ground/errors.ts";
import { openPostgresStore } from "../../core/store/postgres.ts";
import { freshDatabase } from "../_services.ts";
import { hungChild } from "./_hung.ts";

const TEST_TOOLS = new URL("../../fixtures/batch_tools/", import.meta.url);
const TOOLS = ["door_clearance", "step_free_route", "ceiling_height"];
const PERSONA = "manual-wheelchair-user";
const opts = { sanitizeResources: false, sanitizeOps: false };

/** The InputError `fn` throws. */
function thrown(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("nothing was thrown");
}

/** The InputError `p` rejects with. */
async function rejected(p: Promise<unknown>): Promise<InputError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error("it did not reject");
}

/** `n` small synthetic buildings (1–2 floors, 2–5 × 3 rooms) stored as s00000 … */
function seed(store: Store, n: number, prefix = "s"): string[] {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const l = syntheticBuilding(1 + (i % 2), 2 + (i % 4), 3);
    l.plan.id = `${prefix}${String(i).padStart(5, "0")}`;
    l.plan.name = `Synthetic ${i}`;
    store.putScan(l);
    ids.push(l.plan.id);
  }
  return ids;
}

Deno.test("batch keys: same plan and inputs → same key; a changed plan, preference or tool → new", async () => {
  const store = openStore(":memory:");
  seed(store, 2);
  const manifests = await loadManifests(["ceiling_height"]);
  const spec = {
    id: "b",
    scans: ["s00000", "s00001"],
    tools: ["ceiling_height"],
    set: {},
    timeout_s: 5,
  };
  const a = planJobs(store, spec, manifests);
  const again = planJobs(store, spec, manifests);
  assert.deepEqual(a.map((j) => j.key), again.map((j) => j.key));
  assert.notEqual(a[0].key, a[1].key, "different plans");
  store.setPref("space.min_ceiling_m", 2.3);
  const pref = planJobs(store, spec, manifests);
  assert.notEqual(pref[0].key, a[0].key, "a preference that fills an input changes the key");
  const plan = store.getScan("s00000")!;
  plan.plan.rooms[0].height_m = 2.0;
  store.putScan(plan);
  assert.notEqual(planJobs(store, spec, manifests)[0].key, pref[0].key, "a changed plan");
  assert.equal(pref[1].key, planJobs(store, spec, manifests)[1].key, "the other scan unchanged");
  assert.notEqual(rowKey("{}", "t", "v1", { a: 1 }), rowKey("{}", "t", "v2", { a: 1 }));
  assert.equal(rowKey("{}", "t", "v", { a: 1, b: 2 }), rowKey("{}", "t", "v", { b: 2, a: 1 }));
  assert.match(toolVersion("ceiling_height"), /^[0-9a-f]{16}$/);
});

Deno.test("batch globs, file ids, out formats and the progress line", async () => {
  assert.ok(globRegExp("home-*").test("home-12"));
  assert.ok(!globRegExp("home-*").test("xhome-12"));
  assert.ok(globRegExp("h?[0-4]").test("ha3"));
  assert.ok(!globRegExp("h?[0-4]").test("ha7"));
  assert.ok(globRegExp("a.b").test("a.b") && !globRegExp("a.b").test("axb"));
  assert.equal(scanIdFromFile("/x/My House (2).json"), "My-House-2");
  assert.equal(scanIdFromFile("/x/_draft.v2.ifc"), "draft.v2");
  assert.equal(scanIdFromFile(`/x/${"a".repeat(70)}.json`), "a".repeat(64));
  assert.equal(outFormat("r.CSV"), "csv");
  assert.equal(outFormat("r.jsonl"), "jsonl");
  const bad = thrown(() => outFormat("r.txt"));
  assert.deepEqual([bad.code, bad.data], [
    "batch.out_format",
    { input: "--out", got: "r.txt", allowed: [".jsonl", ".ndjson", ".csv"] },
  ]);
  // The progress line at a quarter (an 8-cell bar) and at the end (no bar): its wording.
  const said = goldenSentences("batch_progress");
  said.add(progressText(50, 200, 10, 8));
  said.add(progressText(200, 200, 10, 0));
  said.add(bad.message);
  await said.check();
});

for (const workers of [0, 2]) {
  Deno.test({
    ...opts,
    name: `batch (${
      workers ? `${workers} worker threads` : "in process"
    }): every scan × tool once, to the store, .jsonl and .csv`,
    fn: async () => {
      const home = tempHome();
      const store = openStore(home);
      seed(store, 12);
      const { spec } = await createBatch(store, {
        targets: ["s*"],
        tools: TOOLS,
        persona: PERSONA,
      });
      const out = join(home, "rows.jsonl");
      const r = await runBatch(store, spec, { workers, location: home, out });
      assert.equal(r.missing, 0);
      assert.equal(r.rows.length, 36);
      assert.equal(r.summary.ran, 36);
      const lines = Deno.readTextFileSync(out).trim().split("\n").map((l) => JSON.parse(l));
      assert.equal(lines.length, 36);
      assert.equal(new Set(lines.map((l) => `${l.scan}/${l.tool}`)).size, 36, "no duplicates");
      // Every row is a real result: its run is in the store, with the verdict the row says.
      for (const l of lines) {
        const run = store.getRun(l.run_id)!;
        assert.equal(run.result.verdict.status, l.status);
        assert.equal(run.result.verdict.text, l.verdict);
        assert.equal(
          l.checks.pass + l.checks.fail + l.checks.warn + l.checks.unknown + l.checks.error,
          run.result.checks.length,
        );
      }
      // The ceiling check on these plans (2.40–2.55 m rooms) passes against IRC's 2.13 m.
      assert.ok(lines.filter((l) => l.tool === "ceiling_height").every((l) => l.status === "pass"));
      // door_clearance: 0.80–0.90 m leaves less the 60 mm leaf and stop against 0.815 m: not all pass.
      assert.ok(lines.some((l) => l.tool === "door_clearance" && l.status !== "pass"));
      // Findings were synced for the scans, as a single run would.
      assert.ok(store.listFindings({ scan: "s00000", tool: "door_clearance" }).length > 0);
      const summary = r.summary.by_tool.find((t) => t.tool === "ceiling_height")!;
      assert.deepEqual(summary.counts, { pass: 12 });
      // The same batch as CSV, written from the store.
      const csv = join(home, "rows.csv");
      await runBatch(store, resumeSpec(store, spec.id), { workers, location: home, out: csv });
      const rows = Deno.readTextFileSync(csv).trim().split("\n");
      assert.equal(rows[0], CSV_COLUMNS.join(","));
      assert.equal(rows.length, 37);
      store.close();
    },
  });
}

Deno.test({
  ...opts,
  name:
    "batch: an unfilled input fails its row with the question; a crash or a hang fails its row only",
  fn: async () => {
    const home = tempHome();
    const store = openStore(home);
    seed(store, 3);
    const tool = await rejected(
      createBatch(store, { targets: ["s*"], tools: ["ceiling_height", "no_such_tool"] }),
    );
    assert.deepEqual([tool.code, tool.data.input, tool.data.got], [
      "registry.unknown_tool",
      "--tools",
      "no_such_tool",
    ]);
    assert.ok((tool.data.allowed as string[]).includes("ceiling_height"), "the tools there are");
    const glob = await rejected(
      createBatch(store, { targets: ["zz*"], tools: ["ceiling_height"] }),
    );
    assert.deepEqual([glob.code, glob.data], [
      "batch.glob_matches_none",
      { input: "scans", got: "zz*" },
    ]);
    const manual = {
      id: "b-fail",
      scans: ["s00000", "s00001", "s00002"],
      tools: ["ask_width", "crash_async", "hang_forever"],
      set: {},
      timeout_s: 1,
    };
    // In a process of its own: the hung tool's thread cannot be stopped (tests/batch/_hung_child.ts).
    const r = await hungChild({ mode: "run", home, spec: manual, workers: 2 });
    assert.equal(r.rows.length, 9);
    const by = (tool: string) => r.rows.filter((x) => x.tool === tool);
    for (const x of by("ask_width")) {
      assert.equal(x.status, "failed");
      assert.match(String(x.reason), /needs input: How wide is your chair, in metres\? \(m\)/);
    }
    for (const x of by("crash_async")) {
      assert.equal(x.status, "failed");
      assert.match(String(x.reason), /crash_async crashed \(.*worker down/);
    }
    for (const x of by("hang_forever")) {
      assert.equal(x.status, "failed");
      assert.match(String(x.reason), /exceeded its time limit of 1 s/);
    }
    // With a preference, the same rows run (a new key: the filled input changed).
    store.setPref("test.batch_width_m", 0.7);
    const again = await runBatch(store, { ...manual, id: "b-ok", tools: ["ask_width"] }, {
      workers: 0,
      location: home,
      tools_dir: TEST_TOOLS,
    });
    assert.deepEqual(again.rows.map((x) => x.status), ["pass", "pass", "pass"]);
    assert.equal(again.rows[0].row.verdict, "6 rooms at 0.7 m");
    store.close();
  },
});

Deno.test({
  ...opts,
  name:
    "batch: a tool past its time limit is stopped at its next checkpoint, and its thread ends (not only replaced)",
  fn: async () => {
    const home = tempHome();
    const store = openStore(home);
    seed(store, 2);
    store.close();
    // long_engine loops through checkpoints until stopped; its run's own limit is the default
    // 120 s, so only the pool's give-up flag stops it at the batch's 1 s.
    const spec = {
      id: "b-long",
      scans: ["s00000", "s00001"],
      tools: ["long_engine"],
      set: {},
      timeout_s: 1,
    };
    const r = await hungChild({ mode: "run", home, spec, workers: 1 });
    assert.deepEqual(r.rows.map((x) => x.status), ["failed", "failed"]);
    for (const x of r.rows) assert.match(String(x.reason), /exceeded its time limit of 1 s/);
    assert.equal(r.still_running, 0, "no thread of the batch runs on after it");
  },
});

Deno.test({
  ...opts,
  name: "batch over a folder: each file imported first, its report kept; a bad file fails its rows",
  fn: async () => {
    const home = tempHome();
    const dir = Deno.makeTempDirSync();
    const demo = BUILTIN_SCANS.demo().plan;
    Deno.writeTextFileSync(join(dir, "house one.json"), JSON.stringify({ ...demo, id: "x" }));
    Deno.writeTextFileSync(join(dir, "broken.json"), "{ not json");
    const r = await cli(home, [
      "batch",
      dir,
      "--tools",
      "ceiling_height",
      "--out",
      join(home, "o.csv"),
      "--workers",
      "1",
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /imported 1 of 2 files; 1 failed/);
    assert.match(r.stdout, /Failures \(1\):/);
    // The reason may wrap in the table (its path is as long as the temporary folder's): the row
    // starts with the scan, the tool and the reason's first words; the CSV holds it whole.
    assert.match(r.stdout, /│ broken\s+│ ceiling_height │ import of /);
    const db = new DatabaseSync(join(home, "threshold.db"));
    const rep = db.prepare("SELECT report_json FROM scans WHERE id = 'house-one'").get() as {
      report_json: string;
    };
    db.close();
    assert.equal(JSON.parse(rep.report_json).format, "plan-json");
    const csv = Deno.readTextFileSync(join(home, "o.csv")).trim().split("\n");
    assert.equal(csv.length, 3);
    assert.match(csv[1], /^broken,ceiling_height,failed,/);
    assert.match(csv[1], /import of [^,]*broken\.json failed/);
    assert.match(csv[2], /^house-one,ceiling_height,/);
  },
});

Deno.test({
  ...opts,
  name: "batch --resume after kill -9: nothing that finished is redone, no row lost or doubled",
  fn: async () => {
    const home = tempHome();
    const store = openStore(home);
    seed(store, 60);
    store.close();
    const out = join(home, "rows.jsonl");
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "cli.ts",
        "batch",
        "s*",
        "--tools",
        TOOLS.join(","),
        "--persona",
        PERSONA,
        "--workers",
        "1",
        "--name",
        "killed",
        "--out",
        out,
      ],
      cwd: new URL("../../", import.meta.url),
      env: { THRESHOLD_HOME: home, NO_COLOR: "1" },
      stdout: "null",
      stderr: "null",
    }).spawn();
    const watch = openStore(home);
    let before = 0;
    for (let i = 0; i < 600; i++) {
      await new Promise((r) => setTimeout(r, 50));
      before = watch.batchKeys("killed").size;
      if (before >= 20) break;
    }
    child.kill("SIGKILL");
    await child.status;
    const doneBefore = new Map(watch.listBatchRows("killed").map((r) => [r.key, r.done_at]));
    assert.ok(
      doneBefore.size >= 20 && doneBefore.size < 180,
      `killed mid-batch (${doneBefore.size})`,
    );
    watch.close();
    const r = await cli(home, ["batch", "--resume", "--json", "--out", out]);
    assert.equal(r.code, 0, r.stderr);
    const summary = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
    assert.equal(summary.rows, 180);
    assert.equal(summary.ran, 180 - doneBefore.size, "only the unfinished rows ran");
    assert.equal(summary.missing, 0);
    const s = openStore(home);
    const rows = s.listBatchRows("killed");
    assert.equal(rows.length, 180);
    for (const row of rows) {
      if (doneBefore.has(row.key)) assert.equal(row.done_at, doneBefore.get(row.key), "not redone");
    }
    assert.equal(s.listRuns({ limit: 10_000 }).length, 180, "one run per row");
    s.close();
    const lines = Deno.readTextFileSync(out).trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(lines.length, 180);
    assert.equal(new Set(lines.map((l) => l.key)).size, 180);
  },
});

Deno.test("batch progress: a redrawn bar on a terminal, plain lines otherwise, JSON events", () => {
  const written: string[] = [];
  const printed: string[] = [];
  const tty = makeProgress(4, { tty: true, batch: "b" }, (s) => written.push(s));
  tty.row(4, "pass", "s", "t");
  tty.end();
  assert.ok(written.every((s) => s.startsWith("\r\x1b[2K") || s === "\n"));
  assert.match(written.join(""), /████████████████████████ 4\/4 \(100%\)/);
  written.length = 0;
  const plain = makeProgress(4, { every_s: 0, batch: "b" }, (s) => written.push(s));
  plain.row(1, "pass", "s", "t");
  plain.row(2, "fail", "s", "t");
  plain.end();
  assert.equal(written.length, 3);
  assert.ok(written.every((s) => !s.includes("\r") && !s.includes("\x1b") && s.endsWith("\n")));
  assert.match(written[1], /^2\/4 \(50%\) /);
  const json = makeProgress(2, { json: true, batch: "b" }, () => {}, (s) => printed.push(s));
  json.row(1, "pass", "s1", "ceiling_height");
  json.step!("s1", "ceiling_height", "Checking 3 rooms");
  assert.deepEqual(printed.map((l) => JSON.parse(l).type), ["start", "row", "step"]);
  assert.deepEqual(JSON.parse(printed[1]), {
    type: "row",
    batch: "b",
    done: 1,
    total: 2,
    scan: "s1",
    tool: "ceiling_height",
    status: "pass",
  });
});

Deno.test("batch command line: bad flags name the flag, what was wrong and what is allowed", async () => {
  const home = tempHome();
  // Each is refused with exit 2 and one message, on stderr; the messages (flag, what was wrong,
  // what is allowed) are one golden file.
  const said = goldenSentences("batch_cli_errors");
  for (
    const args of [
      ["batch", "demo"],
      ["batch", "x", "--tools", "ceiling_height", "--workers", "two"],
      ["batch", "nope", "--tools", "ceiling_height"],
      ["batch", "--resume"],
      ["batch", "x", "--tools", "ceiling_height", "--out", "r.txt"],
      ["worker"],
      ["worker", "--queue", "http://x"],
    ]
  ) {
    const r = await cli(home, args);
    assert.equal(r.code, 2, args.join(" "));
    assert.equal(r.stdout, "", args.join(" "));
    said.add(r.stderr.trim());
  }
  await said.check();
});

Deno.test({
  ...opts,
  name: "batch on the PostgreSQL store: 2 worker threads, each with its own connection",
  fn: async () => {
    const url = await freshDatabase("pool");
    const store = openPostgresStore(url);
    try {
      seed(store, 10);
      const { spec } = await createBatch(store, {
        targets: ["s*"],
        tools: TOOLS,
        persona: PERSONA,
      });
      const r = await runBatch(store, spec, { workers: 2, location: url });
      assert.equal(r.missing, 0);
      assert.equal(r.rows.length, 30);
      assert.equal(new Set(r.rows.map((x) => x.key)).size, 30);
      assert.ok(r.rows.every((x) => x.status !== "failed"));
      assert.equal(store.listRuns({ limit: 1000 }).length, 30);
      assert.ok(store.listFindings({ scan: "s00000" }).length > 0);
    } finally {
      store.close();
    }
  },
});

for (const workers of ["0", "1"]) {
  Deno.test({
    ...opts,
    name:
      `batch Ctrl-C (--workers ${workers}): stops, says how to resume; --resume finishes the rest`,
    fn: async () => {
      const home = tempHome();
      const store = openStore(home);
      const scans = workers === "0" ? 400 : 60;
      const rows = scans * 3;
      seed(store, scans);
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          "cli.ts",
          "batch",
          "s*",
          "--tools",
          TOOLS.join(","),
          "--persona",
          PERSONA,
          "--workers",
          workers,
          "--name",
          "ctrl-c",
        ],
        cwd: new URL("../../", import.meta.url),
        env: { THRESHOLD_HOME: home, NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      for (let i = 0; i < 600 && store.batchKeys("ctrl-c").size < 10; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      child.kill("SIGINT");
      const r = await child.output();
      const stderr = new TextDecoder().decode(r.stderr);
      const done = store.batchKeys("ctrl-c").size;
      assert.equal(r.code, 130, stderr);
      assert.match(
        stderr,
        new RegExp(`interrupted: \\d+ of ${rows} rows are done; continue with --resume ctrl-c`),
      );
      assert.ok(done < rows, `stopped early (${done})`);
      const again = await cli(home, ["batch", "--resume", "ctrl-c", "--json"]);
      assert.equal(again.code, 0, again.stderr);
      const summary = JSON.parse(again.stdout.trim().split("\n").at(-1)!);
      assert.equal(summary.rows, rows);
      assert.equal(summary.ran, rows - done);
      store.close();
    },
  });
}
