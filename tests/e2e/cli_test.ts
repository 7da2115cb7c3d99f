import { assertEquals, assertOk } from "../_assert.ts";
import { cli, tableRecords, tempHome } from "../_cli.ts";
import { fixture } from "../_data.ts";
import { loadRegistry } from "../../core/registry.ts";
import { openStore } from "../../core/store.ts";
import { join } from "node:path";
import { assertGolden } from "../_golden.ts";

/** The cells of the table row whose first cell is `first` (a terminal table drawn with │). */
function row(table: string, first: string, col = 0): string[] | undefined {
  return table.split("\n").map((l) => l.split("│").slice(1, -1).map((c) => c.trim()))
    .find((cells) => cells[col] === first);
}

/** Lists of what is allowed grow with the tree: golden files keep a list's first entry. */
function firstOfLists(message: string): string {
  for (
    const k of ["; tools: ", "; keys: ", "; personas: ", "; known scans: ", "; its inputs are: "]
  ) {
    const i = message.indexOf(k);
    if (i >= 0) return message.slice(0, i + k.length) + message.slice(i + k.length).split(", ")[0];
  }
  return message;
}

/** Printed lines, the temporary home written as <home> (golden files hold no machine's path). */
const lines = (text: string, home?: string) =>
  (home ? text.replaceAll(home, "<home>") : text).trimEnd().split("\n");

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
  assertEquals(row(table.stdout, "ceiling_height")?.[1], ch.title);
});

Deno.test("cli: show names each input's fill sources", async () => {
  const r = await cli(tempHome(), ["show", "ceiling_height"], { COLUMNS: "250" });
  assertEquals(r.code, 0);
  // Each input's allowed values and fill order, in words; no internal block names.
  assertEquals(r.stdout.includes("VerdictHeader"), false);
  assertEquals(row(r.stdout, "min_height_m")?.[2], "m");
  await assertGolden("cli.show.ceiling_height", {
    scan: row(r.stdout, "scan"),
    min_height_m: row(r.stdout, "min_height_m"),
  });
});

Deno.test("cli: run renders blocks; --json gives run_id, result and for_model", async () => {
  const home = tempHome();
  const t = await cli(home, ["run", "ceiling_height", "--scan", "demo"]);
  assertEquals(t.code, 0, t.stderr);
  const j = await cli(home, ["run", "ceiling_height", "--scan", "demo", "--json"]);
  const out = JSON.parse(j.stdout);
  assertEquals(out.result.verdict.status, "fail");
  // The table shows the result's numbers and statuses: the lowest ceiling, the study's warn.
  const lowest = out.result.metrics.find((m: any) => m.id === "lowest_height_m");
  assertEquals(row(t.stdout, lowest.label)?.slice(1), [String(lowest.value), lowest.unit]);
  const study = out.result.checks.find((c: any) => c.subject === "u_study");
  assertEquals(study.status, "warn");
  assertEquals(row(t.stdout, study.label)?.[1], "warn");
  // How it is said, as a whole (the terminal's rendering of the same result).
  // (less the last line, which names this run's random id)
  const printed = lines(t.stdout);
  const [word, runId] = printed.at(-1)!.split(" ");
  assertOk(word === "run" && runId.startsWith("ceiling_height-"), printed.at(-1));
  await assertGolden("cli.run.ceiling_height.demo", printed.slice(0, -1));
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
  await assertGolden("cli.questions.scan", { ask: q.questions[0].ask });
});

