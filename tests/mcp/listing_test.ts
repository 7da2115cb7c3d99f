/** mcp/listing.ts: the tool listing cache and its fingerprint; a server started from it. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadRegistry } from "../../core/registry.ts";
import { readListing, sourceFingerprint, toolDef, writeListing } from "../../mcp/listing.ts";
import { freshHome, start } from "./_connect.ts";

Deno.test("sourceFingerprint: changes with a source file, not with tests, hidden or excluded", async () => {
  const dir = Deno.makeTempDirSync();
  Deno.mkdirSync(join(dir, "tools/a"), { recursive: true });
  Deno.mkdirSync(join(dir, "tests"));
  Deno.mkdirSync(join(dir, ".git"));
  Deno.mkdirSync(join(dir, "home"));
  Deno.writeTextFileSync(join(dir, "tools/a/mod.ts"), "export default 1;");
  const fp = () => sourceFingerprint([dir], [join(dir, "home")]);
  const first = await fp();
  assert.equal(await fp(), first);
  Deno.writeTextFileSync(join(dir, "tests/x_test.ts"), "1");
  Deno.writeTextFileSync(join(dir, ".git/HEAD"), "x");
  Deno.writeTextFileSync(join(dir, "home/cache.json"), "{}");
  Deno.writeTextFileSync(join(dir, "notes.txt"), "not source");
  assert.equal(await fp(), first);
  Deno.writeTextFileSync(join(dir, "tools/a/mod.ts"), "export default 22;");
  const changed = await fp();
  assert.notEqual(changed, first);
  Deno.writeTextFileSync(join(dir, "tools/a/extra.json"), "{}");
  assert.notEqual(await fp(), changed);
});

Deno.test("readListing: only a listing made under the same fingerprint", async () => {
  const file = join(Deno.makeTempDirSync(), "cache", "l.json");
  const defs = (await loadRegistry()).tools.map(toolDef);
  assert.equal(await readListing(file, "abc"), undefined);
  await writeListing(file, "abc", defs);
  assert.deepEqual(await readListing(file, "abc"), defs);
  assert.equal(await readListing(file, "abd"), undefined);
});

Deno.test("mcp: a second start lists from the cache; a stale listing is replaced", async () => {
  const home = freshHome();
  const ids = (await loadRegistry()).tools.map((m) => m.id);
  const first = await start("legacy", home);
  const listed = (await first.client.listTools()).tools;
  await first.close();
  const cacheDir = join(home, "cache");
  const [file] = [...Deno.readDirSync(cacheDir)].filter((e) => e.name.startsWith("mcp-tools-"))
    .map((e) => join(cacheDir, e.name));
  const saved = JSON.parse(Deno.readTextFileSync(file));
  assert.deepEqual(saved.tools.map((t: { name: string }) => t.name), ids);

  // Same fingerprint, doctored listing: the server lists what the cache says …
  const doctored = structuredClone(saved);
  doctored.tools[0].title = "Doctored";
  Deno.writeTextFileSync(file, JSON.stringify(doctored));
  const second = await start("modern", home);
  try {
    const tools = (await second.client.listTools()).tools;
    assert.equal(tools[0].title, "Doctored");
    assert.deepEqual(tools.map((t) => t.name), listed.map((t) => t.name));
    // … calls run with the real manifests, and the listing made from them replaces it.
    const r = await second.client.callTool({ name: "ceiling_height", arguments: { scan: "demo" } });
    assert.notEqual(r.isError, true);
    for (
      let i = 0;
      i < 50 && JSON.parse(Deno.readTextFileSync(file)).tools[0].title === "Doctored";
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(JSON.parse(Deno.readTextFileSync(file)), saved);
  } finally {
    await second.close();
  }
});
