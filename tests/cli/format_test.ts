/**
 * `--format plain|markdown` and `--units` on the real command at COLUMNS=80: plain has no box
 * characters and keeps every line within 80 columns, one line per check built from the
 * result's own numbers; markdown gives pipe tables; the preferences set them once; `--json`
 * stays as it is (SI).
 */
import { cli, cliError, tempHome } from "../_cli.ts";
import { assert, assertEquals } from "../_assert.ts";
import { assertGolden } from "../_golden.ts";
import { fmtNumber as fmtNum } from "../../ground/text.ts";
import { feetInches, squareFeet } from "../../ground/units.ts";

const W80 = { COLUMNS: "80" };
const BOX = /[│┌┐└┘├┤┬┴┼─]/;
const DOOR = ["run", "door_clearance", "--scan", "demo", "--persona", "manual-wheelchair-user"];
const width = (l: string) => [...l].length;

interface Check {
  label: string;
  status: string;
  measured?: number;
  limit?: number;
  unit?: string;
}

async function doorJson(home: string): Promise<Check[]> {
  const r = await cli(home, [...DOOR, "--json"], W80);
  assertEquals(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).result.checks;
}

Deno.test("format: demo at COLUMNS=80 in all three formats (boxes, plain lines, markdown tables)", async () => {
  const home = tempHome();
  const outDir = Deno.makeTempDirSync();
  const run = async (format: string) => {
    const r = await cli(home, ["demo", "--out", outDir, "--format", format], W80);
    assertEquals(r.code, 0, r.stderr);
    return r.stdout;
  };
  const table = await run("table");
  assert(table.includes("┌"), "the default draws boxes");
  const plain = await run("plain");
  const lines = plain.split("\n");
  assertEquals(lines.filter((l) => BOX.test(l)), [], "plain has no box characters");
  assertEquals(lines.filter((l) => width(l) > 80), [], "every plain line fits 80 columns");
  assert(lines.includes("Checks:") && lines.includes("Metrics:"), "headings name the lists");
  assert(lines.some((l) => l.startsWith("  - ")), "lists of items");
  const md = await run("markdown");
  const mdLines = md.split("\n");
  // A pipe table: a header row, then its --- row.
  const headers = mdLines.filter((l, i) =>
    l.startsWith("| ") && mdLines[i + 1]?.startsWith("| --- |")
  );
  assert(headers.length > 3, `${headers.length} markdown tables`);
  assert(mdLines.some((l) => l.startsWith("### ")), "markdown headings");
  // The words: the headings of each list and the tables' header rows, once each.
  // (the generic ones: a list's heading, a section's, the metric and check tables' header rows)
  const generic = (l: string) => ["Metric", "Check"].includes(l.split(" | ")[0].slice(2));
  await assertGolden("cli.format.demo_headings", {
    plain: [...new Set(lines.filter((l) => l.endsWith(":") && !l.includes(" ")))],
    markdown: [...new Set(mdLines.filter((l) => l.startsWith("### ")))],
    tables: [...new Set(headers.filter(generic))],
  });
  // Every row of a markdown table has as many cells as its header (pipes in cells escaped).
  const cells = (l: string) => l.replaceAll("\\|", "").split("|").length;
  let head = 0;
  for (const l of md.split("\n")) {
    if (!l.startsWith("|")) {
      head = 0;
      continue;
    }
    if (!head) head = cells(l);
    else assertEquals(cells(l), head, l);
  }
  assertEquals(mdLines.filter((l) => l !== "---" && BOX.test(l)), [], "markdown has no boxes");
});

Deno.test("format: plain gives one line per check from the result's numbers; markdown a row", async () => {
  const home = tempHome();
  const checks = await doorJson(home);
  const plain = (await cli(home, [...DOOR, "--format", "plain"], W80)).stdout;
  const flat = plain.replaceAll("\n    ", " ").split("\n");
  const md = (await cli(home, [...DOOR, "--format", "markdown"], W80)).stdout;
  const rows = md.split("\n").filter((l) => l.startsWith("| ")).map((l) =>
    l.split(" | ").map((c) => c.replaceAll("|", "").trim())
  );
  for (const c of checks) {
    // Plain: "  - <label>: <status>, measured <n> <unit>, limit <n> <unit>[; note]".
    const line = flat.find((l) => l.startsWith(`  - ${c.label}: `));
    assert(line, c.label);
    const parts = line.slice(`  - ${c.label}: `.length).split(", ");
    assertEquals(parts[0], c.status, line);
    assertEquals(parts[1].split(" ").slice(1), [fmtNum(c.measured!), c.unit], line);
    assertEquals(parts[2].split(";")[0].split(" ").slice(1), [fmtNum(c.limit!), c.unit], line);
    // Markdown: a row of label, status, measured and limit with the unit.
    const row = rows.find((r) => r[0] === c.label);
    assertEquals(
      row?.slice(1, 4),
      [c.status, fmtNum(c.measured!), fmtNum(c.limit!)].map(
        (v, i) => i === 0 ? v : [v, "m"].join(" "),
      ),
      c.label,
    );
  }
});

