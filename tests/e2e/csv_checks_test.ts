/**
 * Every table a person may want as a file (issue 24 §6): `--csv` on a tool whose answer is its
 * checks writes them (subject names, measured, limit, unit, status, rule), numbers rounded to
 * their precision; a tool with nothing to tabulate is refused before anything runs.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { cli, cliError, tempHome } from "../_cli.ts";
import { assertGolden } from "../_golden.ts";
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
  assert.ok(r.stdout.includes("door_clearance"), "the result is printed as well");
  const lines = Deno.readTextFileSync(file).trim().split("\n");
  assert.equal(lines[0], "check,status,measured,limit,unit,rule,note");
  // One row per check, in the result's order, from its own figures (rounded) by door name.
  const checks = JSON.parse(
    (await cli(home, [
      "run",
      "door_clearance",
      "--scan",
      "demo",
      "--set",
      "min_clear_width_m=0.815",
      "--json",
    ])).stdout,
  ).result.checks as { label: string; status: string; measured: number; limit: number }[];
  assert.equal(lines.length, checks.length + 1);
  const want = toCsv({
    columns: ["check", "status", "measured", "limit"],
    rows: checks.map((c) => [c.label, c.status, c.measured, c.limit]),
  }).trim().split("\n").slice(1);
  assert.deepEqual(lines.slice(1).map((l, i) => l.slice(0, want[i].length)), want);
  assert.ok(checks.some((c) => c.status === "fail" && c.limit === 0.815), "a door fails 0.815 m");
  // No float noise: every number has at most 12 significant digits.
  for (const c of lines.slice(1).flatMap((l) => l.split(","))) {
    if (c !== "" && !Number.isNaN(Number(c))) assert.ok(c.replace(".", "").length <= 13, c);
  }
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
  assert.equal(cliError(r).input, "--csv");
  await assertGolden("cli.csv.refused", { error: cliError(r).line });
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
