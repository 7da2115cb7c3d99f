/**
 * Every table a person may want as a file (issue 24 §6): `--csv` on a tool whose answer is its
 * checks writes them (subject names, measured, limit, unit, status, rule), numbers rounded to
 * their precision; a tool with nothing to tabulate is refused before anything runs.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { cli, tempHome } from "../_cli.ts";
import { clipWords } from "../../ground/text.ts";
import { toCsv } from "../../render/table.ts";

Deno.test("--csv: door_clearance writes its checks by door name, rounded, with the rule", async () => {
  const home = tempHome();
  const file = join(home, "doors.csv");
  const r = await cli(home, [
    "run",
    "door_clearance",
    "--scan",
    "demo",
    "--set",
    "min_clear_width_m=0.815",
    "--csv",
    file,
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /door_clearance/i, "the result is printed as well");
  const lines = Deno.readTextFileSync(file).trim().split("\n");
  assert.equal(lines[0], "check,status,measured,limit,unit,rule,note");
  assert.ok(lines.length > 3);
  const bath = lines.find((l) => /bathroom/i.test(l));
  assert.ok(bath, "a row names the bathroom door");
  assert.match(bath!, /,fail,0\.\d+,0\.815,m,/);
  for (const l of lines.slice(1)) assert.doesNotMatch(l, /\d\.\d{13,}/, `no float noise: ${l}`);
});

Deno.test("--csv: refused before the run when the tool gives no table or checks", async () => {
  const home = tempHome();
  const r = await cli(home, [
    "run",
    "ceiling_height",
    "--scan",
    "demo",
    "--csv",
    "/no/such/dir/x.csv",
  ]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--csv: \/no\/such\/dir is not a folder; nothing was run/);
});

Deno.test("toCsv rounds numbers to 12 significant digits; clipWords never cuts mid-word", () => {
  assert.equal(
    toCsv({ columns: ["a", "b"], rows: [[0.7100000000000001, 1 / 3]] }),
    "a,b\n0.71,0.333333333333\n",
  );
  assert.equal(
    clipWords("import of broken.json failed: it looks like JSON", 30),
    "import of broken.json failed:…",
  );
  assert.equal(clipWords("short", 30), "short");
  assert.equal(clipWords("averyveryverylongwordwithoutspaces", 10), "averyvery…");
});
