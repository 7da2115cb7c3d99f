/**
 * The command line's smaller robustness items (issue 13): conflicting values, numbers too
 * large, scan ids, the built-in demo, `scans rm`, packs that are not regular files, and
 * control characters from a file kept off the terminal.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { cli, tempHome } from "../_cli.ts";

Deno.test("cli: --scan and --set scan that disagree are refused; a number too large says so", async () => {
  const home = tempHome();
  const r = await cli(home, ["run", "ceiling_height", "--scan", "demo", "--set", "scan=nope"]);
  assert.equal(r.code, 2);
  assert.match(
    r.stderr,
    /--scan: --scan "demo" conflicts with scan="nope" given as well; give it once/,
  );
  const big = await cli(home, [
    "run",
    "ceiling_height",
    "--scan",
    "demo",
    "--set",
    "min_height_m=1e309",
  ]);
  assert.equal(big.code, 2);
  assert.match(big.stderr, /--set min_height_m: 1e309 is too large to be a number/);
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
  for (
    const [id, pattern] of [["", /--id: a scan id may not be empty/], [
      "a b",
      /"a b" is not a valid scan id/,
    ], ["demo", /"demo" is the built-in demo building's scan id/]] as const
  ) {
    const r = await cli(home, ["import", file, "--id", id]);
    assert.equal(r.code, 2, `--id ${JSON.stringify(id)}`);
    assert.match(r.stderr, pattern);
  }
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
  assert.match((await cli(home, ["findings"])).stdout, /ceiling_height:room:r/);
  const rm = await cli(home, ["scans", "rm", "low"]);
  assert.equal(rm.code, 0, rm.stderr);
  assert.match(rm.stdout, /Deleted scan low with its runs and findings/);
  assert.match((await cli(home, ["findings", "--all"])).stdout, /No findings\./);
  const again = await cli(home, ["scans", "rm", "low"]);
  assert.equal(again.code, 2);
  assert.match(again.stderr, /no stored scan "low"/);
  const demo = await cli(home, ["scans", "rm", "demo"]);
  assert.equal(demo.code, 2);
  assert.match(demo.stderr, /built-in demo building; it cannot be deleted/);
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
    assert.match(r.stderr, /--pack: pack file \/dev\/zero is not a regular file/);
    const d = await cli(home, ["run", "code_check", "--scan", "demo", "--set", `pack=${home}/`]);
    assert.equal(d.code, 2);
    assert.match(d.stderr, /is a folder/);
    const raster = await cli(home, [
      "sites",
      "add-raster",
      "demo",
      "/dev/zero",
      "--kind",
      "elevation",
    ]);
    assert.equal(raster.code, 2);
    assert.match(raster.stderr, /raster \/dev\/zero is not a regular file/);
    const persona = await cli(home, ["personas", "add", "/dev/zero"]);
    assert.equal(persona.code, 2);
    assert.match(persona.stderr, /\/dev\/zero is not a regular file/);
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
  assert.match(imp.stdout, /1 text value\(s\)|text value\(s\) held control characters/);
  for (const args of [["scans"], ["plan", "evil"], ["run", "ceiling_height", "--scan", "evil"]]) {
    const r = await cli(home, args);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(
      r.stdout + r.stderr,
      // deno-lint-ignore no-control-regex
      /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/,
      args.join(" "),
    );
  }
  assert.match((await cli(home, ["scans"])).stdout, /House red/);
});
