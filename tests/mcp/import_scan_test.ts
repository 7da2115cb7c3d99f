/**
 * MCP: every tools/call result — a run, a needs-input, a bad-input and an import — carries
 * structured content valid against the advertised output schema; `import_scan` brings a
 * building in from under the server's --root (and from nowhere else); a server started on a
 * terminal says on stderr what it is waiting for.
 */
import assert from "node:assert/strict";
import { dirname } from "node:path";
import { TERMINAL_HINT } from "../../mcp.ts";
import { confinedFlags } from "../../host/confine.ts";
import { ModelViewSchema } from "../../mcp/tools.ts";
import { sharedData } from "../_data.ts";
import { freshHome, MCP_TS, PROJECT, start } from "./_connect.ts";
import { openStore } from "../../core/store.ts";
import { assertGolden } from "../_golden.ts";

const IFC = sharedData("ifc/AC20-FZK-Haus.ifc");
const ROOT = dirname(IFC);

function valid(result: Record<string, unknown>) {
  const parsed = ModelViewSchema.safeParse(result.structuredContent);
  assert.ok(
    parsed.success,
    `structured content breaks the output schema: ${JSON.stringify(result)}`,
  );
  return parsed.data;
}

Deno.test("mcp import_scan: a file under --root becomes a scan the tools run on", async () => {
  const home = freshHome();
  const s = await start("legacy", home, {
    args: ["run", ...confinedFlags(home, [ROOT]), MCP_TS, `--home=${home}`, `--root=${ROOT}`],
  });
  try {
    const listed = await s.client.listTools();
    assert.ok(listed.tools.some((t) => t.name === "import_scan"));
    const imp = await s.client.callTool({
      name: "import_scan",
      arguments: { path: "AC20-FZK-Haus.ifc", id: "fzk" },
    }) as Record<string, unknown>;
    const view = valid(imp);
    assert.equal(imp.isError, undefined, JSON.stringify(imp));
    assert.equal(view.scan, "fzk");
    // Stored as the command line stores it: the IFC's floors and rooms.
    const st = openStore(home);
    const [row] = st.listScans();
    st.close();
    assert.deepEqual([row.id, row.format, row.floors, row.rooms], ["fzk", "ifc", 2, 7]);
    const imported = view.verdict.replace(ROOT, "<root>");
    // The imported scan is there for every tool.
    const run = await s.client.callTool({
      name: "door_clearance",
      arguments: { scan: "fzk" },
    }) as Record<string, unknown>;
    assert.equal(valid(run).status, "fail");
    // Outside the roots: refused, with a valid view that says which folders are allowed.
    const outside = await s.client.callTool({
      name: "import_scan",
      arguments: { path: `${PROJECT}/fixtures/demo/plan.json` },
    }) as Record<string, unknown>;
    assert.equal(outside.isError, true);
    await assertGolden("mcp.import_scan.root", {
      imported,
      outside: valid(outside).verdict.replace(ROOT, "<root>").replace(PROJECT, "<project>"),
    });
  } finally {
    await s.close();
  }
});

Deno.test("mcp results: needs-input and bad input validate against the output schema", async () => {
  const home = freshHome();
  const s = await start("legacy", home);
  try {
    const needs = await s.client.callTool({
      name: "step_free_route",
      arguments: { scan: "demo" },
    }) as Record<string, unknown>;
    assert.equal(needs.isError, true);
    const v = valid(needs);
    assert.deepEqual(v.missing?.map((m) => m.input), ["chair_width_m"]);
    const bad = await s.client.callTool({
      name: "ceiling_height",
      arguments: { scan: "demo", min_height_m: 99 },
    }) as Record<string, unknown>;
    assert.equal(bad.isError, true);
    assert.equal(valid(bad).verdict.split(": ")[1], "min_height_m", "names the input");
    const noRoot = await s.client.callTool({
      name: "import_scan",
      arguments: { path: IFC },
    }) as Record<string, unknown>;
    await assertGolden("mcp.import_scan.needs", {
      needs: v.verdict,
      bad: valid(bad).verdict,
      no_root: valid(noRoot).verdict.replace(IFC, "<file>"),
    });
  } finally {
    await s.close();
  }
});

const hasScript = (() => {
  try {
    return new Deno.Command("script", { args: ["--version"] }).outputSync().success;
  } catch {
    return false;
  }
})();

Deno.test({
  name: "mcp on a terminal: stderr says it waits for an MCP host and how to get a configuration",
  ignore: !hasScript,
  async fn() {
    const home = freshHome();
    // `script` gives the server a terminal on stdin; closing script's own input ends it.
    const p = new Deno.Command("script", {
      args: ["-qec", `${Deno.execPath()} run -A ${MCP_TS} --home=${home}`, "/dev/null"],
      env: { THRESHOLD_HOME: home, NO_COLOR: "1" },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const reader = p.stdout.getReader();
    let seen = "";
    while (!seen.includes("Ctrl-D")) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += new TextDecoder().decode(value);
    }
    await p.stdin.close();
    reader.releaseLock();
    await p.stdout.cancel();
    await p.stderr.cancel();
    await p.status;
    assert.ok(
      seen.replaceAll("\r", "").replaceAll("\n", " ").includes(TERMINAL_HINT.slice(0, 60)),
      seen,
    );
    assert.ok(seen.includes("--print-host-config"), seen);
  },
});
