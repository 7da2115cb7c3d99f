/**
 * The MCP Inspector's command-line mode (npm:@modelcontextprotocol/inspector, a third-party
 * client) against mcp.ts: tools/list and tools/call. It runs through `npx --offline`, so it
 * needs the package in the npm cache once (`npx -y @modelcontextprotocol/inspector@2.12.0
 * --help`); the test makes no network call.
 */
import assert from "node:assert/strict";
import { loadRegistry } from "../../core/registry.ts";
import { freshHome, PROJECT, serverArgs } from "./_connect.ts";

const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";

async function inspect(home: string, method: string[]) {
  const out = await new Deno.Command("npx", {
    args: [
      "--offline",
      "--yes",
      INSPECTOR,
      "--cli",
      Deno.execPath(),
      ...serverArgs(home),
      "--",
      ...method,
      "--format",
      "json",
    ],
    cwd: PROJECT,
    env: { NO_COLOR: "1", THRESHOLD_HOME: home },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr);
  if (/ENOTCACHED|E404|ENOTFOUND/.test(stderr)) {
    throw new Error(
      `${INSPECTOR} is not in the npm cache; run once: npx -y ${INSPECTOR} --help\n${stderr}`,
    );
  }
  return { code: out.code, stdout, stderr };
}

Deno.test("inspector cli: tools/list is the registry", async () => {
  const home = freshHome();
  const r = await inspect(home, ["--method", "tools/list"]);
  assert.equal(r.code, 0, r.stderr);
  const tools = JSON.parse(r.stdout).result.tools as { name: string; inputSchema: unknown }[];
  // Every registered tool, then the surface's own import_scan.
  assert.deepEqual(tools.map((t) => t.name), [
    ...(await loadRegistry()).tools.map((m) => m.id),
    "import_scan",
  ]);
});

Deno.test("inspector cli: tools/call returns the forModel view; bad input exits 5", async () => {
  const home = freshHome();
  const ok = await inspect(home, [
    "--method",
    "tools/call",
    "--tool-name",
    "ceiling_height",
    "--tool-args-json",
    JSON.stringify({ scan: "demo" }),
  ]);
  assert.equal(ok.code, 0, ok.stderr);
  const result = JSON.parse(ok.stdout).result;
  assert.equal(result.structuredContent.tool, "ceiling_height");
  assert.equal(result.structuredContent.scan, "demo");
  assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);

  const bad = await inspect(home, [
    "--method",
    "tools/call",
    "--tool-name",
    "ceiling_height",
    "--tool-args-json",
    JSON.stringify({ scan: "demo", min_height_m: 99 }),
  ]);
  assert.equal(bad.code, 5, "the Inspector exits 5 on an isError result");
  assert.match(bad.stderr, /isError/);
});

Deno.test("inspector cli: a needs-input result keeps its structured content (valid against the output schema)", async () => {
  const home = freshHome();
  const r = await inspect(home, [
    "--method",
    "tools/call",
    "--tool-name",
    "step_free_route",
    "--tool-args-json",
    JSON.stringify({ scan: "demo" }),
  ]);
  assert.equal(r.code, 5, "an isError result");
  // Before: the Inspector dropped it ("data must have required property 'status'") and
  // printed only an error, so "ask the person for …" never reached the model.
  assert.doesNotMatch(r.stdout + r.stderr, /must have required property/);
  const result = JSON.parse(r.stdout.trim().split("\n")[0]).result;
  assert.equal(result.isError, true);
  assert.equal(result.structuredContent.tool, "step_free_route");
  assert.equal(result.structuredContent.status, "unknown");
  assert.deepEqual(result.structuredContent.findings, []);
  assert.deepEqual(result.structuredContent.missing.map((m: { input: string }) => m.input), [
    "chair_width_m",
  ]);
});
