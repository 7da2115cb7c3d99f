// The commands the first user found too wide fit the terminal: COLUMNS when set, 100 when
// unknown (stdout is a pipe here, so no terminal size).
import { cli, tempHome } from "../_cli.ts";
import { sharedData } from "../_data.ts";
import { assert, assertEquals } from "../_assert.ts";

const widest = (s: string) => Math.max(0, ...s.split("\n").map((l) => [...l].length));

const home = tempHome();
let imported = false;
async function setup() {
  if (imported) return;
  const r = await cli(home, ["import", sharedData("ifc/AC20-FZK-Haus.ifc"), "--id", "fzk"]);
  assertEquals(r.code, 0, r.stderr);
  imported = true;
}

const COMMANDS: string[][] = [
  ["tools"],
  ["personas", "list"],
  ["show", "door_clearance"],
  ["show", "code_check"],
  ["run", "door_clearance", "--scan", "fzk", "--persona", "manual-wheelchair-user"],
  ["run", "takeoff", "--scan", "demo"],
  ["run", "code_check", "--scan", "demo", "--set", "pack=uk-adm"],
];

for (const columns of [undefined, "80"]) {
  Deno.test(`widths: every line fits ${columns ?? "100 (COLUMNS unset)"} columns`, async () => {
    await setup();
    const limit = Number(columns ?? 100);
    for (const args of COMMANDS) {
      const r = await cli(home, args, columns ? { COLUMNS: columns } : {});
      assertEquals(r.code === 0 || r.code === 1, true, `${args.join(" ")}: ${r.stderr}`);
      const w = Math.max(widest(r.stdout), widest(r.stderr));
      assert(w <= limit, `threshold ${args.join(" ")} is ${w} columns wide (limit ${limit})`);
      assert(r.stdout.length > 100, `threshold ${args.join(" ")} printed almost nothing`);
    }
  });
}

Deno.test("sites show: a table for people (--json for the raw record)", async () => {
  const r = await cli(home, ["sites", "show", "demo"]);
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stdout.trimStart().startsWith("{"), false);
  assert(/│ Latitude\s+│ 52\.52°/.test(r.stdout), r.stdout);
  assert(/│ North\s+│ the plan's \+y axis points 15° clockwise from true north/.test(r.stdout));
  const j = await cli(home, ["sites", "show", "demo", "--json"]);
  assertEquals(JSON.parse(j.stdout).lat, 52.52);
});

Deno.test("plan: floors, rooms and openings by name (the IFC's GUIDs only with --ids)", async () => {
  await setup();
  const r = await cli(home, ["plan", "fzk"]);
  assertEquals(r.code, 0, r.stderr);
  assert(/│ Erdgeschoss\s+│ Schlafzimmer\s+│ bedroom/.test(r.stdout), r.stdout);
  assert(/│ door \(Flur ↔ outside\)\s+│ Erdgeschoss/.test(r.stdout), r.stdout);
  // No IFC GUID (22 characters of the IFC base-64 alphabet) anywhere a person reads.
  assertEquals(/[0-9A-Za-z_$]{22}/.test(r.stdout.replace(/\/[^\s)]*/g, "")), false, r.stdout);
  const ids = await cli(home, ["plan", "fzk", "--ids"]);
  assert(/2eyxpyOx95m90jmsXLOuR0|347jFE2yX7IhCEIALmupEH/.test(ids.stdout));
});

Deno.test("widths: a tool's questions without a terminal (exit 3, JSON) fit 100 columns", async () => {
  // Each tool on the demo with nothing preset: the ones that need a person's answer print
  // their questions; the sentence, unit and label are said once, not again in the schema.
  const tools = [...Deno.readDirSync(new URL("../../tools/", import.meta.url))]
    .filter((e) => e.isDirectory && !e.name.startsWith("_")).map((e) => e.name).sort();
  let asked = 0;
  for (const tool of tools) {
    const r = await cli(home, ["run", tool, "--scan", "demo"], { COLUMNS: "100" });
    if (r.code !== 3) continue;
    asked++;
    const q = JSON.parse(r.stdout).questions as Record<string, unknown>[];
    assert(q.length > 0 && q.every((x) => typeof x.ask === "string"), tool);
    for (const x of q) {
      const schema = x.schema as Record<string, unknown>;
      assert(!("ask" in schema) && !("description" in schema), `${tool}: the ask is said twice`);
    }
    const w = Math.max(widest(r.stdout), widest(r.stderr));
    assert(w <= 100, `threshold run ${tool} asks in lines ${w} columns wide (limit 100)`);
  }
  assert(asked >= 3, `only ${asked} tools asked anything; expected code_check, turning_space …`);
});
