import { assertGolden } from "../_golden.ts";
import { assertEquals, assertOk, rejectedBy } from "../_assert.ts";
import {
  listingFile,
  listManifests,
  loadTool,
  readListing,
  sourceFingerprint,
} from "../../core/catalog.ts";
import { RegistryError } from "../../ground/errors.ts";
import { loadRegistry } from "../../core/registry.ts";
import { manifestJson } from "../../core/manifest.ts";
import { join } from "node:path";

const OK = new URL("../../fixtures/registry/ok/", import.meta.url);

Deno.test("catalog: listManifests equals the registry's manifests, cached or not", async () => {
  const home = Deno.makeTempDirSync();
  const want = (await loadRegistry()).tools.map(manifestJson);
  assertEquals(await listManifests({ home }), want, "first call: from the registry");
  const cached = await Deno.readDir(join(home, "cache"))[Symbol.asyncIterator]().next();
  assertOk(!cached.done, "a listing was cached");
  assertEquals(await listManifests({ home }), want, "second call: from the cache");
});

Deno.test("catalog: a changed source file changes the fingerprint", async () => {
  const dir = Deno.makeTempDirSync();
  Deno.writeTextFileSync(join(dir, "a.ts"), "export const a = 1;\n");
  const before = await sourceFingerprint([dir]);
  assertEquals(await sourceFingerprint([dir]), before);
  Deno.writeTextFileSync(join(dir, "a.ts"), "export const a = 12;\n");
  assertOk((await sourceFingerprint([dir])) !== before);
  const file = await listingFile(dir, "k", "manifests");
  Deno.mkdirSync(join(dir, "cache"), { recursive: true });
  Deno.writeTextFileSync(file, JSON.stringify({ fingerprint: before, tools: [{ id: "x" }] }));
  assertEquals(await readListing(file, before), [{ id: "x" }]);
  assertEquals(await readListing(file, "other"), undefined);
});

Deno.test("catalog: loadTool loads one tool; an unknown id names the tools", async () => {
  assertEquals((await loadTool("good_tool", OK)).id, "good_tool");
  const e = await rejectedBy(() => loadTool("nope", OK), RegistryError);
  assertEquals([e.code, e.data], [
    "registry.unknown_tool",
    { folder: "nope", got: "nope", allowed: ["good_tool"] },
  ]);
  await assertGolden("sentences/catalog_unknown_tool", [e.message]);
});
