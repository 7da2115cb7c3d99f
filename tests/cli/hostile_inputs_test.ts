/**
 * Issue 31 § 6 on the command line: a plan nested 10,000 deep is a clear error naming the
 * file (exit 2, no stack overflow); the import success line strips terminal escapes from the
 * file name; `--set to=101` is the text "101" for a text input; a paint coverage of 1e-320 is
 * an input error naming the input and its range (exit 2); `--csv` prefixes formula cells.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { cli, tempHome } from "../_cli.ts";

const demo = () =>
  JSON.parse(Deno.readTextFileSync(new URL("../../fixtures/demo/plan.json", import.meta.url)));

Deno.test("cli hostile: a plan nested 10,000 deep is refused naming the file, exit 2", async () => {
  const dir = Deno.makeTempDirSync();
  const file = join(dir, "deep.json");
  const p = { ...demo(), id: "deep" };
  const text = JSON.stringify(p);
  Deno.writeTextFileSync(
    file,
    `${text.slice(0, -1)},"extra":${"[".repeat(10_000)}${"]".repeat(10_000)}}`,
  );
  const r = await cli(tempHome(), ["import", file]);
  assert.equal(r.code, 2, r.stderr);
  assert.match(
    r.stderr,
    new RegExp(`${file.replaceAll("/", "\\/")}: nests more than 64 levels deep \\(at extra\\[0\\]`),
  );
  assert.doesNotMatch(r.stderr, /call stack/);
});

Deno.test("cli hostile: the import success line strips terminal escapes from the file name", async () => {
  const dir = Deno.makeTempDirSync();
  const file = join(dir, "a\u001b]0;pwned\u0007\u001b[31mred\u202E.json");
  Deno.writeTextFileSync(file, JSON.stringify({ ...demo(), id: "esc" }));
  const r = await cli(tempHome(), ["import", file]);
  assert.equal(r.code, 0, r.stderr);
  const first = r.stdout.split("\n")[0];
  assert.equal(first, `Imported ${join(dir, "ared.json")} as scan esc (plan-json)`);
});

Deno.test("cli hostile: --set to=101 is the text 101 for a text input; a number input still reads numbers", async () => {
  const home = tempHome();
  const r = await cli(home, [
    "run",
    "will_it_fit",
    "--scan",
    "demo",
    "--set",
    "item=sofa",
    "--set",
    "to=101",
  ]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /to: no room "101" in scan demo/);
  assert.doesNotMatch(r.stderr, /expected string/);
  const n = await cli(home, [
    "run",
    "takeoff",
    "--scan",
    "demo",
    "--set",
    "paint_coats=3",
    "--json",
  ]);
  assert.equal(n.code, 0, n.stderr);
  assert.equal(JSON.parse(n.stdout).result.inputs.paint_coats.value, 3);
});

Deno.test("cli hostile: paint_coverage_m2_per_l=1e-320 is an input error naming its range, exit 2", async () => {
  const r = await cli(tempHome(), [
    "run",
    "takeoff",
    "--scan",
    "demo",
    "--set",
    "paint_coverage_m2_per_l=1e-320",
  ]);
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /paint_coverage_m2_per_l: .*≥ 0\.1 m²\/L, ≤ 50 m²\/L; given: 1e-320/);
  assert.doesNotMatch(r.stdout + r.stderr, /ToolResult schema/);
});

Deno.test("cli hostile: --csv prefixes a room name that a spreadsheet would run as a formula", async () => {
  const home = tempHome();
  const dir = Deno.makeTempDirSync();
  const file = join(dir, "f.json");
  const p = { ...demo(), id: "formula" };
  p.rooms[0].name = '=HYPERLINK("http://evil.example","x")';
  Deno.writeTextFileSync(file, JSON.stringify(p));
  assert.equal((await cli(home, ["import", file])).code, 0);
  const csv = join(dir, "t.csv");
  const r = await cli(home, ["run", "takeoff", "--scan", "formula", "--csv", csv]);
  assert.equal(r.code, 0, r.stderr);
  const text = Deno.readTextFileSync(csv);
  assert.match(text, /"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)/);
  assert.doesNotMatch(text, /(^|,)=HYPERLINK/m);
});
