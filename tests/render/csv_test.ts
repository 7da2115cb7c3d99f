/**
 * Issue 31 § 6: CSV cells a spreadsheet would run as formulas are prefixed with `'` and
 * quoted (OWASP "CSV Injection"): `=`, `+`, `-`, `@`, tab and carriage return; numbers,
 * negative ones too, are written as they are.
 */
import assert from "node:assert/strict";
import { toCsv } from "../../render/table.ts";

Deno.test("csv: formula-looking text cells are prefixed and quoted; numbers and plain text are not", () => {
  const csv = toCsv({
    columns: ["room", "area_m2"],
    rows: [
      ['=HYPERLINK("http://evil.example","x")', 12.5],
      ["+1+2", -0.5],
      ["-2+3", 0],
      ["@SUM(A1)", 1],
      ["\tTab", 2],
      ["\rCR", 3],
      ["Living room", -3],
      ["a=b", null],
    ],
  });
  assert.equal(
    csv,
    [
      "room,area_m2",
      `"'=HYPERLINK(""http://evil.example"",""x"")",12.5`,
      `"'+1+2",-0.5`,
      `"'-2+3",0`,
      `"'@SUM(A1)",1`,
      `"'\tTab",2`,
      `"'\rCR",3`,
      "Living room,-3",
      "a=b,",
    ].join("\n") + "\n",
  );
});
