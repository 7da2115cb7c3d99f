/**
 * One run's `forModel` is identical through the command line's `--json` and through MCP:
 * same store (a saved preference and a selected persona in it), same inputs filled the
 * same way, the same view.
 */
import assert from "node:assert/strict";
import { openStore } from "../../core/store.ts";
import { freshHome, PROJECT, start } from "../mcp/_connect.ts";

Deno.test("forModel: threshold run --json equals the MCP tools/call view", async () => {
  const home = freshHome();
  const store = openStore(home);
  store.setPref("space.min_ceiling_m", 2.3);
  store.setSelection("scan", "demo");
  store.close();

  const cli = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "cli.ts", "run", "ceiling_height", "--json"],
    cwd: PROJECT,
    env: { THRESHOLD_HOME: home, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(cli.code, 0, new TextDecoder().decode(cli.stderr));
  const fromCli = JSON.parse(new TextDecoder().decode(cli.stdout));

  const s = await start("legacy", home);
  try {
    const r = await s.client.callTool({ name: "ceiling_height", arguments: {} });
    assert.notEqual(r.isError, true);
    const text = (r.content as { type: string; text?: string }[]).find((c) => c.type === "text")!;
    assert.deepEqual(r.structuredContent, fromCli.for_model);
    assert.deepEqual(JSON.parse(text.text!), fromCli.for_model);
    // The filled inputs agree too: the selection and the saved preference.
    assert.equal(fromCli.result.inputs.min_height_m.from, "preference");
    assert.match(fromCli.for_model.verdict, /2\.30 m/);
  } finally {
    await s.close();
  }
});
