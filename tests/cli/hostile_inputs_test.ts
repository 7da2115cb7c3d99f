/**
 * Issue 31 § 6 on the command line: a plan nested 10,000 deep is a clear error naming the
 * file (exit 2, no stack overflow); the import success line strips terminal escapes from the
 * file name; `--set to=101` is the text "101" for a text input; a paint coverage of 1e-320 is
 * an input error naming the input and its range (exit 2); `--csv` prefixes formula cells.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { cli, cliError, tempHome } from "../_cli.ts";
import { assertGolden } from "../_golden.ts";
import { toCsv } from "../../render/table.ts";

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
  const e = cliError(r);
  assert.ok(e.line.includes(file), e.line);
  assert.equal(r.stderr.includes("RangeError"), false, "no stack overflow");
  await assertGolden("cli.hostile.deep", { error: e.line.replace(file, "<file>") });
});

Deno.test("cli hostile: the import success line strips terminal escapes from the file name", async () => {
  const dir = Deno.makeTempDirSync();
  const file = join(dir, "a\u001b]0;pwned\u0007\u001b[31mred\u202E.json");
  Deno.writeTextFileSync(file, JSON.stringify({ ...demo(), id: "esc" }));
  const r = await cli(tempHome(), ["import", file]);
  assert.equal(r.code, 0, r.stderr);
  const first = r.stdout.split("\n")[0];
  // The file name as printed: the same line as for a clean name, the escapes gone.
  const clean = join(dir, "ared.json");
  Deno.copyFileSync(file, clean);
  const plain = await cli(tempHome(), ["import", clean]);
  assert.equal(first, plain.stdout.split("\n")[0]);
  assert.ok(first.includes(clean), first);
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
  // Read as the text "101": a room that does not exist, not a type error.
  const e = cliError(r);
  assert.equal(e.input, "to");
  assert.ok(e.line.includes('"101"'), e.line);
  await assertGolden("cli.hostile.text_input", { error: e.line.split("; rooms:")[0] });
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
  const e = cliError(r);
  assert.equal(e.input, "paint_coverage_m2_per_l");
  assert.equal((r.stdout + r.stderr).includes("ToolResult"), false, "not a result-schema error");
  await assertGolden("cli.hostile.tiny_number", { error: e.line });
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
  // The name is there as the CSV writer prefixes and quotes it (tests/render/csv_test.ts).
  const cell = toCsv({ columns: ["x"], rows: [[p.rooms[0].name]] }).split("\n")[1];
  assert.ok(cell.startsWith(`"'=`), cell);
  assert.ok(text.includes(cell), "the prefixed name");
  // No cell starts with = (at a line's start or after a comma).
  const lines = text.split("\n");
  assert.deepEqual(lines.filter((l) => l.startsWith("=") || l.includes(",=")), []);
});
