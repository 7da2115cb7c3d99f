import { assertEquals, assertOk, rejectedBy, thrownBy } from "../_assert.ts";
import { RegistryError } from "../../ground/errors.ts";
import { loadRegistry, makeRegistry, TOOLS_DIR } from "../../core/registry.ts";
import { assertGolden } from "../_golden.ts";

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
  const e = thrownBy(() => reg.require("nope"), RegistryError);
  assertEquals([e.code, e.data.got], ["registry.unknown_tool", "nope"]);
  assertOk((e.data.allowed as string[]).includes("ceiling_height"), "the tools there are");
});

Deno.test("registry: a good fixture folder loads", async () => {
  const reg = await loadRegistry(new URL("ok/", FIX));
  assertEquals(reg.tools.map((t) => t.id), ["good_tool"]);
});

// [fixture folder, the folder named, the error's code, what it got or the field it names]
for (
  const [dir, folder, code, data] of [
    ["mismatch", "other_name", "registry.id_not_folder", { got: "not_the_folder" }],
    ["missing", "no_summary", "registry.field_missing", { field: "summary" }],
    ["badblock", "bad_block", "registry.unknown_block", { field: "blocks", got: "Hologram" }],
    ["badlayer", "bad_layer", "registry.unknown_layer", { field: "requires", got: "plan.ghosts" }],
    ["badid", "Bad_Id", "registry.bad_id", { got: "Bad_Id" }],
  ] as const
) {
  Deno.test(`registry: ${dir} is a clear error naming the folder`, async () => {
    const e = await rejectedBy(() => loadRegistry(new URL(`${dir}/`, FIX)), RegistryError);
    const { allowed, ...rest } = e.data;
    assertEquals([e.code, rest], [code, { folder, ...data }]);
    // Where a list is allowed, the message lists it (the wording: fixtures/golden/sentences).
    if (allowed) assertOk((allowed as string[]).length > 1, "what is allowed");
    await assertGolden(`sentences/registry_${dir}`, [e.message]);
  });
}

Deno.test("registry: a duplicate id is an error", async () => {
  const reg = await loadRegistry(new URL("ok/", FIX));
  const t = reg.tools[0];
  const e = thrownBy(() => makeRegistry([t, t]), RegistryError);
  assertEquals([e.code, e.data], ["registry.duplicate_id", {
    folder: "good_tool",
    got: "good_tool",
  }]);
});

Deno.test("registry: examples must name real inputs with allowed values", async () => {
  const good = (await loadRegistry(new URL("ok/", FIX))).tools[0];
  const { validateManifest } = await import("../../core/registry.ts");
  assertEquals(
    validateManifest("good_tool", { ...good, examples: [{ scan: "demo" }] }).id,
    "good_tool",
  );
  const colour = thrownBy(
    () => validateManifest("good_tool", { ...good, examples: [{ colour: "red" }] }),
    RegistryError,
  );
  assertEquals([colour.code, colour.data], [
    "registry.example_unknown_input",
    { folder: "good_tool", example: 0, got: "colour" },
  ]);
  const seven = thrownBy(
    () => validateManifest("good_tool", { ...good, examples: [{ scan: 7 }] }),
    RegistryError,
  );
  assertEquals([seven.code, seven.data], [
    "registry.example_bad_value",
    { folder: "good_tool", example: 0, input: "scan", got: 7 },
  ]);
  await assertGolden("sentences/registry_examples", [colour.message, seven.message]);
});
