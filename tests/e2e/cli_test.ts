import { assertEquals, assertMatch, assertOk } from "../_assert.ts";
import { cli, tempHome } from "../_cli.ts";
import { fixture } from "../_data.ts";
import { loadRegistry } from "../../core/registry.ts";
import { openStore } from "../../core/store.ts";
import { join } from "node:path";

Deno.test("cli: tools --json lists the registry's manifests with input schemas", async () => {
  const r = await cli(tempHome(), ["tools", "--json"]);
  assertEquals(r.code, 0, r.stderr);
  const list = JSON.parse(r.stdout);
  const reg = await loadRegistry();
  assertEquals(list.map((t: any) => t.id), reg.tools.map((t) => t.id));
  const ch = list.find((t: any) => t.id === "ceiling_height");
  assertEquals(ch.inputs.properties.min_height_m.fill, {
    from: "preference",
    key: "space.min_ceiling_m",
  });
  const table = await cli(tempHome(), ["tools"]);
  assertMatch(table.stdout, /ceiling_height .*Ceiling height/);
});

Deno.test("cli: show names each input's fill sources", async () => {
  const r = await cli(tempHome(), ["show", "ceiling_height"], { COLUMNS: "250" });
  assertEquals(r.code, 0);
  // Each input's allowed values, in words; no internal block names.
  assertMatch(r.stdout, /min_height_m\s+│ a number 1 to 6\s+│ m/);
  assertEquals(r.stdout.includes("VerdictHeader"), false);
  assertMatch(
    r.stdout,
    /min_height_m .*--set → preference space\.min_ceiling_m → persona space\.min_ceiling_m → default 2\.13/,
  );
  assertMatch(r.stdout, /scan .*selection \/ --scan → asked/);
});

Deno.test("cli: run renders blocks; --json gives run_id, result and for_model", async () => {
  const home = tempHome();
  const t = await cli(home, ["run", "ceiling_height", "--scan", "demo"]);
  assertEquals(t.code, 0, t.stderr);
  assertMatch(t.stdout, /^FAIL {2}ceiling_height on demo/);
  assertMatch(t.stdout, /Lowest ceiling\s+│ 1\.95\s+│ m/);
  assertMatch(t.stdout, /Study: height\s+│ warn/);
  assertMatch(t.stdout, /Assumed a minimum ceiling height of 2\.13 m \(default\)\./);
  const j = await cli(home, ["run", "ceiling_height", "--scan", "demo", "--json"]);
  const out = JSON.parse(j.stdout);
  assertEquals(out.result.verdict.status, "fail");
  assertEquals(out.for_model.findings.length, 2);
  const s = openStore(home);
  assertOk(s.getRun(out.run_id), "the run is stored");
  s.close();
});

Deno.test("cli: a missing input without a terminal exits 3 with the questions as JSON", async () => {
  const r = await cli(tempHome(), ["run", "ceiling_height"]);
  assertEquals(r.code, 3);
  const q = JSON.parse(r.stdout);
  assertEquals(q.questions.map((x: any) => x.input), ["scan"]);
  assertEquals(q.questions[0].ask, "Which scan (building) should this run on?");
});