Deno.test("cli: bad input exits 2 with a clear message; nothing stored is lost", async () => {
  const home = tempHome();
  assertEquals((await cli(home, ["prefs", "set", "space.min_ceiling_m", "2.2"])).code, 0);
  // Each case: the arguments and the input its message must name first (`input: problem`).
  const cases: [string[], string][] = [
    [["run", "nope"], "tool"],
    [["run", "ceiling_height", "--scan", "nowhere"], "scan"],
    [["run", "ceiling_height", "--scan", "demo", "--set", "min_height_m=-1"], "min_height_m"],
    [["run", "ceiling_height", "--scan", "demo", "--set", "min_height_m=tall"], "min_height_m"],
    [["run", "ceiling_height", "--scan", "demo", "--set", "colour=red"], "colour"],
    [["prefs", "set", "space.min_ceilingz", "2"], "space.min_ceilingz"],
    [["prefs", "set", "space.min_ceiling_m", "-2"], "space.min_ceiling_m"],
    [["use", "nowhere"], "scan"],
    [["personas", "use", "astronaut"], "persona"],
    [["bogus"], "error"],
  ];
  const said: Record<string, string> = {};
  for (const [args, input] of cases) {
    const r = await cli(home, args);
    assertEquals(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    const message = r.stderr.trim().split("\n")[0].replace("threshold: ", "");
    assertEquals(message.split(": ")[0], input, message);
    said[args.join(" ")] = firstOfLists(message);
  }
  await assertGolden("cli.bad_input", said);
  assertEquals((await cli(home, ["prefs", "get", "space.min_ceiling_m"])).stdout.trim(), "2.2");
});

Deno.test("cli: import a plan file, list, select, run from the selection", async () => {
  const home = tempHome();
  const imp = await cli(home, ["import", fixture("plans/heights.json"), "--id", "mine"]);
  assertEquals(imp.code, 0, imp.stderr);
  const plan0 = JSON.parse(await Deno.readTextFile(fixture("plans/heights.json")));
  const scans = JSON.parse((await cli(home, ["scans", "--json"])).stdout).scans;
  const mine = scans.find((x: any) => x.id === "mine");
  assertEquals([mine.name, mine.format], [plan0.name, "plan-json"]);
  // The table shows the scan's name (wrapped in its column).
  const cell = row((await cli(home, ["scans"])).stdout, "mine", 1)![2];
  assertOk(cell.length > 5 && plan0.name.startsWith(cell), cell);
  await assertGolden("cli.import.heading", {
    first_line: lines(imp.stdout.replace(fixture("plans/heights.json"), "<file>"))[0],
  });
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
  const malformed = r.stderr.trim().replaceAll(bad, "<file>").replace("threshold: ", "");
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
  await assertGolden("cli.import.errors", {
    malformed,
    invalid: lines(r2.stderr, home).filter((l) => l.includes("rooms[0]")),
  });
  assertEquals(
    JSON.parse((await cli(home, ["scans", "--json"])).stdout).scans.map((s: any) => s.id),
    ["demo"],
  );
});

Deno.test("cli: a self-intersecting room imports with a warning carried into results", async () => {
  const home = tempHome();
  const imp = await cli(home, ["import", fixture("plans/bowtie.json")]);
  assertEquals(imp.code, 0, imp.stderr);
  const report = JSON.parse(
    (await cli(tempHome(), ["import", fixture("plans/bowtie.json"), "--json"])).stdout,
  ).report;
  const r = JSON.parse(
    (await cli(home, ["run", "ceiling_height", "--scan", "bowtie", "--json"])).stdout,
  );
  // Every import warning is carried into the run's assumptions, each said once.
  // The plan's own warning (the self-intersection) is carried into the run's assumptions.
  const fromPlan = r.result.assumptions.filter((a: any) => a.from === "plan");
  assertEquals(fromPlan.length, 1);
  const warnings = report.warnings as string[];
  assertOk(warnings.some((w) => fromPlan[0].text.endsWith(`${w}.`)), fromPlan[0].text);
  await assertGolden("cli.import.bowtie", { warnings, carried: fromPlan[0].text });
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
  const badId = r3.stderr.trim().replace("threshold: ", "");
  assertEquals(badId.split(": ").slice(0, 2), ["persona", "id"], badId);
  await assertGolden("cli.personas.bad_id", { error: badId });
  // The list: the built-in personas in their order, then the one added.
  const listed = (await cli(home, ["personas", "list", "--json"])).stdout;
  const ids = JSON.parse(listed).personas.map((p: any) => p.id);
  assertEquals(ids.at(-1), "me");
  assertOk(ids.indexOf("manual-wheelchair-user") < ids.indexOf("tall-person"));
});

Deno.test("cli: findings, reject and restore", async () => {
  const home = tempHome();
  await cli(home, ["run", "ceiling_height", "--scan", "demo", "--json"]);
  const attic = "ceiling_height:room:u_attic";
  const reason = "it is storage"; // what the person typed: data that round-trips
  const ids = async (...more: string[]) =>
    JSON.parse((await cli(home, ["findings", "--json", ...more])).stdout).map((f: any) => f.id);
  assertOk((await ids()).includes(attic));
  // The table: the finding's number (kept for good), its whole id (never wrapped), its status.
  const listed = (t: string) => tableRecords(t).find((r) => r.Finding === attic);
  const first = listed((await cli(home, ["findings"])).stdout);
  assertEquals(first?.Status, "open", "the table");
  assertOk(/^\d+$/.test(first!["#"]), `a number: ${first!["#"]}`);
  const rej = await cli(home, [
    "reject",
    "ceiling_height:room:u_attic",
    "--reason",
    reason,
  ]);
  assertEquals(rej.code, 0, rej.stderr);
  assertOk(!(await cli(home, ["findings"])).stdout.includes("u_attic"));
  const all = JSON.parse((await cli(home, ["findings", "--all", "--json"])).stdout);
  const rejected = all.find((f: any) => f.id === attic);
  assertEquals([rejected.status, rejected.reason], ["rejected", reason]);
  const shown = listed((await cli(home, ["findings", "--all"])).stdout)!;
  assertEquals([shown.Status, shown.Reason], ["rejected", reason], "the table says so");
  const again = JSON.parse(
    (await cli(home, ["run", "ceiling_height", "--scan", "demo", "--json"])).stdout,
  );
  assertOk(!again.result.findings.some((f: any) => f.id === "ceiling_height:room:u_attic"));
  // Restored by the number the table listed it under (`findings restore N`).
  assertEquals((await cli(home, ["findings", "restore", first!["#"]])).code, 0);
  assertOk((await ids()).includes(attic), "restored");
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
  const twice = second.stderr.trim().replace("threshold: ", "");
  assertEquals(twice.split(": ")[0], "--scan", twice);
  await assertGolden("cli.sites.second", { error: twice });
  const after = JSON.parse((await cli(home, ["sites", "list", "--json"])).stdout);
  assertEquals(after.map((s: any) => s.id).sort(), ["home", "plot"]);
  const schema = JSON.parse((await cli(home, ["schema", "plan"])).stdout);
  assertOk(schema.properties.rooms);
});

Deno.test("cli: a corrupt store is a clear error naming the file, never silent loss", async () => {
  const home = tempHome();
  const file = join(home, "threshold.db");
  const junk = "not sqlite ".repeat(500); // a file that is not a database
  await Deno.writeTextFile(file, junk);
  const r = await cli(home, ["scans"]);
  assertEquals(r.code, 1);
  // A StoreError naming the file.
  const [head] = r.stderr.trim().split("\n");
  assertOk(head.includes(file), head);
  await assertGolden("cli.store.corrupt", { error: head.replace(file, "<file>") });
  assertEquals(await Deno.readTextFile(file), junk, "the file is left as it was");
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
  // Every tool with a PlanView wrote its picture; the output names the folder.
  const reg = await loadRegistry();
  for (const m of reg.tools.filter((t) => t.blocks.includes("PlanView"))) {
    assertOk(r.stdout.includes(m.id), m.id);
  }
  assertOk(r.stdout.includes(outDir), "the folder is named");
  const png = await Deno.readFile(join(outDir, "ceiling_height.png"));
  assertEquals([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
});

Deno.test("cli: on a terminal, a missing input is asked and the answer can be kept", async () => {
  const home = tempHome();
  // The scan question, as --json gives it without a terminal.
  const asked = JSON.parse((await cli(tempHome(), ["run", "ceiling_height"])).stdout);
  // `script` gives the command a pseudo-terminal; the answers go to its stdin, each once the
  // command shows its prompt (the terminal echoes what is typed, so the output holds both).
  const child = new Deno.Command("script", {
    args: ["-qec", `${Deno.execPath()} run -A cli.ts run ceiling_height`, "/dev/null"],
    cwd: new URL("../../", import.meta.url),
    env: { THRESHOLD_HOME: home, NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  // A command that waits without showing the prompt is ended, so the test fails, not hangs.
  const guard = setTimeout(() => child.kill(), 120_000);
  const w = child.stdin.getWriter();
  const enc = new TextEncoder(), dec = new TextDecoder();
  const reader = child.stdout.getReader();
  let text = "";
  const until = async (shown: string) => {
    while (!text.includes(shown)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the command ended before it showed "${shown}": ${text}`);
      text += dec.decode(value, { stream: true });
    }
  };
  await until(asked.questions[0].ask);
  await w.write(enc.encode("demo\n"));
  await until("for later runs?");
  await w.write(enc.encode("y\n"));
  await w.close();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += dec.decode(value, { stream: true });
  }
  await child.status;
  clearTimeout(guard);
  // It asked the scan question (the one --json gives without a terminal), then ran.
  assertOk(text.includes(asked.questions[0].ask), text);
  const status = text.split("\n").find((l) => l.includes("ceiling_height on demo"));
  assertEquals(status?.split(" ")[0], "FAIL", text);
  const s = openStore(home);
  assertEquals(s.getSelection("scan"), "demo");
  s.close();
});
