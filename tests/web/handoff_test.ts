/**
 * The web scan page offers the findings as BCF and the report as HTML and PDF; the downloads
 * are what the command line writes (topics = findings; the report's verdicts), and an
 * unknown scan is a 404 in words.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { cli, tempHome } from "../_cli.ts";
import { testWeb } from "./_server.ts";
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
    assert.match(page, /<h2 id="h-handon">Hand it on<\/h2>/);
    for (const href of ["findings.bcfzip", "report.html", "report.pdf"]) {
      assert.ok(page.includes(`href="/scans/demo/${href}"`), `the page links ${href}`);
    }
    const bcf = await web.get("/scans/demo/findings.bcfzip");
    assert.equal(bcf.status, 200);
    assert.match(bcf.headers.get("content-disposition") ?? "", /demo-findings\.bcfzip/);
    const file = readBcf(new Uint8Array(await bcf.arrayBuffer()), "download");
    assert.equal(file.version, "3.0");
    assert.equal(file.topics.length, findings.length);

    const html = await web.get("/scans/demo/report.html");
    assert.equal(html.status, 200);
    const text = await html.text();
    assert.match(text, /<h1>threshold report: /);
    assert.match(text, /<h2 id="h-verdicts">Verdicts<\/h2>/);

    const pdf = await web.get("/scans/demo/report.pdf");
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    assert.equal(new TextDecoder().decode(bytes.subarray(0, 5)), "%PDF-");

    const missing = await web.get("/scans/nope/findings.bcfzip");
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /no scan &quot;nope&quot;|no scan "nope"/);
  } finally {
    await web.close();
    Deno.removeSync(pics, { recursive: true });
  }
});
