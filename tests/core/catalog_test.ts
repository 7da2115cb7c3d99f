import { assertEquals, assertRejects } from "../_assert.ts";
import { buildCatalog, catalogIsFresh, listManifests, loadTool } from "../../core/catalog.ts";
import { RegistryError } from "../../core/errors.ts";
import { loadRegistry } from "../../core/registry.ts";
import { manifestJson } from "../../core/manifest.ts";

const OK = new URL("../../fixtures/registry/ok/", import.meta.url);

Deno.test("catalog: built from the registry, fresh for the tree it was built from", async () => {
  const c = await buildCatalog(OK);
  assertEquals(c.tools.map((t) => t.folder), ["good_tool"]);
  assertEquals(await catalogIsFresh(c, OK), true);
  const edited = { ...c, tools: [{ ...c.tools[0], sha256: "0".repeat(64) }] };
  assertEquals(await catalogIsFresh(edited, OK), false, "a changed mod.ts makes it stale");
  assertEquals(await catalogIsFresh({ ...c, tools: [] }, OK), false, "a new folder makes it stale");
});

Deno.test("catalog: listManifests equals the registry's manifests (catalog or not)", async () => {
  const reg = await loadRegistry();
  assertEquals(await listManifests(), reg.tools.map(manifestJson));
  assertEquals(await listManifests(OK), [(await loadRegistry(OK)).tools.map(manifestJson)[0]]);
});

Deno.test("catalog: loadTool loads one tool; an unknown id names the tools", async () => {
  assertEquals((await loadTool("good_tool", OK)).id, "good_tool");
  await assertRejects(() => loadTool("nope", OK), (e: Error) => {
    assertEquals(e instanceof RegistryError, true);
    assertEquals(e.message, 'tools/nope: no tool "nope"; tools: good_tool');
    return true;
  });
});
