// The commands the first user found too wide fit the terminal: COLUMNS when set, 100 when
// unknown (stdout is a pipe here, so no terminal size).
import { cli, tableRows, tempHome } from "../_cli.ts";
import { sharedData } from "../_data.ts";
import { assert, assertEquals } from "../_assert.ts";
import { assertGolden } from "../_golden.ts";
import { planNames } from "../../ground/names.ts";
import type { Plan } from "../../ground/plan.ts";

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
  const j = JSON.parse((await cli(home, ["sites", "show", "demo", "--json"])).stdout);
  assertEquals(j.lat, 52.52);
  const rows = new Map(tableRows(r.stdout).map(([k, v]) => [k, v]));
  assertEquals(rows.get("Latitude"), `${j.lat}°`);
  await assertGolden("cli.sites.show_north", { north: rows.get("North") });
});

Deno.test("plan: floors, rooms and openings by name (the IFC's GUIDs only with --ids)", async () => {
  await setup();
  const r = await cli(home, ["plan", "fzk"]);
  assertEquals(r.code, 0, r.stderr);
  const plan = JSON.parse((await cli(home, ["plan", "fzk", "--json"])).stdout) as Plan;
  const names = planNames(plan);
  const rows = tableRows(r.stdout);
  // Every room's row: its floor, its name and its label, by name.
  for (const room of plan.rooms) {
    const row = rows.find((c) => c[1] === names.room.get(room.id));
    assertEquals(row?.slice(0, 3), [names.floor.get(room.floor), row?.[1], room.label], room.id);
  }
  // Every door's row names it by its rooms, on its floor.
  for (const o of plan.openings.filter((o) => o.kind === "door")) {
    const row = rows.find((c) => c[0] === names.opening.get(o.id));
    assertEquals(row?.[1], names.floor.get(o.floor), o.id);
  }
  // No IFC GUID anywhere a person reads; with --ids they are there.
  const guids = [...plan.rooms, ...plan.openings].map((x) => x.id);
  assert(guids.length > 10 && guids.every((g) => g.length === 22), "the FZK ids are IFC GUIDs");
  assertEquals(guids.filter((g) => r.stdout.includes(g)), [], "no id shown");
  const ids = await cli(home, ["plan", "fzk", "--ids"]);
  assert(guids.some((g) => ids.stdout.includes(g)), "--ids shows them");
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

// Issue 27: the import report, `prefs list`'s "Not set:" line, the questions a run stops on
// and `ask`'s live steps fit COLUMNS at 80 and 100 too.
for (const columns of ["80", "100"]) {
  Deno.test(`widths: import reports, prefs list and questions fit ${columns} columns`, async () => {
    const limit = Number(columns);
    const h = tempHome();
    const env = { COLUMNS: columns };
    const runs: [string[], number[]][] = [
      [["import", sharedData("zind/zind_data.json"), "--id", "z"], [0]],
      [["import", sharedData("ifc/AC20-FZK-Haus.ifc"), "--id", "f"], [0]],
      [["prefs", "list"], [0]],
      [["run", "will_it_fit", "--scan", "demo"], [3]],
      [["run", "code_check", "--scan", "demo"], [3]],
      [["ask", "will", "a", "sofa", "fit", "--scan", "demo"], [3]],
      [[
        "ask",
        "--plan-only",
        "will",
        "a",
        "sofa",
        "fit",
        "in",
        "the",
        "living",
        "room",
        "--scan",
        "demo",
      ], [
        0,
      ]],
    ];
    for (const [args, codes] of runs) {
      const r = await cli(h, args, env);
      assert(codes.includes(r.code), `${args.join(" ")}: exit ${r.code} ${r.stderr}`);
      const w = widest(r.stderr);
      assert(w <= limit, `threshold ${args.join(" ")}: stderr ${w} columns wide (limit ${limit})`);
      if (r.code === 3) {
        // The questions in words on stderr; the JSON for programs keeps each sentence in one
        // string, so a line over the width is only ever one string member.
        // (stderr: an intro line ending in ":", then each question as "  - ")
        const said = r.stderr.split("\n");
        const first = said.findIndex((l) => l.startsWith("  - "));
        assert(first > 0 && said[first - 1].endsWith(":"), r.stderr);
        for (const l of r.stdout.split("\n").filter((l) => [...l].length > limit)) {
          const member = JSON.parse(`{${l.trim().replace(/,$/, "")}}`);
          const values = Object.values(member);
          assert(values.length === 1 && typeof values[0] === "string", l);
        }
        JSON.parse(r.stdout);
      } else {
        const wo = widest(r.stdout);
        assert(wo <= limit, `threshold ${args.join(" ")} is ${wo} columns wide (limit ${limit})`);
        assert(r.stdout.length > 100, `threshold ${args.join(" ")} printed almost nothing`);
      }
    }
  });
}

Deno.test("widths: ask's live steps wrap under their time at COLUMNS=80", async () => {
  const { stepLine } = await import("../../cli/ask.ts");
  const before = Deno.env.get("COLUMNS");
  Deno.env.set("COLUMNS", "80");
  try {
    const text = "Checking 17 doors and openings against 0.810 m (your 0.76 m chair plus " +
      "0.05 m beside it) and each against ADA 2010 §404.2.3's 0.815 m, as a separate check";
    const lines = stepLine(1234, text).split("\n");
    assert(lines.length > 1 && lines.every((l) => [...l].length <= 80), lines.join("\n"));
    // The time first, the words after it, nothing lost in the wrapping.
    const words = lines.map((l) => l.trim()).join(" ").split(" ");
    assertEquals(words.slice(0, 2), ["[1.23", "s]"]);
    assertEquals(words.slice(2), text.split(" "));
    assertEquals(lines[0].indexOf("["), 2, "indented by two");
  } finally {
    if (before === undefined) Deno.env.delete("COLUMNS");
    else Deno.env.set("COLUMNS", before);
  }
});

Deno.test("widths: findings at COLUMNS=80 keep every title whole (a long one is a note below)", async () => {
  await setup();
  const own = tempHome();
  const env = { COLUMNS: "80" };
  assertEquals(
    (await cli(own, ["import", sharedData("ifc/AC20-FZK-Haus.ifc"), "--id", "fzk"])).code,
    0,
  );
  await cli(own, ["personas", "use", "manual-wheelchair-user"]);
  assertEquals((await cli(own, ["run", "door_clearance", "--scan", "fzk"])).code, 0);
  const listed = JSON.parse((await cli(own, ["findings", "--json"])).stdout) as { title: string }[];
  assert(listed.length >= 3, `${listed.length} findings`);
  const shown = (await cli(own, ["findings"], env)).stdout;
  assert(widest(shown) <= 80, `${widest(shown)} columns`);
  const lines = shown.split("\n").map((l) => l.trim());
  for (const f of listed) {
    assert(lines.some((l) => l.endsWith(f.title)), `title kept whole: ${f.title}`);
  }
});
