/**
 * Agent benchmarks, each against a named baseline in the same run:
 * - the offline decision for one question, warm (BM25 route, extract, bind, session preview)
 *   vs running the chosen tool on the demo building; issue 23 target: ≤ 5 ms; also the fit
 *   question whose bedroom is asked about by name, and a question no tool answers;
 * - cold `threshold ask --plan-only --json "…"` vs cold `threshold tools` (both fresh
 *   processes, listing cache warm); issue 23 target: ≤ 1.5× (the ask path's imports are lazy).
 */
import { decide } from "../agent/ask.ts";
import { loadRegistry } from "../core/registry.ts";
import { runTool } from "../core/run.ts";
import { openStore } from "../core/store.ts";
import { BUILTIN_SCANS } from "../layers/builtin.ts";
import { ran } from "./_done.ts";

const QUESTION = "Can I get my wheelchair from the front door to the bathroom?";
const store = openStore(":memory:");
store.setSelection("scan", "demo");
const registry = await loadRegistry();
const route = registry.require("step_free_route");
// Warm: the listing, the chosen tool's module and the demo plan are loaded once.
await decide(QUESTION, { store, builtins: BUILTIN_SCANS });

Deno.bench({
  name: "run step_free_route on the demo (baseline)",
  group: "decision",
  baseline: true,
  async fn() {
    await ran(
      runTool(route, {
        builtins: BUILTIN_SCANS,
        set: { scan: "demo", to: "u_bath", chair_width_m: 0.66 },
        persist: false,
      }),
      "step_free_route on the demo",
    );
  },
});

Deno.bench({
  name: "offline decision for one question (warm)",
  group: "decision",
  async fn() {
    await decide(QUESTION, { store, builtins: BUILTIN_SCANS });
  },
});

const SOFA = "Will a 2.1 m sofa get to the bedroom?";
await decide(SOFA, { store, builtins: BUILTIN_SCANS });
Deno.bench({
  name: "offline decision, a subject asked about by name (warm)",
  group: "decision",
  async fn() {
    await decide(SOFA, { store, builtins: BUILTIN_SCANS });
  },
});

Deno.bench({
  name: "offline decision, a question no tool answers (warm)",
  group: "decision",
  async fn() {
    await decide("what's the weather", { store, builtins: BUILTIN_SCANS });
  },
});

const CLI = new URL("../cli.ts", import.meta.url).pathname;
const home = Deno.makeTempDirSync({ prefix: "threshold-bench-agent-" });
const cli = (args: string[]) =>
  new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, ...args],
    env: { THRESHOLD_HOME: home, NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).output();
await cli(["use", "demo"]);
await cli(["tools"]); // the listing cache, as a person's second command finds it

Deno.bench({
  name: "threshold tools (baseline)",
  group: "cold start",
  baseline: true,
  n: 8,
  warmup: 1,
  async fn() {
    await cli(["tools"]);
  },
});

Deno.bench({
  name: "threshold ask --plan-only --json",
  group: "cold start",
  n: 8,
  warmup: 1,
  async fn() {
    await cli(["ask", "--plan-only", "--json", QUESTION]);
  },
});
