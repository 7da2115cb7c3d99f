/**
 * Spine benchmarks (issue 2), each against a named baseline in the same run:
 * - warm ceiling_height on the demo (target ≤ 2 ms) vs a JSON round trip of the demo plan;
 * - cold start of `threshold tools` vs `deno eval 0` (target ≤ 3×);
 * - store run writes vs a bare node:sqlite insert of the same bytes.
 */
import { fileURLToPath } from "node:url";
import { DatabaseSync } from "node:sqlite";
import { loadRegistry } from "../core/registry.ts";
import { runTool } from "../core/run.ts";
import { openStore } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import { ran } from "./_done.ts";

const reg = await loadRegistry();
const ceiling = reg.require("ceiling_height");
const demo = BUILTIN_SCANS.demo();
const opts = { builtins: BUILTIN_SCANS, set: { scan: "demo" } };
await ran(runTool(ceiling, opts), "ceiling_height on the demo"); // warm up, and check it ran

Deno.bench({
  name: "baseline: JSON round trip of the demo plan",
  group: "warm run",
  baseline: true,
  fn: () => {
    JSON.parse(JSON.stringify(demo.plan));
  },
});
Deno.bench({
  name: "ceiling_height on demo (warm, no store)",
  group: "warm run",
  fn: async () => {
    await ran(runTool(ceiling, opts), "ceiling_height on the demo");
  },
});

const CLI = fileURLToPath(new URL("../cli.ts", import.meta.url));
const home = Deno.makeTempDirSync({ prefix: "threshold-bench-" });
const spawn = (args: string[]) =>
  new Deno.Command(Deno.execPath(), {
    args,
    env: { THRESHOLD_HOME: home, NO_COLOR: "1" },
    stdout: "null",
    stderr: "null",
  }).output();
Deno.bench({
  name: "baseline: deno eval 0",
  group: "cold start",
  baseline: true,
  n: 8,
  warmup: 1,
  fn: async () => {
    await spawn(["eval", "0"]);
  },
});
Deno.bench({
  name: "threshold tools (cold process)",
  group: "cold start",
  n: 8,
  warmup: 1,
  fn: async () => {
    await spawn(["run", "-A", CLI, "tools"]);
  },
});

const out = await runTool(ceiling, opts);
if (out.status !== "done") throw new Error("demo run needs input");
const store = openStore(Deno.makeTempDirSync({ prefix: "threshold-bench-store-" }));
const rawDir = Deno.makeTempDirSync({ prefix: "threshold-bench-raw-" });
const raw = new DatabaseSync(`${rawDir}/raw.db`);
raw.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
raw.exec("CREATE TABLE runs (id TEXT PRIMARY KEY, result_json TEXT)");
const rawInsert = raw.prepare("INSERT INTO runs VALUES (?, ?)");
const resultJson = JSON.stringify(out.result);
let i = 0;
Deno.bench({
  name: "baseline: bare node:sqlite insert of a result",
  group: "store writes",
  baseline: true,
  fn: () => {
    rawInsert.run(`r${i++}`, resultJson);
  },
});
Deno.bench({
  name: "store.addRun (one transaction per run)",
  group: "store writes",
  fn: () => {
    store.addRun({
      id: `run${i++}`,
      tool: "ceiling_height",
      scan: "demo",
      status: out.result.verdict.status,
      inputs: out.result.inputs,
      result: out.result,
      started_at: new Date().toISOString(),
      duration_ms: 1,
    });
  },
});