Deno.test("format: display.format is saved once; --format overrides; a bad one is named; --json unchanged", async () => {
  const home = tempHome();
  const before = await doorJson(home);
  assertEquals((await cli(home, ["prefs", "set", "display.format", "plain"])).code, 0);
  const plain = await cli(home, DOOR, W80);
  assert(plain.stdout.includes("Checks:") && !BOX.test(plain.stdout), "the preference is used");
  assert((await cli(home, [...DOOR, "--format", "table"], W80)).stdout.includes("┌"));
  const bad = await cli(home, [...DOOR, "--format", "html"], W80);
  assertEquals(bad.code, 2);
  assertEquals(cliError(bad).input, "--format");
  await assertGolden("cli.format.bad", { error: cliError(bad).line });
  assertEquals(await doorJson(home), before, "--json is the same whatever the format");
  const badPref = await cli(home, ["prefs", "set", "display.format", '"boxes"']);
  assertEquals(badPref.code, 2);
});

Deno.test("units: the demo in metric, imperial and both; --json stays SI", async () => {
  const home = tempHome();
  const checks = await doorJson(home);
  const c = checks.find((x) => x.status === "fail")!;
  for (const format of ["table", "plain", "markdown"]) {
    const run = (units: string) => cli(home, [...DOOR, "--format", format, "--units", units], W80);
    const metric = (await run("metric")).stdout;
    const imperial = (await run("imperial")).stdout;
    const both = (await run("both")).stdout;
    const us = feetInches(c.measured!);
    assert(!metric.includes("″"), `${format}: metric has no inches`);
    assert(imperial.includes(us), `${format}: imperial shows ${us}`);
    // The checks' own figures are converted (and the tools' sentences: units_sentences_test.ts).
    if (format === "plain") assert(!imperial.includes(`measured ${fmtNum(c.measured!)} m`));
    if (format === "markdown") assert(!imperial.includes(`| ${fmtNum(c.measured!)} m |`));
    // Number and unit joined by a no-break space in the both form (never parted by a wrap).
    assert(both.includes(`${us} (${fmtNum(c.measured!)}\u00a0m)`), `${format}: both shows both`);
    if (format === "plain") {
      assertEquals(imperial.split("\n").filter((l) => width(l) > 80), []);
    }
  }
  assertEquals((await cli(home, ["prefs", "set", "display.units", "imperial"])).code, 0);
  assert((await cli(home, DOOR, W80)).stdout.includes(feetInches(c.measured!)));
  assertEquals(await doorJson(home), checks, "--json keeps SI under display.units imperial");
});

Deno.test("units: a tool's table converts its _m and _m2 columns (takeoff on the demo)", async () => {
  const home = tempHome();
  const args = ["run", "takeoff", "--scan", "demo"];
  const j = JSON.parse((await cli(home, [...args, "--json"], W80)).stdout).result.data.table;
  const row = j.rows.find((r: unknown[]) => r[j.columns.indexOf("scope")] === "room");
  const h = row[j.columns.indexOf("height_m")] as number;
  const a = row[j.columns.indexOf("floor_area_m2")] as number;
  const plain = (await cli(home, [...args, "--format", "plain", "--units", "both"], W80)).stdout;
  // Headings are words (render/table.ts columnHeading), without the unit the cells now carry.
  assert(plain.includes(`  Height: ${feetInches(h)} (${fmtNum(h)}\u00a0m)`), plain);
  assert(plain.includes(`  Floor area: ${squareFeet(a)}\u00a0ft² (${fmtNum(a)}\u00a0m²)`));
  const md = (await cli(home, [...args, "--format", "markdown"], W80)).stdout;
  assert(
    md.includes("| Height (m) |") && md.includes("| Floor area (m²) |"),
    "metric says SI units",
  );
  assert(!md.includes("floor_area_m2"), "no raw key as a heading");
});
