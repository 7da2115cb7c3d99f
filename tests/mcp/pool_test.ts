/**
 * Issue 31 § 3: the MCP server's tool pool is bounded. With `--workers 2 --queue 2`, six
 * calls at once: two run, two wait, two are answered at once "busy, retry later" (nothing
 * run); `ping` answers meanwhile. import_scan runs in a worker too: a ping sent after a large
 * import is answered before the import ends. Loopback stdio only, bounded in count and time.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { confinedFlags } from "../../host/confine.ts";
import { parseMcpArgs } from "../../mcp.ts";
import { gridPlan } from "../_big_plan.ts";
import { FIXTURE_TOOLS, freshHome, MCP_TS, start } from "./_connect.ts";

const text = (r: unknown) =>
  ((r as { content: { type: string; text?: string }[] }).content.find((c) => c.type === "text")
    ?.text) ?? "";

Deno.test("mcp pool: --workers 2 --queue 2 runs two, queues two and refuses the rest as busy", async () => {
  const home = freshHome();
  const s = await start("legacy", home, {
    extra: [`--tools=${FIXTURE_TOOLS}`, "--workers=2", "--queue=2"],
  });
  try {
    const calls = Array.from({ length: 6 }, () =>
      s.client.callTool(
        { name: "busy_loop", arguments: { scan: "demo", seconds: 0.6 } },
        { timeout: 60_000 },
      ));
    const t0 = performance.now();
    await s.client.ping();
    const ping_ms = performance.now() - t0;
    const out = await Promise.all(calls);
    const busy = out.filter((r) => /busy: 2 runs are going and 2 are waiting/.test(text(r)));
    const ran = out.filter((r) => /Spun for 0\.6 s/.test(text(r)));
    assert.equal(busy.length, 2, out.map(text).join("\n"));
    assert.equal(ran.length, 4, out.map(text).join("\n"));
    for (const b of busy) {
      assert.equal((b as { isError?: boolean }).isError, true);
      assert.match(text(b), /nothing was run\. Retry in a little while/);
    }
    console.log(`ping while the pool was full: ${ping_ms.toFixed(1)} ms`);
  } finally {
    await s.close();
  }
});

Deno.test("mcp pool: --workers and --queue are checked in words", () => {
  assert.deepEqual(parseMcpArgs(["--workers=3", "--queue", "0"]), {
    roots: [],
    workers: 3,
    queue: 0,
  });
  assert.throws(() => parseMcpArgs(["--workers=0"]), /--workers must be a whole number from 1/);
  assert.throws(() => parseMcpArgs(["--queue=-1"]), /--queue must be a whole number from 0/);
  assert.throws(() => parseMcpArgs(["--workers=two"]), /got two/);
});

Deno.test("mcp pool: import_scan runs in a worker: a ping sent after a large import is answered first", async () => {
  const home = freshHome();
  const root = Deno.makeTempDirSync({ prefix: "threshold-mcp-root-" });
  const side = 70; // 4,900 rooms
  Deno.writeTextFileSync(
    join(root, "big.json"),
    JSON.stringify({ ...gridPlan(side).plan, id: "big" }),
  );
  const s = await start("legacy", home, {
    args: ["run", ...confinedFlags(home, [root]), MCP_TS, `--home=${home}`, `--root=${root}`],
  });
  try {
    let importDone = 0, pingDone = 0;
    const imp = s.client.callTool(
      { name: "import_scan", arguments: { path: "big.json" } },
      { timeout: 120_000 },
    ).then((r) => (importDone = performance.now(), r));
    await new Promise((r) => setTimeout(r, 50));
    await s.client.ping();
    pingDone = performance.now();
    const r = await imp;
    assert.match(
      text(r),
      new RegExp(
        `Imported .* as scan big \\(plan-json\\): 1 floor\\(s\\), ${side * side} room\\(s\\)`,
      ),
    );
    assert.ok(
      pingDone < importDone,
      `ping answered ${(importDone - pingDone).toFixed(0)} ms before the import`,
    );
  } finally {
    await s.close();
    Deno.removeSync(root, { recursive: true });
  }
});