Deno.test("cli: bad input exits 2 with a clear message; nothing stored is lost", async () => {
  const home = tempHome();
  assertEquals((await cli(home, ["prefs", "set", "space.min_ceiling_m", "2.2"])).code, 0);
  const cases: [string[], RegExp][] = [
    [["run", "nope"], /tool: no tool "nope"; tools: .*ceiling_height/],
    [["run", "ceiling_height", "--scan", "nowhere"], /scan: no scan "nowhere"; known scans: demo/],
    [
      ["run", "ceiling_height", "--scan", "demo", "--set", "min_height_m=-1"],
      /min_height_m: .*allowed: a number, ≥ 1 m, ≤ 6 m; given: -1/,
    ],
    [
      ["run", "ceiling_height", "--scan", "demo", "--set", "min_height_m=tall"],
      /min_height_m: .*expected number, received string.*given: "tall"/,
    ],
    [
      ["run", "ceiling_height", "--scan", "demo", "--set", "colour=red"],
      /colour: not an input of ceiling_height/,
    ],
    [
      ["prefs", "set", "space.min_ceilingz", "2"],
      /space\.min_ceilingz: unknown preference key; keys: access\.chair_width_m/,
    ],
    [["prefs", "set", "space.min_ceiling_m", "-2"], /space\.min_ceiling_m: .*got -2 \(unit: m\)/],
    [["use", "nowhere"], /scan: no scan "nowhere"/],
    [
      ["personas", "use", "astronaut"],
      /persona: no persona "astronaut"; personas: manual-wheelchair-user/,
    ],
    [["bogus"], /unknown command 'bogus'/],
  ];
  for (const [args, re] of cases) {
    const r = await cli(home, args);
    assertEquals(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assertMatch(r.stderr, re);
  }
  assertEquals((await cli(home, ["prefs", "get", "space.min_ceiling_m"])).stdout.trim(), "2.2");
});

Deno.test("cli: import a plan file, list, select, run from the selection", async () => {
  const home = tempHome();
  const imp = await cli(home, ["import", fixture("plans/heights.json"), "--id", "mine"]);
  assertEquals(imp.code, 0, imp.stderr);
  assertMatch(imp.stdout, /Imported .* as scan mine \(plan-json\)/);
  assertMatch((await cli(home, ["scans"])).stdout, /mine .*Three rooms/);
  assertEquals((await cli(home, ["use", "mine"])).code, 0);
  const r = JSON.parse((await cli(home, ["run", "ceiling_height", "--json"])).stdout);
  assertEquals(r.result.scan, "mine");
  assertEquals(r.result.inputs.scan, { value: "mine", from: "selection" });
  const plan = JSON.parse((await cli(home, ["plan", "mine", "--json"])).stdout);
  assertEquals(plan.rooms.length, 4);
});

Deno.test("cli: malformed and invalid plan files are clear errors and store nothing", async () => {
  const home = tempHome();
  const bad = join(home, "bad.json");
  await Deno.writeTextFile(bad, '{"id": "x", "floors": [');
  const r = await cli(home, ["import", bad]);
  assertEquals(r.code, 2);
  assertMatch(r.stderr, /bad\.json looks like JSON but is not valid: /);
  const invalid = join(home, "invalid.json");
  await Deno.writeTextFile(
    invalid,
    JSON.stringify({
      id: "y",
      floors: [{ id: "f", index: 0 }],
      rooms: [{ id: "r", floor: "f", label: "living", polygon: [[0, 0], [1, 1]] }],
    }),
  );
  const r2 = await cli(home, ["import", invalid]);
  assertEquals(r2.code, 2);
  assertMatch(r2.stderr, /rooms\[0\]\.polygon: needs at least 3 points, got 2/);
  assertEquals(
    JSON.parse((await cli(home, ["scans", "--json"])).stdout).scans.map((s: any) => s.id),
    ["demo"],
  );
});

Deno.test("cli: a self-intersecting room imports with a warning carried into results", async () => {
  const home = tempHome();
  const imp = await cli(home, ["import", fixture("plans/bowtie.json")]);
  assertEquals(imp.code, 0, imp.stderr);
  assertMatch(imp.stdout, /polygon intersects itself/);
  const r = JSON.parse(
    (await cli(home, ["run", "ceiling_height", "--scan", "bowtie", "--json"])).stdout,
  );
  assertOk(
    r.result.assumptions.some((a: any) =>
      /Scan bowtie: rooms\[0\] \(r1\): polygon intersects itself/.test(a.text)
    ),
  );
});

Deno.test("cli: personas fill inputs and become assumptions; own personas can be added", async () => {
  const home = tempHome();
  assertEquals((await cli(home, ["personas", "use", "building-inspector"])).code, 0);
  const r = JSON.parse(
    (await cli(home, ["run", "ceiling_height", "--scan", "demo", "--json"])).stdout,
  );
  assertEquals(r.result.inputs.min_height_m, { value: 2.1336, from: "persona" });
  const mine = join(home, "me.json");
  await Deno.writeTextFile(
    mine,
    JSON.stringify({
      id: "me",
      title: "me",
      preset: { "space.min_ceiling_m": { value: 2.4, source: "my own taste" } },
    }),
  );
  assertEquals((await cli(home, ["personas", "add", mine])).code, 0);
  const r2 = JSON.parse(
    (await cli(home, ["run", "ceiling_height", "--scan", "demo", "--persona", "me", "--json"]))
      .stdout,
  );
  assertEquals(r2.result.inputs.min_height_m, { value: 2.4, from: "persona" });
  const badP = join(home, "bad.json");
  await Deno.writeTextFile(badP, JSON.stringify({ id: "Bad Id", title: "", preset: {} }));
  const r3 = await cli(home, ["personas", "add", badP]);
  assertEquals(r3.code, 2);
  assertMatch(r3.stderr, /persona: id: persona ids are lowercase/);
  assertMatch(
    (await cli(home, ["personas", "list"])).stdout,
    /manual-wheelchair-user[\s\S]*tall-person[\s\S]*me /,
  );
});

Deno.test("cli: findings, reject and restore", async () => {
  const home = tempHome();
  await cli(home, ["run", "ceiling_height", "--scan", "demo", "--json"]);
  assertMatch((await cli(home, ["findings"])).stdout, /ceiling_height:room:u_attic/);
  const rej = await cli(home, [
    "reject",
    "ceiling_height:room:u_attic",
    "--reason",
    "it is storage",
  ]);
  assertEquals(rej.code, 0, rej.stderr);
  assertOk(!(await cli(home, ["findings"])).stdout.includes("u_attic"));
  assertMatch(
    (await cli(home, ["findings", "--all"])).stdout,
    /u_attic .*rejected .*it is storage/,
  );
  const again = JSON.parse(
    (await cli(home, ["run", "ceiling_height", "--scan", "demo", "--json"])).stdout,
  );
  assertOk(!again.result.findings.some((f: any) => f.id === "ceiling_height:room:u_attic"));
  assertEquals((await cli(home, ["restore", "ceiling_height:room:u_attic"])).code, 0);
  assertMatch((await cli(home, ["findings"])).stdout, /u_attic/);
  assertEquals((await cli(home, ["reject", "ceiling_height:room:nope"])).code, 2);
});

Deno.test("cli: sites add, list and show; schema plan", async () => {
  const home = tempHome();
  const add = await cli(home, [
    "sites",
    "add",
    "home",
    "--lat",
    "51.5",
    "--lon",
    "-0.12",
    "--address",
    "1 Test Lane",
    "--record",
    "year_built=1931",
  ]);
  assertEquals(add.code, 0, add.stderr);
  const list = JSON.parse((await cli(home, ["sites", "list", "--json"])).stdout);
  assertEquals(list.map((s: any) => s.id).sort(), ["demo", "home"]);
  const show = JSON.parse((await cli(home, ["sites", "show", "1 Test Lane", "--json"])).stdout);
  assertEquals(show.record, { year_built: 1931 });
  assertEquals((await cli(home, ["sites", "add", "x", "--lat", "95", "--lon", "0"])).code, 2);
  // A scan's site, placed by a person: `sites show <scan>` and the tools use it.
  const mine = ["--scan", "demo", "--lat", "46.63", "--lon", "10.65"];
  assertEquals((await cli(home, ["sites", "add", "plot", ...mine])).code, 0);
  const placed = JSON.parse((await cli(home, ["sites", "show", "demo", "--json"])).stdout);
  assertEquals([placed.id, placed.lat, placed.lon, placed.north_deg], ["plot", 46.63, 10.65, 15]);
  // One stored site per scan: a second is refused, naming the first; nothing changes.
  const second = await cli(home, ["sites", "add", "plot2", ...mine]);
  assertEquals(second.code, 2);
  assertMatch(second.stderr, /--scan: scan demo already has a stored site, "plot"/);
  const after = JSON.parse((await cli(home, ["sites", "list", "--json"])).stdout);
  assertEquals(after.map((s: any) => s.id).sort(), ["home", "plot"]);
  const schema = JSON.parse((await cli(home, ["schema", "plan"])).stdout);
  assertOk(schema.properties.rooms);
});

Deno.test("cli: a corrupt store is a clear error naming the file, never silent loss", async () => {
  const home = tempHome();
  const file = join(home, "threshold.db");
  await Deno.writeTextFile(file, "not sqlite ".repeat(500));
  const r = await cli(home, ["scans"]);
  assertEquals(r.code, 1);
  assertMatch(r.stderr, new RegExp(`store ${file}: cannot be read as a threshold store`));
  assertEquals(await Deno.readTextFile(file), "not sqlite ".repeat(500));
});

Deno.test("cli: docs/tools.md is not stale", async () => {
  const r = await cli(tempHome(), ["docs", "--check"]);
  assertEquals(r.code, 0, `${r.stderr} — run: deno task docs`);
});

Deno.test("cli: demo runs every tool on the demo building and writes pictures", async () => {
  const home = tempHome();
  const outDir = join(home, "pics");
  const r = await cli(home, ["demo", "--out", outDir]);
  assertEquals(r.code, 0, r.stderr);
  assertMatch(r.stdout, /ceiling_height/);
  assertMatch(r.stdout, new RegExp(`PlanView pictures are in ${outDir}`));
  const png = await Deno.readFile(join(outDir, "ceiling_height.png"));
  assertEquals([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
});

Deno.test("cli: on a terminal, a missing input is asked and the answer can be kept", async () => {
  const home = tempHome();
  // `script` gives the command a pseudo-terminal; the answers go to its stdin.
  const child = new Deno.Command("script", {
    args: ["-qec", `${Deno.execPath()} run -A cli.ts run ceiling_height`, "/dev/null"],
    cwd: new URL("../../", import.meta.url),
    env: { THRESHOLD_HOME: home, NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  const enc = new TextEncoder();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await sleep(2500);
  await w.write(enc.encode("demo\n"));
  await sleep(1500);
  await w.write(enc.encode("y\n"));
  await sleep(1500);
  await w.close();
  const out = await child.output();
  const text = new TextDecoder().decode(out.stdout);
  assertMatch(text, /Which scan \(building\) should this run on\?/);
  assertMatch(text, /FAIL {2}ceiling_height on demo/);
  const s = openStore(home);
  assertEquals(s.getSelection("scan"), "demo");
  s.close();
});
