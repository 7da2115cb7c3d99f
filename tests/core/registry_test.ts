import { assertEquals, assertMatch, assertOk, assertRejects, assertThrows } from "../_assert.ts";
import { RegistryError } from "../../ground/errors.ts";
import { loadRegistry, makeRegistry, TOOLS_DIR } from "../../core/registry.ts";

const FIX = new URL("../../fixtures/registry/", import.meta.url);

Deno.test("registry: finds every folder under tools/ by itself", async () => {
  const folders: string[] = [];
  for await (const e of Deno.readDir(TOOLS_DIR)) {
    if (e.isDirectory && !e.name.startsWith("_") && !e.name.startsWith(".")) folders.push(e.name);
  }
  const reg = await loadRegistry();
  assertEquals(reg.tools.map((t) => t.id), folders.sort());
  assertOk(reg.get("ceiling_height"));
  assertEquals(reg.get("nope"), undefined);
  assertThrows(() => reg.require("nope"), /no tool "nope"; tools: .*ceiling_height/);
});

Deno.test("registry: a good fixture folder loads", async () => {
  const reg = await loadRegistry(new URL("ok/", FIX));
  assertEquals(reg.tools.map((t) => t.id), ["good_tool"]);
});

for (
  const [dir, re] of [
    ["mismatch", /tools\/other_name: id "not_the_folder" differs from its folder's name/],
    ["missing", /tools\/no_summary: manifest field "summary" is missing or empty/],
    ["badblock", /tools\/bad_block: unknown block "Hologram" in "blocks"; allowed: VerdictHeader/],
    [
      "badlayer",
      /tools\/bad_layer: unknown layer "plan.ghosts" in "requires"; allowed: plan.rooms/,
    ],
    ["badid", /tools\/Bad_Id: id "Bad_Id" is not snake_case/],
  ] as const
) {
  Deno.test(`registry: ${dir} is a clear error naming the folder`, async () => {
    await assertRejects(() => loadRegistry(new URL(`${dir}/`, FIX)), (e: Error) => {
      assertOk(e instanceof RegistryError, String(e));
      assertMatch(e.message, re);
      return true;
    });
  });
}

Deno.test("registry: a duplicate id is an error", async () => {
  const reg = await loadRegistry(new URL("ok/", FIX));
  const t = reg.tools[0];
  assertThrows(() => makeRegistry([t, t]), /duplicate tool id "good_tool"/);
});

Deno.test("registry: examples must name real inputs with allowed values", async () => {
  const good = (await loadRegistry(new URL("ok/", FIX))).tools[0];
  const { validateManifest } = await import("../../core/registry.ts");
  assertEquals(
    validateManifest("good_tool", { ...good, examples: [{ scan: "demo" }] }).id,
    "good_tool",
  );
  assertThrows(
    () => validateManifest("good_tool", { ...good, examples: [{ colour: "red" }] }),
    /tools\/good_tool: examples\[0\]: "colour" is not an input/,
  );
  assertThrows(
    () => validateManifest("good_tool", { ...good, examples: [{ scan: 7 }] }),
    /tools\/good_tool: examples\[0\]\.scan: 7 is not allowed/,
  );
});
