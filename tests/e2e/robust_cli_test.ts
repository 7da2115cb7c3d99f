/**
 * The command line's smaller robustness items (issue 13): conflicting values, numbers too
 * large, scan ids, the built-in demo, `scans rm`, packs that are not regular files, and
 * control characters from a file kept off the terminal.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openStore } from "../../core/store.ts";
import { cli, cliError, tempHome } from "../_cli.ts";
import { assertGolden } from "../_golden.ts";

Deno.test("cli: --scan and --set scan that disagree are refused; a number too large says so", async () => {
  const home = tempHome();
  const r = await cli(home, ["run", "ceiling_height", "--scan", "demo", "--set", "scan=nope"]);
  assert.equal(r.code, 2);
  assert.equal(cliError(r).input, "--scan");
  const big = await cli(home, [
    "run",
    "ceiling_height",
    "--scan",
    "demo",
    "--set",
    "min_height_m=1e309",
  ]);
  assert.equal(big.code, 2);
  assert.deepEqual(cliError(big).input.split(" "), ["--set", "min_height_m"]);
  await assertGolden("cli.robust.conflicts", {
    conflict: cliError(r).line,
    too_large: cliError(big).line,
  });
  // The same value twice is no conflict.
  const same = await cli(home, ["run", "ceiling_height", "--scan", "demo", "--set", "scan=demo"]);
  assert.equal(same.code, 0, same.stderr);
});

Deno.test('cli: --id "" and ids outside the alphabet are refused; importing over demo is refused', async () => {
  const home = tempHome();
  const file = join(home, "p.json");
  Deno.writeTextFileSync(
    file,
    JSON.stringify({
      id: "mine",
      floors: [{ id: "f0", index: 0 }],
      rooms: [{ id: "r", floor: "f0", label: "living", polygon: [[0, 0], [3, 0], [3, 3], [0, 3]] }],
    }),
  );
  const said: Record<string, string> = {};
  for (const id of ["", "a b", "demo"]) {
    const r = await cli(home, ["import", file, "--id", id]);
    assert.equal(r.code, 2, `--id ${JSON.stringify(id)}`);
    // Each names the flag; the id itself is quoted in the message (golden file).
    const e = cliError(r);
    assert.equal(e.input, "--id", e.line);
    if (id) assert.ok(e.line.includes(JSON.stringify(id)), e.line);
    said[JSON.stringify(id)] = e.line;
  }
  await assertGolden("cli.robust.ids", said);
  const scans = JSON.parse((await cli(home, ["scans", "--json"])).stdout).scans;
  assert.deepEqual(scans.map((s: { id: string }) => s.id), ["demo"], "nothing stored");
  // The demo is still the built-in one.
  assert.equal(scans[0].builtin, true);
});

Deno.test("cli: scans rm deletes a scan with its runs and findings; demo and unknown ids are errors", async () => {
  const home = tempHome();
  const file = join(home, "p.json");
  Deno.writeTextFileSync(
    file,
    JSON.stringify({
      id: "low",
      floors: [{ id: "f0", index: 0 }],
      rooms: [{
        id: "r",
        floor: "f0",
        label: "living",
        polygon: [[0, 0], [3, 0], [3, 3], [0, 3]],
        height_m: 1.9,
      }],
    }),
  );
  assert.equal((await cli(home, ["import", file])).code, 0);
  assert.equal((await cli(home, ["run", "ceiling_height", "--scan", "low"])).code, 0);
  const ids = async (...a: string[]) =>
    JSON.parse((await cli(home, ["findings", "--json", ...a])).stdout).map((f: any) => f.id);
  assert.deepEqual(await ids(), ["ceiling_height:room:r"]);
  const runs = () => {
    const s = openStore(home);
    const n = s.listRuns({ scan: "low" }).length;
    s.close();
    return n;
  };
  assert.equal(runs(), 1);
  const rm = await cli(home, ["scans", "rm", "low"]);
  assert.equal(rm.code, 0, rm.stderr);
  assert.deepEqual(await ids("--all"), [], "its findings went with it");
  assert.equal(runs(), 0, "and its runs");
  const again = await cli(home, ["scans", "rm", "low"]);
  assert.equal(again.code, 2);
  const demo = await cli(home, ["scans", "rm", "demo"]);
  assert.equal(demo.code, 2);
  await assertGolden("cli.robust.scans_rm", {
    deleted: rm.stdout.trim(),
    no_findings: (await cli(home, ["findings", "--all"])).stdout.trim(),
    again: cliError(again).line,
    demo: cliError(demo).line,
  });
  assert.equal((await cli(home, ["sites", "add", "plot", "--lat", "1", "--lon", "2"])).code, 0);
  const srm = await cli(home, ["sites", "rm", "plot"]);
  assert.equal(srm.code, 0, srm.stderr);
  assert.equal((await cli(home, ["sites", "rm", "plot"])).code, 2);
});

Deno.test({
  name: "cli: --pack, add-raster and personas add refuse /dev/zero and folders at once",
  ignore: Deno.build.os === "windows",
  async fn() {
    const home = tempHome();
    const t0 = performance.now();
    const r = await cli(home, ["run", "code_check", "--scan", "demo", "--pack", "/dev/zero"]);
    assert.equal(r.code, 2);
    assert.equal(cliError(r).input, "--pack");
    const d = await cli(home, ["run", "code_check", "--scan", "demo", "--set", `pack=${home}/`]);
    assert.equal(d.code, 2);
    assert.ok(cliError(d).line.includes(home), "names the folder");
    const raster = await cli(home, [
      "sites",
      "add-raster",
      "demo",
      "/dev/zero",
      "--kind",
      "elevation",
    ]);
    assert.equal(raster.code, 2);
    const persona = await cli(home, ["personas", "add", "/dev/zero"]);
    assert.equal(persona.code, 2);
    // Each names the file it refused.
    for (const x of [r, raster, persona]) assert.ok(cliError(x).line.includes("/dev/zero"));
    await assertGolden("cli.robust.not_regular", {
      pack: cliError(r).line,
      folder: cliError(d).line.replaceAll(home, "<home>"),
      raster: cliError(raster).line,
      persona: cliError(persona).line,
    });
    assert.ok(performance.now() - t0 < 60_000);
  },
});

Deno.test("cli: names with escape sequences reach the terminal without them", async () => {
  const home = tempHome();
  const file = join(home, "evil.json");
  Deno.writeTextFileSync(
    file,
    JSON.stringify({
      id: "evil",
      name: "House \u001b[2J\u001b[31mred",
      floors: [{ id: "f0", index: 0, name: "Ground \u001b]0;pwned\u0007" }],
      rooms: [{
        id: "r",
        floor: "f0",
        label: "living",
        name: "Room\u009b2J\u0000",
        polygon: [[0, 0], [3, 0], [3, 3], [0, 3]],
        height_m: 2.5,
      }],
    }),
  );
  const imp = await cli(home, ["import", file]);
  assert.equal(imp.code, 0, imp.stderr);
  const report = JSON.parse((await cli(tempHome(), ["import", file, "--json"])).stdout).report;
  await assertGolden("cli.robust.control_chars", { warnings: report.warnings });
  for (const args of [["scans"], ["plan", "evil"], ["run", "ceiling_height", "--scan", "evil"]]) {
    const r = await cli(home, args);
    assert.equal(r.code, 0, r.stderr);
    const control = [...(r.stdout + r.stderr)].filter((c) => {
      const n = c.charCodeAt(0);
      return (n <= 0x1f && n !== 0x09 && n !== 0x0a) || (n >= 0x7f && n <= 0x9f);
    });
    assert.deepEqual(control, [], args.join(" "));
  }
  const scans = JSON.parse((await cli(home, ["scans", "--json"])).stdout).scans;
  const evil = scans.find((x: { id: string }) => x.id === "evil");
  assert.equal(evil.name, "House red", "the name kept, its escape sequences gone");
});
