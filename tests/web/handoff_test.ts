/**
 * The web scan page offers the findings as BCF and the report as HTML and PDF; the downloads
 * are what the command line writes (topics = findings; the report's verdicts), and an
 * unknown scan is a 404 in words.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { cli, tempHome } from "../_cli.ts";
import { testWeb } from "./_server.ts";
import { assertGolden } from "../_golden.ts";
import { alertOf, dom, textOf } from "../_html.ts";
import { readBcf } from "../../layers/bcf/read.ts";

Deno.test("web: the scan page's BCF, HTML and PDF downloads", async () => {
  const home = tempHome();
  const pics = Deno.makeTempDirSync();
  assert.equal((await cli(home, ["personas", "use", "manual-wheelchair-user"])).code, 0);
  const demo = await cli(home, ["demo", "--out", join(pics, "p")]);
  assert.equal(demo.code, 0, demo.stderr);
  const findings = JSON.parse(
    (await cli(home, ["findings", "--scan", "demo", "--all", "--json"])).stdout,
  ) as unknown[];
  const web = await testWeb({ home });
  try {
    const page = await (await web.get("/scans/demo")).text();
    const doc = dom(page);
    assert.equal(doc.querySelector("#h-handon")?.tagName.toLowerCase(), "h2");
    for (const href of ["findings.bcfzip", "report.html", "report.pdf"]) {
      assert.ok(page.includes(`href="/scans/demo/${href}"`), `the page links ${href}`);
    }
    const bcf = await web.get("/scans/demo/findings.bcfzip");
    assert.equal(bcf.status, 200);
    const disposition = bcf.headers.get("content-disposition") ?? "";
    assert.ok(disposition.includes('filename="demo-findings.bcfzip"'), disposition);
    const file = readBcf(new Uint8Array(await bcf.arrayBuffer()), "download");
    assert.equal(file.version, "3.0");
    assert.equal(file.topics.length, findings.length);

    const html = await web.get("/scans/demo/report.html");
    assert.equal(html.status, 200);
    const report = dom(await html.text());
    assert.equal(report.querySelectorAll("h1").length, 1);
    assert.equal(report.querySelector("#h-verdicts")?.tagName.toLowerCase(), "h2");

    const pdf = await web.get("/scans/demo/report.pdf");
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    assert.equal(new TextDecoder().decode(bytes.subarray(0, 5)), "%PDF-");

    const missing = await web.get("/scans/nope/findings.bcfzip");
    assert.equal(missing.status, 404);
    await assertGolden("web.handoff.words", {
      section: textOf(doc, "#h-handon"),
      report_h1: textOf(report, "h1"),
      verdicts: textOf(report, "#h-verdicts"),
      missing: alertOf(await missing.text()),
    });
  } finally {
    await web.close();
    Deno.removeSync(pics, { recursive: true });
  }
});
