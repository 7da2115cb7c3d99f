/**
 * MCP offers the BCF export as a resource: `threshold://scans/<sid>/findings.bcfzip` is listed,
 * reads as a BCF 3.0 blob with one topic per stored finding (the confined server, as hosts
 * start it), and an unknown scan is refused.
 */
import assert from "node:assert/strict";
import { cli } from "../_cli.ts";
import { readBcf } from "../../layers/bcf/read.ts";
import { freshHome, start } from "./_connect.ts";

Deno.test("mcp: the findings of a scan as a BCF resource", async () => {
  const home = freshHome();
  assert.equal((await cli(home, ["personas", "use", "manual-wheelchair-user"])).code, 0);
  for (const tool of ["ceiling_height", "door_clearance"]) {
    assert.equal((await cli(home, ["run", tool, "--scan", "demo"])).code, 0);
  }
  const findings = JSON.parse(
    (await cli(home, ["findings", "--scan", "demo", "--all", "--json"])).stdout,
  ) as { id: string }[];
  assert.ok(findings.length >= 2, `${findings.length} findings`);
  const s = await start("modern", home);
  try {
    const { resources } = await s.client.listResources();
    const uri = "threshold://scans/demo/findings.bcfzip";
    assert.ok(resources.some((r) => r.uri === uri), "listed");
    const read = await s.client.readResource({ uri });
    const c = read.contents[0] as { mimeType?: string; blob?: string };
    assert.equal(c.mimeType, "application/zip");
    const bytes = Uint8Array.from(atob(c.blob!), (ch) => ch.charCodeAt(0));
    const bcf = readBcf(bytes, "resource");
    assert.equal(bcf.version, "3.0");
    assert.deepEqual(
      bcf.topics.map((t) => t.reference_links[0]).sort(),
      findings.map((f) => `threshold:finding:demo:${f.id}`).sort(),
    );
    await assert.rejects(
      s.client.readResource({ uri: "threshold://scans/nowhere/findings.bcfzip" }),
    );
  } finally {
    await s.close();
  }
});
