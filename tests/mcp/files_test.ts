/** Over MCP a pack named by path must be a .json file under a --root (mcp/files.ts). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../ground/errors.ts";
import { checkFileArguments } from "../../mcp/files.ts";
import { freshHome, MCP_TS, PROJECT, start } from "./_connect.ts";
import { confinedFlags } from "../../host/confine.ts";

Deno.test("mcp files: a pack path must be a .json file inside a root; ids and JSON text pass", () => {
  const root = Deno.makeTempDirSync();
  const inside = join(root, "mine.json");
  Deno.writeTextFileSync(inside, "{}");
  checkFileArguments({ pack: inside }, [root]);
  checkFileArguments({ pack: "ada-2010" }, []);
  checkFileArguments({ pack: '{"id": "x"}' }, []);
  const refused = (pack: string, roots: string[], pattern: RegExp) =>
    assert.throws(
      () => checkFileArguments({ pack }, roots),
      (e: unknown) => e instanceof InputError && pattern.test(e.message),
    );
  refused("/etc/passwd", [root], /pack: "\/etc\/passwd" is not a \.json file/);
  refused(join(root, "..", "elsewhere.json"), [root], /is outside the roots/);
  refused(join(root, "sub/../../x.json"), [root], /is outside the roots/);
  refused(inside, [], /none was given: start the server with --root/);
});

Deno.test("mcp files: code_check's pack cannot read the store; a pack under a root works", async () => {
  const home = freshHome();
  const root = Deno.makeTempDirSync();
  Deno.copyFileSync(`${PROJECT}/engines/geometry/packs/ada-2010.json`, join(root, "mine.json"));
  const s = await start("legacy", home, {
    args: ["run", ...confinedFlags(home, [root]), MCP_TS, `--home=${home}`, `--root=${root}`],
  });
  try {
    for (const pack of [join(home, "threshold.db"), join(home, "x.json")]) {
      const r = await s.client.callTool({
        name: "code_check",
        arguments: { scan: "demo", pack },
      }) as { isError?: boolean; content: { text: string }[] };
      assert.equal(r.isError, true, pack);
      assert.match(r.content[0].text, /pack: .*(is not a \.json file|is outside the roots)/);
      assert.doesNotMatch(r.content[0].text, /SQLite/);
    }
    const ok = await s.client.callTool({
      name: "code_check",
      arguments: { scan: "demo", pack: join(root, "mine.json") },
    }) as { isError?: boolean; structuredContent?: { status: string } };
    assert.ok(!ok.isError, JSON.stringify(ok).slice(0, 300));
    assert.ok(["pass", "fail", "warn", "unknown"].includes(ok.structuredContent!.status));
  } finally {
    await s.close();
  }
});
